//! The rules engines, one per game family.

pub mod hasami;
pub mod shogi;
