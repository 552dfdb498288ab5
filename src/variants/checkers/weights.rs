//! The checkers family's evaluation weights, one table per game (`eval.rs` says what each
//! weight is). `arena tune` rewrites the constants below; their layout is the tuner's.

use super::eval::Weights;

/// Enryo (Philosophy Shogi Checkers).
pub const ENRYO: Weights = Weights {
    man: 102,
    prince: 175,
    advance: [0, 9, 11, 11, 12, 8, 13, 26, 0],
    back_rank: 8,
    mobility: 5,
    guard_front: 12,
    guard_back: 13,
    king_danger: 22,
    open_line: -7,
    exposed: -2,
    free_path: [18, 17, 19, -13],
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
};
