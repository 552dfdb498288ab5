use super::options::{self, Options, Value};
use super::{BenchReport, EngineError};
use crate::catalogue::{AnyGame, Variant};
use crate::game::{MateAnswer, MateBudget, RuleValues, Turn};
use crate::search::{self, Config, Control, Event, Limits, TranspositionTable};
use crate::with_game;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Where a running search sends its events (from its own thread).
pub type EventSink = Arc<dyn Fn(Event) + Send + Sync>;

/// A search running on its own thread.
struct Running {
    control: Arc<Control>,
    handle: JoinHandle<()>,
}

/// One engine session: the selected variant, the current position with its history, the
/// options and the transposition table. Every request either succeeds or leaves the session
/// exactly as it was; state-changing requests are refused while a search runs.
pub struct Session {
    variant: &'static Variant,
    options: Options,
    game: AnyGame,
    tt: Arc<TranspositionTable>,
    running: Option<Running>,
}

impl Default for Session {
    fn default() -> Session {
        Session::new()
    }
}

impl Session {
    /// A session on the default variant's start position with default options.
    pub fn new() -> Session {
        let options = Options::default();
        let variant = Variant::default_variant();
        Session {
            variant,
            game: start_position(variant, &options.rules),
            tt: Arc::new(TranspositionTable::new(options.hash_mib).unwrap_or_else(|| {
                // 64 MiB is always expected to be available; fall back to the smallest table.
                TranspositionTable::new(1).unwrap_or_else(|| std::process::abort())
            })),
            options,
            running: None,
        }
    }

    pub fn variant(&self) -> &'static Variant {
        self.variant
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current position.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Whether a search is running. A search that has reported its best move is over: its
    /// thread is joined here (it is exiting).
    pub fn is_searching(&mut self) -> bool {
        if self.running.as_ref().is_some_and(|r| r.control.finished() || r.handle.is_finished()) {
            self.join();
        }
        self.running.is_some()
    }

    /// Refuses (with "search in progress") while a search runs: every request that changes or
    /// needs the whole engine goes through here.
    pub fn ensure_idle(&mut self) -> Result<(), EngineError> {
        if self.is_searching() {
            Err(EngineError::busy())
        } else {
            Ok(())
        }
    }

    /// Selects a variant and sets its start position (history cleared, table cleared).
    pub fn set_variant(&mut self, name: &str) -> Result<(), EngineError> {
        self.ensure_idle()?;
        let variant = Variant::named(name).ok_or_else(|| EngineError::new(format!("unknown variant '{name}'")))?;
        self.game = AnyGame::new(variant, &self.options.rules, None)?;
        self.variant = variant;
        self.tt.clear();
        Ok(())
    }

