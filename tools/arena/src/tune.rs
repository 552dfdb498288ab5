//! `arena tune <records...>`: Texel tuning of the variant's evaluation weights from the
//! positions of recorded games (`tetsugaku::tune`). Every position from `--skip-plies` on,
//! labelled with its game's result (or, with `--label-engine`, with a reference engine's score of
//! it: `label.rs`), is kept if quiet (every `--holdout`-th game's positions are
//! kept apart to check the fit on positions it did not learn); the weights move one step at a time while
//! the mean squared error between the results and the sigmoid of the evaluation falls. Prints
//! the fit before and after and the weights that changed, and writes the constant back into the
//! game's weights file with `--write`.

use crate::label::{label as search_labels, Labelled, Nodes};
use crate::label_file::LabelSet;
use crate::record::{parse_records, GameRecord, Termination};
use crate::referee::Referee;
use crate::spec::EngineSpec;
use clap::Args;
use std::path::PathBuf;
use std::time::Instant;
use tetsugaku::tune::{descend, fit_for, fit_scale, local_search, replace_constant, Descent, Fit};
use tetsugaku::{RuleValues, Score, Turn, Variant};

#[derive(Args)]
pub struct TuneArgs {
    /// Record files written by `arena match --record`; their games must share one variant and
    /// its rule options.
    #[arg(required_unless_present = "labels", conflicts_with = "labels")]
    records: Vec<PathBuf>,
    /// Fit the positions of label files written by `--save-labels` (of one variant and rule
    /// set) instead of records; repeatable, and one `--labels` takes several files.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    labels: Vec<PathBuf>,
    /// Write the positions `--label-engine` labelled to this file (`label_file.rs`), so that
    /// later fits read them with `--labels` instead of labelling again.
    #[arg(long, value_name = "FILE", requires = "label_engine")]
    save_labels: Option<PathBuf>,
    /// Positions before this many moves of a game (the opening) are not used.
    #[arg(long, default_value_t = 16)]
    skip_plies: usize,
    /// At most this many passes of the local search.
    #[arg(long, default_value_t = 20)]
    passes: usize,
    /// The first step of the local search; halved whenever a pass improves nothing, down to 1.
    #[arg(long, default_value_t = 8)]
    step: Score,
    /// Weights left as they are: a name (`attacker`) or a prefix of names (`board_value`,
    /// `board_value[7]`); repeatable.
    #[arg(long)]
    freeze: Vec<String>,
    /// Every this-many-th game is held out of the fit, and the error on its positions reported
    /// before and after (a fit that only learns its own positions shows there); 0 holds none.
    #[arg(long, default_value_t = 10)]
    holdout: usize,
    /// Label each quiet position with this engine's score of it (`sigmoid(1, score)`, scores
    /// capped at ±3000) instead of its game's result; KEY=VALUE items as `arena match --engine`
    /// takes them, with a depth or node limit (e.g. `cmd=/usr/games/fairy-stockfish
    /// option.UCI_Variant=shogi nodes=5000`).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    label_engine: Vec<String>,
    /// Engine processes labelling at once.
    #[arg(long, default_value_t = 1)]
    label_concurrency: usize,
    /// With `--label-engine`, label the chance positions (a dice game's positions before a
    /// roll) instead of the quiet decision positions: each with the mean of the engine's scores
    /// of the positions its outcomes lead to, weighted by their likelihoods (one search per
    /// outcome: 21 in Shogammon).
    #[arg(long, requires = "label_engine")]
    label_chance: bool,
    /// Fit by gradient descent instead of the local search: this many steps of Adam over every
    /// position at once (`--passes` and `--step` then play no part). Only for evaluations linear
    /// in their weights, which the tuner checks on every position before it starts.
    #[arg(long, value_name = "STEPS")]
    gradient: Option<usize>,
    /// The gradient descent's first step size (in score units), falling to a tenth of it by the
    /// last step.
    #[arg(long, default_value_t = 1.0, requires = "gradient")]
    rate: f64,
    /// The gradient descent's pull back to the starting weights: `L2 · Σ ((w − start) / 100)²`
    /// is added to the error it minimises, so weights that few positions speak for stay near
    /// where they were.
    #[arg(long, default_value_t = 0.0, requires = "gradient")]
    l2: f64,
    /// Rewrite the weight constant in its source file (a path from the current directory,
    /// which must be the repository's root); otherwise print it.
    #[arg(long)]
    write: bool,
}

