//! The dark squares of a checkers board as bit indices, and the eight directions pieces move in.
//!
//! Both boards are laid out on a 9-column stride: the full index of row `r`, column `c` is
//! `9r + c`, and a dark square's bit is `(9r + c - offset) / 2`. On the 9x9 board (corners dark)
//! the dark squares are exactly the even full indices (`offset` 0, bits 0..=40); on the 8x8 board
//! (column 8 never used) they are the odd ones (`offset` 1, bits 0..=34 with three unused). On
//! that stride a diagonal neighbour is 4 or 5 bits away and the next dark square along a rank or
//! file 1 or 9 bits away on both boards, so one set of shifts serves both; per-direction masks
//! keep shifts from wrapping around the board's edges.

/// A set of dark squares, one bit per square.
pub type Squares = u64;

/// A direction, named as the first player (Black, at the bottom) sees the board: north is
/// toward rank `a`, east toward file 1. The four diagonals come first; the orthogonal
/// directions go from one dark square to the next dark square along a rank or file (two
/// squares away).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    NorthWest,
    NorthEast,
    SouthWest,
    SouthEast,
    North,
    South,
    West,
    East,
}

impl Dir {
    /// The four diagonals.
    pub const DIAGONAL: [Dir; 4] = [Dir::NorthWest, Dir::NorthEast, Dir::SouthWest, Dir::SouthEast];
    /// All eight directions, diagonals first.
    pub const ALL: [Dir; 8] =
        [Dir::NorthWest, Dir::NorthEast, Dir::SouthWest, Dir::SouthEast, Dir::North, Dir::South, Dir::West, Dir::East];

    /// The direction back.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::NorthWest => Dir::SouthEast,
            Dir::NorthEast => Dir::SouthWest,
            Dir::SouthWest => Dir::NorthEast,
            Dir::SouthEast => Dir::NorthWest,
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
            Dir::East => Dir::West,
        }
    }

    /// The change of (row, column) of one step in this direction.
    const fn offset(self) -> (isize, isize) {
        match self {
            Dir::NorthWest => (-1, -1),
            Dir::NorthEast => (-1, 1),
            Dir::SouthWest => (1, -1),
            Dir::SouthEast => (1, 1),
            Dir::North => (-2, 0),
            Dir::South => (2, 0),
            Dir::West => (0, -2),
            Dir::East => (0, 2),
        }
    }

    /// The change of bit index of one step (the same on both boards).
    pub const fn delta(self) -> i32 {
        let (dr, dc) = self.offset();
        ((9 * dr + dc) / 2) as i32
    }
}

/// One board: its squares, and for every direction the squares a step or a jump can start from.
pub struct Geometry {
    /// Files (and ranks): 8 or 9.
    pub width: usize,
    /// `1` when the dark squares are the odd full indices (8x8), `0` otherwise.
    offset: usize,
    /// Every dark square.
    pub board: Squares,
    /// `steps[dir]`: the squares with a neighbour in `dir`.
    steps: [Squares; 8],
    /// `jumps[dir]`: the squares with two neighbours in a row in `dir`.
    jumps: [Squares; 8],
    /// `far[side]`: the far rank of each player (where men promote), by side index.
    pub far: [Squares; 2],
    /// `rank_of[sq]`: the row (0 = rank `a`) of each square.
    rows: [u8; 64],
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Geometry({}x{})", self.width, self.width)
    }
}

impl Geometry {
    const fn new(width: usize) -> Geometry {
        let offset = if width % 2 == 1 { 0 } else { 1 };
        let mut board = 0;
        let mut steps = [0; 8];
        let mut jumps = [0; 8];
        let mut far = [0; 2];
        let mut rows = [0u8; 64];
        let mut r = 0;
        while r < width {
            let mut c = 0;
            while c < width {
                if (r + c + offset) % 2 == 0 {
                    let bit = Self::bit_of(offset, r, c);
                    board |= 1 << bit;
                    rows[bit] = r as u8;
                    if r == 0 {
                        far[0] |= 1 << bit;
                    }
                    if r == width - 1 {
                        far[1] |= 1 << bit;
                    }
                    let mut d = 0;
                    while d < 8 {
                        let (dr, dc) = Dir::ALL[d].offset();
                        if Self::inside(width, r as isize + dr, c as isize + dc) {
                            steps[d] |= 1 << bit;
                            if Self::inside(width, r as isize + 2 * dr, c as isize + 2 * dc) {
                                jumps[d] |= 1 << bit;
                            }
                        }
                        d += 1;
                    }
                }
                c += 1;
            }
            r += 1;
        }
        Geometry { width, offset, board, steps, jumps, far, rows }
    }

    const fn inside(width: usize, r: isize, c: isize) -> bool {
        r >= 0 && c >= 0 && r < width as isize && c < width as isize
    }

    const fn bit_of(offset: usize, r: usize, c: usize) -> usize {
        (9 * r + c - offset) / 2
    }

