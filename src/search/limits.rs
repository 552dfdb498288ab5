use crate::vocabulary::Side;

/// What bounds a search (the parameters of USI `go`). Times in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Remaining main time of each side (`btime`, `wtime`), indexed by [`Side::index`].
    pub time: [Option<u64>; 2],
    /// Increment per move of each side (`binc`, `winc`).
    pub increment: [u64; 2],
    /// Byoyomi per move once the main time is spent.
    pub byoyomi: u64,
    /// Exactly this long (`movetime`).
    pub movetime: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search the predicted position until `ponderhit` (then as timed) or `stop`.
    pub ponder: bool,
    /// Only these root moves (tokens), when not empty.
    pub searchmoves: Vec<String>,
}

/// How long a timed search may run, in milliseconds from its start (or from `ponderhit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this much time, as scaled by the best move's
    /// stability ([`Budget::target`]).
    pub soft: u64,
    /// Abort the search at this much time, whatever it is doing, once the iteration under way
    /// is expected to finish by then (otherwise at the target). Equal to `soft` for `movetime` and
    /// spent byoyomi: the whole budget is used.
    pub hard: u64,
}

impl Limits {
    /// Whether the clock bounds this search at all.
    pub fn is_timed(&self) -> bool {
        self.movetime.is_some() || self.time.iter().any(Option::is_some) || self.byoyomi > 0
    }

    /// The time budget of `side` to move, keeping `overhead` ms back for communication so the
    /// engine never loses on time, but never less than half of what the clock allows
    /// ([`spendable`]). `None` when the search is not bounded by time.
    pub fn budget(&self, side: Side, overhead: u64) -> Option<Budget> {
        if let Some(movetime) = self.movetime {
            let t = spendable(movetime, overhead);
            return Some(Budget { soft: t, hard: t });
        }
        if !self.is_timed() {
            return None;
        }
        let remaining = self.time[side.index()].unwrap_or(0);
        let increment = self.increment[side.index()];
        // Everything that can be spent on this move without the flag falling. The clock values
        // are any 64-bit numbers the controller sends, so the sums saturate.
        let available = spendable(remaining.saturating_add(self.byoyomi), overhead);
        if remaining == 0 && self.byoyomi > 0 {
            // Byoyomi not spent is lost: think for all of it, as with movetime.
            return Some(Budget { soft: available, hard: available });
        }
        let soft = (remaining / 25)
            .saturating_add(increment.saturating_mul(3) / 4)
            .saturating_add(self.byoyomi.saturating_mul(7) / 10)
            .clamp(1, available);
        let hard = soft.saturating_mul(3).max(self.byoyomi).min(available);
        Some(Budget { soft, hard })
    }
}

/// Best-move stability: the target of a search with time in reserve is its soft limit times
/// `STABILITY[n]` when the best move has stayed the same for `n` iterations (the last entry for
/// more): a best move that just changed deserves more thought, a settled one less.
const STABILITY: [f64; 5] = [1.6, 1.25, 1.0, 0.8, 0.65];

impl Budget {
    /// The time after which no new iteration starts, the best move having stayed the same for
    /// `stable_iterations` iterations: the soft limit scaled by [`STABILITY`] (at least 1 ms, at
    /// most the hard limit). A budget with nothing in reserve (`movetime`, spent byoyomi: soft
    /// equals hard) keeps its soft limit.
    pub fn target(&self, stable_iterations: usize) -> u64 {
        if self.soft >= self.hard {
            return self.soft;
        }
        let factor = STABILITY[stable_iterations.min(STABILITY.len() - 1)];
        ((self.soft as f64 * factor) as u64).clamp(1, self.hard)
    }
}

