//! The board of shogi-like games: a mailbox plus bitboards per side and per kind, both hands, and
//! the zobrist key of all of it (the side to move is the position's business).

use super::attacks;
use super::bitboard::{bit, first, Bitboard};
use super::hand::Hand;
use super::moves::ShogiMove;
use super::piece::{Kind, Piece, HAND_KINDS, KINDS};
use super::square::{Square, SQUARES};
use crate::vocabulary::{zobrist_table, Side};

/// The most pieces of one kind a hand can hold (18 pawns).
const MAX_IN_HAND: usize = 18;
const PIECE_KEYS: usize = 2 * KINDS * SQUARES;
const HAND_KEYS: usize = 2 * HAND_KINDS * (MAX_IN_HAND + 1);
static KEYS: [u64; PIECE_KEYS + HAND_KEYS] = zobrist_table(0x5E06_1000_0000_0001);

/// The key component of the side to move (XORed in when White is to move).
pub const SIDE_KEY: u64 = zobrist_table::<1>(0x5E06_1000_0000_0002)[0];

#[inline]
fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS[(piece.side.index() * KINDS + piece.kind.index()) * SQUARES + sq]
}

/// The key of holding `count` pieces of `kind`; holding none contributes nothing.
#[inline]
fn hand_key(side: Side, kind: Kind, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        KEYS[PIECE_KEYS + (side.index() * HAND_KINDS + kind.index()) * (MAX_IN_HAND + 1) + count as usize]
    }
}

/// Pieces on the board and in hand. Every mutation keeps the bitboards, the mailbox and the key
/// in step; callers keep the rules (one piece per square, counts within the standard set).
#[derive(Clone, Debug)]
pub struct Board {
    squares: [Option<Piece>; SQUARES],
    sides: [Bitboard; 2],
    kinds: [Bitboard; KINDS],
    hands: [Hand; 2],
    /// The key of the pieces on the board, and of both hands: [`Board::key`] is both.
    pieces_key: u64,
    hands_key: u64,
}

impl Default for Board {
    fn default() -> Board {
        Board {
            squares: [None; SQUARES],
            sides: [0; 2],
            kinds: [0; KINDS],
            hands: [Hand::default(); 2],
            pieces_key: 0,
            hands_key: 0,
        }
    }
}

