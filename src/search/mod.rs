//! The generic search, written once against [`Game`] and compiled once per game: iterative
//! deepening PVS with a shared transposition table, Lazy SMP threads, time management and
//! strength levels ([`Skill`]); and [`mate`], a checkmate search (`go mate`) for any game with
//! check.

mod chance;
mod chance_probcut;
mod control;
mod cores;
mod eval_cache;
mod limits;
pub mod mate;
mod ordering;
mod skill;
mod tt;
mod worker;

pub use chance_probcut::{Estimate, Estimates};
pub use control::Control;
pub use limits::{Budget, Limits};
pub use skill::{Skill, CANDIDATES, LADDER};
pub use tt::{Bound, TranspositionTable};

use crate::game::{Game, GameError, MateAnswer, Turn};
use crate::vocabulary::score::{is_decisive, mate_plies};
use crate::vocabulary::{Score, Side};
use cores::Cores;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Duration;
use worker::Worker;

/// How chance nodes are searched (docs/game-contract.md §3; `chance.rs`). Only the default is
/// played; the others exist to measure what the pruning saves and to test that Star1 and Star2
/// are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChancePruning {
    /// Plain expectimax: every roll searched with a full window, no cut at the chance node and no
    /// table entry for it.
    Plain,
    /// Star1: each roll searched with the window that decides the node, cut as soon as it is.
    Star1,
    /// Star2: Star1 after bounding every roll first (the table's entries, then a probe of each
    /// roll's first turn).
    Star2,
    /// Forward pruning at chance nodes, then Star2: ChanceProbCut (a chance node searched
    /// fewer turns deep, its window moved by the estimate's drift and widened by its margin; a
    /// value beyond it taken as the node's fail-high or fail-low; `chance_probcut.rs`), and
    /// below a chance node searched with a null window no node counts as on the principal
    /// variation (so late-move pruning applies there, whatever windows Star1 gives the rolls).
    /// A heuristic: the value may differ from Star2's.
    ProbCut(Estimates),
}

impl Default for ChancePruning {
    /// Star2: exact. ChanceProbCut with the estimates measured on Shogammon's middlegames
    /// completes depth 3 with 35 times fewer nodes but has not shown a gain in play yet
    /// (docs/strength.md).
    fn default() -> ChancePruning {
        ChancePruning::Star2
    }
}

/// Search settings that come from engine options.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Search threads (Lazy SMP), at least 1.
    pub threads: usize,
    /// Principal variations to report, at least 1.
    pub multipv: usize,
    /// Milliseconds kept back from every time budget.
    pub move_overhead: u64,
    /// How chance nodes are searched.
    pub chance: ChancePruning,
    /// The strength level (full strength: the search unweakened).
    pub skill: Skill,
}

impl Default for Config {
    /// One thread, one principal variation, no overhead, Star2, full strength.
    fn default() -> Config {
        Config { threads: 1, multipv: 1, move_overhead: 0, chance: ChancePruning::default(), skill: Skill::FULL }
    }
}

/// A reported score: centi-units or a decided game in plies (negative: the side to move loses).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScoreReport {
    Centi(Score),
    Mate(i32),
}

impl ScoreReport {
    pub fn from_score(score: Score) -> ScoreReport {
        if is_decisive(score) {
            ScoreReport::Mate(mate_plies(score))
        } else {
            ScoreReport::Centi(score)
        }
    }
}

/// Progress of a search: one principal variation after a completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: usize,
    /// 1-based MultiPV index.
    pub multipv: usize,
    pub score: ScoreReport,
    /// Whether `score` is the exact value or only a bound on it.
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub hashfull: u32,
    /// Move tokens.
    pub pv: Vec<String>,
}

/// What a search tells its caller while it runs and when it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Info(Info),
    /// The move to play (`None`: no legal move, resign) and the expected reply.
    BestMove {
        best: Option<String>,
        ponder: Option<String>,
    },
    /// Progress of a checkmate search (`go mate`).
    MateProgress {
        nodes: u64,
        nps: u64,
        hashfull: u32,
        time_ms: u64,
    },
    /// A mate proven by a checkmate search: the first, then every shorter one found.
    MateProof {
        nodes: u64,
        nps: u64,
        time_ms: u64,
        /// Move tokens, verified.
        line: Vec<String>,
    },
    /// The end of a checkmate search.
    Checkmate(MateAnswer),
}

