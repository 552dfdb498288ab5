//! `cargo bench --bench chance_margin`: how far a Shogammon chance node's value searched one
//! turn shallower lies from its value, the measurement behind ChanceProbCut's margin
//! (`ChancePruning::ProbCut`). The chance nodes are those after a spread of the turns of each
//! middlegame decision node of `scripts/shogammon-middlegames.txt` (or the file named by the
//! first argument). A chance node's value at depth `d` is the weighted mean of the values of
//! its 21 rolls searched to `d` (one thread, a fresh table each), at depth 0 its evaluation.
//! Printed per pair of depths (shallow, deep): the least-squares line deep = a·shallow + b,
//! the spread σ of its residuals, and the quantiles of |deep - shallow|; decided values are
//! left out.

use std::path::PathBuf;
use tetsugaku::game::{Game, RuleValues};
use tetsugaku::search::{search, Config, Control, Limits, TranspositionTable};
use tetsugaku::variants::shogammon::Shogammon;
use tetsugaku::vocabulary::score::is_decisive;
use tetsugaku::vocabulary::Score;

/// Turns sampled from each decision node's list (evenly spaced in generation order).
const TURNS_PER_POSITION: usize = 6;
/// The deepest chance-node value measured.
const DEEPEST: u32 = 2;

/// The decision node `line` (`startpos moves <roll> <turn> ...`) reaches.
fn position(line: &str) -> Result<Shogammon, String> {
    let mut game = Shogammon::start((), &RuleValues::default());
    let moves = line.strip_prefix("startpos moves ").ok_or_else(|| format!("not startpos moves: {line}"))?;
    for token in moves.split_whitespace() {
        let mv = game.parse_move(token).map_err(|e| format!("{token}: {e}"))?;
        game.play(mv);
    }
    Ok(game)
}

/// The value of the chance node `game` searched to `depth` (its evaluation at depth 0), for
/// its side to move, or `None` when a roll's value is decided.
fn chance_value(game: &mut Shogammon, depth: u32, tt: &TranspositionTable) -> Option<Score> {
    if depth == 0 {
        return Some(game.evaluate());
    }
    let mut rolls = Vec::new();
    game.generate(&mut rolls);
    let (mut total, mut weight) = (0i64, 0i64);
    for roll in rolls {
        let w = i64::from(game.chance_weight(roll));
        game.play(roll);
        tt.clear();
        let limits = Limits { depth: Some(depth), ..Limits::default() };
        let summary = search(&*game, &limits, &Config::default(), tt, &Control::new(false), &|_| {});
        game.undo();
        let score = summary.ok()?.score?;
        if is_decisive(score) {
            return None;
        }
        total += w * i64::from(score);
        weight += w;
    }
    Some((total / weight) as Score)
}

/// The least-squares line `y = a·x + b` through `pairs` and the spread of its residuals.
fn regression(pairs: &[(f64, f64)]) -> (f64, f64, f64) {
    let n = pairs.len() as f64;
    let (mx, my) = (pairs.iter().map(|p| p.0).sum::<f64>() / n, pairs.iter().map(|p| p.1).sum::<f64>() / n);
    let sxy: f64 = pairs.iter().map(|&(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = pairs.iter().map(|&(x, _)| (x - mx) * (x - mx)).sum();
    let a = sxy / sxx;
    let b = my - a * mx;
    let residuals: f64 = pairs.iter().map(|&(x, y)| (y - a * x - b).powi(2)).sum();
    (a, b, (residuals / (n - 2.0)).sqrt())
}

fn main() {
    let path = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .map_or_else(|| PathBuf::from("scripts/shogammon-middlegames.txt"), PathBuf::from);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let tt = TranspositionTable::new(64).expect("64 MiB");
    // values[k] holds, per chance node, its values at depths 0..=DEEPEST.
    let mut values: Vec<Vec<Score>> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let mut game = position(line).unwrap_or_else(|e| panic!("{e}"));
        let mut turns = Vec::new();
        game.generate(&mut turns);
        let step = turns.len().div_ceil(TURNS_PER_POSITION).max(1);
        for &turn in turns.iter().step_by(step) {
            game.play(turn);
            let at: Option<Vec<Score>> = (0..=DEEPEST).map(|d| chance_value(&mut game, d, &tt)).collect();
            game.undo();
            if let Some(at) = at {
                println!("{} after {}: {at:?}", values.len(), game.format_move(turn));
                values.push(at);
            }
        }
    }
    for shallow in 0..DEEPEST {
        for deep in shallow + 1..=DEEPEST {
            let pairs: Vec<(f64, f64)> =
                values.iter().map(|v| (f64::from(v[shallow as usize]), f64::from(v[deep as usize]))).collect();
            let (a, b, sigma) = regression(&pairs);
            let mut gaps: Vec<Score> = values.iter().map(|v| (v[deep as usize] - v[shallow as usize]).abs()).collect();
            gaps.sort_unstable();
            let quantile = |q: f64| gaps[((gaps.len() - 1) as f64 * q).round() as usize];
            println!(
                "depth {shallow} -> {deep}: {} nodes, deep = {a:.3} shallow + {b:.1}, sigma {sigma:.1}; \
                 |deep - shallow| median {}, 90% {}, 95% {}, 99% {}, max {}",
                pairs.len(),
                quantile(0.5),
                quantile(0.9),
                quantile(0.95),
                quantile(0.99),
                quantile(1.0)
            );
        }
    }
}