/// The result of a game for its first player, or `None` if the game did not end in play
/// (time, illegal move, crash): its positions say nothing of their value.
fn label(record: &GameRecord) -> Option<f64> {
    match record.termination {
        Termination::Time | Termination::Illegal | Termination::Crash => None,
        _ => Some(record.result.for_first().points()),
    }
}

/// Every position of `record` at a decision from move `skip` on, with the game's label.
fn positions(record: &GameRecord, skip: usize, result: f64, out: &mut Vec<(String, f64)>) -> Result<(), String> {
    let mut referee = Referee::new(&record.variant, &record.rules, record.start.as_deref())?;
    for item in &record.items {
        referee.play(item).map_err(|e| format!("game {}: {item}: {e}", record.number))?;
        if referee.plies() >= skip && !matches!(referee.turn(), Turn::Over(_)) {
            out.push((referee.position_string(), result));
        }
    }
    Ok(())
}

/// The positions to fit and those held out, as records or a label file give them.
struct Positions {
    variant: Variant,
    rules: RuleValues,
    train: Labelled,
    held: Labelled,
    /// Where they come from, for the report.
    source: String,
}

/// The positions of `args.records`, labelled with their games' results or, with
/// `--label-engine`, by the engine (and saved with `--save-labels`).
fn from_records(args: &TuneArgs) -> Result<Positions, String> {
    let mut records = Vec::new();
    for path in &args.records {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        records.extend(parse_records(&text)?);
    }
    let first = records.first().ok_or("no games in the records")?;
    let (variant_name, rules) = (first.variant.clone(), first.rules.clone());
    if let Some(other) = records.iter().find(|r| r.variant != variant_name || r.rules != rules) {
        return Err(format!("game {} is of another variant or rule set than game {}", other.number, first.number));
    }
    let variant = *Variant::named(&variant_name).ok_or_else(|| format!("unknown variant {variant_name}"))?;
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0;
    for record in &records {
        if let Some(result) = label(record) {
            games += 1;
            let into = if args.holdout > 0 && games % args.holdout == 0 { &mut held } else { &mut train };
            positions(record, args.skip_plies, result, into)?;
        }
    }
    let mixed = records.iter().filter(|r| r.first != r.second).count();
    if args.label_engine.is_empty() {
        if mixed > 0 {
            println!("warning: {mixed} games are between engines of different names; their results say which engine was stronger as much as which position was better (tune on self-play)");
        }
    } else {
        let spec = EngineSpec::parse(&[], &args.label_engine)?;
        let clock = Instant::now();
        let (before, held_before) = (train.len(), held.len());
        let nodes = if args.label_chance { Nodes::Chance } else { Nodes::Decision };
        train = search_labels(&train, &variant, &rules, &spec, args.label_concurrency, nodes)?;
        held = search_labels(&held, &variant, &rules, &spec, args.label_concurrency, nodes)?;
        println!(
            "labelled {} of {before} positions and {} of {held_before} held out by {} ({:.0} s)",
            train.len(),
            held.len(),
            spec.name,
            clock.elapsed().as_secs_f64()
        );
        if let Some(path) = &args.save_labels {
            let set = LabelSet {
                variant: variant_name.clone(),
                rules: rules.clone(),
                labeller: args.label_engine.join(" "),
                train,
                held,
            };
            std::fs::write(path, set.text()).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("saved the labels in {}", path.display());
            (train, held) = (set.train, set.held);
        }
    }
    let source = format!("{games} games, positions from move {}", args.skip_plies);
    Ok(Positions { variant, rules, train, held, source })
}

/// The positions of label files, one set after the other.
fn from_label_files(paths: &[PathBuf]) -> Result<Positions, String> {
    let mut all: Option<Positions> = None;
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let set = LabelSet::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let variant = *Variant::named(&set.variant).ok_or_else(|| format!("unknown variant {}", set.variant))?;
        let source = format!("{} labelled by {}", path.display(), set.labeller);
        match &mut all {
            None => all = Some(Positions { variant, rules: set.rules, train: set.train, held: set.held, source }),
            Some(all) => {
                if all.variant.name != variant.name || all.rules != set.rules {
                    return Err(format!(
                        "{} is of another variant or rule set than {}",
                        path.display(),
                        paths[0].display()
                    ));
                }
                all.train.extend(set.train);
                all.held.extend(set.held);
                all.source = format!("{}; {source}", all.source);
            }
        }
    }
    all.ok_or_else(|| "no label files".into())
}

