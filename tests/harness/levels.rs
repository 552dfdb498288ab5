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

/// `game` has one move, `saving`, that does not lose at once, and at least [`CANDIDATES`]
/// others that do (so they stand among the moves a weakened level chooses from); the rules say
/// so. Then every level from 0 to 3, in steps of 1/16 (each a different seed of the choice),
/// plays `saving`, searching as deep as the level lets it.
///
/// [`CANDIDATES`]: tetsugaku::search::CANDIDATES
pub fn weakened_levels_avoid_losing_at_once<G: Game>(game: &G, saving: &str) {
    let mut moves = Vec::new();
    game.generate(&mut moves);
    let losing = moves.iter().filter(|&&mv| loses_at_once(game, mv)).count();
    let saver = game.parse_move(saving).expect("the saving move is legal");
    assert!(!loses_at_once(game, saver), "{saving} loses at once");
    assert_eq!(losing, moves.len() - 1, "{saving} is not the only move that saves the game");
    assert!(losing >= tetsugaku::search::CANDIDATES, "too few losing moves to be candidates");
    let tt = TranspositionTable::new(4).expect("4 MiB");
    for step in 0..48 {
        let skill = Skill::new(f64::from(step) / 16.0);
        tt.clear();
        let config = Config { skill, ..Config::default() };
        let summary = search(game, &Limits::default(), &config, &tt, &Control::new(false), &|_| {})
            .expect("the position can be searched");
        assert_eq!(summary.best.as_deref(), Some(saving), "level {}: {summary:?}", skill.level());
    }
}
