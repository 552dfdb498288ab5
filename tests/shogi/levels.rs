//! Strength levels in shogi (protocol-spec.md §8.3): a weakened level parries a mate in one.

use crate::level_check::weakened_levels_avoid_losing_at_once;
use tetsugaku::variants::shogi::Shogi;
use tetsugaku::Game;

#[test]
fn weakened_levels_parry_a_mate_in_one() {
    // Black's King on 9i is walled in by its pawns on 9h and 8h; White threatens G*8i, guarded
    // by the silver on 7h, a quiet drop that mates. Only 9h9g opens a flight (9h); the four
    // pawn pushes on the right and 8h8g lose at once.
    let game = Shogi::from_position_string("4k4/9/9/9/9/9/5PPPP/PPs6/K8 b g 1").expect("a valid position");
    weakened_levels_avoid_losing_at_once(&game, "9h9g");
}
