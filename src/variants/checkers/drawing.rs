//! The picture of a checkers position: the dark squares with their men (plain discs), Princes
//! (`P`, in red) and royal Kings (`K`); English checkers' crowned man is a red `K`.

use super::position::{Checkers, Piece};
use super::position_string::token_at;
use crate::drawing::{self, shogi_labels, Cell, Drawing, Grid, Shape};
use crate::vocabulary::Side;

pub fn drawing(position: &Checkers) -> Drawing {
    let geo = position.geometry();
    let crowned = if position.rules().royal_king { "P" } else { "K" };
    let (files, ranks) = shogi_labels(geo.width, geo.width);
    let grid = Grid::new("", files, ranks, |column, row| match geo.square_at(row, column) {
        None => Cell::Off,
        Some(sq) => Cell::Square(
            Side::ALL
                .into_iter()
                .filter_map(|side| position.pieces().piece_at(side, sq).map(|piece| (side, piece)))
                .map(|(side, piece)| {
                    let (label, promoted) = match piece {
                        Piece::Man => ("", false),
                        Piece::Prince => (crowned, true),
                        Piece::King => ("K", false),
                    };
                    let token = token_at(position.pieces(), sq).unwrap_or_default().into();
                    drawing::Piece { owner: Some(side), label: label.into(), promoted, shape: Shape::Stone, token }
                })
                .collect(),
        ),
    });
    Drawing { grids: vec![grid], ..Drawing::default() }
}
