//! The vocabulary of the checkmate search (`go mate`, `crate::search::mate`): what it is given,
//! the bookkeeping and proof-number threshold it uses, what it answers, and how a game names its
//! positions and moves for it ([`MateKey`], [`MateHand`], [`MateMove`]; the hooks are
//! [`Game::mate_key`], [`Game::mate_moves`], [`Game::mate_in_one`], [`Game::mate_guess`] and
//! [`Game::interposition_guard`]). Games whose [`Game::MATE_SEARCH`] is `false` answer
//! [`MateAnswer::NotImplemented`].

use super::{Game, Turn};
use crate::vocabulary::{Outcome, Side, WinReason};
use std::time::{Duration, Instant};

/// The answer of a checkmate search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateAnswer {
    /// A forced mate: the move tokens from the searched position, the attacker's checks and the
    /// defender's replies alternately, ending in checkmate. Always verified by replaying it.
    Mate(Vec<String>),
    /// Proven: the side to move cannot force checkmate by checking moves.
    NoMate,
    /// The search was stopped (time up or `stop`) before it knew.
    Timeout,
    /// The game has no checkmate search.
    NotImplemented,
}

/// What bounds a checkmate search and where its progress goes.
pub struct MateBudget<'a> {
    /// Polled every thousand nodes or so with the nodes searched; once it says `true` the
    /// search answers [`MateAnswer::Timeout`] (unless it has just finished a proof).
    pub stop: &'a dyn Fn(u64) -> bool,
    /// Called about once a second, and once at the end, with the nodes searched so far and
    /// the table's fill in per mille.
    pub progress: &'a dyn Fn(u64, u32),
    /// Called with the nodes searched so far and the verified mating line as soon as the first
    /// proof is found, then again with every shorter line found.
    pub proof: &'a dyn Fn(u64, &[String]),
    /// Whether to look for shorter mates after the first proof (otherwise the first proof is
    /// the answer).
    pub shortest: bool,
    /// The solver's own transposition table size, in MiB.
    pub hash_mib: usize,
}

/// The bookkeeping every checkmate search shares: its node count, the budget's stop condition
/// polled every [`MateMeter::POLL_NODES`] nodes, progress reported about once a second, and an
/// optional allowance of nodes (a search stops once it has counted that many).
pub struct MateMeter<'a> {
    budget: &'a MateBudget<'a>,
    nodes: u64,
    /// The budget said stop.
    stopped: bool,
    node_limit: u64,
    next_poll: u64,
    last_report: Instant,
}

impl<'a> MateMeter<'a> {
    /// Nodes between two looks at the stop condition.
    pub const POLL_NODES: u64 = 1024;

    /// How often progress is reported.
    pub const PROGRESS_EVERY: Duration = Duration::from_secs(1);

    /// A meter at zero nodes, without an allowance.
    pub fn new(budget: &'a MateBudget<'a>) -> MateMeter<'a> {
        MateMeter { budget, nodes: 0, stopped: false, node_limit: u64::MAX, next_poll: 0, last_report: Instant::now() }
    }

    /// The nodes counted so far.
    #[inline]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the budget said stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Whether the search must stop: the budget said so or the allowance is used up.
    #[inline]
    pub fn halted(&self) -> bool {
        self.stopped || self.nodes >= self.node_limit
    }

    /// Allows `nodes` more nodes from now; `None`: no allowance.
    pub fn allow(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.map_or(u64::MAX, |n| self.nodes.saturating_add(n));
    }

    /// The budget the meter counts against.
    pub fn budget(&self) -> &'a MateBudget<'a> {
        self.budget
    }

    /// Reports the progress now, with the table filled `hashfull` per mille.
    pub fn report(&mut self, hashfull: u32) {
        self.last_report = Instant::now();
        (self.budget.progress)(self.nodes, hashfull);
    }

    /// Counts a node; every [`POLL_NODES`](MateMeter::POLL_NODES) nodes looks at the stop
    /// condition and the progress clock (`hashfull` is asked only for a report).
    #[inline]
    pub fn visit(&mut self, hashfull: impl FnOnce() -> u32) {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + Self::POLL_NODES;
            if (self.budget.stop)(self.nodes) {
                self.stopped = true;
            }
            if self.last_report.elapsed() >= Self::PROGRESS_EVERY {
                self.report(hashfull());
            }
        }
    }
}

