//! Vocabulary shared by every game: sides, scores, outcomes, zobrist keys and a small rng.

mod outcome;
mod rng;
pub mod score;
mod side;
mod zobrist;

pub use outcome::{DrawReason, Outcome, WinReason};
pub use rng::SplitMix64;
pub use score::Score;
pub use side::Side;
pub use zobrist::zobrist_table;
