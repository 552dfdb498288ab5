//! A per-thread memory of static evaluations by position key. The search evaluates the same
//! positions again and again: every iteration revisits the tree of the one before, and
//! quiescence stands pat on the same leaves. A hit returns exactly what the game's evaluation
//! returned, so the search's results do not change, only its speed.

use crate::vocabulary::Score;

/// Slots, a power of two (16 bytes each: 1 MiB per thread).
const SLOTS: usize = 1 << 16;

/// Direct-mapped: a key's slot holds the last position evaluated there.
pub struct EvalCache {
    slots: Vec<Option<(u64, Score)>>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache { slots: vec![None; SLOTS] }
    }

    /// The evaluation of the position with `key`: remembered, or `evaluate()` (then remembered).
    /// The game's evaluation must depend on nothing but what its key covers.
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> Score) -> Score {
        let slot = &mut self.slots[key as usize & (SLOTS - 1)];
        match *slot {
            Some((k, score)) if k == key => score,
            _ => {
                let score = evaluate();
                *slot = Some((key, score));
                score
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_evaluated_once_until_another_takes_its_slot() {
        let mut cache = EvalCache::new();
        let mut calls = 0;
        let mut eval = |key: u64, score: Score| {
            cache.get_or(key, || {
                calls += 1;
                score
            })
        };
        assert_eq!(eval(7, 30), 30);
        assert_eq!(eval(7, 99), 30, "remembered");
        // Same slot, other key: evaluated, and replaces the first.
        let other = 7 + SLOTS as u64;
        assert_eq!(eval(other, -5), -5);
        assert_eq!(eval(7, 12), 12);
        // Key 0 is a key like any other.
        assert_eq!(eval(0, 4), 4);
        assert_eq!(eval(0, 8), 4);
        assert_eq!(calls, 4);
    }
}
