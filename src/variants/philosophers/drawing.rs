//! The picture of a Philosopher's Chess position: the Field (6 by 6), the Mind (2 by 2) with the
//! Thought on its square, and the run of mind-moves.

use super::mind::Thought;
use super::piece::WIDTH;
use super::position::Philosophers;
use crate::drawing::{shogi_labels, Cell, Drawing, Grid, Piece, Shape};

pub fn drawing(position: &Philosophers) -> Drawing {
    let board = position.board();
    let (files, ranks) = shogi_labels(WIDTH, WIDTH);
    let field = Grid::new("Field", files, ranks, |column, row| {
        let letter = board.at(row * WIDTH + column).map(|piece| piece.letter().to_string());
        Grid::square(letter.as_deref(), Shape::Tile)
    });
    let mind_squares = [[Thought::O1, Thought::D1], [Thought::O2, Thought::D2]];
    let mind = Grid::new("Mind", vec!["o".into(), "d".into()], vec!["1".into(), "2".into()], |column, row| {
        let thought = Piece { owner: None, label: "T".into(), promoted: false, shape: Shape::Token, token: "t".into() };
        Cell::Square(if board.thought() == mind_squares[row][column] { vec![thought] } else { vec![] })
    });
    let captions = vec![format!("mind-moves in a row: {}", board.run())];
    Drawing { grids: vec![field, mind], captions, ..Drawing::default() }
}
