//! Ito Shogi (`ito`; docs/rules/ito.md, protocol-spec.md §12):
//! - `rules`: hand-built positions, one test per rule and reading, on the reference and the
//!   engine;
//! - `cross_check`: the reference checked on its own, then the engine against it (fixture lines,
//!   perft divide, random walks);
//! - `search`: the search and the history-dependent legality (the repetition ban);
//! - `mate`: the checkmate search (`go mate`);
//! - `reference`: the independent reference generator; `positions`: hand-built position strings.

mod cross_check;
#[path = "../harness/engine_process.rs"]
#[expect(dead_code, reason = "the `go mate` tests here use part of the engine driver")]
mod engine_process;
#[path = "../harness/fixtures.rs"]
mod fixtures;
#[path = "../harness/games.rs"]
mod games;
mod mate;
mod positions;
mod reference;
#[path = "../harness/results.rs"]
mod results;
mod rules;
mod search;
#[path = "../harness/search_once.rs"]
mod search_once;
