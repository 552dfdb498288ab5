//! The text layer: reads protocol lines, drives an [`engine::Session`](crate::engine::Session),
//! writes replies. It owns no game or search state and knows no rule.

pub mod command;
mod reply;

pub use command::{parse, Command};
pub use reply::{bench_lines, display_lines, perft_lines};

use crate::engine::{self, Session};
use crate::search::Event;
use crate::vocabulary::Side;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// The default `bench` depth.
pub const BENCH_DEPTH: u32 = 7;

/// Where protocol lines go: shared by the command loop and the search thread, one whole line
/// per write, flushed at once.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Writes one protocol line.
    pub fn line(&self, text: &str) {
        let mut out = match self.0.lock() {
            Ok(out) => out,
            Err(poisoned) => poisoned.into_inner(),
        };
        if writeln!(out, "{text}").and_then(|_| out.flush()).is_err() {
            log::warn!("cannot write to the controller");
        }
    }

    /// The one error line of a refused command. Control characters echoed from the input are
    /// written as `\xNN`, so the reply stays one printable line whatever the input was.
    pub fn error(&self, what: impl std::fmt::Display) {
        let text: String = what
            .to_string()
            .chars()
            .map(|c| if c.is_ascii_control() && c != '\t' { format!("\\x{:02x}", c as u32) } else { c.to_string() })
            .collect();
        self.line(&format!("info string error: {text}"));
    }
}

/// Runs the protocol loop until `quit` or the end of `input`.
pub fn run(mut input: impl BufRead, output: Output) {
    let mut session = Session::new();
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                log::error!("cannot read input: {e}");
                break;
            }
        }
        let line = match std::str::from_utf8(&buffer) {
            Ok(line) if line.is_ascii() => line,
            _ => {
                output.error("input must be ASCII text");
                continue;
            }
        };
        log::debug!("<< {}", line.trim_end());
        match parse(line) {
            Ok(None) => {}
            Ok(Some(Command::Quit)) => break,
            Ok(Some(command)) => execute(&mut session, command, &output),
            Err(e) => output.error(e),
        }
    }
    session.stop();
}

/// Carries out one command.
fn execute(session: &mut Session, command: Command, out: &Output) {
    let result = match command {
        Command::Usi => {
            out.line(&format!("id name Tetsugaku {}", env!("CARGO_PKG_VERSION")));
            out.line("id author the Tetsugaku developers");
            for spec in engine::option_specs() {
                out.line(&reply::option_line(&spec));
            }
            out.line("usiok");
            Ok(())
        }
        Command::IsReady => {
            out.line("readyok");
            Ok(())
        }
        Command::SetOption { name, value } => session.set_option(&name, value.as_deref()),
        Command::UsiNewGame => session.new_game(),
        Command::Position { start, moves } => {
            let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
            session.set_position(start.as_deref(), &moves)
        }
        Command::Go(limits) => {
            let sink = event_sink(session, out);
            session.go(limits, sink)
        }
        Command::GoPerft(depth) => perft(session, depth, out),
        Command::GoMate { time_ms, nodes } => {
            let sink = event_sink(session, out);
            session.go_mate(time_ms, nodes, sink)
        }
        Command::Stop | Command::GameOver => {
            session.stop();
            Ok(())
        }
        Command::PonderHit => {
            session.ponderhit();
            Ok(())
        }
        Command::Quit => Ok(()),
        Command::Variant(name) => session.set_variant(&name),
        Command::Moves => {
            let moves = session.legal_moves();
            out.line(&if moves.is_empty() { "moves".to_string() } else { format!("moves {}", moves.join(" ")) });
            Ok(())
        }
        Command::Rules => {
            for line in reply::rules_lines() {
                out.line(&line);
            }
            Ok(())
        }
        Command::Places => {
            for line in reply::places_lines(session.game()) {
                out.line(&line);
            }
            Ok(())
        }
        Command::Result => {
            out.line(&reply::result_line(session.turn()));
            Ok(())
        }
        Command::Display => {
            for line in reply::display_lines(session.variant().name, session.game()) {
                out.line(&line);
            }
            Ok(())
        }
        Command::DisplaySvg { flip } => {
            let bottom = if flip { Side::Second } else { Side::First };
            for line in crate::drawing::svg::render_from(&session.game().drawing(), &[], bottom).lines() {
                out.line(line);
            }
            Ok(())
        }
        Command::Bench(depth) => bench(session, depth.unwrap_or(BENCH_DEPTH), out),
    };
    if let Err(e) = result {
        out.error(e);
    }
}

/// Where a search started now writes its events.
fn event_sink(session: &Session, out: &Output) -> engine::EventSink {
    let (sink_out, ponder_allowed) = (out.clone(), session.options().ponder);
    Arc::new(move |event: Event| sink_out.line(&reply::event_line(&event, ponder_allowed)))
}

fn perft(session: &mut Session, depth: u32, out: &Output) -> Result<(), engine::EngineError> {
    for line in perft_lines(&session.perft(depth)?, depth) {
        out.line(&line);
    }
    Ok(())
}

fn bench(session: &mut Session, depth: u32, out: &Output) -> Result<(), engine::EngineError> {
    let positions = engine::bench_positions().len();
    let report = session.bench(depth, &|index, variant, nodes| {
        out.line(&format!("info string bench position {}/{positions} {variant} nodes {nodes}", index + 1));
    })?;
    for line in bench_lines(&report) {
        out.line(&line);
    }
    Ok(())
}
