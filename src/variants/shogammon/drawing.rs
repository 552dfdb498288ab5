//! The picture of a Shogammon position: the shogi board with its stacks (the lower piece under
//! the top one), the hands, and the roll (as dice and in words).

use super::notation::roll_line;
use super::points::Board;
use super::position::Shogammon;
use crate::drawing::Drawing;
use crate::variants::shogi_core::drawing::{board_grid, hands};

pub fn drawing(position: &Shogammon, board: &Board) -> Drawing {
    let grid = board_grid(|sq| {
        let lower = board.under(sq).map(|piece| piece.sfen());
        let top = board.tops().piece_at(sq).map(|piece| piece.sfen());
        lower.into_iter().chain(top).collect()
    });
    let dice = position.roll().map_or(Vec::new(), |roll| {
        let (high, low) = roll.dice();
        vec![high, low]
    });
    Drawing { grids: vec![grid], hands: hands(board.tops()), dice, captions: vec![roll_line(position)] }
}
