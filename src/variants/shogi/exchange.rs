//! Static exchange evaluation: what a move wins or loses on its destination square when both
//! sides then capture there, least valuable piece first, each free to stop. Pins and checks
//! are ignored (the usual approximation); a King never captures onto a square still attacked.

use super::eval::{BOARD_VALUE, HAND_VALUE};
use super::position::Shogi;
use crate::variants::shogi_core::bitboard::{bit, first, Bitboard};
use crate::variants::shogi_core::board::Board;
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::square::Square;
use crate::vocabulary::Score;

/// The kinds in the order a side spends them in an exchange: cheapest first, the King last.
const CHEAPEST_FIRST: [Kind; 14] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::Silver,
    Kind::ProSilver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
    Kind::King,
];

/// Capturing a King ends the game: more than any exchange of other pieces can be worth.
const KING_VALUE: Score = 20_000;

/// The deepest exchange followed: both sides together own at most 40 pieces.
const MAX_EXCHANGE: usize = 41;

/// What taking a piece of `kind` is worth to the capturer: the owner loses its board value and
/// the capturer gains it in hand.
fn capture_value(kind: Kind) -> Score {
    match kind {
        Kind::King => KING_VALUE,
        _ => BOARD_VALUE[kind.index()] + HAND_VALUE[kind.unpromoted().index()],
    }
}

/// The cheapest of `attackers` (a non-empty set of one side's pieces on `board`).
fn cheapest(board: &Board, attackers: Bitboard) -> (Square, Kind) {
    for kind in CHEAPEST_FIRST {
        let set = attackers & board.kind(kind);
        if set != 0 {
            return (first(set), kind);
        }
    }
    (first(attackers), Kind::King)
}

impl Shogi {
    /// The material the side to move wins with `mv` (a legal move of this position) once the
    /// exchange on its destination square has run its course: the captured piece's value
    /// (board and hand), the promotion's gain, minus what the opponent then wins back.
    /// Negative when the move loses material; 0 for a quiet move to a safe square.
    pub fn exchange_gain(&self, mv: ShogiMove) -> Score {
        let board = self.board();
        let to = mv.to();
        let mut occupied = board.occupied() | bit(to);
        let mut gains = [0; MAX_EXCHANGE];
        let mut standing = match (mv.from(), mv.dropped()) {
            (Some(from), _) => {
                let Some(piece) = board.piece_at(from) else { return 0 };
                occupied &= !bit(from);
                gains[0] = board.piece_at(to).map_or(0, |victim| capture_value(victim.kind));
                if mv.promotes() {
                    gains[0] += BOARD_VALUE[piece.kind.promoted().index()] - BOARD_VALUE[piece.kind.index()];
                    piece.kind.promoted()
                } else {
                    piece.kind
                }
            }
            (None, Some(kind)) => kind,
            (None, None) => return 0,
        };
        let mut side = self.side.opponent();
        let mut depth = 0;
        while depth + 1 < MAX_EXCHANGE {
            let attackers = board.attackers_to(to, side, occupied) & occupied;
            if attackers == 0 {
                break;
            }
            let (sq, kind) = cheapest(board, attackers);
            if kind == Kind::King && board.attackers_to(to, side.opponent(), occupied) & occupied != 0 {
                break;
            }
            depth += 1;
            gains[depth] = capture_value(standing) - gains[depth - 1];
            occupied &= !bit(sq);
            standing = kind;
            side = side.opponent();
        }
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gain(sfen: &str, usi: &str) -> Score {
        let position = Shogi::from_position_string(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let mv = ShogiMove::parse_usi(usi).unwrap_or_else(|| panic!("{usi}"));
        position.exchange_gain(mv)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        assert_eq!(gain("4k4/9/4s4/9/9/9/9/9/4R3K b - 1", "5i5c"), capture_value(Kind::Silver));
    }

    #[test]
    fn a_defended_piece_taken_by_a_bigger_one_loses_the_difference() {
        // The gold on 5b takes the rook back.
        let value = gain("4k4/4g4/4s4/9/9/9/9/9/4R3K b - 1", "5i5c");
        assert_eq!(value, capture_value(Kind::Silver) - capture_value(Kind::Rook));
    }

    #[test]
    fn a_slider_behind_the_capturer_joins_the_exchange() {
        // Pawn takes pawn on 5d, defended by the silver on 4c: an even trade, unless the rook
        // behind the pawn takes the silver back, which makes the recapture a loss for Gote.
        assert_eq!(gain("4k4/9/5s3/4p4/4P4/9/9/9/8K b - 1", "5e5d"), 0);
        assert_eq!(gain("4k4/9/5s3/4p4/4P4/9/9/9/4R3K b - 1", "5e5d"), capture_value(Kind::Pawn));
    }

    #[test]
    fn a_promotion_gains_on_a_safe_square_and_loses_the_piece_on_a_defended_one() {
        let promotion = BOARD_VALUE[Kind::Horse.index()] - BOARD_VALUE[Kind::Bishop.index()];
        assert_eq!(gain("4k4/9/9/9/9/9/9/9/K1B6 b - 1", "7i1c+"), promotion);
        // The gold on 2b takes the new Horse.
        assert_eq!(gain("4k4/7g1/9/9/9/9/9/9/K1B6 b - 1", "7i1c+"), promotion - capture_value(Kind::Horse));
    }

    #[test]
    fn a_king_takes_only_on_an_undefended_square() {
        assert_eq!(gain("4k4/9/5S3/9/9/9/9/9/4K4 b - 1", "4c5b"), -capture_value(Kind::Silver));
        assert_eq!(gain("4k4/9/4GS3/9/9/9/9/9/4K4 b - 1", "4c5b"), 0);
    }

    #[test]
    fn a_drop_on_an_attacked_square_loses_the_piece() {
        assert_eq!(gain("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5b"), -capture_value(Kind::Gold));
        assert_eq!(gain("4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e"), 0);
    }
}
