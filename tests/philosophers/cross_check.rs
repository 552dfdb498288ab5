//! Philosopher's Chess (`philosophers-chess`): the engine (src/variants/philosophers/) against
//! the independent reference implementation (tests/philosophers/reference.rs).
//!
//! The reference's perft from the start (`reference_perft_consistency`: depths 1-5, checked for
//! internal consistency and printed; depth 2 also worked out by hand). Engine against reference
//! (`engine_*`): every line of tests/perft/philosophers-chess.perft recounted by the reference (its
//! moves played first, so the repetition record holds the same history; only the start's perft 6
//! is skipped as too slow); perft split by root turn to depth 3 from every fixture; seeded random
//! walks from the start, every fixture and a few sparse positions, also under
//! `PhilosophersStalemate=loss`, comparing at each position the legal turn sets, the result, the
//! position string and check, biased toward taking turns back, double turns and mind-moves so
//! that the repetition ban and the mind-move limit are met often (coverage printed:
//! `cargo test --release --test philosophers cross_check -- --nocapture`).
//!
//! The hand-built positions, one per rule, are in tests/philosophers/rules.rs.

use crate::fixtures::{fixture_game, load_fixtures, Fixture};
use crate::games::engine;
use crate::positions::{
    engine_in_check, engine_moves, parse, parse_with_loss, play_all, reference_moves, start, Both, VARIANT,
};
use crate::reference::{Position, START};
use crate::results::result_of;
use std::collections::{BTreeMap, BTreeSet};
use tetsugaku::vocabulary::SplitMix64;

#[test]
fn reference_perft_consistency() {
    // perft(d) is the sum of divide(d); the numbers are printed for the record. Depth 1 (10) is
    // checked by hand in rules::start_position_moves.
    let start = start();
    assert_eq!(start.perft(1), 10);
    // Depth 2 by hand: after each of White's 8 Field moves Black has the mirror image of White's
    // 10 start turns (nothing White moved reaches Black's King or blocks Black). After mo1o2
    // (counter 1) Black has 11: Philosophers leap 6b6d 5b5d 2b2d 1b1d and, over rank b, 5a5c
    // 2a2c; pawns 4b4c 3b3c; Knight 4a5c 4a3c; mo2d2 (mo2o1 would recreate the start). After
    // mo1d1 also 11: 6b5c 5b6c 5b4c 2b3c 2b1c 1b2c; the pawns; the Knight; md1d2 (not md1o1).
    // 8 * 10 + 11 + 11 = 102.
    assert_eq!(start.perft(2), 102);
    for depth in 1..=5 {
        let total = start.perft(depth);
        let divide = start.divide(depth);
        assert_eq!(divide.len(), 10);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), total, "perft {depth}");
        // Each split matches a replay of the token from the start.
        for (token, nodes) in &divide {
            let mut child = start.clone();
            child.play(token).unwrap();
            assert_eq!(child.perft(depth - 1), *nodes, "{token} at depth {depth}");
        }
        println!("philosophers-chess perft {depth}: {total}");
    }
}

/// The Philosopher's Chess fixtures of tests/perft.
fn fixtures() -> Vec<Fixture> {
    load_fixtures().into_iter().filter(|f| f.variant == VARIANT).collect()
}

/// The reference's position of a fixture, its moves played (so the repetition record holds the
/// same history as the engine's).
fn reference_of(fixture: &Fixture) -> Position {
    let mut position = match &fixture.position {
        Some(text) => Position::parse(text).unwrap_or_else(|e| panic!("{}: reference rejects: {e}", fixture.origin)),
        None => Position::start(),
    };
    for token in &fixture.moves {
        position.play(token).unwrap_or_else(|e| panic!("{}: reference refuses {token}: {e}", fixture.origin));
    }
    position
}

/// Fixture lines with more nodes than this are not recounted by the reference. It counts about a
/// million leaves a second in release (measured: the start's perft 5, 267634 nodes, 0.23 s;
/// enlightened-both perft 4, 801938 nodes, 0.75 s), so this skips only the start's perft 6
/// (4047614 nodes, about 4 s); every other line (about 4 s in all) is recounted.
const REFERENCE_MAX_NODES: u64 = 1_000_000;

#[test]
fn engine_fixture_lines_match_the_reference() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 9, "the Philosopher's Chess fixtures are missing");
    let (mut recounted, mut skipped) = (0, Vec::new());
    for fixture in &fixtures {
        let position = reference_of(fixture);
        for &(depth, nodes) in &fixture.perft {
            if nodes > REFERENCE_MAX_NODES {
                skipped.push(format!("{} perft {depth}", fixture.id));
                continue;
            }
            assert_eq!(position.perft(depth), nodes, "{} ({}): reference perft {depth}", fixture.id, fixture.origin);
            recounted += 1;
        }
    }
    eprintln!("{recounted} fixture lines recounted by the reference; skipped (too slow): {skipped:?}");
}

