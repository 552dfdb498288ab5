//! Which turns are legal (docs/rules/philosophers-chess.md §6–§7, docs/game-contract.md §2.2):
//! a bounded two-level walk over sub-moves, each judged on a copy of the board for the mover's
//! King and the no-repetition record.

use super::board::Board;
use super::moves::{PhilosophersMove, SubMove};
use super::piece::{philosopher_targets, rook_targets, Kind, LINES};
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
    /// Whether the side to move may play the pseudo-legal sub-move `sub` on `board` (this
    /// position's or one sub-move after it, `checked` saying whether its King is attacked
    /// there), or why not, without making it.
    #[inline]
    pub(super) fn judge_sub(&self, board: &Board, sub: SubMove, checked: bool) -> Result<(), Refusal> {
        if self.exposes_king(board, sub, checked) {
            return Err(Refusal::KingAttacked);
        }
        if self.arrangements.seen(board.arrangement_after(sub)) {
            return Err(Refusal::Repeats);
        }
        Ok(())
    }

    /// Whether `sub`, played on `before` (where the mover's King is attacked iff `checked`),
    /// leaves the King attacked. Out of check only what the
    /// sub-move can change is read: the King's new square; after a mind-move, the enemy
    /// Philosophers' new pattern; after another piece's move, a Rook line it opened (every
    /// other piece leaps, so moving a piece uncovers nothing else, and taking one adds no
    /// attack).
    #[inline]
    fn exposes_king(&self, before: &Board, sub: SubMove, checked: bool) -> bool {
        let us = self.side;
        let king = before.king(us);
        if checked {
            return before.sets_after(sub).in_check(us);
        }
        if sub.is_mind() {
            let thinkers = before.side(us.opponent()) & before.philosophers();
            return philosopher_targets(sub.thought_to(), king) & thinkers != 0;
        }
        let from = 1 << sub.from();
        let opens_a_line = LINES[king] & from != 0 && rook_targets(king, before.occupied()) & from != 0;
        (sub.from() == king || opens_a_line) && before.sets_after(sub).in_check(us)
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

    /// Calls `visit` with every legal turn of the side to move, each sub-move sequence once.
    pub(super) fn legal_turns(&self, visit: &mut impl FnMut(PhilosophersMove)) {
        self.walk_turns::<false>(visit);
    }

    /// Calls `visit` with every legal turn of the side to move that captures or promotes
    /// ([`PhilosophersMove::is_noisy`]), in [`legal_turns`](Philosophers::legal_turns)'s order:
    /// a quiet first sub-move that cannot begin a turn of two is never judged.
    pub(super) fn noisy_turns(&self, visit: &mut impl FnMut(PhilosophersMove)) {
        self.walk_turns::<true>(visit);
    }

    /// The two-level walk behind [`legal_turns`](Philosophers::legal_turns) (`NOISY` false:
    /// every legal turn) and [`noisy_turns`](Philosophers::noisy_turns) (`NOISY` true: only
    /// the turns with a noisy sub-move). `NOISY` is a constant, so the full walk pays nothing
    /// for the filter.
    #[inline]
    fn walk_turns<const NOISY: bool>(&self, visit: &mut impl FnMut(PhilosophersMove)) {
        let board = &self.board;
        board.sub_moves(self.side, &mut |first| {
            if NOISY && !first.is_noisy() && !self.continues_after(first) {
                return false;
            }
            if self.judge_sub(board, first, self.checked).is_err() {
                return false;
            }
            if !NOISY || first.is_noisy() {
                visit(PhilosophersMove::single(first));
            }
            if self.continues_after(first) {
                let mut after = *board;
                after.make(first);
                self.second_sub_moves(first, &after, &mut |second| {
                    // `first` was legal: the King is safe after it.
                    let wanted = !NOISY || first.is_noisy() || second.is_noisy();
                    if wanted && self.judge_sub(&after, second, false).is_ok() {
                        visit(PhilosophersMove::double(first, second));
                    }
                    false
                });
            }
            false
        });
    }

    /// Whether the side to move has a legal turn: a legal first sub-move is one.
    pub(super) fn has_legal_turn(&self) -> bool {
        self.board.sub_moves(self.side, &mut |first| self.judge_sub(&self.board, first, self.checked).is_ok())
    }
}
