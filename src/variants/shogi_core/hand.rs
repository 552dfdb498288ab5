//! Pieces in hand: how many of each of the seven droppable kinds one player holds.

use super::piece::{Kind, HAND_KINDS};

/// The pieces one player holds, by kind (`Pawn`..`Gold`). Counts never exceed the standard set
/// (18 pawns), so they fit a byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hand([u8; HAND_KINDS]);

impl Hand {
    /// No pieces.
    pub const EMPTY: Hand = Hand([0; HAND_KINDS]);

    /// How many pieces of `kind` (an unpromoted, non-King kind) the hand holds.
    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        self.0[kind.index()]
    }

    /// Adds one piece of `kind` (an unpromoted, non-King kind); returns the new count.
    #[inline]
    pub fn add(&mut self, kind: Kind) -> u8 {
        self.0[kind.index()] += 1;
        self.0[kind.index()]
    }

    /// Takes one piece of `kind`, which the hand must hold; returns the new count.
    #[inline]
    pub fn take(&mut self, kind: Kind) -> u8 {
        self.0[kind.index()] -= 1;
        self.0[kind.index()]
    }

    /// Whether the hand is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; HAND_KINDS]
    }

    /// The total number of pieces held.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// The kinds held at least once, pawn first.
    #[inline]
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::IN_HAND.into_iter().filter(|&k| self.0[k.index()] > 0)
    }

    /// Sets the count of `kind` (an unpromoted, non-King kind).
    #[inline]
    pub fn set(&mut self, kind: Kind, count: u8) {
        self.0[kind.index()] = count;
    }

    /// Whether this hand holds at least as many pieces of every kind as `other` (hand
    /// superiority: a player with this hand can do everything `other` allows).
    #[inline]
    pub fn covers(&self, other: &Hand) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a >= b)
    }

    /// Per kind the larger count of the two hands.
    #[inline]
    pub fn max(self, other: Hand) -> Hand {
        Hand(std::array::from_fn(|i| self.0[i].max(other.0[i])))
    }

    /// Per kind the smaller count of the two hands.
    #[inline]
    pub fn min(self, other: Hand) -> Hand {
        Hand(std::array::from_fn(|i| self.0[i].min(other.0[i])))
    }

    /// The hand as one number (a byte per kind), for tables; [`Hand::from_bits`] inverts it.
    #[inline]
    pub fn to_bits(self) -> u64 {
        let [p, l, n, s, b, r, g] = self.0;
        u64::from_le_bytes([p, l, n, s, b, r, g, 0])
    }

    /// The hand written by [`Hand::to_bits`].
    #[inline]
    pub fn from_bits(bits: u64) -> Hand {
        let [p, l, n, s, b, r, g, _] = bits.to_le_bytes();
        Hand([p, l, n, s, b, r, g])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_go_up_and_down() {
        let mut hand = Hand::default();
        assert!(hand.is_empty());
        assert_eq!(hand.add(Kind::Pawn), 1);
        assert_eq!(hand.add(Kind::Pawn), 2);
        assert_eq!(hand.add(Kind::Rook), 1);
        assert_eq!(hand.total(), 3);
        assert_eq!(hand.kinds().collect::<Vec<_>>(), vec![Kind::Pawn, Kind::Rook]);
        assert_eq!(hand.take(Kind::Pawn), 1);
        assert_eq!(hand.count(Kind::Pawn), 1);
        assert!(!hand.is_empty());
    }

    #[test]
    fn superiority_and_bits() {
        let mut small = Hand::default();
        small.add(Kind::Gold);
        let mut big = small;
        big.add(Kind::Gold);
        big.set(Kind::Pawn, 18);
        assert!(big.covers(&small) && big.covers(&big) && !small.covers(&big));
        let mut rook = Hand::default();
        rook.add(Kind::Rook);
        assert!(!big.covers(&rook) && !rook.covers(&small));
        assert_eq!(big.max(rook).count(Kind::Rook), 1);
        assert_eq!(big.max(rook).count(Kind::Gold), 2);
        assert_eq!(big.min(rook), Hand::default());
        assert_eq!(Hand::from_bits(big.to_bits()), big);
    }
}
