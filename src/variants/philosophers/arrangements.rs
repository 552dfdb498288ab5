//! The no-repetition record (docs/rules/philosophers-chess.md §7): every arrangement of the
//! Field and the Thought the game has passed through, the starting one and one per sub-move.

use crate::vocabulary::KeyHasher;
use std::collections::HashSet;
use std::hash::BuildHasherDefault;

/// The arrangement keys of the path played so far. The ban keeps them distinct, so a set is
/// the whole record: play adds the new ones, undo removes them again.
#[derive(Clone, Debug, Default)]
pub struct Arrangements(HashSet<u64, BuildHasherDefault<KeyHasher>>);

impl Arrangements {
    /// Whether the arrangement `key` has occurred (a sub-move recreating it is illegal).
    #[inline]
    pub fn seen(&self, key: u64) -> bool {
        self.0.contains(&key)
    }

    /// Records `key`.
    #[inline]
    pub fn add(&mut self, key: u64) {
        self.0.insert(key);
    }

    /// Forgets `key` (its sub-move taken back).
    #[inline]
    pub fn remove(&mut self, key: u64) {
        self.0.remove(&key);
    }
}