    /// The squares of `set` moved one step in `dir` (those with no neighbour there vanish).
    #[inline(always)]
    pub fn shift(&self, set: Squares, dir: Dir) -> Squares {
        // Only squares with a neighbour in `dir` are moved, so a rotation never wraps a bit
        // around, and it needs no branch on the sign of the step.
        (set & self.steps[dir as usize]).rotate_left(dir.delta() as u32 & 63)
    }

    /// The squares from which a short jump in `dir` goes over a square of `over` onto a square
    /// of `onto`.
    #[inline(always)]
    pub fn jumpers(&self, dir: Dir, onto: Squares, over: Squares) -> Squares {
        let back = dir.opposite();
        self.shift(self.shift(onto, back) & over, back)
    }

    /// The neighbour of `sq` in `dir`, if there is one.
    #[inline(always)]
    pub fn next(&self, sq: usize, dir: Dir) -> Option<usize> {
        (self.steps[dir as usize] & (1 << sq) != 0).then(|| (sq as i32 + dir.delta()) as usize)
    }

    /// The square two steps from `sq` in `dir`, if there is one.
    #[inline(always)]
    pub fn can_jump(&self, sq: usize, dir: Dir) -> bool {
        self.jumps[dir as usize] & (1 << sq) != 0
    }

    /// The row of `sq` (0 = rank `a`, the top).
    #[inline]
    pub fn row(&self, sq: usize) -> usize {
        self.rows[sq] as usize
    }

    /// The column of `sq` (0 = the left, file `width`).
    #[inline]
    pub fn col(&self, sq: usize) -> usize {
        (2 * sq + self.offset) % 9
    }

    /// The USI name of `sq` (`5e`): file number, then rank letter.
    pub fn square_name(&self, sq: usize) -> String {
        format!("{}{}", self.width - self.col(sq), (b'a' + self.row(sq) as u8) as char)
    }

    /// The dark square named `text`, if `text` names one.
    pub fn parse_square(&self, text: &str) -> Option<usize> {
        let bytes = text.as_bytes();
        let [file, rank] = bytes else { return None };
        let file = (*file as char).to_digit(10)? as usize;
        let r = rank.checked_sub(b'a')? as usize;
        if file == 0 || file > self.width || r >= self.width {
            return None;
        }
        let c = self.width - file;
        ((r + c + self.offset).is_multiple_of(2)).then(|| Self::bit_of(self.offset, r, c))
    }

    /// The bit of the dark square at (`row`, `col`), or `None` on a light square or off the board.
    pub fn square_at(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.width && col < self.width && (row + col + self.offset).is_multiple_of(2))
            .then(|| Self::bit_of(self.offset, row, col))
    }
}

/// The 9x9 board of `enryo` and `philosophy-checkers` (41 dark squares).
pub static NINE: Geometry = Geometry::new(9);
/// The 8x8 board of English checkers (32 dark squares).
pub static EIGHT: Geometry = Geometry::new(8);

/// The squares of `set`, lowest first.
#[inline]
pub fn squares(mut set: Squares) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as usize;
            set &= set - 1;
            sq
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_have_their_dark_squares_and_corners() {
        assert_eq!(NINE.board.count_ones(), 41);
        assert_eq!(EIGHT.board.count_ones(), 32);
        for corner in ["9a", "1a", "9i", "1i"] {
            assert!(NINE.parse_square(corner).is_some(), "{corner}");
        }
        assert_eq!(EIGHT.parse_square("8h").map(|s| EIGHT.square_name(s)), Some("8h".to_string()));
        assert_eq!(EIGHT.parse_square("1a").map(|s| EIGHT.square_name(s)), Some("1a".to_string()));
        assert_eq!(EIGHT.parse_square("1h"), None);
        assert_eq!(EIGHT.parse_square("8a"), None);
        assert_eq!(NINE.far[0].count_ones(), 5);
        assert_eq!(EIGHT.far[1].count_ones(), 4);
    }

    #[test]
    fn names_round_trip_and_shifts_match_coordinates() {
        for geo in [&NINE, &EIGHT] {
            for sq in squares(geo.board) {
                assert_eq!(geo.parse_square(&geo.square_name(sq)), Some(sq));
                for dir in Dir::ALL {
                    let by_shift = geo.shift(1 << sq, dir);
                    let by_next = geo.next(sq, dir).map_or(0, |n| 1u64 << n);
                    assert_eq!(by_shift, by_next);
                    assert_eq!(by_shift & !geo.board, 0, "{} {dir:?} leaves the board", geo.square_name(sq));
                }
            }
        }
        // 5e's north-west neighbour is 6d; its eastern dark neighbour on the rank is 3e.
        let e5 = NINE.parse_square("5e").unwrap();
        assert_eq!(NINE.next(e5, Dir::NorthWest).map(|s| NINE.square_name(s)), Some("6d".to_string()));
        assert_eq!(NINE.next(e5, Dir::East).map(|s| NINE.square_name(s)), Some("3e".to_string()));
        assert_eq!(NINE.next(e5, Dir::North).map(|s| NINE.square_name(s)), Some("5c".to_string()));
    }
}
