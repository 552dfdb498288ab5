//! Strength levels in shogi (protocol-spec.md §8.3): a weakened level parries a mate in one,
//! also one its search does not see.

use crate::level_check::{played, saving_moves, weakened_levels_avoid_losing_at_once};
use tetsugaku::search::{search, Config, Control, Limits, Skill, TranspositionTable, CANDIDATES};
use tetsugaku::variants::shogi::Shogi;
use tetsugaku::Game;

#[test]
fn weakened_levels_parry_a_mate_in_one() {
    // Black's King on 9i is walled in by its pawns on 9h and 8h; White threatens G*8i, guarded
    // by the silver on 7h, a quiet drop that mates. Only 9h9g opens a flight (9h); the four
    // pawn pushes on the right and 8h8g lose at once, enough to fill the candidates.
    let game = Shogi::from_position_string("4k4/9/9/9/9/9/5PPPP/PPs6/K8 b g 1").expect("a valid position");
    assert_eq!(saving_moves(&game), ["9h9g"]);
    let mut moves = Vec::new();
    game.generate(&mut moves);
    assert!(moves.len() > CANDIDATES);
    weakened_levels_avoid_losing_at_once(&game);
}

#[test]
fn weakened_levels_parry_a_mate_in_one_their_search_misses() {
    // From a game of level 0 against level 4: Black's King on 8h, White's pawn on 8g, dragon on
    // 4i and a gold in hand. After 8h8i, G*8h mates (the pawn guards the gold). A one-ply
    // search scores 8h8i best by far: quiescence passes over the drop, whose exchange the
    // King seems to win. The level's own look at the replies catches it.
    let position = "+P4sknl/3+R2gb1/2n1S1p2/P1p1pp1p1/6P1p/1SP1PS3/1p6P/1K7/L1G2+r2L b BGN2Pgnl3p 111";
    let game = Shogi::from_position_string(position).expect("a valid position");
    assert!(!saving_moves(&game).contains(&"8h8i".to_string()), "8h8i loses at once");
    let tt = TranspositionTable::new(4).expect("4 MiB");
    let limits = Limits { depth: Some(1), ..Limits::default() };
    let one_ply = search(&game, &limits, &Config::default(), &tt, &Control::new(false), &|_| {}).expect("searches");
    assert_eq!(one_ply.best.as_deref(), Some("8h8i"), "the one-ply search sees the mate now: pick another position");
    assert_ne!(played(&game, Skill::new(0.0)), "8h8i");
    weakened_levels_avoid_losing_at_once(&game);
}
