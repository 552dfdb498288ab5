//! The checkers evaluation: material (Men, Princes), how far the Men have advanced, the back
//! rank kept to stop enemy promotions, mobility, and in the 9x9 games the royal King's shelter.

use super::capture::forward;
use super::geometry::{squares, Dir, Geometry, Squares};
use super::position::{Checkers, Piece};
use super::rules::Kind;
use crate::core::{Score, Side};

/// The weights of the evaluation terms for one game.
struct Weights {
    man: Score,
    prince: Score,
    /// Per row a Man has advanced from its own back rank, indexed by that distance.
    advance: [Score; 9],
    /// Per own Man on the own back rank (it keeps enemy Men from promoting there).
    back_rank: Score,
    /// Per square a piece can step to.
    mobility: Score,
    /// Per own piece diagonally next to the own King.
    guardian: Score,
    /// Per enemy piece within two rows and columns of the own King.
    king_danger: Score,
    /// Per line through the own King along which it could be jumped: both neighbours on the
    /// board and neither an own piece (diagonals; in philosophy-checkers also ranks and files).
    open_line: Score,
}

/// Enryo. All weights are tuned by self-play at 20000 nodes a move, paired games from 4 random
/// plies, against the previous weights. The King's shelter matters most: without the guardian
/// and danger terms -192 Elo; guardian 10 -> 15 and danger 14 -> 20 gained +57 Elo (400 games),
/// then 20 and 28 another +23 (800 games: +19 ± 31 and +28 ± 33). The open-line penalty that
/// helps philosophy-checkers lost here (30: -105 Elo, 400 games). A Prince at 210 lost 33 Elo
/// (200 games), at 145 it was even (+4 ± 30, 400 games), so 170 stays. Mobility 2 -> 4:
/// +18 Elo (800 games: +19 ± 32 and +17 ± 34; marginal).
const ENRYO: Weights = Weights {
    man: 100,
    prince: 170,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 20,
    king_danger: 28,
    open_line: 0,
};

/// Philosophy-checkers (same method): open lines through the King at 30 gained +42 Elo
/// (600 games: +38 ± 30 and +51 ± 42), at 50 they lost 30 Elo. Mobility 2 -> 4 gained +27 Elo
/// (800 games: +17 ± 30 and +38 ± 32). Not kept: a Prince at 450 (-5 Elo over 600 games),
/// King danger 30 (+9 ± 27, 400 games), guardian 20 (-30 ± 30).
const PHILOSOPHY: Weights = Weights {
    man: 100,
    prince: 320,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 12,
    king_danger: 20,
    open_line: 30,
};

/// English checkers: a king at 130 instead of 150 was even (+10 ± 32, 200 games; not kept);
/// mobility 2 -> 4 gained +61 ± 38 (200 games).
const ENGLISH: Weights = Weights {
    man: 100,
    prince: 150,
    advance: [0, 1, 3, 6, 10, 15, 22, 0, 0],
    back_rank: 10,
    mobility: 4,
    guardian: 0,
    king_danger: 0,
    open_line: 0,
};

/// The two diagonal lines through a square, as pairs of opposite directions.
const LINES_DIAGONAL: [(Dir, Dir); 2] = [(Dir::NorthWest, Dir::SouthEast), (Dir::NorthEast, Dir::SouthWest)];
/// The diagonal lines and the rank and file through a square.
const LINES_ALL: [(Dir, Dir); 4] = [
    (Dir::NorthWest, Dir::SouthEast),
    (Dir::NorthEast, Dir::SouthWest),
    (Dir::North, Dir::South),
    (Dir::West, Dir::East),
];

/// A static evaluation from the side to move's point of view.
pub fn evaluate(position: &Checkers) -> Score {
    let w = match position.kind {
        Kind::Enryo => &ENRYO,
        Kind::Philosophy => &PHILOSOPHY,
        Kind::English => &ENGLISH,
    };
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
