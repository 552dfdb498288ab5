//! The engine's searches: an engine move (`go` with limits; its `bestmove` is played) and the
//! infinite analysis; stopping them; following their output lines.

use std::time::Duration;

use tokio::time::Instant;

use super::{tell, Controller};
use crate::engine_process::{is_error, Fault};
use crate::messages::Reply;
use crate::search_info::SearchInfo;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// An engine move, its `bestmove` due by `deadline`; the move is played.
    Move { deadline: Instant },
    /// An infinite analysis of the position on view; stopped before any change.
    Analysis,
}

/// The search the engine is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Search {
    pub purpose: Purpose,
    /// Whether a search line has come: before that, an error line means `go` was refused.
    pub started: bool,
}

/// The longest move time a page may ask for (one hour).
const LONGEST_MOVE_MS: u64 = 3_600_000;

/// How long a depth- or node-limited move, which has no time limit, may take.
const UNTIMED_MOVE: Duration = Duration::from_secs(60);

/// The options that weaken the engine (protocol-spec §8.3): they apply to its moves, never to
/// the analysis, which runs at full strength.
const STRENGTH: [&str; 3] = ["Skill Level", "USI_LimitStrength", "USI_Elo"];

impl Controller {
    /// When an engine move is overdue.
    pub fn deadline(&self) -> Option<Instant> {
        match self.search {
            Some(Search { purpose: Purpose::Move { deadline }, .. }) => Some(deadline),
            _ => None,
        }
    }

    /// The engine move is overdue: a fault.
    pub async fn overdue(&mut self, out: &mut Vec<Reply>) {
        self.settle(Err(Fault::Silent("bestmove".into())), out).await;
    }

    /// Starts the analysis of the position on view, if it is on and there is something to analyse.
    pub(super) async fn analyse(&mut self) -> Result<(), Fault> {
        let Some(view) = &self.view else { return Ok(()) };
        if self.analysis == 0 || self.search.is_some() || view.over() || view.chance() {
            return Ok(());
        }
        self.strength(false).await?;
        self.engine.send(&format!("setoption name MultiPV value {}", self.analysis)).await?;
        self.engine.send("go infinite").await?;
        self.search = Some(Search { purpose: Purpose::Analysis, started: false });
        Ok(())
    }

    /// Sets the strength options the engine declares: for its moves (`level`) the values the
    /// page set, or their defaults; for the analysis full strength (the highest `Skill Level`,
    /// `USI_LimitStrength` false).
    async fn strength(&mut self, level: bool) -> Result<(), Fault> {
        for name in STRENGTH {
            let Some(option) = self.catalogue.option(name) else { continue };
            let chosen = self.options.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
            let value = match (level, name) {
                (true, _) => chosen.unwrap_or_else(|| option.default.clone()),
                (false, "Skill Level") => option.max.map_or_else(|| option.default.clone(), |max| max.to_string()),
                (false, "USI_LimitStrength") => "false".to_string(),
                (false, _) => continue,
            };
            self.engine.send(&format!("setoption name {name} value {value}")).await?;
        }
        Ok(())
    }

    /// Stops any search and waits for its `bestmove`, which is dropped, or for the line that
    /// refused its `go`, which is passed on.
    pub(super) async fn halt(&mut self, out: &mut Vec<Reply>) -> Result<(), Fault> {
        let Some(search) = self.search.take() else { return Ok(()) };
        self.engine.send("stop").await?;
        let deadline = self.engine.answer_deadline();
        let refused = |line: &str| !search.started && is_error(line);
        let lines = self.engine.read_until("stop", deadline, |l| l.starts_with("bestmove") || refused(l)).await?;
        if let Some(line) = lines.into_iter().last().filter(|l| is_error(l)) {
            out.push(Reply::Refused { message: line });
        }
        Ok(())
    }

    /// The engine plays the side to move of the position on view.
    pub(super) async fn go(
        &mut self,
        movetime_ms: Option<u64>,
        depth: Option<u64>,
        nodes: Option<u64>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        if matches!(self.search, Some(Search { purpose: Purpose::Move { .. }, .. })) {
            return tell(out, Reply::error("the engine is already thinking on a move"));
        }
        if movetime_ms.is_some_and(|ms| ms > LONGEST_MOVE_MS) {
            return tell(out, Reply::error(format!("movetime_ms must be at most {LONGEST_MOVE_MS}")));
        }
        match &self.view {
            Some(view) if view.over() => return tell(out, Reply::error("the game is over")),
            Some(view) if view.chance() => return tell(out, Reply::error("the dice are to be rolled first")),
            _ => {}
        }
        let movetime = movetime_ms.or((depth.is_none() && nodes.is_none()).then_some(1000));
        let mut command = String::from("go");
        for (key, value) in [("movetime", movetime), ("depth", depth), ("nodes", nodes)] {
            if let Some(value) = value {
                command += &format!(" {key} {value}");
            }
        }
        let allowance = movetime.map_or(UNTIMED_MOVE, Duration::from_millis) + self.config.grace;
        self.halt(out).await?;
        self.strength(true).await?;
        self.engine.send("setoption name MultiPV value 1").await?;
        self.engine.send(&command).await?;
        let purpose = Purpose::Move { deadline: Instant::now() + allowance };
        self.search = Some(Search { purpose, started: false });
        Ok(())
    }

    /// `stop`: an engine move is played at once; else the analysis is turned off.
    pub(super) async fn stop(&mut self, out: &mut Vec<Reply>) -> Result<(), Fault> {
        match self.search {
            Some(Search { purpose: Purpose::Move { .. }, .. }) => self.engine.send("stop").await,
            _ => {
                self.analysis = 0;
                self.change(out, |_| {}).await
            }
        }
    }

    /// Follows a line of the engine's output: search lines go to the page, an engine move's
    /// `bestmove` is played.
    pub(super) async fn follow(&mut self, line: String, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if let Some(rest) = line.strip_prefix("bestmove") {
            return self.best_move(rest.split_whitespace().next().unwrap_or("resign"), out).await;
        }
        let Some(info) = SearchInfo::parse(&line) else {
            log::warn!("unexpected engine output: {line}");
            return Ok(());
        };
        match (&mut self.search, info.error()) {
            // The engine refused the go command: no search runs.
            (Some(Search { started: false, .. }), Some(_)) => {
                self.search = None;
                out.push(Reply::Refused { message: line });
            }
            (_, Some(_)) => out.push(Reply::Engine { line }),
            _ if info.string.is_some() => out.push(Reply::Engine { line }),
            (Some(search), None) => {
                search.started = true;
                out.push(Reply::Info(info));
            }
            (None, None) => log::debug!("a search line after the search: {line}"),
        }
        Ok(())
    }

    /// The end of an engine move: the move is played.
    async fn best_move(&mut self, token: &str, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if !matches!(self.search, Some(Search { purpose: Purpose::Move { .. }, .. })) {
            log::warn!("a bestmove no move was asked for: {token}");
            return Ok(());
        }
        self.search = None;
        out.push(Reply::Bestmove { token: token.to_string() });
        if token == "resign" {
            out.push(Reply::Engine { line: "bestmove resign".into() });
            return self.analyse().await;
        }
        self.play(token, out).await
    }
}
