//! The tuner (`arena tune`): varies a game's weight table ([`Tunable`](crate::game::Tunable)),
//! fits it to game results by Texel's method ([`fit`]: a local search, or a gradient descent
//! ([`gradient`]) where the evaluation is linear in its weights) and writes it back as source
//! for review in a diff ([`source`]).

mod fit;
mod gradient;
mod source;

pub use fit::{fit_for, fit_scale, is_quiet, local_search, sigmoid, Fit, Written};
pub use gradient::{descend, Descent, Features};
pub use source::replace_constant;
