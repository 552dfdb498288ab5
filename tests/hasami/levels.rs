//! Strength levels in the hasami family (protocol-spec.md §8.3): a weakened level blocks a
//! five in a row.

use crate::level_check::{saving_moves, weakened_levels_avoid_losing_at_once};
use tetsugaku::variants::hasami::{Hasami, VARIANTS};

#[test]
fn weakened_levels_block_a_four_in_a_row() {
    // Dai-hasami, w to move: b has 8e..5e and threatens 4h4e (five on rank e). Only 2f4f
    // closes the 4-file; every other move loses at once.
    let rules = *VARIANTS.iter().find(|v| v.name == "dai-hasami").expect("dai-hasami").rules;
    let game = Hasami::from_position_string(rules, "p1p1p1p1p/9/9/9/1PPPP4/7p1/9/5P3/9 w - 1").expect("valid");
    assert_eq!(saving_moves(&game), ["2f4f"]);
    weakened_levels_avoid_losing_at_once(&game);
}
