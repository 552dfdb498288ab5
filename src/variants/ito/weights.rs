//! The Ito Shogi evaluation's weights (`eval.rs` says what each is, and how they were tuned).
//! `arena tune` rewrites the constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    value: [
        [0, 0],
        [324, 402],
        [411, 423],
        [125, 398],
        [309, 344],
        [142, 224],
        [190, 325],
        [29, 145],
    ],
    hand_value: [448, 466, 441, 331, 251, 345, 226],
    mobility: 23,
    zone_attack: 87,
    open_neighbour: 48,
    drop_threat: 10,
    tempo: 41,
    near_king: [
        [3, -1, -15, -177],
        [95, -82, -33, -54],
        [-10, 301, 157, 201],
        [0, 86, -16, 72],
        [57, -75, 0, -80],
        [11, -63, -71, 155],
        [15, 63, 95, 63],
    ],
    guard: [4, 13, 23],
    king_out: [65, 13, 4, -14, -25, -47],
};
