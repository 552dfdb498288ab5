//! The rules engines, one per game family.

pub mod common;
pub mod hasami;
pub mod shogi;
