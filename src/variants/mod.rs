//! The rules engines, one per game family.

pub mod checkers;
pub mod hasami;
pub mod ito;
pub mod philosophers;
pub mod shogammon;
pub mod shogi;
pub mod shogi_core;
