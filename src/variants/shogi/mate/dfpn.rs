//! Depth-first proof-number search (df-pn, Nagai 2002) for shogi checkmates.
//!
//! OR nodes are the attacker's turns (only checking moves), AND nodes the defender's (every
//! legal move). A node is searched until its proof or disproof number reaches the threshold
//! its parent gave it; the numbers are kept in the [`Table`] between visits.
//!
//! Repetitions (the graph-history interaction). A move that returns to a position of the
//! current path counts as a failure for the attacker: a mating strategy never needs to repeat
//! a position (the strategy used at the second occurrence works at the first), and in shogi a
//! perpetual check loses. Such a failure holds only for this path, so it is marked
//! [`Numbers::rep`] and spreads only through disproofs built on it. A `rep` disproof is trusted
//! only inside the visit that found it (the path is the same there); read back from the table
//! by a later visit it counts as unknown and is searched again. Proofs never rest on a
//! repetition (a proven child was proven before its parent), so proofs and plain disproofs are
//! true whatever the path; the cost of this choice is re-searching cyclic positions, never a
//! wrong answer.

use super::mated_by;
use super::numbers::{Numbers, INFINITE};
use super::table::Table;
use crate::core::{Outcome, Side, WinReason};
use crate::game::{Game, MateBudget, Turn};
use crate::variants::shogi::{Shogi, ShogiMove};
use std::time::{Duration, Instant};

/// Paths longer than this are given up (as a path-dependent failure).
const MAX_PLY: usize = 1000;

/// Nodes between two looks at the stop condition.
const POLL_NODES: u64 = 1024;

/// How often progress is reported.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);

/// The threshold that lets the best child run a little past the runner-up's number `second`
/// (the "1 + epsilon" trick of Pawlewicz and Lew, 2007): switching between two nearly equal
/// children at every step re-searches both from the top over and over.
#[inline]
fn beyond(second: u32) -> u32 {
    second.saturating_add(second / 4).saturating_add(1)
}

/// One move of a node being searched, with what this visit learnt about it.
struct Child {
    mv: ShogiMove,
    key: u64,
    /// The numbers of the last search of this child in this visit (the table may have lost
    /// them since).
    searched: Option<Numbers>,
}

/// The children's numbers combined into their parent's, with the child to search next.
struct Summary {
    numbers: Numbers,
    best: usize,
    /// The best child's numbers and the runner-up's proof (OR) or disproof (AND) number.
    best_numbers: Numbers,
    second: u32,
}

/// One checkmate search: the table, the path from the root and the node count.
pub(super) struct Solver<'a> {
    pub table: Table,
    /// The player trying to mate (the side to move at the root).
    attacker: Side,
    /// The keys of the ancestors of the node being searched, root first.
    pub path: Vec<u64>,
    pub nodes: u64,
    budget: &'a MateBudget<'a>,
    stopped: bool,
    next_poll: u64,
    last_report: Instant,
}

