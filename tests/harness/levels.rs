//! Strength levels in one game (protocol-spec.md §8.3): a weakened search never plays a move
//! that loses at once while another move does not.

use tetsugaku::search::{search, Config, Control, Limits, Skill, TranspositionTable};
use tetsugaku::{Game, Outcome, Side, Turn};

/// Whether the side to move after `mv` can end the game with a win by one reply (the rules
/// judge it; in a game with check, a reply that leaves the mover no legal move is such a win).
fn loses_at_once<G: Game>(game: &G, mv: G::Move) -> bool {
    let mover: Side = game.side();
    let mut after = game.clone();
    after.play(mv);
    let mut replies = Vec::new();
    after.generate(&mut replies);
    replies.into_iter().any(|reply| {
        let mut next = after.clone();
        next.play(reply);
        matches!(next.turn(), Turn::Over(Outcome::Win { winner, .. }) if winner == mover.opponent())
    })
}

/// The tokens of the legal moves of `game` that do not lose at once, by the rules.
pub fn saving_moves<G: Game>(game: &G) -> Vec<String> {
    let mut moves = Vec::new();
    game.generate(&mut moves);
    moves.into_iter().filter(|&mv| !loses_at_once(game, mv)).map(|mv| game.format_move(mv)).collect()
}

/// The move `game`'s search plays at `skill` (to its own caps, no other limit).
pub fn played<G: Game>(game: &G, skill: Skill) -> String {
    let tt = TranspositionTable::new(4).expect("4 MiB");
    let config = Config { skill, ..Config::default() };
    let summary = search(game, &Limits::default(), &config, &tt, &Control::new(false), &|_| {})
        .expect("the position can be searched");
    summary.best.expect("a move")
}

/// In `game`, where some moves lose at once and some do not, every level from 0 to 3 in steps
/// of 1/16 (each a different seed of the choice) plays a move that does not, searching as deep
/// as the level lets it.
pub fn weakened_levels_avoid_losing_at_once<G: Game>(game: &G) {
    let saving = saving_moves(game);
    let mut moves = Vec::new();
    game.generate(&mut moves);
    assert!(!saving.is_empty(), "every move loses at once");
    assert!(saving.len() < moves.len(), "no move loses at once");
    for step in 0..48 {
        let skill = Skill::new(f64::from(step) / 16.0);
        let mv = played(game, skill);
        assert!(saving.contains(&mv), "level {}: {mv} loses at once; {saving:?} do not", skill.level());
    }
}
