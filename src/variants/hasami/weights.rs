//! The hasami family's evaluation weights, one table per kind of game (`eval.rs` says what each
//! weight is). Tuned by self-play at a fixed node count (400-game paired matches); `arena tune`
//! rewrites the constants below, their layout is the tuner's.

use super::eval::Weights;

/// Capture games (hasami, hasami-all, hasami-step, hasami-step18): doubling the threat terms
/// and halving mobility gained about +37 Elo in hasami.
#[rustfmt::skip]
pub const CAPTURE: Weights = Weights {
    man: 100,
    mobility: 1,
    threat_on_them: 60,
    threat_on_us: 25,
    window: [0, 0, 0, 0, 0],
};

/// Makyek: the capture games' changes lost there (threats x2: -37 Elo), so it keeps the first
/// weights.
#[rustfmt::skip]
pub const MAKYEK: Weights = Weights {
    man: 100,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 0, 0, 0, 0],
};

/// Five-in-a-row games: men are tools; line windows x4 gained about +230 Elo in dai-hasami.
#[rustfmt::skip]
pub const FIVE: Weights = Weights {
    man: 40,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 4, 16, 56, 180],
};
