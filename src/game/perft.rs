use super::{Game, Turn};
use rayon::prelude::*;

/// The number of move sequences of length `depth` from `game` (leaves of the legal-move tree;
/// a finished game has none below it). Counts the last ply without playing it. A chance node
/// uses up no depth: its value is the unweighted sum over its outcomes (protocol-spec §14.5).
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    count(game, depth, &mut Vec::new())
}

/// [`perft`], taking its move lists from `spare` and giving them back (no allocation per node).
fn count<G: Game>(game: &mut G, depth: u32, spare: &mut Vec<Vec<G::Move>>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let chance = G::CHANCE && matches!(game.turn(), Turn::Chance(_));
    if depth == 1 && !chance {
        return game.count_moves();
    }
    let below = if chance { depth } else { depth - 1 };
    let mut moves = spare.pop().unwrap_or_default();
    moves.clear();
    game.generate(&mut moves);
    let mut total = 0;
    for &mv in &moves {
        game.play(mv);
        total += count(game, below, spare);
        game.undo();
    }
    spare.push(moves);
    total
}

/// `perft` split by root move (or by chance outcome at a chance node), in generation order:
/// `(token, count)` pairs. Root moves are searched in parallel (rayon). `depth` must be at
/// least 1.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(String, u64)> {
    let below = match game.turn() {
        Turn::Chance(_) => depth,
        _ => depth.saturating_sub(1),
    };
    let mut moves = Vec::new();
    game.generate(&mut moves);
    moves
        .par_iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            (game.format_move(mv), perft(&mut child, below))
        })
        .collect()
}
