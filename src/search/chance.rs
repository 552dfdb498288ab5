//! The arithmetic of chance nodes: their value, and the bounds that let the search cut them
//! short (Ballard's Star1 and Star2).
//!
//! **Value.** A chance node is worth the weighted mean of its outcomes' values `v_i` (weights
//! `w_i > 0`, `W = Σ w_i`), in the search's integers: `trunc(Σ w_i·v_i / W)`, truncated toward
//! zero. The mean stays a decided score (beyond [`MATE_BOUND`]) only when every outcome is
//! decided the same way; otherwise it is clamped to `±(MATE_BOUND - 1)`, so `score mate` means
//! "certain whatever the dice" ([`mean`]).
//!
//! **Bounds.** The search's values of the outcomes lie in `[floor, ceiling]`: a loss or a win at
//! the chance node's own ply (a roll uses up no ply), assuming, as everywhere in the search,
//! that evaluations stay below `MATE_BOUND`. While the node searches, it knows an interval
//! `[lo_i, hi_i]` for each outcome (`[floor, ceiling]` before its search, one point after an
//! exact one). The value as a function of the `v_i` is non-decreasing in each of them:
//! truncation and clamping are monotone, and the unanimity switch only ever moves a mean
//! outward past the clamp (an outcome rising to `MATE_BOUND` can make every outcome won, which
//! lifts the value from at most `MATE_BOUND - 1` to at least `MATE_BOUND`; symmetrically for
//! losses). So the node's value lies between the same integer function taken at the `lo_i` and
//! at the `hi_i` ([`Outcomes::lower`], [`Outcomes::upper`]).
//!
//! **Star1.** With the window `(alpha, beta)`, the node stops as soon as the lower value
//! reaches `beta` (it fails high, returning that lower value) or the upper value falls to
//! `alpha` (it fails low, returning that upper value): fail-soft bounds, sound for the
//! transposition table. Each outcome is searched with the window that decides exactly this:
//! `a_i`, the largest value of outcome `i` that, the others at their `hi`, still leaves the
//! upper value at or below `alpha`, and `b_i`, the smallest that, the others at their `lo`,
//! lifts the lower value to `beta` ([`Outcomes::window`]). Both are found by bisection on the
//! exact integer function, so there is no separate rounding argument to get wrong: the
//! truncation and the clamp are the ones [`mean`] applies, and an outcome that fails low
//! (`<= a_i`) or high (`>= b_i`) ends the node by monotonicity. Whenever the plain expectimax
//! value lies strictly inside `(alpha, beta)` no cut can happen, every outcome ends up exact
//! and the node returns exactly that value.
//!
//! **Star2.** Star2 bounds every outcome cheaply before searching any (the worker's
//! `expectation`): the transposition table's bounds for the position after each roll (free, and
//! an exact entry spares the outcome's search), then a probe of each roll's first turn with the
//! window from the roll's known lower bound ([`Outcomes::least`], a loss at first) to `b_i` (or
//! to the node's beta while `b_i` is still a sentinel). Whatever the probe proves above that
//! lower bound, a fail-high or the turn's exact value, is a lower bound of the roll's value
//! ([`Outcomes::at_least`]): a roll whose first turn falls short of `b_i` still counts for what
//! it is worth, and the sum of those often decides the node without any roll searched in full.
//!
//! **Measured** (the race game of `tests/chance.rs`, 13 positions, one `go depth d` each, 1
//! thread; total nodes, before the horizon was moved before the roll and before the probes):
//! plain expectimax 7,549,868 at depth 7 and 46,704,301 at depth 8; Star1 3,719,830 and
//! 15,332,951; with the table's bounds and the node's own table entry 75,402 and 115,300 (the
//! plain search gave every node below a chance node a full window, so none of them ever took a
//! table cut). Shogammon (`cargo bench --bench chance`, 20 decision nodes, depth 2): plain
//! 28,456,527, Star1 14,587,238, Star2 846,753 (33.6 times fewer than plain; with probes that
//! only failed high at a null window at `b_i`, 12,314,633).

use crate::vocabulary::score::MATE_BOUND;
use crate::vocabulary::Score;

/// The value of a chance node from the weighted sum of its outcomes' values `total`, their
/// total weight `weight` (positive), and whether every outcome is a decided win (`won`) or a
/// decided loss (`lost`): the mean truncated toward zero, clamped below [`MATE_BOUND`] unless
/// the outcomes agree.
pub fn mean(total: i64, weight: i64, won: bool, lost: bool) -> Score {
    let mean = (total / weight) as Score;
    if won || lost {
        mean
    } else {
        mean.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }
}

