//! `bench`: a fixed-depth search over fixed positions. Its node count is a signature of the
//! search's behaviour (it changes only when the search or evaluation does); its speed is the
//! engine's nodes per second.

use super::EngineError;
use crate::game::{AnyGame, RuleOptions, Variant};
use crate::search::{self, Config, Control, Limits, TranspositionTable};
use crate::with_game;
use std::time::Instant;

/// The bench positions: `(variant, position string)`, start positions and middlegames.
pub fn bench_positions() -> &'static [(&'static str, Option<&'static str>)] {
    &[
        ("hasami", None),
        ("hasami", Some("1pp1ppp2/p5p2/4P4/2P4p1/7P1/9/1P2P4/P5P1P/2P4P1 b - 21")),
        ("hasami-all", None),
        ("hasami-step", None),
        ("hasami-step18", None),
        ("dai-hasami", None),
        ("dai-hasami", Some("pp1pppp1p/1p1pp1pp1/2p3P2/3P5/p1P1P1P2/5p3/1P5P1/PP1PP1P1P/1P1P1PP1P b - 31")),
        ("dai-hasami-diag", None),
        ("dai-hasami-step", None),
        ("makyek", None),
        ("makyek", Some("ppp1pp1p/8/1p1ppp1p/2P5/p3P3/P1P2PP1/8/PPP1P1PP b - 17")),
    ]
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
    let config = Config { threads, multipv: 1, move_overhead: 0 };
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let start = Instant::now();
    let mut nodes = 0;
    for (index, &(name, position)) in bench_positions().iter().enumerate() {
        let variant =
            Variant::named(name).ok_or_else(|| EngineError::new(format!("bench variant {name} is unknown")))?;
        let game = AnyGame::new(variant, &RuleOptions::default(), position)?;
        tt.clear();
        let control = Control::new(false);
        let summary = with_game!(&game, g => search::search(g, &limits, &config, &tt, &control, &|_| {}))?;
        nodes += summary.nodes;
        progress(index, name, summary.nodes);
    }
    let time_ms = start.elapsed().as_millis() as u64;
    Ok(BenchReport { positions: bench_positions().len(), nodes, time_ms, nps: nodes * 1000 / time_ms.max(1) })
}
