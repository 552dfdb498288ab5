//! A brute-force expectimax over any game with chance nodes, written independently of the
//! library's search (tests/chance.rs and tests/shogammon/search.rs compare the search with it).

use tetsugaku::game::{Game, Turn};
use tetsugaku::vocabulary::score::{loss_in, win_in, INFINITE, MATE_BOUND};
use tetsugaku::vocabulary::{Outcome, Score};

/// What the reference met on its way, to show that the test positions exercise decided games
/// and the clamp of undecided means.
#[derive(Default, Debug)]
pub struct Seen {
    pub decided: u64,
    pub clamped: u64,
}

/// Full-width expectimax to `depth` decisions, written independently of the library's search:
/// a finished game scores a win or loss `ply` decisions from the root (chance nodes are no
/// plies), a chance node at the horizon its evaluation (before the roll), any other the
/// weighted mean of its outcomes truncated toward zero, and that mean stays a decided score only when every outcome is decided the same way (else it is clamped
/// to the undecided range).
pub fn expectimax<G: Game>(game: &mut G, depth: i32, ply: usize, seen: &mut Seen) -> Score {
    let mut moves = Vec::new();
    match game.turn() {
        Turn::Over(Outcome::Win { winner, .. }) => {
            seen.decided += 1;
            if winner == game.side() {
                win_in(ply)
            } else {
                loss_in(ply)
            }
        }
        Turn::Over(Outcome::Draw(_)) => 0,
        Turn::Chance(_) if depth <= 0 => game.evaluate(),
        Turn::Chance(_) => {
            game.generate(&mut moves);
            let (mut total, mut weights) = (0i64, 0i64);
            let mut values = Vec::new();
            for mv in moves {
                let w = game.chance_weight(mv) as i64;
                game.play(mv);
                let value = expectimax(game, depth, ply, seen);
                game.undo();
                total += value as i64 * w;
                weights += w;
                values.push(value);
            }
            let mean = (total / weights) as Score;
            let unanimous = values.iter().all(|&v| v >= MATE_BOUND) || values.iter().all(|&v| v <= -MATE_BOUND);
            if unanimous || mean.abs() < MATE_BOUND {
                mean
            } else {
                seen.clamped += 1;
                mean.signum() * (MATE_BOUND - 1)
            }
        }
        Turn::Decide(_) if depth <= 0 => game.evaluate(),
        Turn::Decide(_) => {
            game.generate(&mut moves);
            let mut best = -INFINITE;
            for mv in moves {
                game.play(mv);
                best = best.max(-expectimax(game, depth - 1, ply + 1, seen));
                game.undo();
            }
            best
        }
    }
}
