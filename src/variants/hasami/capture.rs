use super::geometry::Dir;
use super::rules::RuleSet;

/// The enemy men captured when a man of the mover lands on `to`, with `own` the mover's men
/// after the move (including `to`) and `enemy` the opponent's men (docs/rules/hasami.md): custodian runs
/// closed by the moved man in each direction, the corner rule, and intervention where the rule
/// set has it. All are found on the board after the move and removed together.
#[inline]
pub fn captures(rules: &RuleSet, own: u128, enemy: u128, to: usize) -> u128 {
    let geo = rules.geometry;
    // Every capture rule needs an enemy man next to the landing square.
    if geo.neighbours(to) & enemy == 0 {
        return 0;
    }
    let mut captured = 0;
    for dir in Dir::ALL {
        let mut run = 0u128;
        let mut sq = to;
        while let Some(next) = geo.next(sq, dir) {
            let bit = 1u128 << next;
            if enemy & bit != 0 {
                run |= bit;
                sq = next;
                continue;
            }
            if own & bit != 0 {
                captured |= run;
            }
            break;
        }
    }
    // Corner rule: an enemy on a corner next to `to` whose other neighbour is ours.
    let corner_enemies = geo.neighbours(to) & geo.corners & enemy;
    if corner_enemies != 0 {
        for corner in super::geometry::squares(corner_enemies) {
            let guards = geo.neighbours(corner);
            if guards & own == guards {
                captured |= 1 << corner;
            }
        }
    }
    if rules.intervention {
        for (a, b) in [(Dir::East, Dir::West), (Dir::North, Dir::South)] {
            if let (Some(x), Some(y)) = (geo.next(to, a), geo.next(to, b)) {
                let pair = (1u128 << x) | (1u128 << y);
                if enemy & pair == pair {
                    captured |= pair;
                }
            }
        }
    }
    captured
}
