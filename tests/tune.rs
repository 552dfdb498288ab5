//! The tuner's machinery (`tetsugaku::tune`): every game's weight file holds its tables exactly
//! as the tuner writes them (so a tuned set rewrites only numbers), and Texel's local search
//! and the gradient descent recover weights that were moved away from the values that generated
//! the results.

use tetsugaku::game::{Tunable, WeightTable};
use tetsugaku::tune::{fit_for, fit_scale, local_search, replace_constant, sigmoid};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{with_game, AnyGame, RuleValues, Turn, Variant, VARIANTS};

/// The weight file, constant name and the constant as the tuner would write it.
fn written<G: Tunable>(game: &G) -> (&'static str, &'static str, String) {
    let (name, weights) = game.weights();
    (G::WEIGHTS_FILE, name, weights.source(name))
}

#[test]
fn every_weight_file_holds_its_tables_as_the_tuner_writes_them() {
    for variant in VARIANTS.iter() {
        let game = AnyGame::new(variant, &RuleValues::default(), None).unwrap_or_else(|e| panic!("{e}"));
        let (file, name, constant) = with_game!(&game, g => written(g));
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            replace_constant(&source, name, &constant).as_deref(),
            Some(source.as_str()),
            "{}: {name} in {file} is not laid out as the tuner writes it",
            variant.name
        );
    }
}

/// Up to `count` position strings from seeded random games of `variant` (decisions only).
fn random_positions(variant: &Variant, count: usize, seed: u64) -> Vec<String> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = AnyGame::new(variant, &RuleValues::default(), None).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..60 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let pick = &moves[rng.below(moves.len())];
            game.play_token(pick).unwrap_or_else(|e| panic!("{pick}: {e}"));
            if matches!(game.turn(), Turn::Decide(_)) {
                out.push(game.position_string());
            }
        }
    }
    out.truncate(count);
    out
}

fn first_player_eval<G: Tunable>(game: &G) -> i32 {
    let score = game.evaluate();
    if game.side() == tetsugaku::Side::First {
        score
    } else {
        -score
    }
}

#[test]
fn local_search_recovers_a_weight_moved_off_the_one_that_made_the_results() {
    let shogi = Variant::named("shogi").expect("shogi");
    // Results are what the shogi evaluation itself predicts (k = 1): the live weights fit
    // perfectly, so a pawn valued 40 more must drift back and the error must fall.
    let labelled: Vec<(String, f64)> = random_positions(shogi, 400, 7)
        .into_iter()
        .map(|text| {
            let game = AnyGame::new(shogi, &RuleValues::default(), Some(&text)).unwrap_or_else(|e| panic!("{e}"));
            let score = with_game!(&game, g => first_player_eval(g));
            (text, sigmoid(1.0, score))
        })
        .collect();
    let fit = fit_for(shogi, &RuleValues::default(), &labelled).unwrap_or_else(|e| panic!("{e}"));
    assert!(fit.len() > 50, "only {} quiet positions", fit.len());
    let live = fit.values();
    let pawn = fit.names().iter().position(|n| n == "board_value[0]").expect("the pawn's value");
    assert!(fit.error(&live, 1.0) < 1e-12, "the generating weights fit exactly");
    assert!((fit_scale(fit.as_ref()) - 1.0).abs() < 0.01, "k is found again");

    let mut values = live.clone();
    values[pawn] += 40;
    let frozen: Vec<bool> = (0..values.len()).map(|i| i != pawn).collect();
    let mut error = fit.error(&values, 1.0);
    let start_error = error;
    for _ in 0..10 {
        error = local_search(fit.as_ref(), 1.0, &mut values, &frozen, 4, error);
    }
    assert!(error < start_error / 10.0, "error {start_error} -> {error}");
    assert!((values[pawn] - live[pawn]).abs() <= 4, "pawn {} against {}", values[pawn], live[pawn]);
    assert!(values.iter().zip(&live).filter(|(a, b)| a != b).count() <= 1, "frozen weights moved");
}

/// Positions of `variant` labelled with what its own evaluation predicts (k = 1), so that the
/// live weights fit them exactly.
fn self_labelled(variant: &Variant, count: usize) -> Vec<(String, f64)> {
    random_positions(variant, count, 7)
        .into_iter()
        .map(|text| {
            let game = AnyGame::new(variant, &RuleValues::default(), Some(&text)).unwrap_or_else(|e| panic!("{e}"));
            let score = with_game!(&game, g => first_player_eval(g));
            (text, sigmoid(1.0, score))
        })
        .collect()
}

#[test]
fn gradient_descent_recovers_weights_moved_off_the_ones_that_made_the_results() {
    let shogi = Variant::named("shogi").expect("shogi");
    let fit = fit_for(shogi, &RuleValues::default(), &self_labelled(shogi, 400)).unwrap_or_else(|e| panic!("{e}"));
    let live = fit.values();
    let features = fit.features(&live).expect("shogi's evaluation is linear in its weights");
    assert!(features.error(&live.iter().map(|&v| f64::from(v)).collect::<Vec<_>>(), 1.0) < 1e-12);

    let names = fit.names();
    let moved: Vec<usize> = ["board_value[0]", "slider_mobility", "hand_value[0]"]
        .iter()
        .map(|name| names.iter().position(|n| n == name).unwrap_or_else(|| panic!("no {name}")))
        .collect();
    let mut start = live.clone();
    for (&i, delta) in moved.iter().zip([40, -6, 120]) {
        start[i] += delta;
    }
    let frozen: Vec<bool> = (0..live.len()).map(|i| !moved.contains(&i)).collect();
    let before = fit.error(&start, 1.0);
    let how = tetsugaku::tune::Descent { steps: 1500, rate: 2.0, l2: 0.0 };
    let values = tetsugaku::tune::descend(&features, 1.0, &start, &frozen, how, |_, _| {});
    let after = fit.error(&values, 1.0);
    assert!(after < before / 100.0, "error {before} -> {after}");
    for &i in &moved {
        assert!((values[i] - live[i]).abs() <= 2, "{}: {} against {}", names[i], values[i], live[i]);
    }
    assert!((0..live.len()).all(|i| !frozen[i] || values[i] == live[i]), "frozen weights moved");
}