/// What may be spent of `allowed` ms: all but `overhead`, and never less than half of it (at
/// least 1 ms). A margin larger than half the time would leave a short budget (`movetime 50`
/// with the default 100 ms overhead) nothing to think with; half of it still leaves the other
/// half for the reply to travel.
fn spendable(allowed: u64, overhead: u64) -> u64 {
    allowed.saturating_sub(overhead).max(allowed / 2).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_settled_best_move_takes_less_time_and_a_new_one_more() {
        let budget = Budget { soft: 1_000, hard: 3_000 };
        assert_eq!(budget.target(0), 1_600);
        assert_eq!(budget.target(2), 1_000);
        assert_eq!(budget.target(4), 650);
        assert_eq!(budget.target(40), 650);
        // Never past the hard limit.
        assert_eq!(Budget { soft: 1_000, hard: 1_200 }.target(0), 1_200);
        // Nothing in reserve: the whole budget, however settled the move.
        assert_eq!(Budget { soft: 500, hard: 500 }.target(4), 500);
    }

    fn limits(btime: u64, byoyomi: u64) -> Limits {
        Limits { time: [Some(btime), Some(btime)], byoyomi, ..Limits::default() }
    }

    #[test]
    fn budgets_never_exceed_what_the_clock_allows() {
        for (btime, byoyomi, inc) in [(10_000, 1_000, 0), (0, 1_000, 0), (50, 0, 0), (300_000, 0, 2_000), (0, 0, 0)] {
            let mut l = limits(btime, byoyomi);
            l.increment = [inc, inc];
            let b = l.budget(Side::First, 100).unwrap();
            assert!(b.soft <= b.hard, "{b:?}");
            let allowed = btime + byoyomi;
            assert!(b.hard <= allowed.saturating_sub(100).max(allowed / 2).max(1), "{btime} {byoyomi}: {b:?}");
            assert!(b.soft >= 1);
        }
    }

    #[test]
    fn the_largest_clock_values_give_a_budget_within_the_clock() {
        // `go btime 18446744073709551615 binc ... byoyomi ...`: every value a `go` accepts.
        let huge = u64::MAX;
        for (btime, byoyomi, inc) in [(huge, huge, huge), (huge, 0, huge), (huge, 20, 0), (0, huge, huge), (1, huge, 0)]
        {
            let mut l = limits(btime, byoyomi);
            l.increment = [inc, inc];
            for overhead in [0, 100, 10_000] {
                let b = l.budget(Side::First, overhead).unwrap();
                assert!(1 <= b.soft && b.soft <= b.hard, "{btime} {byoyomi} {inc}: {b:?}");
                assert!(b.hard <= btime.saturating_add(byoyomi), "{btime} {byoyomi} {inc}: {b:?}");
            }
        }
    }

    #[test]
    fn byoyomi_only_spends_all_of_the_byoyomi() {
        let b = limits(0, 1_000).budget(Side::Second, 100).unwrap();
        assert_eq!(b, Budget { soft: 900, hard: 900 });
        // With main time left, byoyomi is a reserve: the usual target and hard limit.
        let b = limits(10_000, 1_000).budget(Side::Second, 100).unwrap();
        assert_eq!(b, Budget { soft: 1_100, hard: 3_300 });
    }

    #[test]
    fn short_budgets_keep_half_for_thinking() {
        // movetime 50 with the default 100 ms overhead: 25 ms to think, not 1.
        let l = Limits { movetime: Some(50), ..Limits::default() };
        assert_eq!(l.budget(Side::First, 100), Some(Budget { soft: 25, hard: 25 }));
        // Byoyomi only, shorter than twice the overhead: half of it.
        let b = limits(0, 150).budget(Side::First, 100).unwrap();
        assert_eq!(b, Budget { soft: 75, hard: 75 });
        // A clock nearly run out: the hard limit stays within half of what is left.
        let b = limits(60, 0).budget(Side::First, 100).unwrap();
        assert_eq!((b.soft, b.hard), (2, 6));
        // The margin is kept in full once the budget is more than twice as long.
        let l = Limits { movetime: Some(201), ..Limits::default() };
        assert_eq!(l.budget(Side::First, 100).map(|b| b.hard), Some(101));
    }

    #[test]
    fn movetime_and_untimed() {
        let l = Limits { movetime: Some(500), ..Limits::default() };
        assert_eq!(l.budget(Side::First, 100), Some(Budget { soft: 400, hard: 400 }));
        assert_eq!(Limits { depth: Some(3), ..Limits::default() }.budget(Side::First, 100), None);
    }
}
