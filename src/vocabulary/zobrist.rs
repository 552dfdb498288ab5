use super::SplitMix64;
use std::hash::Hasher;

/// `N` pseudo-random keys drawn from `seed`, computed at compile time when used in a `const`.
/// Different games use different seeds so their keys never coincide by construction.
pub const fn zobrist_table<const N: usize>(seed: u64) -> [u64; N] {
    let mut rng = SplitMix64::new(seed);
    let mut table = [0u64; N];
    let mut i = 0;
    while i < N {
        table[i] = rng.next();
        i += 1;
    }
    table
}

/// A hasher for maps keyed by zobrist keys: they are already uniformly random, so the key is
/// its own hash.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ byte as u64;
        }
    }

    #[inline]
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        const T: [u64; 256] = zobrist_table(7);
        let mut sorted = T.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
        assert!(T.iter().all(|&k| k != 0));
    }
}
