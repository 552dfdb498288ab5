//! Move tokens and the `d` diagram of the hasami family (protocol-spec.md §10).

use super::drawing::drawing;
use super::position::{Hasami, HasamiMove};
use crate::drawing::text;
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};

/// Finds the legal move written `<from><to>` (`5i5e`).
pub fn parse_move(position: &Hasami, text: &str) -> Result<HasamiMove, GameError> {
    let geo = position.geometry();
    let split = text.find(|c: char| c.is_ascii_lowercase()).map(|i| i + 1);
    let squares = split.and_then(|i| Some((geo.parse_square(text.get(..i)?)?, geo.parse_square(text.get(i..)?)?)));
    let written = squares.ok_or_else(|| MoveError::malformed(text, "<from><to> such as 5i5e"));
    find_legal(position, text, written, |&(from, to), mv| mv.from as usize == from && mv.to as usize == to, |_, _| None)
}

/// A diagram column: a man (`P`, `p`) and a space.
const COLUMN: usize = 2;

/// The board for humans (`d`): the drawing's grid as `drawing::text` writes it, files from the
/// highest on the left, ranks from `a` at the top, the first player's men `P`, the second
/// player's `p`, empty squares `.`. The lines every game shares (variant, side to move, result,
/// position string) are the protocol layer's.
pub fn diagram(position: &Hasami) -> String {
    text::diagram(&drawing(position), COLUMN)
}
