//! The checkmate search's own transposition table: proof and disproof numbers per position,
//! filed under the key without the attacker's hand ([`MateKey::board`]), so that positions
//! differing only in the hands share a bucket. A lookup also finds decided positions whose
//! hands settle it: a proof with a hand the attacker's covers, a disproof with a hand that
//! covers the attacker's.
//!
//! Its size is bounded (`USI_Hash`): it starts at 4 MiB and grows fourfold up to the bound as it
//! fills, so a short search touches little memory. Once at the bound, every new entry replaces
//! the one of its bucket that saves the least work, decisions weighing four times their work
//! (the mating line is read back from them): the table keeps the proven and disproven entries
//! the search needs most, which is its garbage collection.
//!
//! An entry also records the least depth (plies from the root) its position was stored or
//! looked up at: undecided numbers read further down are old, the mark of a transposition
//! that may lead the search round in a loop (see [`super::dfpn`]).

use super::numbers::Numbers;
use crate::game::{MateHand, MateKey};
use crate::vocabulary::available_mib;

/// One stored position, packed in four words so that a new table is allocated zeroed (the
/// system hands out pages only as they are touched): the board key; the hand (the exact one,
/// or the proof / disproof hand of a decided position); the proof and disproof numbers, or the
/// path hash of a path-dependent disproof; the work, the mate length, the path flag and the
/// least depth.
#[derive(Clone, Copy, Debug)]
struct Entry([u64; 4]);

/// The largest depth an entry records (15 bits).
const DEEPEST: u16 = 0x7FFF;

impl Entry {
    fn new(board: u64, hand: MateHand, numbers: Numbers, work: u32, depth: u16) -> Entry {
        let counts = numbers.path.unwrap_or(numbers.pn as u64 | (numbers.dn as u64) << 32);
        let rest = work as u64
            | (numbers.len as u64) << 32
            | (numbers.on_path() as u64) << 48
            | (depth.min(DEEPEST) as u64) << 49;
        Entry([board, hand.to_bits(), counts, rest])
    }

    /// The least depth (plies from the root) the position was stored or looked up at.
    #[inline]
    fn depth(&self) -> u16 {
        (self.0[3] >> 49) as u16
    }

    /// The entry with its least depth lowered to `depth` if that is less.
    #[inline]
    fn seen_at(self, depth: u16) -> Entry {
        let least = self.depth().min(depth.min(DEEPEST));
        Entry([self.0[0], self.0[1], self.0[2], self.0[3] & !(u64::from(DEEPEST) << 49) | (least as u64) << 49])
    }

    #[inline]
    fn board(&self) -> u64 {
        self.0[0]
    }

    #[inline]
    fn hand(&self) -> MateHand {
        MateHand::from_bits(self.0[1])
    }

    /// Nodes searched below this position when it was stored (at least 1 once used): how
    /// much work the entry saves, for replacement.
    #[inline]
    fn work(&self) -> u32 {
        self.0[3] as u32
    }

    /// The stored numbers; the hand is the proof or disproof hand of a decided position (the
    /// exact hand of the others is the key's business).
    #[inline]
    fn numbers(&self) -> Numbers {
        let [_, _, counts, rest] = self.0;
        if rest >> 48 & 1 != 0 {
            return Numbers::disproof_on(counts);
        }
        let (pn, dn, len) = (counts as u32, (counts >> 32) as u32, (rest >> 32) as u16);
        let mut numbers = Numbers { pn, dn, len, path: None, hand: MateHand::NONE };
        if numbers.is_decided() {
            numbers.hand = self.hand();
        }
        numbers
    }

    /// Whether the entry is in use (an empty slot has no work).
    #[inline]
    fn in_use(&self) -> bool {
        self.work() != 0
    }

    /// Whether the entry is in use for `board`.
    #[inline]
    fn holds(&self, board: u64) -> bool {
        self.in_use() && self.board() == board
    }

    /// Whether the entry, whose numbers are `numbers`, settles a position with the attacker's
    /// `hand` by hand superiority.
    #[inline]
    fn settles(numbers: &Numbers, hand: MateHand) -> bool {
        !numbers.on_path()
            && ((numbers.is_proven() && hand.covers(numbers.hand))
                || (numbers.is_disproven() && numbers.hand.covers(hand)))
    }

