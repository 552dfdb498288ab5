//! The picture of a Shogammon position: the shogi board with its stacks (the lower piece under
//! the top one), the hands, and the roll.

use super::notation::roll_line;
use super::points::Board;
use super::position::Shogammon;
use crate::drawing::Drawing;
use crate::variants::shogi_core::drawing::board_grid;
use crate::variants::shogi_core::notation::hand_lines;

pub fn drawing(position: &Shogammon, board: &Board) -> Drawing {
    let grid = board_grid(|sq| {
        let lower = board.under(sq).map(|piece| piece.sfen());
        let top = board.tops().piece_at(sq).map(|piece| piece.sfen());
        lower.into_iter().chain(top).collect()
    });
    let mut captions = hand_lines(board.tops()).to_vec();
    captions.push(roll_line(position));
    Drawing { grids: vec![grid], captions }
}
