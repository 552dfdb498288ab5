//! Random walks through a game with chance nodes (used by tests and by `benches/chance.rs`):
//! rolls drawn by their weights, turns picked at random (a noisy one half of the time when
//! there is one).

use tetsugaku::game::{Game, Turn};
use tetsugaku::vocabulary::SplitMix64;

/// The decision node reached after `turns` random turns from `game`, or `None` if the game
/// ended first.
pub fn decision_node<G: Game>(mut game: G, rng: &mut SplitMix64, turns: usize) -> Option<G> {
    let mut played = 0;
    loop {
        let mut moves = Vec::new();
        game.generate(&mut moves);
        match game.turn() {
            Turn::Over(_) => return None,
            Turn::Chance(_) => {
                let total: u32 = moves.iter().map(|&mv| game.chance_weight(mv)).sum();
                let mut pick = rng.below(total as usize) as u32;
                let roll = moves.iter().copied().find(|&mv| {
                    let weight = game.chance_weight(mv);
                    let found = pick < weight;
                    pick = pick.saturating_sub(weight);
                    found
                });
                game.play(roll?);
            }
            Turn::Decide(_) if played == turns => return Some(game),
            Turn::Decide(_) => {
                let noisy: Vec<G::Move> = moves.iter().copied().filter(|&mv| game.is_noisy(mv)).collect();
                let pool = if !noisy.is_empty() && rng.below(2) == 0 { noisy } else { moves };
                game.play(pool[rng.below(pool.len())]);
                played += 1;
            }
        }
    }
}
