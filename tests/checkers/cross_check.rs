//! The checkers games (`enryo`, `philosophy-checkers`, `checkers`): the independent reference
//! implementation (tests/checkers/reference.rs) checked on its own, then the engine
//! against it.
//!
//! Reference self-tests (`reference_*`): the public English perft from the start position, the
//! 8 moves of the 9x9 start position, position validation, and one small hand-built position per
//! rule whose expected moves were worked out by hand from docs/rules/checkers.md.
//!
//! Engine against reference:
//! (a) perft split by root move, to depth 3, from every fixture position of
//!     `tests/perft/{enryo,philosophy-checkers,checkers}.perft` (plus the start positions and
//!     the hand-built positions below), and every fixture line the reference can recount within
//!     a node budget;
//! (b) seeded random walks in each game, checking at every node: equal legal move sets, equal
//!     results and equal position strings.
//!
//! The reference budget for (a) is `CHECKERS_REFERENCE_BUDGET` leaves per fixture line (default
//! 3,000,000; `max` for no limit).

use crate::fixtures::{load_fixtures, Fixture};
use crate::games::engine;
use crate::reference::{self, Kind, Position, Side};
use crate::results::result_of;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::AnyGame;

// ------------------------------------------------------------------------------------------------
// Helpers

/// The reference's legal moves as a sorted set (panics if it generated one twice).
fn move_set(position: &Position) -> BTreeSet<String> {
    let moves = position.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the reference generated a move twice: {moves:?}");
    set
}

/// Checks that the reference's legal moves are exactly `expected` (printing the position string,
/// so a failing hand-built test says which position it was).
fn assert_moves(position: &Position, expected: &[&str]) {
    let expected: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
    assert_eq!(move_set(position), expected, "moves of {}", position.position_string());
}

/// Plays `token` on the reference (panics with the position if it is refused).
fn play(position: &mut Position, token: &str) {
    position.play(token).unwrap_or_else(|e| panic!("{}: {token}: {e}", position.position_string()));
}

// ------------------------------------------------------------------------------------------------
// Reference self-tests: move counts

#[test]
fn reference_english_perft_from_the_start_position() {
    let start = Position::start("checkers");
    let public = [7, 49, 302, 1469, 7361, 36768, 179740, 845931];
    let timer = Instant::now();
    for (depth, &expected) in (1..).zip(public.iter()) {
        assert_eq!(start.perft(depth), expected, "checkers perft {depth}");
    }
    println!("checkers perft 1-8 in {:?}", timer.elapsed());
}

#[test]
fn reference_start_positions() {
    for variant in ["enryo", "philosophy-checkers"] {
        let start = Position::start(variant);
        assert_eq!(
            start.position_string(),
            "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/9/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1",
            "{variant}"
        );
        assert_eq!(start.result(), None);
        // The five Men of rank g stepping forward (docs/rules/checkers.md §6).
        assert_moves(&start, &["9g8f", "7g8f", "7g6f", "5g6f", "5g4f", "3g4f", "3g2f", "1g2f"]);
        assert_eq!(start.perft(2), 64, "{variant}: no capture is possible at ply 2");
    }
    let start = Position::start("checkers");
    assert_eq!(start.position_string(), "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 1");
    assert_moves(&start, &["8f7e", "6f7e", "6f5e", "4f5e", "4f3e", "2f3e", "2f1e"]);
    // protocol-spec.md §15.4's example step, and the position string after it.
    let mut position = start.clone();
    play(&mut position, "6f5e");
    assert_eq!(position.position_string(), "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/3M4/M3M1M1/1M1M1M1M/M1M1M1M1 w - 2");
}

// ------------------------------------------------------------------------------------------------
// Reference self-tests: position validation

#[test]
fn reference_position_validation() {
    let accepted = |variant: &str, text: &str| {
        Position::parse(variant, text).unwrap_or_else(|e| panic!("{variant}: {text} refused: {e}"))
    };
    let refused = |variant: &str, text: &str| {
        assert!(Position::parse(variant, text).is_err(), "{variant}: {text} accepted");
    };
    accepted("enryo", "4k4/9/9/9/9/9/9/9/4K4 b - 7");
    refused("enryo", "4k4/9/9/9/9/9/9/9/3K5 b -"); // 6i is light
    refused("enryo", "4k4/9/9/9/9/9/9/9/4K2M1 b -"); // 2i is light
    accepted("enryo", "4k4/9/9/9/9/9/9/9/4K3M b -"); // a Man on its own back rank
    refused("enryo", "M3k4/9/9/9/9/9/9/9/4K4 b -"); // Black Man on its far rank
    refused("enryo", "4k4/9/9/9/9/9/9/9/m3K4 b -"); // White Man on its far rank
    accepted("enryo", "+M3k4/9/9/9/9/9/9/9/+m3K4 b -"); // Princes may stand there
    refused("enryo", "4k4/9/9/9/9/9/9/9/K3K4 b -"); // two Kings
    refused("philosophy-checkers", "9/9/9/9/9/9/9/9/+M8 b -"); // both Kings missing
    refused("enryo", "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/4M4/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1"); // 15 pieces
    refused("checkers", "8/8/8/8/8/8/8/K7 b -"); // no King in checkers
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/3M4/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 1"); // 13 pieces
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/4M3/8/8/8 b - 1"); // 5e is light
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 0");
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 x - 1");
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b M 1");
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M b - 1");
    refused("checkers", "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/+K1M1M1M1 b - 1");

    // A missing King decides the position (for the side that still has one).
    let decided = accepted("enryo", "9/9/9/9/4m4/9/9/9/4K4 w - 1");
    assert_eq!(decided.result().as_deref(), Some("b king-capture"));
    assert!(decided.legal_moves().is_empty());
    let decided = accepted("philosophy-checkers", "4k4/9/9/9/4M4/9/9/9/9 b - 1");
    assert_eq!(decided.result().as_deref(), Some("w king-capture"));
    // checkers: the player to move with no pieces has lost.
    let decided = accepted("checkers", "8/8/8/8/8/8/8/M7 w - 1");
    assert_eq!(decided.result().as_deref(), Some("b no-moves"));
}

