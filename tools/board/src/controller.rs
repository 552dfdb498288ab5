//! One page's game and its engine: carries out the page's requests, follows the engine's
//! search output, and restarts the engine when it fails, with the game intact.

use std::path::PathBuf;
use std::time::Duration;

use tokio::time::Instant;

use crate::engine_process::{is_error, EngineProcess, Fault};
use crate::game::{Game, Item};
use crate::messages::{Reply, Request};
use crate::record::{self, Loaded, Players, Reading};
use crate::search_info::SearchInfo;
use crate::state::{self, Answers};
use crate::usi_option::Catalogue;

/// What a controller needs to know of the server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engine program, fixed at start-up.
    pub engine: PathBuf,
    /// How long the engine may take to answer `isready` and the queries.
    pub answer: Duration,
    /// How much longer than its move time an engine move may take.
    pub grace: Duration,
}

/// The search the engine is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search {
    /// An engine move: its `bestmove` is played. `scored`: an info line has come.
    Play { deadline: Instant, scored: bool },
    /// An infinite analysis; stopped before any change.
    Analyse,
}

/// How many restarts in a row may fail before the game is given up.
const RESTARTS: usize = 3;

/// The largest MultiPV of an analysis.
const MAX_MULTIPV: u64 = 5;

/// The game of one page and the engine process that judges and plays it.
pub struct Controller {
    config: Config,
    engine: EngineProcess,
    catalogue: Catalogue,
    game: Game,
    /// Engine options the page set, re-sent to a restarted engine.
    options: Vec<(String, String)>,
    search: Option<Search>,
    /// The MultiPV of the analysis; 0 = off.
    analysis: u64,
    flip: bool,
    /// The engine's answers about the position on view.
    view: Option<Answers>,
    /// Set when the engine cannot be restarted: the page's connection should end.
    pub broken: bool,
}

impl Controller {
    /// Starts the engine, reads its `usi` reply and sets up the default variant's start position.
    pub async fn start(config: Config) -> Result<Controller, String> {
        let (engine, catalogue) = launch(&config).await.map_err(|f| f.to_string())?;
        let rules = catalogue.rule_options.iter().map(|name| (name.clone(), default_of(&catalogue, name))).collect();
        let game = Game::new(&catalogue.default_variant, rules, None, &[]);
        let mut controller = Controller {
            config,
            engine,
            catalogue,
            game,
            options: Vec::new(),
            search: None,
            analysis: 0,
            flip: false,
            view: None,
            broken: false,
        };
        let errors = controller.configure(&controller.game.clone()).await.map_err(|f| f.to_string())?;
        if let Some(error) = errors.first() {
            return Err(format!("the engine refused the start position: {error}"));
        }
        Ok(controller)
    }

    /// The engine's process id (for tests and logs).
    pub fn engine_pid(&self) -> Option<u32> {
        self.engine.pid()
    }

    /// The `hello` message: what the engine declares.
    pub fn hello(&self) -> Reply {
        let fixed = |name: &str| name == "USI_Variant" || name == "MultiPV" || self.catalogue.is_rule(name);
        let engine_options =
            self.catalogue.options.iter().filter(|o| !fixed(&o.name)).map(|o| o.name.clone()).collect();
        Reply::Hello { catalogue: self.catalogue.clone(), engine_options }
    }

    /// When an engine move is overdue.
    pub fn deadline(&self) -> Option<Instant> {
        match self.search {
            Some(Search::Play { deadline, .. }) => Some(deadline),
            _ => None,
        }
    }

    /// The next line of the engine (`None`: its output ended). Cancel-safe.
    pub async fn next_line(&mut self) -> Option<String> {
        self.engine.next_line().await
    }

    /// Ends the engine process and reaps it.
    pub async fn shutdown(self) {
        self.engine.shutdown().await;
    }

    /// Sends the state of the position on view (after the connection opened).
    pub async fn greet(&mut self, out: &mut Vec<Reply>) {
        out.push(self.hello());
        let result = self.publish(out).await;
        self.settle(result, out).await;
    }

