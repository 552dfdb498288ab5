//! The checkers family's evaluation weights, one table per game (`eval.rs` says what each
//! weight is). `arena tune` rewrites the constants below; their layout is the tuner's.

use super::eval::Weights;

/// Enryo (Philosophy Shogi Checkers).
pub const ENRYO: Weights = Weights {
    man: 102,
    prince: 175,
    advance: [1, 13, 13, 13, 13, 6, 10, 21, 0],
    back_rank: 9,
    mobility: 5,
    guard_front: 9,
    guard_back: 9,
    king_danger: 21,
    open_line: -9,
    exposed: 4,
    free_path: [25, 25, 26, -10],
    king_square: [
        [-46, 0, -19, 0, -4],
        [0, -26, 0, -13, 0],
        [-7, 0, 15, 0, 8],
        [0, 0, 0, 16, 0],
        [8, 0, 18, 0, 25],
        [0, -7, 0, 17, 0],
        [-2, 0, 3, 0, 8],
        [0, -6, 0, -1, 0],
        [-3, 0, 3, 0, 15],
    ],
    king_row_men: [3, 3, 0, -3, -2, -2, 0, 1, 0],
};

/// Philosophy Checkers.
pub const PHILOSOPHY: Weights = Weights {
    man: 111,
    prince: 336,
    advance: [0, -6, -7, -9, -2, 7, 28, 87, 0],
    back_rank: 8,
    mobility: 2,
    guard_front: 5,
    guard_back: 2,
    king_danger: 30,
    open_line: 11,
    exposed: -3,
    free_path: [81, 74, 63, 18],
    king_square: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
    ],
    king_row_men: [0, 0, 0, 0, 0, 0, 0, 0, 0],
};

/// English checkers.
pub const ENGLISH: Weights = Weights {
    man: 100,
    prince: 150,
    advance: [0, 1, 3, 6, 10, 15, 22, 0, 0],
    back_rank: 10,
    mobility: 4,
    guard_front: 0,
    guard_back: 0,
    king_danger: 0,
    open_line: 0,
    exposed: 0,
    free_path: [0, 0, 0, 0],
    king_square: [
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0],
    ],
    king_row_men: [0, 0, 0, 0, 0, 0, 0, 0, 0],
};
