//! The checkmate search's own transposition table: proof and disproof numbers per position,
//! keyed by the position's zobrist key (board, both hands and the side to move).

use super::numbers::Numbers;
use crate::core::available_mib;

/// One stored position, packed in three words so that a new table is allocated zeroed (the
/// system hands out pages only as they are touched): the key; the proof and disproof numbers;
/// the work, the mate length and the repetition flag.
#[derive(Clone, Copy, Debug)]
struct Entry([u64; 3]);

impl Entry {
    fn new(key: u64, numbers: Numbers, work: u32) -> Entry {
        let counts = numbers.pn as u64 | (numbers.dn as u64) << 32;
        let rest = work as u64 | (numbers.len as u64) << 32 | (numbers.rep as u64) << 48;
        Entry([key, counts, rest])
    }

    #[inline]
    fn key(&self) -> u64 {
        self.0[0]
    }

    /// Nodes searched below this position when it was stored (at least 1 once used): how
    /// much work the entry saves, for replacement.
    #[inline]
    fn work(&self) -> u32 {
        self.0[2] as u32
    }

    #[inline]
    fn holds(&self, key: u64) -> bool {
        self.work() != 0 && self.key() == key
    }

    #[inline]
    fn numbers(&self) -> Numbers {
        let [_, counts, rest] = self.0;
        Numbers { pn: counts as u32, dn: (counts >> 32) as u32, len: (rest >> 32) as u16, rep: rest >> 48 & 1 != 0 }
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

    /// The numbers stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Numbers> {
        self.entries[self.bucket(key)].iter().map(|&words| Entry(words)).find(|e| e.holds(key)).map(|e| e.numbers())
    }

    /// Stores `numbers` for `key`, found with `work` nodes. A new key replaces the entry of its
    /// bucket that saves the least work; decided entries count four times their work, since
    /// the mating line is read back from them.
    pub fn store(&mut self, key: u64, numbers: Numbers, work: u64) {
        let range = self.bucket(key);
        let bucket = &mut self.entries[range];
        let slot = match bucket.iter().position(|&words| Entry(words).holds(key)) {
            Some(same) => same,
            None => {
                let worth = |words: [u64; 3]| {
                    let entry = Entry(words);
                    let numbers = entry.numbers();
                    let weight = if numbers.is_decided() && !numbers.rep { 4 } else { 1 };
                    entry.work() as u64 * weight
                };
                (0..BUCKET).min_by_key(|&i| worth(bucket[i])).unwrap_or(0)
            }
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
    fn stores_finds_and_replaces_the_cheapest() {
        let mut table = Table::new(1);
        let proof = Numbers::proof(3);
        table.store(42, proof, 10);
        assert_eq!(table.get(42), Some(proof));
        assert_eq!(table.get(43), None);
        // Fill the bucket of key 42 with cheap entries, then one more: 42 (decided) survives.
        let in_bucket: Vec<u64> =
            (1..u64::MAX).step_by(7919).filter(|&k| k != 42 && table.bucket(k) == table.bucket(42)).take(4).collect();
        for &key in &in_bucket {
            table.store(key, Numbers::UNKNOWN, 1);
        }
        assert_eq!(table.get(42), Some(proof));
        assert_eq!(in_bucket.iter().filter(|&&k| table.get(k).is_some()).count(), BUCKET - 1);
        assert!(table.hashfull() <= 1000);
    }
}
