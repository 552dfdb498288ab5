//! Checkmate search (`go mate`, tsume) for any game with check: df-pn written once against
//! [`Game`], for every game whose [`Game::MATE_SEARCH`] is set (shogi, Ito Shogi, Philosopher's
//! Chess).
//!
//! The side to move at the root (the attacker) plays only the legal moves after which the
//! other side is [`in_check`](Game::in_check); the defender plays every legal move. A position
//! is mated when the rules say so: [`Turn::Over`](crate::game::Turn::Over) with the attacker's
//! [`WinReason::Checkmate`](crate::vocabulary::WinReason::Checkmate); any other end is a
//! failure. So every rule applies as in a game (shogi's pawn-drop-mate ban, Ito Shogi's
//! repetition ban). If the attacker is in check at the start, only the evasions that give
//! check count (a counter-check).
//!
//! A game may make the search faster with five hooks of the contract ([`Game::mate_key`]: the
//! attacker's hand apart, for hand superiority; [`Game::mate_moves`]: a check generator that
//! names the positions after the moves without playing them; [`Game::mate_in_one`];
//! [`Game::mate_guess`]: df-pn+ first guesses; [`Game::interposition_guard`]); shogi does
//! (`variants/shogi/mate_hooks.rs`), the others keep the defaults.
//!
//! - `dfpn.rs`: the proof-number search and its handling of hands, interpositions and paths;
//! - `pv.rs`: the mating line read back from the proof and verified by replaying it;
//! - `table.rs`, `numbers.rs`: the solver's own transposition table and what it stores.
//!
//! Guarantees and limits:
//! - A mate is only reported after replaying its line with the rules: every move legal, every
//!   attacker's move a check, the end the attacker's checkmate. When a proof's line cannot be
//!   read back (proofs found at different times may pass through each other's positions), the
//!   search starts over once with an empty table, strictly; a proof whose line still cannot be
//!   read or fails that check is reported as [`MateAnswer::Timeout`], never as a mate.
//!   Reading the line back also walks every defence, each on its real path (`pv.rs`), unless
//!   the proof is too large for that (over 65,536 positions): then it follows one defence,
//!   the longest of those it reads in the order of their recorded mates, and the other
//!   defences rest on the search's proofs.
//! - Returning to a position of the current path fails for the attacker, on that path only
//!   (a mating strategy never needs to repeat a position). A first, quick search believes
//!   such a failure wherever it meets the position again; when its "no mate" rests on one, a
//!   strict search checks it with up to as many nodes again (at least a million),
//!   believing such failures only on their own path: it finds the mate the quick one missed,
//!   or confirms. If it cannot finish (or is stopped), the quick answer stands. So "no mate"
//!   can be wrong where a repetition along one path hid a mate along another and the check
//!   ran out of nodes: rare, and never a false mate (see `dfpn.rs`). This is the one scheme
//!   for failures that depend on the path, in every game: the quick search is what keeps long
//!   problems fast (believing such failures only on their own path from the start, even with
//!   each made plain once the search is back at the position repeated, takes up to 2.4 times
//!   the nodes on the problems of tests/shogi/mate.rs), and the strict check what makes a
//!   "no mate" trustworthy.
//! - History-dependent legality (repetition bans, as in Ito Shogi: a move that would create a
//!   position for the third time is illegal). The position carries its history, so the moves
//!   generated along the path searched are exact. The table, though, is keyed by
//!   [`Game::mate_key`], which does not cover the history, so a result found along one path is
//!   reused along another that reaches the same position with another history (the
//!   graph-history interaction, accepted here). A false mate cannot come of it (the line is
//!   verified); "no mate" can be wrong where the history changes what is legal, and in
//!   particular it misses every mate that needs positions repeated to ban the defender's
//!   escapes (repeating is a failure here).
//! - After the first proof, searches limited to ever shorter mates look for a quicker one with
//!   a bounded effort; the line is then the quickest attack and the longest defence within the
//!   proofs found: often the shortest mate, not guaranteed. It counts every defence, including
//!   interpositions that only delay the mate.
//! - Paths longer than 1000 plies are given up: "no mate" means none within that.

