//! The hasami-family evaluation: material, mobility, men exposed to a sandwich next move, and,
//! in the five-in-a-row variants, the potential of open five-square windows.

use super::geometry::{Dir, Geometry};
use super::position::Hasami;
use super::rules::Win;
use super::weights::{CAPTURE, FIVE, MAKYEK};
use crate::core::{Score, Side};
use crate::game::Game;

crate::weight_table! {
    /// The evaluation terms' weights for one kind of game (the constants are in `weights.rs`,
    /// which `arena tune` rewrites); the kinds want different balances.
    pub struct Weights {
        /// Per man.
        pub man: Score,
        /// Per reachable square.
        pub mobility: Score,
        /// Per man of the opponent the side to move can sandwich at once (it moves first).
        pub threat_on_them: Score,
        /// Per man of the side to move the opponent threatens (it can still react).
        pub threat_on_us: Score,
        /// A five-square window with `k` own men and no enemy man, `k` = 0..=4.
        pub window: [Score; 5],
    }
}

/// The table `position`'s rules evaluate with, and its constant's name.
pub fn weights(position: &Hasami) -> (&'static str, &'static Weights) {
    let rules = position.rules();
    match rules.win {
        Win::Five { .. } => ("FIVE", &FIVE),
        Win::Reduce { .. } if rules.intervention => ("MAKYEK", &MAKYEK),
        Win::Reduce { .. } => ("CAPTURE", &CAPTURE),
    }
}

/// A static evaluation from the side to move's point of view, with `w`.
pub fn evaluate(position: &Hasami, w: &Weights) -> Score {
    let us = position.side();
    let them = us.opponent();
    let rules = position.rules();
    let (our_reach, our_mobility) = position.reach(us);
    let (their_reach, their_mobility) = position.reach(them);
    let material = (position.men(us).count_ones() as Score - position.men(them).count_ones() as Score) * w.man;
    let mobility = (our_mobility as Score - their_mobility as Score) * w.mobility;
    let threats = exposed(position, them, our_reach) as Score * w.threat_on_them
        - exposed(position, us, their_reach) as Score * w.threat_on_us;
    let lines = match rules.win {
        Win::Five { diagonal } => {
            line_potential(position, us, diagonal, &w.window) - line_potential(position, them, diagonal, &w.window)
        }
        Win::Reduce { .. } => 0,
    };
    material + mobility + threats + lines
}

/// The men of `victim` that the opponent could sandwich by moving a man to a square of
/// `attacker_reach`: runs of victim men flanked by an enemy on one side and an empty,
/// reachable square on the other.
fn exposed(position: &Hasami, victim: Side, attacker_reach: u128) -> u32 {
    let geo: &Geometry = position.geometry();
    let victims = position.men(victim);
    let attackers = position.men(victim.opponent());
    let empty = geo.board & !position.occupied();
    let mut count = 0;
    for dir in Dir::ALL {
        let mut run = geo.shift(attackers, dir) & victims;
        let mut length = 1;
        while run != 0 && length <= 3 {
            let closable = geo.shift(run, dir) & empty & attacker_reach;
            count += closable.count_ones() * length;
            run = geo.shift(run, dir) & victims;
            length += 1;
        }
    }
    count
}

/// The sum over five-square windows outside `side`'s two home ranks that hold no enemy man of
/// `window[own men in the window]`. Windows are counted per direction with bit-sliced adders:
/// each square stands for the window that starts on it.
fn line_potential(position: &Hasami, side: Side, diagonal: bool, window: &[Score; 5]) -> Score {
    let geo = position.geometry();
    let own = position.men(side);
    let blocked = position.men(side.opponent()) | position.rules().home_two[side.index()];
    let lines = if diagonal { 4 } else { 2 };
    let mut total = 0;
    for &(step, starts) in &geo.five_lines[..lines] {
        let (mut ones, mut twos, mut fours, mut obstructed) = (0u128, 0u128, 0u128, 0u128);
        for k in 0..5 {
            let bit = own >> (k * step);
            obstructed |= blocked >> (k * step);
            let carry = ones & bit;
            ones ^= bit;
            fours |= twos & carry;
            twos ^= carry;
        }
        let open = starts & !obstructed;
        let count = |n: u32| {
            let pick = |plane: u128, set: bool| if set { plane } else { !plane };
            (open & pick(ones, n & 1 != 0) & pick(twos, n & 2 != 0) & pick(fours, n & 4 != 0)).count_ones() as Score
        };
        total += (1..5).map(|n| window[n as usize] * count(n)).sum::<Score>();
    }
    total
}
