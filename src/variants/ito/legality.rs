//! Which pseudo-legal moves are legal (docs/rules/ito.md §5–§7, docs/game-contract.md §6): the
//! mover's King safe, no third occurrence of a position, and no move that leaves the opponent
//! out of check without a reply (judged on the opponent's basic replies only).

use super::board::Board;
use super::moves::ItoMove;
use super::position::{side_key, Ito};
use crate::vocabulary::Side;

/// Why a pseudo-legal move is illegal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// It leaves the mover's King attacked.
    KingAttacked,
    /// It would create a position for the third time.
    ThirdOccurrence,
    /// The opponent would not be in check and would have no legal move.
    Stalemate,
}

impl Refusal {
    /// The reason in words, for `illegal move` errors.
    pub fn words(self) -> &'static str {
        match self {
            Refusal::KingAttacked => "the King would be in check",
            Refusal::ThirdOccurrence => "it would create the same position for the third time",
            Refusal::Stalemate => "it would leave the opponent without a legal move while not in check",
        }
    }
}

impl Ito {
    /// The line after the side to move plays the pseudo-legal `mv`, or why `mv` is illegal.
    pub(super) fn judge_move(&self, mv: ItoMove) -> Result<Board, Refusal> {
        let them = self.side.opponent();
        let after = self.basic(&self.board, self.side, mv)?;
        if !after.in_check(them) && !self.has_basic_reply(&after, them) {
            return Err(Refusal::Stalemate);
        }
        Ok(after)
    }

    /// The line after `side` plays the pseudo-legal `mv` on `board` (this position's line or one
    /// move after it), judged by the rules every move keeps: the mover's King safe and no third
    /// occurrence. Everything but the stalemate rule.
    fn basic(&self, board: &Board, side: Side, mv: ItoMove) -> Result<Board, Refusal> {
        let mut after = *board;
        after.make(side, mv);
        if after.in_check(side) {
            return Err(Refusal::KingAttacked);
        }
        if self.seen.banned(after.key() ^ side_key(side.opponent())) {
            return Err(Refusal::ThirdOccurrence);
        }
        Ok(after)
    }

    /// Whether `side`, to move on `board` (one move after this position), has a move that keeps
    /// its King safe and creates no third occurrence. The stalemate rule is not applied to it
    /// (the rule's replies are judged without recursion).
    fn has_basic_reply(&self, board: &Board, side: Side) -> bool {
        board.pseudo_moves(side, |reply| self.basic(board, side, reply).is_ok())
    }

    /// Appends every legal move of the side to move.
    pub(super) fn generate_moves(&self, moves: &mut Vec<ItoMove>) {
        self.board.pseudo_moves(self.side, |mv| {
            if self.judge_move(mv).is_ok() {
                moves.push(mv);
            }
            false
        });
    }

    /// Whether the side to move has a legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        self.board.pseudo_moves(self.side, |mv| self.judge_move(mv).is_ok())
    }
}