impl<'a> Solver<'a> {
    pub fn new(attacker: Side, budget: &'a MateBudget<'a>) -> Solver<'a> {
        Solver {
            table: Table::new(budget.hash_mib),
            attacker,
            path: Vec::new(),
            nodes: 0,
            budget,
            stopped: false,
            next_poll: 0,
            last_report: Instant::now(),
        }
    }

    /// Whether the search was told to stop.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Reports the progress now.
    pub fn report(&mut self) {
        self.last_report = Instant::now();
        (self.budget.progress)(self.nodes, self.table.hashfull());
    }

    /// Counts a node; every few nodes looks at the stop condition and the progress clock.
    #[inline]
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_NODES;
            if (self.budget.stop)() {
                self.stopped = true;
            }
            if self.last_report.elapsed() >= PROGRESS_EVERY {
                self.report();
            }
        }
    }

    /// The numbers of a position the rules have decided.
    fn decided(&self, outcome: Outcome) -> Numbers {
        match outcome {
            _ if outcome == mated_by(self.attacker) => Numbers::proof(0),
            Outcome::Win { reason: WinReason::Checkmate | WinReason::NoMoves, .. } => Numbers::disproof(false),
            // Repetition results depend on the game's history, so on the path.
            _ => Numbers::disproof(true),
        }
    }

    /// Searches `pos` (whose ancestors are `self.path`) until its proof number reaches `thpn`
    /// or its disproof number `thdn`, it is decided, or the search is stopped; stores and
    /// returns its numbers.
    pub fn search(&mut self, pos: &mut Shogi, thpn: u32, thdn: u32) -> Numbers {
        // Step 1. Count the node; positions the rules have decided.
        self.visit();
        let key = pos.key();
        if let Turn::Over(outcome) = pos.turn() {
            let numbers = self.decided(outcome);
            self.table.store(key, numbers, 1);
            return numbers;
        }
        if self.path.len() >= MAX_PLY {
            return Numbers::disproof(true);
        }

        // Step 2. The moves: checks for the attacker, every legal move for the defender.
        let or = pos.side() == self.attacker;
        let mut moves = Vec::new();
        if or {
            pos.generate_checks(&mut moves);
        } else {
            pos.generate(&mut moves);
        }
        if moves.is_empty() {
            // Only the attacker can be without a move here (a defender without one is mated).
            let numbers = Numbers::disproof(false);
            self.table.store(key, numbers, 1);
            return numbers;
        }
        // A move back to a position of the path fails for the attacker (for this path).
        let mut children: Vec<Child> = moves
            .into_iter()
            .map(|mv| {
                let child_key = pos.key_after(mv);
                let repeats = child_key == key || self.path.contains(&child_key);
                Child { mv, key: child_key, searched: repeats.then_some(Numbers::disproof(true)) }
            })
            .collect();

        // Step 3. Search the most promising child until this node passes a threshold.
        let start_nodes = self.nodes;
        self.path.push(key);
        let numbers = loop {
            let summary = self.summarise(or, &children);
            let numbers = summary.numbers;
            if numbers.is_decided() || numbers.pn >= thpn || numbers.dn >= thdn || self.stopped {
                break numbers;
            }
            // The child may use our slack up to the point where another child (OR: by proof
            // number, AND: by disproof number) would become the better choice.
            let best = summary.best_numbers;
            let (child_pn, child_dn) = if or {
                (thpn.min(beyond(summary.second)), thdn.saturating_sub(numbers.dn).saturating_add(best.dn))
            } else {
                (thpn.saturating_sub(numbers.pn).saturating_add(best.pn), thdn.min(beyond(summary.second)))
            };
            let child = &mut children[summary.best];
            pos.play(child.mv);
            let result = self.search(pos, child_pn, child_dn);
            pos.undo();
            child.searched = Some(result);
        };
        self.path.pop();

        // Step 4. Remember what was learnt.
        self.table.store(key, numbers, self.nodes - start_nodes);
        numbers
    }

    /// The numbers of one child: a path-dependent disproof only from this visit, otherwise
    /// the table's (or this visit's last result when the table has lost them).
    #[inline]
    fn child_numbers(&self, child: &Child) -> Numbers {
        match (child.searched, self.table.get(child.key)) {
            (Some(local), _) if local.rep => local,
            (_, Some(stored)) if !stored.rep => stored,
            (Some(local), _) => local,
            _ => Numbers::UNKNOWN,
        }
    }

    /// Combines the children's numbers (OR: min proof, summed disproof numbers; AND: the other
    /// way round) and picks the child to search next.
    fn summarise(&self, or: bool, children: &[Child]) -> Summary {
        let mut summary =
            Summary { numbers: Numbers::UNKNOWN, best: 0, best_numbers: Numbers::UNKNOWN, second: INFINITE };
        // `min` is the OR node's proof / AND node's disproof number, `sum` the other one.
        let (mut min, mut sum) = (INFINITE, 0u32);
        let (mut shortest, mut longest) = (u16::MAX, 0u16);
        let (mut any_plain_disproof, mut any_rep_disproof) = (false, false);
        for (i, child) in children.iter().enumerate() {
            let numbers = self.child_numbers(child);
            let (key, other) = if or { (numbers.pn, numbers.dn) } else { (numbers.dn, numbers.pn) };
            if key < min {
                summary.second = min;
                min = key;
                summary.best = i;
                summary.best_numbers = numbers;
            } else if key < summary.second {
                summary.second = key;
            }
            sum = sum.saturating_add(other);
            if numbers.is_proven() {
                shortest = shortest.min(numbers.len);
                longest = longest.max(numbers.len);
            }
            if numbers.is_disproven() {
                any_rep_disproof |= numbers.rep;
                any_plain_disproof |= !numbers.rep;
            }
        }
        summary.numbers = if or {
            if min == 0 {
                Numbers::proof(shortest.saturating_add(1))
            } else if sum == 0 {
                // Every check fails; the failure holds everywhere unless a repetition caused it.
                Numbers::disproof(any_rep_disproof)
            } else {
                Numbers::open(min, sum)
            }
        } else if min == 0 {
            // One reply escapes; prefer a reason that holds whatever the path.
            Numbers::disproof(!any_plain_disproof)
        } else if sum == 0 {
            Numbers::proof(longest.saturating_add(1))
        } else {
            Numbers::open(sum, min)
        };
        summary
    }
}
