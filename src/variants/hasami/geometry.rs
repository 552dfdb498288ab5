/// The four orthogonal directions, as seen by the first player at the bottom.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    North,
    South,
    East,
    West,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::North, Dir::South, Dir::East, Dir::West];
}

impl std::fmt::Debug for Geometry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Geometry({}x{})", self.width, self.height)
    }
}

/// No square: the value of [`Geometry::next`] off the board.
pub const NONE: u8 = u8::MAX;

/// A rectangular board of at most 128 squares: masks and neighbour tables, built at compile
/// time. East is toward file 1 (col + 1), South toward the first player (row + 1).
pub struct Geometry {
    pub width: usize,
    pub height: usize,
    /// Every square of the board.
    pub board: u128,
    /// Squares not in the leftmost column (where an eastward shift may land).
    not_left: u128,
    /// Squares not in the rightmost column (where a westward shift may land).
    not_right: u128,
    /// The four corner squares.
    pub corners: u128,
    /// `next[sq][dir]`: the neighbour of `sq` in `dir`, or [`NONE`].
    next: [[u8; 4]; 128],
    /// `neighbours[sq]`: the orthogonal neighbours of `sq`.
    neighbours: [u128; 128],
    /// `diagonals[sq]`: the diagonal neighbours of `sq`.
    diagonals: [u128; 128],
    /// `cols_from[i]`: squares in column `2^i` or further right; `cols_to[i]`: squares in
    /// column `width - 1 - 2^i` or further left (wrap masks for shifts by 1, 2, 4, 8 files).
    cols_from: [u128; 4],
    cols_to: [u128; 4],
    /// For lines of five: `(index step, squares where such a line can start)` for the
    /// directions east, south, south-east and south-west (orthogonal ones first).
    pub five_lines: [(usize, u128); 4],
}

impl Geometry {
    pub const fn new(width: usize, height: usize) -> Geometry {
        assert!(width * height <= 128 && width >= 5 && height >= 5);
        let mut board = 0u128;
        let mut not_left = 0u128;
        let mut not_right = 0u128;
        let mut next = [[NONE; 4]; 128];
        let mut neighbours = [0u128; 128];
        let mut diagonals = [0u128; 128];
        let mut five_lines = [(1, 0u128), (width, 0), (width + 1, 0), (width - 1, 0)];
        let mut cols_from = [0u128; 4];
        let mut cols_to = [0u128; 4];
        let mut sq = 0;
        while sq < width * height {
            let (row, col) = (sq / width, sq % width);
            board |= 1 << sq;
            let mut i = 0;
            while i < 4 {
                if col >= 1 << i {
                    cols_from[i] |= 1 << sq;
                }
                if col + (1 << i) < width {
                    cols_to[i] |= 1 << sq;
                }
                i += 1;
            }
            let (east, south) = (col + 5 <= width, row + 5 <= height);
            if east {
                five_lines[0].1 |= 1 << sq;
            }
            if south {
                five_lines[1].1 |= 1 << sq;
            }
            if south && east {
                five_lines[2].1 |= 1 << sq;
            }
            if south && col >= 4 {
                five_lines[3].1 |= 1 << sq;
            }
            if col != 0 {
                not_left |= 1 << sq;
            }
            if col != width - 1 {
                not_right |= 1 << sq;
            }
            if row > 0 {
                next[sq][Dir::North as usize] = (sq - width) as u8;
            }
            if row + 1 < height {
                next[sq][Dir::South as usize] = (sq + width) as u8;
            }
            if col + 1 < width {
                next[sq][Dir::East as usize] = (sq + 1) as u8;
            }
            if col > 0 {
                next[sq][Dir::West as usize] = (sq - 1) as u8;
            }
            let (up, down, left, right) = (row > 0, row + 1 < height, col > 0, col + 1 < width);
            if up && left {
                diagonals[sq] |= 1 << (sq - width - 1);
            }
            if up && right {
                diagonals[sq] |= 1 << (sq - width + 1);
            }
            if down && left {
                diagonals[sq] |= 1 << (sq + width - 1);
            }
            if down && right {
                diagonals[sq] |= 1 << (sq + width + 1);
            }
            let mut d = 0;
            while d < 4 {
                if next[sq][d] != NONE {
                    neighbours[sq] |= 1 << next[sq][d];
                }
                d += 1;
            }
            sq += 1;
        }
        let last = width * height - 1;
        let corners = 1 | 1 << (width - 1) | 1 << (last + 1 - width) | 1 << last;
        Geometry {
            width,
            height,
            board,
            not_left,
            not_right,
            corners,
            next,
            neighbours,
            diagonals,
            cols_from,
            cols_to,
            five_lines,
        }
    }

    /// The number of squares.
    #[inline]
    pub const fn squares(&self) -> usize {
        self.width * self.height
    }

    /// Every square of `bb` moved one step in `dir`; squares leaving the board vanish.
    #[inline]
    pub const fn shift(&self, bb: u128, dir: Dir) -> u128 {
        match dir {
            Dir::North => bb >> self.width,
            Dir::South => (bb << self.width) & self.board,
            Dir::East => (bb << 1) & self.not_left,
            Dir::West => (bb >> 1) & self.not_right,
        }
    }

    /// Every square of `bb` moved `2^i` steps in `dir` (`i` < 4); squares leaving the board
    /// vanish.
    #[inline]
    const fn shift_far(&self, bb: u128, dir: Dir, i: usize) -> u128 {
        let n = 1 << i;
        match dir {
            Dir::North => bb >> (n * self.width),
            Dir::South => (bb << (n * self.width)) & self.board,
            Dir::East => (bb << n) & self.cols_from[i],
            Dir::West => (bb >> n) & self.cols_to[i],
        }
    }