    /// How much keeping the entry is worth: its work, four times over for a decision that
    /// holds everywhere (the mating line is read back from those).
    fn worth(&self) -> u64 {
        let weight = if self.numbers().holds_everywhere() { 4 } else { 1 };
        self.work() as u64 * weight
    }
}

/// Entries per bucket: a board lives in one bucket, in any of its slots.
const BUCKET: usize = 8;

/// The size a table starts at (when its limit is larger): a short search touches no more
/// memory than it needs (every new page costs the system a fault and a page of zeros).
const FIRST_BUCKETS: usize = (4 << 20) / (BUCKET * std::mem::size_of::<Entry>());

/// What the table says of one position.
pub(super) struct Lookup {
    /// A decided entry whose hand settles the position, else the entry of exactly it.
    pub numbers: Option<Numbers>,
    /// The least disproof number hand superiority gives an undecided position.
    pub dn: u32,
    /// Whether undecided numbers used were stored or looked up nearer the root than asked.
    pub old: bool,
    /// The slot of the position's own undecided entry.
    exact: Option<usize>,
}

/// A table of buckets that starts small and grows fourfold, up to its limit, whenever three
/// quarters of its slots are in use; single-threaded (one checkmate search at a time).
pub(super) struct Table {
    entries: Vec<[u64; 4]>,
    buckets: usize,
    /// The most buckets the table may grow to.
    limit: usize,
    /// Slots in use.
    used: usize,
}

impl Table {
    /// A table of at most `mib` MiB: less when the system cannot give that much, at least one
    /// bucket.
    pub fn new(mib: usize) -> Table {
        let mib = available_mib().map_or(mib, |free| mib.min(free / 2)).max(1);
        let mut limit = (mib << 20) / (BUCKET * std::mem::size_of::<Entry>());
        while limit > 1 && Vec::<[u64; 4]>::new().try_reserve_exact(limit * BUCKET).is_err() {
            limit /= 2;
        }
        let limit = limit.max(1);
        let buckets = limit.min(FIRST_BUCKETS);
        Table { entries: vec![[0u64; 4]; buckets * BUCKET], buckets, limit, used: 0 }
    }

    /// Grows the table fourfold (at most to its limit), moving every entry into its bucket of
    /// the larger table; when the memory cannot be had, the table stays as it is.
    fn grow(&mut self) {
        let buckets = (self.buckets * 4).min(self.limit);
        let mut entries = Vec::new();
        if entries.try_reserve_exact(buckets * BUCKET).is_err() {
            self.limit = self.buckets;
            return;
        }
        entries.resize(buckets * BUCKET, [0u64; 4]);
        let old = std::mem::replace(&mut self.entries, entries);
        self.buckets = buckets;
        self.used = 0;
        for words in old.into_iter().filter(|&words| Entry(words).in_use()) {
            let range = self.bucket(Entry(words).board());
            let bucket = &mut self.entries[range];
            // A bucket of the larger table takes entries from one bucket of the smaller, so
            // it has room for all of them.
            if let Some(free) = bucket.iter().position(|slot| !Entry(*slot).in_use()) {
                bucket[free] = words;
                self.used += 1;
            }
        }
    }

    #[inline]
    fn bucket(&self, board: u64) -> std::ops::Range<usize> {
        let start = ((board as u128 * self.buckets as u128) >> 64) as usize * BUCKET;
        start..start + BUCKET
    }

