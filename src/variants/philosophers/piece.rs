//! The pieces of the Field and where each one moves (docs/rules/philosophers-chess.md §3, §5):
//! squares, the step and leap tables, and the Field as a set of squares.

use super::mind::Thought;
use crate::vocabulary::Side;

/// The Field has 6 files and 6 ranks.
pub const WIDTH: usize = 6;
pub const SQUARES: usize = WIDTH * WIDTH;

/// A set of Field squares: bit `row * 6 + col`, row 0 = rank `a` (Black's back rank, at the
/// top), col 0 = file `6` (the inventor's file `a`, on White's left).
pub type Field = u64;

/// Every Field square.
pub const ALL: Field = (1 << SQUARES) - 1;

/// What a piece is. Philosopher and Enlightened Philosopher move alike, by the Thought.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    King,
    Knight,
    Rook,
    Pawn,
    Philosopher,
    Enlightened,
}

impl Kind {
    pub const COUNT: usize = 6;
    pub const ALL: [Kind; Kind::COUNT] =
        [Kind::King, Kind::Knight, Kind::Rook, Kind::Pawn, Kind::Philosopher, Kind::Enlightened];

    /// The position-string letter, upper case.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Knight => 'N',
            Kind::Rook => 'R',
            Kind::Pawn => 'P',
            Kind::Philosopher => 'H',
            Kind::Enlightened => 'E',
        }
    }

    /// The kind of an upper-case letter.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.letter() == letter)
    }

    /// Whether the Thought moves this kind (plain or Enlightened Philosopher).
    #[inline]
    pub fn thinks(self) -> bool {
        matches!(self, Kind::Philosopher | Kind::Enlightened)
    }
}

/// A piece on the Field.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    /// The letter: upper case for White (the first player), lower case for Black.
    pub fn letter(self) -> char {
        match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece a position-string letter names.
    pub fn from_letter(letter: char) -> Option<Piece> {
        let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
        Kind::from_letter(letter.to_ascii_uppercase()).map(|kind| Piece { side, kind })
    }
}

/// The row of `square` (0 = rank `a`).
#[inline]
pub const fn row(square: usize) -> usize {
    square / WIDTH
}

/// The column of `square` (0 = file `6`).
#[inline]
pub const fn col(square: usize) -> usize {
    square % WIDTH
}

/// The square `(dr, dc)` away from `square`, if it is on the Field.
const fn offset(square: usize, dr: i32, dc: i32) -> Option<usize> {
    let r = row(square) as i32 + dr;
    let c = col(square) as i32 + dc;
    if r < 0 || r >= WIDTH as i32 || c < 0 || c >= WIDTH as i32 {
        None
    } else {
        Some(r as usize * WIDTH + c as usize)
    }
}

/// For every square, the squares reached by the given steps.
const fn step_table(steps: &[(i32, i32)]) -> [Field; SQUARES] {
    let mut table = [0; SQUARES];
    let mut square = 0;
    while square < SQUARES {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(square, steps[i].0, steps[i].1) {
                table[square] |= 1 << to;
            }
            i += 1;
        }
        square += 1;
    }
    table
}

const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// King steps.
pub static KING: [Field; SQUARES] = step_table(&[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]);

/// Knight leaps.
pub static KNIGHT: [Field; SQUARES] =
    step_table(&[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]);

/// Philosopher moves by the Thought's square (`Thought::index`): o1 one step orthogonally,
/// o2 a leap of two orthogonally, d1 one step diagonally, d2 a leap of two diagonally. Each
/// pattern is its own mirror, so it also lists the squares a Philosopher attacks `square` from.
pub static PHILOSOPHER: [[Field; SQUARES]; 4] = [
    step_table(&ORTHOGONAL),
    step_table(&[(-2, 0), (2, 0), (0, -2), (0, 2)]),
    step_table(&DIAGONAL),
    step_table(&[(-2, -2), (-2, 2), (2, -2), (2, 2)]),
];

/// The rank and file through each square (the square excluded): where a Rook could reach it on
/// an empty Field.
pub static LINES: [Field; SQUARES] = lines();

