//! The Ito Shogi evaluation, from the side to move's point of view: material for both faces
//! and in hand, mobility, pressure on the squares around the enemy King (leapers and cannons
//! reach it from afar), the King's open neighbours, and drops aimed at a King short of guards.
//!
//! Its weights are in `weights.rs`; docs/strength.md lists every change tried.

use super::board::Board;
use super::piece::{targets, Kind, Line, Piece, SQUARES};
use super::position::Ito;
use crate::vocabulary::{Score, Side};

crate::weight_table! {
    /// The evaluation's weights (the constant is in `weights.rs`, which `arena tune` rewrites).
    pub struct Weights {
        /// Values on the line by `Kind as usize`, unflipped then flipped face: King, Ramshead /
        /// Bishop, Silver / Gold Cannon, Goose / Phoenix, Lance / Howling Dog, Knight / Heavenly
        /// Horse, Iron / Silver General, Pawn / Go-Between.
        pub value: [[Score; 2]; Kind::COUNT],
        /// Values in hand by hand index: a held piece may be dropped with either face.
        pub hand_value: [Score; 7],
        /// Per square a piece can move to.
        pub mobility: Score,
        /// Per attack on a square next to the enemy King (or the King's own square).
        pub zone_attack: Score,
        /// Per square next to one's own King that is empty and attacked by the enemy.
        pub open_neighbour: Score,
        /// Per piece the enemy holds, when one's King has an empty square in front of it.
        pub drop_threat: Score,
        /// For having the move.
        pub tempo: Score,
    }
}

/// The King's square and the squares next to it (one step either way).
#[inline]
fn zone(king: usize) -> Line {
    let around = (1 << king) | (1 << king) << 1 | (1 << king) >> 1;
    around & ((1 << SQUARES) - 1)
}

/// The square in front of `side`'s King on `king`, if on the line.
#[inline]
fn in_front(side: Side, king: usize) -> Option<usize> {
    match side {
        Side::First => (king + 1 < SQUARES).then_some(king + 1),
        Side::Second => king.checked_sub(1),
    }
}

/// `side`'s material, mobility and pressure on the enemy King.
fn side_score(board: &Board, side: Side, w: &Weights) -> Score {
    let occupied = board.occupied();
    let own = board.side(side);
    let enemy_zone = zone(board.king(side.opponent()));
    let mut score = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some(piece @ Piece { kind, flipped, .. }) = board.at(from) else { continue };
        score += w.value[kind as usize][flipped as usize];
        if kind != Kind::King {
            let reach = targets(piece, from, occupied, own);
            score +=
                w.mobility * reach.count_ones() as Score + w.zone_attack * (reach & enemy_zone).count_ones() as Score;
        }
    }
    for kind in Kind::HELD {
        score += w.hand_value[kind.hand_index()] * board.in_hand(side, kind) as Score;
    }
    score - king_danger(board, side, w)
}

/// How exposed `side`'s King is: its empty neighbours the enemy attacks, and the enemy's pieces
/// in hand when the square in front of it is empty.
fn king_danger(board: &Board, side: Side, w: &Weights) -> Score {
    let king = board.king(side);
    let enemy = side.opponent();
    let mut open = zone(king) & !(1 << king) & !board.occupied();
    let mut danger = 0;
    while open != 0 {
        let square = open.trailing_zeros() as usize;
        open &= open - 1;
        if board.attacked(square, enemy) {
            danger += w.open_neighbour;
        }
    }
    if in_front(side, king).is_some_and(|square| board.at(square).is_none()) {
        let held: u8 = Kind::HELD.into_iter().map(|kind| board.in_hand(enemy, kind)).sum();
        danger += w.drop_threat * held as Score;
    }
    danger
}

/// The evaluation of `position` for its side to move, with `w`.
pub fn evaluate(position: &Ito, w: &Weights) -> Score {
    let board = position.board();
    let us = position.side;
    side_score(board, us, w) - side_score(board, us.opponent(), w) + w.tempo
}
