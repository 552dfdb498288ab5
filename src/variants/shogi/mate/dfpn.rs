//! Depth-first proof-number search (df-pn, Nagai 2002) for shogi checkmates.
//!
//! OR nodes are the attacker's turns (only checking moves), AND nodes the defender's (every
//! legal move). A node is searched until its proof or disproof number reaches the threshold
//! its parent gave it; the numbers are kept in the [`Table`] between visits.
//!
//! Hands. A decided position carries the attacker's hand it needs (proof) or may hold at most
//! (disproof), so the table can settle positions that differ only in the hands. A proof needs
//! what the proven move needs (plus the piece it drops, minus the piece it captures); after a
//! check it needs what every reply needs, and when the defender could interpose a drop, all
//! the pieces of the kinds the defender does not hold (so that it still holds none). A
//! disproof allows what every check allows (no kind the attacker does not hold now, since a
//! new kind brings new drops) or what the refuting reply allows.
//!
//! Repetitions (the graph-history interaction). A move that returns to a position of the
//! current path counts as a failure for the attacker: a mating strategy never needs to repeat
//! a position (the strategy used at the second occurrence works at the first), and in shogi a
//! perpetual check loses. Such a failure holds only for this path, so it is marked
//! [`Numbers::rep`] with the key of its path (a hash of the moves from the root) and spreads
//! only through disproofs built on it. Proofs never rest on a repetition (a proven child was
//! proven before its parent), so proofs and plain disproofs are true whatever the path.
//!
//! A search runs in one of two modes. Quick (the default): a repetition disproof read from the
//! table is believed whatever the path, as most solvers do; this can only ever hide a mate
//! (a disproof never makes a proof), never invent one. Strict: it is believed only when the
//! position is reached by the same moves again (df-pn comes back to a node along the same path
//! many times as its thresholds grow) and searched again otherwise; slower on positions full of
//! cycles, but exact. A quick "no mate" that rests on repetitions is checked strictly (see
//! [`super::search`]). Two paths with equal keys could share a disproof: the odds are those of
//! a 64-bit hash collision.

use super::key::{HandChange, Key};
use super::mated_by;
use super::numbers::{Numbers, INFINITE};
use super::table::Table;
use crate::game::{beyond, Game, MateBudget, MateMeter, Turn};
use crate::variants::shogi::{Shogi, ShogiMove};
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::first;
use crate::variants::shogi_core::hand::Hand;
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::square::SQUARES;
use crate::vocabulary::{Outcome, Side, WinReason};

/// Paths longer than this are given up (as a path-dependent failure).
const MAX_PLY: usize = 1000;

/// A count that stands for "any number" in a disproof hand.
const ANY: u8 = u8::MAX;

/// The widest disproof hand of an attacker's position whose hand is `hand`: any number of the
/// kinds it holds (more of a kind brings no new move), none of the others (a new kind brings
/// new drops).
fn more_of_the_same(hand: Hand) -> Hand {
    let mut widest = hand;
    for kind in hand.kinds() {
        widest.set(kind, ANY);
    }
    widest
}

/// The contribution of the move `mv` at `depth` (plies from the root) to a path key.
#[inline]
fn path_step(mv: ShogiMove, depth: usize) -> u64 {
    let mut x = (mv.code() as u64 | (depth as u64) << 16).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ x >> 32
}

/// One move of a node being searched, with what this visit learnt about it.
struct Child {
    mv: ShogiMove,
    key: Key,
    /// The path key of the child.
    path: u64,
    change: HandChange,
    /// The numbers of the last search of this child in this visit (the table may have lost
    /// them since).
    searched: Option<Numbers>,
    /// `searched` holds a decision: the child need not be looked up again in this visit.
    settled: bool,
    /// Whether the child takes part in the search yet (see [`Node::delay_drops`]).
    active: bool,
    /// The next delayed drop on the same square, waiting for this one to be proven.
    next_drop: Option<usize>,
}

/// A node being searched: its key, side and children.
struct Node {
    key: Key,
    /// The path key of the node.
    path: u64,
    /// The attacker is to move.
    or: bool,
    /// AND nodes: the least the attacker must hold for a proof whatever the children need
    /// (the kinds the defender lacks, when it could interpose a drop).
    guard: Hand,
    /// The longest mate a child may have (a shortening search's limit; otherwise no limit).
    room: u16,
    children: Vec<Child>,
}

