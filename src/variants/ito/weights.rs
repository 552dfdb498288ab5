//! The Ito Shogi evaluation's weights (`eval.rs` says what each is, and how they were tuned).
//! `arena tune` rewrites the constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    value: [
        [0, 0],
        [315, 436],
        [400, 448],
        [191, 412],
        [285, 334],
        [166, 261],
        [212, 326],
        [60, 155],
    ],
    hand_value: [464, 485, 448, 332, 289, 340, 208],
    mobility: 16,
    zone_attack: 78,
    open_neighbour: 29,
    drop_threat: 16,
    tempo: 29,
    near_king: [
        [3, -1, -8, -190],
        [91, -72, -46, -40],
        [-5, 269, 156, 184],
        [0, 82, -15, 65],
        [53, -72, 0, -74],
        [11, -52, -64, 123],
        [12, 63, 88, 55],
    ],
    guard: [-6, 12, 27],
    king_out: [30, -6, 0, -7, -12, -9],
};