/// The proof-number threshold that lets the best child run a little past the runner-up's
/// number `second` (the "1 + epsilon" trick of Pawlewicz and Lew, 2007): switching between two
/// nearly equal children at every step re-searches both from the top over and over.
#[inline]
pub fn beyond(second: u32) -> u32 {
    second.saturating_add(second / 4).saturating_add(1)
}

/// The attacker's pieces in hand as the checkmate search sees them: a count for each of up to
/// eight kinds (a game numbers its kinds from 0), each below [`MateHand::ANY`]. Games without
/// pieces in hand use [`MateHand::NONE`] throughout: a decision then holds for its position.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct MateHand([u8; 8]);

impl MateHand {
    /// No pieces.
    pub const NONE: MateHand = MateHand([0; 8]);

    /// A count that stands for "any number" (in the hand a failure holds for).
    pub const ANY: u8 = u8::MAX;

    /// How many pieces of `kind` (below 8) the hand holds.
    #[inline]
    pub fn count(self, kind: u8) -> u8 {
        self.0[usize::from(kind)]
    }

    /// The hand with `count` pieces of `kind` (below 8).
    #[inline]
    pub fn with(mut self, kind: u8, count: u8) -> MateHand {
        self.0[usize::from(kind)] = count;
        self
    }

    /// Whether this hand holds at least as many pieces of every kind as `other` (hand
    /// superiority: an attacker with this hand can do everything `other` allows).
    #[inline]
    pub fn covers(self, other: MateHand) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a >= b)
    }

    /// Per kind the larger count of the two hands.
    #[inline]
    pub fn max(self, other: MateHand) -> MateHand {
        MateHand(std::array::from_fn(|i| self.0[i].max(other.0[i])))
    }

    /// Per kind the smaller count of the two hands.
    #[inline]
    pub fn min(self, other: MateHand) -> MateHand {
        MateHand(std::array::from_fn(|i| self.0[i].min(other.0[i])))
    }

    /// Any number of each kind this hand holds, none of the others.
    #[inline]
    pub fn more_of_the_same(self) -> MateHand {
        MateHand(self.0.map(|count| if count > 0 { MateHand::ANY } else { 0 }))
    }

    /// The hand as one number (a byte per kind, kind 0 lowest), for tables.
    #[inline]
    pub fn to_bits(self) -> u64 {
        u64::from_le_bytes(self.0)
    }

    /// The hand written by [`MateHand::to_bits`].
    #[inline]
    pub fn from_bits(bits: u64) -> MateHand {
        MateHand(bits.to_le_bytes())
    }
}

/// How the checkmate search names a position: the key of everything but the attacker's pieces
/// in hand, and those pieces. Within one search no piece leaves the game, so the two together
/// say the whole position (the defender holds the rest).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MateKey {
    pub board: u64,
    pub hand: MateHand,
}

/// What a move does to the attacker's hand (kinds numbered as in [`MateHand`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandChange {
    /// Neither hand changes, or only the defender's by a capture.
    None,
    /// The attacker dropped a piece of this kind.
    Dropped(u8),
    /// The attacker captured a piece that goes to its hand as this kind.
    Captured(u8),
    /// The defender dropped a piece of this kind (the attacker's hand is unchanged).
    DefenderDropped(u8),
}

/// One move the checkmate search tries, with the key of the position after it and its place
/// among the moves.
#[derive(Clone, Copy, Debug)]
pub struct MateMove<M> {
    pub mv: M,
    pub key: MateKey,
    pub change: HandChange,
    /// Among moves whose numbers are equal, the lower `order` is searched first.
    pub order: i32,
    /// Moves of one group (in the order listed) are searched one at a time: each waits until
    /// the one before it is decided. For moves that are mostly answered alike: interpositions
    /// on one square, or on any square the defender does not guard (the attacker takes and
    /// goes on, so the next one is mostly settled by the table at once), a move without
    /// promotion after the same move with it.
    pub group: Option<u32>,
}

