use super::geometry::{squares, Dir};
use super::position::{Hasami, HasamiMove};

impl Hasami {
    /// Appends every move of the side to move (the game must not be over): slides (or steps)
    /// by a flood fill per direction, then jumps.
    pub(super) fn generate_moves(&self, moves: &mut Vec<HasamiMove>) {
        self.generate_to(self.geometry().board, moves);
    }

    /// Appends the moves of the side to move that land on a square of `targets`.
    pub(super) fn generate_to(&self, targets: u128, moves: &mut Vec<HasamiMove>) {
        let geo = self.geometry();
        let own = self.men(self.side);
        let occupied = self.occupied();
        let empty = geo.board & !occupied;
        for dir in Dir::ALL {
            let delta = geo.delta(dir);
            let mut frontier = own;
            let mut distance = 0;
            loop {
                frontier = geo.shift(frontier, dir) & empty;
                distance += 1;
                if frontier == 0 {
                    break;
                }
                for to in squares(frontier & targets) {
                    let from = to as isize - distance * delta;
                    moves.push(HasamiMove { from: from as u8, to: to as u8 });
                }
                if self.rules.step_only {
                    break;
                }
            }
            if self.rules.jumps {
                let landing = geo.shift(geo.shift(own, dir) & occupied, dir) & empty & targets;
                for to in squares(landing) {
                    let from = to as isize - 2 * delta;
                    moves.push(HasamiMove { from: from as u8, to: to as u8 });
                }
            }
        }
    }

    /// The number of moves [`generate_moves`](Hasami::generate_moves) would produce: the
    /// side to move's mobility.
    pub(super) fn count_generated(&self) -> u64 {
        self.reach(self.side).1 as u64
    }

    /// Whether the side to move has any move at all.
    pub(super) fn has_moves(&self) -> bool {
        let geo = self.geometry();
        let own = self.men(self.side);
        let occupied = self.occupied();
        let empty = geo.board & !occupied;
        Dir::ALL.into_iter().any(|dir| {
            geo.shift(own, dir) & empty != 0
                || (self.rules.jumps && geo.shift(geo.shift(own, dir) & occupied, dir) & empty != 0)
        })
    }

    /// The squares the men of `side` can move to, and how many moves they have (slides, steps
    /// and jumps, counted separately: within one direction no two slides share a landing square).
    pub(super) fn reach(&self, side: crate::vocabulary::Side) -> (u128, u32) {
        let geo = self.geometry();
        let own = self.men(side);
        let occupied = self.occupied();
        let empty = geo.board & !occupied;
        let mut reach = 0;
        let mut mobility = 0;
        for dir in Dir::ALL {
            let targets =
                if self.rules.step_only { geo.shift(own, dir) & empty } else { geo.slide_targets(own, empty, dir) };
            reach |= targets;
            mobility += targets.count_ones();
            if self.rules.jumps {
                let landing = geo.shift(geo.shift(own, dir) & occupied, dir) & empty;
                reach |= landing;
                mobility += landing.count_ones();
            }
        }
        (reach, mobility)
    }
}

impl Hasami {
    /// The empty squares where a move of the side to move can be noisy: next to an enemy man
    /// (every capture rule needs one) or completing a line of five (ignoring that the mover
    /// leaves its square, so a superset). [`Game::is_noisy`] decides for each move.
    pub(super) fn noisy_targets(&self) -> u128 {
        let geo = self.geometry();
        let enemy = self.men(self.side.opponent());
        let empty = geo.board & !self.occupied();
        let near_enemy = Dir::ALL.into_iter().fold(0, |acc, dir| acc | geo.shift(enemy, dir));
        (near_enemy | self.five_targets()) & empty
    }

    /// Squares outside the mover's home ranks that would complete five in a row with the
    /// mover's men already there (none in games without a five rule).
    fn five_targets(&self) -> u128 {
        let super::rules::Win::Five { diagonal } = self.rules.win else { return 0 };
        let outside = !self.rules.home_two[self.side.index()];
        let own = self.men(self.side) & outside;
        let geo = self.geometry();
        let lines = if diagonal { 4 } else { 2 };
        let mut targets = 0;
        for &(step, starts) in &geo.five_lines[..lines] {
            // Windows starting on `starts`, all five squares outside the home ranks, with own
            // men on four of them: the fifth square (offset `gap`) is a target.
            for gap in 0..5 {
                let mut windows = starts;
                for k in 0..5 {
                    let need = if k == gap { outside } else { own };
                    windows &= need >> (k * step);
                }
                targets |= windows << (gap * step);
            }
        }
        targets & geo.board
    }
}
