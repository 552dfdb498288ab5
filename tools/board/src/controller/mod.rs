//! One page's game and its engine: carries out the page's requests, follows the engine's
//! search output, and restarts the engine when it fails, with the game intact.

use std::path::PathBuf;
use std::time::Duration;

use crate::engine_process::{is_error, EngineProcess, Fault};
use crate::game::{Game, Item};
use crate::messages::{Reply, Request};
use crate::state::{self, Answers};
use crate::usi_option::Catalogue;
use games::{default_of, is_token};
use search::Search;

mod games;
mod search;

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
        let refusal = match controller.configure(&controller.game.clone()).await {
            Ok(errors) if errors.is_empty() => return Ok(controller),
            Ok(errors) => format!("the engine refused the start position: {}", errors.join("; ")),
            Err(fault) => fault.to_string(),
        };
        controller.shutdown().await;
        Err(refusal)
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
        let last = self.game.ply.checked_sub(1);
        if let Some(index) = last.filter(|&i| self.game.items.get(i).is_some_and(|item| item.entry.is_none())) {
            let entry = state::learn_entry(&mut self.engine, &self.game, index).await?;
            if let Some(item) = self.game.items.get_mut(index) {
                item.entry = Some(entry);
            }
        }
        let answers = state::ask(&mut self.engine, self.flip).await?;
        let analysing = self.analysis > 0 && !answers.over() && !answers.chance();
        let searching = analysing.then_some("analyse");
        out.push(Reply::State(Box::new(state::build(&self.game, &answers, self.analysis, searching))));
        self.view = Some(answers);
        self.analyse().await
    }

    /// Applies `edit` to the game (any search stopped), sets the engine to it and publishes.
    async fn change(&mut self, out: &mut Vec<Reply>, edit: impl FnOnce(&mut Game)) -> Result<(), Fault> {
        self.halt(out).await?;
        edit(&mut self.game);
        self.engine.send(&self.game.view_command()).await?;
        for error in self.errors().await? {
            out.push(Reply::Engine { line: error });
        }
        self.publish(out).await
    }

    /// Plays `token` after the position on view if the engine accepts it; else `refused`.
    async fn play(&mut self, token: &str, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if !is_token(token) {
            out.push(Reply::error(format!("a move is one token, not {token:?}")));
            return Ok(());
        }
        self.halt(out).await?;
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
    let mut catalogue = Catalogue::from_usi(&usi);
    let rules = engine.query("rules", |l| l == "rulesok" || l.starts_with("info string error")).await?;
    catalogue.read_rules(&rules);
    Ok((engine, catalogue))
}
