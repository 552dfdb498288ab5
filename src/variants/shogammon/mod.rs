//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi`).
//!
//! In progress (issue 13): [`dice`] (the die table option and the 21 rolls), [`points`] (the
//! board with points on the shogi core), [`position_string`], [`submoves`] (what one die
//! allows, and first halves of point captures) and [`turns`] (whole turns for a roll) are
//! written; the position with chance nodes, the `Game` implementation, tokens, the evaluation
//! and the catalogue line are not.

pub mod dice;
pub mod points;
pub mod position_string;
pub mod submoves;
pub mod turns;
