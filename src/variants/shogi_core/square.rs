//! Squares of the 9x9 shogi board and their USI names.
//!
//! A square is an index `0..81`: `file_index * 9 + rank_index`, where `file_index` 0 is file 1
//! (the right edge as Black, the first player, sees the board) and `rank_index` 0 is rank `a`
//! (the top, White's back rank). The nine squares of a file are contiguous bits, so a lance or a
//! rook moving along a file stays inside one run of bits.

/// A square index `0..81` (see the module documentation).
pub type Square = usize;

/// The number of squares.
pub const SQUARES: usize = 81;

/// The square on `file_index` (0 = file 1) and `rank_index` (0 = rank `a`).
#[inline]
pub const fn square(file_index: usize, rank_index: usize) -> Square {
    file_index * 9 + rank_index
}

/// The file index (0 = file 1) of `sq`.
#[inline]
pub const fn file_of(sq: Square) -> usize {
    sq / 9
}

/// The rank index (0 = rank `a`) of `sq`.
#[inline]
pub const fn rank_of(sq: Square) -> usize {
    sq % 9
}

/// The USI name of `sq`: file digit then rank letter (`7g`).
pub fn square_name(sq: Square) -> String {
    format!("{}{}", file_of(sq) + 1, (b'a' + rank_of(sq) as u8) as char)
}

/// Parses a USI square name (`7g`); `None` unless it is exactly a file digit 1-9 and a rank
/// letter a-i.
pub fn parse_square(text: &str) -> Option<Square> {
    match text.as_bytes() {
        [file @ b'1'..=b'9', rank @ b'a'..=b'i'] => Some(square((file - b'1') as usize, (rank - b'a') as usize)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_orientation() {
        for sq in 0..SQUARES {
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(square_name(0), "1a");
        assert_eq!(square_name(80), "9i");
        assert_eq!(parse_square("7g"), Some(square(6, 6)));
        for bad in ["0a", "1j", "10a", "a1", "", "1", "1A"] {
            assert_eq!(parse_square(bad), None, "{bad}");
        }
    }
}
