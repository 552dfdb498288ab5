//! `bench`: a fixed-depth search over fixed positions. Its node count is a signature of the
//! search's behaviour (it changes only when the search or evaluation does); its speed is the
//! engine's nodes per second.

use super::EngineError;
use crate::catalogue::{AnyGame, Variant, VARIANTS};
use crate::game::{Game, RuleValues, Turn};
use crate::search::{self, Config, Control, Limits, TranspositionTable};
use crate::with_game;
use std::time::Instant;

/// The bench positions, `(variant, position string)`: every implemented variant's start
/// position (`None`; not when it is a chance node, which cannot be searched) followed by the
/// positions it declares, in the order of `usi`'s list.
pub fn bench_positions() -> Vec<(&'static str, Option<&'static str>)> {
    let searchable_start = |v: &Variant| {
        AnyGame::new(v, &RuleValues::default(), None).is_ok_and(|game| !matches!(game.turn(), Turn::Chance(_)))
    };
    VARIANTS
        .iter()
        .flat_map(|v| {
            let start = searchable_start(v).then_some((v.name, None));
            start.into_iter().chain(v.bench.iter().map(|&p| (v.name, Some(p))))
        })
        .collect()
}

/// Searches one bench position to `depth`, or to the game's [`Game::MAX_BENCH_DEPTH`].
fn search_bench<G: Game>(
    game: &G,
    depth: u32,
    config: &Config,
    tt: &TranspositionTable,
    control: &Control,
) -> Result<search::Summary, crate::game::GameError> {
    let limits = Limits { depth: Some(depth.min(G::MAX_BENCH_DEPTH)), ..Limits::default() };
    search::search(game, &limits, config, tt, control, &|_| {})
}

/// The totals of a bench run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchReport {
    pub positions: usize,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
}

/// Searches every bench position to `depth` with a fresh table of `hash_mib` MiB, calling
/// `progress(index, variant, nodes)` after each.
pub fn run(
    depth: u32,
    threads: usize,
    hash_mib: usize,
    progress: &dyn Fn(usize, &str, u64),
) -> Result<BenchReport, EngineError> {
    let tt =
        TranspositionTable::new(hash_mib).ok_or_else(|| EngineError::new(format!("cannot allocate {hash_mib} MiB")))?;
    let config = Config { threads, ..Config::default() };
    let start = Instant::now();
    let mut nodes = 0;
    let positions = bench_positions();
    for (index, &(name, position)) in positions.iter().enumerate() {
        let variant =
            Variant::named(name).ok_or_else(|| EngineError::new(format!("bench variant {name} is unknown")))?;
        let game = AnyGame::new(variant, &RuleValues::default(), position)?;
        tt.clear();
        let control = Control::new(false);
        let summary = with_game!(&game, g => search_bench(g, depth, &config, &tt, &control))?;
        nodes += summary.nodes;
        progress(index, name, summary.nodes);
    }
    let time_ms = start.elapsed().as_millis() as u64;
    Ok(BenchReport { positions: positions.len(), nodes, time_ms, nps: nodes * 1000 / time_ms.max(1) })
}