/// The result of a whole search, for callers that do not follow events (bench, tools).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: Option<Score>,
    pub depth: u32,
    pub nodes: u64,
}

/// State shared by every thread of one search.
pub(crate) struct Shared<'a> {
    tt: &'a TranspositionTable,
    control: &'a Control,
    limits: &'a Limits,
    budget: Option<Budget>,
    /// Root moves scored exactly in each iteration (`MultiPV`, more at a weakened level).
    multipv: usize,
    /// Principal variations reported (`MultiPV`).
    shown: usize,
    /// A weakened level's node cap, spent once the first iteration is complete.
    node_cap: Option<u64>,
    chance: ChancePruning,
    /// Per-thread node counts, published every few nodes.
    nodes: Vec<AtomicU64>,
    /// The cores the helper threads take turns on.
    cores: Cores,
}

impl Shared<'_> {
    fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|n| n.load(Relaxed)).sum()
    }
}

/// The refusal of a search at a chance node (`protocol-spec.md` §14.4): the engine never
/// invents a roll.
pub const CHANCE_ROOT: &str = "chance node: the roll of the side to move is not known";

/// The moves a search of `root` within `limits` chooses from: every legal move, or those of
/// `limits.searchmoves`. Refuses a chance root ([`CHANCE_ROOT`]) and a `searchmoves` token that
/// is not a legal move (`searchmoves: ` and why). The one check of both: the session asks it
/// before it starts a search thread, and [`search`] again.
pub fn root_moves<G: Game>(root: &G, limits: &Limits) -> Result<Vec<G::Move>, GameError> {
    if let Turn::Chance(_) = root.turn() {
        return Err(GameError::new(CHANCE_ROOT));
    }
    let mut moves = Vec::new();
    root.generate(&mut moves);
    if !limits.searchmoves.is_empty() {
        let wanted: Vec<G::Move> = limits
            .searchmoves
            .iter()
            .map(|token| root.parse_move(token).map_err(|e| GameError::new(format!("searchmoves: {e}"))))
            .collect::<Result<_, _>>()?;
        moves.retain(|mv| wanted.contains(mv));
    }
    Ok(moves)
}

