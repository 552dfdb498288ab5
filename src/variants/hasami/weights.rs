//! The hasami family's evaluation weights, one table per kind of game (`eval.rs` says what each
//! weight is). Tuned by self-play at a fixed node count (400-game paired matches); `arena tune`
//! rewrites the constants below, their layout is the tuner's.

use super::eval::Weights;

/// Capture games (hasami, hasami-all, hasami-step, hasami-step18): doubling the threat terms
/// and halving mobility gained about +37 Elo in hasami; the race terms (`restrict`,
/// `last_men`) gained +26.1 ± 19.4 in hasami-all and +24.3 ± 18.1 in hasami (SPRT H1 both,
/// 20,000 nodes a move; docs/strength.md).
#[rustfmt::skip]
pub const CAPTURE: Weights = Weights {
    man: 100,
    mobility: 1,
    threat_on_them: 60,
    threat_on_us: 25,
    window: [0, 0, 0, 0, 0],
    restrict: 4,
    last_men: [120, 60, 30, 15],
};

/// Makyek: the capture games' changes lost there (threats x2: -37 Elo), so it keeps the first
/// weights; the race terms were even there too (+8.1 ± 11.7, SPRT H0).
#[rustfmt::skip]
pub const MAKYEK: Weights = Weights {
    man: 100,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 0, 0, 0, 0],
    restrict: 0,
    last_men: [0, 0, 0, 0],
};

/// Five-in-a-row games: men are tools; line windows x4 gained about +230 Elo in dai-hasami.
#[rustfmt::skip]
pub const FIVE: Weights = Weights {
    man: 40,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 4, 16, 56, 180],
    restrict: 0,
    last_men: [0, 0, 0, 0],
};
