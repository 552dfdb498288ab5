//! Ito Shogi's pieces (docs/rules/ito.md §3) and the squares each can move to on the line.
//!
//! Squares are indices 0..21 from the first player's end (rulebook square `n` is index `n - 1`;
//! the protocol names index `i` `1` followed by the `(21 - i)`-th letter). A set of squares is a
//! `u32`, bit `i` for index `i`.

use crate::core::Side;

/// A set of squares of the line.
pub type Line = u32;

/// The number of squares.
pub const SQUARES: usize = 21;

/// Every square.
pub const ALL: Line = (1 << SQUARES) - 1;

/// The eight kinds of piece, named by their unflipped face.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    King,
    Ramshead,
    Cannon,
    Goose,
    Lance,
    Knight,
    Iron,
    Pawn,
}

impl Kind {
    /// The kinds that can be held and dropped, in the hand order of position strings.
    pub const HELD: [Kind; 7] =
        [Kind::Ramshead, Kind::Cannon, Kind::Goose, Kind::Lance, Kind::Knight, Kind::Iron, Kind::Pawn];

    /// The number of kinds.
    pub const COUNT: usize = 8;

    /// The index of a held kind in [`Kind::HELD`] (and in a hand); the King has none.
    #[inline]
    pub const fn hand_index(self) -> usize {
        self as usize - 1
    }

    /// The kind whose position-string letter is `letter` (upper case).
    pub fn from_letter(letter: char) -> Option<Kind> {
        std::iter::once(Kind::King).chain(Kind::HELD).find(|kind| kind.letter() == letter)
    }

    /// The position-string letter of the unflipped face (upper case).
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Ramshead => 'R',
            Kind::Cannon => 'C',
            Kind::Lance => 'L',
            Kind::Goose => 'G',
            Kind::Knight => 'N',
            Kind::Iron => 'I',
            Kind::Pawn => 'P',
        }
    }
}

/// A piece on the line: its owner, kind and face.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
    /// Shows its other face (it has captured an odd number of times, or was dropped so).
    pub flipped: bool,
}

