//! Ito Shogi's pieces (docs/rules/ito.md §3) and the squares each can move to on the line.
//!
//! Squares are indices 0..21 from the first player's end (rulebook square `n` is index `n - 1`;
//! the protocol names index `i` `1` followed by the `(21 - i)`-th letter). A set of squares is a
//! `u32`, bit `i` for index `i`.

use crate::vocabulary::Side;

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

    /// The letter of a piece of `side`: upper case for the first player, lower case for the
    /// second.
    pub fn letter_of(self, side: Side) -> char {
        match side {
            Side::First => self.letter(),
            Side::Second => self.letter().to_ascii_lowercase(),
        }
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
        let letter = self.kind.letter_of(self.side);
        if self.flipped {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// The steps and leaps of a piece, in squares forward (negative: backward), whatever lies
/// between: every move of the King, Pawn, Iron, Knight and Goose on either face, and the
/// Howling Dog's step back.
pub const fn leap_steps(kind: Kind, flipped: bool) -> &'static [i32] {
    match (kind, flipped) {
        (Kind::King, _) => &[1, 2, -1],
        (Kind::Pawn, false) => &[1],
        (Kind::Pawn, true) => &[1, -1],
        (Kind::Iron, false) => &[1, 2],
        (Kind::Iron, true) => &[1, 2, -2],
        (Kind::Knight, false) => &[3],
        (Kind::Knight, true) => &[3, -3],
        (Kind::Goose, false) => &[4, -2],
        (Kind::Goose, true) => &[1, -1, 4, -4],
        (Kind::Lance, true) => &[-1],
        (Kind::Lance, false) | (Kind::Ramshead, _) | (Kind::Cannon, _) => &[],
    }
}

/// Where the piece `piece` on `from` can move: every square it reaches, empty or holding an enemy
/// piece (a capture), given the occupied squares `occupied` and the mover's own pieces `own`.
/// The Gold Cannon's quiet slides and its captures are both included.
#[inline]
pub fn targets(piece: Piece, from: usize, occupied: Line, own: Line) -> Line {
    // Forward is up the line (toward higher squares) for the first player.
    let up = piece.side == Side::First;
    let both = |reach: fn(bool, usize, Line) -> Line| reach(true, from, occupied) | reach(false, from, occupied);
    let to = LEAPS[piece.side.index()][piece.kind as usize][piece.flipped as usize][from]
        | match (piece.kind, piece.flipped) {
            (Kind::Lance, _) => slide(up, from, occupied),
            (Kind::Ramshead, false) => hops(up, from, occupied),
            (Kind::Ramshead, true) => both(hops),
            (Kind::Cannon, false) => both(silver_cannon),
            (Kind::Cannon, true) => both(gold_cannon),
            _ => 0,
        };
    to & !own
}

/// Every leap and step of every piece from every square: `[side][kind][face][square]`.
static LEAPS: [[[[Line; SQUARES]; 2]; Kind::COUNT]; 2] = leap_table();

const fn leap_table() -> [[[[Line; SQUARES]; 2]; Kind::COUNT]; 2] {
    const KINDS: [Kind; Kind::COUNT] =
        [Kind::King, Kind::Ramshead, Kind::Cannon, Kind::Goose, Kind::Lance, Kind::Knight, Kind::Iron, Kind::Pawn];
    let mut table = [[[[0; SQUARES]; 2]; Kind::COUNT]; 2];
    let mut k = 0;
    while k < Kind::COUNT {
        let mut face = 0;
        while face < 2 {
            let steps = leap_steps(KINDS[k], face == 1);
            let mut from = 0;
            while from < SQUARES {
                let mut i = 0;
                while i < steps.len() {
                    let up = from as i32 + steps[i];
                    let down = from as i32 - steps[i];
                    if 0 <= up && up < SQUARES as i32 {
                        table[0][KINDS[k] as usize][face][from] |= 1 << up;
                    }
                    if 0 <= down && down < SQUARES as i32 {
                        table[1][KINDS[k] as usize][face][from] |= 1 << down;
                    }
                    i += 1;
                }
                from += 1;
            }
            face += 1;
        }
        k += 1;
    }
    table
}

/// The squares beyond `from`, up the line or down.
#[inline]
const fn ray(up: bool, from: usize) -> Line {
    if up {
        ALL & !((2 << from) - 1)
    } else {
        (1 << from) - 1
    }
}

/// The squares at an even distance beyond `from` (2, 4, ...), up the line or down.
#[inline]
fn even_ray(up: bool, from: usize) -> Line {
    const EVEN: Line = 0x0015_5555; // squares 0, 2, 4, ..., 20
    ray(up, from) & if from.is_multiple_of(2) { EVEN } else { !EVEN & ALL }
}

/// The one square of `pieces` (not empty) nearest to a walker going up the line or down.
#[inline]
fn nearest(up: bool, pieces: Line) -> Line {
    if up {
        pieces & pieces.wrapping_neg()
    } else {
        1 << (31 - pieces.leading_zeros())
    }
}

/// The squares of `ray` up to and including `stop` (a square of it), going up or down.
#[inline]
fn up_to(up: bool, ray: Line, stop: Line) -> Line {
    if up {
        ray & ((stop << 1) - 1)
    } else {
        ray & !(stop - 1)
    }
}

/// A slide from `from`: the empty squares, then the first piece.
#[inline]
fn slide(up: bool, from: usize, occupied: Line) -> Line {
    let ray = ray(up, from);
    match occupied & ray {
        0 => ray,
        blockers => up_to(up, ray, nearest(up, blockers)),
    }
}

/// Ramshead hops of two: each landing square before the last must be empty; the squares hopped
/// over are ignored.
#[inline]
fn hops(up: bool, from: usize, occupied: Line) -> Line {
    let ray = even_ray(up, from);
    match occupied & ray {
        0 => ray,
        blockers => up_to(up, ray, nearest(up, blockers)),
    }
}

/// The Silver Cannon: past exactly one screen, every empty square up to the next piece, and that
/// piece (a capture if it is an enemy).
#[inline]
fn silver_cannon(up: bool, from: usize, occupied: Line) -> Line {
    match occupied & ray(up, from) {
        0 => 0,
        pieces => slide(up, nearest(up, pieces).trailing_zeros() as usize, occupied),
    }
}

/// The Gold Cannon: quiet slides over empty squares up to the first piece (not onto it), and a
/// capture of the first piece past exactly one screen.
#[inline]
fn gold_cannon(up: bool, from: usize, occupied: Line) -> Line {
    let quiet = slide(up, from, occupied) & !occupied;
    match occupied & ray(up, from) {
        0 => quiet,
        pieces => match pieces & !nearest(up, pieces) {
            0 => quiet,
            beyond => quiet | nearest(up, beyond),
        },
    }
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