/// Searches `root` within `limits`, reporting [`Event`]s through `report` (the last one is
/// always `BestMove`, whose move is legal, or `None` when there is none). Blocks until done;
/// `control` stops it from another thread. For `infinite` and `ponder` searches `BestMove` is
/// held back until `control` is stopped (or `ponderhit` and the time runs out).
///
/// Principal variations stop at the first chance node (what follows depends on a roll), so
/// there is no `ponder` move when the best move leads to one.
///
/// # Errors
/// A chance root ([`CHANCE_ROOT`]) or a `searchmoves` token that is not a legal move; nothing
/// is searched and no event is reported.
pub fn search<G: Game>(
    root: &G,
    limits: &Limits,
    config: &Config,
    tt: &TranspositionTable,
    control: &Control,
    report: &(dyn Fn(Event) + Sync),
) -> Result<Summary, GameError> {
    let root_moves = root_moves(root, limits)?;
    tt.new_search();
    let side: Side = root.side();
    let skill = config.skill;
    let capped;
    let limits = match skill.depth_cap() {
        Some(cap) => {
            capped = Limits { depth: Some(limits.depth.map_or(cap, |depth| depth.min(cap))), ..limits.clone() };
            &capped
        }
        None => limits,
    };
    let shared = Shared {
        tt,
        control,
        limits,
        budget: limits.budget(side, config.move_overhead),
        multipv: skill.lines(config.multipv.max(1)),
        shown: config.multipv.max(1),
        node_cap: skill.node_cap(),
        chance: config.chance,
        nodes: (0..config.threads.max(1)).map(|_| AtomicU64::new(0)).collect(),
        cores: Cores::new(config.threads.max(1), Cores::available()),
    };
    let mut summary = Summary { best: None, ponder: None, score: None, depth: 0, nodes: 0 };
    if root_moves.is_empty() {
        wait_for_release(limits, control);
        summary.nodes = shared.total_nodes();
        answer(&summary, control, report);
        return Ok(summary);
    }
    std::thread::scope(|scope| {
        // Step 1. Helper threads (Lazy SMP), taking turns on the cores the main thread leaves
        // (`cores.rs`). A thread of its own starts them, so the main thread starts at once.
        let shared = &shared;
        let root_moves = &root_moves;
        if shared.nodes.len() > 1 {
            scope.spawn(move || {
                for id in 1..shared.nodes.len() {
                    let game = root.clone();
                    let helper = move || {
                        let _core = shared.cores.hold(id);
                        if !control.halted() {
                            Worker::new(id, shared, game, root_moves).iterate(&|_| {});
                        }
                    };
                    std::thread::Builder::new().stack_size(32 << 20).spawn_scoped(scope, helper).ok();
                }
            });
        }

        // Step 2. The main thread searches, reporting every completed iteration; a weakened
        // level keeps the exact scores of each completed iteration's first lines to choose from.
        let mut main = Worker::new(0, shared, root.clone(), root_moves);
        let candidates = RefCell::new(Vec::new());
        main.iterate(&|worker| {
            report_lines(worker, root, shared, report);
            if skill.weakened() {
                let lines = &worker.root_moves[..shared.multipv.min(worker.root_moves.len())];
                *candidates.borrow_mut() = lines.iter().map(|r| (r.mv, r.score)).collect();
            }
        });
        control.halt();
        skill::play_choice(root, &mut main.root_moves, &candidates.into_inner(), skill);
        wait_for_release(limits, control);

        // Step 3. Answer now, before the helpers are joined: those waiting for their turn on a
        // core only see `stop` when they get it. The scope joins them before `search` returns,
        // and the session waits for that before it starts anything else.
        let best = &main.root_moves[0];
        if main.reported_best != Some(best.mv) || main.reported_found != best.found {
            // The unfinished iteration changed the move to play or what is known of its score
            // (or none finished): report its line, as controllers take the last pv and score as
            // the engine's choice and its evaluation.
            report_lines(&main, root, shared, report);
        }
        summary.best = Some(root.format_move(best.mv));
        summary.ponder = best.pv.get(1).and_then(|&reply| {
            let mut after = root.clone();
            after.play(best.mv);
            // After a chance node the reply depends on the roll: nothing to ponder on.
            matches!(after.turn(), Turn::Decide(_)).then(|| after.format_move(reply))
        });
        summary.score = best.found.map(|found| found.score);
        summary.depth = main.completed_depth;
        answer(&summary, control, report);
    });
    // Every helper has stopped now and published its final count.
    summary.nodes = shared.total_nodes();
    Ok(summary)
}

/// Reports the final `BestMove`. A controller may answer `bestmove` at once: the search
/// counts as over from here on ([`Control::finished`]).
fn answer(summary: &Summary, control: &Control, report: &(dyn Fn(Event) + Sync)) {
    control.finish();
    report(Event::BestMove { best: summary.best.clone(), ponder: summary.ponder.clone() });
}

/// `infinite` and `ponder` searches may not answer before `stop` (or `ponderhit`), also when
/// they have halted at their depth or node limit.
fn wait_for_release(limits: &Limits, control: &Control) {
    while !control.stop_requested() && (limits.infinite || control.pondering()) {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Reports the MultiPV lines of the main thread: each with the score the last finished search
/// of its move found, its bound and the depth of that search. A line whose move has not been
/// searched yet (`stop` in the first iteration) is left out.
fn report_lines<G: Game>(worker: &Worker<'_, G>, root: &G, shared: &Shared<'_>, report: &(dyn Fn(Event) + Sync)) {
    let nodes = shared.total_nodes().max(worker.nodes());
    let time_ms = shared.control.elapsed_ms();
    let nps = nodes * 1000 / time_ms.max(1);
    let hashfull = shared.tt.hashfull();
    let lines = shared.shown.min(worker.root_moves.len());
    for (index, root_move) in worker.root_moves[..lines].iter().enumerate() {
        let Some(found) = root_move.found else { continue };
        let mut game = root.clone();
        let mut pv = Vec::with_capacity(root_move.pv.len());
        for &mv in &root_move.pv {
            pv.push(game.format_move(mv));
            game.play(mv);
            // The line stops where chance decides (the search's lines already do).
            if !matches!(game.turn(), Turn::Decide(_)) {
                break;
            }
        }
        report(Event::Info(Info {
            depth: found.depth.max(1),
            seldepth: root_move.seldepth.max(found.depth as usize),
            multipv: index + 1,
            score: ScoreReport::from_score(found.score),
            bound: found.bound,
            nodes,
            nps,
            time_ms,
            hashfull,
            pv,
        }));
    }
}