/// Runs the tuner; `Ok(true)` when it finished.
pub fn run(args: &TuneArgs) -> Result<bool, String> {
    let Positions { variant, rules, train: samples, held, source } =
        if args.labels.is_empty() { from_records(args)? } else { from_label_files(&args.labels)? };
    let fit = fit_for(&variant, &rules, &samples).map_err(|e| e.to_string())?;
    let check = if held.is_empty() { None } else { Some(fit_for(&variant, &rules, &held).map_err(|e| e.to_string())?) };
    println!(
        "{}: {source}: {} positions, {} quiet; held out: {} positions, {} quiet",
        variant.name,
        samples.len(),
        fit.len(),
        held.len(),
        check.as_ref().map_or(0, |c| c.len())
    );
    let names = fit.names();
    let frozen: Vec<bool> = names.iter().map(|n| args.freeze.iter().any(|f| n.starts_with(f.as_str()))).collect();
    let before = fit.values();
    let k = fit_scale(fit.as_ref());
    let start_error = fit.error(&before, k);
    let held_error =
        |values: &[Score]| check.as_ref().map_or(String::new(), |c| format!(", held out {:.6}", c.error(values, k)));
    println!("k {k:.4}; error before {start_error:.6}{}", held_error(&before));
    let values = match args.gradient {
        None => search(fit.as_ref(), k, &before, &frozen, args, start_error),
        Some(steps) => {
            let how = Descent { steps, rate: args.rate, l2: args.l2 };
            descent(fit.as_ref(), check.as_deref(), k, &before, &frozen, how)?
        }
    };
    let end_error = fit.error(&values, k);
    println!("error after {end_error:.6} ({:+.6}){}", end_error - start_error, held_error(&values));
    for (i, name) in names.iter().enumerate() {
        if values[i] != before[i] {
            println!("  {name}: {} -> {}", before[i], values[i]);
        }
    }
    let written = fit.source(&values);
    if args.write {
        let source = std::fs::read_to_string(written.file).map_err(|e| format!("cannot read {}: {e}", written.file))?;
        let new = replace_constant(&source, written.constant, &written.text)
            .ok_or_else(|| format!("no constant {} in {}", written.constant, written.file))?;
        std::fs::write(written.file, new).map_err(|e| format!("cannot write {}: {e}", written.file))?;
        println!("wrote {} in {}", written.constant, written.file);
    } else {
        println!("{}:\n{}", written.file, written.text);
    }
    Ok(true)
}

/// Gradient descent from `start`, if the evaluation is linear in its weights, reporting the error
/// on `held` positions too.
fn descent(
    fit: &dyn Fit,
    held: Option<&dyn Fit>,
    k: f64,
    start: &[Score],
    frozen: &[bool],
    how: Descent,
) -> Result<Vec<Score>, String> {
    let clock = Instant::now();
    let not_linear = || "the evaluation is not linear in its weights: use the local search".to_string();
    let features = fit.features(start).ok_or_else(not_linear)?;
    let held = match held {
        Some(held) => Some(held.features(start).ok_or_else(not_linear)?),
        None => None,
    };
    println!("features of every position read ({:.1} s)", clock.elapsed().as_secs_f64());
    let values = descend(&features, k, start, frozen, how, |step, values| {
        let held = held.as_ref().map_or(String::new(), |h| format!(", held out {:.6}", h.error(values, k)));
        println!("step {step}: error {:.6}{held} ({:.1} s)", features.error(values, k), clock.elapsed().as_secs_f64());
    });
    Ok(values)
}

/// Passes of the local search from `start`: a pass that improves nothing halves the step, and
/// one at step 1 that improves nothing ends the search.
fn search(fit: &dyn Fit, k: f64, start: &[Score], frozen: &[bool], args: &TuneArgs, mut error: f64) -> Vec<Score> {
    let mut values = start.to_vec();
    let mut step = args.step.max(1);
    for pass in 1..=args.passes {
        let clock = Instant::now();
        let after = local_search(fit, k, &mut values, frozen, step, error);
        println!("pass {pass}, step {step}: error {after:.6} ({:.1} s)", clock.elapsed().as_secs_f64());
        if after >= error {
            if step == 1 {
                break;
            }
            step /= 2;
        }
        error = after;
    }
    values
}