// ------------------------------------------------------------------------------------------------
// Reference self-tests: one small hand-built position per rule. The expected moves were worked
// out by hand from docs/rules/checkers.md, not taken from the reference.

/// protocol-spec.md §15.4's capture examples: `3gx5ex7c` (enryo, philosophy-checkers),
/// `6fx4dx2b` (checkers), `5gx5c` (philosophy-checkers orthogonal capture of a Man on `5e`).
#[test]
fn reference_spec_capture_examples() {
    for variant in ["enryo", "philosophy-checkers"] {
        let pieces = [("3g", "M"), ("4f", "m"), ("6d", "m"), ("1i", "K"), ("9a", "k")];
        assert_moves(&Position::from_pieces(variant, &pieces, Side::B), &["3gx5ex7c"]);
    }
    let pieces = [("6f", "M"), ("5e", "m"), ("3c", "m")];
    let mut position = Position::from_pieces("checkers", &pieces, Side::B);
    assert_moves(&position, &["6fx4dx2b"]);
    play(&mut position, "6fx4dx2b");
    assert_eq!(position.position_string(), "8/6M1/8/8/8/8/8/8 w - 2");
    assert_eq!(position.result().as_deref(), Some("b no-moves"), "White has no pieces left");

    // The orthogonal capture is philosophy-checkers only; an enryo Man just steps.
    let pieces = [("5g", "M"), ("5e", "m"), ("1i", "K"), ("9a", "k")];
    assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &["5gx5c"]);
    assert_moves(&Position::from_pieces("enryo", &pieces, Side::B), &["5g6f", "5g4f", "1i2h"]);
}

/// Man capture directions: enryo and checkers Men jump forward only; philosophy-checkers Men
/// jump along all four diagonals and all four orthogonals (backward and sideways here).
#[test]
fn reference_man_capture_directions() {
    // A Black Man on 5e and one White Man: diagonally behind (6f), orthogonally behind (5g),
    // beside (7e).
    for (enemy, capture) in [("6f", "5ex7g"), ("5g", "5ex5i"), ("7e", "5ex9e")] {
        let pieces = [("5e", "M"), (enemy, "m"), ("1i", "K"), ("9a", "k")];
        assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &[capture]);
        assert_moves(&Position::from_pieces("enryo", &pieces, Side::B), &["5e6d", "5e4d", "1i2h"]);
    }
    // All three at once: after 5ex7g (taking 6f) the Man on 7g goes on, along its rank over 5g to
    // 3g or up its file over 7e to 7c; 5ex5i and 5ex9e take one piece only, so the majority rule
    // leaves the two two-piece captures.
    let pieces = [("5e", "M"), ("6f", "m"), ("5g", "m"), ("7e", "m"), ("1i", "K"), ("9a", "k")];
    assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &["5ex7gx3g", "5ex7gx7c"]);

    // The philosophy-checkers King has no orthogonal capture: with a White Man two squares
    // above it, it just steps.
    let pieces = [("5e", "K"), ("5c", "m"), ("1a", "k")];
    assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &["5e6d", "5e4d", "5e6f", "5e4f"]);
}

/// The moving piece's origin counts as empty: a checkers king jumps round a diamond of four
/// Men and lands back on its origin, in either direction (two moves taking the same pieces).
/// The loop also shows that a captured piece cannot be jumped again (at 7e the king could
/// otherwise jump 6f back to 5g, and so on forever).
#[test]
fn reference_origin_square_is_empty_during_the_sequence() {
    let pieces = [("5g", "+M"), ("6f", "m"), ("6d", "m"), ("4d", "m"), ("4f", "m")];
    let position = Position::from_pieces("checkers", &pieces, Side::B);
    assert_eq!(position.position_string(), "8/8/8/2m1m3/8/2m1m3/3+M4/8 b - 1");
    assert_moves(&position, &["5gx7ex5cx3ex5g", "5gx3ex5cx7ex5g"]);
    let mut after = position.clone();
    play(&mut after, "5gx7ex5cx3ex5g");
    assert_eq!(after.position_string(), "8/8/8/8/8/8/3+M4/8 w - 2");
    assert_eq!(after.result().as_deref(), Some("b no-moves"));

    // The same with an enryo Prince (short jumps, any diagonal).
    let pieces = [("5g", "+M"), ("6f", "m"), ("6d", "m"), ("4d", "m"), ("4f", "m"), ("1i", "K"), ("9a", "k")];
    assert_moves(&Position::from_pieces("enryo", &pieces, Side::B), &["5gx7ex5cx3ex5g", "5gx3ex5cx7ex5g"]);

    // A flying philosophy-checkers Prince crosses its origin: 5e takes 5c (orthogonally, landing
    // 5a), then 6b (landing 7c; 8d and 9e are possible too but end there), then flies from 7c
    // down the long diagonal through 6d, 5e (its origin), 4f to take 3g, landing 2h or 1i. The
    // majority rule keeps only these two three-piece captures (5ex2h and 5ex1i, taking 3g at
    // once, capture one piece). Were the origin occupied, the best would be 2 pieces.
    let pieces = [("5e", "+M"), ("5c", "m"), ("6b", "m"), ("3g", "m"), ("9i", "K"), ("1a", "k")];
    assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &["5ex5ax7cx2h", "5ex5ax7cx1i"]);
}

