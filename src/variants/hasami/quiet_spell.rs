//! A spell without a capture in the capture games (hasami, hasami-all, hasami-step,
//! hasami-step18, makyek). A lead that has taken no man for a long time is worth less than the
//! evaluation says: level armies, locked fronts and last men that a rook's move always saves are
//! draws however long they are played. After a grace period the engine values a draw more with
//! every quiet ply, so the side that believes itself ahead repeats a position when the other
//! offers to, instead of wandering until an arbiter stops the game (docs/strength.md, "Progress
//! in the capture games").

use crate::vocabulary::Score;

/// Plies without a capture (twenty moves each) before a draw starts to gain.
const GRACE: u32 = 40;

/// What a draw gains with every further quiet ply.
const PER_PLY: Score = 4;

/// The most a draw is worth: four men, from 140 quiet plies on.
const MOST: Score = 400;

/// What a draw is worth to the side to move after `quiet` plies without a capture (counted
/// from the last capture, or from the position string when none was made since).
pub fn draw_value(quiet: u32) -> Score {
    let gaining = quiet.saturating_sub(GRACE).min((MOST / PER_PLY) as u32);
    gaining as Score * PER_PLY
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_gains_after_the_grace_period_up_to_four_men() {
        assert_eq!(draw_value(0), 0);
        assert_eq!(draw_value(GRACE), 0);
        assert_eq!(draw_value(GRACE + 1), PER_PLY);
        assert_eq!(draw_value(GRACE + 50), 200);
        assert_eq!(draw_value(GRACE + 100), MOST);
        assert_eq!(draw_value(u32::MAX), MOST);
    }
}
