//! The picture of an Ito position: the line of 21 squares (named as in move tokens, the first
//! player's end on the right), each piece showing its face (`+` faces in red), and the hands.

use super::moves::square_name;
use super::piece::SQUARES;
use super::position::Ito;
use crate::drawing::{Drawing, Grid, Hand, Shape};
use crate::vocabulary::Side;

pub fn drawing(position: &Ito) -> Drawing {
    let board = position.board();
    let squares: Vec<usize> = (0..SQUARES).rev().collect();
    let files = squares.iter().map(|&square| square_name(square)).collect();
    let grid = Grid::new("", files, vec![String::new()], |column, _| {
        let token = board.at(squares[column]).map(|piece| piece.token());
        Grid::square(token.as_deref(), Shape::Tile)
    });
    let hands = Side::ALL.map(|side| Hand::new(side, board.held(side), Shape::Tile)).to_vec();
    Drawing { grids: vec![grid], hands, ..Drawing::default() }
}
