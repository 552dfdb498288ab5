//! Sets of squares as `u128` bitboards: bit `sq` is square `sq` (see [`super::square`]); bits
//! 81..128 are always clear.

use super::square::{square, Square, SQUARES};
use crate::vocabulary::Side;

/// A set of squares.
pub type Bitboard = u128;

/// Every square of the board.
pub const BOARD: Bitboard = (1 << SQUARES) - 1;

/// The one-square set `{sq}`.
#[inline]
pub const fn bit(sq: Square) -> Bitboard {
    1 << sq
}

/// The squares of file index `file_index` (0 = file 1).
pub const fn file_mask(file_index: usize) -> Bitboard {
    0x1FF << (9 * file_index)
}

/// The squares of rank index `rank_index` (0 = rank `a`).
pub const fn rank_mask(rank_index: usize) -> Bitboard {
    let mut mask = 0;
    let mut file = 0;
    while file < 9 {
        mask |= bit(square(file, rank_index));
        file += 1;
    }
    mask
}

/// The `n` ranks farthest from `side` (its last `n` ranks: `a`.. for Black, ..`i` for White).
pub const fn far_ranks(side: Side, n: usize) -> Bitboard {
    let mut mask = 0;
    let mut k = 0;
    while k < n {
        mask |= rank_mask(match side {
            Side::First => k,
            Side::Second => 8 - k,
        });
        k += 1;
    }
    mask
}

/// The files (as whole-file masks) that hold at least one square of `set`.
#[inline]
pub fn files_of(set: Bitboard) -> Bitboard {
    let mut files = 0;
    for f in 0..9 {
        if set & file_mask(f) != 0 {
            files |= file_mask(f);
        }
    }
    files
}

/// The lowest square of a non-empty `set`.
#[inline]
pub fn first(set: Bitboard) -> Square {
    set.trailing_zeros() as Square
}

/// Iterates over the squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as Square;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

/// The squares of `set`, lowest first.
#[inline]
pub fn squares(set: Bitboard) -> Squares {
    Squares(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_partition_the_board() {
        let files = (0..9).fold(0, |acc, f| {
            assert_eq!(acc & file_mask(f), 0);
            acc | file_mask(f)
        });
        let ranks = (0..9).fold(0, |acc, r| {
            assert_eq!(acc & rank_mask(r), 0);
            acc | rank_mask(r)
        });
        assert_eq!(files, BOARD);
        assert_eq!(ranks, BOARD);
        assert_eq!(far_ranks(Side::First, 3), rank_mask(0) | rank_mask(1) | rank_mask(2));
        assert_eq!(far_ranks(Side::Second, 1), rank_mask(8));
        assert_eq!(files_of(bit(square(4, 6)) | bit(square(0, 2))), file_mask(4) | file_mask(0));
        assert_eq!(squares(bit(3) | bit(80)).collect::<Vec<_>>(), vec![3, 80]);
    }
}
