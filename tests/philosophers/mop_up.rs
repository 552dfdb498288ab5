//! The evaluation against a lone King (`lone_king.rs`): each mop-up count acts only when one
//! side has nothing but its King, and grows as that King nears a corner and the Kings come
//! together. A count is
//! read as the evaluation's change when its weight grows by one, for the side with material
//! (the evaluation is linear in its weights).

use crate::positions::build;
use tetsugaku::game::{Tunable, WeightTable};
use tetsugaku::variants::philosophers::Philosophers;
use tetsugaku::{Game, RuleValues, Score, Side};

fn position(text: &str) -> Philosophers {
    Philosophers::from_position_string(&RuleValues::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// What the weight `name` multiplies in `game`, seen from the first player.
fn count(game: &Philosophers, name: &str) -> Score {
    let (_, weights) = game.weights();
    let mut values = weights.values();
    let at = weights.names().iter().position(|n| n == name).unwrap_or_else(|| panic!("no weight {name}"));
    values[at] += 1;
    let change = game.evaluate_with(&weights.with_values(&values)) - game.evaluate();
    match game.side() {
        Side::First => change,
        Side::Second => -change,
    }
}

/// A Rook and a King (first player) against the lone King on `lone`, second player to move.
fn rook_against(lone: &str, king: &str) -> Philosophers {
    position(&build(&[(king, "K"), ("1f", "R"), (lone, "k")], "w", "o1", 0))
}

#[test]
fn the_lone_king_is_wanted_on_the_edge_and_most_in_a_corner() {
    let centre = count(&rook_against("4c", "4e"), "lone_edge");
    let edge = count(&rook_against("4a", "4e"), "lone_edge");
    let corner = count(&rook_against("6a", "4e"), "lone_edge");
    assert_eq!((centre, edge, corner), (0, 2, 4));
    // The whole evaluation, for the Rook's side, prefers the corner, though the Kings are
    // further apart there.
    let (in_corner, in_centre) = (rook_against("6a", "4e"), rook_against("4c", "4e"));
    assert!(-in_corner.evaluate() > -in_centre.evaluate(), "the lone King in the corner is not worse for it");
}

#[test]
fn the_kings_are_wanted_together() {
    let apart = count(&rook_against("6a", "2e"), "kings_near");
    let together = count(&rook_against("6a", "5c"), "kings_near");
    assert_eq!((apart, together), (2, 7));
}

#[test]
fn the_mop_up_counts_nothing_while_both_sides_have_a_piece() {
    let game = position(&build(&[("4e", "K"), ("1f", "R"), ("6a", "k"), ("3a", "h")], "w", "o1", 0));
    for name in ["lone_edge", "kings_near"] {
        assert_eq!(count(&game, name), 0, "{name}");
    }
}
