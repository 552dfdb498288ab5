//! `cargo bench`: single-threaded perft speed (leaves per second, bulk-counted last ply) from
//! every hasami-family start position, and search speed (the `bench` positions at depth 7).

use std::time::Instant;
use tetsugaku::game::perft;
use tetsugaku::variants::hasami::{Hasami, VARIANTS};

fn main() {
    println!("{:<16} {:>5} {:>14} {:>9} {:>14}", "variant", "depth", "leaves", "ms", "leaves/s");
    for variant in &VARIANTS {
        let rules = variant.rules;
        let mut game = Hasami::start(*rules);
        let depth = if rules.step_only { 6 } else { 5 };
        let start = Instant::now();
        let leaves = perft(&mut game, depth);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{:<16} {:>5} {:>14} {:>9.0} {:>14.0}",
            rules.name,
            depth,
            leaves,
            seconds * 1000.0,
            leaves as f64 / seconds.max(1e-9)
        );
    }
    match tetsugaku::engine::run_bench(7, 1, 64, &|_, _, _| {}) {
        Ok(report) => {
            println!("search bench depth 7: {} nodes, {} ms, {} nodes/s", report.nodes, report.time_ms, report.nps)
        }
        Err(e) => eprintln!("bench failed: {e}"),
    }
}
