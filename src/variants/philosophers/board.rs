//! The Field, the Thought and the mind-move run, with the arrangement key: a small `Copy`
//! value, so every sub-move is judged by making it on a copy (docs/game-contract.md §2.2).

use super::mind::Thought;
use super::moves::{SubMove, PROMOTIONS};
use super::piece::{
    last_row, pawn_step, philosopher_targets, rook_targets, row, Field, Kind, Piece, KING, KNIGHT, PAWN_CAPTURES,
    SQUARES,
};
use super::sets::Sets;
use crate::vocabulary::{zobrist_table, Side};

/// Keys per (side, kind, square), then per Thought square, then per mind-move run 0..=2, then
/// the second player to move.
const PIECE_KEYS: usize = 2 * Kind::COUNT * SQUARES;
static KEYS: [u64; PIECE_KEYS + 4 + 3 + 1] = zobrist_table(0x9c1d_0000_0000_0001);

#[inline]
fn piece_key(piece: Piece, square: usize) -> u64 {
    KEYS[(piece.side.index() * Kind::COUNT + piece.kind as usize) * SQUARES + square]
}

#[inline]
fn thought_key(thought: Thought) -> u64 {
    KEYS[PIECE_KEYS + thought.index()]
}

/// The part of a position's key that is not the arrangement: the mind-move run and the side
/// to move.
#[inline]
pub fn state_key(run: u8, side: Side) -> u64 {
    let side_key = match side {
        Side::First => 0,
        Side::Second => KEYS[PIECE_KEYS + 7],
    };
    KEYS[PIECE_KEYS + 4 + run as usize] ^ side_key
}

/// The most mind-moves in a row.
pub const MOST_MIND_MOVES: u8 = 2;

/// The Field, the Thought and the count of mind-moves just made.
///
/// Invariants: `sets` are the squares of `cells`; `arrangement` is the key of the pieces on the
/// Field and of the Thought (what the repetition ban compares); `run` is 0..=2.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    cells: [Option<Piece>; SQUARES],
    sets: Sets,
    run: u8,
    arrangement: u64,
}

impl Default for Board {
    /// An empty Field, the Thought on o1, no mind-move made.
    fn default() -> Board {
        Board { cells: [None; SQUARES], sets: Sets::default(), run: 0, arrangement: thought_key(Thought::O1) }
    }
}

