//! The checkers family (docs/rules/checkers.md): Philosophy Shogi Checkers (`enryo`), Philosophy
//! Checkers (`philosophy-checkers`) and English checkers (`checkers`). One rules engine
//! ([`Checkers`]) driven by a [`RuleSet`] per variant; the move generator is compiled once per
//! rule set ([`Rules`]), so every rule knob is a constant there.
//!
//! Boards are `u64` sets of the dark squares ([`geometry`]); a move is a whole turn, a step, a
//! slide or a complete capture sequence ([`CheckersMove`]).

mod capture;
mod count;
pub(crate) mod drawing;
mod eval;
pub mod geometry;
mod movegen;
mod moves;
mod notation;
mod position;
mod position_string;
mod rules;
mod weights;

pub use moves::{CheckersMove, MAX_PATH};
pub use position::{Checkers, Piece, Pieces};
pub use rules::{Kind, ManCapture, RuleSet, Rules, ENGLISH, ENRYO, PHILOSOPHY, VARIANTS};