/// A first guess at the proof and disproof numbers of the position a move leads to, before it
/// is searched (df-pn+, Nagai and Imai 2002): a move that looks strong for the side making it
/// gets the smaller number on its side. In units of [`MateGuess::UNIT`], the numbers of one
/// plain unsearched position; each number is at least 1.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MateGuess {
    /// How hard the position looks to prove (a mate).
    pub pn: u32,
    /// How hard the position looks to disprove.
    pub dn: u32,
}

impl MateGuess {
    /// The numbers of one plain unsearched position.
    pub const UNIT: u32 = 2;

    /// No idea either way: one unit each.
    pub const EVEN: MateGuess = MateGuess { pn: MateGuess::UNIT, dn: MateGuess::UNIT };
}

/// The outcome of `attacker` mating the other side.
pub fn mated_by(attacker: Side) -> Outcome {
    Outcome::Win { winner: attacker, reason: WinReason::Checkmate }
}

/// What the attacker's checks do at once ([`Game::mate_in_one`]).
#[derive(Clone, Copy, Debug)]
pub enum OneCheck<M> {
    /// The attacker has no check at all.
    NoCheck,
    /// This check mates.
    Mates(MateMove<M>),
    /// There are checks; none mates at once.
    NoMate,
}

/// [`Game::mate_in_one`] when a game does not say otherwise: each of
/// [`mate_moves`](Game::mate_moves) played to see whether the rules end the game with the
/// attacker's checkmate.
pub fn played_mate_in_one<G: Game>(pos: &mut G, attacker: Side, key: MateKey) -> OneCheck<G::Move> {
    let mut checks = Vec::new();
    pos.mate_moves(attacker, key, &mut checks);
    if checks.is_empty() {
        return OneCheck::NoCheck;
    }
    let mated = Turn::Over(mated_by(attacker));
    for check in checks {
        pos.play(check.mv);
        let mates = pos.turn() == mated;
        pos.undo();
        if mates {
            return OneCheck::Mates(check);
        }
    }
    OneCheck::NoMate
}

/// The moves [`Game::mate_moves`] appends when a game does not say otherwise: every legal move,
/// played to see its key and, at the attacker's turn, whether it gives check; the hand stays
/// [`MateHand::NONE`].
pub fn played_mate_moves<G: Game>(pos: &mut G, attacker: Side, moves: &mut Vec<MateMove<G::Move>>) {
    let checks_only = pos.side() == attacker;
    let mut legal = Vec::new();
    pos.generate(&mut legal);
    for mv in legal {
        pos.play(mv);
        let (board, check) = (pos.key(), pos.in_check());
        pos.undo();
        if check || !checks_only {
            let key = MateKey { board, hand: MateHand::NONE };
            moves.push(MateMove { mv, key, change: HandChange::None, order: 0, group: None });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_compare_kind_by_kind() {
        let small = MateHand::NONE.with(6, 1);
        let big = small.with(6, 2).with(0, 18);
        let rook = MateHand::NONE.with(5, 1);
        assert!(big.covers(small) && big.covers(big) && !small.covers(big));
        assert!(!big.covers(rook) && !rook.covers(small) && rook.covers(MateHand::NONE));
        assert_eq!((big.max(rook).count(5), big.max(rook).count(6)), (1, 2));
        assert_eq!(big.min(rook), MateHand::NONE);
        assert_eq!(MateHand::from_bits(big.to_bits()), big);
        let any = big.more_of_the_same();
        assert_eq!((any.count(0), any.count(5), any.count(6)), (MateHand::ANY, 0, MateHand::ANY));
        assert!(any.covers(big.with(0, 100)) && !any.covers(rook));
    }
}
