//! Random walks through any variant by its protocol tokens ([`AnyGame`]).

use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, Turn};

/// Plays a roll or a legal move of `game` picked uniformly at random; `false` when the game is
/// over.
pub fn play_at_random(game: &mut AnyGame, rng: &mut SplitMix64) -> bool {
    let next = match game.turn() {
        Turn::Over(_) => return false,
        Turn::Chance(_) => game.chance_outcomes().into_iter().map(|(token, _)| token).collect(),
        Turn::Decide(_) => game.legal_moves(),
    };
    let token = &next[rng.below(next.len())];
    game.play_token(token).expect("a generated move is legal");
    true
}
