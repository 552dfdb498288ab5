//! The Shogammon evaluation's weights (`eval.rs` says what each is, and how they were tuned).
//! `arena tune` rewrites the constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    king_value: 6000,
    point: 30,
    lost_die: 10,
    their_threats: 2,
    our_threats: 3,
    pawn_advance: 6,
};
