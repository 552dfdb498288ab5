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
//! - [`table`], [`numbers`], [`key`]: the solver's own transposition table, what it stores,
//!   and how it names positions (board and attacker's hand apart, for hand superiority).
//!
//! Guarantees: a mate is only reported after replaying its line with the full rules. "No mate"
//! means the search found that no sequence of checks mates (repetitions of the path count as
//! failures, which loses no mate; see [`search`] for the one rare way it can be wrong). After
//! the first proof, searches limited to ever shorter mates look for a quicker one with a
//! bounded effort; the line is then the quickest attack and the longest defence within the
//! proofs found: often the shortest mate, not guaranteed. It counts every defence, including
//! interpositions that only delay the mate.

mod dfpn;
mod key;
mod numbers;
mod pv;
mod table;

use crate::game::{Game, MateAnswer, MateBudget};
use crate::variants::shogi::Shogi;
use crate::vocabulary::{Outcome, Side, WinReason};
use dfpn::Solver;
use numbers::{Numbers, INFINITE};

/// Searches `root` for a forced checkmate by its side to move, within `budget`.
///
/// A quick search first (see [`dfpn`]). When its "no mate" rests on repetitions met along other
/// paths, a strict search checks it with up to as many nodes again (at least a million): it
/// finds the mate the quick one missed, or confirms; if it cannot finish (or is stopped), the
/// quick answer stands. So "no mate" can be wrong only where a repetition along one path hid a
/// mate along another and the check ran out of nodes: rare, and never a false mate.
pub fn search(root: &Shogi, budget: &MateBudget<'_>) -> MateAnswer {
    let mut solver = Solver::new(root.side(), budget);
    let mut numbers = solver.search(&mut root.clone(), INFINITE, INFINITE);
    if numbers.is_repetition() && !solver.stopped() {
        solver.go_strict(solver.meter.nodes().max(STRICT_NODES));
        let strict = solver.search(&mut root.clone(), INFINITE, INFINITE);
        if strict.is_decided() {
            numbers = strict;
        }
    }
    if numbers.is_proven() {
        numbers = shorten(&mut solver, root, numbers);
    }
    let answer = if numbers.is_proven() {
        match pv::mating_line(&mut solver, root) {
            Some(line) => MateAnswer::Mate(line.into_iter().map(|mv| mv.usi()).collect()),
            // Proven, but the line could not be read back (see `pv::mating_line`).
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

/// Looks for shorter mates than the proven `numbers` of `root`: searches again for mates two
/// plies shorter while that succeeds, each try with as many nodes as the search has used so
/// far (at least [`SHORTENING_NODES`]), and returns the shortest proof found.
fn shorten(solver: &mut Solver<'_>, root: &Shogi, mut numbers: Numbers) -> Numbers {
    while numbers.len > 1 && !solver.stopped() {
        solver.limit(Some(numbers.len - 2), solver.meter.nodes().max(SHORTENING_NODES));
        let shorter = solver.search(&mut root.clone(), INFINITE, INFINITE);
        if !shorter.is_proven() {
            break;
        }
        numbers = shorter;
    }
    solver.limit(None, 0);
    numbers
}

/// The fewest nodes a shortening try may use.
const SHORTENING_NODES: u64 = 1 << 16;

/// The fewest nodes the strict check of a repetition-based "no mate" may use.
const STRICT_NODES: u64 = 1 << 20;

/// The outcome of `attacker` mating the other side.
fn mated_by(attacker: Side) -> Outcome {
    Outcome::Win { winner: attacker, reason: WinReason::Checkmate }
}
