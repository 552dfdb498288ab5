//! Depth-first proof-number search (df-pn, Nagai 2002) over any [`Game`].
//!
//! OR nodes are the attacker's turns (only the legal moves after which the other side is in
//! check), AND nodes the defender's (every legal move). A node is searched until its proof or
//! disproof number reaches the threshold its parent gave it; the numbers are kept in the
//! [`Table`] between visits. A child may run a little past its runner-up (the "1 + epsilon"
//! thresholds of Pawlewicz and Lew, 2007).
//!
//! Paths. The solver keeps the keys of the positions from the root to the node being searched
//! and a hash of that sequence. A move back to a position of the path fails for the attacker
//! on this path only; so do the rules' own repetition results and running out of room (the
//! ply limit, or a shortening search's length limit). Such a disproof is path-dependent
//! ([`OnPath`]): stored with the path's hash, it is believed again only on the same path
//! (df-pn comes back to a node along the same path many times as its thresholds grow);
//! elsewhere the position is searched again. It also records the shallowest position of the
//! path it rests on (its anchor): once the search is back at that depth, the disproof rests
//! only on the node itself and what lies below it, so it holds wherever the node is reached
//! and becomes a plain disproof. (A check the defender answers by going back to the node
//! fails; if every check fails so, or plainly, the node has no mate: a shortest mate never
//! passes through its own start again.) Failures for want of room, and the rules' repetition
//! results (which read the game's history), rest on the whole path and never become plain.
//! Proofs never rest on a repetition (a defender's reply that repeats the path refutes its
//! parent), so proofs and plain disproofs are stored as holding whatever the path.

use super::mated_by;
use super::numbers::{Numbers, OnPath, INFINITE};
use super::table::Table;
use crate::game::{beyond, Game, MateBudget, MateMeter, Turn};
use crate::vocabulary::{DrawReason, Outcome, Side, WinReason};

/// Paths longer than this are given up (as a failure of that path).
const MAX_PLY: usize = 1000;

/// The share of the position `key` at `depth` in a path hash.
#[inline]
fn step(key: u64, depth: usize) -> u64 {
    mix(key ^ (depth as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The SplitMix64 finalizer: zobrist keys of nearby positions differ in few bits, so their
/// plain sum or xor would collide easily.
#[inline]
fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ z >> 30).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ z >> 27).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ z >> 31
}

/// One move of a node being searched, with what this visit learnt about it.
struct Child<M> {
    mv: M,
    key: u64,
    /// The path hash of the child.
    path: u64,
    /// The numbers of the last search of this child in this visit.
    searched: Option<Numbers>,
    /// `searched` holds a decision, which stands for the rest of the visit.
    settled: bool,
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
    pub attacker: Side,
    /// The keys of the positions from the root to the node being searched, both included: the
    /// depth of a position is its index plus one.
    path: Vec<u64>,
    /// The sum of [`step`] over `path`: a hash of the sequence of its positions.
    path_sum: u64,
    /// The node count, the stop condition and progress reports.
    pub meter: MateMeter<'a>,
    /// A shortening search: only mates of at most this many plies from the root count.
    max_len: Option<u16>,
}

