//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi_core`).
//!
//! - [`dice`]: the die table option (`ShogammonDice`) and the 21 rolls;
//! - [`points`]: the board with points on the shogi core;
//! - [`submoves`]: what one die allows, and the first halves of point captures;
//! - [`turns`]: the whole turns for a roll; [`position`]: chance and decision nodes, the
//!   [`Game`](crate::game::Game) implementation and the declared options;
//! - [`position_string`], `notation` (roll and turn items, `RR:turn`, refusals, the diagram),
//!   `drawing`; `eval` and `weights`: the evaluation.

pub mod dice;
pub(crate) mod drawing;
mod eval;
mod notation;
pub mod points;
pub mod position;
pub mod position_string;
pub mod submoves;
pub mod turns;

pub use position::Shogammon;
mod weights;
