//! The checkers evaluation: material (Men, Princes), how far the Men have advanced, the back
//! rank kept to stop enemy promotions, mobility, and in the 9x9 games the royal King's shelter.

use super::capture::forward;
use super::geometry::{squares, Dir, Geometry, Squares};
use super::position::{Checkers, Piece};
use super::rules::Kind;
use super::weights::{ENGLISH, ENRYO, PHILOSOPHY};
use crate::vocabulary::{Score, Side};

crate::weight_table! {
    /// The weights of the evaluation terms for one game (the constants are in `weights.rs`,
    /// which `arena tune` rewrites).
    pub struct Weights {
        pub man: Score,
        pub prince: Score,
        /// Per row a Man has advanced from its own back rank, indexed by that distance.
        pub advance: [Score; 9],
        /// Per own Man on the own back rank (it keeps enemy Men from promoting there).
        pub back_rank: Score,
        /// Per square a piece can step to.
        pub mobility: Score,
        /// Per own piece diagonally next to the own King.
        pub guardian: Score,
        /// Per enemy piece within two rows and columns of the own King.
        pub king_danger: Score,
        /// Per line through the own King along which it could be jumped: both neighbours on the
        /// board and neither an own piece (diagonals; in philosophy-checkers also ranks and files).
        pub open_line: Score,
    }
}

/// The table `position`'s game evaluates with, and its constant's name.
pub fn weights(position: &Checkers) -> (&'static str, &'static Weights) {
    match position.kind {
        Kind::Enryo => ("ENRYO", &ENRYO),
        Kind::Philosophy => ("PHILOSOPHY", &PHILOSOPHY),
        Kind::English => ("ENGLISH", &ENGLISH),
    }
}

/// The two diagonal lines through a square, as pairs of opposite directions.
const LINES_DIAGONAL: [(Dir, Dir); 2] = [(Dir::NorthWest, Dir::SouthEast), (Dir::NorthEast, Dir::SouthWest)];
/// The diagonal lines and the rank and file through a square.
const LINES_ALL: [(Dir, Dir); 4] = [
    (Dir::NorthWest, Dir::SouthEast),
    (Dir::NorthEast, Dir::SouthWest),
    (Dir::North, Dir::South),
    (Dir::West, Dir::East),
];

/// A static evaluation from the side to move's point of view, with `w`.
pub fn evaluate(position: &Checkers, w: &Weights) -> Score {
    let us = position.side;
    side_terms(position, w, us) - side_terms(position, w, us.opponent())
}

/// The terms of one side, from its point of view.
fn side_terms(position: &Checkers, w: &Weights, side: Side) -> Score {
    let geo = position.geometry();
    let pieces = position.pieces();
    let men = pieces.of(side, Piece::Man);
    let princes = pieces.of(side, Piece::Prince);
    let own = pieces.side(side);
    let empty = geo.board & !pieces.occupied();
    let mut score = men.count_ones() as Score * w.man + princes.count_ones() as Score * w.prince;
    let back = geo.far[side.opponent().index()];
    score += (men & back).count_ones() as Score * w.back_rank;
    for sq in squares(men) {
        score += w.advance[advance(geo, side, sq)];
    }
    let mut reach = 0;
    for &dir in forward(side) {
        reach += (geo.shift(men, dir) & empty).count_ones();
    }
    for dir in Dir::DIAGONAL {
        reach += (geo.shift(princes, dir) & empty).count_ones();
    }
    score += reach as Score * w.mobility;
    let king = pieces.of(side, Piece::King);
    if king != 0 {
        score += (neighbours(geo, king) & own).count_ones() as Score * w.guardian;
        let near = neighbours(geo, neighbours(geo, king) | king);
        score -= (near & pieces.side(side.opponent())).count_ones() as Score * w.king_danger;
        // A King on an edge has no line to be jumped along: only the lines with a square on
        // each side, and no own piece on either, are open.
        let lines: &[(Dir, Dir)] = if position.kind == Kind::Philosophy { &LINES_ALL } else { &LINES_DIAGONAL };
        let mut open = 0;
        for &(a, b) in lines {
            let (x, y) = (geo.shift(king, a), geo.shift(king, b));
            open += (x != 0 && y != 0 && (x | y) & own == 0) as Score;
        }
        score -= open * w.open_line;
    }
    score
}

/// How many rows the Man of `side` on `sq` has advanced from its own back rank.
fn advance(geo: &Geometry, side: Side, sq: usize) -> usize {
    let row = geo.row(sq);
    match side {
        Side::First => geo.width - 1 - row,
        Side::Second => row,
    }
}

/// The squares diagonally next to a square of `set`.
fn neighbours(geo: &Geometry, set: Squares) -> Squares {
    Dir::DIAGONAL.iter().fold(0, |acc, &dir| acc | geo.shift(set, dir))
}
