//! The Philosopher's Chess evaluation's weights (`eval.rs` says what each is, and how they were
//! tuned). `arena tune` rewrites the constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    value: [0, 300, 450, 100, 150, 600],
    pawn_advance: [0, 10, 25, 60],
    mobility: 4,
    thought_reach: 1,
    zone_attack: 12,
    tempo: 12,
};