/// Captured pieces stay on the board until the move ends: a flying Prince cannot pass over a
/// piece it has already taken. 5i takes 5e orthogonally (landing 5c or 5a); from 5c it takes 6b
/// landing 7a; from 5a it takes 6b landing 7c, 8d or 9e. From 7c the long diagonal toward 4f is
/// blocked by the captured Man on 5e (were it removed at once, 5ix5ax7cx3g/2h/1i would take
/// three). So four moves of two pieces each, the flying landing choices included.
#[test]
fn reference_captured_pieces_block_until_the_move_ends() {
    let pieces = [("5i", "+M"), ("5e", "m"), ("6b", "m"), ("4f", "m"), ("9i", "K"), ("1a", "k")];
    let position = Position::from_pieces("philosophy-checkers", &pieces, Side::B);
    assert_moves(&position, &["5ix5cx7a", "5ix5ax7c", "5ix5ax8d", "5ix5ax9e"]);
    let mut after = position.clone();
    play(&mut after, "5ix5ax8d");
    assert_eq!(after.at("8d").as_deref(), Some("+M"));
    assert_eq!(after.at("5e"), None);
    assert_eq!(after.at("6b"), None);
    assert_eq!(after.at("4f").as_deref(), Some("m"));
}

/// The majority rule (philosophy-checkers only): over all of the mover's pieces, only the
/// sequences taking the most pieces; the King counts 1 like any piece.
#[test]
fn reference_majority_rule() {
    // 7g can take the White King on 8f (one piece); 3g can take 2f and 2d (two pieces).
    let pieces = [("7g", "M"), ("8f", "k"), ("3g", "M"), ("2f", "m"), ("2d", "m"), ("5i", "K")];
    assert_moves(&Position::from_pieces("philosophy-checkers", &pieces, Side::B), &["3gx1ex3c"]);
    // enryo has no majority rule: either capture, and taking the King wins at once.
    let mut position = Position::from_pieces("enryo", &pieces, Side::B);
    assert_moves(&position, &["7gx9e", "3gx1ex3c"]);
    play(&mut position, "7gx9e");
    assert_eq!(position.result().as_deref(), Some("b king-capture"));
    assert!(position.legal_moves().is_empty(), "a finished game has no moves");

    // One flying Prince, landing choices that decide the length: 9i takes 8h and may land on
    // 7g, 6f, 5e, 4d, 3c, 2b or 1a; only from 7g (up the file: 7c, 7a), 6f (diagonally: 8d, 9c)
    // and 5e (along the rank: 9e) can it go on to take 7e.
    let pieces = [("9i", "+M"), ("8h", "m"), ("7e", "m"), ("1i", "K"), ("9a", "k")];
    let position = Position::from_pieces("philosophy-checkers", &pieces, Side::B);
    assert_moves(&position, &["9ix7gx7c", "9ix7gx7a", "9ix6fx8d", "9ix6fx9c", "9ix5ex9e"]);
    // enryo: the Prince only steps and short-jumps: 9ix7g, after which 7e is not adjacent.
    assert_moves(&Position::from_pieces("enryo", &pieces, Side::B), &["9ix7g"]);
}

/// Quiet moves of a lone flying Prince: any distance diagonally, and orthogonally along the dark
/// squares (two squares at a time), stopping before any piece.
#[test]
fn reference_prince_quiet_moves() {
    let pieces = [("5e", "+M"), ("9i", "K"), ("1a", "k")];
    let position = Position::from_pieces("philosophy-checkers", &pieces, Side::B);
    // Diagonals: 4 up-left, 3 up-right (1a is the White King), 3 down-left (9i is Black's own
    // King), 4 down-right; orthogonals: 2 each way; the King's one step to 8h.
    let expected = [
        "5e6d", "5e7c", "5e8b", "5e9a", "5e4d", "5e3c", "5e2b", "5e6f", "5e7g", "5e8h", "5e4f", "5e3g", "5e2h", "5e1i",
        "5e5c", "5e5a", "5e5g", "5e5i", "5e7e", "5e9e", "5e3e", "5e1e", "9i8h",
    ];
    assert_moves(&position, &expected);
    // The enryo Prince steps one square diagonally.
    assert_moves(&Position::from_pieces("enryo", &pieces, Side::B), &["5e6d", "5e4d", "5e6f", "5e4f", "9i8h"]);
}