impl Board {
    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares[sq]
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert!(self.squares[sq].is_none(), "square {sq} is occupied");
        self.squares[sq] = Some(piece);
        self.sides[piece.side.index()] |= bit(sq);
        self.kinds[piece.kind.index()] |= bit(sq);
        self.pieces_key ^= piece_key(piece, sq);
    }

    /// Takes the piece off `sq`, if any.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.squares[sq].take()?;
        self.sides[piece.side.index()] ^= bit(sq);
        self.kinds[piece.kind.index()] ^= bit(sq);
        self.pieces_key ^= piece_key(piece, sq);
        Some(piece)
    }

    /// The squares of `side`'s pieces.
    #[inline]
    pub fn side(&self, side: Side) -> Bitboard {
        self.sides[side.index()]
    }

    /// The squares of the pieces of `kind`, both sides.
    #[inline]
    pub fn kind(&self, kind: Kind) -> Bitboard {
        self.kinds[kind.index()]
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Bitboard {
        self.kinds[kind.index()] & self.sides[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.sides[0] | self.sides[1]
    }

    /// The squares of the pieces that move as a gold (gold and the four promoted small pieces).
    #[inline]
    pub fn gold_movers(&self) -> Bitboard {
        self.kind(Kind::Gold)
            | self.kind(Kind::ProPawn)
            | self.kind(Kind::ProLance)
            | self.kind(Kind::ProKnight)
            | self.kind(Kind::ProSilver)
    }

    /// The square of `side`'s King (the lowest one, should there be several).
    #[inline]
    pub fn king_square(&self, side: Side) -> Option<Square> {
        let kings = self.pieces(side, Kind::King);
        (kings != 0).then(|| first(kings))
    }

    /// `side`'s hand.
    #[inline]
    pub fn hand(&self, side: Side) -> &Hand {
        &self.hands[side.index()]
    }

    /// Adds a piece of `kind` (unpromoted, not King) to `side`'s hand.
    #[inline]
    pub fn add_to_hand(&mut self, side: Side, kind: Kind) {
        let count = self.hands[side.index()].add(kind);
        self.hands_key ^= hand_key(side, kind, count - 1) ^ hand_key(side, kind, count);
    }

    /// Takes a piece of `kind`, which `side` must hold, from its hand.
    #[inline]
    pub fn take_from_hand(&mut self, side: Side, kind: Kind) {
        let count = self.hands[side.index()].take(kind);
        self.hands_key ^= hand_key(side, kind, count + 1) ^ hand_key(side, kind, count);
    }

    /// The zobrist key of the pieces on the board and in hand.
    #[inline]
    pub fn key(&self) -> u64 {
        self.pieces_key ^ self.hands_key
    }

    /// The zobrist key of the pieces on the board alone (hands left out).
    #[inline]
    pub fn pieces_key(&self) -> u64 {
        self.pieces_key
    }

    /// The key computed from scratch (the incremental key always equals it).
    pub fn key_from_scratch(&self) -> u64 {
        let mut key = 0;
        for (sq, piece) in self.squares.iter().enumerate() {
            if let Some(piece) = piece {
                key ^= piece_key(*piece, sq);
            }
        }
        for side in Side::ALL {
            for kind in Kind::IN_HAND {
                key ^= hand_key(side, kind, self.hand(side).count(kind));
            }
        }
        key
    }

    /// The pieces of `by` that attack `sq` when the occupied squares are `occupied` (pieces
    /// absent from `occupied` still attack; pass the real occupancy unless asking "what if").
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Side, occupied: Bitboard) -> Bitboard {
        // A piece of `by` attacks `sq` exactly when a piece of the same kind of the other side
        // standing on `sq` would attack the piece's square.
        let other = by.opponent();
        let steps = (attacks::pawn(other, sq) & self.kind(Kind::Pawn))
            | (attacks::knight(other, sq) & self.kind(Kind::Knight))
            | (attacks::silver(other, sq) & self.kind(Kind::Silver))
            | (attacks::gold(other, sq) & self.gold_movers())
            | (attacks::king(sq) & (self.kind(Kind::King) | self.kind(Kind::Horse) | self.kind(Kind::Dragon)));
        let theirs = self.side(by);
        // A slider's lines are looked at only when one of `by` stands on them.
        let mut sliders = 0;
        let lances = self.kind(Kind::Lance) & theirs & attacks::lance_ray(other, sq);
        if lances != 0 {
            sliders |= attacks::lance(other, sq, occupied) & lances;
        }
        let diagonal = (self.kind(Kind::Bishop) | self.kind(Kind::Horse)) & theirs & attacks::bishop_rays(sq);
        if diagonal != 0 {
            sliders |= attacks::bishop(sq, occupied) & diagonal;
        }
        let straight = (self.kind(Kind::Rook) | self.kind(Kind::Dragon)) & theirs & attacks::rook_rays(sq);
        if straight != 0 {
            sliders |= attacks::rook(sq, occupied) & straight;
        }
        (steps & theirs) | sliders
    }

    /// The pieces of `side` pinned against its King on `king` by enemy sliders, when the occupied
    /// squares are `occupied`: each may move only along the line joining it to the King.
    #[inline]
    pub fn pinned(&self, side: Side, king: Square, occupied: Bitboard) -> Bitboard {
        self.blockers(side, king, occupied) & self.side(side)
    }

    /// The pieces of either side that stand alone between `side`'s King on `king` and an enemy
    /// slider aiming at it, when the occupied squares are `occupied`. Those of `side` are pinned;
    /// those of the enemy give a discovered check when they leave the line.
    #[inline]
    pub fn blockers(&self, side: Side, king: Square, occupied: Bitboard) -> Bitboard {
        let enemy = side.opponent();
        let snipers = ((attacks::rook_rays(king) & (self.kind(Kind::Rook) | self.kind(Kind::Dragon)))
            | (attacks::bishop_rays(king) & (self.kind(Kind::Bishop) | self.kind(Kind::Horse)))
            | (attacks::lance_ray(side, king) & self.kind(Kind::Lance)))
            & self.side(enemy);
        let mut blockers = 0;
        for sniper in super::bitboard::squares(snipers) {
            let between = attacks::between(king, sniper) & occupied;
            if between.count_ones() == 1 {
                blockers |= between;
            }
        }
        blockers
    }

    /// The key [`pieces_key`](Board::pieces_key) would have after `us` played `mv` (a legal
    /// move of this board), without playing it.
    #[inline]
    pub fn pieces_key_after(&self, us: Side, mv: ShogiMove) -> u64 {
        let to = mv.to();
        let mut key = self.pieces_key;
        match (mv.from(), mv.dropped()) {
            (Some(from), _) => {
                let Some(piece) = self.squares[from] else { return key };
                let kind = if mv.promotes() { piece.kind.promoted() } else { piece.kind };
                key ^= piece_key(piece, from) ^ piece_key(Piece::new(us, kind), to);
                if let Some(victim) = self.squares[to] {
                    key ^= piece_key(victim, to);
                }
            }
            (None, Some(kind)) => key ^= piece_key(Piece::new(us, kind), to),
            (None, None) => {}
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_keep_the_key_equal_to_a_fresh_one() {
        let mut board = Board::default();
        board.put(40, Piece::new(Side::First, Kind::Rook));
        board.put(4, Piece::new(Side::Second, Kind::King));
        board.add_to_hand(Side::Second, Kind::Pawn);
        board.add_to_hand(Side::Second, Kind::Pawn);
        assert_eq!(board.key(), board.key_from_scratch());
        assert_eq!(board.remove(40), Some(Piece::new(Side::First, Kind::Rook)));
        board.take_from_hand(Side::Second, Kind::Pawn);
        assert_eq!(board.key(), board.key_from_scratch());
        assert_eq!(board.remove(40), None);
        assert_eq!(board.king_square(Side::Second), Some(4));
        assert_eq!(board.king_square(Side::First), None);
        assert_eq!(board.hand(Side::Second).count(Kind::Pawn), 1);
    }
}
