//! The shogi evaluation's weights (`eval.rs` says what each is). `arena tune` rewrites the
//! constant below; its layout is the tuner's.

use super::eval::Weights;

#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    board_value: [90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395],
    hand_value: [100, 345, 445, 545, 935, 1090, 590],
    advance: [
        [0, 0, 0, 4, 10, 16, 20, 24, 0],
        [4, 2, 0, 0, 2, 6, 10, 0, 0],
        [0, 0, 4, 12, 18, 22, 0, 0, 0],
        [0, 6, 12, 16, 18, 14, 8, 4, 0],
    ],
    attacker: 28,
    attacker_per_hand_piece: 6,
    king_advance: 14,
    king_wing: 6,
    slider_mobility: 2,
    guard: [
        [0, 30, 15, 5, 0, 0, 0, 0, 0],
        [0, 25, 12, 4, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 20, 10, 0, 0, 0, 0, 0, 0],
        [0, 10, 5, 0, 0, 0, 0, 0, 0],
    ],
    attack: [
        [0, 35, 20, 8, 0, 0, 0, 0, 0],
        [0, 30, 15, 6, 0, 0, 0, 0, 0],
        [0, 10, 20, 10, 0, 0, 0, 0, 0],
        [0, 40, 25, 10, 4, 0, 0, 0, 0],
        [0, 40, 25, 10, 4, 0, 0, 0, 0],
    ],
};
