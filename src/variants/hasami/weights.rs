//! The hasami family's evaluation weights, one table per kind of game (`eval.rs` says what each
//! weight is). Tuned by self-play at a fixed node count (400-game paired matches); `arena tune`
//! rewrites the constants below, their layout is the tuner's.

use super::eval::Weights;

/// Capture games (hasami, hasami-all, hasami-step, hasami-step18).
pub const CAPTURE: Weights = Weights {
    man: 100,
    mobility: 1,
    threat_on_them: 60,
    threat_on_us: 25,
    window: [0, 0, 0, 0, 0],
    restrict: 4,
    edge: 8,
    last_men: [120, 60, 30, 15],
};

/// Mak-yek.
pub const MAKYEK: Weights = Weights {
    man: 100,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 0, 0, 0, 0],
    restrict: 0,
    edge: 0,
    last_men: [0, 0, 0, 0],
};

/// Five-in-a-row games (the dai-hasami variants): men are tools, lines are what counts.
pub const FIVE: Weights = Weights {
    man: 40,
    mobility: 2,
    threat_on_them: 30,
    threat_on_us: 12,
    window: [0, 4, 16, 56, 180],
    restrict: 0,
    edge: 0,
    last_men: [0, 0, 0, 0],
};
