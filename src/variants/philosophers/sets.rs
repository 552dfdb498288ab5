//! Where the pieces stand, as sets of squares, and the Thought: everything check detection
//! reads, small enough to copy for every candidate sub-move.

use super::mind::Thought;
use super::piece::{philosopher_targets, rook_targets, Field, Kind, Piece, KING, KNIGHT, PAWN_CAPTURES};
use crate::vocabulary::Side;

/// The squares of each side's pieces and of each kind's, and the Thought's square.
///
/// Invariant: every square in a kind's set is in exactly one side's set and the other way round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sets {
    sides: [Field; 2],
    kinds: [Field; Kind::COUNT],
    thought: Thought,
}

impl Default for Sets {
    /// An empty Field, the Thought on o1.
    fn default() -> Sets {
        Sets { sides: [0; 2], kinds: [0; Kind::COUNT], thought: Thought::O1 }
    }
}

impl Sets {
    /// The squares of `side`'s pieces.
    #[inline]
    pub fn side(&self, side: Side) -> Field {
        self.sides[side.index()]
    }

    /// The squares of every piece of `kind`, both sides.
    #[inline]
    pub fn kind(&self, kind: Kind) -> Field {
        self.kinds[kind as usize]
    }

    /// The squares of `side`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, side: Side, kind: Kind) -> Field {
        self.sides[side.index()] & self.kinds[kind as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Field {
        self.sides[0] | self.sides[1]
    }

    /// Every Philosopher, plain or Enlightened, of either side.
    #[inline]
    pub fn philosophers(&self) -> Field {
        self.kind(Kind::Philosopher) | self.kind(Kind::Enlightened)
    }

    #[inline]
    pub fn thought(&self) -> Thought {
        self.thought
    }

    #[inline]
    pub fn set_thought(&mut self, thought: Thought) {
        self.thought = thought;
    }

    /// Adds `piece` on `square`.
    #[inline]
    pub fn add(&mut self, square: usize, piece: Piece) {
        self.sides[piece.side.index()] |= 1 << square;
        self.kinds[piece.kind as usize] |= 1 << square;
    }

    /// Removes `piece` from `square`.
    #[inline]
    pub fn remove(&mut self, square: usize, piece: Piece) {
        self.sides[piece.side.index()] &= !(1 << square);
        self.kinds[piece.kind as usize] &= !(1 << square);
    }

    /// The square of `side`'s King (the first one, in validation; every legal position has one).
    #[inline]
    pub fn king(&self, side: Side) -> usize {
        self.pieces(side, Kind::King).trailing_zeros() as usize
    }

    /// Whether a piece of `by` attacks `square`: could move there with one ordinary move under
    /// the Thought as it stands (pinned pieces included). Read outward from the square.
    pub fn attacked(&self, square: usize, by: Side) -> bool {
        let leapers = KNIGHT[square] & self.kind(Kind::Knight)
            | KING[square] & self.kind(Kind::King)
            | philosopher_targets(self.thought, square) & self.philosophers()
            // A pawn of `by` takes `square` from where a pawn of the other side on `square`
            // would take.
            | PAWN_CAPTURES[by.opponent().index()][square] & self.kind(Kind::Pawn);
        if leapers & self.side(by) != 0 {
            return true;
        }
        let rooks = self.pieces(by, Kind::Rook);
        rooks != 0 && rook_targets(square, self.occupied()) & rooks != 0
    }

    /// Whether `side`'s King is attacked.
    #[inline]
    pub fn in_check(&self, side: Side) -> bool {
        self.attacked(self.king(side), side.opponent())
    }
}
