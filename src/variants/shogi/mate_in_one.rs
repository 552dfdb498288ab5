//! Shogi's mate in one for the checkmate search ([`Game::mate_in_one`]): every check is tried,
//! most of them ruled out without playing them because the defender's King could step to a
//! square the check leaves uncovered ([`Flights`]); the rest are played.

use super::{Shogi, ShogiMove};
use crate::game::{mated_by, Game, MateKey, OneCheck, Turn};
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::{bit, squares, Bitboard};
use crate::variants::shogi_core::piece::Kind;
use crate::vocabulary::Side;

/// The defender's King and the squares next to it that no piece of the attacker covers (nor
/// the defender holds), seen with the King lifted off the board (it does not shield its own
/// flight): what every check of one position is measured against.
struct Flights {
    king: usize,
    free: Bitboard,
}

impl Flights {
    /// The flights of the King of `position`'s side not to move, attacked by the side to move.
    fn of(position: &Shogi) -> Option<Flights> {
        let (us, them) = (position.side, position.side.opponent());
        let board = &position.board;
        let king = board.king_square(them)?;
        let occupied = board.occupied() & !bit(king);
        let mut attacked = 0;
        for sq in squares(board.side(us)) {
            if let Some(piece) = board.piece_at(sq) {
                attacked |= attacks::attacks(us, piece.kind, sq, occupied);
            }
        }
        Some(Flights { king, free: attacks::king(king) & !board.side(them) & !attacked })
    }

    /// Whether after the check `mv`, which puts a piece of `kind` on its square, the King has a
    /// square to step to (the checking piece's included) that no other piece of the side
    /// checking attacks, so that `mv` does not mate; seen without playing it. A free square the
    /// check neither attacks nor opens a line onto answers at once; the other squares are
    /// looked at one by one.
    fn escape_after(&self, position: &Shogi, mv: ShogiMove, kind: Kind) -> bool {
        let (us, them) = (position.side, position.side.opponent());
        let board = &position.board;
        let to = bit(mv.to());
        let from = mv.from().map_or(0, bit);
        // The board after the move, the King lifted off it.
        let occupied = (board.occupied() & !from | to) & !bit(self.king);
        let checker = attacks::attacks(us, kind, mv.to(), occupied);
        let uncovered = |flight: usize| board.attackers_to(flight, us, occupied) & !from == 0;
        let free = squares(self.free & !(checker & !to)).any(|flight| {
            // Only a line through the square the move empties can newly reach a free square.
            let opened = (attacks::rook_rays(flight) | attacks::bishop_rays(flight)) & from != 0;
            !opened || uncovered(flight)
        });
        free || {
            let flights = attacks::king(self.king) & !(board.side(them) & !to);
            squares(flights).any(|flight| uncovered(flight) && (bit(flight) == to || checker & bit(flight) == 0))
        }
    }
}

impl Shogi {
    /// [`Game::mate_in_one`]: the checks from the check generator, each played to see whether
    /// it mates unless a flight of the King rules it out; only a mating one is named with its
    /// key.
    pub(super) fn mating_check(&mut self, attacker: Side, key: MateKey) -> OneCheck<ShogiMove> {
        if self.side != attacker || !matches!(self.turn(), Turn::Decide(_)) {
            return OneCheck::NoCheck;
        }
        let mut checks = Vec::new();
        self.generate_checks(&mut checks);
        if checks.is_empty() {
            return OneCheck::NoCheck;
        }
        let Some(flights) = Flights::of(self) else { return OneCheck::NoMate };
        let mated = Turn::Over(mated_by(attacker));
        for mv in checks {
            let Some(kind) = self.kind_after(mv) else { continue };
            if flights.escape_after(self, mv, kind) {
                continue;
            }
            self.play(mv);
            let mates = self.turn() == mated;
            self.undo();
            if mates {
                return OneCheck::Mates(self.mate_move(key, attacker, mv));
            }
        }
        OneCheck::NoMate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_that_covers_the_only_free_flight_by_a_discovered_line_mates() {
        // The silver steps off the rook's rank: a discovered check, and the rook now covers 2a,
        // the one square next to the King no piece covered before; the gold covers 1b and 2b.
        let mut pos = Shogi::from_position_string("R3S3k/9/7G1/9/9/9/9/9/9 b - 1").unwrap_or_else(|e| panic!("{e}"));
        let key = pos.mate_key(Side::First);
        let OneCheck::Mates(mate) = pos.mating_check(Side::First, key) else { panic!("no mate found") };
        assert!(mate.mv.usi().starts_with("5a"), "{}", mate.mv.usi());
        // Without the gold the King steps to 1b or 2b: no check mates.
        let mut pos = Shogi::from_position_string("R3S3k/9/9/9/9/9/9/9/9 b - 1").unwrap_or_else(|e| panic!("{e}"));
        let key = pos.mate_key(Side::First);
        assert!(matches!(pos.mating_check(Side::First, key), OneCheck::NoMate));
    }
}