/// What a Field sub-move's piece is on landing: the promoted piece, an Enlightened Philosopher
/// when a plain one takes a Philosopher of either kind, or itself.
#[inline]
fn landed(mover: Piece, victim: Option<Piece>, sub: SubMove) -> Piece {
    match sub.promotion() {
        Some(kind) => Piece { side: mover.side, kind },
        None if mover.kind == Kind::Philosopher && victim.is_some_and(|v| v.kind.thinks()) => {
            Piece { side: mover.side, kind: Kind::Enlightened }
        }
        None => mover,
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
    pub fn side(&self, side: Side) -> Field {
        self.sets.side(side)
    }

    /// The squares of every piece of `kind`, both sides.
    #[inline]
    pub fn kind(&self, kind: Kind) -> Field {
        self.sets.kind(kind)
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Field {
        self.sets.pieces(side, kind)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Field {
        self.sets.occupied()
    }

    /// Every Philosopher, plain or Enlightened, of either side.
    #[inline]
    pub fn philosophers(&self) -> Field {
        self.sets.philosophers()
    }

    #[inline]
    pub fn thought(&self) -> Thought {
        self.sets.thought()
    }

    /// How many mind-moves were made in a row just before (0..=2).
    #[inline]
    pub fn run(&self) -> u8 {
        self.run
    }

    /// The key of the Field and the Thought (the repetition ban's arrangement).
    #[inline]
    pub fn arrangement(&self) -> u64 {
        self.arrangement
    }

    /// The arrangement computed from the cells and the Thought.
    pub fn arrangement_from_scratch(&self) -> u64 {
        let pieces = (0..SQUARES).filter_map(|sq| self.cells[sq].map(|p| piece_key(p, sq)));
        pieces.fold(thought_key(self.thought()), |key, k| key ^ k)
    }

    /// The square of `side`'s King.
    #[inline]
    pub fn king(&self, side: Side) -> usize {
        self.sets.king(side)
    }

    /// Puts `piece` on the empty `square`.
    pub fn put(&mut self, square: usize, piece: Piece) {
        self.cells[square] = Some(piece);
        self.sets.add(square, piece);
        self.arrangement ^= piece_key(piece, square);
    }

    /// Sets the Thought and the mind-move run (position strings).
    pub fn set_mind(&mut self, thought: Thought, run: u8) {
        self.arrangement ^= thought_key(self.thought()) ^ thought_key(thought);
        self.sets.set_thought(thought);
        self.run = run.min(MOST_MIND_MOVES);
    }

    /// The arrangement after the pseudo-legal sub-move `sub`, without making it (the
    /// repetition ban's question).
    #[inline]
    pub fn arrangement_after(&self, sub: SubMove) -> u64 {
        if sub.is_mind() {
            return self.arrangement ^ thought_key(self.thought()) ^ thought_key(sub.thought_to());
        }
        let (from, to) = (sub.from(), sub.to());
        let Some(mover) = self.cells[from] else { return self.arrangement };
        let victim = self.cells[to];
        let key = self.arrangement ^ piece_key(mover, from) ^ piece_key(landed(mover, victim, sub), to);
        victim.map_or(key, |victim| key ^ piece_key(victim, to))
    }

    /// The sets after the pseudo-legal sub-move `sub`, without making it (King safety's
    /// question).
    #[inline]
    pub fn sets_after(&self, sub: SubMove) -> Sets {
        let mut sets = self.sets;
        if sub.is_mind() {
            sets.set_thought(sub.thought_to());
            return sets;
        }
        let (from, to) = (sub.from(), sub.to());
        let Some(mover) = self.cells[from] else { return sets };
        let victim = self.cells[to];
        sets.remove(from, mover);
        if let Some(victim) = victim {
            sets.remove(to, victim);
        }
        sets.add(to, landed(mover, victim, sub));
        sets
    }

    /// Plays the pseudo-legal sub-move `sub`: a mind-move moves the Thought and adds one to the
    /// run; a Field move resets the run, takes what stands on the destination, promotes a pawn,
    /// and enlightens a plain Philosopher that takes a Philosopher of either kind.
    #[inline]
    pub fn make(&mut self, sub: SubMove) {
        if sub.is_mind() {
            self.set_mind(sub.thought_to(), self.run + 1);
            return;
        }
        self.arrangement = self.arrangement_after(sub);
        self.sets = self.sets_after(sub);
        let (from, to) = (sub.from(), sub.to());
        if let Some(mover) = self.cells[from].take() {
            self.cells[to] = Some(landed(mover, self.cells[to], sub));
        }
        self.run = 0;
    }

    /// Whether a piece of `by` attacks `square` (see [`Sets::attacked`]).
    #[inline]
    pub fn attacked(&self, square: usize, by: Side) -> bool {
        self.sets.attacked(square, by)
    }

    /// Whether `side`'s King is attacked.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        self.sets.in_check(side)
    }

    /// Whether a mind-move may be made now (a Philosopher on the Field, fewer than two
    /// mind-moves just made); the King-safety and repetition rules aside.
    #[inline]
    pub fn mind_moves_allowed(&self) -> bool {
        self.run < MOST_MIND_MOVES && self.philosophers() != 0
    }

    /// The squares the piece on `from` (of `side`) can move to: not onto its own pieces, and
    /// never onto a King (a King in check in the middle of a double turn is not taken).
    #[inline]
    pub fn targets(&self, side: Side, from: usize) -> Field {
        let Some(piece) = self.cells[from] else { return 0 };
        let ours = self.side(side) | self.kind(Kind::King);
        let targets = match piece.kind {
            Kind::King => KING[from],
            Kind::Knight => KNIGHT[from],
            Kind::Rook => rook_targets(from, self.occupied()),
            Kind::Philosopher | Kind::Enlightened => philosopher_targets(self.thought(), from),
            Kind::Pawn => {
                let step = pawn_step(side, from).map_or(0, |to| 1 << to & !self.occupied());
                return step | PAWN_CAPTURES[side.index()][from] & self.side(side.opponent()) & !ours;
            }
        };
        targets & !ours
    }

    /// Calls `visit` with every pseudo-legal Field sub-move of the piece on `from` (promotions
    /// as three sub-moves); stops and returns `true` as soon as `visit` does.
    #[inline]
    pub fn piece_moves(&self, side: Side, from: usize, visit: &mut impl FnMut(SubMove) -> bool) -> bool {
        let mut targets = self.targets(side, from);
        let promotes = self.cells[from].is_some_and(|p| p.kind == Kind::Pawn);
        let theirs = self.side(side.opponent());
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let captures = theirs & 1 << to != 0;
            if promotes && row(to) == last_row(side) {
                for kind in PROMOTIONS {
                    if visit(SubMove::field(from, to, Some(kind), captures)) {
                        return true;
                    }
                }
            } else if visit(SubMove::field(from, to, None, captures)) {
                return true;
            }
        }
        false
    }

    /// Calls `visit` with the mind-moves allowed now (see [`Board::mind_moves_allowed`]).
    #[inline]
    pub fn mind_moves(&self, visit: &mut impl FnMut(SubMove) -> bool) -> bool {
        if !self.mind_moves_allowed() {
            return false;
        }
        let thought = self.thought();
        thought.neighbours().into_iter().any(|to| visit(SubMove::mind(thought, to)))
    }

    /// Calls `visit` with every pseudo-legal sub-move of `side` (its Field moves, then the
    /// mind-moves); stops and returns `true` as soon as `visit` does.
    pub fn sub_moves(&self, side: Side, visit: &mut impl FnMut(SubMove) -> bool) -> bool {
        let mut pieces = self.side(side);
        while pieces != 0 {
            let from = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            if self.piece_moves(side, from, visit) {
                return true;
            }
        }
        self.mind_moves(visit)
    }
}
