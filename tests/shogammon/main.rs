//! Shogammon (`shogammon`; docs/rules/shogammon.md, protocol-spec.md §14):
//! - `rules`: hand-built positions, one test per rule, through the engine;
//! - `cross_check`: the reference checked on its own, then the engine against it (turn sets,
//!   fixture lines, perft divide, random walks through `Game` and `AnyGame`);
//! - `search`: the search over dice against a brute-force expectimax;
//! - `reference`: the independent reference generator; `positions`: hand-worked cases that
//!   `rules` and `cross_check` share.

#[path = "../harness/chance_walk.rs"]
mod chance_walk;
mod cross_check;
#[path = "../harness/expectimax.rs"]
mod expectimax;
#[path = "../harness/fixtures.rs"]
mod fixtures;
#[path = "../harness/games.rs"]
mod games;
mod positions;
mod reference;
#[path = "../harness/rule_options.rs"]
mod rule_options;
mod rules;
mod search;