/// Promotion: enryo and checkers end the move when a Man reaches the far rank by a jump;
/// philosophy-checkers goes on with the Man's powers and promotes only where the move ends.
#[test]
fn reference_promotion_during_a_capture() {
    // Black Man 5c takes 6b landing on 7a; from there it could take 8b (to 9c), and a Prince
    // could also fly along rank a over 3a to 1a.
    let pieces = [("5c", "M"), ("6b", "m"), ("8b", "m"), ("3a", "m"), ("1i", "K"), ("9i", "k")];
    let mut position = Position::from_pieces("enryo", &pieces, Side::B);
    assert_moves(&position, &["5cx7a"]);
    play(&mut position, "5cx7a");
    assert_eq!(position.at("7a").as_deref(), Some("+M"), "promoted at the end of the move");

    // philosophy-checkers: on 7a the piece is still a Man (its orthogonal capture needs a piece
    // on 5a, two squares away; 3a is four away), so it can only go on over 8b to 9c, and it is
    // not promoted.
    let mut position = Position::from_pieces("philosophy-checkers", &pieces, Side::B);
    assert_moves(&position, &["5cx7ax9c"]);
    play(&mut position, "5cx7ax9c");
    assert_eq!(position.at("9c").as_deref(), Some("M"));

    // philosophy-checkers: a capture ending on the far rank promotes.
    let pieces = [("5c", "M"), ("6b", "m"), ("1i", "K"), ("9i", "k")];
    let mut position = Position::from_pieces("philosophy-checkers", &pieces, Side::B);
    assert_moves(&position, &["5cx7a"]);
    play(&mut position, "5cx7a");
    assert_eq!(position.at("7a").as_deref(), Some("+M"));

    // checkers: 7c takes 6b to reach 5a and is crowned; it may not go on over 4b to 3c.
    let pieces = [("7c", "M"), ("6b", "m"), ("4b", "m")];
    let mut position = Position::from_pieces("checkers", &pieces, Side::B);
    assert_moves(&position, &["7cx5a"]);
    play(&mut position, "7cx5a");
    assert_eq!(position.at("5a").as_deref(), Some("+M"));

    // A step onto the far rank promotes too (all three games).
    for (variant, pieces) in [
        ("enryo", vec![("4b", "M"), ("1i", "K"), ("9a", "k")]),
        ("philosophy-checkers", vec![("4b", "M"), ("1i", "K"), ("9a", "k")]),
        ("checkers", vec![("4b", "M"), ("7g", "m")]),
    ] {
        let mut position = Position::from_pieces(variant, &pieces, Side::B);
        play(&mut position, "4b5a");
        assert_eq!(position.at("5a").as_deref(), Some("+M"), "{variant}");
    }
}

/// Taking the King in the middle of a sequence does not stop it; the game is decided when the
/// move is complete.
#[test]
fn reference_king_taken_mid_sequence() {
    for variant in ["enryo", "philosophy-checkers"] {
        // Black Man 5g takes the White King on 6f (landing 7e), then the Man on 6d (landing 5c).
        let pieces = [("5g", "M"), ("6f", "k"), ("6d", "m"), ("1i", "K")];
        let mut position = Position::from_pieces(variant, &pieces, Side::B);
        assert_moves(&position, &["5gx7ex5c"]);
        play(&mut position, "5gx7ex5c");
        assert_eq!(position.position_string(), "9/9/4M4/9/9/9/9/9/8K w - 2", "{variant}");
        assert_eq!(position.result().as_deref(), Some("b king-capture"), "{variant}");
        assert!(position.legal_moves().is_empty());
    }
}

/// The third occurrence of a position (board and side to move; the loaded position is the
/// first) is a draw; the second is not.
#[test]
fn reference_repetition() {
    for (variant, pieces, cycle) in [
        ("checkers", vec![("8h", "+M"), ("1a", "+m")], ["8h7g", "1a2b", "7g8h", "2b1a"]),
        ("enryo", vec![("9i", "K"), ("1a", "k")], ["9i8h", "1a2b", "8h9i", "2b1a"]),
        ("philosophy-checkers", vec![("9i", "K"), ("1a", "k")], ["9i8h", "1a2b", "8h9i", "2b1a"]),
    ] {
        let mut position = Position::from_pieces(variant, &pieces, Side::B);
        for ply in 0..8 {
            assert_eq!(position.result(), None, "{variant} ply {ply}");
            play(&mut position, cycle[ply % 4]);
        }
        assert_eq!(position.result().as_deref(), Some("draw repetition"), "{variant}");
        assert!(position.legal_moves().is_empty());
    }
    // The side to move is part of the position. With diagonal steps only, a board can never come
    // back with the other side to move (every move changes the parity of the sum of the rows),
    // but a philosophy-checkers Prince can triangulate (5e7e along the rank, 7e6d, 6d5e) while
    // the White King goes to and fro between 5a and 6b (never on a line the Prince could take it
    // along). The start board is back with White to move after 5 plies and with Black to move
    // after 12: three boards, two positions, no draw. The 12-ply cycle then repeats, and the
    // third occurrence of the start position comes after 24 plies.
    let mut position = Position::from_pieces("philosophy-checkers", &[("5e", "+M"), ("9i", "K"), ("5a", "k")], Side::B);
    let black = ["5e7e", "7e6d", "6d5e"];
    let white = ["5a6b", "6b5a"];
    for ply in 0..24 {
        assert_eq!(position.result(), None, "ply {ply}");
        let token = if ply % 2 == 0 { black[ply / 2 % 3] } else { white[ply / 2 % 2] };
        play(&mut position, token);
    }
    assert_eq!(position.position_string(), "4k4/9/9/9/4+M4/9/9/9/K8 b - 25");
    assert_eq!(position.result().as_deref(), Some("draw repetition"));
}

