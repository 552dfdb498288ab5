//! Strength levels for people: how a level below full strength weakens the one shared search
//! (`Skill Level`, `USI_LimitStrength` and `USI_Elo`; protocol-spec.md §8.3).
//!
//! A level `L` in `0.0..=20.0` plays like a weaker player, never by an illegal move or a lost
//! clock:
//! - a shallower search: at most `1 + ⌊L⌋` plies of iterative deepening and about
//!   [`Skill::node_cap`] nodes (`1000 · 2^(L/3)`; never before the first iteration is complete,
//!   so every root move has been searched once);
//! - chosen mistakes: at least [`CANDIDATES`] principal variations are searched, and the move
//!   played is the one whose score, plus a random misjudgement, is highest among them
//!   ([`Skill::choose`]). The misjudgement is uniform in `0..m(L)·d`: `m(L) = 4 · 2^(−L/6)`, and
//!   `d` the spread of the candidates' scores, at most [`UNIT`], so its size follows the position
//!   in every game's scale. A proven win is always played, and a proven loss is never chosen
//!   while a candidate that is not one exists;
//! - no blunder into a loss at once: a move the other side can answer with a win (tried by
//!   playing its replies) is not played while another does not ([`play_choice`]), as the
//!   shallow search of a low level does not always see such a reply.
//!
//! Level 20 (the default) is full strength: the search is exactly the unweakened one.
//! `USI_Elo` maps onto levels through [`LADDER`], the Elo of every fourth level as measured by
//! arena matches (docs/strength.md, "Levels"), interpolated linearly.

use super::worker::RootMove;
use crate::game::{Game, Turn};
use crate::vocabulary::score::is_decisive;
use crate::vocabulary::{Outcome, Score, SplitMix64};

/// The strongest level: no weakening.
pub const FULL: f64 = 20.0;

/// How many root moves a weakened search scores exactly, to choose among (more when `MultiPV`
/// asks for more lines).
pub const CANDIDATES: usize = 4;

/// The largest spread of candidate scores the misjudgement scales with: the protocol's unit of
/// one pawn or man (`score cp 100`, protocol-spec.md §5.1), so a mistake at a level stays of
/// one size however lopsided the position.
pub const UNIT: Score = 100;

/// The Elo of levels 0, 4, 8, 12, 16 and 20: level 0 anchored at 800, each next one the Elo
/// difference measured between the two levels (docs/strength.md, "Levels").
pub const LADDER: [f64; 6] = [800.0, 931.0, 1104.0, 1405.0, 1751.0, 2153.0];

/// The levels [`LADDER`] gives the Elo of.
const LADDER_STEP: f64 = 4.0;

/// A strength level (protocol-spec.md §8.3).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
}

impl Default for Skill {
    /// Full strength.
    fn default() -> Skill {
        Skill::FULL
    }
}

impl Skill {
    /// Full strength: the search unweakened.
    pub const FULL: Skill = Skill { level: FULL };

    /// Level `level`, brought into `0.0..=20.0` (not a number: full strength).
    pub fn new(level: f64) -> Skill {
        Skill { level: if level.is_nan() { FULL } else { level.clamp(0.0, FULL) } }
    }

    /// The level that plays at `elo` on the [`LADDER`]: linear between its points, level 0
    /// below its first, full strength at or above its last.
    pub fn from_elo(elo: f64) -> Skill {
        let above = LADDER.iter().position(|&point| elo < point);
        let level = match above {
            Some(0) => 0.0,
            None => FULL,
            Some(i) => {
                let (low, high) = (LADDER[i - 1], LADDER[i]);
                LADDER_STEP * ((i - 1) as f64 + (elo - low) / (high - low))
            }
        };
        Skill::new(level)
    }

    /// The level, `0.0..=20.0`.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Whether the search is weakened at all (every level below 20).
    pub fn weakened(&self) -> bool {
        self.level < FULL
    }

    /// The deepest iteration a weakened search completes (`1 + ⌊level⌋` plies).
    pub fn depth_cap(&self) -> Option<u32> {
        self.weakened().then(|| 1 + self.level as u32)
    }

    /// About how many nodes a weakened search spends once its first iteration is complete:
    /// `1000 · 2^(level/3)` (1,000 at level 0, 16,000 at 12, about 80,600 at 19).
    pub fn node_cap(&self) -> Option<u64> {
        self.weakened().then(|| (1000.0 * (self.level / 3.0).exp2()).round() as u64)
    }

