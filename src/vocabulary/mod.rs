//! Vocabulary shared by every game: sides, scores, outcomes, zobrist keys, a small rng, and
//! how much memory the system can still give (for table sizes).

mod memory;
mod outcome;
mod rng;
pub mod score;
mod side;
mod zobrist;

pub use memory::available_mib;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use rng::SplitMix64;
pub use score::Score;
pub use side::Side;
pub use zobrist::{zobrist_table, KeyHasher};
