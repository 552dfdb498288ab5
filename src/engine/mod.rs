//! The text-free engine facade: session state (variant, position with history, options,
//! transposition table) and the search thread. The protocol layer turns text into calls here
//! and [`crate::search::Event`]s back into text.

mod bench;
mod error;
mod options;
mod session;

pub use bench::{bench_positions, run as run_bench, BenchReport};
pub use error::EngineError;
pub use options::{option_specs, OptionKind, OptionSpec, Options};
pub use session::{EventSink, Session};
