//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi`).
//!
//! In progress (issue 13): [`dice`] (the die table option and the 21 rolls), [`points`] (the
//! board with points on the shogi core), [`position_string`] and [`submoves`] (what one die
//! allows, and first halves of point captures) are written; whole turns (both dice orders, the
//! must-use rule, completing halves), the `Game` implementation and the catalogue line are not.

pub mod dice;
pub mod points;
pub mod position_string;
pub mod submoves;
