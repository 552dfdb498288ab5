//! Counting capture sequences without listing them (perft's last ply), for the rule sets whose
//! pieces only make short jumps and that have no majority rule (enryo, English checkers).

use super::capture::{forward, man_capture_dirs};
use super::geometry::{squares, Dir, Geometry, Squares};
use super::position::{Checkers, Piece};
use super::rules::{ManCapture, Rules};

impl Checkers {
    /// The number of capture sequences of the side to move that start on `capturers`, for the
    /// rule sets whose pieces jump only one square and that have no majority rule: the same
    /// sequences as [`captures`](Checkers::captures) counts, found with square sets alone
    /// (perft's last ply).
    pub(super) fn count_short_captures<R: Rules>(&self, capturers: Squares) -> u64 {
        debug_assert!(!R::SET.flying_prince && !R::SET.majority);
        let us = self.side;
        let occupied = self.pieces.occupied();
        let mut jumps = ShortJumps {
            geo: R::SET.geometry,
            enemies: self.pieces.side(us.opponent()),
            occupied: 0,
            far: R::SET.geometry.far[us.index()],
            man_dirs: man_capture_dirs::<R>(us),
        };
        let men_at_once = R::SET.man_capture == ManCapture::ForwardDiagonals && R::SET.promotion_ends_capture;
        let mut total = 0;
        // Men first, all at once: a forward jump cannot be followed by a jump back over the
        // piece just taken or onto the origin, so whether a Man can go on from its landing
        // square is known from the board as it is.
        let empty = jumps.geo.board & !occupied;
        let men = self.pieces.of(us, Piece::Man) & capturers;
        let dirs = forward(us);
        if men_at_once {
            let go_on = dirs.iter().fold(0, |set, &dir| set | jumps.geo.jumpers(dir, empty, jumps.enemies));
            for &dir in dirs {
                let over = jumps.geo.shift(men, dir) & jumps.enemies;
                let land = jumps.geo.shift(over, dir) & empty;
                total += (land & (jumps.far | !go_on)).count_ones() as u64;
                for to in squares(land & !jumps.far & go_on) {
                    let from = (to as i32 - 2 * dir.delta()) as usize;
                    jumps.occupied = occupied & !(1 << from);
                    let taken = 1 << (to as i32 - dir.delta());
                    total += jumps.count::<R>(1 << to, Piece::Man, taken);
                }
            }
        }
        for piece in Piece::ALL {
            if piece == Piece::Man && men_at_once {
                continue;
            }
            for from in squares(self.pieces.of(us, piece) & capturers) {
                jumps.occupied = occupied & !(1 << from);
                total += jumps.count::<R>(1 << from, piece, 0);
            }
        }
        total
    }
}

/// Counts short-jump capture sequences with square sets (no path is kept).
struct ShortJumps {
    geo: &'static Geometry,
    enemies: Squares,
    /// Occupied squares with the mover lifted off its origin.
    occupied: Squares,
    far: Squares,
    man_dirs: &'static [Dir],
}

impl ShortJumps {
    /// The sequences that continue from `at` (one square), having taken `captured`: 1 when no
    /// jump continues.
    fn count<R: Rules>(&self, at: Squares, piece: Piece, captured: Squares) -> u64 {
        let dirs: &[Dir] = if piece == Piece::Man { self.man_dirs } else { &Dir::DIAGONAL };
        let mut total = 0;
        for &dir in dirs {
            let over = self.geo.shift(at, dir) & self.enemies & !captured;
            let land = self.geo.shift(over, dir) & !self.occupied;
            if land == 0 {
                continue;
            }
            total += if piece == Piece::Man && R::SET.promotion_ends_capture && land & self.far != 0 {
                1
            } else {
                self.count::<R>(land, piece, captured | over)
            };
        }
        total.max(1)
    }
}
