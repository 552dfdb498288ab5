//! The Ito Shogi evaluation's weights (`eval.rs` says what each is, and how they were tuned).
//! `arena tune` rewrites the constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    value: [
        [0, 0],
        [330, 480],
        [400, 500],
        [300, 440],
        [280, 350],
        [220, 320],
        [250, 330],
        [100, 160],
    ],
    hand_value: [500, 520, 460, 370, 340, 350, 170],
    mobility: 8,
    zone_attack: 22,
    open_neighbour: 30,
    drop_threat: 12,
    tempo: 15,
};
