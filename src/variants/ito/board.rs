//! The line, the pieces in hand and the zobrist key of both (the side to move is the position's
//! business): a small `Copy` value, so legality is judged by making a move on a copy.

use super::moves::ItoMove;
use super::piece::{targets, Kind, Line, Piece, ALL, SQUARES};
use crate::core::{zobrist_table, Side};

/// The number of kinds a hand holds.
pub const HELD: usize = Kind::HELD.len();

/// The most pieces of one kind in the game (board and hands, faces merged).
pub const MOST_OF_A_KIND: u8 = 2;

/// Keys per (side, kind, face, square), then per (side, held kind, count 0..=2).
const PIECE_KEYS: usize = 2 * Kind::COUNT * 2 * SQUARES;
const HAND_COUNTS: usize = MOST_OF_A_KIND as usize + 1;
static KEYS: [u64; PIECE_KEYS + 2 * HELD * HAND_COUNTS] = zobrist_table(0x1705_0000_0000_0001);

/// The key of the second player to move.
pub const SIDE_KEY: u64 = zobrist_table::<1>(0x1705_0000_0000_0002)[0];

#[inline]
fn piece_key(piece: Piece, square: usize) -> u64 {
    KEYS[((piece.side.index() * Kind::COUNT + piece.kind as usize) * 2 + piece.flipped as usize) * SQUARES + square]
}

#[inline]
fn hand_key(side: Side, kind: Kind, count: u8) -> u64 {
    KEYS[PIECE_KEYS + (side.index() * HELD + kind.hand_index()) * HAND_COUNTS + count as usize]
}

/// The pieces on the line and in hand.
///
/// Invariants: `sides` are the squares of each side's pieces in `cells`; `key` is the key of
/// every piece on the line and of both hands' counts; a hand holds at most
/// [`MOST_OF_A_KIND`] of a kind; `kings` is each side's King square once both are placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    cells: [Option<Piece>; SQUARES],
    sides: [Line; 2],
    hands: [[u8; HELD]; 2],
    kings: [u8; 2],
    key: u64,
}

impl Default for Board {
    /// An empty line and empty hands.
    fn default() -> Board {
        let mut board = Board { cells: [None; SQUARES], sides: [0; 2], hands: [[0; HELD]; 2], kings: [0; 2], key: 0 };
        board.key = board.key_from_scratch();
        board
    }
}

impl Board {
    /// The piece on `square`.
    #[inline]
    pub fn at(&self, square: usize) -> Option<Piece> {
        self.cells[square]
    }

    /// The squares of `side`'s pieces.
    #[inline]
    pub fn side(&self, side: Side) -> Line {
        self.sides[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Line {
        self.sides[0] | self.sides[1]
    }

    /// How many pieces of `kind` (not the King) `side` holds.
    #[inline]
    pub fn in_hand(&self, side: Side, kind: Kind) -> u8 {
        self.hands[side.index()][kind.hand_index()]
    }

    /// `side`'s King square.
    #[inline]
    pub fn king(&self, side: Side) -> usize {
        self.kings[side.index()] as usize
    }

    /// The key of the pieces on the line and in hand.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The same key, computed from the pieces alone.
    pub fn key_from_scratch(&self) -> u64 {
        let line = (0..SQUARES).filter_map(|sq| Some(piece_key(self.cells[sq]?, sq)));
        let hands = Side::ALL
            .into_iter()
            .flat_map(|side| Kind::HELD.map(|kind| hand_key(side, kind, self.in_hand(side, kind))));
        line.chain(hands).fold(0, |key, k| key ^ k)
    }

    /// Places `piece` on the empty `square`.
    #[inline]
    pub fn put(&mut self, square: usize, piece: Piece) {
        self.cells[square] = Some(piece);
        self.sides[piece.side.index()] |= 1 << square;
        self.key ^= piece_key(piece, square);
        if piece.kind == Kind::King {
            self.kings[piece.side.index()] = square as u8;
        }
    }

    /// Takes the piece off `square`.
    #[inline]
    pub fn remove(&mut self, square: usize) -> Option<Piece> {
        let piece = self.cells[square].take()?;
        self.sides[piece.side.index()] &= !(1 << square);
        self.key ^= piece_key(piece, square);
        Some(piece)
    }

    /// Sets how many pieces of `kind` `side` holds (at most [`MOST_OF_A_KIND`]).
    #[inline]
    pub fn set_in_hand(&mut self, side: Side, kind: Kind, count: u8) {
        let held = &mut self.hands[side.index()][kind.hand_index()];
        self.key ^= hand_key(side, kind, *held) ^ hand_key(side, kind, count);
        *held = count;
    }

    /// Plays `side`'s pseudo-legal move `mv`: a drop, or a board move that captures whatever
    /// enemy piece stands on the destination (into `side`'s hand, faceless) and flips the mover
    /// if it is not the King.
    #[inline]
    pub fn make(&mut self, side: Side, mv: ItoMove) {
        let to = mv.to();
        match mv.from() {
            Some(from) => {
                let Some(mut piece) = self.remove(from) else { return };
                if let Some(victim) = self.remove(to) {
                    self.set_in_hand(side, victim.kind, self.in_hand(side, victim.kind) + 1);
                    piece.flipped ^= piece.kind != Kind::King;
                }
                self.put(to, piece);
            }
            None => {
                if let Some((kind, flipped)) = mv.dropped() {
                    self.set_in_hand(side, kind, self.in_hand(side, kind) - 1);
                    self.put(to, Piece { side, kind, flipped });
                }
            }
        }
    }

    /// Whether a piece of `by` attacks `square` (could move there if `square` held an enemy).
    pub fn attacked(&self, square: usize, by: Side) -> bool {
        let occupied = self.occupied();
        let own = self.side(by);
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            if let Some(piece) = self.cells[from] {
                if targets(piece, from, occupied, own) & 1 << square != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `side`'s King is attacked.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        self.attacked(self.king(side), side.opponent())
    }

    /// The empty squares `side` may drop on: strictly in front of its own King.
    #[inline]
    pub fn drop_squares(&self, side: Side) -> Line {
        let king = self.king(side);
        let in_front = match side {
            Side::First => ALL & !((2 << king) - 1),
            Side::Second => (1 << king) - 1,
        };
        in_front & !self.occupied()
    }

    /// Calls `visit` with every pseudo-legal move of `side` (board moves by origin square, then
    /// drops by kind, square and face) until it returns `true`; returns whether one did.
    pub fn pseudo_moves(&self, side: Side, mut visit: impl FnMut(ItoMove) -> bool) -> bool {
        let occupied = self.occupied();
        let own = self.side(side);
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let Some(piece) = self.cells[from] else { continue };
            let mut to = targets(piece, from, occupied, own);
            while to != 0 {
                let square = to.trailing_zeros() as usize;
                to &= to - 1;
                if visit(ItoMove::step(from, square)) {
                    return true;
                }
            }
        }
        let squares = self.drop_squares(side);
        for kind in Kind::HELD {
            if self.in_hand(side, kind) == 0 {
                continue;
            }
            let mut to = squares;
            while to != 0 {
                let square = to.trailing_zeros() as usize;
                to &= to - 1;
                if visit(ItoMove::drop(kind, square, false)) || visit(ItoMove::drop(kind, square, true)) {
                    return true;
                }
            }
        }
        false
    }
}
