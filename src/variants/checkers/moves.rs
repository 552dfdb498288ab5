//! One checkers move: a whole turn, a step or slide, or a complete capture sequence.

use super::geometry::Squares;

/// The most squares in a path: the origin and one landing per captured piece (at most 14
/// enemy pieces on 9x9; none can be jumped twice).
pub const MAX_PATH: usize = 15;

/// A move: the squares the piece visits, origin first (two for a step, a slide or one jump;
/// every landing of a capture sequence in order), and the pieces it captures.
///
/// Unused path entries are 0, so two moves are equal exactly when their paths, captures and
/// ordinals are. The ordinal numbers the capture moves of one position in generation order
/// (0 for non-captures): it makes [`code`](CheckersMove::code) unique among the moves of a
/// position (docs/game-contract.md §8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CheckersMove {
    path: [u8; MAX_PATH],
    len: u8,
    ordinal: u32,
    captured: Squares,
}

impl CheckersMove {
    /// A step or slide from `from` to `to`.
    #[inline]
    pub fn quiet(from: usize, to: usize) -> CheckersMove {
        let mut path = [0; MAX_PATH];
        path[0] = from as u8;
        path[1] = to as u8;
        CheckersMove { path, len: 2, ordinal: 0, captured: 0 }
    }

    /// A capture sequence along `path` (origin first) taking `captured`, numbered `ordinal`
    /// among its position's captures.
    #[inline]
    pub fn capture(path: &[u8], captured: Squares, ordinal: u32) -> CheckersMove {
        let mut squares = [0; MAX_PATH];
        squares[..path.len()].copy_from_slice(path);
        CheckersMove { path: squares, len: path.len() as u8, ordinal, captured }
    }

    /// The squares visited, origin first.
    #[inline]
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }

    #[inline]
    pub fn from(&self) -> usize {
        self.path[0] as usize
    }

    #[inline]
    pub fn to(&self) -> usize {
        self.path[self.len as usize - 1] as usize
    }

    /// The pieces taken (empty for a step or slide).
    #[inline]
    pub fn captured(&self) -> Squares {
        self.captured
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The move's code: `from << 7 | to` for a step or slide, `1 << 31 | from << 24 | ordinal`
    /// for a capture.
    #[inline]
    pub fn code(&self) -> u32 {
        if self.is_capture() {
            1 << 31 | (self.from() as u32) << 24 | self.ordinal
        } else {
            (self.from() as u32) << 7 | self.to() as u32
        }
    }
}
