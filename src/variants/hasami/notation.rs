//! Move tokens and the `d` diagram of the hasami family (protocol-spec.md §10).

use super::position::{Hasami, HasamiMove};
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};
use crate::vocabulary::Side;
use std::fmt::Write;

/// Finds the legal move written `<from><to>` (`5i5e`).
pub fn parse_move(position: &Hasami, text: &str) -> Result<HasamiMove, GameError> {
    let geo = position.geometry();
    let split = text.find(|c: char| c.is_ascii_lowercase()).map(|i| i + 1);
    let squares = split.and_then(|i| Some((geo.parse_square(text.get(..i)?)?, geo.parse_square(text.get(i..)?)?)));
    let written = squares.ok_or_else(|| MoveError::malformed(text, "<from><to> such as 5i5e"));
    find_legal(position, text, written, |&(from, to), mv| mv.from as usize == from && mv.to as usize == to, |_, _| None)
}

/// The board for humans (`d`): files from the highest on the left, ranks from `a` at the top,
/// the first player's men `P`, the second player's `p`, empty squares `.`. The lines every game
/// shares (variant, side to move, result, position string) are the protocol layer's.
pub fn diagram(position: &Hasami) -> String {
    let geo = position.geometry();
    let mut text = String::new();
    let files: Vec<String> = (1..=geo.width).rev().map(|f| f.to_string()).collect();
    let _ = write!(text, "  {}", files.join(" "));
    for row in 0..geo.height {
        let cells: Vec<&str> = (0..geo.width)
            .map(|col| {
                let bit = 1u128 << (row * geo.width + col);
                if position.men(Side::First) & bit != 0 {
                    "P"
                } else if position.men(Side::Second) & bit != 0 {
                    "p"
                } else {
                    "."
                }
            })
            .collect();
        let _ = write!(text, "\n  {} {}", cells.join(" "), (b'a' + row as u8) as char);
    }
    text
}
