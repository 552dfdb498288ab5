//! Move tokens and the `d` diagram of the checkers games (protocol-spec.md §15).

use super::drawing::drawing;
use super::geometry::Geometry;
use super::moves::CheckersMove;
use super::position::Checkers;
use crate::drawing::text;
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};

/// The token of `mv`: `3g4f` for a step or slide, `3gx5ex7c` for a capture.
pub fn format_move(geo: &Geometry, mv: CheckersMove) -> String {
    let names: Vec<String> = mv.path().iter().map(|&sq| geo.square_name(sq as usize)).collect();
    names.join(if mv.is_capture() { "x" } else { "" })
}

/// What a checkers move token looks like, for error messages.
const EXPECTED: &str = "<from><to> such as 3g4f, or a capture <from>x<landing>... such as 3gx5ex7c, on dark squares";

/// The squares written in `text` and whether it is written as a capture, if it is well-formed.
fn parse_squares(geo: &Geometry, text: &str) -> Option<(Vec<u8>, bool)> {
    let square = |t: &str| geo.parse_square(t).map(|sq| sq as u8);
    if text.contains('x') {
        let path: Option<Vec<u8>> = text.split('x').map(square).collect();
        path.filter(|p| p.len() >= 2).map(|p| (p, true))
    } else {
        let (from, to) = (text.get(..2)?, text.get(2..)?);
        Some((vec![square(from)?, square(to)?], false))
    }
}

/// Finds the legal move written `text`.
pub fn parse_move(position: &Checkers, text: &str) -> Result<CheckersMove, GameError> {
    let written = parse_squares(position.geometry(), text).ok_or_else(|| MoveError::malformed(text, EXPECTED));
    find_legal(
        position,
        text,
        written,
        |(path, capture), mv| mv.is_capture() == *capture && mv.path() == path.as_slice(),
        // Captures are compulsory: when the legal moves are captures, all of them are.
        |(_, capture), legal| {
            (!capture && legal.first().is_some_and(|mv| mv.is_capture())).then(|| "a capture is compulsory".to_string())
        },
    )
}

/// A diagram column: the widest token (`+M`) and a space.
const COLUMN: usize = 3;

/// The board for humans (`d`): the drawing's grid as `drawing::text` writes it, files from the
/// highest on the left, ranks from `a` at the top, pieces as in position strings (`+M` a Prince
/// or crowned king), `.` an empty dark square and `-` a light one.
pub fn diagram(position: &Checkers) -> String {
    text::diagram(&drawing(position), COLUMN)
}
