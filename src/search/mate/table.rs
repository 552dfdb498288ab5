//! The checkmate search's own transposition table: proof and disproof numbers per position,
//! keyed by [`Game::key`](crate::game::Game::key).

use super::numbers::Numbers;
use crate::vocabulary::available_mib;

/// One stored position, packed in three words so that a new table is allocated zeroed (the
/// system hands out pages only as they are touched): the key; the proof and disproof numbers,
/// or the path hash of a path-dependent disproof; the work, the mate length (the anchor of a
/// path-dependent disproof) and the path-dependence flag.
#[derive(Clone, Copy, Debug)]
struct Entry([u64; 3]);

impl Entry {
    fn new(key: u64, numbers: Numbers, work: u32) -> Entry {
        let (counts, len) = match numbers.path {
            Some(path) => (path.hash, path.anchor),
            None => (numbers.pn as u64 | (numbers.dn as u64) << 32, numbers.len),
        };
        let rest = work as u64 | (len as u64) << 32 | (numbers.path.is_some() as u64) << 48;
        Entry([key, counts, rest])
    }

    /// Nodes searched below this position when it was stored (at least 1 once used): how
    /// much work the entry saves, for replacement.
    #[inline]
    fn work(&self) -> u32 {
        self.0[2] as u32
    }

    #[inline]
    fn numbers(&self) -> Numbers {
        let [_, counts, rest] = self.0;
        if rest >> 48 & 1 != 0 {
            return Numbers::disproof_on(counts, (rest >> 32) as u16);
        }
        Numbers { pn: counts as u32, dn: (counts >> 32) as u32, len: (rest >> 32) as u16, path: None }
    }

    /// Whether the entry is in use for `key`.
    #[inline]
    fn holds(&self, key: u64) -> bool {
        self.work() != 0 && self.0[0] == key
    }

    /// How much keeping the entry is worth: its work, four times over for a decision that
    /// holds everywhere (the mating line is read back from those).
    fn worth(&self) -> u64 {
        let weight = if self.numbers().holds_everywhere() { 4 } else { 1 };
        self.work() as u64 * weight
    }
}

/// Entries per bucket: a key lives in one bucket, in any of its slots.
const BUCKET: usize = 4;

/// A fixed-size table of buckets; single-threaded (one checkmate search at a time).
pub(super) struct Table {
    entries: Vec<[u64; 3]>,
    buckets: usize,
}

impl Table {
    /// A table of at most `mib` MiB: less when the system cannot give that much, at least one
    /// bucket.
    pub fn new(mib: usize) -> Table {
        let mib = available_mib().map_or(mib, |free| mib.min(free / 2)).max(1);
        let mut buckets = (mib << 20) / (BUCKET * std::mem::size_of::<Entry>());
        while buckets > 1 && Vec::<[u64; 3]>::new().try_reserve_exact(buckets * BUCKET).is_err() {
            buckets /= 2;
        }
        let buckets = buckets.max(1);
        // Zeroed memory: the system provides pages as entries are first stored.
        Table { entries: vec![[0u64; 3]; buckets * BUCKET], buckets }
    }

    #[inline]
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let start = ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET;
        start..start + BUCKET
    }

    /// What the table holds for `key` (a path-dependent disproof included: the caller compares
    /// its path).
    #[inline]
    pub fn get(&self, key: u64) -> Option<Numbers> {
        self.entries[self.bucket(key)]
            .iter()
            .map(|&words| Entry(words))
            .find(|entry| entry.holds(key))
            .map(|e| e.numbers())
    }

    /// Stores `numbers` for `key`, found with `work` nodes. A decision that holds everywhere is
    /// only replaced by another one (a shortening search looks again at proven positions and
    /// may fail where the first search succeeded), and a proof only by a shorter one. A new key
    /// takes the slot of its bucket that saves the least work.
    pub fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let slot = match bucket.iter().position(|&words| Entry(words).holds(key)) {
            Some(same) => {
                let old = Entry(bucket[same]).numbers();
                let weaker = old.holds_everywhere() && !numbers.holds_everywhere();
                if weaker || (old.is_proven() && numbers.is_proven() && old.len <= numbers.len) {
                    return;
                }
                same
            }
            None => (0..BUCKET).min_by_key(|&i| Entry(bucket[i]).worth()).unwrap_or(0),
        };
        let work = u32::try_from(work).unwrap_or(u32::MAX).max(1);
        bucket[slot] = Entry::new(key, numbers, work).0;
    }

    /// Per mille of a sample of entries in use (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..self.entries.len().min(1000)];
        (sample.iter().filter(|&&words| Entry(words).work() != 0).count() * 1000 / sample.len().max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decisions_outlive_what_comes_after_them() {
        let mut table = Table::new(1);
        table.store(7, Numbers::open(2, 5), 4);
        assert_eq!(table.get(7), Some(Numbers::open(2, 5)));
        assert_eq!(table.get(8), None);
        // A proof replaces open numbers; neither open numbers nor a path-dependent disproof
        // nor a longer proof replaces it; a shorter one does.
        table.store(7, Numbers::proof(9), 4);
        table.store(7, Numbers::open(1, 1), 100);
        table.store(7, Numbers::disproof_on(99, 0), 100);
        table.store(7, Numbers::proof(11), 100);
        assert_eq!(table.get(7), Some(Numbers::proof(9)));
        table.store(7, Numbers::proof(5), 4);
        assert_eq!(table.get(7), Some(Numbers::proof(5)));
        // A path-dependent disproof keeps its path.
        table.store(9, Numbers::disproof_on(77, 3), 1);
        assert_eq!(table.get(9), Some(Numbers::disproof_on(77, 3)));
        assert!(table.hashfull() <= 1000);
    }

    #[test]
    fn the_cheapest_entry_makes_room() {
        let mut table = Table::new(1);
        // Every small key falls into the first bucket of a table.
        table.store(1, Numbers::proof(1), 10);
        for key in 2..=BUCKET as u64 + 1 {
            table.store(key, Numbers::UNKNOWN, 1);
        }
        assert!(table.get(1).is_some_and(|n| n.is_proven()));
        let kept = (2..=BUCKET as u64 + 1).filter(|&key| table.get(key).is_some());
        assert_eq!(kept.count(), BUCKET - 1);
    }
}
