//! Shogammon (docs/rules/shogammon.md): shogi with two dice, points (two-piece stacks), no
//! check rule, King capture wins. Built on the shogi core (`crate::variants::shogi`).
//!
//! In progress (issue 13): [`dice`] (the die table option and the 21 rolls), [`points`] (the
//! board with points on the shogi core) and [`position_string`] are written; turns, the `Game`
//! implementation and the catalogue line are not yet.

pub mod dice;
pub mod points;
pub mod position_string;
