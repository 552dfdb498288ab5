//! Search labels for `arena tune --label-engine`: each quiet position's value as a reference
//! engine's search scores it, in place of its game's result. A result is one noisy bit shared by
//! every position of a game; a score says how good each position is, so the same games carry
//! far more to fit (result labels from a thousand shogi games moved every weight by noise).

use crate::engine::{rule_options, Engine};
use crate::limit::SideClock;
use crate::spec::EngineSpec;
use std::time::Duration;
use tetsugaku::tune::{is_quiet, sigmoid};
use tetsugaku::{AnyGame, RuleValues, Side, Turn, Variant};

/// Scores beyond this (mates, decided material) are labelled as this: a label near 0 or 1
/// already says "decided", and a larger score would only stretch the fit's scale.
const SCORE_CAP: i64 = 3000;
/// How long one position's search may take before the engine counts as hung.
const HANG_TIMEOUT: Duration = Duration::from_secs(60);

/// Position strings of `variant` labelled with the expected result for the first player.
pub type Labelled = Vec<(String, f64)>;

/// Which positions [`label`] labels.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Nodes {
    /// Quiet decision positions, each by the engine's score of it.
    Decision,
    /// Chance positions (before a roll), each by the mean of the engine's scores of the
    /// positions its outcomes lead to, weighted by their likelihoods: the value an
    /// expectimax search gives the chance node, which is what a dice game's evaluation stands
    /// for at the horizon (a decision position's score knows a roll its evaluation cannot see).
    Chance,
}

/// One position to label: its string, whose side it is, and the positions its search scores
/// are read from with their weights (the position itself with weight 1 at a decision).
struct Job {
    text: String,
    side: Side,
    searched: Vec<(String, u32)>,
}

/// The positions of `positions` (position strings of `variant` under `rules`) that `nodes`
/// picks, each labelled `sigmoid(1, score)` from the scores `spec`'s engine reports (from the
/// first player's point of view, each capped at ±[`SCORE_CAP`]), searched by `workers` engine
/// processes at once. Positions the engine gives no score for are left out.
pub fn label(
    positions: &[(String, f64)],
    variant: &Variant,
    rules: &RuleValues,
    spec: &EngineSpec,
    workers: usize,
    nodes: Nodes,
) -> Result<Labelled, String> {
    let mut jobs = Vec::new();
    for (text, _) in positions {
        let game = AnyGame::new(variant, rules, Some(text)).map_err(|e| e.to_string())?;
        let searched = match nodes {
            Nodes::Decision if is_quiet(&game) => vec![(text.clone(), 1)],
            Nodes::Chance if matches!(game.turn(), Turn::Chance(_)) => outcomes(&game)?,
            _ => continue,
        };
        jobs.push(Job { text: text.clone(), side: game.side(), searched });
    }
    let options = rule_options(rules);
    let chunk = jobs.len().div_ceil(workers.max(1)).max(1);
    let results: Vec<Result<Labelled, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            jobs.chunks(chunk).map(|part| scope.spawn(|| label_part(part, variant.name, &options, spec))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a labelling thread panicked".into()))).collect()
    });
    let mut labelled = Vec::with_capacity(jobs.len());
    for part in results {
        labelled.extend(part?);
    }
    Ok(labelled)
}

/// The positions each outcome of the chance node `game` leads to, with the outcome's weight.
fn outcomes(game: &AnyGame) -> Result<Vec<(String, u32)>, String> {
    let mut after = game.clone();
    let mut searched = Vec::new();
    for (token, weight) in game.chance_outcomes() {
        after.play_token(&token).map_err(|e| format!("{}: {token}: {e}", game.position_string()))?;
        searched.push((after.position_string(), weight));
        after.undo();
    }
    Ok(searched)
}

/// One engine process labelling `part` in order: a job's score is the weighted mean of its
/// searches' capped scores, from the side to move's point of view (an outcome keeps the side
/// to move), and the job is left out if any search gives no score.
fn label_part(
    part: &[Job],
    variant: &str,
    options: &[(String, String)],
    spec: &EngineSpec,
) -> Result<Labelled, String> {
    let mut engine = Engine::start(spec, variant, options)?;
    let clock = SideClock::new(spec.limit);
    let mut labelled = Vec::with_capacity(part.len());
    'jobs: for job in part {
        let (mut sum, mut total) = (0i64, 0i64);
        for (text, weight) in &job.searched {
            engine.new_game().map_err(|f| format!("{}: {}", spec.name, f.describe()))?;
            let go = SideClock::go_command(&clock, &clock, job.side == Side::First);
            let reply = engine
                .think(&format!("position sfen {text}"), &go, HANG_TIMEOUT)
                .map_err(|f| format!("{}: {text}: {}", spec.name, f.describe()))?;
            let Some(score) = reply.score else { continue 'jobs };
            sum += score.clamp(-SCORE_CAP, SCORE_CAP) * i64::from(*weight);
            total += i64::from(*weight);
        }
        if total == 0 {
            continue;
        }
        let score = (sum as f64 / total as f64).round() as i64;
        let first = if job.side == Side::First { score } else { -score };
        labelled.push((job.text.clone(), sigmoid(1.0, first as i32)));
    }
    engine.quit();
    Ok(labelled)
}
