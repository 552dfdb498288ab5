//! The hasami-family evaluation: material, mobility, men exposed to a sandwich next move; in the
//! capture games, the race to the last men (the side ahead takes the other's room and drives
//! a lone man to an edge); in the five-in-a-row variants, the potential of open five-square
//! windows.

use super::geometry::{squares, Dir, Geometry};
use super::position::Hasami;
use super::rules::Win;
use super::weights::{CAPTURE, FIVE, MAKYEK};
use crate::game::Game;
use crate::vocabulary::{Score, Side};

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
        /// Capture games: for the side ahead in men, per man of lead (at most three) and per
        /// square of room the other side's men lack on average (out of a rook's 16), in quarters.
        /// A thinned-out enemy is hunted by taking its room (and a side that cannot move loses).
        pub restrict: Score,
        /// Capture games: for the side ahead in men, per man of lead (at most three) and per
        /// row or column the other side's lone man (when it has one left) stands from the centre
        /// towards the nearest edge: a lone man is caught against an edge.
        pub edge: Score,
        /// Capture games: the opponent `k + 1` captures from defeat, `k` = 0..=3, is worth this
        /// beyond its men (the last captures are the hardest to force).
        pub last_men: [Score; 4],
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
    let goal = match rules.win {
        Win::Five { diagonal } => {
            line_potential(position, us, diagonal, &w.window) - line_potential(position, them, diagonal, &w.window)
        }
        Win::Reduce { at_most } => hunt(position, at_most, our_mobility, their_mobility, w),
    };
    material + mobility + threats + goal
}

/// The capture games' race for the side to move: the side ahead in men gains, per man of its
/// lead (at most three), for each square of room the other side's men lack on average (a lone
/// man is hunted by taking its room, and a side that cannot move loses) and for each row or
/// column the other side's lone man stands towards an edge (where it is caught); and
/// each side gains as the other nears its last capturable men (`at_most` left loses).
fn hunt(position: &Hasami, at_most: u32, our_mobility: u32, their_mobility: u32, w: &Weights) -> Score {
    let us = position.side();
    let (ours, theirs) = (position.men(us).count_ones(), position.men(us.opponent()).count_ones());
    let lead = (ours as Score - theirs as Score).clamp(-3, 3);
    let (victim, victim_men, victim_mobility) =
        if lead > 0 { (us.opponent(), theirs, their_mobility) } else { (us, ours, our_mobility) };
    let cramped = ROOM - (victim_mobility as Score * 4 / victim_men.max(1) as Score).min(ROOM);
    let last = |men: u32| {
        let captures_left = men.saturating_sub(at_most) as usize;
        captures_left.checked_sub(1).and_then(|k| w.last_men.get(k)).copied().unwrap_or(0)
    };
    // Only a lone man is driven to an edge: two or more are better hunted by room alone.
    let driven = if victim_men == 1 { edge_drive(position, victim) } else { 0 };
    lead * cramped * w.restrict / 4 + lead * driven * w.edge + last(theirs) - last(ours)
}

/// For each man of `side`, how many rows or columns it stands nearer the nearest edge than
/// the board's centre does, summed.
fn edge_drive(position: &Hasami, side: Side) -> Score {
    let geo = position.geometry();
    let centre = (geo.width.min(geo.height) - 1) / 2;
    squares(position.men(side))
        .map(|sq| {
            let (row, col) = (sq / geo.width, sq % geo.width);
            let inset = row.min(col).min(geo.height - 1 - row).min(geo.width - 1 - col);
            centre.saturating_sub(inset) as Score
        })
        .sum()
}

/// The most room (reachable squares) a man has, times four: a rook's move on an empty 9x9 board.
const ROOM: Score = 64;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::hasami::rules::VARIANTS;

    fn hasami_all(text: &str) -> Hasami {
        let spec = VARIANTS.iter().find(|v| v.name == "hasami-all").unwrap_or_else(|| panic!("hasami-all"));
        Hasami::from_position_string(*spec.rules, text).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The race term of `text`'s side to move, with the capture games' weights.
    fn race(text: &str) -> Score {
        race_with(text, &CAPTURE)
    }

    fn race_with(text: &str, w: &Weights) -> Score {
        let position = hasami_all(text);
        let us = position.side();
        let (_, ours) = position.reach(us);
        let (_, theirs) = position.reach(us.opponent());
        hunt(&position, 0, ours, theirs, w)
    }

    #[test]
    fn a_lone_man_is_driven_to_an_edge() {
        // Four men against one, the lone man with a rook's sixteen squares in both: on the edge
        // of rank e, and in the centre.
        let edge = "9/9/9/9/p8/9/9/9/1P1P2P1P b - 40";
        let centre = "9/9/9/9/4p4/9/9/9/1P1P2P1P b - 40";
        let no_edge = Weights { edge: 0, ..CAPTURE };
        assert_eq!(race_with(edge, &no_edge), race_with(centre, &no_edge), "the same room");
        assert!(race(edge) > race(centre), "edge {}, centre {}", race(edge), race(centre));
        let (edge, centre) = (edge.replace(" b ", " w "), centre.replace(" b ", " w "));
        assert!(race(&edge) < race(&centre), "edge {}, centre {}", race(&edge), race(&centre));
        // With two men left, neither is driven: only a lone man is.
        let two_edge = "9/9/9/9/p8/9/p8/9/1P1P2P1P b - 40";
        let two_centre = "9/9/9/9/4p4/9/4p4/9/1P1P2P1P b - 40";
        assert_eq!(race_with(two_edge, &no_edge), race(two_edge));
        assert_eq!(race_with(two_centre, &no_edge), race(two_centre));
    }

    #[test]
    fn the_side_ahead_gains_by_cramping_the_last_men() {
        // Four men against one: the lone man in the corner pocket has two squares to go to,
        // in the open sixteen.
        let cramped = "9/9/9/9/9/9/9/1P7/p1P1P1P2 b - 40";
        let open = "9/9/9/9/4p4/9/9/1P7/2P1P1P2 b - 40";
        assert!(race(cramped) > race(open), "cramped {}, open {}", race(cramped), race(open));
        // The side behind sees it the other way round.
        let (cramped, open) = (cramped.replace(" b ", " w "), open.replace(" b ", " w "));
        assert!(race(&cramped) < race(&open), "cramped {}, open {}", race(&cramped), race(&open));
        // Even material: no race.
        assert_eq!(race("9/9/9/9/4p4/9/9/9/4P4 b - 40"), 0);
    }

    #[test]
    fn the_last_captures_are_worth_more_than_men() {
        let one_left = race("9/9/9/4p4/9/9/9/9/P1P1P1P2 b - 40");
        let two_left = race("9/9/9/4p4/9/4p4/9/9/P1P1P1P2 b - 40");
        assert!(one_left > two_left, "one left {one_left}, two left {two_left}");
    }
}
