//! The bench signature, checked on every run (as Stockfish checks `Bench: N` on every commit):
//! the node count of every bench position must equal tests/bench.signature. A change to one
//! game's search or evaluation that moves another game's counts is seen at once, by variant.

use std::sync::Mutex;
use tetsugaku::engine::{bench_positions, run_bench};
use tetsugaku::protocol::BENCH_DEPTH;

/// `tetsugaku bench`'s defaults: one thread, 64 MiB.
const THREADS: usize = 1;
const HASH_MIB: usize = 64;

#[test]
fn bench_node_counts_match_the_signature_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bench.signature");
    let text = std::fs::read_to_string(&path).expect("tests/bench.signature is readable");
    let expected: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).collect();

    let counts = Mutex::new(Vec::new());
    let report = run_bench(BENCH_DEPTH, THREADS, HASH_MIB, &|_, _, nodes| counts.lock().unwrap().push(nodes))
        .expect("the bench runs");
    let counts = counts.into_inner().unwrap();
    let actual: Vec<String> = bench_positions()
        .iter()
        .zip(&counts)
        .map(|(&(variant, position), nodes)| format!("{variant} {} {nodes}", position.unwrap_or("startpos")))
        .collect();
    assert_eq!(counts.iter().sum::<u64>(), report.nodes);

    let moved: Vec<String> = expected
        .iter()
        .zip(&actual)
        .filter(|(e, a)| e != a)
        .map(|(e, a)| format!("  signature: {e}\n  now:       {a}"))
        .collect();
    assert!(
        moved.is_empty() && expected.len() == actual.len(),
        "bench counts moved ({} of {} lines differ, {} expected, {} now):\n{}\nthe whole list now:\n{}",
        moved.len(),
        actual.len(),
        expected.len(),
        actual.len(),
        moved.join("\n"),
        actual.join("\n")
    );
}
