//! `cargo bench --bench chance`: what Star1, Star2 (the default) and ChanceProbCut save at
//! Shogammon's chance nodes. Twenty decision nodes (seeded random walks from the start, rolls
//! drawn by their weights) are searched to the same depth with plain expectimax, Star1, Star2
//! and ChanceProbCut (one thread, a fresh 64 MiB table each); the nodes of each are printed,
//! and the values, which agree for the first three (ChanceProbCut is a heuristic).

#[path = "../tests/harness/chance_walk.rs"]
mod chance_walk;

use std::time::Instant;
use tetsugaku::game::{Game, RuleValues};
use tetsugaku::search::{search, ChancePruning, Config, Control, Estimates, Limits, TranspositionTable};
use tetsugaku::variants::shogammon::Shogammon;
use tetsugaku::vocabulary::SplitMix64;

fn main() {
    let mut rng = SplitMix64::new(0x5E06_C4A7);
    let mut positions = Vec::new();
    while positions.len() < 20 {
        let turns = 6 + rng.below(30);
        if let Some(game) = chance_walk::decision_node(Shogammon::start((), &RuleValues::default()), &mut rng, turns) {
            positions.push(game);
        }
    }
    let tt = TranspositionTable::new(64).expect("64 MiB");
    for depth in [2] {
        let modes = [
            ChancePruning::Plain,
            ChancePruning::Star1,
            ChancePruning::Star2,
            ChancePruning::ProbCut(Estimates::MEASURED),
        ];
        let mut totals = [0u64; 4];
        let mut times = [0f64; 4];
        for (n, game) in positions.iter().enumerate() {
            let mut values = Vec::new();
            for (m, &chance) in modes.iter().enumerate() {
                tt.clear();
                let config = Config { chance, ..Config::default() };
                let limits = Limits { depth: Some(depth), ..Limits::default() };
                let start = Instant::now();
                let summary =
                    search(game, &limits, &config, &tt, &Control::new(false), &|_| {}).expect("a decision node");
                times[m] += start.elapsed().as_secs_f64();
                totals[m] += summary.nodes;
                values.push((summary.score, summary.nodes));
            }
            println!("depth {depth} position {n:>2} {}: {values:?}", game.position_string());
        }
        println!(
            "depth {depth}: plain {} nodes ({:.1} s), Star1 {} ({:.1} s), Star2 {} ({:.1} s), ChanceProbCut {} \
             ({:.1} s); plain/Star2 = {:.2}, Star2/ChanceProbCut = {:.2}",
            totals[0],
            times[0],
            totals[1],
            times[1],
            totals[2],
            times[2],
            totals[3],
            times[3],
            totals[0] as f64 / totals[2].max(1) as f64,
            totals[2] as f64 / totals[3].max(1) as f64
        );
    }
}
