//! Capture sequences: a depth-first search from every piece that can capture, one whole
//! sequence per move (docs/rules/checkers.md §2 and docs/game-contract.md §2.1).
//!
//! The search lifts the mover off its origin, so the origin counts as empty. Captured pieces
//! stay on the board until the move ends: they block, cannot be landed on and are not jumped
//! again. A path ends where no jump continues it, or where a Man promotes in the games whose
//! promotion ends the move. Every square sequence is produced exactly once (between two
//! landings there is exactly one enemy piece), so nothing is de-duplicated.

use super::geometry::{squares, Dir, Geometry, Squares};
use super::moves::{CheckersMove, MAX_PATH};
use super::position::{Checkers, Piece};
use super::rules::{ManCapture, Rules};
use crate::vocabulary::Side;

/// Where finished capture sequences go.
pub(super) trait Sink {
    /// One complete sequence: `path` (origin first) takes `captured`.
    fn sequence(&mut self, path: &[u8], captured: Squares);
}

/// The majority rule's bookkeeping for a sink: which finished sequences it keeps.
#[derive(Clone, Copy)]
pub(super) struct Majority {
    /// Whether the rule applies (otherwise every sequence is kept).
    applies: bool,
    /// The most pieces a kept sequence takes.
    best: u32,
}

impl Majority {
    /// The bookkeeping for the rule set `R`, before any sequence.
    pub fn of<R: Rules>() -> Majority {
        Majority { applies: R::SET.majority, best: 0 }
    }

    /// Whether a sequence taking `captured` is kept, and whether the sequences kept before it
    /// must be dropped (it takes more than they do).
    #[inline]
    fn admit(&mut self, captured: Squares) -> Option<bool> {
        if !self.applies {
            return Some(false);
        }
        let taken = captured.count_ones();
        if taken < self.best {
            return None;
        }
        let restart = taken > self.best;
        self.best = taken;
        Some(restart)
    }
}

/// Collects the moves into a list, keeping only the longest captures when the majority rule
/// applies.
pub(super) struct Collect<'a> {
    pub moves: &'a mut Vec<CheckersMove>,
    /// Where this position's moves start in `moves`.
    pub start: usize,
    pub majority: Majority,
}

impl Sink for Collect<'_> {
    #[inline]
    fn sequence(&mut self, path: &[u8], captured: Squares) {
        let Some(restart) = self.majority.admit(captured) else { return };
        if restart {
            self.moves.truncate(self.start);
        }
        let ordinal = (self.moves.len() - self.start) as u32;
        self.moves.push(CheckersMove::capture(path, captured, ordinal));
    }
}

/// Counts the moves, keeping only the longest captures when the majority rule applies.
pub(super) struct Count {
    pub majority: Majority,
    pub moves: u64,
}

impl Sink for Count {
    #[inline]
    fn sequence(&mut self, _path: &[u8], captured: Squares) {
        let Some(restart) = self.majority.admit(captured) else { return };
        if restart {
            self.moves = 0;
        }
        self.moves += 1;
    }
}

/// The state of the search from one piece.
struct Search<'a, S: Sink> {
    geo: &'static Geometry,
    /// Occupied squares with the mover lifted off its origin (captured pieces included).
    occupied: Squares,
    /// The opponent's pieces (captured ones included; the captured mask excludes them).
    enemies: Squares,
    /// The mover's far rank.
    far: Squares,
    /// The Man's capture directions for the side to move.
    man_dirs: &'static [Dir],
    path: [u8; MAX_PATH],
    len: usize,
    sink: &'a mut S,
}

/// The forward diagonals of each side, by side index.
const FORWARD: [[Dir; 2]; 2] = [[Dir::NorthWest, Dir::NorthEast], [Dir::SouthWest, Dir::SouthEast]];

/// The directions a Man of `side` moves (steps) in: its two forward diagonals.
#[inline(always)]
pub(super) fn forward(side: Side) -> &'static [Dir; 2] {
    &FORWARD[side.index()]
}

/// The directions a Man of `side` captures in under `R`.
#[inline(always)]
pub(super) fn man_capture_dirs<R: Rules>(side: Side) -> &'static [Dir] {
    match R::SET.man_capture {
        ManCapture::ForwardDiagonals => forward(side),
        ManCapture::EightWays => &Dir::ALL,
    }
}

