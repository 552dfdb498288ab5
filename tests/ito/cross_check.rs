//! Ito Shogi (`ito`): the engine (src/variants/ito/) against the independent reference
//! implementation (tests/ito/reference.rs), and the reference checked on its own.
//!
//! Engine against reference (`engine_*`): every line of tests/perft/ito.perft recounted by the
//! reference (its moves played first, so the repetition-ban fixture keeps its history); perft
//! split by root move to depth 3 from every fixture; and random walks from the start and from
//! every fixture, comparing at each position the legal move sets, the result, the position
//! string and check, with a bias toward moving back and forth so the repetition ban is met.
//!
//! Reference self-tests (`reference_*`): the four start moves and the start string's round trip;
//! one small hand-built position per rule whose expected moves were worked out by hand from
//! docs/rules/ito.md (White's pieces on both faces, written out by hand; Black's, mirrored for
//! White too, are in tests/ito/rules.rs, checked on the reference and the engine), King moves
//! and captures, flips, drops, cannons and screens, Ramshead landing squares, check and pins,
//! the stalemate ban, the repetition ban including mate by the ban); results; position
//! validation; and perft from the start (depths 1-7, checked only for internal consistency, the
//! numbers printed).

use crate::fixtures::{fixture_game, load_fixtures, Fixture};
use crate::games::engine;
use crate::positions::{background, build, with_move_number};
use crate::reference::{self, Position};
use crate::results::result_of;
use std::collections::BTreeSet;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, Game};

/// The reference's legal moves as a sorted set (panics if it generated one twice).
fn move_set(position: &Position) -> BTreeSet<String> {
    let moves = position.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the reference generated a move twice: {moves:?}");
    set
}

/// Checks that the legal moves of `text` are exactly `expected`.
fn expect_moves(text: &str, expected: &[&str]) {
    let position = Position::parse(text).unwrap_or_else(|e| panic!("{text} rejected: {e}"));
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(move_set(&position), expected, "legal moves of {text}");
}

#[test]
fn reference_start_moves() {
    expect_moves(reference::START, &["1n1m", "1o1m", "1p1m", "1q1m"]);
}

#[test]
fn reference_start_round_trip() {
    let start = Position::start();
    assert_eq!(start.position_string(), reference::START);
    let again = Position::parse(&start.position_string()).expect("round trip");
    assert_eq!(again.position_string(), reference::START);
    // Without the move number, 1 is written back.
    let short = Position::parse("k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b -").unwrap();
    assert_eq!(short.position_string(), reference::START);
    assert_eq!(Position::start().result(), None);
    assert!(!Position::start().in_check());
}

/// The same pieces for White (mirror image): a White piece on `1k` moves toward `1u`. White's
/// front is Black's Iron General on `1s` with Black's Pawn on `1t` behind it, Black's King `1u`.
#[test]
fn reference_piece_moves_white() {
    let base = [("1a", "k"), ("1u", "K"), ("1t", "P"), ("1s", "I")];
    // White's King on 1a: +1 is 1b, +2 is 1c.
    let king = ["1a1b", "1a1c"];
    let cases: &[(&str, &[&str])] = &[
        ("p", &["1k1l"]),
        ("+p", &["1k1l", "1k1j"]),
        ("+i", &["1k1l", "1k1m", "1k1i"]),
        ("+n", &["1k1n", "1k1h"]),
        ("g", &["1k1o", "1k1i"]),
        ("+g", &["1k1l", "1k1j", "1k1o", "1k1g"]),
        ("+l", &["1k1l", "1k1m", "1k1n", "1k1o", "1k1p", "1k1q", "1k1r", "1k1s", "1k1j"]),
        ("+r", &["1k1m", "1k1o", "1k1q", "1k1s", "1k1i", "1k1g", "1k1e", "1k1c"]),
        ("c", &["1k1t"]),
    ];
    for (piece, moves) in cases {
        let mut pieces = base.to_vec();
        pieces.push(("1k", piece));
        let text = build(&pieces, "w", "-");
        let mut expected: Vec<&str> = moves.to_vec();
        expected.extend_from_slice(&king);
        expect_moves(&text, &expected);
    }
}