impl<'a> Solver<'a> {
    /// A solver for mates by the side to move in `root`, standing at `root`.
    pub fn new<G: Game>(root: &G, budget: &'a MateBudget<'a>) -> Solver<'a> {
        Solver {
            table: Table::new(budget.hash_mib),
            attacker: root.side(),
            path: vec![root.key()],
            path_sum: step(root.key(), 1),
            meter: MateMeter::new(budget),
            max_len: None,
        }
    }

    /// Whether the search was told to stop or has used up its nodes.
    pub fn halted(&self) -> bool {
        self.meter.halted()
    }

    /// Whether the budget told the search to stop.
    pub fn stopped(&self) -> bool {
        self.meter.stopped()
    }

    /// Looks only for mates of at most `max_len` plies, for at most `nodes` more nodes (a
    /// shortening search); `None`: back to an unlimited search with no node limit.
    pub fn limit(&mut self, max_len: Option<u16>, nodes: u64) {
        self.max_len = max_len;
        self.meter.allow(max_len.map(|_| nodes));
    }

    /// Reports the progress now.
    pub fn report(&mut self) {
        self.meter.report(self.table.hashfull());
    }

    /// The hash a path-dependent result of the path with step sum `sum` is stored with. The
    /// length limit is part of it: a failure for want of room depends on it.
    fn path_hash(&self, sum: u64) -> u64 {
        sum ^ self.max_len.map_or(0, |max| mix(u64::from(max) | 1 << 32))
    }

    /// The disproof of the node being searched that rests on its path from depth `anchor` on:
    /// a plain one when that is the node or below (see the module notes).
    fn disproof_here(&self, anchor: u16) -> Numbers {
        if usize::from(anchor) >= self.path.len() {
            Numbers::DISPROOF
        } else {
            Numbers::disproof_on(self.path_hash(self.path_sum), anchor)
        }
    }

    /// Plays `mv` from `pos`, one ply deeper on the path.
    pub fn enter<G: Game>(&mut self, pos: &mut G, mv: G::Move) {
        pos.play(mv);
        let key = pos.key();
        self.path.push(key);
        self.path_sum = self.path_sum.wrapping_add(step(key, self.path.len()));
    }

    /// Takes back the move of the last [`enter`](Solver::enter).
    pub fn leave<G: Game>(&mut self, pos: &mut G) {
        let depth = self.path.len();
        if let Some(key) = self.path.pop() {
            self.path_sum = self.path_sum.wrapping_sub(step(key, depth));
        }
        pos.undo();
    }

    /// The numbers of a position the rules have decided: the attacker's checkmate proves it,
    /// any other end disproves it (on this path only when it is a repetition result, which
    /// depends on the history).
    fn ended(&self, outcome: Outcome) -> Numbers {
        match outcome {
            _ if outcome == mated_by(self.attacker) => Numbers::proof(0),
            Outcome::Draw(DrawReason::Repetition) | Outcome::Win { reason: WinReason::PerpetualCheck, .. } => {
                self.disproof_here(0)
            }
            _ => Numbers::DISPROOF,
        }
    }

    /// Searches `pos`, the last position of the path, until its proof number reaches `thpn` or
    /// its disproof number `thdn`, it is decided, or the search halts; stores and returns its
    /// numbers.
    pub fn search<G: Game>(&mut self, pos: &mut G, thpn: u32, thdn: u32) -> Numbers {
        // Step 1. Count the node; positions the rules have decided, and paths out of room.
        self.meter.visit(|| self.table.hashfull());
        let key = pos.key();
        let or = match pos.turn() {
            Turn::Decide(side) => side == self.attacker,
            Turn::Over(outcome) => {
                let numbers = self.ended(outcome);
                self.table.store(key, numbers, 1);
                return numbers;
            }
            // Chance decides here, so nobody forces anything.
            Turn::Chance(_) => {
                self.table.store(key, Numbers::DISPROOF, 1);
                return Numbers::DISPROOF;
            }
        };
        // Plies played from the root.
        let ply = self.path.len() - 1;
        let room = self.max_len.map_or(usize::MAX, |max| usize::from(max).saturating_sub(ply));
        if ply >= MAX_PLY || room == 0 {
            // Not stored: the parent keeps it for this visit, and it would only displace
            // numbers that hold on other paths.
            return self.disproof_here(0);
        }

        // Step 2. The moves: checks for the attacker, every legal move for the defender. A move
        // back to a position of the path fails for the attacker on this path.
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for mv in moves {
            pos.play(mv);
            let (child, check) = (pos.key(), pos.in_check());
            pos.undo();
            if or && !check {
                continue;
            }
            let path = self.path_hash(self.path_sum.wrapping_add(step(child, self.path.len() + 1)));
            // The anchor of a repetition is the depth of the position repeated.
            let repeated = self.path.iter().position(|&key| key == child);
            let searched = repeated.map(|index| Numbers::disproof_on(path, index as u16 + 1));
            children.push(Child { mv, key: child, path, searched, settled: repeated.is_some() });
        }
        if children.is_empty() {
            // The attacker has no check (a defender without a move is over, said `turn`).
            self.table.store(key, Numbers::DISPROOF, 1);
            return Numbers::DISPROOF;
        }

        // Step 3. Search the most promising child until this node passes a threshold.
        let start_nodes = self.meter.nodes();
        let numbers = loop {
            let summary = self.summarise(or, &mut children, room - 1);
            let numbers = summary.numbers;
            if numbers.is_decided() || numbers.pn >= thpn || numbers.dn >= thdn || self.halted() {
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
            self.enter(pos, child.mv);
            let result = self.search(pos, child_pn, child_dn);
            self.leave(pos);
            child.searched = Some(result);
            child.settled = result.is_decided();
        };

        // Step 4. Remember what was learnt.
        self.table.store(key, numbers, self.meter.nodes() - start_nodes);
        numbers
    }

    /// The numbers of one child: the table's (a path-dependent disproof only for the child's
    /// own path), else this visit's last result, else unknown. A proof longer than `room`
    /// plies is too long for a shortening search and counts as unknown. A decision is kept in
    /// the child: it stands for the rest of the visit.
    #[inline]
    fn child_numbers<M>(&self, child: &mut Child<M>, room: usize) -> Numbers {
        if let (true, Some(settled)) = (child.settled, child.searched) {
            return settled;
        }
        let stored = self.table.get(child.key).filter(|n| n.path.is_none_or(|path| path.hash == child.path));
        let numbers = match (stored, child.searched) {
            (Some(stored), _) if !stored.is_proven() || usize::from(stored.len) <= room => stored,
            (_, Some(local)) => local,
            _ => Numbers::UNKNOWN,
        };
        if numbers.is_decided() {
            child.searched = Some(numbers);
            child.settled = true;
        }
        numbers
    }

    /// Combines the children's numbers (OR: min proof, summed disproof numbers; AND: the other
    /// way round) and picks the child to search next; `room` is the longest mate a child may
    /// have.
    fn summarise<M>(&self, or: bool, children: &mut [Child<M>], room: usize) -> Summary {
        let mut summary =
            Summary { numbers: Numbers::UNKNOWN, best: 0, best_numbers: Numbers::UNKNOWN, second: INFINITE };
        // `min` is the OR node's proof / AND node's disproof number, `sum` the other one.
        let (mut min, mut sum) = (INFINITE, 0u32);
        // OR: the quickest proof; AND: the slowest. Among the path-dependent disproofs, OR: the
        // shallowest anchor (all are needed), AND: the deepest (one is enough).
        let (mut quickest, mut longest) = (None::<u16>, 0u16);
        let mut plain_disproof = false;
        let (mut shallowest, mut deepest) = (None::<u16>, None::<u16>);
        for (i, child) in children.iter_mut().enumerate() {
            let numbers = self.child_numbers(child, room);
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
                quickest = Some(quickest.map_or(numbers.len, |len| len.min(numbers.len)));
                longest = longest.max(numbers.len);
            }
            if numbers.is_disproven() {
                match numbers.path {
                    Some(OnPath { anchor, .. }) => {
                        shallowest = Some(shallowest.map_or(anchor, |a| a.min(anchor)));
                        deepest = Some(deepest.map_or(anchor, |a| a.max(anchor)));
                    }
                    None => plain_disproof = true,
                }
            }
        }
        summary.numbers = if or {
            match quickest {
                Some(len) => Numbers::proof(len.saturating_add(1)),
                // Every check fails; the failure holds everywhere unless one failure does not.
                None if sum == 0 => shallowest.map_or(Numbers::DISPROOF, |anchor| self.disproof_here(anchor)),
                None => Numbers::open(min, sum),
            }
        } else if min == 0 {
            // One reply escapes; prefer a reason that holds whatever the path.
            match deepest {
                Some(anchor) if !plain_disproof => self.disproof_here(anchor),
                _ => Numbers::DISPROOF,
            }
        } else if sum == 0 {
            Numbers::proof(longest.saturating_add(1))
        } else {
            Numbers::open(sum, min)
        };
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi::Shogi;

    #[test]
    fn a_repetition_disproof_becomes_plain_back_at_the_position_repeated() {
        let budget = MateBudget { stop: &|| false, progress: &|_, _| {}, hash_mib: 1 };
        let mut pos = Shogi::from_position_string("8k/9/9/9/9/9/9/9/K8 b R 1").expect("a valid position");
        let mut solver = Solver::new(&pos, &budget);
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        solver.enter(&mut pos, moves[0]);
        // At depth 2: resting on the root is path-dependent, resting on this node is not, and
        // resting on the whole path never is.
        let hash = solver.path_hash(solver.path_sum);
        assert_eq!(solver.disproof_here(1), Numbers::disproof_on(hash, 1));
        assert_eq!(solver.disproof_here(2), Numbers::DISPROOF);
        assert_eq!(solver.disproof_here(0), Numbers::disproof_on(hash, 0));
        solver.leave(&mut pos);
        assert_eq!((solver.path.len(), solver.path_sum), (1, step(pos.key(), 1)));
        assert_eq!(solver.disproof_here(1), Numbers::DISPROOF);
        // The length limit is part of a path's hash.
        let unlimited = solver.path_hash(solver.path_sum);
        solver.limit(Some(5), 100);
        assert_ne!(solver.path_hash(solver.path_sum), unlimited);
    }
}
