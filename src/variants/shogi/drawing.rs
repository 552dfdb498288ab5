//! The picture of a shogi position: the board as the `d` diagram shows it, the hands below.

use super::position::Shogi;
use crate::drawing::Drawing;
use crate::variants::shogi_core::drawing::{board_grid, hands};

pub fn drawing(position: &Shogi) -> Drawing {
    let board = position.board();
    let grid = board_grid(|sq| board.piece_at(sq).map(|piece| piece.sfen()).into_iter().collect());
    Drawing { grids: vec![grid], hands: hands(board), ..Drawing::default() }
}
