//! Texel's method: the evaluation, squashed by a sigmoid, should predict the results of the
//! games its positions came from. The error is the mean squared difference over quiet positions;
//! the weights are moved one step at a time while the error falls (local search).

use super::gradient::{Features, Row};

use crate::catalogue::{AnyGame, Variant};
use crate::game::{Game, GameError, RuleValues, Tunable, Turn, WeightTable};
use crate::vocabulary::{Score, Side};
use crate::with_game;
use rayon::prelude::*;

/// Positions of one game type with the results of the games they come from, seen through
/// weights given as a flat list ([`WeightTable::values`]' order).
pub trait Fit: Send + Sync {
    /// How many positions are fitted.
    fn len(&self) -> usize;
    /// Whether there are none.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The weights' names.
    fn names(&self) -> Vec<String>;
    /// The weights the game plays with now.
    fn values(&self) -> Vec<Score>;
    /// The mean squared error between each result (1 a first-player win, 0.5 a draw, 0 a loss)
    /// and [`sigmoid`]`(k, evaluation)`, the evaluation from the first player's point of view.
    fn error(&self, values: &[Score], k: f64) -> f64;
    /// The source of the weight constant holding `values`, and where it goes.
    fn source(&self, values: &[Score]) -> Written;
    /// Every position as its features ([`gradient`](super::gradient)), if the evaluation is
    /// linear in its weights: `None` when any position's evaluation at `values`, or at `values`
    /// each one higher, is not what its features say.
    fn features(&self, values: &[Score]) -> Option<Features>;
}

/// A weight constant written as source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The file, from the repository's root.
    pub file: &'static str,
    /// The constant's name.
    pub constant: &'static str,
    /// `pub const NAME: Type = Type { ... };`
    pub text: String,
}

/// The expected result for the first player of a position it evaluates at `score`:
/// `1 / (1 + 10^(-k * score / 400))`.
pub fn sigmoid(k: f64, score: Score) -> f64 {
    squash(k, f64::from(score))
}

