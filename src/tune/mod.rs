//! Evaluation weights as the tuner (`arena tune`) sees them. Every game's evaluation reads its
//! weights from one table ([`Tunable`]: a [`weight_table!`](crate::weight_table) struct in the
//! game's `weights.rs`), which the tuner varies, fits to game results by Texel's method
//! ([`fit`]: a local search, or a gradient descent ([`gradient`]) where the evaluation is linear
//! in its weights) and writes back as source for review in a diff.

mod fit;
mod gradient;
mod table;

pub use fit::{fit_for, fit_scale, is_quiet, local_search, sigmoid, Fit, Written};
pub use gradient::{descend, Descent, Features};
pub use table::{replace_constant, Field, WeightTable};

use crate::core::Score;
use crate::game::Game;

/// A game whose evaluation is [`evaluate_with`](Tunable::evaluate_with) a weight table.
pub trait Tunable: Game {
    type Weights: WeightTable;
    /// The file (from the repository's root) that holds the game's weight constants.
    const WEIGHTS_FILE: &'static str;
    /// The table this position's rules evaluate with, and the name of its constant in
    /// [`WEIGHTS_FILE`](Tunable::WEIGHTS_FILE).
    fn weights(&self) -> (&'static str, &'static Self::Weights);
    /// The static evaluation with `weights` instead of the game's own; from the side to move's
    /// point of view. With [`weights`](Tunable::weights)' table it equals [`Game::evaluate`].
    fn evaluate_with(&self, weights: &Self::Weights) -> Score;
}
