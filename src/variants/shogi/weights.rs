//! The shogi evaluation's weights (`eval.rs` says what each is). `arena tune` rewrites the
//! constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    board_value: [138, 283, 317, 535, 711, 782, 708, 0, 756, 708, 484, 380, 1209, 1483],
    hand_value: [132, 361, 357, 633, 839, 1106, 718],
    advance: [
        [56, -64, -32, 12, 58, 120, 84, 80, 0],
        [52, -6, -96, -8, 162, -26, -126, -64, 0],
        [-32, 48, -28, 28, 26, -42, 40, 0, 0],
        [-16, 54, 52, 72, 74, 6, 96, 236, -320],
    ],
    attacker: 124,
    attacker_per_hand_piece: 134,
    king_advance: 110,
    king_wing: 110,
    slider_mobility: 18,
    guard: [
        [0, -18, 7, 5, 0, 0, 0, 0, 0],
        [0, 65, 68, 52, 0, 0, 0, 0, 0],
        [0, 48, 24, 32, 0, 0, 0, 0, 0],
        [0, 76, 194, 176, 0, 0, 0, 0, 0],
        [0, -46, 53, 208, 0, 0, 0, 0, 0],
    ],
    attack: [
        [0, 355, 180, 48, 0, 0, 0, 0, 0],
        [0, 350, 71, 62, 0, 0, 0, 0, 0],
        [0, 82, 44, -14, 0, 0, 0, 0, 0],
        [0, 40, 9, 98, 4, 0, 0, 0, 0],
        [0, 40, 57, -22, 4, 0, 0, 0, 0],
    ],
};