    /// How many root moves the search scores exactly: `multipv`, and at least [`CANDIDATES`]
    /// when weakened.
    pub fn lines(&self, multipv: usize) -> usize {
        if self.weakened() {
            multipv.max(CANDIDATES)
        } else {
            multipv
        }
    }

    /// The size of the misjudgement, in spreads of the candidates' scores: `4 · 2^(−level/6)`
    /// (4 at level 0, 1 at 12, about 0.45 at 19).
    fn misjudgement(&self) -> f64 {
        4.0 * (-self.level / 6.0).exp2()
    }

    /// Which of the candidates to play, given their exact `scores` best first (the first lines
    /// of a completed iteration): an index into `scores`. Full strength, a single candidate or
    /// a proven win at the top: 0. Otherwise each candidate that is not a proven loss (all of
    /// them when the best is one: then 0, the longest resistance) is judged at its score plus a
    /// misjudgement uniform in `0..m·d`, `d` the spread of those candidates' scores, at most
    /// [`UNIT`]; the highest judgement wins, the better score on a tie. The same `seed` gives the
    /// same choice.
    pub fn choose(&self, scores: &[Score], seed: u64) -> usize {
        let Some(&top) = scores.first() else { return 0 };
        if !self.weakened() || is_decisive(top) {
            return 0;
        }
        let viable = scores.iter().take_while(|&&s| !(is_decisive(s) && s < 0)).count();
        let spread = (top - scores[viable - 1]).min(UNIT);
        let amplitude = self.misjudgement() * f64::from(spread);
        let mut rng = SplitMix64::new(seed);
        let mut best = (0, f64::NEG_INFINITY);
        for (index, &score) in scores[..viable].iter().enumerate() {
            let judged = f64::from(score) + amplitude * unit_interval(&mut rng);
            if judged > best.1 {
                best = (index, judged);
            }
        }
        best.0
    }
}

/// How much work [`play_choice`] may do to see whether moves lose at once, in positions played,
/// a move generation counting as [`GENERATION_COST`] of them: a few milliseconds in every game
/// (a generation of Shogammon turns with pieces in hand takes up to about 25 µs).
const SAFETY_BUDGET: usize = 10_000;
const GENERATION_COST: usize = 25;

/// Plays the level's move: [`Skill::choose`] among the `candidates` (moves and exact scores of
/// the last completed iteration, best first; the root position's key and the level seed the
/// choice), unless that move loses at once ([`loses_at_once`]) and another does not: then the
/// choice among the candidates that do not, or failing them the first root move that does
/// not, in their order, as far as [`SAFETY_BUDGET`] reaches. The move played becomes the first
/// of the `root_moves`, the order of the others kept. Nothing changes at full strength or before
/// an iteration has completed (no candidates).
pub(super) fn play_choice<G: Game>(
    root: &G,
    root_moves: &mut [RootMove<G::Move>],
    candidates: &[(G::Move, Score)],
    skill: Skill,
) {
    if !skill.weakened() || candidates.is_empty() {
        return;
    }
    let seed = root.key() ^ skill.level().to_bits();
    let pick = |among: &[(G::Move, Score)]| {
        let scores: Vec<Score> = among.iter().map(|&(_, score)| score).collect();
        among[skill.choose(&scores, seed)].0
    };
    let mut game = root.clone();
    let mut budget = SAFETY_BUDGET;
    let mut chosen = pick(candidates);
    if loses_at_once(&mut game, chosen, &mut budget) {
        let safe: Vec<(G::Move, Score)> =
            candidates.iter().copied().filter(|&(mv, _)| !loses_at_once(&mut game, mv, &mut budget)).collect();
        let others = root_moves.iter().map(|r| r.mv).filter(|mv| !candidates.iter().any(|&(c, _)| c == *mv));
        if !safe.is_empty() {
            chosen = pick(&safe);
        } else if let Some(mv) = others.into_iter().find(|&mv| !loses_at_once(&mut game, mv, &mut budget)) {
            chosen = mv;
        }
    }
    if let Some(index) = root_moves.iter().position(|r| r.mv == chosen) {
        root_moves[..=index].rotate_right(1);
    }
}

