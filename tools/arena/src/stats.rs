//! Match statistics: score, Elo estimate with confidence interval, likelihood of
//! superiority (LOS) and a sequential probability ratio test (SPRT).
//!
//! Everything is from the first engine's point of view and uses the logistic Elo
//! model, in which an Elo difference `x` corresponds to the expected score
//! `1 / (1 + 10^(-x / 400))`.

use std::fmt;

/// z-value of a two-sided 95% confidence interval of a normal distribution.
const Z_95: f64 = 1.96;

/// One game's result from the first engine's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

impl GameScore {
    /// Points scored by the first engine: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn points(self) -> f64 {
        match self {
            GameScore::Win => 1.0,
            GameScore::Draw => 0.5,
            GameScore::Loss => 0.0,
        }
    }

    /// The same result seen from the opponent's side (win and loss swap, a draw stays a draw).
    pub fn flipped(self) -> GameScore {
        match self {
            GameScore::Win => GameScore::Loss,
            GameScore::Draw => GameScore::Draw,
            GameScore::Loss => GameScore::Win,
        }
    }

    /// Points in half-points: 2 for a win, 1 for a draw, 0 for a loss.
    fn half_points(self) -> usize {
        match self {
            GameScore::Win => 2,
            GameScore::Draw => 1,
            GameScore::Loss => 0,
        }
    }
}

/// Score value of each pentanomial category: the mean points per game of a pair
/// scoring 0, 0.5, 1, 1.5 or 2 points.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Score value of each trinomial category, in the order win, draw, loss.
const GAME_SCORES: [f64; 3] = [1.0, 0.5, 0.0];

/// Running counts of a match between two engines, from the first engine's point of view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games won by the first engine.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games lost by the first engine.
    pub losses: u64,
    /// Pentanomial counts of completed game pairs (the two games of one opening with
    /// colours swapped). `pairs[i]` counts pairs in which the first engine scored
    /// `i / 2` points in total, i.e. the indices 0..=4 stand for 0, 0.5, 1, 1.5 and 2 points.
    pub pairs: [u64; 5],
}

/// What the SPRT adds to the count of every outcome of every sample: one game (or pair) of
/// each, a Laplace prior. Fishtest's 1e-3 (and only for outcomes never seen) suits its batches of
/// hundreds of games; here the test is evaluated after every game. Without a prior a run of one
/// outcome could never be decided (a version that lost every game played 148 games undecided);
/// with 1e-3 a single lost game gave LLR −134; with the prior only where the variance is zero,
/// three pairs scored 1.5, 2 and 2 gave LLR 3.09 (H1 after seven games).
const PSEUDO_COUNT: f64 = 1.0;

/// Sample statistics of per-unit scores (a unit is a game or a pair of games).
struct Sample {
    /// Number of units, always at least 1.
    n: f64,
    /// Mean score per unit, in `[0, 1]`.
    mean: f64,
    /// Population variance of the per-unit score (divided by `n`, not `n - 1`); never negative.
    variance: f64,
}

impl Sample {
    /// Statistics of a categorical sample where `counts[i]` units scored `values[i]`, with
    /// `pseudo` added to every count (0 for the plain sample; more regularises it). Returns
    /// `None` if all counts are zero.
    fn weighted(counts: &[u64], values: &[f64], pseudo: f64) -> Option<Sample> {
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let weights: Vec<f64> = counts.iter().map(|&c| c as f64 + pseudo).collect();
        let n = weights.iter().sum::<f64>();
        let mean = weights.iter().zip(values).map(|(&c, &v)| c * v).sum::<f64>() / n;
        let variance = weights.iter().zip(values).map(|(&c, &v)| c * (v - mean).powi(2)).sum::<f64>() / n;
        Some(Sample { n, mean, variance })
    }
}

impl Tally {
    /// Counts one finished game in `wins`, `draws` or `losses`.
    pub fn add_game(&mut self, score: GameScore) {
        match score {
            GameScore::Win => self.wins += 1,
            GameScore::Draw => self.draws += 1,
            GameScore::Loss => self.losses += 1,
        }
    }