const fn lines() -> [Field; SQUARES] {
    let mut table = [0; SQUARES];
    let mut square = 0;
    while square < SQUARES {
        let mut other = 0;
        while other < SQUARES {
            if other != square && (row(other) == row(square) || col(other) == col(square)) {
                table[square] |= 1 << other;
            }
            other += 1;
        }
        square += 1;
    }
    table
}

/// The squares a pawn of each side captures from each square (diagonally forward; White's
/// forward is toward rank `a`).
pub static PAWN_CAPTURES: [[Field; SQUARES]; 2] = [step_table(&[(-1, -1), (-1, 1)]), step_table(&[(1, -1), (1, 1)])];

/// The rank a side's pawns promote on.
#[inline]
pub const fn last_row(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => WIDTH - 1,
    }
}

/// The square one step forward of `square` for `side`'s pawns, if any.
#[inline]
pub fn pawn_step(side: Side, square: usize) -> Option<usize> {
    match side {
        Side::First => square.checked_sub(WIDTH),
        Side::Second => Some(square + WIDTH).filter(|&s| s < SQUARES),
    }
}

/// The Rook's squares from `square` on a Field occupied by `occupied`: along each line up to
/// and including the first occupied square.
pub fn rook_targets(square: usize, occupied: Field) -> Field {
    let mut targets = 0;
    for (dr, dc) in ORTHOGONAL {
        let mut at = square;
        while let Some(next) = offset(at, dr, dc) {
            targets |= 1 << next;
            if occupied & 1 << next != 0 {
                break;
            }
            at = next;
        }
    }
    targets
}

/// The squares a Philosopher on `square` reaches with the Thought on `thought`.
#[inline]
pub fn philosopher_targets(thought: Thought, square: usize) -> Field {
    PHILOSOPHER[thought.index()][square]
}

/// The protocol name of a Field square: file digit `6`..`1` left to right, rank letter
/// `a`..`f` top to bottom (`3a` is Black's King's square).
pub fn square_name(square: usize) -> String {
    format!("{}{}", (b'6' - col(square) as u8) as char, (b'a' + row(square) as u8) as char)
}

/// The square of a protocol name (`4e`).
pub fn square_index(name: &str) -> Option<usize> {
    match name.as_bytes() {
        &[file @ b'1'..=b'6', rank @ b'a'..=b'f'] => Some((rank - b'a') as usize * WIDTH + (b'6' - file) as usize),
        _ => None,
    }
}

/// The square of an inventor's name (`c5`: file letter `a`..`f` left to right, rank digit
/// `1`..`6` from Black's side).
pub fn inventor_square_index(name: &str) -> Option<usize> {
    match name.as_bytes() {
        &[file @ b'a'..=b'f', rank @ b'1'..=b'6'] => Some((rank - b'1') as usize * WIDTH + (file - b'a') as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_follow_the_protocol_and_the_inventor() {
        assert_eq!(square_index("3a"), inventor_square_index("d1"));
        assert_eq!(square_index("4e"), inventor_square_index("c5"));
        assert_eq!(square_index("1c"), inventor_square_index("f3"));
        for square in 0..SQUARES {
            assert_eq!(square_index(&square_name(square)), Some(square));
        }
        assert_eq!(square_index("7a"), None);
        assert_eq!(inventor_square_index("g1"), None);
    }

    #[test]
    fn tables_have_the_expected_sizes() {
        let corner = square_index("6a").unwrap_or(0);
        assert_eq!(KING[corner].count_ones(), 3);
        assert_eq!(KNIGHT[corner].count_ones(), 2);
        assert_eq!(PHILOSOPHER[1][corner].count_ones(), 2);
        assert_eq!(PHILOSOPHER[3][corner].count_ones(), 1);
        let centre = square_index("4c").unwrap_or(0);
        assert_eq!(rook_targets(centre, 0).count_ones(), 10);
        assert_eq!(
            PAWN_CAPTURES[0][centre],
            1 << square_index("5b").unwrap_or(0) | 1 << square_index("3b").unwrap_or(0)
        );
    }
}