mod dfpn;
mod numbers;
mod pv;
mod table;
#[cfg(test)]
mod tests;

use crate::game::{Game, MateAnswer, MateBudget};
use dfpn::Solver;
use numbers::{Numbers, INFINITE};

/// Searches `root` for a forced checkmate by its side to move, within `budget`: its stop
/// condition is polled every 1024 nodes, its progress reported about once a second and once at
/// the end, and its table takes at most `budget.hash_mib` MiB. Blocking.
///
/// Answers [`MateAnswer::Mate`] with a verified line, [`MateAnswer::NoMate`] when the search
/// proved that checks do not mate (see the module notes for what that can miss), or
/// [`MateAnswer::Timeout`] when it was stopped before knowing.
pub fn search<G: Game>(root: &G, budget: &MateBudget<'_>) -> MateAnswer {
    let mut solver = Solver::new(root.side(), budget);
    let mut numbers = decide(&mut solver, root);
    let mut line = numbers.is_proven().then(|| pv::mating_line(&mut solver, root)).flatten();
    if numbers.is_proven() && line.is_none() && !solver.stopped() {
        // The proofs in the table cannot be put together into one line (proofs found at
        // different times may pass through each other's positions): search once more with an
        // empty table, believing path-dependent failures only on their own paths.
        solver.start_over_strictly();
        numbers = decide(&mut solver, root);
        line = numbers.is_proven().then(|| pv::mating_line(&mut solver, root)).flatten();
    }
    let answer = match line {
        Some(line) => {
            (budget.proof)(solver.meter.nodes(), &line);
            MateAnswer::Mate(if budget.shortest { shorten(&mut solver, root, numbers, line) } else { line })
        }
        // A proof whose line cannot be read back (see `pv::mating_line`) is not reported.
        None if numbers.is_disproven() => MateAnswer::NoMate,
        None => MateAnswer::Timeout,
    };
    solver.report();
    answer
}

/// Searches `root` until it is decided or the budget stops the search; a "no mate" that rests
/// on failures believed away from their paths is checked strictly (see the module notes).
fn decide<G: Game>(solver: &mut Solver<'_>, root: &G) -> Numbers {
    let numbers = solver.search(&mut root.clone(), INFINITE, INFINITE);
    if !numbers.on_path() || solver.stopped() || solver.is_strict() {
        return numbers;
    }
    solver.go_strict(solver.meter.nodes().max(STRICT_NODES));
    let strict = solver.search(&mut root.clone(), INFINITE, INFINITE);
    if strict.is_decided() {
        strict
    } else {
        numbers
    }
}

/// Looks for mates shorter than `line`, the verified line of the proven `numbers` of `root`:
/// searches again for mates two plies shorter than the last proof while that succeeds, each try
/// with four times as many nodes as the search has used so far (at least
/// [`SHORTENING_NODES`]), reports every shorter line, and returns the shortest.
fn shorten<G: Game>(solver: &mut Solver<'_>, root: &G, mut numbers: Numbers, mut line: Vec<String>) -> Vec<String> {
    while numbers.len > 1 && !solver.stopped() {
        solver.limit(Some(numbers.len - 2), (solver.meter.nodes() * 4).max(SHORTENING_NODES));
        let shorter = solver.search(&mut root.clone(), INFINITE, INFINITE);
        if !shorter.is_proven() {
            break;
        }
        numbers = shorter;
        // The line is read without the limit (whose failures only held under it).
        solver.limit(None, 0);
        if let Some(found) = pv::mating_line(solver, root).filter(|found| found.len() < line.len()) {
            (solver.meter.budget().proof)(solver.meter.nodes(), &found);
            line = found;
        }
    }
    solver.limit(None, 0);
    line
}

/// The fewest nodes a shortening try may use.
const SHORTENING_NODES: u64 = 1 << 16;

/// The fewest nodes the strict check of a "no mate" resting on the path may use.
const STRICT_NODES: u64 = 1 << 20;
