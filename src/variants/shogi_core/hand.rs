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

    /// The hand as one number: a byte per kind, the count of the kind of index `i` in byte
    /// `i` (counting from the lowest).
    #[inline]
    pub fn to_bits(self) -> u64 {
        let [p, l, n, s, b, r, g] = self.0;
        u64::from_le_bytes([p, l, n, s, b, r, g, 0])
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
    fn bits_are_a_byte_per_kind() {
        let mut hand = Hand::default();
        hand.add(Kind::Gold);
        hand.add(Kind::Gold);
        hand.add(Kind::Pawn);
        hand.add(Kind::Rook);
        let bytes = hand.to_bits().to_le_bytes();
        assert_eq!((bytes[Kind::Pawn.index()], bytes[Kind::Rook.index()], bytes[Kind::Gold.index()]), (1, 1, 2));
        assert_eq!(bytes.iter().map(|&n| u32::from(n)).sum::<u32>(), hand.total());
    }
}
