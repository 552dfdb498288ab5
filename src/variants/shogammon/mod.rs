//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi`).
//!
//! In progress (issue 13): [`dice`] (the die table option and the 21 rolls), [`points`] (the
//! board with points on the shogi core), [`position_string`], [`submoves`] (what one die
//! allows, and first halves of point captures), [`turns`] (whole turns for a roll) and
//! [`position`] (chance and decision nodes, the `Game` implementation) and `notation` (roll and
//! turn items, `RR:turn`) are written. Still to come: finer refusal reasons, `RR:turn` at a
//! chance node in the catalogue's item loop, the diagram, the evaluation
//! (now 0), the declared options `ShogammonDice` / `ShogammonTurnLimit`, the `games!` line with
//! fixtures, Star2, the arena match.

pub mod dice;
pub(crate) mod drawing;
mod eval;
mod notation;
pub mod points;
pub mod position;
pub mod position_string;
pub mod submoves;
pub mod turns;
mod weights;
