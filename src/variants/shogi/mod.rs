//! Shogi: a reusable core for the shogi-like games, and standard shogi (docs/rules/shogi.md).
//!
//! The core (no standard-shogi legality in it; Shogammon builds on it):
//! - [`square`]: square indices and USI names; [`bitboard`]: `u128` square sets;
//! - [`piece`]: kinds, promotion, letters; [`hand`]: pieces in hand;
//! - [`attacks`]: step tables and slider attacks; [`board`]: mailbox + bitboards + hands + key;
//! - [`promotion`]: zones, forced promotion, the dead-piece rule; [`drops`]: drop targets
//!   (dead-piece rule, nifu); [`moves`]: the packed move and its USI token.
//!
//! Standard shogi on top: [`Shogi`] (position, history, [`crate::game::Game`]), legal move
//! generation (`movegen`), fourfold repetition and perpetual check (`repetition`), position
//! strings ([`sfen`]; its piece and hand readers are shared with Shogammon), move parsing and the diagram (`notation`), the evaluation (`eval`) and its weights
//! (`weights`, which the tuner rewrites), static
//! exchange evaluation (`exchange`), and the hooks of the checkmate search of `go mate`
//! (`mate_hooks`: hands apart from the board key, the check generator, interpositions).

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod drops;
pub mod hand;
pub mod moves;
pub mod piece;
pub mod promotion;
pub mod square;

pub(crate) mod drawing;
pub(crate) mod eval;
mod exchange;
mod mate_hooks;
mod movegen;
pub(crate) mod notation;
mod position;
mod repetition;
pub mod sfen;
mod weights;

pub use moves::ShogiMove;
pub use position::{Shogi, START};