/// [`sigmoid`] of a real-valued score (the gradient descent's weights are real until rounded).
pub(super) fn squash(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// Positions per unit of parallel work in [`Fit::error`].
const CHUNK: usize = 2048;

struct Samples<G: Tunable> {
    positions: Vec<G>,
    results: Vec<f64>,
    constant: &'static str,
    weights: &'static G::Weights,
}

impl<G: Tunable> Fit for Samples<G> {
    fn len(&self) -> usize {
        self.positions.len()
    }

    fn names(&self) -> Vec<String> {
        self.weights.names()
    }

    fn values(&self) -> Vec<Score> {
        self.weights.values()
    }

    fn error(&self, values: &[Score], k: f64) -> f64 {
        let weights = self.weights.with_values(values);
        // Fixed chunks summed in order: the same weights always give the same error to the last
        // bit (rayon's own sum splits work as threads steal it, and the search would take
        // rounding noise for gains).
        let chunks: Vec<f64> = self
            .positions
            .par_chunks(CHUNK)
            .zip(self.results.par_chunks(CHUNK))
            .map(|(positions, results)| {
                let mut total = 0.0;
                for (position, &result) in positions.iter().zip(results) {
                    let score = position.evaluate_with(&weights);
                    let score = if position.side() == Side::First { score } else { -score };
                    let miss = result - sigmoid(k, score);
                    total += miss * miss;
                }
                total
            })
            .collect();
        chunks.iter().sum::<f64>() / self.positions.len().max(1) as f64
    }

    fn source(&self, values: &[Score]) -> Written {
        Written {
            file: G::WEIGHTS_FILE,
            constant: self.constant,
            text: self.weights.with_values(values).source(self.constant),
        }
    }

    fn features(&self, values: &[Score]) -> Option<Features> {
        let n = values.len();
        let table = |values: &[Score]| self.weights.with_values(values);
        let units: Vec<G::Weights> =
            (0..n).map(|i| table(&(0..n).map(|j| Score::from(i == j)).collect::<Vec<_>>())).collect();
        let zero = table(&vec![0; n]);
        let above: Vec<Score> = values.iter().map(|v| v + 1).collect();
        let checks = [(table(values), values), (table(&above), &above[..])];
        let rows: Option<Vec<Row>> = self
            .positions
            .par_iter()
            .map(|position| {
                let first = |score: Score| if position.side() == Side::First { score } else { -score };
                let base = first(position.evaluate_with(&zero));
                let entries: Vec<(u32, Score)> = units
                    .iter()
                    .enumerate()
                    .map(|(i, w)| (i as u32, first(position.evaluate_with(w)) - base))
                    .filter(|&(_, change)| change != 0)
                    .collect();
                let predicted =
                    |values: &[Score]| base + entries.iter().map(|&(i, c)| values[i as usize] * c).sum::<Score>();
                let linear =
                    checks.iter().all(|(weights, values)| first(position.evaluate_with(weights)) == predicted(values));
                linear.then(|| Row::new(base, entries))
            })
            .collect();
        Some(Features::new(rows?, self.results.clone(), n))
    }
}

/// Whether `game` is quiet enough for its evaluation to stand for its value: a roll is next, or
/// its side to move is not in check and has no noisy move that does not lose material.
fn quiet<G: Game>(game: &G) -> bool {
    match game.turn() {
        Turn::Chance(_) => true,
        Turn::Over(_) => false,
        Turn::Decide(_) => {
            if game.in_check() {
                return false;
            }
            let mut noisy = Vec::new();
            game.generate_noisy(&mut noisy);
            noisy.iter().all(|&mv| game.exchange_gain(mv) < 0)
        }
    }
}

/// Whether `game` is at a decision and quiet ([`fit_for`] fits only such positions; `arena
/// tune --label-engine` labels only these).
pub fn is_quiet(game: &AnyGame) -> bool {
    matches!(game.turn(), Turn::Decide(_)) && with_game!(game, g => quiet(g))
}

/// The quiet ones of `positions` (position strings of `variant` under `rules`, each with the
/// result of its game for the first player), ready to fit. Every position must be of the same
/// game type and evaluated with the same weight table.
pub fn fit_for(variant: &Variant, rules: &RuleValues, positions: &[(String, f64)]) -> Result<Box<dyn Fit>, GameError> {
    let mut games = Vec::with_capacity(positions.len());
    let mut results = Vec::with_capacity(positions.len());
    for (text, result) in positions {
        let game = AnyGame::new(variant, rules, Some(text))?;
        let quiet = with_game!(&game, g => quiet(g));
        if quiet {
            games.push(game);
            results.push(*result);
        }
    }
    let Some(probe) = games.first().cloned() else {
        return Err(GameError::new("no quiet position to fit".to_string()));
    };
    with_game!(&probe, g => samples(g, games, results))
}

fn samples<G: Tunable + TryFrom<AnyGame>>(
    probe: &G,
    games: Vec<AnyGame>,
    results: Vec<f64>,
) -> Result<Box<dyn Fit>, GameError> {
    let (constant, weights) = probe.weights();
    let mut positions = Vec::with_capacity(games.len());
    for game in games {
        let position = G::try_from(game).map_err(|_| GameError::new("positions of different games".to_string()))?;
        if position.weights().0 != constant {
            return Err(GameError::new("positions evaluated with different weight tables".to_string()));
        }
        positions.push(position);
    }
    Ok(Box::new(Samples { positions, results, constant, weights }))
}

/// The `k` of [`sigmoid`] that fits the results best with the weights as they are: a
/// golden-section search over (0, 4].
pub fn fit_scale(fit: &dyn Fit) -> f64 {
    let values = fit.values();
    let (mut low, mut high) = (0.0001_f64, 4.0_f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if fit.error(&values, a) < fit.error(&values, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// One pass of Texel's local search: every weight not `frozen` is moved `step` up, and if the
/// error did not fall, `step` down; a move that lowers the error is kept. Returns the error
/// after the pass (`error` is the error of `values` before it).
pub fn local_search(fit: &dyn Fit, k: f64, values: &mut [Score], frozen: &[bool], step: Score, mut error: f64) -> f64 {
    for i in 0..values.len() {
        if frozen.get(i).copied().unwrap_or(false) {
            continue;
        }
        for delta in [step, -step] {
            values[i] += delta;
            let e = fit.error(values, k);
            if e < error {
                error = e;
                break;
            }
            values[i] -= delta;
        }
    }
    error
}
