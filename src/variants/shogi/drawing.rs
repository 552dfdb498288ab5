//! The picture of a shogi position: the board as the `d` diagram shows it, the hands below.

use super::notation::hand_lines;
use super::position::Shogi;
use super::square::{square, Square};
use crate::drawing::{shogi_labels, Drawing, Grid, Shape};

pub fn drawing(position: &Shogi) -> Drawing {
    let board = position.board();
    let grid = board_grid(|sq| board.piece_at(sq).map(|piece| piece.sfen()).into_iter().collect());
    Drawing { grids: vec![grid], captions: hand_lines(board).to_vec() }
}

/// The 9 by 9 board, file 9 on the left, with the tokens of each square's pieces (bottom first)
/// from `tokens` (Shogammon's stacks share it).
pub(crate) fn board_grid(tokens: impl Fn(Square) -> Vec<String>) -> Grid {
    let (files, ranks) = shogi_labels(9, 9);
    Grid::new("", files, ranks, |column, rank| {
        Grid::square(tokens(square(8 - column, rank)).iter().map(String::as_str), Shape::Tile)
    })
}
