//! Fourfold repetition and perpetual check (sennichite): the history of the positions of a game
//! and the judgement of a position that occurs for the fourth time.
//!
//! A repetition spans the four occurrences: from the first of them to the current one. If every
//! move one player made in that span gave check, that player loses (`perpetual-check`, the
//! checked player wins); otherwise (or if both players checked throughout) it is a draw.
//! Shogi has no irreversible move (captured pieces come back as drops), so the whole history
//! counts; only a null move (a search device) starts a fresh window.

use crate::vocabulary::{DrawReason, Outcome, Side, WinReason};

/// Buckets of the occurrence filter (a power of two).
const BUCKETS: usize = 1024;

#[inline]
fn bucket(key: u64) -> usize {
    (key as usize) & (BUCKETS - 1)
}

/// One earlier position: its key and whether its side to move was in check (so the move that
/// led to it gave check).
#[derive(Clone, Copy, Debug)]
pub(super) struct Past {
    pub key: u64,
    pub checked: bool,
}

/// The earlier positions of a game, oldest first, with a filter that answers "can the current
/// key have occurred three times before?" in O(1): the number of positions (earlier ones and
/// the current one) per key bucket. Only when a bucket reaches four is the history scanned.
#[derive(Clone, Debug)]
pub(super) struct History {
    past: Vec<Past>,
    buckets: Vec<u16>,
    /// The index in `past` of the oldest position a repetition may reach back to.
    window: usize,
}

impl History {
    /// A fresh history whose current position has key `key`.
    pub fn new(key: u64) -> History {
        let mut buckets = vec![0u16; BUCKETS];
        buckets[bucket(key)] = 1;
        History { past: Vec::new(), buckets, window: 0 }
    }

    /// The game moves on from the position `left` to a position with key `entered`.
    #[inline]
    pub fn advance(&mut self, left: Past, entered: u64) {
        self.past.push(left);
        let b = &mut self.buckets[bucket(entered)];
        *b = b.wrapping_add(1);
    }

    /// Takes back the last [`advance`](History::advance) from the current key `current`; returns
    /// the position left then.
    #[inline]
    pub fn retreat(&mut self, current: u64) -> Option<Past> {
        let b = &mut self.buckets[bucket(current)];
        *b = b.wrapping_sub(1);
        self.past.pop()
    }

    /// Starts a fresh repetition window at the current position (after a null move); returns the
    /// window to restore on undo.
    #[inline]
    pub fn start_window(&mut self) -> usize {
        std::mem::replace(&mut self.window, self.past.len())
    }

    /// Restores a window returned by [`start_window`](History::start_window).
    #[inline]
    pub fn restore_window(&mut self, window: usize) {
        self.window = window;
    }

    /// The result if the current position (key `key`, `side` to move, in check when `checked`)
    /// occurs for the fourth time, `None` otherwise.
    pub fn judge(&self, key: u64, checked: bool, side: Side) -> Option<Outcome> {
        if self.buckets[bucket(key)] < 4 {
            return None;
        }
        let now = self.past.len();
        let mut occurrences = 1;
        let mut first = now;
        let mut at = now;
        while occurrences < 4 && at >= self.window + 2 {
            at -= 2;
            if self.past[at].key == key {
                occurrences += 1;
                first = at;
            }
        }
        if occurrences < 4 {
            return None;
        }
        let in_check = |index: usize| if index == now { checked } else { self.past[index].checked };
        // Positions at an even distance from now have `side` to move: the opponent's moves led
        // there. The others were reached by `side`'s moves.
        let opponent_always_checked = (first + 1..=now).filter(|i| (now - i).is_multiple_of(2)).all(in_check);
        let side_always_checked = (first + 1..=now).filter(|i| (now - i) % 2 == 1).all(in_check);
        Some(match (opponent_always_checked, side_always_checked) {
            (true, false) => Outcome::Win { winner: side, reason: WinReason::PerpetualCheck },
            (false, true) => Outcome::Win { winner: side.opponent(), reason: WinReason::PerpetualCheck },
            _ => Outcome::Draw(DrawReason::Repetition),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the cycle A B C D A B C D ... (keys 1..4) `plies` times; `check(i)` says whether
    /// the position reached by ply `i` (1-based) has its side to move in check.
    fn cycle(plies: usize, check: impl Fn(usize) -> bool) -> (History, u64, bool) {
        let keys = [1u64, 2, 3, 4];
        let mut history = History::new(keys[0]);
        let mut checked = false;
        for ply in 1..=plies {
            let key = keys[ply % 4];
            history.advance(Past { key: keys[(ply - 1) % 4], checked }, key);
            checked = check(ply);
        }
        (history, keys[plies % 4], checked)
    }

    #[test]
    fn the_fourth_occurrence_decides() {
        // Key 1 occurs at plies 0, 4, 8, 12: the fourth time after 12 plies.
        let (history, key, checked) = cycle(11, |_| false);
        assert_eq!(history.judge(key, checked, Side::Second), None);
        let (history, key, checked) = cycle(12, |_| false);
        assert_eq!(history.judge(key, checked, Side::First), Some(Outcome::Draw(DrawReason::Repetition)));
    }

    #[test]
    fn perpetual_check_loses_for_the_checking_player() {
        // Odd plies are the first player's moves; each puts the second player in check.
        let (history, key, checked) = cycle(12, |ply| ply % 2 == 1);
        let won = Outcome::Win { winner: Side::Second, reason: WinReason::PerpetualCheck };
        assert_eq!(history.judge(key, checked, Side::First), Some(won));
        // Even plies (the second player's moves) checking throughout: the first player wins.
        let (history, key, checked) = cycle(12, |ply| ply % 2 == 0);
        let won = Outcome::Win { winner: Side::First, reason: WinReason::PerpetualCheck };
        assert_eq!(history.judge(key, checked, Side::First), Some(won));
        // One quiet move in the span makes it a draw.
        let (history, key, checked) = cycle(12, |ply| ply % 2 == 1 && ply != 5);
        assert_eq!(history.judge(key, checked, Side::First), Some(Outcome::Draw(DrawReason::Repetition)));
    }

    #[test]
    fn a_null_window_hides_older_occurrences() {
        let (mut history, key, checked) = cycle(8, |_| false);
        history.start_window();
        for ply in 9..=12 {
            history.advance(Past { key: [1u64, 2, 3, 4][(ply - 1) % 4], checked: false }, [1u64, 2, 3, 4][ply % 4]);
        }
        assert_eq!(key, 1);
        assert_eq!(history.judge(1, checked, Side::First), None);
    }
}
