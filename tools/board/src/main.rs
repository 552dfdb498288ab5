//! `board`: a local web GUI for every variant of the engine. One engine process per open page
//! plays and judges its game; the page knows no rules (tools/board/README.md).

mod controller;
mod engine_process;
mod game;
mod messages;
mod places;
mod record;
mod search_info;
mod server;
mod session;
mod state;
mod usi_option;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// A local web GUI that plays and analyses every variant of the tetsugaku engine.
#[derive(Parser, Debug)]
#[command(name = "board", version)]
struct Cli {
    /// The port to listen on (default: a free one).
    #[arg(long)]
    port: Option<u16>,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    listen: IpAddr,
    /// The engine program (default: `tetsugaku` next to this program; under `cargo run`, built
    /// first).
    #[arg(long)]
    engine: Option<PathBuf>,
    /// How many games (pages, each with its own engine process) may be open at once.
    #[arg(long, default_value_t = 8)]
    max_games: usize,
    /// A game whose page sends nothing for this many minutes is closed (fractions allowed).
    #[arg(long, default_value_t = 30.0)]
    idle_minutes: f64,
    /// Seconds the engine may take to answer isready and the board's queries.
    #[arg(long, default_value_t = 10.0)]
    answer_seconds: f64,
    /// Seconds an engine move may take beyond its move time.
    #[arg(long, default_value_t = 5.0)]
    grace_seconds: f64,
}

/// A duration from a number of seconds given on the command line.
fn seconds(value: f64, what: &str) -> Result<Duration, String> {
    Duration::try_from_secs_f64(value).map_err(|_| format!("{what} must be a non-negative number, not {value}"))
}

/// The engine when `--engine` is not given: `tetsugaku` beside this program. Started by
/// `cargo run` (which sets `CARGO` and `CARGO_MANIFEST_DIR`), the board first has cargo build
/// that engine in its own build profile, so that `cargo run --release --bin board` works on a
/// fresh clone and never starts an engine older than the sources.
fn default_engine() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let engine = exe.with_file_name(format!("tetsugaku{}", std::env::consts::EXE_SUFFIX));
    let (Ok(cargo), Ok(manifest_dir)) = (std::env::var("CARGO"), std::env::var("CARGO_MANIFEST_DIR")) else {
        return Ok(engine);
    };
    let profile = match exe.parent().and_then(|dir| dir.file_name()).and_then(|name| name.to_str()) {
        Some("debug") | None => "dev".to_string(),
        Some(name) => name.to_string(),
    };
    eprintln!("board: cargo build --profile {profile} --bin tetsugaku");
    let status = std::process::Command::new(cargo)
        .args(["build", "--quiet", "--profile", &profile, "-p", "tetsugaku", "--bin", "tetsugaku", "--manifest-path"])
        .arg(PathBuf::from(manifest_dir).join("Cargo.toml"))
        .status()
        .map_err(|e| format!("cannot run cargo to build the engine: {e}"))?;
    if !status.success() {
        return Err(format!("cargo could not build the engine ({status})"));
    }
    Ok(engine)
}

async fn run(cli: Cli) -> Result<(), String> {
    let engine = match cli.engine {
        Some(path) => path,
        None => default_engine()?,
    };
    if !engine.is_file() {
        return Err(format!(
            "no engine at {} (build it with cargo build --release, or give --engine)",
            engine.display()
        ));
    }
    if cli.max_games == 0 {
        return Err("--max-games must be at least 1".into());
    }
    let config = controller::Config {
        engine,
        answer: seconds(cli.answer_seconds, "--answer-seconds")?,
        grace: seconds(cli.grace_seconds, "--grace-seconds")?,
    };
    let idle = seconds(cli.idle_minutes * 60.0, "--idle-minutes")?;
    let address = SocketAddr::new(cli.listen, cli.port.unwrap_or(0));
    let listener =
        tokio::net::TcpListener::bind(address).await.map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener.local_addr().map_err(|e| e.to_string())?;
    println!("Tetsugaku board: http://{bound}/");
    log::info!("engine {}", config.engine.display());
    server::serve(listener, config, cli.max_games, idle).await.map_err(|e| e.to_string())
}

#[tokio::main]
async fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    match run(Cli::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("board: {message}");
            ExitCode::from(2)
        }
    }
}
