use super::geometry::{squares, Dir};
use super::position::{Hasami, HasamiMove};

impl Hasami {
    /// Appends every move of the side to move (the game must not be over): slides (or steps)
    /// by a flood fill per direction, then jumps.
    pub(super) fn generate_moves(&self, moves: &mut Vec<HasamiMove>) {
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
                for to in squares(frontier) {
                    let from = to as isize - distance * delta;
                    moves.push(HasamiMove { from: from as u8, to: to as u8 });
                }
                if self.rules.step_only {
                    break;
                }
            }
            if self.rules.jumps {
                let landing = geo.shift(geo.shift(own, dir) & occupied, dir) & empty;
                for to in squares(landing) {
                    let from = to as isize - 2 * delta;
                    moves.push(HasamiMove { from: from as u8, to: to as u8 });
                }
            }
        }
    }

    /// The number of moves [`generate_moves`](Hasami::generate_moves) would produce.
    pub(super) fn count_legal(&self) -> u64 {
        let geo = self.geometry();
        let own = self.men(self.side);
        let occupied = self.occupied();
        let empty = geo.board & !occupied;
        let mut count = 0;
        for dir in Dir::ALL {
            let mut frontier = geo.shift(own, dir) & empty;
            while frontier != 0 {
                count += frontier.count_ones() as u64;
                if self.rules.step_only {
                    break;
                }
                frontier = geo.shift(frontier, dir) & empty;
            }
            if self.rules.jumps {
                count += (geo.shift(geo.shift(own, dir) & occupied, dir) & empty).count_ones() as u64;
            }
        }
        count
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

    /// The squares the men of the side to move, or of its opponent, can move to.
    pub(super) fn reach(&self, side: crate::core::Side) -> (u128, u32) {
        let geo = self.geometry();
        let own = self.men(side);
        let occupied = self.occupied();
        let empty = geo.board & !occupied;
        let mut reach = 0;
        let mut mobility = 0;
        for dir in Dir::ALL {
            let mut frontier = geo.shift(own, dir) & empty;
            while frontier != 0 {
                reach |= frontier;
                mobility += frontier.count_ones();
                if self.rules.step_only {
                    break;
                }
                frontier = geo.shift(frontier, dir) & empty;
            }
            if self.rules.jumps {
                let landing = geo.shift(geo.shift(own, dir) & occupied, dir) & empty;
                reach |= landing;
                mobility += landing.count_ones();
            }
        }
        (reach, mobility)
    }
}
