//! The vocabulary of checkmate searches (`go mate`): what a game's mate solver is given and
//! what it answers. Games with a checkmate concept implement a solver; the others answer
//! [`MateAnswer::NotImplemented`].

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
