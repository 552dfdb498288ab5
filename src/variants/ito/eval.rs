//! The Ito Shogi evaluation, from the side to move's point of view: material for both faces
//! and in hand, mobility, pressure on the squares around the enemy King (leapers and cannons
//! reach it from afar), the King's open neighbours, and drops aimed at a King short of guards.
//!
//! Tuning notes (arena, 20,000 nodes a move, concurrency 1, paired games from 4 random plies;
//! W-D-L for the candidate, Elo with its 95% interval):
//! - Drop-check term, 40 per kind the enemy holds that could be dropped (either face) to check
//!   the King: 102 games, 46-0-56, Elo -34.2 ± 73.1 (stopped, no sign of a gain). Reverted.
//! - `MOBILITY` 4 -> 8: 109 games, 70-0-39, Elo +99.1 ± 60.0, SPRT(0, 30) accepted. Kept.
//! - `MOBILITY` 8 -> 12 (against 8): 118 games, 58-0-60, Elo -5.9 ± 58.2 (stopped). Reverted.
//! - `ZONE_ATTACK` 22 -> 34 (against mobility 8): 128 games, 67-0-61, Elo +16.3 ± 49.0 (not
//!   significant). Reverted.
//!
//! Confirmation of mobility 8 against the first eval (seed 909): 300 games, 169-0-131, Elo
//! +44.2 ± 32.9. Not tried yet: values per face (Gold Cannon, flips), hand against board
//! values, a penalty for pieces that can never move again, terms by distance to the enemy King.

use super::board::Board;
use super::piece::{targets, Kind, Line, Piece, SQUARES};
use super::position::Ito;
use crate::core::{Score, Side};

/// Values on the line by `Kind as usize`, unflipped then flipped face.
const VALUE: [[Score; 2]; Kind::COUNT] = [
    [0, 0],     // King
    [330, 480], // Ramshead / Bishop
    [400, 500], // Silver Cannon / Gold Cannon
    [300, 440], // Goose / Phoenix
    [280, 350], // Lance / Howling Dog
    [220, 320], // Knight / Heavenly Horse
    [250, 330], // Iron General / Silver General
    [100, 160], // Pawn / Go-Between
];

/// Values in hand by hand index: a held piece may be dropped with either face.
const HAND_VALUE: [Score; 7] = [500, 520, 460, 370, 340, 350, 170];

/// Per square a piece can move to.
const MOBILITY: Score = 8;
/// Per attack on a square next to the enemy King (or the King's own square).
const ZONE_ATTACK: Score = 22;
/// Per square next to one's own King that is empty and attacked by the enemy.
const OPEN_NEIGHBOUR: Score = 30;
/// Per piece the enemy holds, when one's King has an empty square in front of it.
const DROP_THREAT: Score = 12;
/// For having the move.
const TEMPO: Score = 15;

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
fn side_score(board: &Board, side: Side) -> Score {
    let occupied = board.occupied();
    let own = board.side(side);
    let enemy_zone = zone(board.king(side.opponent()));
    let mut score = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some(piece @ Piece { kind, flipped, .. }) = board.at(from) else { continue };
        score += VALUE[kind as usize][flipped as usize];
        if kind != Kind::King {
            let reach = targets(piece, from, occupied, own);
            score += MOBILITY * reach.count_ones() as Score + ZONE_ATTACK * (reach & enemy_zone).count_ones() as Score;
        }
    }
    for kind in Kind::HELD {
        score += HAND_VALUE[kind.hand_index()] * board.in_hand(side, kind) as Score;
    }
    score - king_danger(board, side)
}

/// How exposed `side`'s King is: its empty neighbours the enemy attacks, and the enemy's pieces
/// in hand when the square in front of it is empty.
fn king_danger(board: &Board, side: Side) -> Score {
    let king = board.king(side);
    let enemy = side.opponent();
    let mut open = zone(king) & !(1 << king) & !board.occupied();
    let mut danger = 0;
    while open != 0 {
        let square = open.trailing_zeros() as usize;
        open &= open - 1;
        if board.attacked(square, enemy) {
            danger += OPEN_NEIGHBOUR;
        }
    }
    if in_front(side, king).is_some_and(|square| board.at(square).is_none()) {
        let held: u8 = Kind::HELD.into_iter().map(|kind| board.in_hand(enemy, kind)).sum();
        danger += DROP_THREAT * held as Score;
    }
    danger
}

/// The evaluation of `position` for its side to move.
pub fn evaluate(position: &Ito) -> Score {
    let board = position.board();
    let us = position.side;
    side_score(board, us) - side_score(board, us.opponent()) + TEMPO
}
