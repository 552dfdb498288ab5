//! The hasami family: the engine against the independent reference implementation
//! (tests/hasami/reference.rs):
//! (a) perft split by root move, to depth 3, from every fixture position, and every fixture
//!     line the reference can recount within a node budget;
//! (b) seeded random walks in every variant, checking at every node: equal legal move sets,
//!     equal results and position strings that agree (the rest of the Game contract — keys,
//!     counts, noisy moves, token and position-string round trips, play + undo — is checked for
//!     every game by tests/contract.rs).
//!
//! The reference budget for (a) is `HASAMI_REFERENCE_BUDGET` leaves per fixture line (default
//! 3,000,000; `max` for no limit). With `max` every line of every fixture file is recounted by the
//! reference (about a minute); that is how the fixture numbers were cross-checked.

use crate::concrete::concrete;
use crate::fixtures::{load_fixtures, Fixture};
use crate::games::{engine, engine_with};
use crate::reference::{self, Position};
use crate::results::result_of;
use crate::rule_options;
use std::collections::{BTreeMap, BTreeSet};
use tetsugaku::variants::hasami::{DAI_HASAMI_JUMPS, MAKYEK_WIN};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, Game, RuleValues};

/// The fixtures of the hasami family (the games the reference implements).
fn hasami_fixtures() -> Vec<Fixture> {
    load_fixtures().into_iter().filter(|f| reference::VARIANTS.contains(&f.variant.as_str())).collect()
}

/// The reference position for a fixture (its position string, or the start position).
fn reference_of(variant: &str, position: Option<&str>) -> Position {
    match position {
        None => Position::start(variant),
        Some(text) => {
            Position::parse(variant, text).unwrap_or_else(|e| panic!("{variant}: reference rejects {text}: {e}"))
        }
    }
}

/// The reference's perft split by root move.
fn reference_divide(position: &Position, depth: u32) -> BTreeMap<String, u64> {
    position
        .legal_moves()
        .into_iter()
        .map(|token| {
            let mut child = position.clone();
            child.play(&token).expect("the reference plays its own moves");
            let count = child.perft(depth - 1);
            (token, count)
        })
        .collect()
}

#[test]
fn perft_divide_matches_reference_to_depth_3_from_every_fixture() {
    let mut failures = Vec::new();
    for fixture in hasami_fixtures() {
        let game = engine(&fixture.variant, fixture.position.as_deref());
        let position = reference_of(&fixture.variant, fixture.position.as_deref());
        assert_eq!(
            result_of(game.turn()),
            position.result(),
            "{} {}: results of the fixture position differ",
            fixture.variant,
            fixture.id
        );
        for depth in 1..=3 {
            let ours: BTreeMap<String, u64> = game.perft_divide(depth).into_iter().collect();
            let theirs = reference_divide(&position, depth);
            if ours != theirs {
                let keys: BTreeSet<&String> = ours.keys().chain(theirs.keys()).collect();
                let diff: Vec<String> = keys
                    .into_iter()
                    .filter(|k| ours.get(*k) != theirs.get(*k))
                    .map(|k| format!("{k}: engine {:?} reference {:?}", ours.get(k), theirs.get(k)))
                    .collect();
                failures.push(format!("{} {} depth {depth}: {}", fixture.variant, fixture.id, diff.join(", ")));
            }
        }
    }
    assert!(failures.is_empty(), "perft divide differs:\n{}", failures.join("\n"));
}

fn reference_budget() -> u64 {
    match std::env::var("HASAMI_REFERENCE_BUDGET") {
        Ok(text) if text == "max" => u64::MAX,
        Ok(text) => text.parse().expect("HASAMI_REFERENCE_BUDGET is a number or max"),
        Err(_) => 3_000_000,
    }
}

