//! Philosopher's Chess (docs/rules/philosophers-chess.md): a 6x6 Field and a 2x2 Mind whose one
//! neutral Thought decides how every Philosopher moves; Enlightened Philosophers give their
//! owner double moves; no arrangement of Field and Thought may ever recur.
//!
//! - [`piece`]: kinds, squares and where each piece moves; [`mind`]: the Thought's squares;
//!   [`moves`]: sub-moves and whole turns, packed, with their tokens; [`board`]: the Field, the
//!   Thought and the mind-move run as a `Copy` value with its keys; [`sets`]: the pieces as
//!   sets of squares with the Thought, what attacks are read from;
//! - [`Philosophers`] (position, record, [`crate::game::Game`]); `arrangements`: the
//!   no-repetition record; `turns`: which turns are legal; `position_string`, `notation`
//!   (tokens with reasons, the diagram), `eval` and `exchange` (what a capture wins).

pub mod board;
pub mod mind;
pub mod moves;
pub mod piece;
pub mod sets;

mod arrangements;
pub(crate) mod drawing;
mod eval;
mod exchange;
mod notation;
mod position;
mod position_string;
mod turns;
mod weights;

pub use moves::PhilosophersMove;
pub use position::{Philosophers, STALEMATE, START};