impl<S: Sink> Search<'_, S> {
    /// Extends the path, which ends on `at`, by every jump `piece` can make there.
    fn extend<R: Rules>(&mut self, at: usize, piece: Piece, captured: Squares) {
        let mut extended = false;
        match piece {
            Piece::Prince if R::SET.flying_prince => {
                for dir in Dir::ALL {
                    extended |= self.fly::<R>(at, dir, captured);
                }
            }
            Piece::Man => {
                for &dir in self.man_dirs {
                    extended |= self.jump::<R>(at, dir, piece, captured);
                }
            }
            Piece::Prince | Piece::King => {
                for dir in Dir::DIAGONAL {
                    extended |= self.jump::<R>(at, dir, piece, captured);
                }
            }
        }
        if !extended && self.len > 1 {
            self.sink.sequence(&self.path[..self.len], captured);
        }
    }

    /// A short jump from `at` in `dir` over the adjacent square; whether there was one.
    #[inline(always)]
    fn jump<R: Rules>(&mut self, at: usize, dir: Dir, piece: Piece, captured: Squares) -> bool {
        if !self.geo.can_jump(at, dir) {
            return false;
        }
        let over = (at as i32 + dir.delta()) as usize;
        let land = (over as i32 + dir.delta()) as usize;
        if self.enemies & !captured & (1 << over) == 0 || self.occupied & (1 << land) != 0 {
            return false;
        }
        let captured = captured | 1 << over;
        self.path[self.len] = land as u8;
        self.len += 1;
        if piece == Piece::Man && R::SET.promotion_ends_capture && self.far & (1 << land) != 0 {
            self.sink.sequence(&self.path[..self.len], captured);
        } else {
            self.extend::<R>(land, piece, captured);
        }
        self.len -= 1;
        true
    }

    /// A flying Prince's captures from `at` along `dir`: over empty squares to one enemy piece,
    /// then onto any empty square beyond it. Whether there was one.
    fn fly<R: Rules>(&mut self, at: usize, dir: Dir, captured: Squares) -> bool {
        let mut sq = at;
        let target = loop {
            match self.geo.next(sq, dir) {
                None => return false,
                Some(next) if self.occupied & (1 << next) != 0 => break next,
                Some(next) => sq = next,
            }
        };
        if self.enemies & !captured & (1 << target) == 0 {
            return false;
        }
        let captured = captured | 1 << target;
        let mut extended = false;
        let mut land = target;
        while let Some(next) = self.geo.next(land, dir) {
            if self.occupied & (1 << next) != 0 {
                break;
            }
            land = next;
            self.path[self.len] = land as u8;
            self.len += 1;
            self.extend::<R>(land, Piece::Prince, captured);
            self.len -= 1;
            extended = true;
        }
        extended
    }
}

impl Checkers {
    /// The pieces of the side to move that have a jump available now (a flying Prince with an
    /// enemy at range counts; its sequences are checked in full by the search).
    #[inline(always)]
    pub(super) fn capturers<R: Rules>(&self) -> Squares {
        let geo = R::SET.geometry;
        let us = self.side;
        let them = us.opponent();
        let empty = geo.board & !self.pieces.occupied();
        let enemies = self.pieces.side(them);
        let from = |dir: Dir| geo.jumpers(dir, empty, enemies);
        let men = self.pieces.of(us, Piece::Man);
        let princes = self.pieces.of(us, Piece::Prince);
        let kings = self.pieces.of(us, Piece::King);
        let mut found = match R::SET.man_capture {
            ManCapture::ForwardDiagonals => {
                let [left, right] = *forward(us);
                (from(left) | from(right)) & men
            }
            ManCapture::EightWays => Dir::ALL.iter().fold(0, |found, &dir| found | from(dir)) & men,
        };
        let steppers = kings | if R::SET.flying_prince { 0 } else { princes };
        if steppers != 0 {
            for dir in Dir::DIAGONAL {
                found |= from(dir) & steppers;
            }
        }
        if R::SET.flying_prince && princes != 0 {
            found |= self.flying_capturers(princes, empty, enemies);
        }
        found
    }

    /// The flying Princes among `princes` with an enemy at range and an empty square beyond.
    fn flying_capturers(&self, princes: Squares, empty: Squares, enemies: Squares) -> Squares {
        let geo = self.geometry();
        let mut found = 0;
        for dir in Dir::ALL {
            // From the squares just before an enemy with an empty square beyond, back over
            // empty squares toward the Princes that look along `dir`.
            let back = dir.opposite();
            let start = geo.shift(geo.shift(empty, back) & enemies, back);
            found |= start & princes;
            let mut reach = start & empty;
            while reach != 0 {
                reach = geo.shift(reach, back);
                found |= reach & princes;
                reach &= empty;
            }
        }
        found
    }

    /// Sends every capture sequence of the side to move to `sink` (majority not applied here:
    /// the sink applies it).
    pub(super) fn captures<R: Rules, S: Sink>(&self, capturers: Squares, sink: &mut S) {
        let us = self.side;
        let mut search = Search {
            geo: R::SET.geometry,
            occupied: 0,
            enemies: self.pieces.side(us.opponent()),
            far: R::SET.geometry.far[us.index()],
            man_dirs: man_capture_dirs::<R>(us),
            path: [0; MAX_PATH],
            len: 1,
            sink,
        };
        let occupied = self.pieces.occupied();
        for piece in Piece::ALL {
            for from in squares(self.pieces.of(us, piece) & capturers) {
                search.occupied = occupied & !(1 << from);
                search.path[0] = from as u8;
                search.extend::<R>(from, piece, 0);
            }
        }
    }
}
