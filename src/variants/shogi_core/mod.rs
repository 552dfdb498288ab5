//! The shogi core, shared by standard shogi ([`crate::variants::shogi`]) and Shogammon: the
//! board and its pieces, with no standard-shogi legality in it.
//! - [`square`]: square indices and USI names; [`bitboard`]: `u128` square sets;
//! - [`piece`]: kinds, promotion, letters; [`hand`]: pieces in hand;
//! - [`attacks`]: step tables and slider attacks; [`board`]: mailbox + bitboards + hands + key;
//! - [`promotion`]: zones, forced promotion, the dead-piece rule; [`drops`]: drop targets
//!   (dead-piece rule, nifu); [`moves`]: the packed move and its USI token;
//! - [`notation`]: piece letters, hand fields, the hand lines of `d`;
//!   [`drawing`]: the board as a picture (and, through it, as the `d` board).

pub mod attacks;
pub mod bitboard;
pub mod board;
pub mod drawing;
pub mod drops;
pub mod hand;
pub mod moves;
pub mod notation;
pub mod piece;
pub mod promotion;
pub mod square;
