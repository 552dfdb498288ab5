//! The checkers evaluation: material (Men, Princes), how far the Men have advanced, Men with a
//! free path to promotion, the back rank kept to stop enemy promotions, mobility, and in the
//! 9x9 games the royal King's shelter and square.

use super::capture::forward;
use super::geometry::{squares, Dir, Geometry, Squares, EIGHT, NINE};
use super::position::{Checkers, Piece};
use super::rules::Kind;
use super::weights::{ENGLISH, ENRYO, PHILOSOPHY};
use crate::vocabulary::{Score, Side};
use std::sync::LazyLock;

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
        /// Per own piece diagonally next to the own King, on the side the enemy's Men come from
        /// (where an enemy Man would stand to jump it).
        pub guard_front: Score,
        /// Per own piece diagonally next to the own King, on its own side (where an enemy Man
        /// jumping it would land).
        pub guard_back: Score,
        /// Per enemy piece within two rows and columns of the own King.
        pub king_danger: Score,
        /// Per line through the own King along which it could be jumped: both neighbours on the
        /// board and neither an own piece (diagonals; in philosophy-checkers also ranks and files).
        pub open_line: Score,
        /// Per forward diagonal of the enemy's Men along which one of them could jump the own
        /// King: the square before the King not the own side's, the square beyond it empty.
        pub exposed: Score,
        /// Per own Man with no enemy piece anywhere in the cone of squares ahead of it, up to its
        /// promotion rank, by the rows it still has to go (1, 2, 3, 4 or more).
        pub free_path: [Score; 4],
        /// By the own King's square: `[rows it has advanced from the own back rank][columns
        /// from the nearer side edge, 0 on it]` (on an edge or in a corner it has fewer squares
        /// to flee to).
        pub king_square: [[Score; 5]; 9],
        /// Per enemy Man, by the rows the own King has advanced from the own back rank (a King
        /// out in the middle rows while many enemy Men remain).
        pub king_row_men: [Score; 9],
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
    let enemy = pieces.side(side.opponent());
    for sq in squares(men) {
        let advanced = advance(geo, side, sq);
        score += w.advance[advanced];
        if cone(geo, side, sq) & enemy == 0 {
            let rows = geo.width - 1 - advanced;
            score += w.free_path[rows.clamp(1, 4) - 1];
        }
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
        let [toward, away] = [forward(side), forward(side.opponent())];
        let (front, back) = (shifted(geo, king, toward), shifted(geo, king, away));
        score += (front & own).count_ones() as Score * w.guard_front;
        score += (back & own).count_ones() as Score * w.guard_back;
        // An enemy Man moving along `dir` jumps the King from the square before it (along
        // `dir`) onto the square beyond.
        for &dir in away {
            let (before, beyond) = (geo.shift(king, dir.opposite()), geo.shift(king, dir));
            score -= (before != 0 && before & own == 0 && beyond & empty != 0) as Score * w.exposed;
        }
        let near = neighbours(geo, neighbours(geo, king) | king);
        score -= (near & enemy).count_ones() as Score * w.king_danger;
        let sq = king.trailing_zeros() as usize;
        let col = geo.col(sq);
        let (r, c) = (advance(geo, side, sq), col.min(geo.width - 1 - col));
        score += w.king_square[r][c];
        let enemy_men = pieces.of(side.opponent(), Piece::Man).count_ones() as Score;
        score += enemy_men * w.king_row_men[r];
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

/// Every square the Man of `side` on `sq` could step to on its way to promotion.
fn cone(geo: &Geometry, side: Side, sq: usize) -> Squares {
    CONES[usize::from(geo.width == EIGHT.width)][side.index()][sq]
}

/// `CONES[board][side][sq]`: every square a Man of `side` on `sq` could step to on its way to
/// promotion, on the 9x9 board (0) and the 8x8 board (1).
static CONES: LazyLock<[[[Squares; 64]; 2]; 2]> = LazyLock::new(|| {
    let mut cones = [[[0; 64]; 2]; 2];
    for (board, geo) in [&NINE, &EIGHT].into_iter().enumerate() {
        for side in [Side::First, Side::Second] {
            for sq in squares(geo.board) {
                let (mut step, mut all): (Squares, Squares) = (1 << sq, 0);
                for _ in 0..geo.width - 1 - advance(geo, side, sq) {
                    step = shifted(geo, step, forward(side));
                    all |= step;
                }
                cones[board][side.index()][sq] = all;
            }
        }
    }
    cones
});

/// The squares diagonally next to a square of `set`.
fn neighbours(geo: &Geometry, set: Squares) -> Squares {
    shifted(geo, set, &Dir::DIAGONAL)
}

/// The squares one step from a square of `set` in one of `dirs`.
fn shifted(geo: &Geometry, set: Squares, dirs: &[Dir]) -> Squares {
    dirs.iter().fold(0, |acc, &dir| acc | geo.shift(set, dir))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::checkers::position_string::parse_position;

    /// Every weight 0: a test sets the ones it looks at.
    fn zero() -> Weights {
        Weights {
            man: 0,
            prince: 0,
            advance: [0; 9],
            back_rank: 0,
            mobility: 0,
            guard_front: 0,
            guard_back: 0,
            king_danger: 0,
            open_line: 0,
            exposed: 0,
            free_path: [0; 4],
            king_square: [[0; 5]; 9],
            king_row_men: [0; 9],
        }
    }

    /// The enryo evaluation of `board` (a position string's board) with the first player to
    /// move.
    fn eval(board: &str, w: &Weights) -> Score {
        let position = parse_position(Kind::Enryo, &format!("{board} b - 1")).expect("a valid test position");
        evaluate(&position, w)
    }

    #[test]
    fn a_man_with_no_enemy_in_the_cone_ahead_has_a_free_path() {
        let w = Weights { free_path: [1, 10, 100, 1000], ..zero() };
        // Black's Man on 1e, four rows from promotion; White's King on 9a, outside its cone.
        assert_eq!(eval("k8/9/9/9/8M/9/9/9/4K4", &w), 1000);
        // A White Man on 3c stands in the cone; it has Black's King and Man in its own.
        assert_eq!(eval("k8/9/6m2/9/8M/9/9/9/4K4", &w), 0);
    }

    #[test]
    fn guards_are_told_apart_by_the_side_the_enemy_men_come_from() {
        let w = Weights { guard_front: 1, guard_back: 10, exposed: 100, ..zero() };
        // Black's King on 5e, its Men on 4d (in front, toward White) and 6f (behind). White's
        // Men could jump it from 6d onto 4f: one line exposed.
        assert_eq!(eval("k8/9/9/5M3/4K4/3M5/9/9/9", &w), 11 - 100);
        // A Man on 4f closes that line.
        assert_eq!(eval("k8/9/9/5M3/4K4/3M1M3/9/9/9", &w), 21);
    }

    #[test]
    fn the_king_square_counts_rows_from_the_own_back_rank_and_columns_from_the_nearer_edge() {
        let mut w = zero();
        w.king_square[0][4] = 1;
        w.king_square[0][0] = 100;
        w.king_square[3][1] = 1000;
        // Black's King at home on 5i (centre column); White's in the corner on 9a of its own
        // back rank.
        assert_eq!(eval("k8/9/9/9/9/9/9/9/4K4", &w), 1 - 100);
        // Black's King on 2f: three rows up, one column from the right edge.
        assert_eq!(eval("k8/9/9/9/9/7K1/9/9/9", &w), 1000 - 100);
        // White's King on 8d is Black's mirrored: three rows down, one column from the left edge.
        assert_eq!(eval("9/9/9/1k7/9/7K1/9/9/9", &w), 0);
    }

    #[test]
    fn the_kings_row_is_weighed_per_enemy_man() {
        let w = Weights { king_row_men: [1, 0, 0, 10, 0, 0, 0, 0, 0], ..zero() };
        // Black's King at home on 5i, two White Men; White's King at home, no Black Man.
        assert_eq!(eval("k8/9/m1m6/9/9/9/9/9/4K4", &w), 2);
        // Black's King three rows up on 2f; White's King at home facing one Black Man on 8h.
        assert_eq!(eval("k8/9/m1m6/9/9/7K1/9/1M7/9", &w), 20 - 1);
    }
}