/// What is known of one outcome: its weight and an interval holding its value.
#[derive(Clone, Copy, Debug)]
struct Known {
    weight: i64,
    lo: Score,
    hi: Score,
}

/// The outcomes of one chance node, in search order, with what is known of their values.
#[derive(Debug)]
pub struct Outcomes {
    floor: Score,
    ceiling: Score,
    weight: i64,
    known: Vec<Known>,
}

impl Outcomes {
    /// No outcomes yet; every value lies in `[floor, ceiling]`.
    pub fn new(floor: Score, ceiling: Score) -> Outcomes {
        Outcomes { floor, ceiling, weight: 0, known: Vec::new() }
    }

    /// Adds an outcome of `weight` (positive) whose value is not known yet.
    pub fn push(&mut self, weight: u32) {
        self.weight += i64::from(weight);
        self.known.push(Known { weight: i64::from(weight), lo: self.floor, hi: self.ceiling });
    }

    /// Whether outcome `i`'s value is known exactly.
    pub fn is_exact(&self, i: usize) -> bool {
        self.known[i].lo == self.known[i].hi
    }

    /// The least value outcome `i` is known to have.
    pub fn least(&self, i: usize) -> Score {
        self.known[i].lo
    }

    /// The value of outcome `i` is at least `value`.
    pub fn at_least(&mut self, i: usize, value: Score) {
        let k = &mut self.known[i];
        k.lo = k.lo.max(value);
        k.hi = k.hi.max(k.lo);
    }

    /// The value of outcome `i` is at most `value`.
    pub fn at_most(&mut self, i: usize, value: Score) {
        let k = &mut self.known[i];
        k.hi = k.hi.min(value);
        k.lo = k.lo.min(k.hi);
    }

    /// Records the result `score` of outcome `i` searched with the window `(a, b)` of
    /// [`window`](Outcomes::window): a fail-soft bound at or beyond a real threshold, else its
    /// exact value (the window's sentinels, just outside `[floor, ceiling]`, only fail for a
    /// value outside it, which is taken as it is).
    pub fn searched(&mut self, i: usize, score: Score, (a, b): (Score, Score)) {
        if score <= a && a >= self.floor {
            self.at_most(i, score);
        } else if score >= b && b <= self.ceiling {
            self.at_least(i, score);
        } else {
            self.known[i] = Known { lo: score, hi: score, ..self.known[i] };
        }
    }

    /// The node's value with every outcome at its lower bound: a lower bound of its value.
    pub fn lower(&self) -> Score {
        self.value(|k| k.lo)
    }

    /// The node's value with every outcome at its upper bound: an upper bound of its value.
    pub fn upper(&self) -> Score {
        self.value(|k| k.hi)
    }

    /// The node's fail-soft result once the window `(alpha, beta)` is decided: a lower bound
    /// `>= beta` or an upper bound `<= alpha`. `None` while the value may lie inside.
    pub fn cut(&self, alpha: Score, beta: Score) -> Option<Score> {
        let lower = self.lower();
        if lower >= beta {
            return Some(lower);
        }
        let upper = self.upper();
        (upper <= alpha).then_some(upper)
    }

    /// Star1: the window `(a, b)` to search outcome `i` with, the node being searched with
    /// `(alpha, beta)` and not yet cut. A value `<= a` makes [`upper`](Outcomes::upper) at most
    /// `alpha`, a value `>= b` makes [`lower`](Outcomes::lower) at least `beta`, and `a < b`.
    /// When no value in `[floor, ceiling]` decides a side, its end is a sentinel just outside.
    pub fn window(&self, i: usize, alpha: Score, beta: Score) -> (Score, Score) {
        let upper = self.varying(i, |k| k.hi);
        let lower = self.varying(i, |k| k.lo);
        let a = self.first(|x| upper(x) > alpha) - 1;
        let b = self.first(|x| lower(x) >= beta);
        (a, b)
    }

    /// The node's value with each outcome's value chosen by `pick`.
    fn value(&self, pick: impl Fn(&Known) -> Score) -> Score {
        let (total, won, lost) = self.sum(None, pick);
        mean(total, self.weight, won, lost)
    }

