//! The picture of a hasami-family position: the board with each side's men as discs.

use super::position::Hasami;
use crate::drawing::{shogi_labels, Cell, Drawing, Grid, Piece, Shape};
use crate::vocabulary::Side;

pub fn drawing(position: &Hasami) -> Drawing {
    let geo = position.geometry();
    let (files, ranks) = shogi_labels(geo.width, geo.height);
    let grid = Grid::new("", files, ranks, |column, row| {
        let bit = 1u128 << (row * geo.width + column);
        let men = Side::ALL.into_iter().filter(|&side| position.men(side) & bit != 0);
        Cell::Square(
            men.map(|side| {
                let token = if side == Side::First { "P" } else { "p" };
                Piece {
                    owner: Some(side),
                    label: String::new(),
                    promoted: false,
                    shape: Shape::Stone,
                    token: token.into(),
                }
            })
            .collect(),
        )
    });
    Drawing { grids: vec![grid], ..Drawing::default() }
}
