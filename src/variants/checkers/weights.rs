//! The checkers family's evaluation weights, one table per game (`eval.rs` says what each
//! weight is). `arena tune` rewrites the constants below; their layout is the tuner's.

use super::eval::Weights;

/// Enryo. All weights are tuned by self-play at 20000 nodes a move, paired games from 4 random
/// plies, against the previous weights. The King's shelter matters most: without the guardian
/// and danger terms -192 Elo; guardian 10 -> 15 and danger 14 -> 20 gained +57 Elo (400 games),
/// then 20 and 28 another +23 (800 games: +19 ± 31 and +28 ± 33). The open-line penalty that
/// helps philosophy-checkers lost here (30: -105 Elo, 400 games). A Prince at 210 lost 33 Elo
/// (200 games), at 145 it was even (+4 ± 30, 400 games), so 170 stays. Mobility 2 -> 4:
/// +18 Elo (800 games: +19 ± 32 and +17 ± 34; marginal).
#[rustfmt::skip]
pub const ENRYO: Weights = Weights {
    man: 100,
    prince: 170,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 20,
    king_danger: 28,
    open_line: 0,
};

/// Philosophy-checkers (same method): open lines through the King at 30 gained +42 Elo
/// (600 games: +38 ± 30 and +51 ± 42), at 50 they lost 30 Elo. Mobility 2 -> 4 gained +27 Elo
/// (800 games: +17 ± 30 and +38 ± 32). Not kept: a Prince at 450 (-5 Elo over 600 games),
/// King danger 30 (+9 ± 27, 400 games), guardian 20 (-30 ± 30).
#[rustfmt::skip]
pub const PHILOSOPHY: Weights = Weights {
    man: 100,
    prince: 320,
    advance: [0, 1, 3, 6, 10, 15, 22, 30, 0],
    back_rank: 8,
    mobility: 4,
    guardian: 12,
    king_danger: 20,
    open_line: 30,
};

/// English checkers: a king at 130 instead of 150 was even (+10 ± 32, 200 games; not kept);
/// mobility 2 -> 4 gained +61 ± 38 (200 games).
#[rustfmt::skip]
pub const ENGLISH: Weights = Weights {
    man: 100,
    prince: 150,
    advance: [0, 1, 3, 6, 10, 15, 22, 0, 0],
    back_rank: 10,
    mobility: 4,
    guardian: 0,
    king_danger: 0,
    open_line: 0,
};
