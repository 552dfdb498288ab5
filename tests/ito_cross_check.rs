//! Ito Shogi (`ito`): the independent reference implementation (tests/common/ito_reference.rs)
//! checked on its own. The engine cross-check (move sets, results and position strings of the
//! engine against this reference) is to be added when the engine lands in src/variants/ito/.

mod common;

use common::ito_reference::Position;
use std::collections::BTreeSet;

/// The reference's legal moves as a sorted set (panics if it generated one twice).
fn move_set(position: &Position) -> BTreeSet<String> {
    let moves = position.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the reference generated a move twice: {moves:?}");
    set
}

/// Checks that the legal moves of `text` are exactly `expected`.
fn expect_moves(text: &str, expected: &[&str]) {
    let position = Position::parse(text).unwrap_or_else(|e| panic!("{text} rejected: {e}"));
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(move_set(&position), expected, "legal moves of {text}");
}

#[test]
fn reference_start_moves() {
    expect_moves(common::ito_reference::START, &["1n1m", "1o1m", "1p1m", "1q1m"]);
}

#[test]
fn reference_start_perft() {
    let start = Position::start();
    for depth in 1..=5 {
        println!("ito perft {depth}: {}", start.perft(depth));
    }
}