    /// Counts one completed pair of games (same opening, colours swapped) in `pairs`,
    /// at the index given by the pair's total points in half-points (0..=4).
    /// Does not touch `wins`/`draws`/`losses`: call [`Tally::add_game`] for each game as well.
    pub fn add_pair(&mut self, first: GameScore, second: GameScore) {
        self.pairs[first.half_points() + second.half_points()] += 1;
    }

    /// Number of games counted by [`Tally::add_game`].
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Number of pairs counted by [`Tally::add_pair`].
    pub fn pair_count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// Mean points per game of the first engine, `(W + D/2) / N` in `[0, 1]`;
    /// `None` if no games were played.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / n as f64)
    }

    /// The sample the estimates are based on: per-pair scores (pentanomial model) once at
    /// least two pairs are complete, otherwise per-game scores (trinomial model).
    /// `None` if that sample is empty.
    fn sample(&self) -> Option<Sample> {
        self.sample_with(0.0)
    }

    /// [`sample`](Tally::sample) with `pseudo` added to the count of every outcome.
    fn sample_with(&self, pseudo: f64) -> Option<Sample> {
        if self.pair_count() >= 2 {
            Sample::weighted(&self.pairs, &PAIR_SCORES, pseudo)
        } else {
            Sample::weighted(&[self.wins, self.draws, self.losses], &GAME_SCORES, pseudo)
        }
    }

    /// Elo difference of the first engine over the second with a 95% confidence interval.
    ///
    /// With at least two completed pairs the pentanomial model is used (mean and variance of
    /// the per-pair mean score), otherwise the trinomial model over single games. In the
    /// pentanomial case the point estimate comes from completed pairs only, so it can differ
    /// slightly from [`Tally::score`] while some games are still unpaired.
    ///
    /// The interval is `[elo(mu - 1.96 se), elo(mu + 1.96 se)]` with the scores clamped to
    /// `[0, 1]`; bounds and even the point estimate can be infinite (e.g. all wins gives +inf).
    /// Returns `None` if there are no games.
    pub fn elo(&self) -> Option<EloEstimate> {
        let sample = self.sample()?;
        let se = (sample.variance / sample.n).sqrt();
        let at = |score: f64| elo_from_score(score.clamp(0.0, 1.0));
        Some(EloEstimate {
            elo: at(sample.mean),
            lower: at(sample.mean - Z_95 * se),
            upper: at(sample.mean + Z_95 * se),
        })
    }

    /// Likelihood of superiority: the probability, in `[0, 1]`, that the first engine is the
    /// stronger one, `0.5 * (1 + erf((W - L) / sqrt(2 (W + L))))`. Draws are ignored.
    /// Returns `None` if there are no decisive games.
    pub fn los(&self) -> Option<f64> {
        let decisive = self.wins + self.losses;
        if decisive == 0 {
            return None;
        }
        let diff = self.wins as f64 - self.losses as f64;
        Some(0.5 * (1.0 + erf(diff / (2.0 * decisive as f64).sqrt())))
    }
}

/// Expected score, in `[0, 1]`, of an Elo difference `elo` in the logistic model.
fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference corresponding to an expected score `score` in `[0, 1]`:
/// `-400 * log10(1 / score - 1)`; `-inf` for a score of 0 (or less) and `+inf` for 1 (or more).
fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The error function, accurate to about 1e-13 absolute (far below the 1e-7 needed here).
///
/// Uses the everywhere-convergent series with positive terms
/// `erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_{n>=0} 2^n x^(2n+1) / (1 * 3 * ... * (2n+1))`,
/// which has no cancellation. For `|x| >= 6`, `1 - |erf(x)| < 1e-16`, so `±1` is returned.
fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x.abs() >= 6.0 {
        return x.signum();
    }
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    // Term ratio is 2x^2 / (2n + 1); with |x| < 6 the terms are negligible well before n = 200.
    for n in 1..200 {
        term *= 2.0 * x2 / (2 * n + 1) as f64;
        sum += term;
        if term.abs() <= sum.abs() * 1e-17 {
            break;
        }
    }
    std::f64::consts::FRAC_2_SQRT_PI * (-x2).exp() * sum
}

