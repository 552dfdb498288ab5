//! Depth-first proof-number search (df-pn, Nagai 2002) over any [`Game`].
//!
//! OR nodes are the attacker's turns (only the moves that give check), AND nodes the
//! defender's (every legal move); [`Game::mate_moves`] lists both. A node is searched until its
//! proof or disproof number reaches the threshold its parent gave it; the numbers are kept in
//! the [`Table`] between visits. A child may run a little past its runner-up (the "1 +
//! epsilon" thresholds of Pawlewicz and Lew, 2007). A node with an old child (one whose
//! undecided numbers the table holds from nearer the root) searches past its thresholds until
//! a new position is searched (Kishimoto and Müller's threshold controlling algorithm, see
//! [`Solver::search_within`]): without it, long problems full of transpositions send the
//! search back and forth between the same positions.
//!
//! What a node knows of its children. Each child is read from the table once per visit (then
//! its own search results are used). A position not in the table starts from the game's guess
//! ([`MateGuess`](crate::game::MateGuess), df-pn+); an undecided one's disproof number is
//! raised to what entries of the same board with smaller hands say by hand superiority (an
//! attacker holding more is no nearer a disproof; see [`Table::look_up`] for why not the
//! proof number). On the first visit of a defender's node, the replies not in the table are
//! played one by one in the order the search takes them ([`Game::mate_in_one`]), up to one
//! that escapes: one the attacker answers with a mating check is proven (and the mated
//! position stored, for the line), one after which the attacker has no check at all is
//! disproven (which decides the node), before the search picks a child; a reply waiting in
//! its group is played so when it wakes. Among children with equal numbers the other number
//! decides (the smaller first), then the game's [`MateMove::order`]. A child's summed number that is huge (over a 1024th of the largest)
//! counts by the largest of them instead: numbers added up around cycles and over shared
//! subtrees (double counting in the graph) would otherwise grow without bound.
//!
//! Hands. A decided position carries the attacker's hand it needs (proof) or may hold at most
//! (disproof), so the table settles positions that differ only in the hands ([`MateKey`]). A
//! proof needs what the proven move needs (plus the piece it drops, minus the piece it
//! captures); after a check it needs what every reply needs and what
//! [`Game::interposition_guard`] says. A disproof allows what every check allows (any number of
//! the kinds the attacker holds, none of the others: a new kind brings new drops) or what the
//! refuting reply allows. In a game without hands every hand is [`MateHand::NONE`] and a
//! decision holds for its position only.
//!
//! Moves searched one at a time ([`MateMove::group`]): of a group (in shogi the defender's
//! drops on one square, all its drops onto squares it does not guard that give no check, and a
//! move that declines a promotion after the same move promoting) only the first child takes
//! part at first, each next one once the one before it is decided; the waiting children of a
//! node add only an eighth of one each to its summed number (at least 1, as KomoringHeights
//! counts its delayed moves). The attacker usually takes an interposed piece and goes on
//! as before, so the next drop is then mostly settled by the table at once (by hand
//! superiority).
//!
//! Paths. A move back to a position of the current path (or to its board with no more in the
//! attacker's hand) fails for the attacker: a mating strategy never needs to repeat a position
//! (the strategy used at the second occurrence works at the first), and in shogi a perpetual
//! check loses. Such a failure holds only for this
//! path; so do the rules' repetition results (which read the game's history) and running out of
//! room (the ply limit, a shortening search's length limit). These disproofs are stored with
//! the path's hash (a hash of the moves from the root) and spread only through disproofs built
//! on them. Proofs never rest on them (a proven child was proven before its parent), so proofs
//! and the other disproofs are true whatever the path.
//!
//! A search runs in one of two modes. Quick (the default): a path-dependent disproof read from
//! the table is believed whatever the path, as most solvers do; this can only ever hide a mate
//! (a disproof never makes a proof), never invent one. Strict: it is believed only when the
//! position is reached by the same moves again (df-pn comes back to a node along the same path
//! many times as its thresholds grow) and searched again otherwise; slower on positions full
//! of cycles, but exact. Its paths hash apart from the quick search's, so it believes none of
//! the path-dependent disproofs the quick search stored (they may rest on others believed away
//! from their paths); the quick search's proofs and other disproofs never rest on those, and
//! it keeps them. A shortening search (mates of at most a given length) believes path-dependent
//! disproofs only on their own path too: its failures for want of room hold only as deep as
//! they were found. A quick "no mate" that rests on the path is checked strictly (see
//! [`super::search`]). Two paths with equal hashes could share a disproof: the odds are those
//! of a 64-bit hash collision.

