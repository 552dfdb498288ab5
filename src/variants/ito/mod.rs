//! Ito Shogi (docs/rules/ito.md): work in progress on branch `ito`; the piece movement first.

pub mod piece;
