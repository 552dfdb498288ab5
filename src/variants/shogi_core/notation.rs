//! The shogi core's notation, shared by standard shogi and Shogammon: piece letters, the hand
//! field of position strings (protocol-spec.md §11).

use super::board::Board;
use super::piece::{Kind, Piece, HAND_KINDS};
use crate::game::notation::{hand_field, read_hand};
use crate::game::{PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// The standard set: the most pieces of each unpromoted kind (board and hands together),
/// indexed by `Kind as usize` for `Pawn`..`Gold`.
pub const STANDARD_SET: [u32; HAND_KINDS] = [18, 4, 4, 4, 2, 2, 4];

/// The largest count a hand field may give (no kind exceeds 18 pieces).
const MAX_COUNT: u32 = 18;

/// The piece written `letter` (after an optional `+`, `promoted`).
pub fn piece_of(letter: char, promoted: bool) -> Option<Piece> {
    let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
    let kind = Kind::from_letter(letter.to_ascii_uppercase())?;
    match promoted {
        false => Some(Piece::new(side, kind)),
        true if kind.can_promote() => Some(Piece::new(side, kind.promoted())),
        true => None,
    }
}

/// What a hand field holds: each side and kind with its count, in the order written.
pub type Held = Vec<((Side, Kind), u32)>;

/// The pieces of a hand field (`game::notation::read_hand`, counts up to 18).
pub fn read_hands(text: &str) -> Result<Held, PositionError> {
    read_hand(text, MAX_COUNT, |c| {
        let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
        match Kind::from_letter(c.to_ascii_uppercase()) {
            Some(Kind::King) => Err(PositionErrorKind::KingInHand),
            Some(kind) => Ok((side, kind)),
            None => Err(PositionErrorKind::UnknownHandPiece { piece: c.to_string() }),
        }
    })
}

/// The hand field: `-`, or Black's pieces then White's, each in the order `R B G S N L P`.
pub fn hands_string(board: &Board) -> String {
    hand_field(Side::ALL.into_iter().flat_map(|side| {
        Kind::HAND_ORDER.into_iter().map(move |kind| {
            let letter = kind.letter();
            let letter = if side == Side::First { letter } else { letter.to_ascii_lowercase() };
            (letter, board.hand(side).count(kind) as u32)
        })
    }))
}