#[test]
fn fixture_numbers_are_recounted_by_the_reference() {
    let budget = reference_budget();
    let mut checked = 0;
    let mut failures = Vec::new();
    for fixture in hasami_fixtures() {
        let position = reference_of(&fixture.variant, fixture.position.as_deref());
        for &(depth, expected) in &fixture.perft {
            if expected > budget {
                continue;
            }
            checked += 1;
            let counted = position.perft(depth);
            if counted != expected {
                failures.push(format!(
                    "{} {}: reference perft {depth} = {counted}, fixture says {expected}",
                    fixture.variant, fixture.id
                ));
            }
        }
    }
    assert!(checked >= 100, "only {checked} fixture lines within the reference budget");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Everything compared at one node of a walk. Panics with `context` on the first difference.
fn check_node(game: &AnyGame, position: &Position, context: &str) {
    let text = game.position_string();
    assert_eq!(text, position.to_position_string(), "{context}: position strings differ");

    // Legal moves, as sets of tokens, and no duplicates in the engine's list.
    let mut ours = game.legal_moves();
    ours.sort();
    let generated = ours.len();
    ours.dedup();
    assert_eq!(generated, ours.len(), "{context}: the engine generated a move twice");
    let mut theirs = position.legal_moves();
    theirs.sort();
    assert_eq!(ours, theirs, "{context} ({text}): legal moves differ");

    // Results (`Turn::Over` iff the game is over, and then no legal moves).
    let result = result_of(game.turn());
    assert_eq!(result, position.result(), "{context} ({text}): results differ");
    assert!(result.is_none() || ours.is_empty(), "{context}: a finished game has moves");
}

/// The reference's name for a variant under rule options.
fn reference_name(variant: &str, options: &RuleValues) -> String {
    if variant == "makyek" && options.choice(&MAKYEK_WIN) == "all-but-one" {
        "makyek-all-but-one".to_string()
    } else if variant.starts_with("dai-hasami") && !options.flag(&DAI_HASAMI_JUMPS) {
        format!("{variant}-no-jumps")
    } else {
        variant.to_string()
    }
}

/// What the walks of one variant saw.
#[derive(Default, Debug)]
struct WalkStats {
    nodes: u64,
    captures: u64,
    /// Game results, by result word.
    endings: BTreeMap<String, u64>,
}

/// `games` seeded random games of at most `max_plies` plies, engine and reference side by
/// side. Move choice is biased so that the interesting rules come up: some games often undo
/// their own last move (repetitions), some prefer captures and winning moves.
fn walk(variant: &str, options: &RuleValues, games: usize, max_plies: usize, seed: u64) -> WalkStats {
    let starts: Vec<Option<String>> = std::iter::once(None)
        .chain(load_fixtures().into_iter().filter(|f| f.variant == variant && f.position.is_some()).map(|f| f.position))
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut stats = WalkStats::default();
    for game_index in 0..games {
        // Three games in four from the start position, the others from fixture positions.
        let start = if game_index % 4 == 3 { &starts[1 + game_index / 4 % (starts.len() - 1)] } else { &starts[0] };
        let mut game = engine_with(variant, options, start.as_deref());
        let mut position = match start {
            None => Position::start(&reference_name(variant, options)),
            Some(text) => Position::parse(&reference_name(variant, options), text).expect("reference parses fixtures"),
        };
        let undo_percent = [0, 20, 50][game_index % 3];
        let noisy_percent = [20, 60][game_index / 3 % 2];
        let mut last_move: [Option<String>; 2] = [None, None];
        for ply in 0..=max_plies {
            let context = format!("{variant} game {game_index} ply {ply}");
            check_node(&game, &position, &context);
            stats.nodes += 1;
            let moves = game.legal_moves();
            if let Some(result) = result_of(game.turn()) {
                *stats.endings.entry(result).or_default() += 1;
                break;
            }
            if ply == max_plies {
                break;
            }
            let h = concrete(&game);
            let mover = h.side().index();
            let reverse = last_move[mover].as_ref().map(|t| format!("{}{}", &t[t.len() / 2..], &t[..t.len() / 2]));
            let token = match reverse {
                Some(back) if moves.contains(&back) && rng.below(100) < undo_percent => back,
                _ => {
                    let mut generated = Vec::new();
                    h.generate(&mut generated);
                    let noisy: Vec<String> =
                        generated.into_iter().filter(|&mv| h.is_noisy(mv)).map(|mv| h.format_move(mv)).collect();
                    if !noisy.is_empty() && rng.below(100) < noisy_percent {
                        noisy[rng.below(noisy.len())].clone()
                    } else {
                        moves[rng.below(moves.len())].clone()
                    }
                }
            };
            let before = position.count(reference::Side::B) + position.count(reference::Side::W);
            game.play_token(&token).unwrap_or_else(|e| panic!("{context}: engine rejects {token}: {e}"));
            position.play(&token).unwrap_or_else(|e| panic!("{context}: reference rejects {token}: {e}"));
            if position.count(reference::Side::B) + position.count(reference::Side::W) < before {
                stats.captures += 1;
            }
            last_move[mover] = Some(token);
        }
    }
    stats
}

/// Runs the walks of one variant and checks they captured and reached each result in `expected`
/// (so the comparisons above were made on those endings too).
fn walk_variant(variant: &str, seed: u64, expected: &[&str]) {
    let stats = walk(variant, &RuleValues::default(), 200, 150, seed);
    println!("{variant}: {stats:?}");
    assert!(stats.captures > 0, "{variant}: the walks never captured: {stats:?}");
    for word in expected {
        assert!(stats.endings.contains_key(*word), "{variant}: no game ended {word}: {stats:?}");
    }
}

#[test]
fn random_walks_hasami() {
    walk_variant("hasami", 1, &["b capture", "w capture", "draw repetition"]);
}

#[test]
fn random_walks_hasami_all() {
    walk_variant("hasami-all", 2, &["b capture", "w capture", "draw repetition"]);
}

#[test]
fn random_walks_hasami_step() {
    walk_variant("hasami-step", 3, &["b capture", "b no-moves", "draw repetition"]);
}

#[test]
fn random_walks_hasami_step18() {
    walk_variant("hasami-step18", 4, &["b capture", "draw repetition"]);
}

#[test]
fn random_walks_dai_hasami() {
    walk_variant("dai-hasami", 5, &["b five", "w five", "draw repetition", "draw material", "w no-moves"]);
}

#[test]
fn random_walks_dai_hasami_diag() {
    walk_variant("dai-hasami-diag", 6, &["b five", "w five", "draw repetition", "b no-moves"]);
}

#[test]
fn random_walks_dai_hasami_step() {
    walk_variant("dai-hasami-step", 7, &["b five", "w five", "draw repetition"]);
}

#[test]
fn random_walks_makyek() {
    walk_variant("makyek", 8, &["b capture", "w capture", "draw repetition"]);
}

#[test]
fn random_walks_makyek_all_but_one_option() {
    let options = rule_options::rules("makyek", &["MakyekWin=all-but-one"]);
    let stats = walk("makyek", &options, 60, 150, 9);
    println!("makyek all-but-one: {stats:?}");
    assert!(stats.endings.contains_key("b capture") || stats.endings.contains_key("w capture"), "{stats:?}");
}

#[test]
fn random_walks_dai_hasami_without_jumps() {
    for (i, variant) in ["dai-hasami", "dai-hasami-diag", "dai-hasami-step"].into_iter().enumerate() {
        let options = rule_options::rules(variant, &["DaiHasamiJumps=false"]);
        let stats = walk(variant, &options, 60, 150, 10 + i as u64);
        println!("{variant} without jumps: {stats:?}");
        assert!(stats.captures > 0, "{variant}: {stats:?}");
        assert!(stats.endings.keys().any(|k| k.ends_with("five")), "{variant}: {stats:?}");
    }
}
