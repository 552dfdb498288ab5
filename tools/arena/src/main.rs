//! `arena`: plays matches between USI engines in every Tetsugaku variant, with the tetsugaku
//! library as referee (legality, results, dice), re-validates recorded games, and tunes
//! evaluation weights to their results; matches split into shards run anywhere and merge.

mod adjudication;
mod cli;
mod dice;
mod engine;
mod game;
mod label;
mod label_file;
mod limit;
mod match_header;
mod merge;
mod opening;
mod record;
mod referee;
mod replay;
mod report;
mod slice;
mod spec;
mod standings;
mod stats;
mod tournament;
mod tune;

use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = match cli::Cli::read(std::env::args_os()) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let result = match cli.command {
        cli::Command::Match(args) => args.settings().and_then(|settings| {
            let summary = tournament::run(&settings)?;
            print!("{summary}");
            Ok(true)
        }),
        cli::Command::Replay { file } => std::fs::read_to_string(&file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))
            .and_then(|text| replay::check_all(&text))
            .map(|(lines, all_good)| {
                for line in lines {
                    println!("{line}");
                }
                all_good
            }),
        cli::Command::Tune(args) => tune::run(&args),
        cli::Command::Merge(args) => merge::run(&args).map(|summary| {
            print!("{summary}");
            true
        }),
        cli::Command::Report(args) => report::run(&args).map(|done| {
            eprintln!("{done}");
            true
        }),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