    /// Asks the processor to bring the bucket of `board` into its cache: a node's children are
    /// read one after another, and each read would otherwise wait for memory on its own.
    #[inline]
    pub fn prefetch(&self, board: u64) {
        let start = self.bucket(board).start;
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and changes nothing the program can observe; the
        // address is that of an element of `entries`.
        unsafe {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let at = self.entries.as_ptr().add(start).cast::<i8>();
            for line in 0..4 {
                _mm_prefetch::<_MM_HINT_T0>(at.add(64 * line));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = start;
    }

    /// What the table knows about `key`: a decided entry of the same board whose hand settles
    /// it (the shortest mate among proofs), else the entry of exactly this position (a
    /// path-dependent disproof included: the caller compares its path).
    #[inline]
    pub fn get(&self, key: MateKey) -> Option<Numbers> {
        self.scan(key, DEEPEST).numbers
    }

    /// The length of the mate the table records for `key` (by hand superiority too), if it
    /// holds a proof of it.
    #[inline]
    pub fn mate_len(&self, key: MateKey) -> Option<u16> {
        self.get(key).filter(|numbers| numbers.is_proven()).map(|numbers| numbers.len)
    }

    /// [`get`](Table::get) for a position `depth` plies from the root, with the least
    /// disproof number the undecided entries of the same board with smaller hands say `key`
    /// has by hand superiority: an attacker holding more than a position's hand is at least as
    /// far from a disproof (1 when none says more). The other way round (an attacker holding
    /// less is at least as far from a proof) holds as well, but a proof number that another
    /// hand's search drove up steers the search away from a position it would prove quickly,
    /// and is not used. Also says whether undecided numbers it used were stored or looked up
    /// nearer the root than `depth` (an old child, see [`super::dfpn`]); the entry of exactly
    /// this position now records `depth` if that is nearer.
    #[inline]
    pub fn look_up(&mut self, key: MateKey, depth: u16) -> Lookup {
        let found = self.scan(key, depth);
        if let Some(slot) = found.exact {
            self.entries[slot] = Entry(self.entries[slot]).seen_at(depth).0;
        }
        found
    }

    /// What the bucket of `key` says of it (see [`look_up`](Table::look_up)).
    #[inline]
    fn scan(&self, key: MateKey, depth: u16) -> Lookup {
        let (mut settled, mut exact) = (None::<Numbers>, None);
        let mut found = Lookup { numbers: None, dn: 1, old: false, exact: None };
        let range = self.bucket(key.board);
        for (slot, entry) in range.clone().zip(self.entries[range].iter().map(|&words| Entry(words))) {
            if !entry.holds(key.board) {
                continue;
            }
            let numbers = entry.numbers();
            if Entry::settles(&numbers, key.hand) {
                if numbers.is_disproven() {
                    found.numbers = Some(numbers);
                    return found;
                }
                if settled.is_none_or(|best| numbers.len < best.len) {
                    settled = Some(numbers);
                }
            } else if entry.hand() == key.hand {
                exact = Some(numbers);
                found.exact = Some(slot).filter(|_| !numbers.is_decided());
                found.old |= !numbers.is_decided() && entry.depth() < depth;
            } else if !numbers.is_decided() && key.hand.covers(entry.hand()) && numbers.dn > found.dn {
                found.dn = numbers.dn;
                found.old |= entry.depth() < depth;
            }
        }
        found.numbers = settled.or(exact);
        if settled.is_some() {
            (found.exact, found.old) = (None, false);
        }
        found
    }

    /// Forgets the path-dependent disproof of exactly `key`, if stored.
    pub fn forget_path_dependent(&mut self, key: MateKey) {
        let range = self.bucket(key.board);
        for words in &mut self.entries[range] {
            let entry = Entry(*words);
            if entry.holds(key.board) && entry.hand() == key.hand && entry.numbers().on_path() {
                *words = [0; 4];
                self.used -= 1;
            }
        }
    }

    /// Stores `numbers` for `key`, found with `work` nodes. A decision that holds everywhere
    /// is filed under its proof or disproof hand and takes the place of the position's
    /// undecided entry; nothing else takes the place of such a decision (a shortening search
    /// looks again at proven positions). A new entry replaces the one of its bucket that saves
    /// the least [`worth`](Entry::worth).
    pub fn store(&mut self, key: MateKey, numbers: Numbers, work: u64, depth: u16) {
        let everywhere = numbers.holds_everywhere();
        let hand = if everywhere { numbers.hand } else { key.hand };
        let range = self.bucket(key.board);
        let bucket = &mut self.entries[range];
        let same = |words: &[u64; 4]| {
            let entry = Entry(*words);
            entry.holds(key.board) && (entry.hand() == hand || entry.hand() == key.hand)
        };
        let (slot, depth) = match bucket.iter().position(same) {
            Some(same) if !everywhere && Entry(bucket[same]).numbers().holds_everywhere() => return,
            Some(same) => (same, depth.min(Entry(bucket[same]).depth())),
            None => ((0..BUCKET).min_by_key(|&i| Entry(bucket[i]).worth()).unwrap_or(0), depth),
        };
        let fills = !Entry(bucket[slot]).in_use();
        let work = u32::try_from(work).unwrap_or(u32::MAX).max(1);
        bucket[slot] = Entry::new(key.board, hand, numbers, work, depth).0;
        if fills {
            self.used += 1;
            if self.buckets < self.limit && self.used * 4 > self.entries.len() * 3 {
                self.grow();
            }
        }
    }

    /// Per mille of the table's largest size in use (USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        (self.used * 1000 / (self.limit * BUCKET)).min(1000) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand of golds (kind 6) and pawns (kind 0).
    fn hand(golds: u8, pawns: u8) -> MateHand {
        MateHand::NONE.with(6, golds).with(0, pawns)
    }

    fn key(board: u64, hand: MateHand) -> MateKey {
        MateKey { board, hand }
    }

    #[test]
    fn hands_settle_by_superiority() {
        let mut table = Table::new(1);
        let (gold, gold_pawn, silver) = (hand(1, 0), hand(1, 1), MateHand::NONE.with(3, 1));
        // Proven with a gold: proven with a gold and a pawn too, not with a silver.
        table.store(key(7, gold_pawn), Numbers::proof(3, gold), 10, 0);
        assert_eq!(table.get(key(7, gold_pawn)), Some(Numbers::proof(3, gold)));
        assert_eq!(table.get(key(7, gold)), Some(Numbers::proof(3, gold)));
        assert_eq!(table.get(key(7, silver)), None);
        assert_eq!(table.get(key(8, gold)), None);
        // Disproven with a silver: disproven with nothing too.
        table.store(key(7, silver), Numbers::disproof(silver), 10, 0);
        assert!(table.get(key(7, MateHand::NONE)).is_some_and(|n| n.is_disproven()));
        // A path-dependent disproof is only ever found for its exact hand, with its path.
        table.store(key(9, gold), Numbers::disproof_on(77), 1, 0);
        assert_eq!(table.get(key(9, gold)), Some(Numbers::disproof_on(77)));
        assert_eq!(table.get(key(9, MateHand::NONE)), None);
        table.forget_path_dependent(key(9, gold));
        assert_eq!(table.get(key(9, gold)), None);
        // An undecided entry is exact, and a later decision takes its place.
        table.store(key(11, gold_pawn), Numbers::open(2, 5), 4, 0);
        assert_eq!(table.get(key(11, gold_pawn)), Some(Numbers::open(2, 5)));
        assert_eq!(table.get(key(11, gold)), None);
        table.store(key(11, gold_pawn), Numbers::proof(1, MateHand::NONE), 4, 0);
        let holding = table.entries[table.bucket(11)].iter().filter(|&&w| Entry(w).holds(11)).count();
        assert_eq!(holding, 1);
        assert!(table.hashfull() <= 1000);
    }

    fn floor(table: &Table, key: MateKey) -> u32 {
        table.scan(key, DEEPEST).dn
    }

    #[test]
    fn undecided_numbers_have_a_disproof_floor_by_hand_superiority() {
        let mut table = Table::new(1);
        let (gold, gold_pawn, silver) = (hand(1, 0), hand(1, 1), MateHand::NONE.with(3, 1));
        // With a gold and a pawn the position is 30 from a proof and 8 from a disproof.
        table.store(key(7, gold_pawn), Numbers::open(30, 8), 10, 0);
        // With a silver as well, no nearer a disproof; with only the gold, nothing is said.
        assert_eq!(floor(&table, key(7, gold_pawn.with(3, 1))), 8);
        assert_eq!(floor(&table, key(7, gold)), 1);
        // Hands that do not compare, another board, and the exact hand say nothing.
        assert_eq!(floor(&table, key(7, silver)), 1);
        assert_eq!(floor(&table, key(8, gold_pawn.with(3, 1))), 1);
        assert_eq!(floor(&table, key(7, gold_pawn)), 1);
        // Decided entries settle positions instead (see `get`); they give no floor.
        table.store(key(9, gold), Numbers::proof(3, gold), 10, 0);
        assert_eq!(floor(&table, key(9, gold_pawn)), 1);
    }

    #[test]
    fn undecided_numbers_are_old_below_the_least_depth_they_were_seen_at() {
        let mut table = Table::new(1);
        let (gold, gold_pawn) = (hand(1, 0), hand(1, 1));
        table.store(key(7, gold), Numbers::open(3, 4), 10, 5);
        // Stored 5 plies from the root: old further down, not at 5 or nearer.
        assert!(table.look_up(key(7, gold), 7).old);
        assert!(!table.look_up(key(7, gold), 5).old);
        // Looked up at 3: from then on old at 5 too, and storing deeper keeps the 3.
        assert!(!table.look_up(key(7, gold), 3).old);
        assert!(table.look_up(key(7, gold), 5).old);
        table.store(key(7, gold), Numbers::open(6, 4), 10, 9);
        assert!(table.look_up(key(7, gold), 4).old);
        // A disproof floor taken from an entry seen nearer the root is old as well.
        let floored = table.look_up(key(7, gold_pawn), 4);
        assert_eq!((floored.numbers, floored.dn, floored.old), (None, 4, true));
        assert!(!table.look_up(key(7, gold_pawn), 3).old);
        // Decided numbers are never old.
        table.store(key(8, gold), Numbers::proof(3, gold), 10, 1);
        let proven = table.look_up(key(8, gold_pawn), 9);
        assert!(proven.numbers.is_some_and(|n| n.is_proven()) && !proven.old);
    }

    #[test]
    fn a_table_grows_to_its_limit_and_keeps_what_it_holds() {
        let mut table = Table::new(16);
        assert_eq!((table.buckets, table.limit), (FIRST_BUCKETS, 4 * FIRST_BUCKETS));
        // Spread keys: enough to fill three quarters of the first size, then some.
        let boards: Vec<u64> =
            (1..=(FIRST_BUCKETS * BUCKET) as u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for (i, &board) in boards.iter().enumerate() {
            table.store(key(board, hand(1, 0)), Numbers::open(2, 2 + i as u32 % 7), 3, 0);
        }
        assert_eq!(table.buckets, table.limit, "grown fourfold once");
        let kept = boards.iter().filter(|&&board| table.get(key(board, hand(1, 0))).is_some()).count();
        // Only collisions in the first size's full buckets can have cost an entry.
        assert!(kept * 10 >= boards.len() * 9, "{kept} of {}", boards.len());
        assert_eq!(table.used, table.entries.iter().filter(|&&w| Entry(w).in_use()).count());
        assert!(table.hashfull() > 0 && table.hashfull() <= 1000);
        // At its limit it grows no more, and replaces instead.
        for &board in &boards {
            table.store(key(board ^ 1, MateHand::NONE), Numbers::open(2, 2), 1, 0);
        }
        assert_eq!(table.buckets, table.limit);
    }

    #[test]
    fn decisions_outlive_what_comes_after_them() {
        let mut table = Table::new(1);
        table.store(key(7, MateHand::NONE), Numbers::proof(9, MateHand::NONE), 4, 0);
        table.store(key(7, MateHand::NONE), Numbers::open(1, 1), 100, 0);
        table.store(key(7, MateHand::NONE), Numbers::disproof_on(99), 100, 0);
        assert_eq!(table.get(key(7, MateHand::NONE)), Some(Numbers::proof(9, MateHand::NONE)));
        table.store(key(7, MateHand::NONE), Numbers::proof(5, MateHand::NONE), 4, 0);
        assert_eq!(table.get(key(7, MateHand::NONE)), Some(Numbers::proof(5, MateHand::NONE)));
    }

    #[test]
    fn the_cheapest_entry_makes_room() {
        let mut table = Table::new(1);
        // Every small board key falls into the first bucket of a table.
        table.store(key(1, MateHand::NONE), Numbers::proof(1, MateHand::NONE), 10, 0);
        for board in 2..=BUCKET as u64 + 1 {
            table.store(key(board, MateHand::NONE), Numbers::UNKNOWN, 1, 0);
        }
        assert!(table.get(key(1, MateHand::NONE)).is_some_and(|n| n.is_proven()));
        let kept = (2..=BUCKET as u64 + 1).filter(|&b| table.get(key(b, MateHand::NONE)).is_some());
        assert_eq!(kept.count(), BUCKET - 1);
    }
}