#[test]
fn engine_perft_divide_matches_the_reference_from_every_fixture() {
    for fixture in fixtures() {
        let game = fixture_game(&fixture);
        let position = reference_of(&fixture);
        for depth in 1..=3 {
            let divide = game.perft_divide(depth);
            let ours: BTreeSet<(String, u64)> = divide.iter().cloned().collect();
            assert_eq!(ours.len(), divide.len(), "{}: perft divide {depth} lists a turn twice", fixture.id);
            let theirs: BTreeSet<(String, u64)> = position.divide(depth).into_iter().collect();
            assert_eq!(ours, theirs, "{} ({}): perft divide {depth}", fixture.id, fixture.origin);
        }
    }
}

/// Compares everything the two implementations say about the current position and returns the
/// legal turns.
fn compare(both: &Both, context: &str) -> BTreeSet<String> {
    let (game, position) = (&both.engine, &both.reference);
    assert_eq!(game.position_string(), position.position_string(), "{context}: position strings");
    let moves = engine_moves(game);
    assert_eq!(moves, reference_moves(position), "{context}: legal turns of {}", position.position_string());
    assert_eq!(result_of(game.turn()), position.result(), "{context}: results of {}", position.position_string());
    assert_eq!(engine_in_check(game), position.in_check(), "{context}: check in {}", position.position_string());
    moves
}

/// The turn that takes `token` back: each sub-move reversed, in reverse order (`3d3c,3c3b` →
/// `3b3c,3c3d`, `mo1o2` → `mo2o1`); `None` for a promotion, which cannot be undone.
fn reverse(token: &str) -> Option<String> {
    let subs: Option<Vec<String>> = token.split(',').rev().map(reverse_sub).collect();
    subs.map(|subs| subs.join(","))
}

/// One sub-move taken back: `4e4d` → `4d4e`, `mo1o2` → `mo2o1`.
fn reverse_sub(sub: &str) -> Option<String> {
    match sub.len() {
        4 => Some(format!("{}{}", &sub[2..], &sub[..2])),
        5 if sub.starts_with('m') => Some(format!("m{}{}", &sub[3..], &sub[1..3])),
        _ => None,
    }
}

/// Whether a Philosopher of either kind and colour stands on the Field of `text`.
fn philosophers_on_field(text: &str) -> bool {
    text.split(' ').next().is_some_and(|field| field.contains(['h', 'H', 'e', 'E']))
}

/// What the random walks met, printed at the end.
#[derive(Default)]
struct Coverage {
    positions: usize,
    /// Finished games by result word.
    results: BTreeMap<String, usize>,
    /// Positions with at least one double turn among the legal turns, and double turns played.
    double_offered: usize,
    double_played: usize,
    /// Positions where the repetition record removed a turn: the same position string with a
    /// fresh record (its own arrangement only) has more legal turns in the engine.
    banned: usize,
    /// Positions with two mind-moves just made and a Philosopher on the Field: the limit bites.
    limit: usize,
    /// Step-backs wanted (the reverse of the mover's previous turn) but not legal.
    step_back_refused: usize,
}

