//! What the evaluation knows of a King left alone (its side has no other piece on the Field):
//! it is mated on the edge, with the other King near. The counts here are the features that the
//! weights `lone_edge` and `kings_near` (`eval.rs`) multiply.

use super::board::Board;
use super::piece::{col, row, Kind, WIDTH};
use crate::vocabulary::{Score, Side};

/// The side whose King stands alone while the other side has at least one more piece.
pub(super) fn lone_side(board: &Board) -> Option<Side> {
    let alone = |side: Side| board.side(side) == board.pieces(side, Kind::King);
    match (alone(Side::First), alone(Side::Second)) {
        (true, false) => Some(Side::First),
        (false, true) => Some(Side::Second),
        _ => None,
    }
}

/// How far `square` is from the centre: its row's and its file's distance from the middle two,
/// 0..=2 each, summed (0 on the four centre squares, 4 in a corner).
pub(super) fn edge_distance(square: usize) -> Score {
    let from_middle = |line: usize| (line.max(WIDTH - 1 - line) - WIDTH / 2) as Score;
    from_middle(row(square)) + from_middle(col(square))
}

/// How near the two Kings stand: 10 minus their distance in steps along ranks and files (0 in
/// opposite corners, 9 when side by side).
pub(super) fn kings_near(board: &Board) -> Score {
    let (a, b) = (board.king(Side::First), board.king(Side::Second));
    let apart = row(a).abs_diff(row(b)) + col(a).abs_diff(col(b));
    2 * (WIDTH as Score - 1) - apart as Score
}
