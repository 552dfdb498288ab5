//! Where pieces may and must promote, and where an unpromoted piece could never move again
//! (the dead-piece rule, which also governs drops).

use super::bitboard::{bit, far_ranks, Bitboard, BOARD};
use super::piece::Kind;
use super::square::Square;
use crate::vocabulary::Side;

const ZONE: [Bitboard; 2] = [far_ranks(Side::First, 3), far_ranks(Side::Second, 3)];
const LAST_RANK: [Bitboard; 2] = [far_ranks(Side::First, 1), far_ranks(Side::Second, 1)];
const LAST_TWO: [Bitboard; 2] = [far_ranks(Side::First, 2), far_ranks(Side::Second, 2)];

/// The promotion zone of `side`: its three farthest ranks.
#[inline]
pub fn zone(side: Side) -> Bitboard {
    ZONE[side.index()]
}

/// The squares where an unpromoted piece of `side` and `kind` could never move again: the last
/// rank for pawns and lances, the last two for knights, none for the others. No such piece may
/// stand there: moves there must promote and drops there are illegal.
#[inline]
pub fn dead_squares(side: Side, kind: Kind) -> Bitboard {
    match kind {
        Kind::Pawn | Kind::Lance => LAST_RANK[side.index()],
        Kind::Knight => LAST_TWO[side.index()],
        _ => 0,
    }
}

/// For a move by a piece of `side` and `kind` from `from`: the destinations where it may
/// promote (the move starts or ends in the zone) and, among them, those where it must.
#[inline]
pub fn promotion_masks(side: Side, kind: Kind, from: Square) -> (Bitboard, Bitboard) {
    if !kind.can_promote() {
        return (0, 0);
    }
    let zone = zone(side);
    let may = if zone & bit(from) != 0 { BOARD } else { zone };
    (may, dead_squares(side, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi_core::square::parse_square;

    fn sq(name: &str) -> Square {
        parse_square(name).expect("a square name")
    }

    #[test]
    fn zones_and_dead_squares() {
        assert_ne!(zone(Side::First) & bit(sq("5c")), 0);
        assert_eq!(zone(Side::First) & bit(sq("5d")), 0);
        assert_ne!(zone(Side::Second) & bit(sq("5g")), 0);
        assert_ne!(dead_squares(Side::First, Kind::Knight) & bit(sq("1b")), 0);
        assert_eq!(dead_squares(Side::First, Kind::Lance) & bit(sq("1b")), 0);
        assert_ne!(dead_squares(Side::Second, Kind::Pawn) & bit(sq("9i")), 0);
        assert_eq!(dead_squares(Side::First, Kind::Silver), 0);
        // A bishop leaving the zone may promote anywhere; entering it, only inside.
        assert_eq!(promotion_masks(Side::First, Kind::Bishop, sq("2b")).0, BOARD);
        assert_eq!(promotion_masks(Side::First, Kind::Bishop, sq("8h")).0, zone(Side::First));
        assert_eq!(promotion_masks(Side::First, Kind::Gold, sq("2b")), (0, 0));
        assert_eq!(promotion_masks(Side::Second, Kind::Horse, sq("2h")), (0, 0));
    }
}