    /// The squares reachable from the squares of `from` by sliding in `dir` over `empty`
    /// squares (Kogge-Stone occluded fill). Within one direction no two slides share a square,
    /// so its popcount is also the number of slides.
    #[inline]
    pub const fn slide_targets(&self, from: u128, empty: u128, dir: Dir) -> u128 {
        let (mut fill, mut open) = (from, empty);
        let mut i = 0;
        while i < 4 {
            fill |= open & self.shift_far(fill, dir, i);
            open &= self.shift_far(open, dir, i);
            i += 1;
        }
        self.shift(fill, dir) & empty
    }

    /// The index offset of one step in `dir`.
    #[inline]
    pub const fn delta(&self, dir: Dir) -> isize {
        match dir {
            Dir::North => -(self.width as isize),
            Dir::South => self.width as isize,
            Dir::East => 1,
            Dir::West => -1,
        }
    }

    /// The neighbour of `sq` in `dir`, if on the board.
    #[inline]
    pub fn next(&self, sq: usize, dir: Dir) -> Option<usize> {
        match self.next[sq][dir as usize] {
            NONE => None,
            n => Some(n as usize),
        }
    }

    /// The orthogonal neighbours of `sq`.
    #[inline]
    pub fn neighbours(&self, sq: usize) -> u128 {
        self.neighbours[sq]
    }

    /// The diagonal neighbours of `sq`.
    #[inline]
    pub fn diagonal_neighbours(&self, sq: usize) -> u128 {
        self.diagonals[sq]
    }

    /// The squares of rows `rows` (0 = top).
    pub const fn rows(&self, first: usize, count: usize) -> u128 {
        let mut bb = 0u128;
        let mut row = first;
        while row < first + count {
            bb |= ((1u128 << self.width) - 1) << (row * self.width);
            row += 1;
        }
        bb
    }

    /// The USI name of `sq`: file number counted from the right, then rank letter from the top.
    pub fn square_name(&self, sq: usize) -> String {
        let (row, col) = (sq / self.width, sq % self.width);
        format!("{}{}", self.width - col, (b'a' + row as u8) as char)
    }

    /// Parses a USI square name (`5e`) on this board.
    pub fn parse_square(&self, text: &str) -> Option<usize> {
        let rank = text.chars().last()?;
        let digits = text.get(..text.len() - rank.len_utf8())?;
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let file: usize = digits.parse().ok()?;
        if !rank.is_ascii_lowercase() || file == 0 || file > self.width {
            return None;
        }
        let row = (rank as u8 - b'a') as usize;
        (row < self.height).then(|| row * self.width + (self.width - file))
    }
}

/// Iterates over the set squares of a bitboard, lowest first.
#[inline]
pub fn squares(mut bb: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let sq = bb.trailing_zeros() as usize;
        bb &= bb - 1;
        Some(sq)
    })
}

pub static NINE_BY_NINE: Geometry = Geometry::new(9, 9);
pub static EIGHT_BY_EIGHT: Geometry = Geometry::new(8, 8);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_never_wrap_and_match_neighbour_tables() {
        for geo in [&NINE_BY_NINE, &EIGHT_BY_EIGHT] {
            for sq in 0..geo.squares() {
                for dir in Dir::ALL {
                    let shifted = geo.shift(1 << sq, dir);
                    match geo.next(sq, dir) {
                        Some(n) => {
                            assert_eq!(shifted, 1 << n);
                            assert_eq!(n as isize - sq as isize, geo.delta(dir));
                        }
                        None => assert_eq!(shifted, 0),
                    }
                }
            }
            assert_eq!(geo.corners.count_ones(), 4);
        }
    }

    #[test]
    fn slide_targets_equal_square_by_square_slides() {
        let mut rng = crate::vocabulary::SplitMix64::new(5);
        for geo in [&NINE_BY_NINE, &EIGHT_BY_EIGHT] {
            for _ in 0..2000 {
                let occupied = (rng.next() as u128 | (rng.next() as u128) << 64) & geo.board;
                let from = occupied & (rng.next() as u128 | (rng.next() as u128) << 64);
                let empty = geo.board & !occupied;
                for dir in Dir::ALL {
                    let (mut frontier, mut slow) = (from, 0);
                    loop {
                        frontier = geo.shift(frontier, dir) & empty;
                        if frontier == 0 {
                            break;
                        }
                        slow |= frontier;
                    }
                    assert_eq!(geo.slide_targets(from, empty, dir), slow);
                }
            }
        }
    }

    #[test]
    fn square_names_round_trip_and_follow_usi() {
        let geo = &NINE_BY_NINE;
        assert_eq!(geo.square_name(0), "9a");
        assert_eq!(geo.square_name(80), "1i");
        assert_eq!(geo.parse_square("5e"), Some(4 * 9 + 4));
        for sq in 0..81 {
            assert_eq!(geo.parse_square(&geo.square_name(sq)), Some(sq));
        }
        for bad in ["", "0a", "10a", "1j", "5", "a", "5E", "é", "05e", "+5e"] {
            assert_eq!(geo.parse_square(bad), None, "{bad}");
        }
        assert_eq!(EIGHT_BY_EIGHT.parse_square("9a"), None);
        assert_eq!(EIGHT_BY_EIGHT.parse_square("1i"), None);
    }
}
