//! The Philosopher's Chess evaluation, from the side to move's point of view: material (an
//! Enlightened Philosopher is worth its extra tempo), pawn advancement, mobility under the
//! Thought as it stands, what the Thought's other squares would give each side's
//! Philosophers, and pressure on the squares around each King.
//!
//! Its weights are in `weights.rs`; docs/strength.md lists every change tried.

use super::board::Board;
use super::mind::Thought;
use super::piece::{philosopher_targets, row, Field, Kind, KING};
use super::position::Philosophers;
use crate::vocabulary::{Score, Side};

/// Values by `Kind as usize` that exchanges are counted in (`exchange.rs`); the evaluation's
/// own material is in its weights.
pub(super) const VALUE: [Score; Kind::COUNT] = [
    0,   // King
    300, // Knight
    450, // Rook
    100, // Pawn
    150, // Philosopher
    600, // Enlightened Philosopher: a Philosopher with a second sub-move
];

crate::weight_table! {
    /// The evaluation's weights (the constant is in `weights.rs`, which `arena tune` rewrites).
    pub struct Weights {
        /// Material by `Kind as usize`: King, Knight, Rook, Pawn, Philosopher, Enlightened
        /// Philosopher.
        pub value: [Score; Kind::COUNT],
        /// Per step a pawn has advanced from its second rank, by steps (0..=3; the fourth
        /// promotes).
        pub pawn_advance: [Score; 4],
        /// Per square a piece can move to under the Thought in force.
        pub mobility: Score,
        /// Per square one's Philosophers could move to with the Thought one mind-move away (the
        /// best of the two), weighed down because the opponent may answer first.
        pub thought_reach: Score,
        /// Per attack on a square next to the enemy King (or the King's square).
        pub zone_attack: Score,
        /// For having the move.
        pub tempo: Score,
    }
}

/// Every square a piece of `side` can move to (its own pieces excluded), counted, and the
/// attacks on the enemy King's zone.
fn activity(board: &Board, side: Side) -> (Score, Score) {
    let enemy_zone = zone(board.king(side.opponent()));
    let mut mobility = 0;
    let mut pressure = 0;
    let mut pieces = board.side(side);
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let targets = board.targets(side, from);
        mobility += targets.count_ones() as Score;
        pressure += (targets & enemy_zone).count_ones() as Score;
    }
    (mobility, pressure)
}

/// The King's square and its neighbours.
#[inline]
fn zone(king: usize) -> Field {
    KING[king] | 1 << king
}

/// How many squares `side`'s Philosophers could move to with the Thought on `thought`.
fn philosopher_reach(board: &Board, side: Side, thought: Thought) -> Score {
    let ours = board.side(side);
    let mut philosophers = ours & board.philosophers();
    let mut reach = 0;
    while philosophers != 0 {
        let from = philosophers.trailing_zeros() as usize;
        philosophers &= philosophers - 1;
        reach += (philosopher_targets(thought, from) & !ours).count_ones() as Score;
    }
    reach
}

/// Material, pawn advancement, mobility, Thought reach and King pressure of `side`.
fn side_score(board: &Board, side: Side, w: &Weights) -> Score {
    let mut score = 0;
    for kind in Kind::ALL {
        score += w.value[kind as usize] * board.pieces(side, kind).count_ones() as Score;
    }
    let mut pawns = board.pieces(side, Kind::Pawn);
    while pawns != 0 {
        let square = pawns.trailing_zeros() as usize;
        pawns &= pawns - 1;
        let steps = match side {
            Side::First => 4usize.saturating_sub(row(square)),
            Side::Second => row(square).saturating_sub(1),
        };
        score += w.pawn_advance[steps.min(3)];
    }
    let (mobility, pressure) = activity(board, side);
    score += w.mobility * mobility + w.zone_attack * pressure;
    if board.mind_moves_allowed() {
        let [a, b] = board.thought().neighbours();
        score += w.thought_reach * philosopher_reach(board, side, a).max(philosopher_reach(board, side, b));
    }
    score
}

/// The evaluation of `position` for the side to move, with `w`.
pub fn evaluate(position: &Philosophers, w: &Weights) -> Score {
    let board = position.board();
    let us = position.side;
    side_score(board, us, w) - side_score(board, us.opponent(), w) + w.tempo
}