impl Node {
    /// Interpositions by drops: of the drops on one square only the first (generation order:
    /// pawn first) is searched at first, each next one once the one before it is proven. The
    /// attacker usually takes the dropped piece and goes on as before, so the next drop is then
    /// mostly settled by the table at once (by hand superiority) instead of being searched
    /// alongside all the others. Every reply is still proven before the node is.
    fn delay_drops(&mut self) {
        let mut last_on: [Option<usize>; SQUARES] = [None; SQUARES];
        for i in 0..self.children.len() {
            let child = &self.children[i];
            if child.mv.dropped().is_none() {
                continue;
            }
            let to = child.mv.to();
            if let Some(before) = last_on[to] {
                self.children[before].next_drop = Some(i);
                self.children[i].active = false;
            }
            last_on[to] = Some(i);
        }
    }
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
    /// The keys of the ancestors of the node being searched, root first.
    path: Vec<Key>,
    /// A hash of the moves from the root to the node being searched.
    path_key: u64,
    /// The node count, the stop condition and progress reports.
    pub meter: MateMeter<'a>,
    /// Repetition disproofs are believed only on their own path (see the module notes).
    strict: bool,
    /// A shortening search: only mates of at most this many plies from the root count.
    max_len: Option<u16>,
    /// The positions given a repetition disproof by a shortening search (which depends on its
    /// limit), to be forgotten when it ends.
    limited: Vec<Key>,
}

