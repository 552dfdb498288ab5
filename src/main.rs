//! The `tetsugaku` binary: with no sub-command it speaks the protocol of `protocol-spec.md` on
//! stdin/stdout; sub-commands serve developers and pipelines.

use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use tetsugaku::{AnyGame, RuleValues, Variant};

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
        #[arg(long, default_value = "shogi")]
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
    /// Search fixed positions to a fixed depth; print the node count (a behaviour signature)
    /// and the speed.
    Bench {
        #[arg(long, default_value_t = tetsugaku::protocol::BENCH_DEPTH)]
        depth: u32,
        /// Search threads (Lazy SMP).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let cli = Cli::parse();
    let result = match cli.command {
        None => {
            let stdin = std::io::stdin();
            tetsugaku::protocol::run(stdin.lock(), tetsugaku::protocol::Output::new(std::io::stdout()));
            Ok(())
        }
        Some(Command::Bench { depth, threads, hash }) => bench(depth, threads, hash),
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
    let mut game = AnyGame::new(variant, &RuleValues::default(), position).map_err(|e| e.to_string())?;
    let items: Vec<&str> = moves.iter().map(String::as_str).collect();
    game.play_items(&items).map_err(|(item, e)| format!("move {item}: {e}"))?;
    let start = Instant::now();
    let divide = if depth == 0 { Vec::new() } else { game.perft_divide(depth) };
    let elapsed = start.elapsed();
    let total: u64 = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
    for line in tetsugaku::protocol::perft_lines(&divide, depth) {
        println!("{line}");
    }
    let nps = (total as f64 / elapsed.as_secs_f64().max(1e-9)) as u64;
    eprintln!("time {} ms, {nps} leaves/s", elapsed.as_millis());
    Ok(())
}

fn bench(depth: u32, threads: usize, hash: usize) -> Result<(), String> {
    let positions = tetsugaku::engine::bench_positions().len();
    let report = tetsugaku::engine::run_bench(depth, threads.max(1), hash.max(1), &|index, variant, nodes| {
        eprintln!("position {}/{positions} {variant}: {nodes} nodes", index + 1);
    })
    .map_err(|e| e.to_string())?;
    for line in tetsugaku::protocol::bench_lines(&report) {
        println!("{line}");
    }
    Ok(())
}