use super::numbers::{disproof_hand_before, proof_hand_before, Numbers, INFINITE};
use super::table::Table;
use crate::game::{
    beyond, mated_by, Game, HandChange, MateBudget, MateHand, MateKey, MateMeter, MateMove, OneCheck, Turn,
};
use crate::vocabulary::{DrawReason, Outcome, Side, WinReason};

/// A summed number this large counts by maximum instead (see [`Solver::summarise`]).
const HUGE: u32 = INFINITE / 1024;

/// Paths longer than this are given up (as a path-dependent failure).
const MAX_PLY: usize = 1000;

/// The hash of the root's path in a strict search (the quick search's is 0).
const STRICT_PATHS: u64 = 0xA076_1D64_78BD_642F;

/// The contribution of the move coded `code` ([`Game::encode`]) at `depth` (plies from the
/// root) to a path hash.
#[inline]
fn path_step(code: u32, depth: usize) -> u64 {
    mix(u64::from(code) | (depth as u64) << 32)
}

/// A SplitMix64-style finalizer: the codes of nearby moves differ in few bits, so their plain
/// xor would collide easily.
#[inline]
fn mix(x: u64) -> u64 {
    let mut x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ x >> 32
}

/// The bit of a board key in a filter of boards (see [`Solver::back_on_path`]).
#[inline]
fn board_bit(board: u64) -> u64 {
    1 << (board >> 58)
}

/// One move of a node being searched, with what this visit learnt about it.
struct Child<M> {
    mv: M,
    key: MateKey,
    /// The path hash of the child.
    path: u64,
    change: HandChange,
    /// What this visit knows of the child: read from the table once, then the result of each
    /// search of it (the table may have lost them since; a transposition seen elsewhere is
    /// picked up at the next visit).
    known: Option<Numbers>,
    /// Whether the child takes part in the search yet (see [`Node::chain_groups`]).
    active: bool,
    /// The group of moves searched one at a time that it belongs to ([`MateMove::group`]).
    group: Option<u32>,
    /// The next child of its group, waiting for this one to be decided.
    next_in_group: Option<usize>,
    /// The table had no entry of exactly this child when this visit read it.
    fresh: bool,
}

impl<M> Child<M> {
    /// A child not searched yet in this visit; a move back to a position of the path has
    /// already failed (on this path).
    fn new(next: MateMove<M>, path: u64, repeats: bool) -> Child<M> {
        let MateMove { mv, key, change, group, .. } = next;
        let known = repeats.then_some(Numbers::disproof_on(path));
        Child { mv, key, path, change, known, active: true, group, next_in_group: None, fresh: false }
    }
}

/// A node being searched: its key, side and children.
struct Node<M> {
    key: MateKey,
    /// The path hash of the node.
    path: u64,
    /// The attacker is to move.
    or: bool,
    /// AND nodes: the least the attacker must hold for a proof whatever the children need
    /// ([`Game::interposition_guard`]).
    guard: MateHand,
    /// The longest mate a child may have (a shortening search's limit; otherwise no limit).
    room: u16,
    children: Vec<Child<M>>,
    /// A child's undecided numbers were stored or looked up nearer the root than it stands
    /// now (an old child: see [`Solver::search_within`]).
    old_child: bool,
}

