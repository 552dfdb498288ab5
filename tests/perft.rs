//! The generic perft runner: reads every `tests/perft/*.perft` file (the variant is the file
//! name) and checks every `perft <depth> <nodes>` line with the engine (`AnyGame` + perft).
//!
//! Depths in the fixtures are kept modest so this runs in a few seconds in the test profile;
//! there is no "slow" marker: every line in the files is checked on every run.

#[path = "harness/fixtures.rs"]
mod fixtures;
#[path = "harness/games.rs"]
mod games;

use fixtures::{fixture_game, load_fixtures, Fixture};
use games::engine;
use tetsugaku::game::perft;

/// The variants that must have fixtures: every variant the catalogue implements.
fn variants() -> Vec<&'static str> {
    tetsugaku::VARIANTS.iter().map(|v| v.name).collect()
}

/// Checks one fixture; returns a line per mismatch.
fn check(fixture: &Fixture) -> Vec<String> {
    let game = fixture_game(fixture);
    let mut failures = Vec::new();
    for &(depth, expected) in &fixture.perft {
        // Every line through `perft_divide` (root moves in parallel); lines up to depth 3 also
        // through the sequential `perft`, so both entry points are covered.
        let divide = game.perft_divide(depth);
        let total: u64 = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
        if total != expected {
            failures.push(format!(
                "{} {} ({}): perft {depth} = {total}, fixture says {expected}",
                fixture.variant, fixture.id, fixture.origin
            ));
        }
        if depth <= 3 {
            let sequential = tetsugaku::with_game!(&game, g => perft(&mut g.clone(), depth));
            if sequential != total {
                failures.push(format!(
                    "{} {}: perft {depth} = {sequential} but perft_divide sums to {total}",
                    fixture.variant, fixture.id
                ));
            }
        }
    }
    failures
}

#[test]
fn every_fixture_line_matches_the_engine() {
    let fixtures = load_fixtures();
    let mut failures = Vec::new();
    let mut lines = 0;
    for fixture in &fixtures {
        assert!(!fixture.perft.is_empty(), "{} {}: no perft lines", fixture.variant, fixture.id);
        lines += fixture.perft.len();
        failures.extend(check(fixture));
    }
    assert!(failures.is_empty(), "{} of {lines} perft lines failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_variant_has_a_start_position_and_two_midgames() {
    let fixtures = load_fixtures();
    let variants = variants();
    for &variant in &variants {
        let of_variant: Vec<&Fixture> = fixtures.iter().filter(|f| f.variant == variant).collect();
        let start = of_variant.iter().find(|f| f.position.is_none());
        let start = start.unwrap_or_else(|| panic!("{variant}: no startpos fixture"));
        let depths: Vec<u32> = start.perft.iter().map(|&(d, _)| d).collect();
        // A game whose start is a chance node (Shogammon) multiplies by the 21 rolls at every
        // turn: its start perft 2 already counts 6.4 M turns, so depths 1 and 2 are required.
        let deepest = match engine(variant, None).turn() {
            tetsugaku::Turn::Chance(_) => 2,
            _ => 4,
        };
        for depth in 1..=deepest {
            assert!(depths.contains(&depth), "{variant}: startpos lacks perft {depth}");
        }
        let midgames = of_variant.iter().filter(|f| f.position.is_some()).count();
        assert!(midgames >= 2, "{variant}: only {midgames} midgame positions");
    }
    for fixture in &fixtures {
        assert!(variants.contains(&fixture.variant.as_str()), "unknown variant file {}", fixture.variant);
    }
}

/// The numbers quoted in protocol-spec.md §9.4 and §11 and the start-position table there.
#[test]
fn start_positions_match_the_protocol_spec() {
    let cases = [
        ("hasami", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", 63),
        ("hasami-all", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", 63),
        ("hasami-step", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", 9),
        ("hasami-step18", "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b - 1", 9),
        ("dai-hasami", "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b - 1", 54),
        ("dai-hasami-diag", "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b - 1", 54),
        ("dai-hasami-step", "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b - 1", 18),
        ("makyek", "pppppppp/8/pppppppp/8/8/PPPPPPPP/8/PPPPPPPP b - 1", 32),
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 30),
    ];
    for (variant, text, moves) in cases {
        let start = engine(variant, None);
        assert_eq!(start.position_string(), text, "{variant}");
        assert_eq!(start.legal_moves().len(), moves, "{variant}");
        let parsed = engine(variant, Some(text));
        assert_eq!(parsed.key(), start.key(), "{variant}");
    }
}
