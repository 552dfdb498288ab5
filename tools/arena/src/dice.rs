//! The arena's seeded randomness: dice rolls at chance nodes and random opening moves. The same
//! seed gives the same draws on every machine.

use tetsugaku::vocabulary::SplitMix64;

/// A seeded source of draws.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: SplitMix64,
}

impl Dice {
    /// The stream for `seed` and `stream` (e.g. an opening's number), independent of how many
    /// draws other streams have made.
    pub fn new(seed: u64, stream: u64) -> Dice {
        let mut mixer = SplitMix64::new(seed ^ stream.wrapping_mul(0xA076_1D64_78BD_642F));
        Dice { rng: SplitMix64::new(mixer.next()) }
    }

    /// One of `outcomes`, each drawn with probability proportional to its weight; `None` when
    /// there is nothing to draw (or every weight is zero).
    pub fn draw<'a>(&mut self, outcomes: &'a [(String, u32)]) -> Option<&'a str> {
        let total: u64 = outcomes.iter().map(|&(_, w)| u64::from(w)).sum();
        if total == 0 {
            return None;
        }
        let mut ticket = self.rng.next() % total;
        for (item, weight) in outcomes {
            if ticket < u64::from(*weight) {
                return Some(item);
            }
            ticket -= u64::from(*weight);
        }
        None
    }

    /// One of `items`, uniformly; `None` when empty.
    pub fn pick(&mut self, items: &[String]) -> Option<String> {
        (!items.is_empty()).then(|| items[self.rng.below(items.len())].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shogammon's 21 rolls: doubles weigh 1, the others 2 (of 36).
    fn rolls() -> Vec<(String, u32)> {
        let mut rolls = Vec::new();
        for high in 1..=6 {
            for low in 1..=high {
                rolls.push((format!("{high}{low}"), if high == low { 1 } else { 2 }));
            }
        }
        rolls
    }

    fn sequence(seed: u64, stream: u64) -> Vec<String> {
        let rolls = rolls();
        let mut dice = Dice::new(seed, stream);
        (0..200).map(|_| dice.draw(&rolls).unwrap().to_string()).collect()
    }

    #[test]
    fn the_same_seed_and_stream_roll_the_same_dice() {
        assert_eq!(sequence(7, 3), sequence(7, 3));
        assert_ne!(sequence(7, 3), sequence(7, 4));
        assert_ne!(sequence(7, 3), sequence(8, 3));
    }

    #[test]
    fn rolls_follow_their_weights() {
        let rolls = rolls();
        let mut dice = Dice::new(1, 0);
        let draws = 360_000;
        let mut doubles = 0;
        let mut six_one = 0;
        for _ in 0..draws {
            let roll = dice.draw(&rolls).unwrap().as_bytes();
            doubles += usize::from(roll[0] == roll[1]);
            six_one += usize::from(roll == b"61");
        }
        // Expected 60000 doubles (6/36) and 20000 six-ones (2/36); allow 1.5% (about 5 sigma).
        assert!((59_100..=60_900).contains(&doubles), "{doubles}");
        assert!((19_700..=20_300).contains(&six_one), "{six_one}");
    }

    #[test]
    fn nothing_to_draw_from() {
        let mut dice = Dice::new(1, 0);
        assert_eq!(dice.draw(&[]), None);
        assert_eq!(dice.draw(&[("x".into(), 0)]), None);
        assert_eq!(dice.pick(&[]), None);
    }
}
