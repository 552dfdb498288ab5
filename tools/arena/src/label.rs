//! Search labels for `arena tune --label-engine`: each quiet position's value as a reference
//! engine's search scores it, in place of its game's result. A result is one noisy bit shared by
//! every position of a game; a score says how good each position is, so the same games carry
//! far more to fit (result labels from a thousand shogi games moved every weight by noise).

use crate::engine::{rule_options, Engine};
use crate::limit::SideClock;
use crate::spec::EngineSpec;
use std::time::Duration;
use tetsugaku::tune::{is_quiet, sigmoid};
use tetsugaku::{AnyGame, RuleValues, Side, Variant};

/// Scores beyond this (mates, decided material) are labelled as this: a label near 0 or 1
/// already says "decided", and a larger score would only stretch the fit's scale.
const SCORE_CAP: i64 = 3000;
/// How long one position's search may take before the engine counts as hung.
const HANG_TIMEOUT: Duration = Duration::from_secs(60);

/// Position strings of `variant` labelled with the expected result for the first player.
pub type Labelled = Vec<(String, f64)>;

/// The quiet decision positions of `positions` (position strings of `variant` under `rules`),
/// each labelled `sigmoid(1, score)` from the score `spec`'s engine reports for it (from the
/// first player's point of view, capped at ±[`SCORE_CAP`]), searched by `workers` engine
/// processes at once. Positions the engine gives no score for are left out.
pub fn label(
    positions: &[(String, f64)],
    variant: &Variant,
    rules: &RuleValues,
    spec: &EngineSpec,
    workers: usize,
) -> Result<Labelled, String> {
    let mut quiet = Vec::new();
    for (text, _) in positions {
        let game = AnyGame::new(variant, rules, Some(text)).map_err(|e| e.to_string())?;
        if is_quiet(&game) {
            quiet.push((text.as_str(), game.side()));
        }
    }
    let options = rule_options(rules);
    let chunk = quiet.len().div_ceil(workers.max(1)).max(1);
    let results: Vec<Result<Labelled, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> =
            quiet.chunks(chunk).map(|part| scope.spawn(|| label_part(part, variant.name, &options, spec))).collect();
        handles.into_iter().map(|h| h.join().unwrap_or_else(|_| Err("a labelling thread panicked".into()))).collect()
    });
    let mut labelled = Vec::with_capacity(quiet.len());
    for part in results {
        labelled.extend(part?);
    }
    Ok(labelled)
}

/// One engine process labelling `part` in order.
fn label_part(
    part: &[(&str, Side)],
    variant: &str,
    options: &[(String, String)],
    spec: &EngineSpec,
) -> Result<Labelled, String> {
    let mut engine = Engine::start(spec, variant, options)?;
    let clock = SideClock::new(spec.limit);
    let mut labelled = Vec::with_capacity(part.len());
    for &(text, side) in part {
        engine.new_game().map_err(|f| format!("{}: {}", spec.name, f.describe()))?;
        let go = SideClock::go_command(&clock, &clock, side == Side::First);
        let reply = engine
            .think(&format!("position sfen {text}"), &go, HANG_TIMEOUT)
            .map_err(|f| format!("{}: {text}: {}", spec.name, f.describe()))?;
        if let Some(score) = reply.score {
            let score = score.clamp(-SCORE_CAP, SCORE_CAP);
            let first = if side == Side::First { score } else { -score };
            labelled.push((text.to_string(), sigmoid(1.0, first as i32)));
        }
    }
    engine.quit();
    Ok(labelled)
}