#[test]
fn reference_king_moves_and_king_capture_does_not_flip() {
    // King on 1k: +1 (1j), leap +2 (1i), −1 (1l).
    expect_moves(&build(&[("1k", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-"), &["1k1j", "1k1i", "1k1l"]);
    // The same King in check from a Pawn on 1j: all three moves escape (1j by capture).
    let text = build(&[("1k", "K"), ("1j", "p"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-");
    let mut position = Position::parse(&text).unwrap();
    assert!(position.in_check());
    expect_moves(&text, &["1k1j", "1k1i", "1k1l"]);
    position.play("1k1j").unwrap();
    assert_eq!(position.at("1j").as_deref(), Some("K"), "a capturing King never flips");
    assert_eq!(position.position_string(), "k/p/i/1/1/1/1/1/1/K/1/1/1/1/1/1/1/1/1/1/1 w P 2");
}

#[test]
fn reference_flip_on_capture_and_back() {
    // Knight 1k takes the Pawn on 1h (+3) and becomes a Heavenly Horse; after White's 1c1d it
    // takes the Goose on 1e (+3) and is a Knight again.
    let text = background(&[("1k", "N"), ("1h", "p"), ("1e", "g")], "b", "-");
    let mut position = Position::parse(&text).unwrap();
    position.play("1k1h").unwrap();
    assert_eq!(position.at("1h").as_deref(), Some("+N"));
    assert_eq!(position.position_string(), "k/p/i/1/g/1/1/+N/1/1/1/1/1/1/1/1/1/1/1/1/K w P 2");
    // The Heavenly Horse now also leaps back (1k).
    position.play("1c1d").unwrap();
    let moves = move_set(&position);
    assert!(moves.contains("1h1e") && moves.contains("1h1k"), "{moves:?}");
    position.play("1h1e").unwrap();
    assert_eq!(position.at("1e").as_deref(), Some("N"));
    assert_eq!(position.position_string(), "k/p/1/i/N/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w GP 4");
    // Capturing a flipped piece gives the plain hand piece: White's Iron General takes the
    // Knight (1d1e, step +1) and flips; White's hand shows `n`.
    position.play("1d1e").unwrap();
    assert_eq!(position.at("1e").as_deref(), Some("+i"));
    assert_eq!(position.position_string(), "k/p/1/1/+i/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b GPn 5");
}

/// The squares `1a`..`1u` named by letter, for building expected drop lists.
fn squares(letters: &str) -> Vec<String> {
    letters.chars().map(|c| format!("1{c}")).collect()
}

#[test]
fn reference_drops_both_faces_not_behind_own_king() {
    // Black King on 1p (rulebook square 6) with a Knight in hand: drops on every empty square
    // strictly ahead of it (1o..1d), each with either face; none on 1q..1u (behind), and 1p is
    // the King's own square. King moves: 1p1o, 1p1n, 1p1q.
    let text = build(&[("1p", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "N");
    assert_eq!(Position::parse(&text).unwrap().at("1p").as_deref(), Some("K"));
    let mut expected = vec!["1p1o".to_string(), "1p1n".to_string(), "1p1q".to_string()];
    for square in squares("onmlkjihgfed") {
        expected.push(format!("N*{square}"));
        expected.push(format!("+N*{square}"));
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    expect_moves(&text, &expected);
    // The flipped drop shows the flipped face and empties the hand.
    let mut position = Position::parse(&text).unwrap();
    position.play("+N*1k").unwrap();
    assert_eq!(position.at("1k").as_deref(), Some("+N"));
    assert!(position.position_string().contains(" w - "), "{}", position.position_string());
}

#[test]
fn reference_cannons_and_screens() {
    // Silver Cannon on 1t with its own King on 1s as the screen: every empty square 1r..1d, and
    // the capture of White's Iron General on 1c (the next piece). Backward (1u) it has no screen.
    // Black's King on 1s: 1r, 1q (−1 is its own Cannon).
    let text = build(&[("1t", "C"), ("1s", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-");
    let mut expected: Vec<String> = squares("rqponmlkjihgfedc").iter().map(|s| format!("1t{s}")).collect();
    expected.extend(["1s1r".to_string(), "1s1q".to_string()]);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    expect_moves(&text, &expected);

    // Silver Cannon on 1a jumping backward over the enemy King on 1b: empty squares 1c..1j and
    // the capture of the Pawn on 1k.
    let text = build(&[("1a", "C"), ("1b", "k"), ("1k", "p"), ("1u", "K")], "b", "-");
    let mut expected: Vec<String> = squares("cdefghijk").iter().map(|s| format!("1a{s}")).collect();
    expected.extend(["1u1t".to_string(), "1u1s".to_string()]);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    expect_moves(&text, &expected);

    // Several screens: Silver Cannon 1k, own Pawn 1h (screen), empty 1g, White Knight 1f: the
    // cannon reaches 1g and takes 1f, never beyond. The Pawn steps to 1g.
    let text = background(&[("1k", "C"), ("1h", "P"), ("1f", "n")], "b", "-");
    expect_moves(&text, &["1k1g", "1k1f", "1h1g", "1u1t", "1u1s"]);

    // The same with a Gold Cannon: quiet 1j, 1i (stops before the screen 1h) and 1l..1t; over
    // the screen the first piece beyond (1f) is taken; 1g is not a quiet square for it.
    let text = background(&[("1k", "+C"), ("1h", "P"), ("1f", "n")], "b", "-");
    expect_moves(
        &text,
        &[
            "1k1j", "1k1i", "1k1f", "1k1l", "1k1m", "1k1n", "1k1o", "1k1p", "1k1q", "1k1r", "1k1s", "1k1t", "1h1g",
            "1u1t", "1u1s",
        ],
    );

    // Two screens before the enemy: Gold Cannon 1k, own Pawn 1i, White Knight 1h, White Goose
    // 1e: the Knight is the first piece beyond the screen, so it is taken and nothing further.
    // Backward as before. The Pawn on 1i may capture the Knight on 1h.
    let text = background(&[("1k", "+C"), ("1i", "P"), ("1h", "n"), ("1e", "g")], "b", "-");
    expect_moves(
        &text,
        &[
            "1k1j", "1k1h", "1k1l", "1k1m", "1k1n", "1k1o", "1k1p", "1k1q", "1k1r", "1k1s", "1k1t", "1i1h", "1u1t",
            "1u1s",
        ],
    );
}

#[test]
fn reference_ramshead_landing_squares() {
    // Ramshead on 1k, own Pawn on 1g (a landing square): only 1i. A piece on the odd square 1j
    // or 1h is jumped over freely.
    let text = background(&[("1k", "R"), ("1g", "P")], "b", "-");
    expect_moves(&text, &["1k1i", "1g1f", "1u1t", "1u1s"]);
    let text = background(&[("1k", "R"), ("1j", "P"), ("1h", "n")], "b", "-");
    expect_moves(&text, &["1k1i", "1k1g", "1k1e", "1k1c", "1j1i", "1u1t", "1u1s"]);
    // An enemy on a landing square is captured and stops the hops.
    let text = background(&[("1k", "R"), ("1g", "n")], "b", "-");
    expect_moves(&text, &["1k1i", "1k1g", "1u1t", "1u1s"]);
}

#[test]
fn reference_check_and_pins() {
    // Pin: Black's Knight on 1j stands between its King (1u) and White's Lance on 1h; its only
    // move (leap +3 to 1g) would expose the King, so only the King moves remain.
    let text = build(&[("1u", "K"), ("1j", "N"), ("1h", "l"), ("1a", "k")], "b", "-");
    assert!(!Position::parse(&text).unwrap().in_check());
    expect_moves(&text, &["1u1t", "1u1s"]);

    // A pinned attacker still gives check: White's Knight on 1j (pinned against its King on 1i
    // by Black's Lance on 1l) attacks Black's King on 1m. Escapes: King −1 to 1n (1k is
    // attacked by White's King, 1l is its own Lance), or the Lance takes the Knight. The Lance's
    // quiet move to 1k does not stop a leap, so it is illegal.
    let text = build(&[("1m", "K"), ("1l", "L"), ("1j", "n"), ("1i", "k")], "b", "-");
    assert!(Position::parse(&text).unwrap().in_check());
    expect_moves(&text, &["1m1n", "1l1j"]);
}

#[test]
fn reference_stalemate_ban() {
    // White to move, King 1f, an Iron General in hand; Black has only its King on 1u. An Iron
    // General of either face on 1r attacks 1s and 1t without checking, so Black (King moves 1t,
    // 1s only) would have no move: both drops on 1r are illegal. Every other drop is legal
    // (on 1s and 1t it gives check). White's King: 1g, 1h (forward), 1e (back).
    let text = build(&[("1f", "k"), ("1u", "K")], "w", "i");
    let mut expected = vec!["1f1g".to_string(), "1f1h".to_string(), "1f1e".to_string()];
    for square in squares("tsqponmlkjihg") {
        expected.push(format!("I*{square}"));
        expected.push(format!("+I*{square}"));
    }
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    expect_moves(&text, &expected);
}

#[test]
fn reference_checkmate_and_no_moves() {
    // The ban never excludes a mate: with a White Pawn on 1r guarding 1s, I*1s checks the King on
    // 1u, covers 1t, and cannot be taken.
    let text = build(&[("1u", "K"), ("1r", "p"), ("1a", "k")], "w", "i");
    let position = Position::parse(&text).unwrap();
    let moves = move_set(&position);
    assert!(moves.contains("I*1s") && moves.contains("+I*1s"), "{moves:?}");
    for mate in ["I*1s", "+I*1s"] {
        let mut after = position.clone();
        after.play(mate).unwrap();
        assert!(after.in_check());
        assert!(after.legal_moves().is_empty());
        assert_eq!(after.result().as_deref(), Some("w checkmate"));
        assert!(after.play("1u1t").is_err(), "no move after the end");
    }
    // No moves, not in check (only reachable from a position string): Black's King on 1u, White's
    // Iron General on 1r covering 1s and 1t.
    let position = Position::parse(&build(&[("1u", "K"), ("1r", "i"), ("1a", "k")], "b", "-")).unwrap();
    assert!(!position.in_check());
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.result().as_deref(), Some("w no-moves"));
    // The mirror image for White.
    let position = Position::parse(&build(&[("1a", "k"), ("1d", "I"), ("1u", "K")], "w", "-")).unwrap();
    assert_eq!(position.result().as_deref(), Some("b no-moves"));
}

#[test]
fn reference_repetition_ban() {
    // Two bare Kings shuffle: the given position P0 counts once; after eight plies it would occur
    // a third time, so 1b1a is not generated then, while its second occurrence (ply 4) was legal.
    let text = build(&[("1u", "K"), ("1a", "k")], "b", "-");
    let mut position = Position::parse(&text).unwrap();
    for token in ["1u1t", "1a1b", "1t1u", "1b1a", "1u1t", "1a1b", "1t1u"] {
        position.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    assert_eq!(move_set(&position), ["1b1c", "1b1d"].iter().map(|s| s.to_string()).collect());
    assert!(position.play("1b1a").is_err());
    assert_eq!(position.position_string(), "1/k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w - 8");
    // After White's 1b1c the position is new, so the game goes on.
    position.play("1b1c").unwrap();
    assert_eq!(position.result(), None);
}

#[test]
fn reference_validation() {
    let kings = [("1u", "K"), ("1a", "k")];
    let ok = |pieces: &[(&str, &str)], side: &str, hand: &str| {
        let mut all = kings.to_vec();
        all.extend_from_slice(pieces);
        Position::parse(&build(&all, side, hand))
    };
    assert!(ok(&[], "b", "-").is_ok());
    assert!(ok(&[("1t", "K")], "b", "-").is_err(), "two Black Kings");
    assert!(Position::parse(&build(&[("1u", "K")], "b", "-")).is_err(), "no White King");
    assert!(ok(&[], "b", "K").is_err(), "King in hand");
    assert!(ok(&[("1k", "+K")], "b", "-").is_err(), "flipped King");
    // Two of a kind in total (faces merged, either side) is the limit.
    assert!(ok(&[("1j", "+p")], "b", "P").is_ok());
    assert!(ok(&[("1j", "+p"), ("1k", "P")], "b", "P").is_err(), "three Pawns");
    assert!(ok(&[("1k", "N")], "b", "2n").is_err(), "three Knights");
    assert!(ok(&[], "b", "2R").is_ok());
    assert!(ok(&[], "b", "Rr").is_ok());
    assert!(ok(&[], "b", "2Rr").is_err(), "three Ramsheads");
    // Hands: counts only when ≥ 2, each letter once, any order.
    assert!(ok(&[], "b", "1P").is_err());
    assert!(ok(&[], "b", "PP").is_err());
    assert_eq!(ok(&[], "b", "pGP").unwrap().position_string(), build(&kings, "b", "GPp"));
    // The side not to move may not be in check: White's Lance on 1k attacks Black's King.
    assert!(ok(&[("1k", "l")], "w", "-").is_err());
    assert!(ok(&[("1k", "l")], "b", "-").unwrap().in_check());
    // Shape of the string.
    assert!(Position::parse("k/1/K b -").is_err(), "three ranks");
    assert!(Position::parse(&with_move_number(&build(&kings, "b", "-"), "0")).is_err(), "move number 0");
    assert!(Position::parse(&format!("{} x -", build(&kings, "b", "-").split(' ').next().unwrap())).is_err());
}

#[test]
fn reference_perft_consistency() {
    // perft(d) is the sum of perft(d - 1) over the legal moves; the numbers are printed for the
    // record (`cargo test --test ito cross_check -- --nocapture`): 4, 16, 32, 71, 498, 5211,
    // 43281 (depth 3 = 32 also checked by hand: 2 + 2 + 1 + 3 Black replies per White move).
    let start = Position::start();
    assert_eq!(start.perft(1), 4);
    for depth in 1..=7 {
        let total = start.perft(depth);
        let split: u64 = start
            .legal_moves()
            .iter()
            .map(|token| {
                let mut child = start.clone();
                child.play(token).unwrap();
                child.perft(depth - 1)
            })
            .sum();
        assert_eq!(total, split, "perft {depth}");
        println!("ito perft {depth}: {total}");
    }
}

/// A Heavenly Horse (`+n`, leaps ±3) shuttles between 1r and 1o while Black's King shuttles
/// between 1t and 1u; White's King on 1q covers 1s and 1r. With the Horse on 1r, Black's King on
/// 1u is in check and its only escape is 1t; with the Horse on 1o, Black's only move is 1t1u.
#[test]
fn reference_repetition_ban_checkmate_and_stalemate() {
    // Started from "King 1t, Horse 1r, White to move" (P_B): after eight plies Black is in check
    // on 1u and its only escape would create P_B for the third time, so it is checkmated.
    let text = build(&[("1t", "K"), ("1r", "+n"), ("1q", "k")], "w", "-");
    let mut position = Position::parse(&text).unwrap();
    assert_eq!(move_set(&position), ["1r1o", "1r1u", "1q1p"].iter().map(|s| s.to_string()).collect());
    for token in ["1r1o", "1t1u", "1o1r", "1u1t", "1r1o", "1t1u", "1o1r"] {
        position.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    assert!(position.in_check());
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.result().as_deref(), Some("w checkmate"));

    // Started from "King 1u, Horse 1o, White to move" (P_D): after six plies White's 1r1o would
    // leave Black, not in check, with only 1t1u, which would create P_D a third time: 1r1o is a
    // stalemating move and is not generated (the repetition ban judges the replies).
    let text = build(&[("1u", "K"), ("1o", "+n"), ("1q", "k")], "w", "-");
    let mut position = Position::parse(&text).unwrap();
    for token in ["1o1r", "1u1t", "1r1o", "1t1u", "1o1r", "1u1t"] {
        position.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
    assert_eq!(move_set(&position), ["1r1u", "1q1p"].iter().map(|s| s.to_string()).collect());
}

/// The Ito fixtures of tests/perft.
fn fixtures() -> Vec<Fixture> {
    load_fixtures().into_iter().filter(|f| f.variant == "ito").collect()
}

/// The reference's position of a fixture, its moves played.
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

/// The engine's legal moves as a sorted set (panics on a duplicate).
fn engine_moves(game: &AnyGame) -> BTreeSet<String> {
    let moves = game.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the engine generated a move twice: {moves:?}");
    set
}

#[test]
fn engine_fixture_lines_match_the_reference() {
    let fixtures = fixtures();
    assert!(fixtures.len() >= 5, "the Ito fixtures are missing");
    for fixture in &fixtures {
        let position = reference_of(fixture);
        for &(depth, nodes) in &fixture.perft {
            assert_eq!(position.perft(depth), nodes, "{} ({}): reference perft {depth}", fixture.id, fixture.origin);
        }
    }
}

#[test]
fn engine_perft_divide_matches_the_reference_from_every_fixture() {
    for fixture in fixtures() {
        let game = fixture_game(&fixture);
        let position = reference_of(&fixture);
        for depth in 1..=3 {
            let ours: BTreeSet<(String, u64)> = game.perft_divide(depth).into_iter().collect();
            let theirs: BTreeSet<(String, u64)> = position
                .legal_moves()
                .into_iter()
                .map(|token| {
                    let mut child = position.clone();
                    child.play(&token).unwrap_or_else(|e| panic!("{token}: {e}"));
                    let count = child.perft(depth - 1);
                    (token, count)
                })
                .collect();
            assert_eq!(ours, theirs, "{} ({}): perft divide {depth}", fixture.id, fixture.origin);
        }
    }
}

/// Compares everything the two implementations say about the current position.
fn compare(game: &AnyGame, position: &Position, context: &str) {
    assert_eq!(game.position_string(), position.position_string(), "{context}: position strings");
    assert_eq!(engine_moves(game), move_set(position), "{context}: legal moves of {}", position.position_string());
    assert_eq!(result_of(game.turn()), position.result(), "{context}: results of {}", position.position_string());
    let checked = tetsugaku::with_game!(game, g => g.in_check());
    assert_eq!(checked, position.in_check(), "{context}: check in {}", position.position_string());
}

#[test]
fn engine_random_walks_match_the_reference() {
    let mut starts: Vec<(String, AnyGame, Position)> =
        vec![("start".to_string(), engine("ito", None), Position::start())];
    for fixture in fixtures() {
        starts.push((fixture.id.clone(), fixture_game(&fixture), reference_of(&fixture)));
    }
    let mut rng = SplitMix64::new(0x1705);
    let (mut positions, mut ended, mut banned_met) = (0, 0, 0);
    for walk in 0..240 {
        let (name, game, position) = &starts[walk % starts.len()];
        let (mut game, mut position) = (game.clone(), position.clone());
        let mut played: Vec<String> = Vec::new();
        for ply in 0..120 {
            let context = format!("walk {walk} from {name}, ply {ply} after {played:?}");
            compare(&game, &position, &context);
            positions += 1;
            let moves: Vec<String> = engine_moves(&game).into_iter().collect();
            if moves.is_empty() {
                ended += 1;
                break;
            }
            // Half the time, undo the mover's last move if it can be (a piece stepping back),
            // so positions recur and the repetition ban is exercised.
            let back = played.len() >= 2 && rng.below(2) == 0;
            let token = match back.then(|| reverse(&played[played.len() - 2])).flatten() {
                Some(token) if moves.contains(&token) => token,
                Some(_) => {
                    banned_met += 1;
                    moves[rng.below(moves.len())].clone()
                }
                None => moves[rng.below(moves.len())].clone(),
            };
            game.play_token(&token).unwrap_or_else(|e| panic!("{context}: engine refuses {token}: {e}"));
            position.play(&token).unwrap_or_else(|e| panic!("{context}: {e}"));
            played.push(token);
        }
    }
    println!("{positions} positions compared, {ended} walks ended, {banned_met} step-backs not available");
    assert!(positions >= 10_000 && ended >= 10, "too little covered: {positions} positions, {ended} ended games");
}

/// The board move that takes `token` (a board move) back: `1n1m` → `1m1n`.
fn reverse(token: &str) -> Option<String> {
    (token.len() == 4 && !token.contains('*')).then(|| format!("{}{}", &token[2..], &token[..2]))
}