impl<M> Node<M> {
    /// Moves searched one at a time ([`MateMove::group`]): every child but the first of its
    /// group waits for the one before it.
    fn chain_groups(&mut self) {
        for i in 0..self.children.len() {
            let Some(group) = self.children[i].group else { continue };
            // The child before it in its group is the nearest one.
            if let Some(before) = (0..i).rev().find(|&j| self.children[j].group == Some(group)) {
                self.children[before].next_in_group = Some(i);
                self.children[i].active = false;
            }
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
    path: Vec<MateKey>,
    /// For each length of the path, a filter of the boards on it so far: bit
    /// [`board_bit`] of each (a board whose bit is not set is not on the path).
    boards_seen: Vec<u64>,
    /// A hash of the moves from the root to the node being searched.
    path_hash: u64,
    /// The node count, the stop condition and progress reports.
    pub meter: MateMeter<'a>,
    /// Path-dependent disproofs are believed only on their own path (see the module notes).
    strict: bool,
    /// A shortening search: only mates of at most this many plies from the root count.
    max_len: Option<u16>,
    /// The positions given a path-dependent disproof by a shortening search (which depends on
    /// its limit), to be forgotten when it ends.
    limited: Vec<MateKey>,
}

impl<'a> Solver<'a> {
    /// A solver for mates by `attacker`, standing at the root.
    pub fn new(attacker: Side, budget: &'a MateBudget<'a>) -> Solver<'a> {
        Solver {
            table: Table::new(budget.hash_mib),
            attacker,
            path: Vec::new(),
            boards_seen: Vec::new(),
            path_hash: 0,
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

    /// Switches to strict path handling for at most `nodes` more nodes (the solver standing
    /// at the root). The strict search's paths hash apart from the quick search's, so that it
    /// believes none of the disproofs the quick search found on them: those may rest on
    /// disproofs the quick search believed away from their own paths.
    pub fn go_strict(&mut self, nodes: u64) {
        self.strict = true;
        self.path_hash = STRICT_PATHS;
        self.meter.allow(Some(nodes));
    }

    /// Whether the search is strict (see the module notes).
    pub fn is_strict(&self) -> bool {
        self.strict
    }

    /// Empties the table and goes on strictly, with no node allowance (the solver standing at
    /// the root).
    pub fn start_over_strictly(&mut self) {
        self.table = Table::new(self.meter.budget().hash_mib);
        self.limited.clear();
        self.go_strict(u64::MAX);
    }

    /// Looks only for mates of at most `max_len` plies, for at most `nodes` more nodes (a
    /// shortening search); `None`: back to an unlimited search with no node limit, and the
    /// failures that only the limit caused are forgotten.
    pub fn limit(&mut self, max_len: Option<u16>, nodes: u64) {
        self.max_len = max_len;
        self.meter.allow(max_len.map(|_| nodes));
        if max_len.is_none() {
            for key in std::mem::take(&mut self.limited) {
                self.table.forget_path_dependent(key);
            }
        }
    }

    /// Whether path-dependent disproofs are believed only on their own path: in a strict
    /// search, and in a shortening search (whose failures for want of room hold only at the
    /// depth they were found at).
    fn exact_paths(&self) -> bool {
        self.strict || self.max_len.is_some()
    }

    /// Stores what the search learnt about `key`, `plies` deeper than the node being searched.
    fn remember(&mut self, key: MateKey, numbers: Numbers, work: u64, plies: usize) {
        if self.max_len.is_some() && numbers.on_path() {
            self.limited.push(key);
        }
        self.table.store(key, numbers, work, self.depth_of(plies));
    }

    /// The depth (plies from the root) `plies` deeper than the node being searched, as the
    /// table records it.
    fn depth_of(&self, plies: usize) -> u16 {
        u16::try_from(self.path.len() + plies).unwrap_or(u16::MAX)
    }

    /// The number of positions on the path (the plies from the root).
    pub fn depth(&self) -> usize {
        self.path.len()
    }

    /// Reports the progress now.
    pub fn report(&mut self) {
        self.meter.report(self.table.hashfull());
    }

    /// The key of `pos` in this search.
    pub fn key<G: Game>(&self, pos: &G) -> MateKey {
        pos.mate_key(self.attacker)
    }

    /// Plays `mv` from `pos` (whose key is `key`), one ply deeper on the path.
    pub fn enter<G: Game>(&mut self, pos: &mut G, key: MateKey, mv: G::Move) {
        self.path.push(key);
        self.boards_seen.push(self.boards_seen.last().copied().unwrap_or(0) | board_bit(key.board));
        self.path_hash ^= path_step(G::encode(mv), self.path.len());
        pos.play(mv);
    }

    /// Takes back the `mv` of the last [`enter`](Solver::enter).
    pub fn leave<G: Game>(&mut self, pos: &mut G, mv: G::Move) {
        pos.undo();
        self.path_hash ^= path_step(G::encode(mv), self.path.len());
        self.path.pop();
        self.boards_seen.pop();
    }

    /// The numbers of a position the rules have decided (`key` names it): the attacker's
    /// checkmate proves it, a repetition result (which depends on the history) disproves it on
    /// this path only, any other end disproves it (so it is with less in hand).
    fn ended<G: Game>(&self, pos: &G, key: MateKey, outcome: Outcome) -> Numbers {
        match outcome {
            _ if outcome == mated_by(self.attacker) => {
                Numbers::proof(0, pos.interposition_guard(self.attacker, key.hand))
            }
            Outcome::Draw(DrawReason::Repetition) | Outcome::Win { reason: WinReason::PerpetualCheck, .. } => {
                Numbers::disproof_on(self.path_hash)
            }
            _ => Numbers::disproof(key.hand),
        }
    }

    /// Searches `pos` (whose ancestors are `self.path`) until its proof number reaches `thpn`
    /// or its disproof number `thdn`, it is decided, or the search halts; stores and returns
    /// its numbers.
    pub fn search<G: Game>(&mut self, pos: &mut G, thpn: u32, thdn: u32) -> Numbers {
        self.search_within(pos, thpn, thdn, &mut 0)
    }

    /// [`search`](Solver::search), with the thresholds extended while `extending` is not 0
    /// (Kishimoto and Müller's threshold controlling algorithm, as KomoringHeights has it). A
    /// node with an old child (one whose undecided numbers were stored or looked up nearer the
    /// root: the search may be going round a loop of transpositions, where the thresholds
    /// alone would send it back and forth without progress) adds one to `extending`; each new
    /// position searched takes one off. While it is not 0 a node searches past its thresholds,
    /// to one more than its numbers; a node whose visit began extending returns when the
    /// extension ends.
    fn search_within<G: Game>(&mut self, pos: &mut G, thpn: u32, thdn: u32, extending: &mut u32) -> Numbers {
        // Step 1. Count the node; positions the rules have decided, and paths out of room.
        self.meter.visit(|| self.table.hashfull());
        let key = self.key(pos);
        let or = match pos.turn() {
            Turn::Decide(side) => side == self.attacker,
            Turn::Over(outcome) => return self.settle(key, self.ended(pos, key, outcome)),
            // Chance decides here, so nobody forces anything.
            Turn::Chance(_) => return self.settle(key, Numbers::disproof(key.hand)),
        };
        let room = self.max_len.map_or(u16::MAX, |max| max.saturating_sub(self.path.len() as u16));
        if self.path.len() >= MAX_PLY || room == 0 {
            // Not stored: the parent keeps it for this visit, and it would only displace
            // numbers that hold on other paths.
            return Numbers::disproof_on(self.path_hash);
        }

        // Step 2. The moves: checks for the attacker, every legal move for the defender.
        let mut moves = Vec::new();
        pos.mate_moves(self.attacker, key, &mut moves);
        for next in &moves {
            self.table.prefetch(next.key.board);
        }
        if moves.is_empty() {
            // Only the attacker can be without a move here (a defender without one is over).
            return self.settle(key, Numbers::disproof(key.hand.more_of_the_same()));
        }
        let first_visit = !or && room >= 2 && self.table.get(key).is_none();
        let mut node = self.node(pos, key, room - 1, moves);
        if first_visit {
            // First visit of a defender's node: settle the replies that are mated at once, in
            // the order they are searched, up to one that escapes (which decides the node). A
            // reply waiting in its group is settled when it wakes (see `wake_groups`).
            for child in &node.children {
                let unknown = child.active && child.known.is_none() && self.table.get(child.key).is_none();
                if unknown && self.mate_in_one(pos, child.mv, child.key) {
                    break;
                }
            }
        }

        // Step 3. Search the most promising child until this node passes a threshold.
        let start_nodes = self.meter.nodes();
        let was_extending = *extending;
        let mut first = true;
        let numbers = loop {
            self.wake_groups(pos, &mut node);
            let summary = self.summarise(pos, &mut node);
            let numbers = summary.numbers;
            if first && node.old_child {
                *extending += 1;
            } else if !first && *extending == 0 && was_extending > 0 {
                break numbers;
            }
            first = false;
            let (thpn, thdn) = if *extending > 0 {
                (thpn.max(numbers.pn.saturating_add(1)), thdn.max(numbers.dn.saturating_add(1)))
            } else {
                (thpn, thdn)
            };
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
            let child = &mut node.children[summary.best];
            if std::mem::take(&mut child.fresh) {
                *extending = extending.saturating_sub(1);
            }
            let mv = child.mv;
            self.enter(pos, key, mv);
            let result = self.search_within(pos, child_pn, child_dn, extending);
            self.leave(pos, mv);
            node.children[summary.best].known = Some(result);
        };
        *extending = (*extending).min(was_extending);

        // Step 4. Remember what was learnt.
        self.remember(key, numbers, self.meter.nodes() - start_nodes, 0);
        numbers
    }

    /// Plays the defender's `reply` from `pos`, to the position named `after`, and looks for a
    /// check that mates at once ([`Game::mate_in_one`]); stores the proof of `after` if there
    /// is one, its disproof if the attacker has no check there, and says whether it stored a
    /// disproof. Counts one node.
    fn mate_in_one<G: Game>(&mut self, pos: &mut G, reply: G::Move, after: MateKey) -> bool {
        self.meter.visit(|| self.table.hashfull());
        pos.play(reply);
        let mut escapes = false;
        if pos.turn() == Turn::Decide(self.attacker) {
            // A mated position is never back on the path: the one there, with the same board
            // and no more in the defender's hand, would be mated too.
            match pos.mate_in_one(self.attacker, after) {
                OneCheck::NoCheck => {
                    self.remember(after, Numbers::disproof(after.hand.more_of_the_same()), 1, 1);
                    escapes = true;
                }
                OneCheck::Mates(check) => {
                    pos.play(check.mv);
                    let hand = pos.interposition_guard(self.attacker, check.key.hand);
                    pos.undo();
                    // The mated position too: the mating line is read from the table.
                    self.remember(check.key, Numbers::proof(0, hand), 1, 2);
                    self.remember(after, Numbers::proof(1, proof_hand_before(check.change, hand)), 1, 1);
                }
                OneCheck::NoMate => {}
            }
        }
        pos.undo();
        escapes
    }

    /// Stores the `numbers` of a position decided without a search below it.
    fn settle(&mut self, key: MateKey, numbers: Numbers) -> Numbers {
        self.remember(key, numbers, 1, 0);
        numbers
    }

    /// Whether a move from the position `here` (the last of the path) to `next` comes back to
    /// a board of the path with no more in the attacker's hand: no better off than there, so
    /// it fails on this path (see the module notes).
    fn back_on_path(&self, here: MateKey, next: MateKey) -> bool {
        let worse = |earlier: &MateKey| earlier.board == next.board && earlier.hand.covers(next.hand);
        let seen = self.boards_seen.last().is_some_and(|seen| seen & board_bit(next.board) != 0);
        worse(&here) || (seen && self.path.iter().any(worse))
    }

    /// The node `pos` (named `key`, a player to move) with its `moves`, a child's mate at most
    /// `room` plies long; a move back to a position of the path has failed already.
    fn node<G: Game>(&self, pos: &G, key: MateKey, room: u16, mut moves: Vec<MateMove<G::Move>>) -> Node<G::Move> {
        let or = pos.side() == self.attacker;
        let depth = self.path.len() + 1;
        moves.sort_by_key(|next| next.order);
        let children = moves
            .into_iter()
            .map(|next| {
                let path = self.path_hash ^ path_step(G::encode(next.mv), depth);
                Child::new(next, path, self.back_on_path(key, next.key))
            })
            .collect();
        let guard = if or { MateHand::NONE } else { pos.interposition_guard(self.attacker, key.hand) };
        let mut node = Node { key, path: self.path_hash, or, guard, room, children, old_child: false };
        node.chain_groups();
        node
    }

    /// Activates each waiting child of `pos` whose predecessor in its group is decided; a
    /// defender's reply that wakes is settled at once if it is mated in one (as on a first
    /// visit).
    fn wake_groups<G: Game>(&mut self, pos: &mut G, node: &mut Node<G::Move>) {
        for i in 0..node.children.len() {
            let Some(next) = node.children[i].next_in_group.filter(|&next| !node.children[next].active) else {
                continue;
            };
            if node.children[i].active
                && self.child_numbers(pos, &mut node.children[i], node.room, &mut node.old_child).is_decided()
            {
                let child = &mut node.children[next];
                child.active = true;
                if !node.or && node.room >= 1 && self.table.get(child.key).is_none() {
                    self.mate_in_one(pos, child.mv, child.key);
                }
            }
        }
    }

    /// The numbers of one child of `pos`: what this visit knows, else the table's, where a
    /// strict search believes a path-dependent disproof only on its own path, a mate longer
    /// than `room` counts as unknown, and an undecided position's disproof number is raised to
    /// what hand superiority says; else the game's guess ([`Game::mate_guess`]).
    /// Sets `old` if the table's undecided numbers are old (see [`Table::look_up`]).
    #[inline]
    fn child_numbers<G: Game>(&mut self, pos: &G, child: &mut Child<G::Move>, room: u16, old: &mut bool) -> Numbers {
        if let Some(known) = child.known {
            return known;
        }
        let guess = || {
            let guess = pos.mate_guess(self.attacker, child.mv);
            Numbers::open(guess.pn.max(1), guess.dn.max(1))
        };
        let found = self.table.look_up(child.key, self.depth_of(1));
        let (stored, dn) = (found.numbers, found.dn);
        child.fresh = stored.is_none();
        let numbers = match stored {
            Some(stored) if !self.exact_paths() || stored.path.is_none_or(|path| path == child.path) => stored,
            _ => guess(),
        };
        let numbers = if numbers.is_proven() && numbers.len > room {
            guess()
        } else if numbers.is_decided() {
            numbers
        } else {
            *old |= found.old;
            Numbers::open(numbers.pn, numbers.dn.max(dn))
        };
        child.known = Some(numbers);
        numbers
    }

    /// Combines the children's numbers (OR: min proof, summed disproof numbers; AND: the other
    /// way round) with the hands of a decision, and picks the child to search next.
    fn summarise<G: Game>(&mut self, pos: &G, node: &mut Node<G::Move>) -> Summary {
        let mut summary =
            Summary { numbers: Numbers::UNKNOWN, best: 0, best_numbers: Numbers::UNKNOWN, second: INFINITE };
        // `min` is the OR node's proof / AND node's disproof number, `sum` the other one.
        let (mut min, mut sum) = (INFINITE, 0u32);
        // Children whose summed number is huge count by the largest of them instead: numbers
        // added up around cycles and over shared subtrees grow without bound.
        let mut huge = 0u32;
        let mut waiting = 0u32;
        // OR: the quickest proof and the disproof hand of all checks; AND: the slowest proof and
        // the proof hand of all replies, and a refutation (one that holds everywhere if any).
        let mut quickest: Option<(u16, MateHand)> = None;
        let mut longest = 0u16;
        let mut proof_hand = node.guard;
        let mut disproof_hand = node.key.hand.more_of_the_same();
        let (mut any_on_path, mut refutation) = (false, None::<MateHand>);
        for (i, child) in node.children.iter_mut().enumerate() {
            if !child.active {
                // It waits for an undecided child of its group, so the node is not decided while
                // it waits; the waiting count a little (see the module notes).
                waiting += 1;
                continue;
            }
            let numbers = self.child_numbers(pos, child, node.room, &mut node.old_child);
            let (key, other) = if node.or { (numbers.pn, numbers.dn) } else { (numbers.dn, numbers.pn) };
            // Among equal numbers the other number decides, then the order of the moves.
            let best_other = if node.or { summary.best_numbers.dn } else { summary.best_numbers.pn };
            if key < min || (key == min && other < best_other) {
                summary.second = min;
                min = key;
                summary.best = i;
                summary.best_numbers = numbers;
            } else if key < summary.second {
                summary.second = key;
            }
            if other >= HUGE {
                huge = huge.max(other);
            } else {
                sum = sum.saturating_add(other);
            }
            if numbers.is_proven() {
                let hand = proof_hand_before(child.change, numbers.hand);
                if quickest.is_none_or(|(len, _)| numbers.len < len) {
                    quickest = Some((numbers.len, hand));
                }
                longest = longest.max(numbers.len);
                proof_hand = proof_hand.max(hand);
            }
            if numbers.is_disproven() {
                any_on_path |= numbers.on_path();
                if !numbers.on_path() {
                    let hand = disproof_hand_before(child.change, numbers.hand, node.key.hand);
                    disproof_hand = disproof_hand.min(hand);
                    refutation.get_or_insert(hand);
                }
            }
        }
        let sum = sum.saturating_add(huge).saturating_add(if waiting > 0 { (waiting / 8).max(1) } else { 0 });
        summary.numbers = if node.or {
            match quickest {
                Some((len, hand)) => Numbers::proof(len.saturating_add(1), hand),
                // Every check fails; the failure holds everywhere unless one failure does not.
                None if sum == 0 && any_on_path => Numbers::disproof_on(node.path),
                None if sum == 0 => Numbers::disproof(disproof_hand),
                None => Numbers::open(min, sum),
            }
        } else if min == 0 {
            // One reply escapes; prefer a reason that holds whatever the path.
            refutation.map_or(Numbers::disproof_on(node.path), Numbers::disproof)
        } else if sum == 0 {
            Numbers::proof(longest.saturating_add(1), proof_hand)
        } else {
            Numbers::open(sum, min)
        };
        summary
    }
}
