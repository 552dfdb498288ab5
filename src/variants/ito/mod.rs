//! Ito Shogi (docs/rules/ito.md): one-dimensional shogi on a line of 21 squares, with cannons,
//! drops of either face and a flip of the capturer on every capture.
//!
//! - [`piece`]: kinds, faces and where each piece moves on the line; [`moves`]: the packed move,
//!   its token and the square names; [`board`]: the line and hands as a `Copy` value with its
//!   key, pseudo-legal moves and attacks;
//! - [`Ito`] (position, history, [`crate::game::Game`]); `repetition`: occurrence counts for the
//!   repetition ban; `legality`: King safety, the ban and the stalemate rule; `position_string`,
//!   `notation` (tokens with reasons, the diagram) and `eval`.

pub mod board;
pub mod moves;
pub mod piece;

pub(crate) mod drawing;
mod eval;
mod legality;
mod notation;
mod position;
mod position_string;
mod repetition;
mod weights;

pub use moves::ItoMove;
pub use position::{Ito, START};