    /// Carries out one message of the page; malformed ones get an error and change nothing.
    pub async fn handle(&mut self, text: &str, out: &mut Vec<Reply>) {
        match serde_json::from_str::<Request>(text) {
            Err(e) => out.push(Reply::error(format!("bad message: {e}"))),
            Ok(request) => {
                let result = self.request(request, out).await;
                self.settle(result, out).await;
            }
        }
    }

    /// Follows one line of engine output (`None`: the engine's output ended).
    pub async fn engine_line(&mut self, line: Option<String>, out: &mut Vec<Reply>) {
        let result = match line {
            None => Err(Fault::Exited),
            Some(line) => self.follow(line, out).await,
        };
        self.settle(result, out).await;
    }

    /// The engine move is overdue: a fault.
    pub async fn overdue(&mut self, out: &mut Vec<Reply>) {
        self.settle(Err(Fault::Silent("bestmove".into())), out).await;
    }

    async fn request(&mut self, request: Request, out: &mut Vec<Reply>) -> Result<(), Fault> {
        match request {
            Request::New { variant, rules, start, moves } => self.new_game(variant, rules, start, moves, out).await,
            Request::Load { text, game } => self.load(&text, game, out).await,
            Request::Play { token } => self.play(&token, out).await,
            Request::Undo {} if self.game.items.is_empty() => tell(out, Reply::error("nothing to take back")),
            Request::Undo {} => self.change(out, |game| game.truncate(game.items.len() - 1)).await,
            Request::Truncate { ply } | Request::View { ply } if ply > self.game.items.len() => {
                tell(out, Reply::error(format!("the game has {} items, not {ply}", self.game.items.len())))
            }
            Request::Truncate { ply } => self.change(out, |game| game.truncate(ply)).await,
            Request::View { ply } => self.change(out, |game| game.ply = ply).await,
            Request::Go { movetime_ms, depth, nodes } => self.go(movetime_ms, depth, nodes, out).await,
            Request::Analyse { multipv } if multipv > MAX_MULTIPV => {
                tell(out, Reply::error(format!("multipv must be 0 (off) to {MAX_MULTIPV}, not {multipv}")))
            }
            Request::Analyse { multipv } => {
                self.analysis = multipv;
                self.change(out, |_| {}).await
            }
            Request::Stop {} => self.stop(out).await,
            Request::Save { first, second } => self.save(first, second, out).await,
            Request::Options { values } => self.set_options(values, out).await,
            Request::Flip { on } => {
                self.flip = on;
                self.change(out, |_| {}).await
            }
        }
    }

    /// Turns a fault into a `fault` message and a restart; the game is kept.
    async fn settle(&mut self, mut result: Result<(), Fault>, out: &mut Vec<Reply>) {
        for _ in 0..RESTARTS {
            let Err(fault) = result else { return };
            log::warn!("engine fault: {fault}");
            out.push(Reply::Fault { message: format!("{fault}; restarted it, the game is unchanged") });
            result = self.restart(out).await;
        }
        if let Err(fault) = result {
            out.push(Reply::error(format!("the engine keeps failing ({fault}); the game is closed")));
            self.broken = true;
        }
    }

    /// Kills the engine, starts a new one and sets it up with the options and the game.
    async fn restart(&mut self, out: &mut Vec<Reply>) -> Result<(), Fault> {
        self.search = None;
        self.view = None;
        self.engine.kill().await;
        let (engine, _) = launch(&self.config).await?;
        self.engine = engine;
        for (name, value) in self.options.clone() {
            self.engine.send(&format!("setoption name {name} value {value}")).await?;
        }
        self.configure(&self.game.clone()).await?;
        self.publish(out).await
    }

    /// Sets the engine to `game`: its rule options, variant and the position on view.
    /// Returns the engine's error lines (none when it accepted everything).
    async fn configure(&mut self, game: &Game) -> Result<Vec<String>, Fault> {
        for (name, value) in &game.rules {
            self.engine.send(&format!("setoption name {name} value {value}")).await?;
        }
        if !self.catalogue.variants.is_empty() {
            self.engine.send(&format!("variant {}", game.variant)).await?;
        }
        self.engine.send(&game.view_command()).await?;
        self.errors().await
    }

