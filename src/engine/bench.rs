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
    // The middlegames come from depth-3 (hasami family) and depth-4 (shogi) self-play games;
    // the second shogi position is a common opening after eight plies.
    &[
        ("hasami", None),
        ("hasami", Some("2p3p2/1p1P5/4P3p/p5P2/2p6/P4P1p1/4p4/3P5/4P2PP b - 25")),
        ("hasami-all", None),
        ("hasami-step", None),
        ("hasami-step18", None),
        (
            "hasami-step18",
            Some("1pp1p1p1p/p2p1p1p1/2p1p1p1p/pp1p1p1p1/P2P5/5P1P1/P1P1P1P1P/1P1P1P1P1/P1P1P1P1P b - 41"),
        ),
        ("dai-hasami", None),
        ("dai-hasami", Some("ppppp1ppp/pp2pp1pp/5p3/3p5/2p1P4/2PP1Pp2/2P6/PP4PPP/PP1PPPPPP b - 11")),
        ("dai-hasami-diag", None),
        ("dai-hasami-diag", Some("p6p1/pp5pp/2pppp2p/2p6/1p1p3P1/3P1PP2/9/PP4P1P/PP2P1P1P b - 31")),
        ("dai-hasami-step", None),
        ("makyek", None),
        ("makyek", Some("p1pppp1p/1p5p/p5pp/Ppp1ppPP/1PPp4/3PPP2/1P4P1/P1PPPP1P b - 17")),
        ("shogi", None),
        ("shogi", Some("lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9")),
        ("shogi", Some("ln1gk2nl/3s1s3/pr1pppp1b/6g1p/2R6/1pGB5/P1NPPPP1P/1P1S1S3/L3K1G+pL b n3p 41")),
        ("shogi", Some("l2k2gnl/1+r3sG2/3p1pp1b/1s1np1g1p/pN7/3B5/P1PPPPP1P/1pS2S3/L2RK2GL b n4p 81")),
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
