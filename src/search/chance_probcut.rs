//! ChanceProbCut (Schadd, Winands and Uiterwijk, "ChanceProbCut: Forward Pruning in Chance
//! Nodes", CIG 2009): a chance node with a turn or more to go is first searched fewer turns
//! deep; the outcomes' shallow values `e_i` bound their values heuristically, within
//! `[e_i + drift - margin, e_i + drift + margin]`. When the weighted mean of the lower ends
//! reaches `beta`, the node is taken to fail high; when the mean of the upper ends falls to
//! `alpha`, to fail low.
//!
//! With one drift and one margin for every outcome, the mean of the lower ends is the node's
//! shallow value plus the drift less the margin, so the test is a single shallow search of the
//! node itself with the window the two bounds make ([`Estimate::window`]): Star1 and Star2
//! decide it exactly and cheaply, and the shallow search leaves its table moves behind for the
//! full one. A shallow value beyond that window, moved back, is the node's fail-soft result
//! ([`Estimate::verdict`]). Unlike Star1 and Star2 this is a heuristic: the node's value at full
//! depth may lie on the other side of the window.
//!
//! **Estimates.** `cargo bench --bench chance_margin` searched the chance nodes after six turns
//! spread over each of the 20 middlegames of `scripts/shogammon-middlegames.txt` (106 whose
//! values were not decided) at depths 0 (the evaluation), 1 and 2, and fitted the line
//! `deep = a·shallow + b`: depth 0 to 1, a = 1.074, b = 181.7, residual σ = 192.1; 0 to 2, a = 1.044, b = 28.0,
//! σ = 135.4; 1 to 2, a = 0.954, b = -139.6, σ = 142.1 (a turn's horizon favours the side that
//! has just moved, so values one turn apart drift, two turns apart hardly). A node of depth 2 or
//! more is therefore estimated from its evaluation two turns shallower (as good as a search one
//! turn shallower, at no cost), a node of depth 1 from its evaluation with the drift of one
//! turn; the margin is one σ ([`Estimates::MEASURED`]). At depth 3 on the 20 middlegames (with
//! the off-principal-variation rule of `ChancePruning::ProbCut`) the nodes fell from 328.5 M
//! to 9.3 M; 10 of the 20 best turns differed from Star2's, losing 198 centipawns of Star2's
//! depth-3 value in all (84 at most). Without the drift, or with a search one turn shallower at
//! depth 2, it cut more but lost more (docs/strength.md). It is not the default: in play it has
//! not gained.

use crate::vocabulary::score::{is_decisive, MATE_BOUND};
use crate::vocabulary::Score;

/// What a chance node's value searched `reduction` turns shallower (at least 1) says of its
/// value: the shallow value plus `drift`, give or take `margin` (non-negative).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimate {
    pub reduction: i32,
    pub drift: Score,
    pub margin: Score,
}

/// The estimates ChanceProbCut uses: at a chance node of depth 2 or more, and at one of depth 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Estimates {
    pub deep: Estimate,
    pub last_turn: Estimate,
}

impl Estimates {
    /// Shogammon's middlegames, one σ of margin (module docs).
    pub const MEASURED: Estimates = Estimates {
        deep: Estimate { reduction: 2, drift: 28, margin: 135 },
        last_turn: Estimate { reduction: 1, drift: 182, margin: 192 },
    };

    /// The estimate for a chance node of `depth`; `None` at the horizon (depth 0 or less).
    pub fn at(self, depth: i32) -> Option<Estimate> {
        match depth {
            ..=0 => None,
            1 => Some(self.last_turn),
            _ => Some(self.deep),
        }
    }
}

impl Estimate {
    /// The bounds on the shallow value that a node searched with `(alpha, beta)` can be tested
    /// against: `alpha - margin - drift` unless `alpha` is decided or that bound would be,
    /// likewise `beta + margin - drift`.
    fn tested(self, alpha: Score, beta: Score) -> (Option<Score>, Option<Score>) {
        let undecided = |x: &Score| !is_decisive(*x);
        let low = Some(alpha).filter(undecided).map(|a| a - self.margin - self.drift).filter(undecided);
        let high = Some(beta).filter(undecided).map(|b| b + self.margin - self.drift).filter(undecided);
        (low, high)
    }

    /// The window of the shallow search of a chance node searched with `(alpha, beta)`: from
    /// the lower tested bound to the upper, a null window at the one tested bound when only
    /// one can be; `None` when neither can (both bounds, or both shifted bounds, decided).
    pub fn window(self, alpha: Score, beta: Score) -> Option<(Score, Score)> {
        match self.tested(alpha, beta) {
            (Some(low), Some(high)) => Some((low, high)),
            (None, Some(high)) => Some((high - 1, high)),
            (Some(low), None) => Some((low, low + 1)),
            (None, None) => None,
        }
    }

