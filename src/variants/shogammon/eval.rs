//! The Shogammon evaluation, from the side to move's point of view, for a game without check
//! where the dice say which pieces may move: material on the board (both levels of a point) and
//! in hand; points; what the next roll of each side can take (a single piece falls to any die
//! whose pieces reach it, a point only to two different pieces whose dice both come up, the
//! King worth the game); and dice that could not be used.
//!
//! The search evaluates chance nodes: a horizon falls just after a turn, before the next roll
//! (as backgammon programs evaluate before the dice). The side to move rolls first, so its
//! threats weigh more than the opponent's, which it may still parry. A decision node (known
//! roll) is evaluated the same way.
//!
//! The weights live in `weights.rs` (tuned with `arena`; docs/strength.md lists the trials).

use super::dice::DieTable;
use super::points::Board;
use super::turns::Turn;
use super::weights::WEIGHTS;
use crate::variants::shogi_core::attacks::attacks;
use crate::variants::shogi_core::bitboard::{bit, squares, Bitboard};
use crate::variants::shogi_core::piece::{Kind, Piece, HAND_KINDS, KINDS};
use crate::variants::shogi_core::square::{rank_of, Square};
use crate::vocabulary::{Score, Side};

/// A piece's value on a point by `Kind as usize`: P L N S B R G K +P +L +N +S +B +R. Shogammon's
/// own, equal to standard shogi's exchange values when written: a change to shogi's does not
/// move Shogammon.
const BOARD_VALUE: [Score; KINDS] = [90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395];

/// A piece's value in hand by `Kind as usize` (`Pawn`..`Gold`).
const HAND_VALUE: [Score; HAND_KINDS] = [100, 345, 445, 545, 935, 1090, 590];

crate::weight_table! {
    /// The evaluation's weights (the constant is in `weights.rs`, which `arena tune` rewrites).
    pub struct Weights {
        /// What losing the King costs in the threat terms (the game, short of a decided score).
        pub king_value: Score,
        /// Per point: two pieces that a single enemy piece cannot take.
        pub point: Score,
        /// Per die number whose pieces other than the King have nowhere to go and nothing to
        /// drop (a die that would be lost).
        pub lost_die: Score,
        /// The share (of 4) of the opponent's threats counted: its roll comes after a turn to
        /// parry.
        pub their_threats: Score,
        /// The share (of 4) of the side to move's threats counted: its roll comes next.
        pub our_threats: Score,
        /// Per rank a pawn has advanced past its start.
        pub pawn_advance: Score,
    }
}

/// The position's value for `side` (the side to move) under the die table `table`, with `w`.
pub fn evaluate(board: &Board, side: Side, table: &DieTable, w: &Weights) -> Score {
    let us = Forces::of(board, side, table);
    let them = Forces::of(board, side.opponent(), table);
    let mut score = material(board, side, w) - material(board, side.opponent(), w);
    score += w.point * (board.points() & board.tops().side(side)).count_ones() as Score;
    score -= w.point * (board.points() & board.tops().side(side.opponent())).count_ones() as Score;
    score -= w.lost_die * (us.lost_dice(board, table) - them.lost_dice(board, table));
    score -= w.their_threats * them.threat(board, side, w.king_value) / 4;
    score += w.our_threats * us.threat(board, side.opponent(), w.king_value) / 4;
    score
}

/// What `side`'s `turn` takes (a single, or both pieces of a point; the King worth the game)
/// and gains by promoting, read on the board before the turn: the order in which the search
/// tries noisy turns.
pub fn turn_gain(board: &Board, side: Side, turn: Turn) -> Score {
    let tops = board.tops();
    let mut gain = 0;
    let mut taken = 0;
    for sub in turn.subs() {
        if let Some(top) = tops.piece_at(sub.to()).filter(|piece| piece.side != side && taken & bit(sub.to()) == 0) {
            taken |= bit(sub.to());
            let lower = board.under(sub.to());
            gain += [Some(top), lower]
                .into_iter()
                .flatten()
                .map(|piece| captured(piece, WEIGHTS.king_value))
                .sum::<Score>();
        }
        if let (true, Some(from)) = (sub.promotes(), sub.from()) {
            let kind = tops.piece_at(from).map_or(Kind::Pawn, |piece| piece.kind);
            gain += BOARD_VALUE[kind.promoted().index()] - BOARD_VALUE[kind.index()];
        }
    }
    gain
}

/// What taking `piece` wins: its value on the board and in the taker's hand; the game
/// (`king_value`) for a King.
fn captured(piece: Piece, king_value: Score) -> Score {
    match piece.kind {
        Kind::King => king_value,
        kind => BOARD_VALUE[kind.index()] + HAND_VALUE[kind.unpromoted().index()],
    }
}

/// The value of `side`'s pieces on the board (both levels of a point) and in hand, with pawn
/// advance.
fn material(board: &Board, side: Side, w: &Weights) -> Score {
    let tops = board.tops();
    let mut score = 0;
    for sq in squares(tops.side(side)) {
        let Some(piece) = tops.piece_at(sq) else { continue };
        score += value_on_board(piece, sq, w);
        score += board.under(sq).map_or(0, |lower| value_on_board(lower, sq, w));
    }
    let hand = tops.hand(side);
    for kind in Kind::IN_HAND {
        score += HAND_VALUE[kind.index()] * Score::from(hand.count(kind));
    }
    score
}

