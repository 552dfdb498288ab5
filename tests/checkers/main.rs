//! The checkers games (`enryo`, `philosophy-checkers`, `checkers`; docs/rules/checkers.md):
//! - `rules`: hand-built positions, one test per rule and ruling, on the engine and through the
//!   protocol;
//! - `cross_check`: the reference checked on its own, then the engine against it (perft divide,
//!   fixture lines, random walks);
//! - `reference`: the independent reference generator of the three games.

mod cross_check;
#[path = "../harness/engine_process.rs"]
#[expect(dead_code, reason = "the protocol tests here use part of the engine driver")]
mod engine_process;
#[path = "../harness/fixtures.rs"]
#[expect(dead_code, reason = "the reference replays no fixture moves, so `fixture_game` is unused")]
mod fixtures;
#[path = "../harness/games.rs"]
mod games;
mod reference;
#[path = "../harness/results.rs"]
mod results;
mod rules;
