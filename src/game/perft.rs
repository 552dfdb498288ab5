use super::Game;
use rayon::prelude::*;

/// The number of move sequences of length `depth` from `game` (leaves of the legal-move tree;
/// a finished game has none below it). Counts the last ply without playing it.
pub fn perft<G: Game>(game: &mut G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return game.count_moves();
    }
    let mut moves = Vec::new();
    game.generate(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play(mv);
        total += perft(game, depth - 1);
        game.undo();
    }
    total
}

/// `perft` split by root move, in generation order: `(move token, count)` pairs. Root moves are
/// searched in parallel (rayon). `depth` must be at least 1.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    game.generate(&mut moves);
    moves
        .par_iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv);
            (game.format_move(mv), perft(&mut child, depth.saturating_sub(1)))
        })
        .collect()
}
