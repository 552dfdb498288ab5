//! The Hasami Shogi family (docs/rules/hasami.md): hasami, its variations, dai-hasami and its variations,
//! and makyek. One rules engine ([`Hasami`]) driven by a [`RuleSet`] per named variant.
//!
//! Boards are `u128` bitboards indexed `row * width + col`, row 0 being the top rank (`a`) and
//! col 0 the leftmost file (file number `width`) as seen by the first player at the bottom.

mod capture;
pub(crate) mod drawing;
mod eval;
mod geometry;
mod movegen;
mod notation;
mod position;
mod position_string;
mod quiet_spell;
mod rules;
mod weights;

pub use geometry::{Dir, Geometry};
pub use position::{Hasami, HasamiMove};
pub use rules::{RuleSet, Win, DAI_HASAMI_JUMPS, MAKYEK_WIN, VARIANTS};