impl<'a> Solver<'a> {
    pub fn new(attacker: Side, budget: &'a MateBudget<'a>) -> Solver<'a> {
        Solver {
            table: Table::new(budget.hash_mib),
            attacker,
            path: Vec::new(),
            path_key: 0,
            meter: MateMeter::new(budget),
            strict: false,
            max_len: None,
            limited: Vec::new(),
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

    /// Switches to strict repetition handling for at most `nodes` more nodes.
    pub fn go_strict(&mut self, nodes: u64) {
        self.strict = true;
        self.meter.allow(Some(nodes));
    }

    /// Looks only for mates of at most `max_len` plies, for at most `nodes` more nodes (a
    /// shortening search); `None`: back to an unlimited search with no node limit, and the
    /// failures that only the limit caused are forgotten.
    pub fn limit(&mut self, max_len: Option<u16>, nodes: u64) {
        self.max_len = max_len;
        self.meter.allow(max_len.map(|_| nodes));
        if max_len.is_none() {
            for key in std::mem::take(&mut self.limited) {
                self.table.forget_repetition(key);
            }
        }
    }

    /// Stores what the search learnt about `key`.
    fn remember(&mut self, key: Key, numbers: Numbers, work: u64) {
        if self.max_len.is_some() && numbers.is_repetition() {
            self.limited.push(key);
        }
        self.table.store(key, numbers, work);
    }

    /// Reports the progress now.
    pub fn report(&mut self) {
        self.meter.report(self.table.hashfull());
    }

    /// The key of `pos` in this search.
    pub fn key(&self, pos: &Shogi) -> Key {
        Key::of(pos, self.attacker)
    }

    /// Plays `mv` from `pos` (whose key is `key`), one ply deeper on the path.
    pub fn enter(&mut self, pos: &mut Shogi, key: Key, mv: ShogiMove) {
        self.path.push(key);
        self.path_key ^= path_step(mv, self.path.len());
        pos.play(mv);
    }

    /// Takes back the `mv` of the last [`enter`](Solver::enter).
    pub fn leave(&mut self, pos: &mut Shogi, mv: ShogiMove) {
        pos.undo();
        self.path_key ^= path_step(mv, self.path.len());
        self.path.pop();
    }

    /// The numbers of a position the rules have decided.
    fn decided(&self, pos: &Shogi, key: Key, outcome: Outcome) -> Numbers {
        match outcome {
            _ if outcome == mated_by(self.attacker) => Numbers::proof(0, self.guard(pos, key.hand)),
            // The attacker is mated or has no move: so it is with less in hand.
            Outcome::Win { reason: WinReason::Checkmate | WinReason::NoMoves, .. } => Numbers::disproof(key.hand),
            // Repetition results depend on the game's history, so on the path.
            _ => Numbers::repetition(self.path_key),
        }
    }

    /// For the defender in check in `pos`, the attacker holding `hand`: when a drop could
    /// interpose, the attacker must keep every piece of the kinds the defender does not hold.
    fn guard(&self, pos: &Shogi, hand: Hand) -> Hand {
        let checkers = pos.checkers;
        let defender = self.attacker.opponent();
        let Some(king) = pos.board().king_square(defender) else { return Hand::EMPTY };
        if checkers.count_ones() != 1 || attacks::between(king, first(checkers)) == 0 {
            return Hand::EMPTY;
        }
        let held = pos.board().hand(defender);
        let mut guard = Hand::EMPTY;
        for kind in Kind::IN_HAND {
            if held.count(kind) == 0 {
                guard.set(kind, hand.count(kind));
            }
        }
        guard
    }

    /// Searches `pos` (whose ancestors are `self.path`) until its proof number reaches `thpn`
    /// or its disproof number `thdn`, it is decided, or the search is stopped; stores and
    /// returns its numbers.
    pub fn search(&mut self, pos: &mut Shogi, thpn: u32, thdn: u32) -> Numbers {
        // Step 1. Count the node; positions the rules have decided.
        self.meter.visit(|| self.table.hashfull());
        let key = self.key(pos);
        if let Turn::Over(outcome) = pos.turn() {
            let numbers = self.decided(pos, key, outcome);
            self.remember(key, numbers, 1);
            return numbers;
        }
        // No room left: a failure for this path (so for this depth) only.
        let room = self.max_len.map_or(u16::MAX, |max| max.saturating_sub(self.path.len() as u16));
        if self.path.len() >= MAX_PLY || room == 0 {
            return Numbers::repetition(self.path_key);
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
            let numbers = Numbers::disproof(more_of_the_same(key.hand));
            self.remember(key, numbers, 1);
            return numbers;
        }
        // A move back to a position of the path fails for the attacker (for this path).
        let depth = self.path.len() + 1;
        let children = moves
            .into_iter()
            .map(|mv| {
                let (child, change) = key.after(pos, self.attacker, mv);
                let path = self.path_key ^ path_step(mv, depth);
                let repeats = child == key || self.path.contains(&child);
                Child {
                    mv,
                    key: child,
                    path,
                    change,
                    searched: repeats.then_some(Numbers::repetition(path)),
                    settled: repeats,
                    active: true,
                    next_drop: None,
                }
            })
            .collect();
        let guard = if or { Hand::EMPTY } else { self.guard(pos, key.hand) };
        let mut node = Node { key, path: self.path_key, or, guard, room: room - 1, children };
        if !or {
            node.delay_drops();
        }

        // Step 3. Search the most promising child until this node passes a threshold.
        let start_nodes = self.meter.nodes();
        let numbers = loop {
            if !or {
                self.wake_drops(&mut node);
            }
            let summary = self.summarise(&mut node);
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
            let mv = node.children[summary.best].mv;
            self.enter(pos, key, mv);
            let result = self.search(pos, child_pn, child_dn);
            self.leave(pos, mv);
            node.children[summary.best].searched = Some(result);
        };

        // Step 4. Remember what was learnt.
        self.remember(key, numbers, self.meter.nodes() - start_nodes);
        numbers
    }

    /// Activates each delayed drop whose predecessor on its square is proven.
    fn wake_drops(&self, node: &mut Node) {
        for i in 0..node.children.len() {
            let Some(next) = node.children[i].next_drop.filter(|&next| !node.children[next].active) else { continue };
            if node.children[i].active && self.child_numbers(&mut node.children[i], node.room).is_proven() {
                node.children[next].active = true;
            }
        }
    }

    /// The numbers of one child: the table's (or this visit's last result when the table has
    /// lost them), where a strict search believes a repetition disproof only on its own path
    /// and a mate longer than `room` counts as unknown. A decision is kept in the child: it
    /// cannot change during the visit.
    #[inline]
    fn child_numbers(&self, child: &mut Child, room: u16) -> Numbers {
        if let (true, Some(settled)) = (child.settled, child.searched) {
            return settled;
        }
        let numbers = match (child.searched, self.table.get(child.key)) {
            (Some(local), _) if local.is_repetition() => local,
            (_, Some(stored)) if !self.strict || stored.rep.is_none_or(|path| path == child.path) => stored,
            (Some(local), _) => local,
            _ => Numbers::UNKNOWN,
        };
        if numbers.is_proven() && numbers.len > room {
            // Too long for a shortening search: this visit's own result, if any, else unknown.
            return child.searched.filter(|n| !n.is_proven() || n.len <= room).unwrap_or(Numbers::UNKNOWN);
        }
        if numbers.is_decided() {
            child.searched = Some(numbers);
            child.settled = true;
        }
        numbers
    }

    /// Combines the children's numbers (OR: min proof, summed disproof numbers; AND: the other
    /// way round) with the hands of a decision, and picks the child to search next.
    fn summarise(&self, node: &mut Node) -> Summary {
        let mut summary =
            Summary { numbers: Numbers::UNKNOWN, best: 0, best_numbers: Numbers::UNKNOWN, second: INFINITE };
        // `min` is the OR node's proof / AND node's disproof number, `sum` the other one.
        let (mut min, mut sum) = (INFINITE, 0u32);
        // OR: the quickest proof and the disproof hand of all checks; AND: the slowest proof and
        // the proof hand of all replies, and a refutation (a plain one if there is any).
        let mut quickest: Option<(u16, Hand)> = None;
        let mut longest = 0u16;
        let mut proof_hand = node.guard;
        let mut disproof_hand = more_of_the_same(node.key.hand);
        let (mut any_rep_disproof, mut refutation) = (false, None::<Hand>);
        for (i, child) in node.children.iter_mut().enumerate() {
            if !child.active {
                // A delayed drop keeps the node from being proven.
                sum = sum.saturating_add(1);
                continue;
            }
            let numbers = self.child_numbers(child, node.room);
            let (key, other) = if node.or { (numbers.pn, numbers.dn) } else { (numbers.dn, numbers.pn) };
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
                let hand = child.change.proof_before(numbers.hand);
                if quickest.is_none_or(|(len, _)| numbers.len < len) {
                    quickest = Some((numbers.len, hand));
                }
                longest = longest.max(numbers.len);
                proof_hand = proof_hand.max(hand);
            }
            if numbers.is_disproven() {
                any_rep_disproof |= numbers.is_repetition();
                if !numbers.is_repetition() {
                    let hand = child.change.disproof_before(numbers.hand, node.key.hand);
                    disproof_hand = disproof_hand.min(hand);
                    refutation.get_or_insert(hand);
                }
            }
        }
        summary.numbers = if node.or {
            match quickest {
                Some((len, hand)) => Numbers::proof(len.saturating_add(1), hand),
                // Every check fails; the failure holds everywhere unless a repetition caused it.
                None if sum == 0 && any_rep_disproof => Numbers::repetition(node.path),
                None if sum == 0 => Numbers::disproof(disproof_hand),
                None => Numbers::open(min, sum),
            }
        } else if min == 0 {
            // One reply escapes; prefer a reason that holds whatever the path.
            refutation.map_or(Numbers::repetition(node.path), Numbers::disproof)
        } else if sum == 0 {
            Numbers::proof(longest.saturating_add(1), proof_hand)
        } else {
            Numbers::open(sum, min)
        };
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mated_position(sfen: &str) -> (Solver<'static>, Shogi, Numbers) {
        let budget = Box::leak(Box::new(MateBudget { stop: &|| false, progress: &|_, _| {}, hash_mib: 1 }));
        let pos = Shogi::from_position_string(sfen).expect("a valid position");
        let mut solver = Solver::new(Side::First, budget);
        let numbers = solver.search(&mut pos.clone(), INFINITE, INFINITE);
        (solver, pos, numbers)
    }

    #[test]
    fn a_mate_an_interposition_would_break_needs_the_pieces_the_defender_lacks() {
        // The rook on 9a mates along rank a because White holds nothing to interpose.
        let (solver, pos, numbers) = mated_position("R7k/9/7G1/9/9/9/9/9/K8 w G 1");
        assert_eq!((numbers.is_proven(), numbers.len), (true, 0));
        assert_eq!(numbers.hand.count(Kind::Gold), 1, "{numbers:?}");
        let key = solver.key(&pos);
        assert!(solver.table.get(key).is_some_and(|n| n.is_proven()));
        // The same board with the gold in White's hand: it interposes, nothing carries over.
        assert_eq!(solver.table.get(Key { board: key.board, hand: Hand::EMPTY }), None);
    }

    #[test]
    fn a_contact_mate_holds_whatever_the_hands() {
        let (solver, pos, numbers) = mated_position("8k/8G/7S1/9/9/9/9/9/K8 w R 1");
        assert_eq!((numbers.is_proven(), numbers.hand), (true, Hand::EMPTY));
        let board = solver.key(&pos).board;
        assert!(solver.table.get(Key { board, hand: Hand::EMPTY }).is_some_and(|n| n.is_proven()));
    }
}
