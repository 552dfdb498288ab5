//! The Shogammon board (docs/rules/shogammon.md §2): the shogi board of the top pieces (what
//! moves, attacks, blocks and is dropped beside; the hands and their keys), and under it the
//! lower pieces of the points. A point is two friendly pieces on one square; only the top one
//! moves.

use crate::variants::shogi_core::bitboard::{bit, squares, Bitboard};
use crate::variants::shogi_core::board::Board as Tops;
use crate::variants::shogi_core::piece::{Kind, Piece, KINDS};
use crate::variants::shogi_core::square::{Square, SQUARES};
use crate::vocabulary::{zobrist_table, Side};

/// Keys of a lower piece per (side, kind, square): a piece under a point is keyed apart from
/// the same piece on top, so `[GK]` and `[KG]` differ.
static UNDER_KEYS: [u64; 2 * KINDS * SQUARES] = zobrist_table(0x5E06_2000_0000_0001);

#[inline]
fn under_key(piece: Piece, sq: Square) -> u64 {
    UNDER_KEYS[(piece.side.index() * KINDS + piece.kind.index()) * SQUARES + sq]
}

/// The pieces on the board, with points, and in hand.
///
/// Invariants: `points` is the set of squares whose `under` is a piece; a point's two pieces
/// belong to one side and its top is in `tops`; `under_key` is the key of every lower piece.
#[derive(Clone, Debug)]
pub struct Board {
    tops: Tops,
    under: [Option<Piece>; SQUARES],
    points: Bitboard,
    under_key: u64,
}

impl Default for Board {
    /// An empty board and empty hands.
    fn default() -> Board {
        Board { tops: Tops::default(), under: [None; SQUARES], points: 0, under_key: 0 }
    }
}

impl Board {
    /// The top pieces (the only ones that move, attack and block) and the hands.
    #[inline]
    pub fn tops(&self) -> &Tops {
        &self.tops
    }

    /// The lower piece of the point on `sq`, if it is one.
    #[inline]
    pub fn under(&self, sq: Square) -> Option<Piece> {
        self.under[sq]
    }

    /// The squares where a piece of `side` and `kind` lies under a point.
    pub fn under_pieces(&self, side: Side, kind: Kind) -> Bitboard {
        let piece = Piece::new(side, kind);
        squares(self.points).filter(|&sq| self.under[sq] == Some(piece)).fold(0, |set, sq| set | bit(sq))
    }

    /// The squares holding points.
    #[inline]
    pub fn points(&self) -> Bitboard {
        self.points
    }

    /// Puts `piece` on `sq`: an empty square, or a friendly single piece, which goes under it
    /// (a point forms).
    pub fn land(&mut self, sq: Square, piece: Piece) {
        if let Some(lower) = self.tops.remove(sq) {
            debug_assert!(lower.side == piece.side && self.under[sq].is_none(), "no point on {sq}");
            self.under[sq] = Some(lower);
            self.points |= bit(sq);
            self.under_key ^= under_key(lower, sq);
        }
        self.tops.put(sq, piece);
    }

    /// Takes the top piece off `sq`, if any; the lower piece of a point is left as a single.
    pub fn lift(&mut self, sq: Square) -> Option<Piece> {
        let top = self.tops.remove(sq)?;
        if let Some(lower) = self.under[sq].take() {
            self.points &= !bit(sq);
            self.under_key ^= under_key(lower, sq);
            self.tops.put(sq, lower);
        }
        Some(top)
    }

    /// Takes everything off `sq` (a single or a whole point): the top piece and the lower one.
    pub fn clear(&mut self, sq: Square) -> (Option<Piece>, Option<Piece>) {
        let top = self.tops.remove(sq);
        let lower = self.under[sq].take();
        if let Some(lower) = lower {
            self.points &= !bit(sq);
            self.under_key ^= under_key(lower, sq);
        }
        (top, lower)
    }

    /// Adds a piece of `kind` (unpromoted, not King) to `side`'s hand.
    #[inline]
    pub fn add_to_hand(&mut self, side: Side, kind: Kind) {
        self.tops.add_to_hand(side, kind);
    }

    /// Takes a piece of `kind`, which `side` must hold, from its hand.
    #[inline]
    pub fn take_from_hand(&mut self, side: Side, kind: Kind) {
        self.tops.take_from_hand(side, kind);
    }

    /// The zobrist key of the pieces (top and lower) and the hands.
    #[inline]
    pub fn key(&self) -> u64 {
        self.tops.key() ^ self.under_key
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn key_from_scratch(&self) -> u64 {
        let lower = (0..SQUARES).filter_map(|sq| self.under[sq].map(|piece| under_key(piece, sq)));
        lower.fold(self.tops.key_from_scratch(), |key, k| key ^ k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi_core::square::parse_square;

    fn square(name: &str) -> Square {
        parse_square(name).unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn points_form_lift_and_clear_with_the_key_in_step() {
        let gold = Piece::new(Side::First, Kind::Gold);
        let king = Piece::new(Side::First, Kind::King);
        let (g, k) = (square("4i"), square("5i"));
        let mut board = Board::default();
        board.land(g, gold);
        board.land(k, king);
        let singles = board.key();
        // The King steps onto the Gold: [GK] on 4i.
        let moved = board.lift(k);
        assert_eq!(moved, Some(king));
        board.land(g, king);
        assert_eq!((board.tops().piece_at(g), board.under(g), board.points()), (Some(king), Some(gold), bit(g)));
        assert_eq!(board.key(), board.key_from_scratch());
        let gk = board.key();
        // The King leaves: the Gold is a single again.
        assert_eq!(board.lift(g), Some(king));
        assert_eq!((board.tops().piece_at(g), board.under(g), board.points()), (Some(gold), None, 0));
        board.land(k, king);
        assert_eq!(board.key(), singles);
        // [KG] is another position than [GK].
        let mut other = Board::default();
        other.land(g, king);
        other.land(g, gold);
        assert_ne!(other.key(), gk);
        assert_eq!(other.key(), other.key_from_scratch());
        assert_eq!(other.clear(g), (Some(gold), Some(king)));
        assert_eq!((other.points(), other.key()), (0, 0));
    }
}
