//! Tetsugaku: a USI engine for the Hasami Shogi family and the other games of docs/rules/.
//!
//! Layers, data flowing one way: `protocol` (text) -> `engine` (session state, no text) ->
//! `search` (generic over [`game::Game`]) -> `variants` (the rules).

pub mod core;
pub mod engine;
pub mod game;
pub mod protocol;
pub mod search;
pub mod variants;

pub use crate::core::{Outcome, Score, Side};
pub use game::{AnyGame, Game, GameError, RuleOptions, Turn, Variant, VARIANTS};