/// Whether `mv`, played in `game`, loses at once: it ends the game with the other side winning,
/// or the other side has a move that does (after any roll, when a roll comes first). Also
/// `true` once `budget` ([`SAFETY_BUDGET`]) is spent, so that a move not known to be safe is
/// not preferred to the choice. Leaves `game` as it was.
fn loses_at_once<G: Game>(game: &mut G, mv: G::Move, budget: &mut usize) -> bool {
    if *budget == 0 {
        return true;
    }
    let mover = game.side();
    let lost = |game: &G| matches!(game.turn(), Turn::Over(Outcome::Win { winner, .. }) if winner != mover);
    let mut replies = Vec::new();
    game.play(mv);
    let mut loses = lost(game);
    if !loses {
        let rolls = match game.turn() {
            Turn::Chance(_) => {
                let mut rolls = Vec::new();
                game.generate(&mut rolls);
                rolls.retain(|&roll| game.chance_weight(roll) > 0);
                rolls.into_iter().map(Some).collect()
            }
            _ => vec![None],
        };
        for roll in rolls {
            if let Some(roll) = roll {
                game.play(roll);
            }
            replies.clear();
            // After a roll only the noisy replies (those that decide the game among them, by
            // the contract of `Game::is_noisy`): a roll's every turn is too many to play.
            if roll.is_some() {
                game.generate_noisy(&mut replies);
            } else {
                game.generate(&mut replies);
            }
            *budget = budget.saturating_sub(GENERATION_COST);
            loses = *budget == 0;
            for &reply in &replies {
                *budget = budget.saturating_sub(1);
                game.play(reply);
                loses = lost(game) || *budget == 0;
                game.undo();
                if loses {
                    break;
                }
            }
            if roll.is_some() {
                game.undo();
            }
            if loses {
                break;
            }
        }
    }
    game.undo();
    loses
}

/// A uniform draw in `0.0..1.0`.
fn unit_interval(rng: &mut SplitMix64) -> f64 {
    (rng.next() >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::score::{loss_in, win_in};

    #[test]
    fn full_strength_weakens_nothing() {
        let full = Skill::default();
        assert!(!full.weakened());
        assert_eq!((full.depth_cap(), full.node_cap(), full.lines(1)), (None, None, 1));
        assert_eq!(full.choose(&[10, 9, 8, 7], 1), 0);
        assert_eq!(Skill::new(f64::NAN), Skill::FULL);
        assert_eq!(Skill::new(25.0), Skill::FULL);
    }

    #[test]
    fn levels_cap_depth_and_nodes_and_widen_the_search() {
        let zero = Skill::new(0.0);
        assert_eq!((zero.depth_cap(), zero.node_cap(), zero.lines(1), zero.lines(6)), (Some(1), Some(1000), 4, 6));
        assert_eq!(Skill::new(12.0).node_cap(), Some(16_000));
        assert_eq!(Skill::new(19.5).depth_cap(), Some(20));
        assert_eq!(Skill::new(-3.0).depth_cap(), Some(1));
    }

    #[test]
    fn wins_are_kept_and_avoidable_losses_never_chosen() {
        for level in [0.0, 5.0, 19.0] {
            let skill = Skill::new(level);
            for seed in 0..200 {
                assert_eq!(skill.choose(&[win_in(3), 50, 40, 30], seed), 0);
                assert!(skill.choose(&[20, 10, loss_in(2), loss_in(4)], seed) < 2);
                assert_eq!(skill.choose(&[loss_in(9), loss_in(2)], seed), 0);
            }
        }
    }

    #[test]
    fn lower_levels_make_more_and_bigger_mistakes() {
        let scores = [100, 80, 40, -100];
        let mistakes = |level: f64| {
            let skill = Skill::new(level);
            let chosen: Vec<usize> = (0..2000).map(|seed| skill.choose(&scores, seed)).collect();
            let missed: i32 = chosen.iter().map(|&i| scores[0] - scores[i]).sum();
            (chosen.iter().filter(|&&i| i > 0).count(), missed)
        };
        let (weak, strong) = (mistakes(0.0), mistakes(16.0));
        assert!(weak.0 > strong.0 && weak.1 > strong.1, "level 0 {weak:?}, level 16 {strong:?}");
        assert!(strong.0 > 0, "level 16 never errs");
        assert_eq!(Skill::new(7.0).choose(&scores, 42), Skill::new(7.0).choose(&scores, 42));
    }

    #[test]
    fn elo_maps_onto_the_ladder() {
        assert_eq!(Skill::from_elo(0.0).level(), 0.0);
        assert_eq!(Skill::from_elo(LADDER[0]).level(), 0.0);
        assert_eq!(Skill::from_elo(LADDER[5]), Skill::FULL);
        assert_eq!(Skill::from_elo(LADDER[2]).level(), 8.0);
        let between = Skill::from_elo((LADDER[3] + LADDER[4]) / 2.0).level();
        assert!((between - 14.0).abs() < 1e-9, "{between}");
        for pair in LADDER.windows(2) {
            assert!(pair[0] < pair[1], "the ladder rises: {LADDER:?}");
        }
    }
}
