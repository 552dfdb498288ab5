//! The Hasami Shogi family (`hasami`, `hasami-all`, `hasami-step`, `hasami-step18`,
//! `dai-hasami`, `dai-hasami-diag`, `dai-hasami-step`, `makyek`; docs/rules/hasami.md):
//! - `rules`: hand-built positions, one test per rule, on the engine and the reference;
//! - `cross_check`: the engine against the reference (perft divide, fixture lines, random walks);
//! - `reference`: the independent reference generator both compare with;
//! - `concrete`: the hasami position inside an `AnyGame`;
//! - `levels`: weakened strength levels still block a five in a row.

mod concrete;
mod cross_check;
#[path = "../harness/fixtures.rs"]
#[expect(dead_code, reason = "the reference replays no fixture moves, so `fixture_game` is unused")]
mod fixtures;
#[path = "../harness/games.rs"]
mod games;
#[path = "../harness/levels.rs"]
mod level_check;
mod levels;
mod reference;
#[path = "../harness/results.rs"]
mod results;
#[path = "../harness/rule_options.rs"]
mod rule_options;
mod rules;