/// A player with no legal move loses (`no-moves`, the winner's letter first).
#[test]
fn reference_no_moves() {
    // checkers: the White Man on 7g is blocked by 8h and 6h and cannot jump off the board.
    let position = Position::parse("checkers", "8/8/8/8/8/8/1m6/M1M5 w - 1").expect("valid");
    assert_eq!(position.result().as_deref(), Some("b no-moves"));
    assert!(position.legal_moves().is_empty());

    // enryo: the White King in the corner 9a is walled in by 8b and 7c (jumping 8b would land on
    // 7c). Any Black move but 8b7a (which frees 8b) leaves White without a move.
    let pieces = [("9a", "k"), ("8b", "M"), ("7c", "M"), ("1i", "K")];
    let position = Position::from_pieces("enryo", &pieces, Side::B);
    assert_moves(&position, &["8b7a", "7c6b", "1i2h"]);
    let mut after = position.clone();
    play(&mut after, "1i2h");
    assert_eq!(after.result().as_deref(), Some("b no-moves"));
    let mut after = position.clone();
    play(&mut after, "8b7a");
    assert_eq!(after.result(), None);
    assert_moves(&after, &["9a8b"]);
}

// ------------------------------------------------------------------------------------------------
// Hand-made sparse positions (Princes, Kings, few Men) used as extra roots of the perft
// comparison and as starting points of some random walks.

/// Sparse positions of `variant`, as position strings (built from square lists, so they are
/// valid by construction).
fn sparse_positions(variant: &str) -> Vec<String> {
    let lists: Vec<(Vec<(&str, &str)>, Side)> = match variant {
        "enryo" | "philosophy-checkers" => vec![
            (
                vec![
                    ("5i", "K"),
                    ("5a", "k"),
                    ("7e", "+M"),
                    ("3e", "+M"),
                    ("8h", "M"),
                    ("2h", "M"),
                    ("7c", "+m"),
                    ("3g", "+m"),
                    ("8b", "m"),
                    ("2b", "m"),
                ],
                Side::B,
            ),
            (
                vec![
                    ("7i", "K"),
                    ("3a", "k"),
                    ("9c", "M"),
                    ("5c", "M"),
                    ("4f", "M"),
                    ("6f", "M"),
                    ("1e", "+M"),
                    ("7g", "m"),
                    ("3g", "m"),
                    ("5e", "m"),
                    ("6d", "m"),
                    ("9g", "+m"),
                ],
                Side::W,
            ),
            (
                vec![
                    ("5g", "K"),
                    ("5c", "k"),
                    ("9e", "+M"),
                    ("1e", "+M"),
                    ("5i", "+M"),
                    ("6d", "m"),
                    ("4d", "m"),
                    ("6f", "m"),
                    ("4f", "M"),
                    ("5a", "+m"),
                    ("7a", "m"),
                ],
                Side::B,
            ),
        ],
        "checkers" => vec![
            (
                vec![
                    ("5e", "+M"),
                    ("4d", "+m"),
                    ("7g", "M"),
                    ("6f", "M"),
                    ("2b", "m"),
                    ("3c", "m"),
                    ("1g", "+M"),
                    ("8b", "+m"),
                ],
                Side::B,
            ),
            (
                vec![
                    ("8h", "M"),
                    ("6h", "M"),
                    ("4f", "+M"),
                    ("3e", "m"),
                    ("5c", "m"),
                    ("7c", "m"),
                    ("1c", "+m"),
                    ("2f", "m"),
                    ("6d", "M"),
                ],
                Side::W,
            ),
        ],
        _ => panic!("not a checkers game: {variant}"),
    };
    lists.into_iter().map(|(pieces, side)| Position::from_pieces(variant, &pieces, side).position_string()).collect()
}