    /// The node's value as a function of outcome `i`'s value, the others chosen by `pick`.
    fn varying(&self, i: usize, pick: impl Fn(&Known) -> Score) -> impl Fn(Score) -> Score {
        let (total, won, lost) = self.sum(Some(i), pick);
        let (own, weight) = (self.known[i].weight, self.weight);
        move |x| mean(total + own * i64::from(x), weight, won && x >= MATE_BOUND, lost && x <= -MATE_BOUND)
    }

    /// The weighted sum of the values `pick` chooses for every outcome but `skip`, and whether
    /// all of those are decided wins, and whether all are decided losses.
    fn sum(&self, skip: Option<usize>, pick: impl Fn(&Known) -> Score) -> (i64, bool, bool) {
        let (mut total, mut won, mut lost) = (0, true, true);
        for (_, k) in self.known.iter().enumerate().filter(|&(j, _)| Some(j) != skip) {
            let v = pick(k);
            total += k.weight * i64::from(v);
            won &= v >= MATE_BOUND;
            lost &= v <= -MATE_BOUND;
        }
        (total, won, lost)
    }

    /// The least `x` in `[floor, ceiling]` where the non-decreasing condition `holds` becomes
    /// true, or `ceiling + 1` when it never does (bisection).
    fn first(&self, holds: impl Fn(Score) -> bool) -> Score {
        let (mut low, mut high) = (self.floor, self.ceiling + 1);
        while low < high {
            let mid = low + (high - low) / 2;
            if holds(mid) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        low
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::score::{loss_in, win_in};
    use crate::vocabulary::SplitMix64;

    /// The plain expectimax value, written out again.
    fn plain(outcomes: &[(u32, Score)]) -> Score {
        let total: i64 = outcomes.iter().map(|&(w, v)| i64::from(w) * i64::from(v)).sum();
        let weight: i64 = outcomes.iter().map(|&(w, _)| i64::from(w)).sum();
        let m = total / weight;
        let unanimous =
            outcomes.iter().all(|&(_, v)| v >= MATE_BOUND) || outcomes.iter().all(|&(_, v)| v <= -MATE_BOUND);
        if unanimous {
            m as Score
        } else {
            m.clamp(i64::from(-MATE_BOUND + 1), i64::from(MATE_BOUND - 1)) as Score
        }
    }

    /// A value an outcome might have: undecided, decided, or near a boundary.
    fn value(rng: &mut SplitMix64, ply: usize) -> Score {
        let pick = |rng: &mut SplitMix64, n: usize| rng.below(n) as Score;
        match rng.below(6) {
            0 => win_in(ply + pick(rng, 6) as usize),
            1 => loss_in(ply + pick(rng, 6) as usize),
            2 => MATE_BOUND - 1 - pick(rng, 3),
            3 => -MATE_BOUND + 1 + pick(rng, 3),
            _ => pick(rng, 801) - 400,
        }
    }

    /// Drives Star1 (with random probe bounds first) the way the search does, over children
    /// that answer any window with a correct fail-soft result, and checks the result against
    /// the plain value: exact inside the window, a correct bound on the right side outside.
    #[test]
    fn star1_is_exact_inside_the_window_and_a_bound_outside() {
        let mut rng = SplitMix64::new(7);
        let ply = 3;
        let (floor, ceiling) = (loss_in(ply), win_in(ply));
        // Rounds whose value was inside the window, below it, above it; outcomes left unsearched.
        let mut seen = [0; 4];
        for round in 0..20_000 {
            let n = 1 + rng.below(5);
            let outcomes: Vec<(u32, Score)> = (0..n).map(|_| (1 + rng.below(4) as u32, value(&mut rng, ply))).collect();
            let exact = plain(&outcomes);
            let centre = if rng.below(2) == 0 { exact } else { value(&mut rng, ply) };
            let alpha = centre - rng.below(40) as Score;
            let beta = if rng.below(3) == 0 { alpha + 1 } else { alpha + 1 + rng.below(60) as Score };
            let mut known = Outcomes::new(floor, ceiling);
            for &(w, _) in &outcomes {
                known.push(w);
            }
            // Star2-like bounds: some true lower and upper bounds, some exact values.
            for (i, &(_, v)) in outcomes.iter().enumerate() {
                match rng.below(4) {
                    0 => known.at_least(i, v - rng.below(50) as Score),
                    1 => known.at_most(i, v + rng.below(50) as Score),
                    2 if rng.below(4) == 0 => known.searched(i, v, (floor - 1, ceiling + 1)),
                    _ => {}
                }
            }
            let mut result = None;
            for (i, &(_, v)) in outcomes.iter().enumerate() {
                if let Some(cut) = known.cut(alpha, beta) {
                    result = Some(cut);
                    seen[3] += (i..n).filter(|&j| !known.is_exact(j)).count();
                    break;
                }
                if known.is_exact(i) {
                    continue;
                }
                let (a, b) = known.window(i, alpha, beta);
                assert!(a < b, "round {round}: window ({a}, {b})");
                // A fail-soft child: the value inside the window, else a bound between the
                // value and the window.
                let slack = rng.below(30) as Score;
                let answer = if v <= a {
                    (v + slack).min(a)
                } else if v >= b {
                    (v - slack).max(b)
                } else {
                    v
                };
                known.searched(i, answer, (a, b));
                if v <= a {
                    assert!(known.upper() <= alpha, "round {round}: a fail low must cut");
                } else if v >= b {
                    assert!(known.lower() >= beta, "round {round}: a fail high must cut");
                }
            }
            let result = result.or_else(|| known.cut(alpha, beta)).unwrap_or_else(|| known.lower());
            let what = format!("round {round}: {outcomes:?} ({alpha}, {beta}) -> {result}, plain {exact}");
            if alpha < exact && exact < beta {
                assert_eq!(result, exact, "{what}");
                seen[0] += 1;
            } else if exact <= alpha {
                assert!(result <= alpha && result >= exact, "{what}");
                seen[1] += 1;
            } else {
                assert!(result >= beta && result <= exact, "{what}");
                seen[2] += 1;
            }
        }
        assert!(seen.iter().all(|&count| count > 1000), "{seen:?}");
    }

    #[test]
    fn windows_are_the_exact_thresholds() {
        // Weights 1:1:2, the first two known: 10 and 20. The node is (10 + 20 + 2x) / 4.
        let mut known = Outcomes::new(loss_in(1), win_in(1));
        for w in [1, 1, 2] {
            known.push(w);
        }
        known.searched(0, 10, (loss_in(1) - 1, win_in(1) + 1));
        known.searched(1, 20, (loss_in(1) - 1, win_in(1) + 1));
        let (a, b) = known.window(2, 5, 6);
        // (30 + 2x) / 4 <= 5 iff 30 + 2x < 24 (truncation) iff x <= -4; >= 6 iff x >= -3.
        assert_eq!((a, b), (-4, -3));
        assert_eq!(plain(&[(1, 10), (1, 20), (2, -4)]), 5);
        assert_eq!(plain(&[(1, 10), (1, 20), (2, -3)]), 6);
        // Negative means truncate toward zero: (30 + 2x) / 4 <= -5 iff 30 + 2x <= -20.
        let (a, _) = known.window(2, -5, 0);
        assert_eq!(a, -25);
        assert_eq!(plain(&[(1, 10), (1, 20), (2, -25)]), -5);
        assert_eq!(plain(&[(1, 10), (1, 20), (2, -24)]), -4);
        // The first outcome of a fresh node cannot decide anything: sentinels.
        let fresh = {
            let mut o = Outcomes::new(loss_in(1), win_in(1));
            o.push(1);
            o.push(1);
            o
        };
        assert_eq!(fresh.window(0, -10, 10), (loss_in(1) - 1, win_in(1) + 1));
        // A lone outcome is the node: its window is the node's.
        let mut lone = Outcomes::new(loss_in(1), win_in(1));
        lone.push(3);
        assert_eq!(lone.window(0, -10, 10), (-10, 10));
        // Two certain wins: (61,990 + 2x) / 4 reaches MATE_BOUND - 1 from x = 29,003 on, and
        // stays clamped there until the third outcome is a win too.
        known.searched(0, win_in(4), (loss_in(1) - 1, win_in(1) + 1));
        known.searched(1, win_in(6), (loss_in(1) - 1, win_in(1) + 1));
        assert_eq!(known.window(2, MATE_BOUND - 2, MATE_BOUND), (29_002, MATE_BOUND));
        assert_eq!(plain(&[(1, win_in(4)), (1, win_in(6)), (2, MATE_BOUND - 1)]), MATE_BOUND - 1);
        assert_eq!(plain(&[(1, win_in(4)), (1, win_in(6)), (2, MATE_BOUND)]), 30_497);
    }
}