/// Plays one seeded random walk from `from`, comparing the two implementations at every
/// position. The choice is biased so the repetition ban and the mind-move limit are met often:
/// 35% of the time the mover takes back its previous turn (or, if that is not legal, its last
/// sub-move), 35% of the time it plays a double turn if one is offered, 15% a mind-move if one is
/// offered; otherwise (or when the preferred kind is not available) any turn.
fn walk(from: &Both, name: &str, plies: usize, rng: &mut SplitMix64, seen: &mut Coverage) {
    let mut both = from.clone();
    let mut played: Vec<String> = Vec::new();
    for ply in 0..plies {
        let context = format!("walk from {name}, ply {ply} after {played:?}");
        let moves = compare(&both, &context);
        seen.positions += 1;
        let text = both.position_string();
        if both.mind_moves() == 2 && philosophers_on_field(&text) {
            seen.limit += 1;
        }
        if both.record_len() > 1 {
            // The same position with a fresh record: a superset of the turns (the fresh record
            // is part of the full one); strictly larger when the ban removed a turn.
            let fresh_engine = engine(VARIANT, Some(&text));
            let fresh = engine_moves(&fresh_engine);
            assert!(fresh.is_superset(&moves), "{context}: a fresh record allows fewer turns in {text}");
            if fresh.len() > moves.len() {
                seen.banned += 1;
            }
        }
        if moves.is_empty() {
            let result = both.reference.result().expect("no legal turn: the game is over");
            *seen.results.entry(result).or_default() += 1;
            return;
        }
        let moves: Vec<String> = moves.into_iter().collect();
        let doubles: Vec<&String> = moves.iter().filter(|m| m.contains(',')).collect();
        let minds: Vec<&String> = moves.iter().filter(|m| m.starts_with('m')).collect();
        if !doubles.is_empty() {
            seen.double_offered += 1;
        }
        let roll = rng.below(100);
        let mut token = None;
        if roll < 35 && played.len() >= 2 {
            let previous = &played[played.len() - 2];
            let last_sub = previous.rsplit(',').next().unwrap_or(previous);
            let candidates = [reverse(previous), reverse_sub(last_sub)];
            token = candidates.into_iter().flatten().find(|t| moves.contains(t));
            if token.is_none() {
                seen.step_back_refused += 1;
            }
        } else if roll < 70 && !doubles.is_empty() {
            token = Some(doubles[rng.below(doubles.len())].clone());
        } else if roll < 85 && !minds.is_empty() {
            token = Some(minds[rng.below(minds.len())].clone());
        }
        let token = token.unwrap_or_else(|| moves[rng.below(moves.len())].clone());
        if token.contains(',') {
            seen.double_played += 1;
        }
        both.play(&token).unwrap_or_else(|e| panic!("{context}: {e}"));
        played.push(token);
    }
}

/// Sparse walk starts, where games end (by the ban in particular) more often than from the
/// fixtures: a lone White E (as in rules::enlightened_turn_shapes); Rook and King against a
/// King (rules::stalemate_by_the_repetition_ban); the position one mind-move before the
/// limit stalemates Black (rules::stalemate_by_the_mind_move_limit); a few Philosophers, an
/// E and pawns of both colours.
const SPARSE: [&str; 4] = [
    "5k/6/6/3E2/6/K5 b - o1 0 1",
    "4k1/R5/6/6/6/K5 w - o1 0 1",
    "h4R/1k4/5R/1N4/6/5K w - d1 1 1",
    "2k3/1h2p1/6/2H3/1P2E1/3K2 b - o2 0 1",
];

#[test]
fn engine_random_walks_match_the_reference() {
    let mut starts: Vec<(String, Both)> = vec![("start".to_string(), start())];
    for fixture in fixtures() {
        let both = Both { reference: reference_of(&fixture), engine: fixture_game(&fixture) };
        starts.push((fixture.id.clone(), both));
    }
    // The same starts under PhilosophersStalemate=loss (the fixtures' moves replayed on both).
    let mut loss_starts: Vec<(String, Both)> = Vec::new();
    for fixture in fixtures() {
        let text = fixture.position.as_deref().unwrap_or(START);
        let mut both = parse_with_loss(text);
        let moves: Vec<&str> = fixture.moves.iter().map(String::as_str).collect();
        play_all(&mut both, &moves);
        loss_starts.push((format!("{} (stalemate loses)", fixture.id), both));
    }
    for text in SPARSE {
        starts.push((text.to_string(), parse(text)));
        loss_starts.push((format!("{text} (stalemate loses)"), parse_with_loss(text)));
    }
    let mut rng = SplitMix64::new(0x9_1999);
    let mut seen = Coverage::default();
    for walk_number in 0..160 {
        let (name, from) = if walk_number % 4 == 3 {
            &loss_starts[walk_number / 4 % loss_starts.len()]
        } else {
            &starts[walk_number % starts.len()]
        };
        // Sparse starts get longer walks: their games end mostly once the ban has used up the
        // arrangements near the Kings.
        let plies = if SPARSE.iter().any(|text| name.starts_with(text)) { 250 } else { 120 };
        walk(from, &format!("{name} (walk {walk_number})"), plies, &mut rng, &mut seen);
    }
    eprintln!(
        "{} positions compared; finished games by result: {:?}; double turns offered in {} positions, \
         {} played; the ban removed a turn in {} positions; the mind-move limit bit in {}; \
         {} step-backs not legal",
        seen.positions,
        seen.results,
        seen.double_offered,
        seen.double_played,
        seen.banned,
        seen.limit,
        seen.step_back_refused
    );
    assert!(seen.positions >= 10_000, "too few positions: {}", seen.positions);
    assert!(seen.banned >= 100 && seen.limit >= 100 && seen.double_played >= 100, "too little covered");
}
