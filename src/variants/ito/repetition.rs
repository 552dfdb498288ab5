//! The repetition ban's memory: how often each position of the game so far has occurred
//! (docs/rules/ito.md: a move that would create a position for the third time is illegal).

use crate::vocabulary::KeyHasher;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Occurrence counts by position key, the current position included. Play adds the new key,
/// undo removes it, so the counts are those of the path actually played.
#[derive(Clone, Debug, Default)]
pub struct Occurrences(HashMap<u64, u8, BuildHasherDefault<KeyHasher>>);

impl Occurrences {
    /// How often the position with `key` has occurred.
    #[inline]
    pub fn count(&self, key: u64) -> u8 {
        self.0.get(&key).copied().unwrap_or(0)
    }

    /// Whether a move to the position with `key` is banned (it would be its third occurrence).
    #[inline]
    pub fn banned(&self, key: u64) -> bool {
        self.count(key) >= 2
    }

    /// One more occurrence of `key`.
    #[inline]
    pub fn add(&mut self, key: u64) {
        *self.0.entry(key).or_insert(0) += 1;
    }

    /// One occurrence of `key` fewer (the last one added, taken back).
    #[inline]
    pub fn remove(&mut self, key: u64) {
        if let Some(count) = self.0.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                self.0.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_third_occurrence_is_banned_and_undo_forgets() {
        let mut seen = Occurrences::default();
        seen.add(7);
        assert!(!seen.banned(7));
        seen.add(7);
        assert!(seen.banned(7) && !seen.banned(8));
        seen.remove(7);
        assert_eq!((seen.count(7), seen.banned(7)), (1, false));
        seen.remove(7);
        assert_eq!(seen.count(7), 0);
    }
}
