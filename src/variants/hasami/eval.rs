//! The hasami-family evaluation: material, mobility, men exposed to a sandwich next move, and,
//! in the five-in-a-row variants, the potential of open five-square windows.

use super::geometry::{Dir, Geometry};
use super::position::Hasami;
use super::rules::Win;
use crate::core::{Score, Side};
use crate::game::Game;

/// Material per man where winning means capturing; in five-in-a-row games men are tools.
const MAN_REDUCE: Score = 100;
const MAN_FIVE: Score = 40;
/// Per reachable square.
const MOBILITY: Score = 2;
/// Per man of the opponent the side to move can sandwich at once (it moves first).
const THREAT_ON_THEM: Score = 30;
/// Per man of the side to move the opponent threatens (it can still react).
const THREAT_ON_US: Score = 12;
/// A five-square window with `k` own men and no enemy man, `k` = 0..=4.
const WINDOW: [Score; 5] = [0, 1, 4, 14, 45];

/// A static evaluation from the side to move's point of view.
pub fn evaluate(position: &Hasami) -> Score {
    let us = position.side();
    let them = us.opponent();
    let rules = position.rules();
    let (our_reach, our_mobility) = position.reach(us);
    let (their_reach, their_mobility) = position.reach(them);
    let man = match rules.win {
        Win::Reduce { .. } => MAN_REDUCE,
        Win::Five { .. } => MAN_FIVE,
    };
    let material = (position.men(us).count_ones() as Score - position.men(them).count_ones() as Score) * man;
    let mobility = (our_mobility as Score - their_mobility as Score) * MOBILITY;
    let threats = exposed(position, them, our_reach) as Score * THREAT_ON_THEM
        - exposed(position, us, their_reach) as Score * THREAT_ON_US;
    let lines = match rules.win {
        Win::Five { diagonal } => line_potential(position, us, diagonal) - line_potential(position, them, diagonal),
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
/// `WINDOW[own men in the window]`. Windows are counted per direction with bit-sliced adders:
/// each square stands for the window that starts on it.
fn line_potential(position: &Hasami, side: Side, diagonal: bool) -> Score {
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
        total += (1..5).map(|n| WINDOW[n as usize] * count(n)).sum::<Score>();
    }
    total
}