impl Piece {
    /// The position-string token: the letter, upper case for the first player, with `+` before
    /// a flipped face (`P`, `+n`).
    pub fn token(self) -> String {
        let letter = match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        };
        if self.flipped {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// The square `steps` squares forward of `from` for `side` (negative: backward), if on the line.
#[inline]
fn ahead(side: Side, from: usize, steps: i32) -> Option<usize> {
    let to = match side {
        Side::First => from as i32 + steps,
        Side::Second => from as i32 - steps,
    };
    (0..SQUARES as i32).contains(&to).then_some(to as usize)
}

/// Where the piece `piece` on `from` can move: every square it reaches, empty or holding an enemy
/// piece (a capture), given the occupied squares `occupied` and the mover's own pieces `own`.
/// The Gold Cannon's quiet slides and its captures are both included.
pub fn targets(piece: Piece, from: usize, occupied: Line, own: Line) -> Line {
    let side = piece.side;
    let leaps = |steps: &[i32]| steps.iter().filter_map(|&k| ahead(side, from, k)).fold(0, |set, sq| set | 1 << sq);
    let to = match (piece.kind, piece.flipped) {
        (Kind::King, _) => leaps(&[1, 2, -1]),
        (Kind::Pawn, false) => leaps(&[1]),
        (Kind::Pawn, true) => leaps(&[1, -1]),
        (Kind::Iron, false) => leaps(&[1, 2]),
        (Kind::Iron, true) => leaps(&[1, 2, -2]),
        (Kind::Knight, false) => leaps(&[3]),
        (Kind::Knight, true) => leaps(&[3, -3]),
        (Kind::Goose, false) => leaps(&[4, -2]),
        (Kind::Goose, true) => leaps(&[1, -1, 4, -4]),
        (Kind::Lance, false) => slide(side, from, 1, occupied),
        (Kind::Lance, true) => slide(side, from, 1, occupied) | leaps(&[-1]),
        (Kind::Ramshead, false) => hops(side, from, 1, occupied),
        (Kind::Ramshead, true) => hops(side, from, 1, occupied) | hops(side, from, -1, occupied),
        (Kind::Cannon, false) => silver_cannon(side, from, 1, occupied) | silver_cannon(side, from, -1, occupied),
        (Kind::Cannon, true) => gold_cannon(side, from, 1, occupied) | gold_cannon(side, from, -1, occupied),
    };
    to & !own
}

/// A slide in direction `dir` (+1 forward, −1 backward): empty squares, then the first piece.
fn slide(side: Side, from: usize, dir: i32, occupied: Line) -> Line {
    slide_past(side, from, 0, dir, occupied)
}

/// Ramshead hops of two in direction `dir`: each landing square before the last must be empty;
/// the squares hopped over are ignored.
fn hops(side: Side, from: usize, dir: i32, occupied: Line) -> Line {
    let mut to = 0;
    let mut k = 2 * dir;
    while let Some(sq) = ahead(side, from, k) {
        to |= 1 << sq;
        if occupied & (1 << sq) != 0 {
            break;
        }
        k += 2 * dir;
    }
    to
}

/// The first piece in direction `dir` from `from` (its offset and square), if any.
fn first_piece(side: Side, from: usize, start: i32, dir: i32, occupied: Line) -> Option<(i32, usize)> {
    let mut k = start;
    while let Some(sq) = ahead(side, from, k) {
        if occupied & (1 << sq) != 0 {
            return Some((k, sq));
        }
        k += dir;
    }
    None
}

/// The Silver Cannon in direction `dir`: past exactly one screen, every empty square up to the
/// next piece, and that piece (a capture if it is an enemy).
fn silver_cannon(side: Side, from: usize, dir: i32, occupied: Line) -> Line {
    let Some((screen, _)) = first_piece(side, from, dir, dir, occupied) else { return 0 };
    slide_past(side, from, screen, dir, occupied)
}

/// Every square after offset `start` in direction `dir`, up to and including the first piece.
fn slide_past(side: Side, from: usize, start: i32, dir: i32, occupied: Line) -> Line {
    let mut to = 0;
    let mut k = start + dir;
    while let Some(sq) = ahead(side, from, k) {
        to |= 1 << sq;
        if occupied & (1 << sq) != 0 {
            break;
        }
        k += dir;
    }
    to
}

/// The Gold Cannon in direction `dir`: quiet slides over empty squares up to the first piece
/// (not onto it), and a capture of the first piece past exactly one screen.
fn gold_cannon(side: Side, from: usize, dir: i32, occupied: Line) -> Line {
    let Some((screen, screen_sq)) = first_piece(side, from, dir, dir, occupied) else {
        return slide(side, from, dir, occupied);
    };
    let quiet = slide(side, from, dir, occupied) & !(1 << screen_sq);
    let beyond = first_piece(side, from, screen + dir, dir, occupied).map_or(0, |(_, sq)| 1 << sq);
    quiet | beyond
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set of rulebook squares (1..=21) `squares`.
    fn set(squares: &[usize]) -> Line {
        squares.iter().fold(0, |set, &n| set | 1 << (n - 1))
    }

    fn black(kind: Kind, flipped: bool) -> Piece {
        Piece { side: Side::First, kind, flipped }
    }

    #[test]
    fn leapers_ignore_what_they_pass() {
        let occupied = set(&[10, 11, 12, 13]);
        assert_eq!(targets(black(Kind::Goose, false), 9 - 1, occupied, 0), set(&[13, 7]));
        assert_eq!(targets(black(Kind::Goose, true), 9 - 1, occupied, 0), set(&[10, 8, 13, 5]));
        assert_eq!(targets(black(Kind::Knight, true), 9 - 1, occupied, 0), set(&[12, 6]));
        assert_eq!(targets(black(Kind::King, false), 1 - 1, set(&[2]), set(&[2])), set(&[3]));
    }

    #[test]
    fn ramshead_lands_every_second_square_and_needs_them_empty() {
        // Square 12 (a landing square) blocks; 11 (hopped over) does not.
        let occupied = set(&[11, 12]);
        assert_eq!(targets(black(Kind::Ramshead, false), 8 - 1, occupied, set(&[11])), set(&[10, 12]));
        assert_eq!(targets(black(Kind::Ramshead, true), 8 - 1, occupied, set(&[11, 12])), set(&[10, 6, 4, 2]));
    }

    #[test]
    fn cannons_need_exactly_one_screen_of_either_colour() {
        // Silver Cannon on 5: screen 8 (own), then empty 9, 10, enemy on 11; nothing behind.
        let occupied = set(&[5, 8, 11]);
        assert_eq!(targets(black(Kind::Cannon, false), 5 - 1, occupied, set(&[5, 8])), set(&[9, 10, 11]));
        // Gold Cannon: quiet 6, 7 and backward 1..4; captures only 11 (first piece past the screen).
        assert_eq!(targets(black(Kind::Cannon, true), 5 - 1, occupied, set(&[5, 8])), set(&[1, 2, 3, 4, 6, 7, 11]));
        // An own piece past the screen cannot be taken.
        assert_eq!(targets(black(Kind::Cannon, true), 5 - 1, occupied, set(&[5, 8, 11])), set(&[1, 2, 3, 4, 6, 7]));
    }

    #[test]
    fn white_moves_the_other_way() {
        let white_lance = Piece { side: Side::Second, kind: Kind::Lance, flipped: true };
        assert_eq!(targets(white_lance, 17 - 1, set(&[14]), 0), set(&[16, 15, 14, 18]));
    }
}
