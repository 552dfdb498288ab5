//! The line, the pieces in hand and the zobrist key of both (the side to move is the position's
//! business): a small `Copy` value, so legality is judged by making a move on a copy.

use super::moves::ItoMove;
use super::piece::{leap_steps, targets, Kind, Line, Piece, ALL, SQUARES};
use crate::vocabulary::{zobrist_table, Side};

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

    /// What `side` holds, in hand order: each held kind's letter in `side`'s case with its count
    /// (0 included), the items of a hand field and of a `d` hand line.
    pub fn held(&self, side: Side) -> impl Iterator<Item = (char, u32)> + '_ {
        Kind::HELD.into_iter().map(move |kind| (kind.letter_of(side), self.in_hand(side, kind) as u32))
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
    ///
    /// Read outward from `square` in both directions rather than piece by piece: leapers on the
    /// four nearest squares, a Lance or Howling Dog sliding forward as the first piece, a cannon
    /// of either face as the second (past exactly one screen), a Ramshead or Bishop on the first
    /// occupied square an even distance away.
    pub fn attacked(&self, square: usize, by: Side) -> bool {
        let occupied = self.occupied();
        for toward in [-1i32, 1] {
            // A piece of `by` `d` squares away in this direction reaches `square` with a move
            // of `forward * d` (positive: forward for `by`).
            let forward = match by {
                Side::First => -toward,
                Side::Second => toward,
            };
            let at = |d: i32| {
                let sq = square as i32 + toward * d;
                (0..SQUARES as i32).contains(&sq).then_some(sq as usize)
            };
            // Leapers ignore what lies between.
            for d in 1..=4 {
                if let Some(piece) = at(d).and_then(|sq| self.cells[sq]).filter(|p| p.side == by) {
                    if leaps_to(piece, forward * d) {
                        return true;
                    }
                }
            }
            // The first piece, if a Lance sliding forward; the second, if a cannon.
            let mut seen = 0;
            let mut d = 1;
            while let Some(sq) = at(d) {
                if occupied & 1 << sq != 0 {
                    seen += 1;
                    if let Some(piece) = self.cells[sq].filter(|p| p.side == by) {
                        let reaches = match seen {
                            1 => piece.kind == Kind::Lance && forward > 0,
                            _ => piece.kind == Kind::Cannon,
                        };
                        if reaches {
                            return true;
                        }
                    }
                    if seen == 2 {
                        break;
                    }
                }
                d += 1;
            }
            let mut d = 2;
            while let Some(sq) = at(d) {
                if let Some(piece) = self.cells[sq] {
                    if piece.side == by && piece.kind == Kind::Ramshead && (forward > 0 || piece.flipped) {
                        return true;
                    }
                    break;
                }
                d += 2;
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

/// Whether `piece` reaches the square `step` squares forward of it (negative: backward) by a
/// leap or a single step, whatever lies between.
#[inline]
fn leaps_to(piece: Piece, step: i32) -> bool {
    leap_steps(piece.kind, piece.flipped).contains(&step)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::SplitMix64;

    /// Whether a piece of `by` could capture on `square` were an enemy piece there, asked of
    /// every piece (the plain way): an empty `square` gets an enemy Pawn first.
    fn attacked_by_some_piece(board: &Board, square: usize, by: Side) -> bool {
        let mut board = *board;
        if board.at(square).is_none() {
            board.put(square, Piece { side: by.opponent(), kind: Kind::Pawn, flipped: false });
        }
        (0..SQUARES).any(|from| {
            board.at(from).is_some_and(|piece| {
                piece.side == by && targets(piece, from, board.occupied(), board.side(by)) & 1 << square != 0
            })
        })
    }

    #[test]
    fn attacks_read_outward_agree_with_every_pieces_targets() {
        let mut rng = SplitMix64::new(21);
        let kinds = [Kind::Ramshead, Kind::Cannon, Kind::Goose, Kind::Lance, Kind::Knight, Kind::Iron, Kind::Pawn];
        for _ in 0..20_000 {
            let mut board = Board::default();
            for square in 0..SQUARES {
                if rng.below(2) == 0 {
                    let side = if rng.below(2) == 0 { Side::First } else { Side::Second };
                    let kind = if rng.below(8) == 0 { Kind::King } else { kinds[rng.below(kinds.len())] };
                    board.put(square, Piece { side, kind, flipped: kind != Kind::King && rng.below(2) == 0 });
                }
            }
            for square in 0..SQUARES {
                // On a square of its own a piece is not a target; `attacked` answers as if an
                // enemy stood there.
                for by in Side::ALL.into_iter().filter(|&by| board.side(by) & 1 << square == 0) {
                    assert_eq!(
                        board.attacked(square, by),
                        attacked_by_some_piece(&board, square, by),
                        "{square} by {by:?} on {:?}",
                        (0..SQUARES).map(|sq| board.at(sq).map(Piece::token)).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
}
