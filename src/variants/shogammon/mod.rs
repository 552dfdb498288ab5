//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi`).
//!
//! In progress (issue 13): [`dice`] (the die table option and the 21 rolls), [`points`] (the
//! board with points on the shogi core), [`position_string`], [`submoves`] (what one die
//! allows, and first halves of point captures), [`turns`] (whole turns for a roll) and
//! [`position`] (chance and decision nodes, the `Game` implementation) are written. Still to
//! come: turn tokens with refusal reasons and `RR:turn` items, the diagram, the evaluation
//! (now 0), the declared options `ShogammonDice` / `ShogammonTurnLimit`, the `games!` line with
//! fixtures, Star2, the arena match.

pub mod dice;
pub mod points;
pub mod position;
pub mod position_string;
pub mod submoves;
pub mod turns;
