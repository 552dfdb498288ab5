//! Legal moves: the capture sequences when there is one (capture is compulsory), otherwise the
//! steps and slides; counted without a list for perft.

use super::capture::{forward, Collect, Count, Majority};
use super::geometry::{squares, Dir, Squares};
use super::moves::CheckersMove;
use super::position::{Checkers, Piece};
use super::rules::Rules;

impl Checkers {
    /// Appends every legal move of the side to move (the game must not be over).
    pub(super) fn generate_moves<R: Rules>(&self, moves: &mut Vec<CheckersMove>) {
        let capturers = self.capturers::<R>();
        if capturers != 0 {
            self.collect_captures::<R>(capturers, moves);
        } else {
            self.quiet_moves::<R>(moves);
        }
    }

    /// Appends the capture sequences that start on `capturers` (the majority rule applied).
    fn collect_captures<R: Rules>(&self, capturers: Squares, moves: &mut Vec<CheckersMove>) {
        self.captures::<R, _>(capturers, &mut Collect { start: moves.len(), moves, majority: Majority::of::<R>() });
    }

    /// Appends the legal moves that capture or promote.
    pub(super) fn generate_noisy_moves<R: Rules>(&self, moves: &mut Vec<CheckersMove>) {
        let capturers = self.capturers::<R>();
        if capturers != 0 {
            self.collect_captures::<R>(capturers, moves);
            return;
        }
        let geo = R::SET.geometry;
        let us = self.side;
        let empty = geo.board & !self.pieces.occupied();
        let men = self.pieces.of(us, Piece::Man);
        for &dir in forward(us) {
            push_steps(moves, geo.shift(men, dir) & empty & geo.far[us.index()], dir);
        }
    }

    /// The number of legal moves of the side to move (the game must not be over).
    pub(super) fn count_generated<R: Rules>(&self) -> u64 {
        let capturers = self.capturers::<R>();
        if capturers != 0 {
            if !R::SET.flying_prince && !R::SET.majority {
                return self.count_short_captures::<R>(capturers);
            }
            let mut count = Count { majority: Majority::of::<R>(), moves: 0 };
            self.captures::<R, _>(capturers, &mut count);
            return count.moves;
        }
        let geo = R::SET.geometry;
        let us = self.side;
        let empty = geo.board & !self.pieces.occupied();
        let men = self.pieces.of(us, Piece::Man);
        let mut count = 0;
        for &dir in forward(us) {
            count += (geo.shift(men, dir) & empty).count_ones();
        }
        let (steppers, princes) = self.steppers_and_flyers::<R>();
        for dir in Dir::DIAGONAL {
            count += (geo.shift(steppers, dir) & empty).count_ones();
        }
        for from in squares(princes) {
            for dir in Dir::ALL {
                count += self.slide(from, dir, empty).count_ones();
            }
        }
        count as u64
    }

    /// Whether the side to move has a legal move (ignoring whether the game is over).
    pub(super) fn has_moves<R: Rules>(&self) -> bool {
        let geo = R::SET.geometry;
        let us = self.side;
        let empty = geo.board & !self.pieces.occupied();
        let men = self.pieces.of(us, Piece::Man);
        let (steppers, flyers) = self.steppers_and_flyers::<R>();
        forward(us).iter().any(|&dir| geo.shift(men, dir) & empty != 0)
            || Dir::DIAGONAL.iter().any(|&dir| geo.shift(steppers, dir) & empty != 0)
            || Dir::ALL.iter().any(|&dir| geo.shift(flyers, dir) & empty != 0)
            || self.capturers::<R>() != 0
    }

    /// The side to move's pieces that step one square diagonally (Kings, and Princes that do
    /// not fly), and its flying Princes.
    #[inline]
    fn steppers_and_flyers<R: Rules>(&self) -> (Squares, Squares) {
        let us = self.side;
        let kings = self.pieces.of(us, Piece::King);
        let princes = self.pieces.of(us, Piece::Prince);
        if R::SET.flying_prince {
            (kings, princes)
        } else {
            (kings | princes, 0)
        }
    }

    /// The empty squares a flying Prince on `from` slides to along `dir`.
    #[inline]
    fn slide(&self, from: usize, dir: Dir, empty: Squares) -> Squares {
        let geo = self.geometry();
        let mut reach = 0;
        let mut at = geo.shift(1 << from, dir) & empty;
        while at != 0 {
            reach |= at;
            at = geo.shift(at, dir) & empty;
        }
        reach
    }

    /// Appends the steps and slides of the side to move.
    fn quiet_moves<R: Rules>(&self, moves: &mut Vec<CheckersMove>) {
        let geo = R::SET.geometry;
        let us = self.side;
        let empty = geo.board & !self.pieces.occupied();
        let men = self.pieces.of(us, Piece::Man);
        for &dir in forward(us) {
            push_steps(moves, geo.shift(men, dir) & empty, dir);
        }
        let (steppers, princes) = self.steppers_and_flyers::<R>();
        for dir in Dir::DIAGONAL {
            push_steps(moves, geo.shift(steppers, dir) & empty, dir);
        }
        for from in squares(princes) {
            for dir in Dir::ALL {
                for to in squares(self.slide(from, dir, empty)) {
                    moves.push(CheckersMove::quiet(from, to));
                }
            }
        }
    }
}

/// Appends a one-square step in `dir` onto every square of `targets`.
#[inline]
fn push_steps(moves: &mut Vec<CheckersMove>, targets: Squares, dir: Dir) {
    for to in squares(targets) {
        moves.push(CheckersMove::quiet((to as i32 - dir.delta()) as usize, to));
    }
}
