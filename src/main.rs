//! The `tetsugaku` binary: with no sub-command it speaks the protocol of `protocol-spec.md` on
//! stdin/stdout; sub-commands serve developers and pipelines.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use tetsugaku::{AnyGame, RuleOptions, Variant};

#[derive(Parser)]
#[command(name = "tetsugaku", version, about = "A USI engine for the Hasami Shogi family and other games")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree, split by root move.
    Perft {
        /// The variant (see `usi` for the list).
        #[arg(long, default_value = "hasami")]
        variant: String,
        /// The depth in plies (whole turns).
        #[arg(long, default_value_t = 4)]
        depth: u32,
        /// A position string instead of the start position.
        #[arg(long)]
        position: Option<String>,
        /// Moves to play first.
        #[arg(long, num_args = 0..)]
        moves: Vec<String>,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let result = match cli.command {
        None => Ok(()),
        Some(Command::Perft { variant, depth, position, moves }) => perft(&variant, depth, position.as_deref(), &moves),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn perft(variant: &str, depth: u32, position: Option<&str>, moves: &[String]) -> Result<(), String> {
    let variant = Variant::named(variant).ok_or_else(|| format!("unknown variant {variant}"))?;
    let mut game = AnyGame::new(variant, &RuleOptions::default(), position).map_err(|e| e.to_string())?;
    for token in moves {
        game.play_token(token).map_err(|e| e.to_string())?;
    }
    let start = Instant::now();
    let divide = if depth == 0 { Vec::new() } else { game.perft_divide(depth) };
    let elapsed = start.elapsed();
    for (token, count) in &divide {
        println!("{token}: {count}");
    }
    let total: u64 = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
    println!("Nodes searched: {total}");
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    eprintln!("time {} ms, {nps} leaves/s", elapsed.as_millis());
    Ok(())
}