    /// The node's result from `shallow`, the fail-soft value of its shallow search with the
    /// [`window`](Estimate::window) of the same `alpha` and `beta`: a fail-high at or above
    /// `beta` when the shallow value reaches the upper tested bound, a fail-low at or below
    /// `alpha` when it falls to the lower, that is the shallow value plus the drift, less or
    /// plus the margin, never a decided score; `None` otherwise (the node must be searched).
    pub fn verdict(self, shallow: Score, alpha: Score, beta: Score) -> Option<Score> {
        let estimate = i64::from(shallow) + i64::from(self.drift);
        let clamp = |x: i64| x.clamp(i64::from(-MATE_BOUND + 1), i64::from(MATE_BOUND - 1)) as Score;
        match self.tested(alpha, beta) {
            (_, Some(high)) if shallow >= high => Some(clamp(estimate - i64::from(self.margin))),
            (Some(low), _) if shallow <= low => Some(clamp(estimate + i64::from(self.margin))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::score::{is_decisive, loss_in, win_in, INFINITE};
    use crate::vocabulary::SplitMix64;

    /// A verdict is a bound on the side of the window it claims, never decided, and given
    /// exactly when the shallow value plus the drift lies a margin beyond a bound that can be
    /// tested (an undecided bound whose shifted value is undecided too).
    #[test]
    fn verdicts_are_bounds_on_their_side_of_the_window() {
        let mut rng = SplitMix64::new(11);
        let mut seen = [0; 3];
        let undecided = |x: Score| !is_decisive(x);
        for _ in 0..100_000 {
            let pick = |rng: &mut SplitMix64| match rng.below(8) {
                0 => -INFINITE,
                1 => INFINITE,
                2 => win_in(rng.below(9)),
                3 => loss_in(rng.below(9)),
                _ => rng.below(2001) as Score - 1000,
            };
            let (x, y) = (pick(&mut rng), pick(&mut rng));
            let (alpha, beta) = (x.min(y), x.max(y) + 1);
            let estimate =
                Estimate { reduction: 1, drift: rng.below(401) as Score - 200, margin: rng.below(300) as Score };
            let (drift, margin) = (estimate.drift, estimate.margin);
            let high_tested = undecided(beta) && undecided(beta + margin - drift);
            let low_tested = undecided(alpha) && undecided(alpha - margin - drift);
            let Some((low, high)) = estimate.window(alpha, beta) else {
                assert!(!high_tested && !low_tested);
                continue;
            };
            assert!(low < high && undecided(low) && undecided(high));
            let shallow = match rng.below(4) {
                0 => win_in(rng.below(9)),
                1 => loss_in(rng.below(9)),
                _ => low - 5 + rng.below((high - low + 10) as usize) as Score,
            };
            match estimate.verdict(shallow, alpha, beta) {
                Some(s) if s >= beta => {
                    assert!(high_tested && shallow + drift - margin >= beta && undecided(s));
                    seen[0] += 1;
                }
                Some(s) => {
                    assert!(s <= alpha && low_tested && shallow + drift + margin <= alpha && undecided(s));
                    seen[1] += 1;
                }
                None => {
                    assert!(
                        !(high_tested && shallow + drift - margin >= beta),
                        "{alpha} {beta} {estimate:?} {shallow}"
                    );
                    assert!(
                        !(low_tested && shallow + drift + margin <= alpha),
                        "{alpha} {beta} {estimate:?} {shallow}"
                    );
                    seen[2] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 1000), "{seen:?}");
    }

    #[test]
    fn windows_move_by_the_drift_and_widen_only_the_sides_that_can_be_tested() {
        let estimate = Estimate { reduction: 1, drift: 20, margin: 50 };
        assert_eq!(estimate.window(10, 11,), Some((-60, 41)));
        assert_eq!(estimate.window(-INFINITE, 11), Some((40, 41)));
        assert_eq!(estimate.window(10, INFINITE), Some((-60, -59)));
        assert_eq!(estimate.window(-INFINITE, INFINITE), None);
        assert_eq!(estimate.window(MATE_BOUND - 20, MATE_BOUND - 19), Some((MATE_BOUND - 90, MATE_BOUND - 89)));
        // The verdicts: 41 + 20 - 50 = 11 fails high, -60 + 20 + 50 = 10 fails low.
        assert_eq!(estimate.verdict(41, 10, 11), Some(11));
        assert_eq!(estimate.verdict(40, 10, 11), None);
        assert_eq!(estimate.verdict(-60, 10, 11), Some(10));
        assert_eq!(estimate.verdict(-59, 10, 11), None);
        assert_eq!(Estimates::MEASURED.at(0), None);
        assert_eq!(Estimates::MEASURED.at(1), Some(Estimates::MEASURED.last_turn));
        assert_eq!(Estimates::MEASURED.at(5), Some(Estimates::MEASURED.deep));
    }
}