/// A piece's value where it stands.
fn value_on_board(piece: Piece, sq: Square, w: &Weights) -> Score {
    let advance = match (piece.kind, piece.side) {
        (Kind::Pawn, Side::First) => 6 - rank_of(sq) as Score,
        (Kind::Pawn, Side::Second) => rank_of(sq) as Score - 2,
        _ => 0,
    };
    BOARD_VALUE[piece.kind.index()] + w.pawn_advance * advance.max(0)
}

/// One side's top pieces as the dice see them: per die number (1..=6; index 0 unused), the
/// squares one of its pieces reaches, those two or more reach, and whether a piece of it other
/// than the King reaches a square that is not a point.
struct Forces {
    once: [Bitboard; 7],
    twice: [Bitboard; 7],
    moves_off_points: [bool; 7],
    side: Side,
}

impl Forces {
    fn of(board: &Board, side: Side, table: &DieTable) -> Forces {
        let tops = board.tops();
        let occupied = tops.occupied();
        let mut forces = Forces { once: [0; 7], twice: [0; 7], moves_off_points: [false; 7], side };
        for sq in squares(tops.side(side)) {
            let Some(piece) = tops.piece_at(sq) else { continue };
            let die = table.die_of(piece.kind) as usize;
            let reach = attacks(side, piece.kind, sq, occupied);
            forces.twice[die] |= forces.once[die] & reach;
            forces.once[die] |= reach;
            forces.moves_off_points[die] |= piece.kind != Kind::King && reach & !board.points() != 0;
        }
        forces
    }

    /// How many die numbers (1..6) `side` could not use: no top piece of the die but the King
    /// reaches a square that is not a point, and no piece of the die is in hand. The King's own
    /// moves do not count: rewarding them draws the King out of shelter to keep its die alive
    /// (docs/strength.md).
    fn lost_dice(&self, board: &Board, table: &DieTable) -> Score {
        let mut usable = self.moves_off_points;
        let hand = board.tops().hand(self.side);
        for kind in Kind::IN_HAND {
            usable[table.die_of(kind) as usize] |= hand.count(kind) > 0;
        }
        usable[1..].iter().filter(|&&u| !u).count() as Score
    }

    /// The expected loss of `victim` to these pieces' next roll: the largest chance × value over
    /// its pieces, plus half the second largest (a turn has two sub-moves).
    fn threat(&self, board: &Board, victim: Side, king_value: Score) -> Score {
        let reached = self.once.iter().fold(0, |all, &once| all | once);
        let (mut first, mut second) = (0, 0);
        for sq in squares(board.tops().side(victim) & reached) {
            let Some(top) = board.tops().piece_at(sq) else { continue };
            let lower = board.under(sq);
            // Attackers per die, counted up to two (all the chances below tell apart).
            let mut attackers = [0u8; 7];
            for (die, count) in attackers.iter_mut().enumerate().skip(1) {
                *count = u8::from(self.once[die] & bit(sq) != 0) + u8::from(self.twice[die] & bit(sq) != 0);
            }
            let chance = if lower.is_some() { point_chance(&attackers) } else { single_chance(&attackers) };
            if chance == 0 {
                continue;
            }
            let loss = chance * (captured(top, king_value) + lower.map_or(0, |piece| captured(piece, king_value))) / 36;
            if loss > first {
                second = first;
                first = loss;
            } else if loss > second {
                second = loss;
            }
        }
        first + second / 2
    }
}

/// Of the 36 ordered rolls, how many have a die among those with an attacker.
fn single_chance(attackers: &[u8; 7]) -> Score {
    let missing = attackers[1..].iter().filter(|&&n| n == 0).count() as Score;
    36 - missing * missing
}

/// Of the 36 ordered rolls, how many let two different attackers land on a point: one for each
/// die (two of one die's pieces for a double).
fn point_chance(attackers: &[u8; 7]) -> Score {
    let mut rolls = 0;
    for a in 1..=6 {
        for b in 1..=6 {
            let takes = if a == b { attackers[a] >= 2 } else { attackers[a] >= 1 && attackers[b] >= 1 };
            rolls += Score::from(takes);
        }
    }
    rolls
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_count_the_rolls_that_bring_an_attacker() {
        // One die number attacks a single: 11 of 36 ordered rolls show it.
        assert_eq!(single_chance(&[0, 1, 0, 0, 0, 0, 0]), 11);
        assert_eq!(single_chance(&[0, 1, 1, 0, 0, 0, 0]), 20);
        assert_eq!(single_chance(&[0; 7]), 0);
        // A point: two different dice, each with one attacker: 2 ordered rolls (a-b, b-a).
        assert_eq!(point_chance(&[0, 1, 1, 0, 0, 0, 0]), 2);
        // Two attackers of one die: the double only, or with the other die.
        assert_eq!(point_chance(&[0, 2, 0, 0, 0, 0, 0]), 1);
        assert_eq!(point_chance(&[0, 1, 0, 0, 0, 0, 0]), 0);
    }
}
