//! Move ordering (after the transposition-table move, which the search tries first): winning
//! and even noisy moves by their exchange gain, then killers, then quiet moves by their history
//! score, then the noisy moves that lose material.

use crate::game::Game;

/// Bits of [`Game::encode`] that index the history table (collisions only blur the ordering).
const HISTORY_BITS: u32 = 14;
const HISTORY_MAX: i32 = 16_384;

const NOISY: i32 = 1 << 26;
const KILLER: [i32; 2] = [1 << 25, (1 << 25) - 1];
/// Below every history score: where noisy moves that lose material go.
const LOSING: i32 = -(1 << 26);

/// The ordering keys of one node's moves, parallel to its move list.
#[derive(Clone, Default)]
pub struct Ranked {
    /// Higher is searched first.
    pub scores: Vec<i32>,
    /// Whether each move is noisy ([`Game::is_noisy`]).
    pub noisy: Vec<bool>,
}

impl Ranked {
    /// Whether the `i`-th move is a noisy move that loses material.
    #[inline]
    pub fn loses(&self, i: usize) -> bool {
        self.noisy[i] && self.scores[i] < LOSING / 2
    }

    /// The exchange gain of the `i`-th move, if it is a noisy move ranked by its gain (not
    /// one moved to the front, as the table's move is, with `i32::MAX`).
    #[inline]
    pub fn gain(&self, i: usize) -> Option<i32> {
        match self.scores[i] {
            _ if !self.noisy[i] => None,
            i32::MAX => None,
            s if s >= NOISY / 2 => Some(s - NOISY),
            s if s < LOSING / 2 => Some(s - LOSING),
            _ => None,
        }
    }
}

/// Per-thread ordering memory: killer moves per ply and a history score per (side, move code).
pub struct Ordering {
    killers: Vec<[Option<u32>; 2]>,
    history: Vec<i32>,
}

impl Ordering {
    pub fn new(max_ply: usize) -> Ordering {
        Ordering { killers: vec![[None; 2]; max_ply + 2], history: vec![0; 2 << HISTORY_BITS] }
    }

    #[inline]
    fn slot(side: usize, code: u32) -> usize {
        side << HISTORY_BITS | (code & ((1 << HISTORY_BITS) - 1)) as usize
    }

    /// Ranks every move of `moves` into `ranked` (same order).
    pub fn rank<G: Game>(&self, game: &G, side: usize, ply: usize, moves: &[G::Move], ranked: &mut Ranked) {
        let Ranked { scores, noisy } = ranked;
        game.mark_noisy(moves, noisy);
        scores.clear();
        for (&mv, &is_noisy) in moves.iter().zip(noisy.iter()) {
            let code = G::encode(mv);
            scores.push(if is_noisy {
                noisy_score(game, mv)
            } else if self.killers[ply][0] == Some(code) {
                KILLER[0]
            } else if self.killers[ply][1] == Some(code) {
                KILLER[1]
            } else {
                self.history[Self::slot(side, code)]
            });
        }
    }

    /// Ranks `moves`, all of them noisy (what [`Game::generate_noisy`] gives), into `ranked`
    /// without asking the game which are noisy again.
    pub fn rank_noisy<G: Game>(game: &G, moves: &[G::Move], ranked: &mut Ranked) {
        ranked.noisy.clear();
        ranked.noisy.resize(moves.len(), true);
        ranked.scores.clear();
        ranked.scores.extend(moves.iter().map(|&mv| noisy_score(game, mv)));
    }

    /// Rewards a quiet move that refuted its node and punishes the quiet moves tried before it.
    pub fn reward(&mut self, side: usize, ply: usize, depth: i32, best: u32, tried: &[u32]) {
        if self.killers[ply][0] != Some(best) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(best);
        }
        let bonus = (depth * depth).min(400);
        self.update(Self::slot(side, best), bonus);
        for &code in tried {
            if code != best {
                self.update(Self::slot(side, code), -bonus);
            }
        }
    }

    /// History gravity: scores stay within `±HISTORY_MAX`.
    fn update(&mut self, slot: usize, bonus: i32) {
        let h = &mut self.history[slot];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
}

/// The ordering key of a noisy move: by its exchange gain, above killers when it does not lose
/// material, below every quiet move when it does.
#[inline]
fn noisy_score<G: Game>(game: &G, mv: G::Move) -> i32 {
    let gain = game.exchange_gain(mv);
    if gain >= 0 {
        NOISY + gain
    } else {
        LOSING + gain
    }
}

/// Moves the highest-scored move of `moves[from..]` to `from` (lazy selection sort; the first
/// of equal scores). `from` must be below `moves.len()`.
#[inline]
pub fn pick_next<M: Copy>(moves: &mut [M], ranked: &mut Ranked, from: usize) {
    let rest = &ranked.scores[from..moves.len()];
    let (mut best, mut best_score) = (0, rest[0]);
    for (i, &score) in rest.iter().enumerate().skip(1) {
        if score > best_score {
            (best, best_score) = (i, score);
        }
    }
    let best = from + best;
    moves.swap(from, best);
    ranked.scores.swap(from, best);
    ranked.noisy.swap(from, best);
}
