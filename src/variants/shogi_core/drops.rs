//! The board rules for drops shared by every shogi-like game: the dead-piece rule and nifu (no
//! second unpromoted pawn of one player on a file). Pawn-drop mate is a standard-shogi rule and
//! lives with its move generator.

use super::bitboard::{files_of, Bitboard};
use super::piece::Kind;
use super::promotion::dead_squares;
use crate::vocabulary::Side;

/// The squares of `empty` where `side` may drop a piece of `kind` (unpromoted, not King), given
/// the player's unpromoted pawns on the board (`own_pawns`, for nifu).
#[inline]
pub fn drop_targets(side: Side, kind: Kind, empty: Bitboard, own_pawns: Bitboard) -> Bitboard {
    let targets = empty & !dead_squares(side, kind);
    if kind == Kind::Pawn {
        targets & !files_of(own_pawns)
    } else {
        targets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi_core::bitboard::{bit, file_mask, rank_mask, BOARD};
    use crate::variants::shogi_core::square::parse_square;

    #[test]
    fn pawns_respect_nifu_and_every_kind_the_dead_squares() {
        let pawn = bit(parse_square("5g").expect("square"));
        let targets = drop_targets(Side::First, Kind::Pawn, BOARD, pawn);
        assert_eq!(targets & file_mask(4), 0);
        assert_eq!(targets & rank_mask(0), 0);
        assert_eq!(targets.count_ones(), 8 * 8);
        assert_eq!(drop_targets(Side::Second, Kind::Knight, BOARD, 0), BOARD & !rank_mask(8) & !rank_mask(7));
        assert_eq!(drop_targets(Side::Second, Kind::Rook, BOARD ^ pawn, pawn), BOARD ^ pawn);
    }
}
