//! What a noisy turn wins, roughly: the search orders captures by it and quiescence skips the
//! turns it calls losing (`Game::exchange_gain`).

use super::eval::VALUE;
use super::moves::PhilosophersMove;
use super::piece::Kind;
use super::position::Philosophers;
use crate::vocabulary::Score;

impl Philosophers {
    /// The values of the pieces the turn takes and of its promotion, less the value of the piece
    /// that made the last Field move when the opponent then attacks its square (valued as it was
    /// before the turn: enlightenment by capture is not counted as something to lose).
    pub(super) fn exchange_gain(&self, turn: PhilosophersMove) -> Score {
        let us = self.side;
        let mut board = self.board;
        let mut gain = 0;
        let mut last = None;
        for sub in turn.subs() {
            if !sub.is_mind() {
                gain += board.at(sub.to()).map_or(0, |victim| VALUE[victim.kind as usize]);
                let mover = sub.promotion().or(board.at(sub.from()).map(|piece| piece.kind)).unwrap_or(Kind::Pawn);
                if let Some(kind) = sub.promotion() {
                    gain += VALUE[kind as usize] - VALUE[Kind::Pawn as usize];
                }
                last = Some((sub.to(), mover));
            }
            board.make(sub);
        }
        match last {
            Some((square, mover)) if board.attacked(square, us.opponent()) => gain - VALUE[mover as usize],
            _ => gain,
        }
    }
}