    /// The error lines the engine printed for the commands sent since the last `isready`.
    async fn errors(&mut self) -> Result<Vec<String>, Fault> {
        Ok(self.engine.ready().await?.into_iter().filter(|l| is_error(l)).collect())
    }

    /// Asks the engine about the position on view, sends the state, and resumes the analysis.
    async fn publish(&mut self, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if let Some(index) = self.game.ply.checked_sub(1).filter(|&i| self.game.items[i].entry.is_none()) {
            let entry = state::learn_entry(&mut self.engine, &self.game, index).await?;
            self.game.items[index].entry = Some(entry);
        }
        let answers = state::ask(&mut self.engine, self.flip).await?;
        let analysing = self.analysis > 0 && !answers.over() && !answers.chance();
        let searching = analysing.then_some("analyse");
        out.push(Reply::State(Box::new(state::build(&self.game, &answers, self.analysis, searching))));
        self.view = Some(answers);
        self.analyse().await
    }

    /// Starts the analysis of the position on view, if it is on and there is something to analyse.
    async fn analyse(&mut self) -> Result<(), Fault> {
        let Some(view) = &self.view else { return Ok(()) };
        if self.analysis == 0 || self.search.is_some() || view.over() || view.chance() {
            return Ok(());
        }
        self.engine.send(&format!("setoption name MultiPV value {}", self.analysis)).await?;
        self.engine.send("go infinite").await?;
        self.search = Some(Search::Analyse);
        Ok(())
    }

    /// Stops any search and waits for its `bestmove`, which is dropped.
    async fn halt(&mut self) -> Result<(), Fault> {
        if self.search.take().is_none() {
            return Ok(());
        }
        self.engine.send("stop").await?;
        let deadline = self.engine.answer_deadline();
        self.engine.read_until("stop", deadline, |l| l.starts_with("bestmove")).await?;
        Ok(())
    }

    /// Applies `edit` to the game (any search stopped), sets the engine to it and publishes.
    async fn change(&mut self, out: &mut Vec<Reply>, edit: impl FnOnce(&mut Game)) -> Result<(), Fault> {
        self.halt().await?;
        edit(&mut self.game);
        self.engine.send(&self.game.view_command()).await?;
        for error in self.errors().await? {
            out.push(Reply::Engine { line: error });
        }
        self.publish(out).await
    }

    /// Plays `token` after the position on view if the engine accepts it; else `refused`.
    async fn play(&mut self, token: &str, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if token.is_empty() || token.contains(char::is_whitespace) || !token.is_ascii() {
            out.push(Reply::error(format!("a move is one token, not {token:?}")));
            return Ok(());
        }
        self.halt().await?;
        self.engine.send(&self.game.command_with(token)).await?;
        if let Some(error) = self.errors().await?.into_iter().next() {
            out.push(Reply::Refused { message: error });
            self.engine.send(&self.game.view_command()).await?;
            self.errors().await?;
            return self.analyse().await;
        }
        let places = self.view.as_ref().and_then(|v| v.places.as_ref().ok());
        let entry = state::entry_of(places, token);
        self.game.play(Item { token: token.to_string(), entry: Some(entry) });
        self.publish(out).await
    }

