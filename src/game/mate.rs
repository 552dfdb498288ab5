//! The vocabulary of checkmate searches (`go mate`): what a game's mate solver is given, the
//! bookkeeping and proof-number threshold every solver shares, and what it answers. Games with a checkmate concept implement a solver; the others answer
//! [`MateAnswer::NotImplemented`].

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
    /// Polled every few thousand nodes; once it says `true` the search answers
    /// [`MateAnswer::Timeout`] (unless it has just finished a proof).
    pub stop: &'a dyn Fn() -> bool,
    /// Called about once a second, and once at the end, with the nodes searched so far and
    /// the table's fill in per mille.
    pub progress: &'a dyn Fn(u64, u32),
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
            if (self.budget.stop)() {
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