    /// Sets an option after checking its name and value.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), EngineError> {
        self.ensure_idle()?;
        let (name, value) = options::validate(name, value)?;
        match (name, value) {
            ("USI_Hash", Value::Number(n)) => {
                let mib = n as usize;
                if mib != self.options.hash_mib {
                    // Free the old table first so both never need to fit at once.
                    self.tt = Arc::new(TranspositionTable::new(1).ok_or_else(|| EngineError::new("out of memory"))?);
                    match TranspositionTable::new(mib) {
                        Some(tt) => {
                            self.tt = Arc::new(tt);
                            self.options.hash_mib = mib;
                        }
                        None => {
                            let old = TranspositionTable::new(self.options.hash_mib);
                            self.tt = Arc::new(old.ok_or_else(|| EngineError::new("out of memory"))?);
                            return Err(EngineError::new(format!("cannot allocate {mib} MiB for USI_Hash")));
                        }
                    }
                }
            }
            ("USI_Ponder", Value::Flag(on)) => self.options.ponder = on,
            ("Threads", Value::Number(n)) => self.options.threads = n as usize,
            ("MultiPV", Value::Number(n)) => self.options.multipv = n as usize,
            ("MoveOverhead", Value::Number(n)) => self.options.move_overhead = n as u64,
            ("Skill Level", Value::Number(n)) => self.options.skill_level = n,
            ("USI_LimitStrength", Value::Flag(on)) => self.options.limit_strength = on,
            ("USI_Elo", Value::Number(n)) => self.options.elo = n,
            ("MateFirstProof", Value::Flag(on)) => self.options.mate_first_proof = on,
            ("USI_Variant", Value::Choice(v)) => self.set_variant(v)?,
            (_, Value::Rule(option, value)) => self.options.rules.set(option, value),
            _ => return Err(EngineError::new(format!("option {name} cannot take that value"))),
        }
        Ok(())
    }

    /// `usinewgame`: forgets everything learnt in the previous game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.ensure_idle()?;
        self.tt.clear();
        Ok(())
    }

    /// Sets the position: the variant's start position (`None`) or a position string, then
    /// plays `moves`. Nothing changes unless every part is valid.
    pub fn set_position(&mut self, start: Option<&str>, moves: &[&str]) -> Result<(), EngineError> {
        self.ensure_idle()?;
        let mut game = AnyGame::new(self.variant, &self.options.rules, start)?;
        game.play_items(moves).map_err(|(item, e)| EngineError::in_move_list(item, e))?;
        self.game = game;
        Ok(())
    }

    /// Starts searching the current position on a new thread; events go to `sink`, the last
    /// one being `BestMove`. Refused at a chance node (the roll is not known, §14.4).
    pub fn go(&mut self, limits: Limits, sink: EventSink) -> Result<(), EngineError> {
        self.ensure_idle()?;
        with_game!(&self.game, g => search::root_moves(g, &limits).map(drop))?;
        let control = Arc::new(Control::new(limits.ponder));
        let config = Config {
            threads: self.options.threads,
            multipv: self.options.multipv,
            move_overhead: self.options.move_overhead,
            skill: self.options.skill(),
            ..Config::default()
        };
        let (game, tt, thread_control) = (self.game.clone(), Arc::clone(&self.tt), Arc::clone(&control));
        self.start("search", control, move || {
            let report = |event: Event| sink(event);
            let outcome = with_game!(&game, g => search::search(g, &limits, &config, &tt, &thread_control, &report));
            if let Err(e) = outcome {
                log::error!("search failed: {e}");
                thread_control.finish();
                sink(Event::BestMove { best: None, ponder: None });
            }
        })
    }

    /// Starts a checkmate search of the current position (`go mate`) on a new thread, for at
    /// most `time_ms` milliseconds and about `nodes` nodes (`None`: until it knows or `stop`).
    /// Progress events, then one `Checkmate` event; `stop` or a spent limit makes it answer
    /// `Timeout`. A game without a checkmate search answers `NotImplemented` at once and starts
    /// nothing.
    pub fn go_mate(&mut self, time_ms: Option<u64>, nodes: Option<u64>, sink: EventSink) -> Result<(), EngineError> {
        self.ensure_idle()?;
        if !self.game.has_mate_search() {
            sink(Event::Checkmate(MateAnswer::NotImplemented));
            return Ok(());
        }
        let control = Arc::new(Control::new(false));
        let (game, thread_control, hash_mib) = (self.game.clone(), Arc::clone(&control), self.options.hash_mib);
        let shortest = !self.options.mate_first_proof;
        self.start("mate", control, move || {
            let control = &thread_control;
            let stop = |searched: u64| {
                control.halted()
                    || time_ms.is_some_and(|limit| control.elapsed_ms() >= limit)
                    || nodes.is_some_and(|limit| searched >= limit)
            };
            let nps = |nodes: u64, time_ms: u64| nodes * 1000 / time_ms.max(1);
            let progress = |nodes: u64, hashfull: u32| {
                let time_ms = control.elapsed_ms();
                sink(Event::MateProgress { nodes, nps: nps(nodes, time_ms), hashfull, time_ms });
            };
            let proof = |nodes: u64, line: &[String]| {
                let time_ms = control.elapsed_ms();
                sink(Event::MateProof { nodes, nps: nps(nodes, time_ms), time_ms, line: line.to_vec() });
            };
            let budget = MateBudget { stop: &stop, progress: &progress, proof: &proof, shortest, hash_mib };
            let answer = game.search_mate(&budget);
            // A controller may send the next command as soon as it reads the answer.
            control.finish();
            sink(Event::Checkmate(answer));
        })
    }

    /// Runs `body` on a new thread as the session's running search, stopped through `control`.
    fn start(
        &mut self,
        name: &str,
        control: Arc<Control>,
        body: impl FnOnce() + Send + 'static,
    ) -> Result<(), EngineError> {
        let handle = std::thread::Builder::new()
            .name(name.into())
            .stack_size(64 << 20)
            .spawn(body)
            .map_err(|e| EngineError::new(format!("cannot start the {name} thread: {e}")))?;
        self.running = Some(Running { control, handle });
        Ok(())
    }

    /// Stops a running search and waits until it has reported its best move.
    pub fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.control.stop();
        }
        self.join();
    }

    /// The opponent played the move being pondered: the search continues on the clock.
    pub fn ponderhit(&mut self) {
        if let Some(running) = &self.running {
            running.control.ponderhit();
        }
    }

    fn join(&mut self) {
        if let Some(running) = self.running.take() {
            if running.handle.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }

    /// The tokens of every legal move of the current position.
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// Whose turn it is or how the game ended.
    pub fn turn(&self) -> Turn {
        self.game.turn()
    }

    /// `perft` of the current position split by root move (nothing at depth 0).
    pub fn perft(&mut self, depth: u32) -> Result<Vec<(String, u64)>, EngineError> {
        self.ensure_idle()?;
        Ok(if depth == 0 { Vec::new() } else { self.game.perft_divide(depth) })
    }

    /// Runs the bench at `depth` with one thread and a table of the session's size; the
    /// session's own table is cleared, nothing else changes.
    pub fn bench(&mut self, depth: u32, progress: &dyn Fn(usize, &str, u64)) -> Result<BenchReport, EngineError> {
        self.ensure_idle()?;
        self.tt.clear();
        super::run_bench(depth, 1, self.options.hash_mib, progress)
    }
}

fn start_position(variant: &'static Variant, rules: &RuleValues) -> AnyGame {
    match AnyGame::new(variant, rules, None) {
        Ok(game) => game,
        // The default variant is implemented; this cannot happen.
        Err(e) => panic!("default variant has no start position: {e}"),
    }
}
