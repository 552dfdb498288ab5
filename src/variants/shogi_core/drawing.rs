//! The shogi board as a picture, shared by standard shogi and Shogammon.

use super::board::Board;
use super::piece::Kind;
use super::square::{square, Square};
use crate::drawing::{shogi_labels, Grid, Hand, Shape};
use crate::vocabulary::Side;

/// Both players' hands of `board`, the first player's first, kinds in `Kind::HAND_ORDER`.
pub fn hands(board: &Board) -> Vec<Hand> {
    Side::ALL
        .map(|side| {
            let held = Kind::HAND_ORDER.into_iter().map(|kind| {
                let letter = kind.letter();
                let letter = if side == Side::First { letter } else { letter.to_ascii_lowercase() };
                (letter, board.hand(side).count(kind) as u32)
            });
            Hand::new(side, held, Shape::Tile)
        })
        .to_vec()
}

/// The 9 by 9 board, file 9 on the left, with the tokens of each square's pieces (bottom first)
/// from `tokens` (Shogammon's stacks share it).
pub fn board_grid(tokens: impl Fn(Square) -> Vec<String>) -> Grid {
    let (files, ranks) = shogi_labels(9, 9);
    Grid::new("", files, ranks, |column, rank| {
        Grid::square(tokens(square(8 - column, rank)).iter().map(String::as_str), Shape::Tile)
    })
}
