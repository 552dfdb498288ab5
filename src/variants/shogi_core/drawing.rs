//! The shogi board as a picture, shared by standard shogi and Shogammon.

use super::square::{square, Square};
use crate::drawing::{shogi_labels, Grid, Shape};

/// The 9 by 9 board, file 9 on the left, with the tokens of each square's pieces (bottom first)
/// from `tokens` (Shogammon's stacks share it).
pub fn board_grid(tokens: impl Fn(Square) -> Vec<String>) -> Grid {
    let (files, ranks) = shogi_labels(9, 9);
    Grid::new("", files, ranks, |column, rank| {
        Grid::square(tokens(square(8 - column, rank)).iter().map(String::as_str), Shape::Tile)
    })
}