    /// The engine plays the side to move of the position on view.
    async fn go(
        &mut self,
        movetime_ms: Option<u64>,
        depth: Option<u64>,
        nodes: Option<u64>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        if matches!(self.search, Some(Search::Play { .. })) {
            out.push(Reply::error("the engine is already thinking on a move"));
            return Ok(());
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
        // A depth- or node-limited move has no time limit: it may take a minute.
        let allowance = Duration::from_millis(movetime.unwrap_or(60_000)) + self.config.grace;
        self.halt().await?;
        self.engine.send("setoption name MultiPV value 1").await?;
        self.engine.send(&command).await?;
        self.search = Some(Search::Play { deadline: Instant::now() + allowance, scored: false });
        Ok(())
    }

    /// `stop`: an engine move is played at once; else the analysis is turned off.
    async fn stop(&mut self, out: &mut Vec<Reply>) -> Result<(), Fault> {
        match self.search {
            Some(Search::Play { .. }) => self.engine.send("stop").await,
            _ => {
                self.analysis = 0;
                self.change(out, |_| {}).await
            }
        }
    }

    /// Follows a line of the engine's output.
    async fn follow(&mut self, line: String, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if let Some(rest) = line.strip_prefix("bestmove") {
            let token = rest.split_whitespace().next().unwrap_or("resign").to_string();
            if !matches!(self.search, Some(Search::Play { .. })) {
                log::warn!("a bestmove no move was asked for: {line}");
                return Ok(());
            }
            self.search = None;
            out.push(Reply::Bestmove { token: token.clone() });
            if token == "resign" {
                out.push(Reply::Engine { line });
                return self.analyse().await;
            }
            return self.play(&token, out).await;
        }
        let Some(info) = SearchInfo::parse(&line) else {
            log::warn!("unexpected engine output: {line}");
            return Ok(());
        };
        match (&mut self.search, info.error()) {
            // The engine refused the go command: no search runs.
            (Some(Search::Play { scored: false, .. }), Some(_)) => {
                self.search = None;
                out.push(Reply::Refused { message: line });
            }
            (_, Some(_)) => out.push(Reply::Engine { line }),
            _ if info.string.is_some() => out.push(Reply::Engine { line }),
            (Some(search), None) => {
                if let Search::Play { scored, .. } = search {
                    *scored = true;
                }
                out.push(Reply::Info(info));
            }
            (None, None) => log::debug!("info line after the search: {line}"),
        }
        Ok(())
    }

    /// A new game: the engine must accept its rules, variant, start and moves, else nothing
    /// changes (the engine is set back to the old game).
    async fn new_game(
        &mut self,
        variant: String,
        rules: std::collections::BTreeMap<String, String>,
        start: Option<String>,
        moves: Vec<String>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        if let Some(unknown) = rules.keys().find(|name| !self.catalogue.is_rule(name)) {
            out.push(Reply::error(format!("{unknown:?} is not a rule option of the engine")));
            return Ok(());
        }
        let loaded = match start.as_deref().map(record::read_position).transpose() {
            Ok(loaded) => loaded.unwrap_or_default(),
            Err(e) => return tell(out, Reply::error(e)),
        };
        let rules = self.catalogue.rule_options.iter().map(|name| {
            let value = rules.get(name).cloned().unwrap_or_else(|| default_of(&self.catalogue, name));
            (name.clone(), value)
        });
        let moves: Vec<String> = loaded.moves.into_iter().chain(moves).collect();
        self.adopt(Game::new(&variant, rules.collect(), loaded.start, &moves), out).await
    }

    /// Loads a game from text; a record of several games asks the page to choose.
    async fn load(&mut self, text: &str, number: Option<u64>, out: &mut Vec<Reply>) -> Result<(), Fault> {
        let loaded: Loaded = match record::read(text, number) {
            Err(e) => return tell(out, Reply::error(e)),
            Ok(Reading::Choose(games)) => return tell(out, Reply::Choose { games }),
            Ok(Reading::Game(loaded)) => loaded,
        };
        // A record says its rule options (those it omits have their defaults); a position line
        // is read with the current game's variant and rules.
        let record = loaded.variant.is_some();
        let rules = self.catalogue.rule_options.iter().map(|name| {
            let header = loaded.headers.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone());
            let current =
                || self.game.rule(name).map(String::from).unwrap_or_else(|| default_of(&self.catalogue, name));
            let value = header.unwrap_or_else(|| if record { default_of(&self.catalogue, name) } else { current() });
            (name.clone(), value)
        });
        let variant = loaded.variant.clone().unwrap_or_else(|| self.game.variant.clone());
        self.adopt(Game::new(&variant, rules.collect(), loaded.start, &loaded.moves), out).await
    }

