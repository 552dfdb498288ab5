//! Where moves are clicked (`Game::places`, the `places` command, protocol-spec.md §9.8), along
//! seeded random walks in every variant: every place of every legal move is a `data-place` of
//! the `d svg` picture; a move starts where a piece stands (a square with a piece, or a piece in
//! the mover's hand) and ends where a piece stands once it is played; only `pass` has no
//! places; and moves entered by the same places are few enough to offer as a choice.

use std::collections::{BTreeSet, HashMap};
use tetsugaku::drawing::{svg, Cell, Drawing};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Side, Turn, VARIANTS};

#[path = "harness/any_walk.rs"]
mod any_walk;
use any_walk::play_at_random;

/// The `data-place` values of a picture.
fn svg_places(document: &str) -> BTreeSet<String> {
    document.split("data-place=\"").skip(1).filter_map(|rest| rest.split('"').next()).map(str::to_string).collect()
}

/// Whether a piece (or the Thought) stands on the square named `place`.
fn occupied(drawing: &Drawing, place: &str) -> bool {
    drawing.grids.iter().any(|grid| {
        grid.cells.iter().enumerate().any(|(index, cell)| {
            let (column, row) = (index % grid.files.len(), index / grid.files.len());
            matches!(cell, Cell::Square(pieces) if !pieces.is_empty()) && grid.place(column, row) == place
        })
    })
}

#[test]
fn every_move_is_entered_by_places_the_picture_names() {
    let mut rng = SplitMix64::new(941);
    let (mut moves_checked, mut drops, mut choices, mut prefixes) = (0, 0, 0, 0);
    for variant in VARIANTS.iter() {
        for walk in 0..3 {
            let mut game = AnyGame::new(variant, &RuleValues::default(), None).expect("the start position");
            for ply in 0..50 {
                let at = format!("{} walk {walk} ply {ply}: {}", variant.name, game.position_string());
                let places = game.move_places();
                let tokens: Vec<String> = places.iter().map(|(token, _)| token.clone()).collect();
                match game.turn() {
                    Turn::Decide(_) => assert_eq!(tokens, game.legal_moves(), "{at}: in `moves` order"),
                    _ => assert!(places.is_empty(), "{at}: no moves to click at a chance node or the end"),
                }
                let drawing = game.drawing();
                let named = svg_places(&svg::render(&drawing, &[]));
                let mut same: HashMap<&[String], usize> = HashMap::new();
                for (token, clicked) in &places {
                    moves_checked += 1;
                    if token == "pass" {
                        assert!(clicked.is_empty(), "{at}: pass has no places");
                        continue;
                    }
                    assert!(clicked.len() >= 2, "{at}: {token} has places {clicked:?}");
                    for place in clicked {
                        assert!(named.contains(place), "{at}: {token}'s place {place} is not in the picture {named:?}");
                    }
                    assert!(clicked.windows(2).all(|pair| pair[0] != pair[1]), "{at}: {token}: {clicked:?}");
                    let first = &clicked[0];
                    if let Some(letter) = first.strip_suffix('*') {
                        drops += 1;
                        let mover_case = match game.side() {
                            Side::First => letter.chars().all(|c| c.is_ascii_uppercase()),
                            Side::Second => letter.chars().all(|c| c.is_ascii_lowercase()),
                        };
                        assert!(mover_case, "{at}: {token} drops from {first}, not the mover's hand");
                    } else {
                        assert!(occupied(&drawing, first), "{at}: {token} starts on the empty {first}");
                    }
                    *same.entry(clicked.as_slice()).or_default() += 1;
                    if places.iter().any(|(_, other)| other.len() > clicked.len() && other.starts_with(clicked)) {
                        prefixes += 1;
                    }
                    let mut after = game.clone();
                    after.play_token(token).expect("a listed move is legal");
                    let last = clicked.last().expect("two places or more");
                    assert!(occupied(&after.drawing(), last), "{at}: after {token} nothing stands on {last}");
                }
                for (clicked, count) in same {
                    assert!(count <= 3, "{at}: {count} moves are entered by {clicked:?}");
                    if count > 1 {
                        choices += 1;
                    }
                }
                if !play_at_random(&mut game, &mut rng) {
                    break;
                }
            }
        }
    }
    assert!(moves_checked > 50_000, "{moves_checked} moves");
    assert!(drops > 100 && choices > 10 && prefixes > 10, "drops {drops}, choices {choices}, prefixes {prefixes}");
}
