//! Standard shogi (`shogi`; docs/rules/shogi.md, protocol-spec.md §11):
//! - `rules`: one focused test per rule, position strings, and the protocol playing shogi;
//! - `cross_check`: seeded random walks against the naive reference generator;
//! - `mate`: the checkmate search (`go mate`) on published tsume problems;
//! - `levels`: weakened strength levels still parry a mate in one;
//! - `reference`: the naive, independent move generator.

mod cross_check;
#[path = "../harness/engine_process.rs"]
#[expect(dead_code, reason = "the protocol and `go mate` tests here use part of the engine driver")]
mod engine_process;
#[path = "../harness/games.rs"]
mod games;
#[path = "../harness/levels.rs"]
mod level_check;
mod levels;
mod mate;
mod reference;
mod rules;
