//! Which turns are legal (docs/rules/philosophers-chess.md §6–§7, docs/game-contract.md §2.2):
//! a bounded two-level walk over sub-moves, each judged on a copy of the board for the mover's
//! King and the no-repetition record.

use super::board::Board;
use super::moves::{PhilosophersMove, SubMove};
use super::piece::Kind;
use super::position::Philosophers;

/// Why a pseudo-legal sub-move is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// It leaves the mover's King attacked.
    KingAttacked,
    /// It recreates an arrangement of Field and Thought the game has already had.
    Repeats,
}

impl Refusal {
    /// The reason in words, for `illegal move` errors.
    pub fn words(self) -> &'static str {
        match self {
            Refusal::KingAttacked => "the King would be in check",
            Refusal::Repeats => "it would recreate an earlier arrangement of the Field and the Thought",
        }
    }
}

impl Philosophers {
    /// The board after the side to move plays the pseudo-legal sub-move `sub` on `board` (this
    /// position's or one sub-move after it), or why that is illegal.
    #[inline]
    pub(super) fn judge_sub(&self, board: &Board, sub: SubMove) -> Result<Board, Refusal> {
        let mut after = *board;
        after.make(self.side, sub);
        if after.in_check(self.side) {
            return Err(Refusal::KingAttacked);
        }
        if self.arrangements.seen(after.arrangement()) {
            return Err(Refusal::Repeats);
        }
        Ok(after)
    }

    /// Whether a turn may go on after `first` (played from this position): its owner held an
    /// Enlightened Philosopher when the turn began, and `first` was a mind-move or moved one.
    #[inline]
    pub(super) fn continues_after(&self, first: SubMove) -> bool {
        let enlightened = self.board.pieces(self.side, Kind::Enlightened) != 0;
        enlightened
            && (first.is_mind() || self.board.at(first.from()).is_some_and(|piece| piece.kind == Kind::Enlightened))
    }

    /// Calls `visit` with the pseudo-legal second sub-moves after `first` on `after` (the
    /// board after it): after a mind-move, any own Enlightened Philosopher's moves; after an
    /// Enlightened move, the same piece's moves from where it landed; then the mind-moves.
    /// Only called when [`continues_after`](Philosophers::continues_after) holds.
    #[inline]
    pub(super) fn second_sub_moves(
        &self,
        first: SubMove,
        after: &Board,
        visit: &mut impl FnMut(SubMove) -> bool,
    ) -> bool {
        let us = self.side;
        let mut movers = if first.is_mind() { after.pieces(us, Kind::Enlightened) } else { 1 << first.to() };
        while movers != 0 {
            let from = movers.trailing_zeros() as usize;
            movers &= movers - 1;
            if after.piece_moves(us, from, visit) {
                return true;
            }
        }
        after.mind_moves(visit)
    }

    /// Calls `visit` with every legal turn of the side to move, each sub-move sequence once;
    /// stops and returns `true` as soon as `visit` does.
    pub(super) fn legal_turns(&self, visit: &mut impl FnMut(PhilosophersMove) -> bool) -> bool {
        let board = &self.board;
        board.sub_moves(self.side, &mut |first| {
            let Ok(after) = self.judge_sub(board, first) else { return false };
            if visit(PhilosophersMove::single(first)) {
                return true;
            }
            self.continues_after(first)
                && self.second_sub_moves(first, &after, &mut |second| {
                    self.judge_sub(&after, second).is_ok() && visit(PhilosophersMove::double(first, second))
                })
        })
    }

    /// Whether the side to move has a legal turn: a legal first sub-move is one.
    pub(super) fn has_legal_turn(&self) -> bool {
        self.board.sub_moves(self.side, &mut |first| self.judge_sub(&self.board, first).is_ok())
    }
}
