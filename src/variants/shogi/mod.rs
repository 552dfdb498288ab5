//! Standard shogi (docs/rules/shogi.md) on the shogi core ([`crate::variants::shogi_core`]):
//! [`Shogi`] (position, history, [`crate::game::Game`]), legal move generation (`movegen`),
//! fourfold repetition and perpetual check (`repetition`), position strings ([`position_string`]), move
//! parsing and the diagram (`notation`), the picture (`drawing`), the evaluation (`eval`) and
//! its weights (`weights`, which the tuner rewrites), static exchange evaluation (`exchange`),
//! and what the checkmate search of `go mate` asks of shogi (`mate_hooks`: the attacker's hand,
//! the checks, interpositions; `mate_in_one`).

mod drawing;
mod eval;
mod exchange;
mod mate_hooks;
mod mate_in_one;
mod movegen;
mod notation;
mod position;
pub mod position_string;
mod repetition;
mod weights;

pub use crate::variants::shogi_core::moves::ShogiMove;
pub use position::{Shogi, START};
