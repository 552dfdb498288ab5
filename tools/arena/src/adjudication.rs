//! Resign and draw adjudication from the engines' own scores, as in cutechess-cli and fastchess.
//! Both engines must agree: a resignation needs the loser's score at or below `-score` and the
//! winner's at or above `score` for `moves` consecutive moves of each; a draw needs both scores
//! within `±score` for `moves` consecutive moves of each, from ply `after` on.

use tetsugaku::Side;

/// `--resign moves=M score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub moves: usize,
    pub score: i64,
}

/// `--draw after=P moves=M score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub after: usize,
    pub moves: usize,
    pub score: i64,
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This side resigned (the other wins).
    Resign(Side),
    Draw,
}

/// The recent scores of both sides, each from its own point of view.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// Per side (first, second): the scores of its latest moves, oldest first; a move without a
    /// score clears it.
    recent: [Vec<i64>; 2],
}

impl Adjudicator {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator { resign, draw, recent: [Vec::new(), Vec::new()] }
    }

    /// Records the score `side` reported with its move, `ply` being the number of moves played
    /// in the game so far (this one included), and says whether the game is adjudicated.
    pub fn record(&mut self, side: Side, score: Option<i64>, ply: usize) -> Option<Verdict> {
        let own = &mut self.recent[side_index(side)];
        match score {
            Some(score) => own.push(score),
            None => own.clear(),
        }
        let other = side.opponent();
        if let Some(rule) = self.resign {
            for (loser, winner) in [(side, other), (other, side)] {
                if self.streak(loser, rule.moves, |s| s <= -rule.score)
                    && self.streak(winner, rule.moves, |s| s >= rule.score)
                {
                    return Some(Verdict::Resign(loser));
                }
            }
        }
        if let Some(rule) = self.draw {
            let level = |s: i64| s.abs() <= rule.score;
            if ply >= rule.after && self.streak(side, rule.moves, level) && self.streak(other, rule.moves, level) {
                return Some(Verdict::Draw);
            }
        }
        None
    }

    fn streak(&self, side: Side, moves: usize, holds: impl Fn(i64) -> bool) -> bool {
        let recent = &self.recent[side_index(side)];
        recent.len() >= moves && recent[recent.len() - moves..].iter().all(|&s| holds(s))
    }
}

fn side_index(side: Side) -> usize {
    usize::from(side != Side::First)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resignation_needs_both_engines_to_agree_for_long_enough() {
        let mut adjudicator = Adjudicator::new(Some(ResignRule { moves: 2, score: 500 }), None);
        assert_eq!(adjudicator.record(Side::First, Some(-600), 1), None);
        assert_eq!(adjudicator.record(Side::Second, Some(600), 2), None);
        assert_eq!(adjudicator.record(Side::First, Some(-700), 3), None, "the winner agreed only once");
        assert_eq!(adjudicator.record(Side::Second, Some(400), 4), None, "the winner is not sure enough");
        assert_eq!(adjudicator.record(Side::First, Some(-700), 5), None);
        assert_eq!(adjudicator.record(Side::Second, Some(800), 6), None);
        assert_eq!(adjudicator.record(Side::First, None, 7), None, "a move without a score breaks the streak");
        assert_eq!(adjudicator.record(Side::Second, Some(800), 8), None);
        assert_eq!(adjudicator.record(Side::First, Some(-99_990), 9), None);
        assert_eq!(adjudicator.record(Side::Second, Some(800), 10), None);
        assert_eq!(adjudicator.record(Side::First, Some(-99_992), 11), Some(Verdict::Resign(Side::First)));
    }

    #[test]
    fn draws_need_level_scores_from_both_after_the_given_ply() {
        let mut adjudicator = Adjudicator::new(None, Some(DrawRule { after: 4, moves: 2, score: 10 }));
        for ply in 1..=3 {
            let side = if ply % 2 == 1 { Side::First } else { Side::Second };
            assert_eq!(adjudicator.record(side, Some(0), ply), None, "before ply 4");
        }
        assert_eq!(adjudicator.record(Side::Second, Some(5), 4), Some(Verdict::Draw));
        let mut adjudicator = Adjudicator::new(None, Some(DrawRule { after: 0, moves: 1, score: 10 }));
        assert_eq!(adjudicator.record(Side::First, Some(0), 1), None, "the other side has not spoken");
        assert_eq!(adjudicator.record(Side::Second, Some(-11), 2), None);
    }
}