    /// Makes `game` the game if the engine accepts all of it; else `refused` and no change.
    async fn adopt(&mut self, game: Game, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if !self.catalogue.variants.is_empty() && !self.catalogue.variants.contains(&game.variant) {
            out.push(Reply::error(format!("unknown variant {:?}", game.variant)));
            return Ok(());
        }
        self.halt().await?;
        let errors = self.configure(&game).await?;
        if let Some(error) = errors.into_iter().next() {
            out.push(Reply::Refused { message: error });
            let old = self.game.clone();
            self.configure(&old).await?;
            return self.analyse().await;
        }
        self.game = game;
        self.engine.send("usinewgame").await?;
        self.publish(out).await
    }

    /// The game as a position line and an arena record block.
    async fn save(&mut self, first: Option<String>, second: Option<String>, out: &mut Vec<Reply>) -> Result<(), Fault> {
        let end = self.game.items.len();
        let result = match &self.view {
            Some(view) if self.game.ply == end => result_payload(&view.result),
            _ => {
                self.halt().await?;
                self.engine.send(&self.game.full_command()).await?;
                let line = self.engine.query("result", |l| l.starts_with("result ")).await?;
                self.engine.send(&self.game.view_command()).await?;
                self.analyse().await?;
                line.last().and_then(|l| l.strip_prefix("result ")).unwrap_or("ongoing").to_string()
            }
        };
        let changed: Vec<(String, String)> = self
            .game
            .rules
            .iter()
            .filter(|(name, value)| *value != default_of(&self.catalogue, name))
            .cloned()
            .collect();
        let players = Players {
            first: first.unwrap_or_else(|| "first player".into()),
            second: second.unwrap_or_else(|| "second player".into()),
        };
        let record = record::write_record(&self.game, &changed, &players, &result);
        out.push(Reply::Saved { position: self.game.full_command(), record });
        Ok(())
    }

    /// Sets engine options (not rule options, `USI_Variant` or `MultiPV`); the engine judges
    /// the values, and a refused one is reported and not kept.
    async fn set_options(
        &mut self,
        values: std::collections::BTreeMap<String, String>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        let settable = |name: &str| {
            self.catalogue.option(name).is_some()
                && !self.catalogue.is_rule(name)
                && name != "USI_Variant"
                && name != "MultiPV"
        };
        if let Some(name) = values.keys().find(|name| !settable(name)) {
            out.push(Reply::error(format!("{name:?} is not an engine option the page may set")));
            return Ok(());
        }
        if let Some(value) = values.values().find(|v| v.contains(['\n', '\r'])) {
            out.push(Reply::error(format!("an option value is one line, not {value:?}")));
            return Ok(());
        }
        self.halt().await?;
        for (name, value) in values {
            self.engine.send(&format!("setoption name {name} value {value}")).await?;
            match self.errors().await?.into_iter().next() {
                Some(error) => out.push(Reply::Refused { message: error }),
                None => {
                    self.options.retain(|(n, _)| *n != name);
                    self.options.push((name, value));
                }
            }
        }
        self.analyse().await
    }
}

/// Sends `reply` to the page; nothing else happens.
fn tell(out: &mut Vec<Reply>, reply: Reply) -> Result<(), Fault> {
    out.push(reply);
    Ok(())
}

/// Starts the engine and reads its `usi` reply.
async fn launch(config: &Config) -> Result<(EngineProcess, Catalogue), Fault> {
    let mut engine = EngineProcess::start(&config.engine, config.answer)?;
    let usi = engine.query("usi", |l| l == "usiok").await?;
    Ok((engine, Catalogue::from_usi(&usi)))
}

/// The default value of option `name`.
fn default_of(catalogue: &Catalogue, name: &str) -> String {
    catalogue.option(name).map(|o| o.default.clone()).unwrap_or_default()
}

/// The payload of the `result` reply (`ongoing`, `b checkmate`, ...).
fn result_payload(result: &crate::messages::GameResult) -> String {
    if result.reason.is_empty() {
        result.winner.clone()
    } else {
        format!("{} {}", result.winner, result.reason)
    }
}