/// An Elo difference with its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// Point estimate of the Elo difference (may be infinite).
    pub elo: f64,
    /// Lower bound of the 95% confidence interval (may be `-inf`).
    pub lower: f64,
    /// Upper bound of the 95% confidence interval (may be `+inf`).
    pub upper: f64,
}

/// Formats `value` with an explicit sign and one decimal (`+inf`/`-inf` when infinite),
/// never printing a negative zero.
fn signed_one_decimal(value: f64) -> String {
    if value.is_infinite() {
        return if value > 0.0 { "+inf".to_string() } else { "-inf".to_string() };
    }
    let text = format!("{value:+.1}");
    if text == "-0.0" {
        "+0.0".to_string()
    } else {
        text
    }
}

impl fmt::Display for EloEstimate {
    /// Writes `"<elo> ± <half width>"`, e.g. `"+35.2 ± 48.1"`, where the half width is
    /// `(upper - lower) / 2`; infinite values print as `+inf`/`-inf`, a non-finite half width as `inf`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half_width = (self.upper - self.lower) / 2.0;
        let elo = signed_one_decimal(self.elo);
        if half_width.is_finite() {
            write!(f, "{elo} ± {half_width:.1}")
        } else {
            write!(f, "{elo} ± inf")
        }
    }
}

/// Sequential probability ratio test settings (`--sprt elo0 elo1 alpha beta`):
/// H0 "the Elo difference is `elo0`" against H1 "it is `elo1`".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference under the null hypothesis H0.
    pub elo0: f64,
    /// Elo difference under the alternative hypothesis H1.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 is true (false positive rate).
    pub alpha: f64,
    /// Probability of accepting H0 when H1 is true (false negative rate).
    pub beta: f64,
}

/// Outcome of a finished SPRT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// The log-likelihood ratio reached the lower bound: H0 (`elo0`) is accepted.
    AcceptH0,
    /// The log-likelihood ratio reached the upper bound: H1 (`elo1`) is accepted.
    AcceptH1,
}

impl SprtDecision {
    /// The hypothesis accepted: `H0` or `H1`.
    pub fn hypothesis(self) -> &'static str {
        match self {
            SprtDecision::AcceptH0 => "H0",
            SprtDecision::AcceptH1 => "H1",
        }
    }
}