/// The positions of the hand-built `reference_*` tests above (as their position strings), so
/// the engine is compared with the reference on each rule directly.
const RULE_POSITIONS: [(&str, &str); 27] = [
    ("enryo", "k8/9/9/3m5/9/5m3/6M2/9/8K b -"),
    ("enryo", "k8/9/9/9/4m4/9/4M4/9/8K b -"),
    ("enryo", "k8/9/9/9/4M4/3m5/9/9/8K b -"),
    ("enryo", "k8/9/9/3m1m3/9/3m1m3/4+M4/9/8K b -"),
    ("enryo", "9/9/9/7m1/9/1k5m1/2M3M2/9/4K4 b -"),
    ("enryo", "k8/9/9/9/2m6/9/9/1m7/+M7K b -"),
    ("enryo", "8k/9/9/9/4+M4/9/9/9/K8 b -"),
    ("enryo", "6m2/1m1m5/4M4/9/9/9/9/9/k7K b -"),
    ("enryo", "9/9/9/3m5/9/3k5/4M4/9/8K b -"),
    ("enryo", "k8/1M7/2M6/9/9/9/9/9/8K b -"),
    ("philosophy-checkers", "k8/9/9/3m5/9/5m3/6M2/9/8K b -"),
    ("philosophy-checkers", "k8/9/9/9/4m4/9/4M4/9/8K b -"),
    ("philosophy-checkers", "k8/9/9/9/2m1M4/3m5/4m4/9/8K b -"),
    ("philosophy-checkers", "8k/9/4m4/9/4K4/9/9/9/9 b -"),
    ("philosophy-checkers", "8k/3m5/4m4/9/4+M4/9/6m2/9/K8 b -"),
    ("philosophy-checkers", "8k/3m5/9/9/4m4/5m3/9/9/K3+M4 b -"),
    ("philosophy-checkers", "9/9/9/7m1/9/1k5m1/2M3M2/9/4K4 b -"),
    ("philosophy-checkers", "k8/9/9/9/2m6/9/9/1m7/+M7K b -"),
    ("philosophy-checkers", "8k/9/9/9/4+M4/9/9/9/K8 b -"),
    ("philosophy-checkers", "6m2/1m1m5/4M4/9/9/9/9/9/k7K b -"),
    ("philosophy-checkers", "9/3m5/4M4/9/9/9/9/9/k7K b -"),
    ("philosophy-checkers", "9/9/9/3m5/9/3k5/4M4/9/8K b -"),
    ("philosophy-checkers", "4k4/9/9/9/4+M4/9/9/9/K8 b -"),
    ("checkers", "8/8/5m2/8/3m4/2M5/8/8 b -"),
    ("checkers", "8/8/8/2m1m3/8/2m1m3/3+M4/8 b -"),
    ("checkers", "8/2m1m3/1M6/8/8/8/8/8 b -"),
    ("checkers", "8/8/8/8/8/8/1m6/M1M5 w - 1"),
];

// ------------------------------------------------------------------------------------------------
// (a) Engine perft against the reference

/// The fixtures of the three checkers games.
fn checkers_fixtures() -> Vec<Fixture> {
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
            play(&mut child, &token);
            (token, child.perft(depth - 1))
        })
        .collect()
}

/// Every root of the perft comparison: the fixture positions, the start positions, the sparse
/// positions and the rule positions, as `(variant, label, position string)` (`None` for the
/// start position).
fn divide_roots() -> Vec<(String, String, Option<String>)> {
    let mut roots: Vec<(String, String, Option<String>)> = checkers_fixtures()
        .into_iter()
        .map(|f| (f.variant.clone(), format!("{} ({})", f.id, f.origin), f.position))
        .collect();
    for variant in reference::VARIANTS {
        roots.push((variant.to_string(), "start position".to_string(), None));
        for (i, text) in sparse_positions(variant).into_iter().enumerate() {
            roots.push((variant.to_string(), format!("sparse position {i}"), Some(text)));
        }
    }
    for (variant, text) in RULE_POSITIONS {
        roots.push((variant.to_string(), "rule position".to_string(), Some(text.to_string())));
    }
    roots
}

#[test]
fn perft_divide_matches_reference_to_depth_3_from_every_fixture() {
    let mut failures = Vec::new();
    for (variant, label, text) in divide_roots() {
        let game = engine(&variant, text.as_deref());
        let position = reference_of(&variant, text.as_deref());
        assert_eq!(result_of(game.turn()), position.result(), "{variant} {label}: results of the root position differ");
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
                failures.push(format!("{variant} {label} depth {depth}: {}", diff.join(", ")));
            }
        }
    }
    assert!(failures.is_empty(), "perft divide differs:\n{}", failures.join("\n"));
}

fn reference_budget() -> u64 {
    match std::env::var("CHECKERS_REFERENCE_BUDGET") {
        Ok(text) if text == "max" => u64::MAX,
        Ok(text) => text.parse().expect("CHECKERS_REFERENCE_BUDGET is a number or max"),
        Err(_) => 3_000_000,
    }
}

