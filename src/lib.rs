//! Tetsugaku: a USI engine for the Hasami Shogi family and the other games of docs/rules/.
//!
//! Layers, data flowing one way: `protocol` (text) -> `engine` (session state, no text) ->
//! `search` (generic over [`game::Game`]) and `catalogue` (every game, [`AnyGame`]) ->
//! `variants` (the rules) -> `game` (the contract they implement).

pub mod catalogue;
pub mod drawing;
pub mod engine;
pub mod game;
pub mod protocol;
pub mod search;
pub mod tune;
pub mod variants;
pub mod vocabulary;

pub use catalogue::{AnyGame, Variant, VARIANTS};
pub use game::{Game, GameError, RuleValues, Turn};
pub use vocabulary::{Outcome, Score, Side};
