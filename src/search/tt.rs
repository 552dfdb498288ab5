//! The transposition table shared by all search threads: lock-free entries of two `u64`s, the
//! first holding `key ^ data` so a torn write (two threads storing at once) is detected on read
//! and treated as a miss.

use crate::vocabulary::score::from_tt;
use crate::vocabulary::{available_mib, Score};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a stored score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The true value is at least the score (a beta cut-off).
    Lower = 1,
    /// The true value is at most the score (no move raised alpha).
    Upper = 2,
    Exact = 3,
}

impl Bound {
    /// What a fail-soft search result `value`, searched with the window `(alpha, beta)`, says
    /// about the true value.
    pub fn of(value: Score, alpha: Score, beta: Score) -> Bound {
        if value >= beta {
            Bound::Lower
        } else if value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A verified table entry.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// The best (or refuting) move's [`crate::game::Game::encode`] code, if any.
    pub mv: Option<u32>,
    pub score: Score,
    pub depth: i32,
    pub bound: Bound,
}

impl Hit {
    /// The entry's score at `ply` if it decides a node searched to `depth` with the window
    /// `(alpha, beta)`: deep enough, and exact or a bound on the window's far side.
    pub fn cutoff(&self, depth: i32, ply: usize, alpha: Score, beta: Score) -> Option<Score> {
        let score = from_tt(self.score, ply);
        let decides = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        (self.depth >= depth && decides).then_some(score)
    }
}

#[derive(Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const CLUSTER: usize = 4;
const NO_MOVE: u64 = u32::MAX as u64;

/// The shared table. Size in MiB, rounded down to whole clusters of four entries.
pub struct TranspositionTable {
    slots: Vec<Slot>,
    clusters: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A cleared table of `mib` MiB, or `None` when the memory cannot be had (more than the
    /// machine has available: the table is written in full, so overcommitted memory would
    /// end in the out-of-memory killer rather than an error).
    pub fn new(mib: usize) -> Option<TranspositionTable> {
        if available_mib().is_some_and(|free| mib > free) {
            return None;
        }
        let bytes = mib.checked_mul(1 << 20)?;
        let clusters = (bytes / (CLUSTER * std::mem::size_of::<Slot>())).max(1);
        let mut slots = Vec::new();
        slots.try_reserve_exact(clusters * CLUSTER).ok()?;
        slots.resize_with(clusters * CLUSTER, Slot::default);
        Some(TranspositionTable { slots, clusters, generation: AtomicU8::new(0) })
    }

    /// Forgets every entry (`usinewgame`).
    pub fn clear(&self) {
        self.slots.par_chunks(1 << 16).for_each(|chunk| {
            for slot in chunk {
                slot.check.store(0, Relaxed);
                slot.data.store(0, Relaxed);
            }
        });
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: entries of earlier searches become preferred victims.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) & 63;
        self.generation.store(next, Relaxed);
    }

    #[inline]
    fn cluster(&self, key: u64) -> &[Slot] {
        let index = ((key as u128 * self.clusters as u128) >> 64) as usize * CLUSTER;
        &self.slots[index..index + CLUSTER]
    }

    /// The entry stored for `key`, if any and intact.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        for slot in self.cluster(key) {
            let data = slot.data.load(Relaxed);
            if data != 0 && slot.check.load(Relaxed) ^ data == key {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a search result for `key`, replacing the least valuable entry of its cluster.
    /// An entry without a move keeps the move already stored for the same key.
    pub fn store(&self, key: u64, mv: Option<u32>, score: Score, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed);
        let cluster = self.cluster(key);
        let mut victim = 0;
        let mut victim_worth = i32::MAX;
        for (i, slot) in cluster.iter().enumerate() {
            let data = slot.data.load(Relaxed);
            if data == 0 || slot.check.load(Relaxed) ^ data == key {
                victim = i;
                break;
            }
            let age = (generation.wrapping_sub((data >> 58) as u8) & 63) as i32;
            let worth = ((data >> 48) & 0xFF) as i32 - 8 * age;
            if worth < victim_worth {
                victim = i;
                victim_worth = worth;
            }
        }
        let slot = &cluster[victim];
        let old = slot.data.load(Relaxed);
        let same_key = old != 0 && slot.check.load(Relaxed) ^ old == key;
        let mv = match mv {
            Some(m) => m as u64,
            None if same_key => old & NO_MOVE,
            None => NO_MOVE,
        };
        let data = mv
            | ((score as i16 as u16 as u64) << 32)
            | ((depth.clamp(0, 255) as u64) << 48)
            | ((bound as u64) << 56)
            | ((generation as u64) << 58);
        slot.check.store(key ^ data, Relaxed);
        slot.data.store(data, Relaxed);
    }

    /// Per mille of a sample of entries written by the current search (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) as u64;
        let sample = &self.slots[..self.slots.len().min(1000)];
        let used = sample
            .iter()
            .filter(|s| {
                let data = s.data.load(Relaxed);
                data != 0 && data >> 58 == generation
            })
            .count();
        (used * 1000 / sample.len().max(1)) as u32
    }
}

fn unpack(data: u64) -> Hit {
    let mv = (data & NO_MOVE) as u32;
    Hit {
        mv: (mv != u32::MAX).then_some(mv),
        score: (data >> 32) as u16 as i16 as Score,
        depth: ((data >> 48) & 0xFF) as i32,
        bound: match (data >> 56) & 3 {
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => Bound::Exact,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_probes_round_trip() {
        let tt = TranspositionTable::new(1).unwrap();
        tt.store(0xDEAD_BEEF, Some(1234), -29_990, 17, Bound::Lower);
        let hit = tt.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((hit.mv, hit.score, hit.depth, hit.bound), (Some(1234), -29_990, 17, Bound::Lower));
        assert!(tt.probe(0xDEAD_BEEE).is_none());
        tt.store(0xDEAD_BEEF, None, 5, 3, Bound::Upper);
        assert_eq!(tt.probe(0xDEAD_BEEF).unwrap().mv, Some(1234), "a move-less store keeps the move");
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn impossible_sizes_are_refused_not_panics() {
        assert!(TranspositionTable::new(usize::MAX).is_none());
        if let Some(free) = available_mib() {
            assert!(TranspositionTable::new(free + 1).is_none());
        }
    }
}
