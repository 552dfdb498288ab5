//! Checkmate search for standard shogi (USI `go mate`, tsume shogi).
//!
//! The side to move (the attacker) plays only checking moves; the other side plays every legal
//! move. A mate is a line that ends with the defender in check and without a legal move, so
//! the pawn-drop-mate ban and every other rule apply as in a game (the move generators
//! enforce them). If the attacker is in check at the start, only the evasions that give check
//! count (a counter-check), as in tsume with both Kings.
//!
//! - [`dfpn`]: the proof-number search and its handling of repetitions;
//! - [`pv`]: the mating line read back from the proof and verified by replaying it;
//! - [`table`], [`numbers`]: the solver's own transposition table and what it stores.
//!
//! Guarantees: a mate is only reported after replaying its line with the full rules. "No mate"
//! means the search proved that no sequence of checks mates (repetitions of the path count as
//! failures, which loses no mate, see [`dfpn`]). The line is the quickest attack and the
//! longest defence within the proof found, not necessarily the shortest mate; it counts every
//! defence, including interpositions that only delay the mate.

mod dfpn;
mod numbers;
mod pv;
mod table;

use crate::core::{Outcome, Side, WinReason};
use crate::game::{Game, MateAnswer, MateBudget};
use crate::variants::shogi::Shogi;
use dfpn::Solver;
use numbers::INFINITE;

/// Searches `root` for a forced checkmate by its side to move, within `budget`.
pub fn search(root: &Shogi, budget: &MateBudget<'_>) -> MateAnswer {
    let mut solver = Solver::new(root.side(), budget);
    let numbers = solver.search(&mut root.clone(), INFINITE, INFINITE);
    let answer = if numbers.is_proven() {
        match pv::mating_line(&mut solver, root) {
            Some(line) => MateAnswer::Mate(line.into_iter().map(|mv| mv.usi()).collect()),
            // Proven, but the line could not be read back before the search was stopped.
            None => MateAnswer::Timeout,
        }
    } else if numbers.is_disproven() {
        MateAnswer::NoMate
    } else {
        MateAnswer::Timeout
    };
    solver.report();
    answer
}

/// The outcome of `attacker` mating the other side.
fn mated_by(attacker: Side) -> Outcome {
    Outcome::Win { winner: attacker, reason: WinReason::Checkmate }
}
