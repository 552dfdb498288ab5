//! Philosopher's Chess (`philosophers-chess`; docs/rules/philosophers-chess.md,
//! protocol-spec.md §13):
//! - `rules`: hand-built positions, one test per rule and ruling, on the engine and the reference
//!   in step;
//! - `cross_check`: the engine against the reference (fixture lines, perft divide, random walks);
//! - `search`: the search and the history-dependent legality (the no-repetition rule), `go mate`;
//! - `reference`: the independent reference generator; `positions`: hand-built position strings
//!   and the engine-and-reference pair the tests play on.

mod cross_check;
#[path = "../harness/fixtures.rs"]
mod fixtures;
#[path = "../harness/games.rs"]
mod games;
mod positions;
mod reference;
#[path = "../harness/results.rs"]
mod results;
#[path = "../harness/rule_options.rs"]
mod rule_options;
mod rules;
mod search;
#[path = "../harness/search_once.rs"]
mod search_once;