/// Every fixture line of the checkers games with at most the budget's leaves, recounted by the
/// reference. Passes (with a note) while there are no checkers fixture files.
#[test]
fn fixture_numbers_are_recounted_by_the_reference() {
    let fixtures = checkers_fixtures();
    if fixtures.is_empty() {
        println!("no tests/perft/{{enryo,philosophy-checkers,checkers}}.perft yet: nothing to recount");
        return;
    }
    let budget = reference_budget();
    let mut checked = 0;
    let mut failures = Vec::new();
    for fixture in &fixtures {
        let position = reference_of(&fixture.variant, fixture.position.as_deref());
        for &(depth, expected) in &fixture.perft {
            if expected > budget {
                continue;
            }
            checked += 1;
            let counted = position.perft(depth);
            if counted != expected {
                failures.push(format!(
                    "{} {} ({}): reference perft {depth} = {counted}, fixture says {expected}",
                    fixture.variant, fixture.id, fixture.origin
                ));
            }
        }
    }
    assert!(checked > 0, "no checkers fixture line within the reference budget {budget}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// (b) Random walks, engine and reference side by side

/// Everything compared at one node of a walk. Panics with `context` on the first difference.
fn check_node(game: &AnyGame, position: &Position, context: &str) {
    let text = game.position_string();
    assert_eq!(text, position.position_string(), "{context}: position strings differ");

    // Legal moves, as sets of tokens, and no duplicates in the engine's list.
    let mut ours = game.legal_moves();
    ours.sort();
    let generated = ours.len();
    ours.dedup();
    assert_eq!(generated, ours.len(), "{context}: the engine generated a move twice");
    let theirs: Vec<String> = move_set(position).into_iter().collect();
    assert_eq!(ours, theirs, "{context} ({text}): legal moves differ");

    // Results (`Turn::Over` iff the game is over, and then no legal moves).
    let result = result_of(game.turn());
    assert_eq!(result, position.result(), "{context} ({text}): results differ");
    assert!(result.is_none() || ours.is_empty(), "{context}: a finished game has moves");
}

/// Checks of the reference against itself at one node of a walk: no move twice, and its
/// position string read back gives the same string and (while the game goes on; a fresh
/// history only matters for repetition) the same moves.
fn check_reference_node(position: &Position, context: &str) {
    let moves = move_set(position);
    let text = position.position_string();
    let again = Position::parse(&variant_name(position), &text)
        .unwrap_or_else(|e| panic!("{context}: the reference refuses its own {text}: {e}"));
    assert_eq!(again.position_string(), text, "{context}: position string round trip");
    if position.result().is_none() {
        assert_eq!(move_set(&again), moves, "{context} ({text}): moves after a round trip");
    }
}

fn variant_name(position: &Position) -> String {
    reference::VARIANTS
        .into_iter()
        .find(|v| reference::game_of(v) == Some(position.game))
        .expect("a named game")
        .to_string()
}

/// What the walks of one game saw.
#[derive(Default, Debug)]
struct WalkStats {
    games: u64,
    nodes: u64,
    /// Capture moves played, and those taking at least three pieces.
    captures: u64,
    long_captures: u64,
    /// Men promoted (on either side).
    promotions: u64,
    /// Game results, by result word.
    endings: BTreeMap<String, u64>,
}

/// The pieces of a kind on the board, both sides together.
fn count_kind(position: &Position, kind: Kind) -> usize {
    position.count_kind(Side::B, kind) + position.count_kind(Side::W, kind)
}

/// The squares of a token (`3gx5ex7c` → 3g, 5e, 7c; `3g4f` → 3g, 4f).
fn token_squares(token: &str) -> Vec<String> {
    if token.contains('x') {
        token.split('x').map(str::to_string).collect()
    } else {
        // Quiet tokens are two square names; a square name is digits then one letter.
        let split = token.find(|c: char| c.is_ascii_lowercase()).expect("a rank letter") + 1;
        vec![token[..split].to_string(), token[split..].to_string()]
    }
}

/// `games` seeded random games of at most `max_plies` plies each, then two more from each
/// fixture position of the game (after the others, so fixture files do not change the first
/// `games` walks); with `with_engine` the engine plays alongside and every node is compared
/// ([`check_node`]), without it only the reference's self-checks run. Of the first `games`,
/// half start from the start position and half from the sparse positions in turn.
///
/// Move choice is biased so that the interesting rules come up: the longest capture is often
/// preferred; quiet moves that leave the opponent a capture (exchanges, which thin the board and
/// open the way to promotion and long captures) are often preferred; in most games a move that
/// lets the opponent take the King at once is mostly avoided (so games last); some games often
/// undo the mover's own last quiet move (repetitions).
fn walk(variant: &str, games: usize, max_plies: usize, seed: u64, with_engine: bool) -> WalkStats {
    let sparse = sparse_positions(variant);
    let fixtures: Vec<String> =
        load_fixtures().into_iter().filter(|f| f.variant == variant).filter_map(|f| f.position).collect();
    let starts: Vec<Option<String>> = (0..games)
        .map(|i| if i % 2 == 0 { None } else { Some(sparse[i / 2 % sparse.len()].clone()) })
        .chain(fixtures.iter().flat_map(|text| [Some(text.clone()), Some(text.clone())]))
        .collect();
    let mut rng = SplitMix64::new(seed);
    let mut stats = WalkStats::default();
    for (game_index, start) in starts.into_iter().enumerate() {
        let mut game = with_engine.then(|| engine(variant, start.as_deref()));
        let mut position = reference_of(variant, start.as_deref());
        let undo_percent = [0, 30, 70][game_index % 3];
        let exchange_percent = [30, 80][game_index / 3 % 2];
        let safety_percent = [95, 95, 50, 0][game_index % 4];
        let mut last_quiet: [Option<String>; 2] = [None, None];
        stats.games += 1;
        for ply in 0..=max_plies {
            let context = format!("{variant} game {game_index} ply {ply}");
            if let Some(game) = &game {
                check_node(game, &position, &context);
            }
            check_reference_node(&position, &context);
            stats.nodes += 1;
            if let Some(result) = position.result() {
                *stats.endings.entry(result).or_default() += 1;
                break;
            }
            if ply == max_plies {
                break;
            }
            let moves: Vec<String> = move_set(&position).into_iter().collect();
            let mover = position.to_move() as usize;
            let token = choose(
                &position,
                &moves,
                last_quiet[mover].as_deref(),
                undo_percent,
                exchange_percent,
                safety_percent,
                &mut rng,
            );
            let princes = count_kind(&position, Kind::Prince);
            if let Some(game) = &mut game {
                game.play_token(&token).unwrap_or_else(|e| panic!("{context}: engine rejects {token}: {e}"));
            }
            play(&mut position, &token);
            if token.contains('x') {
                stats.captures += 1;
                if token.matches('x').count() >= 3 {
                    stats.long_captures += 1;
                }
                last_quiet[mover] = None;
            } else {
                last_quiet[mover] = Some(token.clone());
            }
            stats.promotions += (count_kind(&position, Kind::Prince) > princes) as u64;
        }
    }
    stats
}

/// One move of a walk (see [`walk`]).
fn choose(
    position: &Position,
    moves: &[String],
    last_quiet: Option<&str>,
    undo_percent: usize,
    exchange_percent: usize,
    safety_percent: usize,
    rng: &mut SplitMix64,
) -> String {
    let pick = |list: &[String], rng: &mut SplitMix64| list[rng.below(list.len())].clone();
    // In the games with a King, mostly keep it: games that end at once stay near the start.
    let safe: Vec<String> = if position.game.royal() && rng.below(100) < safety_percent {
        moves.iter().filter(|token| keeps_the_king(position, token)).cloned().collect()
    } else {
        Vec::new()
    };
    let moves = if safe.is_empty() { moves } else { &safe[..] };
    if moves[0].contains('x') {
        // Captures are compulsory, so all moves are captures: often the longest.
        let longest = moves.iter().map(|m| m.matches('x').count()).max().unwrap_or(0);
        let long: Vec<String> = moves.iter().filter(|m| m.matches('x').count() == longest).cloned().collect();
        return if rng.below(100) < 60 { pick(&long, rng) } else { pick(moves, rng) };
    }
    if let Some(last) = last_quiet {
        let squares = token_squares(last);
        let back = format!("{}{}", squares[1], squares[0]);
        if moves.contains(&back) && rng.below(100) < undo_percent {
            return back;
        }
    }
    if rng.below(100) < exchange_percent {
        let exchanges: Vec<String> = moves
            .iter()
            .filter(|token| {
                let mut child = position.clone();
                play(&mut child, token);
                child.legal_moves().first().is_some_and(|m| m.contains('x'))
            })
            .cloned()
            .collect();
        if !exchanges.is_empty() {
            return pick(&exchanges, rng);
        }
    }
    pick(moves, rng)
}

/// Whether after `token` the opponent has no move taking the mover's King.
fn keeps_the_king(position: &Position, token: &str) -> bool {
    let mut child = position.clone();
    play(&mut child, token);
    let replies = child.legal_moves();
    // Quiet replies (captures are compulsory, so then there is no capture at all) take nothing.
    if !replies.first().is_some_and(|m| m.contains('x')) {
        return true;
    }
    let lost = format!("{} king-capture", child.to_move().letter());
    replies.iter().all(|reply| {
        let mut grandchild = child.clone();
        play(&mut grandchild, reply);
        grandchild.result().as_ref() != Some(&lost)
    })
}

/// Runs the engine walks of one game and checks they reached the interesting rules (so the
/// comparisons were made there too).
fn walk_variant(variant: &str, seed: u64, expected: &[&str]) {
    let stats = walk(variant, WALK_GAMES, WALK_PLIES, seed, true);
    println!("{variant}: {stats:?}");
    assert_walk_stats(variant, &stats, expected);
}

const WALK_GAMES: usize = 300;
const WALK_PLIES: usize = 200;

fn assert_walk_stats(variant: &str, stats: &WalkStats, expected: &[&str]) {
    assert!(stats.long_captures > 0, "{variant}: no capture of three or more pieces: {stats:?}");
    assert!(stats.promotions > 0, "{variant}: no promotion: {stats:?}");
    for word in expected {
        assert!(stats.endings.contains_key(*word), "{variant}: no game ended {word}: {stats:?}");
    }
}

/// The results each game's walks must reach.
fn expected_endings(variant: &str) -> &'static [&'static str] {
    match variant {
        "enryo" => &["b king-capture", "w king-capture", "draw repetition"],
        "philosophy-checkers" => &["b king-capture", "w king-capture", "draw repetition"],
        "checkers" => &["b no-moves", "w no-moves", "draw repetition"],
        _ => panic!("not a checkers game: {variant}"),
    }
}

/// The walks of the engine tests (same seeds, so the same games), reference only: the reference
/// is consistent with itself and the walks reach what they are meant to reach, whatever the
/// engine does.
#[test]
fn reference_random_walks() {
    for (seed, variant) in (1..).zip(reference::VARIANTS) {
        let timer = Instant::now();
        let stats = walk(variant, WALK_GAMES, WALK_PLIES, seed, false);
        println!("{variant}: {stats:?} in {:?}", timer.elapsed());
        assert_walk_stats(variant, &stats, expected_endings(variant));
    }
}

#[test]
fn random_walks_enryo() {
    walk_variant("enryo", 1, expected_endings("enryo"));
}

#[test]
fn random_walks_philosophy_checkers() {
    walk_variant("philosophy-checkers", 2, expected_endings("philosophy-checkers"));
}

#[test]
fn random_walks_checkers() {
    walk_variant("checkers", 3, expected_endings("checkers"));
}
