//! The checkers family's evaluation weights, one table per game (`eval.rs` says what each
//! weight is). `arena tune` rewrites the constants below; their layout is the tuner's.

use super::eval::Weights;

/// Enryo (Philosophy Shogi Checkers).
pub const ENRYO: Weights = Weights {
    man: 100,
    prince: 170,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 20,
    king_danger: 28,
    open_line: 0,
};

/// Philosophy Checkers.
pub const PHILOSOPHY: Weights = Weights {
    man: 100,
    prince: 320,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 12,
    king_danger: 20,
    open_line: 30,
};

/// English checkers.
pub const ENGLISH: Weights = Weights {
    man: 100,
    prince: 150,
    advance: [0, 1, 3, 6, 10, 15, 22, 0, 0],
    back_rank: 10,
    mobility: 4,
    guardian: 0,
    king_danger: 0,
    open_line: 0,
};