impl Sprt {
    /// Validated SPRT settings. Returns `Err` with a message unless all values are finite,
    /// `elo0 < elo1`, `0 < alpha < 1`, `0 < beta < 1` and `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if ![elo0, elo1, alpha, beta].iter().all(|v| v.is_finite()) {
            return Err(format!("SPRT parameters must be finite numbers (got {elo0} {elo1} {alpha} {beta})"));
        }
        if elo0 >= elo1 {
            return Err(format!("SPRT elo0 ({elo0}) must be less than elo1 ({elo1})"));
        }
        if !(alpha > 0.0 && alpha < 1.0) {
            return Err(format!("SPRT alpha ({alpha}) must be strictly between 0 and 1"));
        }
        if !(beta > 0.0 && beta < 1.0) {
            return Err(format!("SPRT beta ({beta}) must be strictly between 0 and 1"));
        }
        if alpha + beta >= 1.0 {
            return Err(format!("SPRT alpha + beta ({}) must be less than 1", alpha + beta));
        }
        Ok(Sprt { elo0, elo1, alpha, beta })
    }

    /// Log-likelihood-ratio stopping bounds `(lower, upper)` =
    /// `(ln(beta / (1 - alpha)), ln((1 - beta) / alpha))`; lower < 0 < upper for valid settings.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// Log-likelihood ratio of H1 against H0 (generalized SPRT, normal approximation):
    /// `n * (s1 - s0) * (2 mu - s0 - s1) / (2 var)`, where `s0`, `s1` are the expected scores of
    /// `elo0`, `elo1` and `mu`, `var` the mean and population variance of the per-unit score.
    /// Units are completed pairs (pentanomial) once there are at least two, otherwise games
    /// (trinomial), as in [`Tally::elo`].
    ///
    /// Returns 0.0 (undecided) when there is no data. Every sample is regularised with
    /// [`PSEUDO_COUNT`] added to every outcome: a run of one outcome is decided, but not by its
    /// first few games, and a long test's LLR moves by about one part in its number of units.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some(sample) = tally.sample_with(PSEUDO_COUNT) else {
            return 0.0;
        };
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        sample.n * (s1 - s0) * (2.0 * sample.mean - s0 - s1) / (2.0 * sample.variance)
    }

    /// `Some(AcceptH0)` if the LLR is at or below the lower bound, `Some(AcceptH1)` if at or
    /// above the upper bound, `None` while the test should continue.
    pub fn decision(&self, tally: &Tally) -> Option<SprtDecision> {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Some(SprtDecision::AcceptH0)
        } else if llr >= upper {
            Some(SprtDecision::AcceptH1)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameScore::{Draw, Loss, Win};

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!((actual - expected).abs() <= tolerance, "{actual} differs from {expected} by more than {tolerance}");
    }

    fn wdl(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally { wins, draws, losses, ..Tally::default() }
    }

    #[test]
    fn game_score_points_and_flipped() {
        assert_eq!(Win.points(), 1.0);
        assert_eq!(Draw.points(), 0.5);
        assert_eq!(Loss.points(), 0.0);
        assert_eq!(Win.flipped(), Loss);
        assert_eq!(Draw.flipped(), Draw);
        assert_eq!(Loss.flipped(), Win);
    }

    #[test]
    fn add_game_and_add_pair_count_separately() {
        let cases = [
            (Loss, Loss, 0),
            (Loss, Draw, 1),
            (Draw, Loss, 1),
            (Loss, Win, 2),
            (Win, Loss, 2),
            (Draw, Draw, 2),
            (Draw, Win, 3),
            (Win, Draw, 3),
            (Win, Win, 4),
        ];
        for (first, second, index) in cases {
            let mut tally = Tally::default();
            tally.add_pair(first, second);
            let mut expected = [0; 5];
            expected[index] = 1;
            assert_eq!(tally.pairs, expected, "{first:?} + {second:?}");
            assert_eq!(tally.games(), 0);
            assert_eq!(tally.pair_count(), 1);
        }
        let mut tally = Tally::default();
        for score in [Win, Win, Draw, Loss] {
            tally.add_game(score);
        }
        assert_eq!((tally.wins, tally.draws, tally.losses, tally.games()), (2, 1, 1, 4));
        assert_eq!(tally.pair_count(), 0);
    }

    #[test]
    fn score_and_trinomial_elo() {
        assert_eq!(Tally::default().score(), None);
        assert_eq!(Tally::default().elo(), None);
        let tally = wdl(60, 20, 20);
        close(tally.score().unwrap(), 0.7, 1e-12);
        // mu = 0.7; var = 0.6 * 0.3^2 + 0.2 * 0.2^2 + 0.2 * 0.7^2 = 0.054 + 0.008 + 0.098 = 0.16;
        // se = sqrt(0.16 / 100) = 0.04; 1.96 * se = 0.0784, so the score interval is [0.6216, 0.7784].
        // elo(0.7)    = -400 * log10(1 / 0.7 - 1)    = -400 * log10(0.428571) = 147.1907
        // elo(0.6216) = -400 * log10(1 / 0.6216 - 1) = -400 * log10(0.608752) =  86.2240
        // elo(0.7784) = -400 * log10(1 / 0.7784 - 1) = -400 * log10(0.284687) = 218.2532
        let estimate = tally.elo().unwrap();
        close(estimate.elo, 147.1907, 1e-3);
        close(estimate.lower, 86.2240, 1e-3);
        close(estimate.upper, 218.2532, 1e-3);
        assert_eq!(estimate.to_string(), "+147.2 ± 66.0");
    }

    #[test]
    fn elo_extremes_and_even_score() {
        let all_wins = wdl(10, 0, 0).elo().unwrap();
        assert_eq!(all_wins.elo, f64::INFINITY);
        assert_eq!(all_wins.to_string(), "+inf ± inf");
        let all_losses = wdl(0, 0, 3).elo().unwrap();
        assert_eq!(all_losses.to_string(), "-inf ± inf");

        let even = wdl(30, 40, 30).elo().unwrap();
        assert_eq!(even.elo, 0.0);
        close(even.upper, -even.lower, 1e-9);
        assert!(even.upper > 0.0);
        assert!(even.to_string().starts_with("+0.0 ± "), "{even}");

        let display = EloEstimate { elo: -12.34, lower: -40.0, upper: f64::INFINITY };
        assert_eq!(display.to_string(), "-12.3 ± inf");
    }

    #[test]
    fn pentanomial_interval_is_narrower_for_correlated_pairs() {
        // pairs [5, 20, 50, 20, 5] built from LL, DL, WL, WD, WW pairs respectively.
        let mut penta = Tally::default();
        for (count, first, second) in
            [(5, Loss, Loss), (20, Draw, Loss), (50, Win, Loss), (20, Win, Draw), (5, Win, Win)]
        {
            for _ in 0..count {
                penta.add_game(first);
                penta.add_game(second);
                penta.add_pair(first, second);
            }
        }
        assert_eq!(penta.pairs, [5, 20, 50, 20, 5]);
        assert_eq!((penta.wins, penta.draws, penta.losses), (80, 40, 80));
        // Pentanomial: mu = 0.5, var = 2 * (5 * 0.5^2 + 20 * 0.25^2) / 100 = 0.05, so
        // var / P = 0.0005. Trinomial over the same 200 games: var = (80 * 0.25 + 80 * 0.25) / 200
        // = 0.2, var / N = 0.001. The pairs are anti-correlated (mostly W+L), which the per-pair
        // model sees, so its standard error is sqrt(2) times smaller.
        // Upper bound: elo(0.5 + 1.96 * sqrt(0.0005)) = 30.5324; trinomial elo(0.5 + 1.96 * sqrt(0.001)) = 43.2912.
        let p = penta.elo().unwrap();
        let trinomial = Tally { pairs: [0; 5], ..penta.clone() }.elo().unwrap();
        assert_eq!(p.elo, 0.0);
        assert_eq!(trinomial.elo, 0.0);
        close(p.upper, 30.5324, 1e-3);
        close(p.lower, -30.5324, 1e-3);
        close(trinomial.upper, 43.2912, 1e-3);
        assert!(p.upper - p.lower < trinomial.upper - trinomial.lower);
    }

    #[test]
    fn pentanomial_mean_ignores_unpaired_games() {
        // Two pairs of W+W plus one unpaired loss: the pair model still says every pair was won.
        let mut tally = Tally { wins: 4, losses: 1, ..Tally::default() };
        tally.add_pair(Win, Win);
        tally.add_pair(Win, Win);
        close(tally.score().unwrap(), 0.8, 1e-12);
        assert_eq!(tally.elo().unwrap().elo, f64::INFINITY);
    }

    #[test]
    fn erf_matches_reference_values() {
        close(erf(0.0), 0.0, 1e-15);
        close(erf(0.5), 0.5204998778, 1e-9);
        close(erf(1.0), 0.8427007929, 1e-9);
        close(erf(2.0), 0.9953222650, 1e-9);
        close(erf(3.0), 0.9999779095, 1e-9);
        close(erf(-1.0), -0.8427007929, 1e-9);
        assert_eq!(erf(-1.3), -erf(1.3));
        close(erf(5.9), 1.0, 1e-15);
        assert_eq!(erf(7.0), 1.0);
        assert_eq!(erf(-7.0), -1.0);
    }

    #[test]
    fn los_values() {
        assert_eq!(wdl(0, 5, 0).los(), None);
        close(wdl(30, 10, 30).los().unwrap(), 0.5, 1e-12);
        // 0.5 * (1 + erf(20 / sqrt(200))) = 0.5 * (1 + erf(1.414214)) = 0.5 * (1 + 0.954500) = 0.977250
        close(wdl(60, 0, 40).los().unwrap(), 0.977250, 1e-4);
        close(wdl(40, 0, 60).los().unwrap(), 1.0 - 0.977250, 1e-4);
    }

    #[test]
    fn sprt_rejects_bad_parameters() {
        assert!(Sprt::new(0.0, 10.0, 0.05, 0.05).is_ok());
        assert!(Sprt::new(10.0, 10.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.05, 1.0).is_err());
        assert!(Sprt::new(0.0, 10.0, 0.6, 0.4).is_err());
        assert!(Sprt::new(0.0, f64::INFINITY, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 10.0, f64::NAN, 0.05).is_err());
    }

    #[test]
    fn sprt_bounds() {
        let (lower, upper) = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap().bounds();
        close(upper, 19f64.ln(), 1e-12);
        close(lower, -19f64.ln(), 1e-12);
        close(upper, 2.9444, 1e-4);
    }

    #[test]
    fn sprt_llr_hand_computed() {
        // elo1 = 400 * log10(3) gives s1 = 1 / (1 + 1/3) = 0.75; s0 = 0.5.
        // W=6, D=1, L=1 (no pairs, trinomial), regularised to W=7, D=2, L=2: n = 11,
        // mu = 8 / 11, var = (7 (3/11)^2 + 2 (5/22)^2 + 2 (8/11)^2) / 11 = 37 / 242,
        // llr = 11 * 0.25 * (16/11 - 1.25) / (2 * 37/242) = (99/176) / (74/242) = 23958 / 13024.
        let sprt = Sprt::new(0.0, 400.0 * 3f64.log10(), 0.05, 0.05).unwrap();
        close(sprt.llr(&wdl(6, 1, 1)), 23958.0 / 13024.0, 1e-9);
        assert_eq!(sprt.decision(&wdl(6, 1, 1)), None);
    }

    #[test]
    fn sprt_llr_direction_and_decisions() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        let (lower, upper) = sprt.bounds();

        let strong = Tally { pairs: [0, 10, 40, 60, 30], ..Tally::default() };
        let llr = sprt.llr(&strong);
        assert!(llr > 0.0);
        assert!(llr >= upper, "{llr}");
        assert_eq!(sprt.decision(&strong), Some(SprtDecision::AcceptH1));

        // Mean score exactly 0.5 = s0: the LLR is negative and grows about linearly with the
        // sample (the prior weighs less in a larger one).
        let even = Tally { pairs: [5, 20, 50, 20, 5], ..Tally::default() };
        let small = sprt.llr(&even);
        assert!(small < 0.0 && small > lower, "{small}");
        assert_eq!(sprt.decision(&even), None);
        let many = Tally { pairs: [100, 400, 1000, 400, 100], ..Tally::default() };
        close(sprt.llr(&many) / (20.0 * small), 1.0, 0.03);
        assert_eq!(sprt.decision(&many), Some(SprtDecision::AcceptH0));
    }

    #[test]
    fn sprt_decides_runs_of_one_outcome() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        assert_eq!(sprt.decision(&wdl(50, 0, 0)), Some(SprtDecision::AcceptH1));
        assert_eq!(sprt.decision(&wdl(0, 0, 50)), Some(SprtDecision::AcceptH0));
        // A few games of one outcome decide nothing.
        for games in 1..=3 {
            assert_eq!(sprt.decision(&wdl(0, 0, games)), None, "{games} lost games");
            assert_eq!(sprt.decision(&wdl(games, 0, 0)), None, "{games} won games");
        }
        let lost_pair = Tally { losses: 2, pairs: [1, 0, 0, 0, 0], ..Tally::default() };
        assert_eq!(sprt.decision(&lost_pair), None);
        // All draws: no gain, so H0.
        let drawn_pairs = Tally { draws: 400, pairs: [0, 0, 200, 0, 0], ..Tally::default() };
        assert_eq!(sprt.decision(&drawn_pairs), Some(SprtDecision::AcceptH0));
        let lost_pairs = Tally { losses: 80, pairs: [40, 0, 0, 0, 0], ..Tally::default() };
        assert_eq!(sprt.decision(&lost_pairs), Some(SprtDecision::AcceptH0));
        // Nor do a few pairs that vary a little: three pairs of 1.5, 2 and 2 points once gave
        // LLR 3.09 (H1 after seven games) when only samples without variance were regularised.
        let lucky_start = Tally { wins: 5, draws: 1, pairs: [0, 0, 0, 1, 2], ..Tally::default() };
        assert_eq!(sprt.decision(&lucky_start), None, "LLR {}", sprt.llr(&lucky_start));
        let lucky_start = Sprt::new(0.0, 25.0, 0.05, 0.05).unwrap().llr(&lucky_start);
        assert!(lucky_start < 1.0, "LLR {lucky_start}");
    }
}
