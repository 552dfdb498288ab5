//! Search scores in centi-pawn-like units from the side to move's point of view, with
//! mate-distance encoding: a win in `n` plies scores `MATE - n`.

/// A score from the side to move's point of view.
pub type Score = i32;

/// Larger than any score; the initial alpha-beta window.
pub const INFINITE: Score = 32_000;
/// A decided game won at the root.
pub const MATE: Score = 31_000;
/// Scores at or beyond this magnitude are decided results (win/loss in a known number of plies).
pub const MATE_BOUND: Score = MATE - 1_000;
/// A draw.
pub const DRAW: Score = 0;

/// The score of winning `ply` plies from the root.
#[inline]
pub const fn win_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of losing `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether `score` encodes a decided game.
#[inline]
pub const fn is_decisive(score: Score) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Converts a root-relative decided score to a node-relative one for storage in the
/// transposition table (and back with [`from_tt`]).
#[inline]
pub const fn to_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Inverse of [`to_tt`].
#[inline]
pub const fn from_tt(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// USI's `mate` distance in moves for a decided score: plies to the end of the game,
/// negative when the side to move loses.
pub const fn mate_plies(score: Score) -> i32 {
    if score > 0 {
        MATE - score
    } else {
        -(MATE + score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_conversion_round_trips_and_mate_distance() {
        for s in [win_in(3), loss_in(8), 120, -40, 0] {
            assert_eq!(from_tt(to_tt(s, 5), 5), s);
        }
        assert_eq!(mate_plies(win_in(3)), 3);
        assert_eq!(mate_plies(loss_in(4)), -4);
        assert!(is_decisive(win_in(100)) && !is_decisive(900));
    }
}
