//! Philosopher's Chess (`philosophers-chess`; /work/shared/RULES.md §4 with its rulings and binding
//! readings, docs/rules/philosophers-chess.md, protocol-spec.md §13): hand-built positions, one
//! test per rule and ruling.
//!
//! Every position is parsed, and every turn played, by the engine and by the independent reference
//! implementation (tests/philosophers/reference.rs) in step (`Both`), and each expected turn set,
//! result, check and refusal is asserted on both. The expected turns were worked out by hand from
//! the rules text (the reasoning is in the comment above each test), never copied from either
//! implementation's output. Besides the rules of play: the start position, the inventor's 17
//! plies of protocol-spec.md §13.4 in both notations (with the refused `mo2d2` of ply 8), also
//! through the engine's `position ... moves` item list with separate promotion items, and
//! position validation (accepted and refused alike by both).
//!
//! Diagrams in the comments read like the position string: rank `a` on top, file 6 on the left.

use crate::games::engine;
use crate::positions::{
    build, engine_moves, parse, parse_with_loss, play_all, reference_moves, start, try_parse, Both, VARIANT,
};
use crate::reference::{Side, START};
use std::collections::BTreeSet;

/// The legal turns as a sorted set, the same in both.
fn move_set(position: &Both) -> BTreeSet<String> {
    position.moves()
}

fn set_of(tokens: &[&str]) -> BTreeSet<String> {
    let set: BTreeSet<String> = tokens.iter().map(|s| s.to_string()).collect();
    assert_eq!(set.len(), tokens.len(), "test bug: a token listed twice in {tokens:?}");
    set
}

/// Checks that the legal turns of `position` are exactly `expected`, in the reference and in the
/// engine.
fn expect_moves(position: &Both, expected: &[&str]) {
    assert_eq!(reference_moves(position), set_of(expected), "reference: legal turns of {}", position.position_string());
    assert_eq!(
        engine_moves(&position.engine),
        set_of(expected),
        "engine: legal turns of {}",
        position.position_string()
    );
}

#[test]
fn start_position_round_trip() {
    let start = start();
    assert_eq!(start.position_string(), START);
    assert_eq!(parse(&start.position_string()).position_string(), START);
    // Without the move number, 1 is written back.
    assert_eq!(parse("rhnkhr/hhpphh/6/6/HHPPHH/RHNKHR b - o1 0").position_string(), START);
    assert_eq!(start.to_move(), Side::B);
    assert_eq!(start.result(), None);
    assert!(!start.in_check());
    assert_eq!(start.record_len(), 1);
}

/// White to move from the start (Thought o1, so Philosophers step one square orthogonally):
/// the four Philosophers of rank `e` step forward (their other neighbours are own pieces or off
/// the Field), both pawns step, the Knight jumps to 5d or 3d; everything on rank `f` is boxed in
/// by own pieces; both mind-moves (Philosophers are on the Field, the counter is 0, and neither
/// o2 nor d1 lets a Black Philosopher on rank `b` reach 3f). 10 turns.
#[test]
fn start_position_moves() {
    expect_moves(&start(), &["6e6d", "5e5d", "2e2d", "1e1d", "4e4d", "3e3d", "4f5d", "4f3d", "mo1o2", "mo1d1"]);
}

/// The inventor's example game, plies 1-17 (protocol-spec.md §13.4), in both notations.
const INVENTOR_CANONICAL: [&str; 17] = [
    "4e4d", "4b4c", "3e3d", "4c3d", "4f3d", "mo1o2", "1e1c", "mo2o1", "1c1d", "4a3c", "4d3c", "6b6c", "3c2b", "1b2b",
    "mo1d1", "5b4c", "md1o1",
];
const INVENTOR_OWN: [&str; 17] = [
    "c5-c4", "c2-c3", "d5-d4", "c3-d4", "c6-d4", "mo1-o2", "f5-f3", "mo2-o1", "f3-f4", "c1-d3", "c4-d3", "a2-a3",
    "d3-e2", "f2-e2", "mo1-d1", "b2-c3", "md1-o1",
];

/// The position after the 17 plies, worked out by hand by replaying them on a diagram: Black's
/// pawn 4b and White's pawn 3e were traded on 3d, where White's Knight now stands; Black's Knight
/// (4a) went to 3c and was taken there by White's pawn from 4d, which then took the Philosopher
/// on 2b and was taken back by the Philosopher from 1b; Black's Philosophers 6b and 5b now stand
/// on 6c and 4c; White's 1e Philosopher is on 1d. The last ply was a mind-move after a Field
/// move: counter 1. Black to move, 17 turns played: move number 18.
const INVENTOR_FINAL: &str = "rh1khr/3ph1/h1h3/3N1H/HH2H1/RH1KHR w - o1 1 18";

#[test]
fn inventor_game_in_both_notations() {
    for line in [INVENTOR_CANONICAL, INVENTOR_OWN] {
        let mut position = start();
        for (ply, token) in line.iter().enumerate() {
            if ply == 7 {
                // Ply 8, Black, Thought on o2: mo2d2 would let White's Philosopher on 1c (f3)
                // leap diagonally onto Black's King on 3a (d1); refused in both notations.
                let before = position.clone();
                assert!(position.play("mo2d2").is_err(), "mo2d2 must be refused");
                assert!(position.play("mo2-d2").is_err(), "mo2-d2 must be refused");
                assert_eq!(position.position_string(), before.position_string());
                let moves = move_set(&position);
                assert!(moves.contains("mo2o1") && !moves.contains("mo2d2"), "{moves:?}");
            }
            let canonical = INVENTOR_CANONICAL[ply];
            assert!(move_set(&position).contains(canonical), "ply {}: {canonical} is not generated", ply + 1);
            position.play(token).unwrap_or_else(|e| panic!("ply {} {token}: {e}", ply + 1));
        }
        assert_eq!(position.position_string(), INVENTOR_FINAL);
        assert_eq!(position.result(), None);
        // The start arrangement plus one per sub-move (all 17 turns were single sub-moves).
        assert_eq!(position.record_len(), 18);
    }
    // The protocol layer's item list works the same (no promotions in this line).
    let mut position = start();
    position.play_items(&INVENTOR_OWN).unwrap();
    assert_eq!(position.position_string(), INVENTOR_FINAL);
}

/// Kings, Knights and Rooks move as in chess (RULES.md §4), and there is no castling: White's King
/// and both Rooks stand on their start squares with nothing between them.
/// ```text
/// . . . k . .      a
/// . . . . . .      b
/// p . . . . .      c
/// . . N . . .      d
/// . . . . . .      e
/// R . . K . R      f
/// ```
/// White, by hand: the King steps to 4f 2f 4e 3e 2e (3f5f and 3f1f, castling, are no moves); the
/// Rook on 6f slides up to the pawn it takes (6e 6d 6c) and along rank f to 5f 4f (its own King
/// on 3f stops it); the Rook on 1f slides up to 1a and to 2f; the Knight jumps to 5b 3b 6c 2c 6e
/// 2e 5f (3f is its own King). No Philosopher: no mind-move. 5 + 5 + 6 + 7 = 23 turns. Black: the
/// King steps to 4a 2a 4b 2b (3b is covered by the Knight), the pawn to 6d (toward rank f).
#[test]
fn kings_knights_and_rooks_move_as_in_chess_without_castling() {
    let pieces = [("3f", "K"), ("6f", "R"), ("1f", "R"), ("4d", "N"), ("3a", "k"), ("6c", "p")];
    let white = parse(&build(&pieces, "b", "o1", 0));
    expect_moves(
        &white,
        &[
            "3f4f", "3f2f", "3f4e", "3f3e", "3f2e", "6f6e", "6f6d", "6f6c", "6f5f", "6f4f", "1f1e", "1f1d", "1f1c",
            "1f1b", "1f1a", "1f2f", "4d5b", "4d3b", "4d6c", "4d2c", "4d6e", "4d2e", "4d5f",
        ],
    );
    for castling in ["3f5f", "3f1f", "d6-b6", "d6-f6"] {
        assert!(white.clone().play(castling).is_err(), "{castling}: there is no castling");
    }
    let black = parse(&build(&pieces, "w", "o1", 0));
    expect_moves(&black, &["3a4a", "3a2a", "3a4b", "3a2b", "6c6d"]);
}

/// White Philosopher on 3d, White pawn on 3e (blocked by the Philosopher, nothing to take),
/// Black Knight on 1d, Kings on 6f and 1a:
/// ```text
/// . . . . . k      a
/// . . . . . .      b
/// . . . . . .      c
/// . . . H . n      d
/// . . . P . .      e
/// K . . . . .      f
/// ```
/// For each Thought square the Philosopher's four targets are worked out from §5; the King's
/// three steps and both mind-moves (counter 0, a Philosopher on the Field, Black has no
/// Philosopher that a new Thought could turn against White's King) complete the set.
#[test]
fn philosopher_moves_by_thought() {
    let cases: [(&str, [&str; 2], &[&str]); 4] = [
        // One step orthogonally: 3e is White's own pawn.
        ("o1", ["mo1o2", "mo1d1"], &["3d3c", "3d4d", "3d2d"]),
        // Two orthogonally, leaping: over the pawn to 3f, and onto the Knight on 1d.
        ("o2", ["mo2o1", "mo2d2"], &["3d3b", "3d3f", "3d5d", "3d1d"]),
        // One diagonally.
        ("d1", ["md1o1", "md1d2"], &["3d4c", "3d2c", "3d4e", "3d2e"]),
        // Two diagonally, leaping.
        ("d2", ["md2o2", "md2d1"], &["3d5b", "3d1b", "3d5f", "3d1f"]),
    ];
    for (thought, minds, philosopher) in cases {
        let text = build(&[("6f", "K"), ("1a", "k"), ("3d", "H"), ("3e", "P"), ("1d", "n")], "b", thought, 0);
        let mut expected = vec!["6f6e", "6f5e", "6f5f"];
        expected.extend_from_slice(&minds);
        expected.extend_from_slice(philosopher);
        expect_moves(&parse(&text), &expected);
    }
}

/// The Thought never leaves the Mind and moves one square orthogonally (o1-o2, o1-d1, o2-d2,
/// d1-d2); either player may move it, and a mind-move is a whole move for a player without an
/// Enlightened Philosopher. White's plain Philosopher on 4d makes mind-moves possible and never
/// reaches either King whatever the Thought (o1: 4c 4e 5d 3d; o2: 4b 4f 6d 2d; d1: 5c 3c 5e 3e;
/// d2: 6b 2b 6f 2f), so no mind-move is refused for King safety.
#[test]
fn either_player_moves_the_thought_one_square_orthogonally() {
    let cases = [
        ("o1", ["o2", "d1"], "d2"),
        ("o2", ["o1", "d2"], "d1"),
        ("d1", ["o1", "d2"], "o2"),
        ("d2", ["o2", "d1"], "o1"),
    ];
    for (thought, neighbours, opposite) in cases {
        for (side, mover, next) in [("b", Side::B, Side::W), ("w", Side::W, Side::B)] {
            let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("4d", "H")], side, thought, 0));
            assert_eq!(position.to_move(), mover);
            let minds: BTreeSet<String> = move_set(&position).into_iter().filter(|m| m.starts_with('m')).collect();
            let expected: Vec<String> = neighbours.iter().map(|to| format!("m{thought}{to}")).collect();
            let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
            assert_eq!(minds, set_of(&expected), "side {side}, Thought {thought}");
            for to in neighbours {
                let mut after = position.clone();
                after.play(&format!("m{thought}{to}")).unwrap_or_else(|e| panic!("m{thought}{to}: {e}"));
                assert_eq!(after.thought().name(), to);
                assert_eq!(after.to_move(), next, "a mind-move ends the turn");
            }
            for bad in [format!("m{thought}{opposite}"), format!("m{thought}{thought}"), format!("m{thought}o3")] {
                assert!(position.clone().play(&bad).is_err(), "{bad} must be refused");
            }
        }
    }
}

/// White pawn on 4b; Black Philosopher on 3a (diagonally forward of it), 4a empty:
/// ```text
/// . . . h . k      a
/// . . P . . .      b
/// ```
/// Six pawn turns: straight to 4a and capturing on 3a, each promoting to R, N or H. With the
/// King's three steps and both mind-moves: 11.
#[test]
fn pawn_moves_and_compulsory_promotion() {
    let text = build(&[("6f", "K"), ("1a", "k"), ("4b", "P"), ("3a", "h")], "b", "o1", 0);
    let position = parse(&text);
    expect_moves(
        &position,
        &["4b4a=R", "4b4a=N", "4b4a=H", "4b3a=R", "4b3a=N", "4b3a=H", "6f6e", "6f5e", "6f5f", "mo1o2", "mo1d1"],
    );
    // Binding reading: promoting to a Philosopher by capturing one gives a plain Philosopher.
    let mut capture = position.clone();
    capture.play("4b3a=H").unwrap();
    assert_eq!(capture.at("3a"), Some('H'));
    assert_eq!(capture.position_string(), "3H1k/6/6/6/6/K5 w - o1 0 2");
    // The other promotions, in the inventor's notation (4b = c2, 4a = c1, 3a = d1).
    for (token, square, letter) in [("c2-c1pr", "4a", 'R'), ("c2-c1pn", "4a", 'N'), ("c2-d1ph", "3a", 'H')] {
        let mut p = position.clone();
        p.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(p.at(square), Some(letter), "{token}");
    }
    // The protocol layer's separate promotion item.
    let mut items = position.clone();
    items.play_items(&["c2-c1", "ph"]).unwrap();
    assert_eq!(items.at("4a"), Some('H'));
    // Promotion is compulsory; a lower-case canonical letter or a Queen is not a move.
    for bad in ["4b4a", "c2-c1", "4b4a=h", "4b4a=Q", "4b4a=K", "4b4a=P", "c2-c1pq"] {
        assert!(position.clone().play(bad).is_err(), "{bad} must be refused");
    }
    // No double step, and no capture straight ahead: White pawn 4e with a Black Knight on 4d and
    // a Black pawn on 5d has only the diagonal capture 4e5d (3d is empty); from rank e there is
    // never a two-square step (see also start_position_moves). The Black pawn on 5d attacks 6e
    // and 4e, not White's King on 6f; the Knight on 4d covers 5b 3b 5f 3f 6c 2c 6e 2e. So the
    // King may only go to 5e.
    let text = build(&[("6f", "K"), ("1a", "k"), ("4e", "P"), ("4d", "n"), ("5d", "p")], "b", "o1", 0);
    expect_moves(&parse(&text), &["4e5d", "6f5e"]);
    // Black promotes on rank f: pawn 4e, White Knight on 3f to take; no Philosopher on the
    // Field, so no mind-move. Black King on 6a: 5a, 6b, 5b (the Knight on 3f reaches 4d 2d 5e 1e).
    let text = build(&[("1f", "K"), ("6a", "k"), ("4e", "p"), ("3f", "N")], "w", "o1", 0);
    expect_moves(&parse(&text), &["4e4f=R", "4e4f=N", "4e4f=H", "4e3f=R", "4e3f=N", "4e3f=H", "6a5a", "6a6b", "6a5b"]);
}

/// A pawn that captures a Philosopher of either kind while promoting to one becomes a plain
/// Philosopher (binding reading). Black's pawn on 4e (Black moves toward rank f) takes White's
/// Enlightened Philosopher on 3f or steps to 4f:
/// ```text
/// . . . . . k      a
/// ...
/// . . p . . .      e
/// K . . E . .      f
/// ```
/// Every promotion gives the chosen piece as it is: `h`, never `e`.
#[test]
fn a_pawn_promoting_to_a_philosopher_by_capturing_one_stays_plain() {
    let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("4e", "p"), ("3f", "E")], "w", "o1", 0));
    for (token, square, letter) in
        [("4e3f=H", "3f", 'h'), ("4e3f=N", "3f", 'n'), ("4e3f=R", "3f", 'r'), ("4e4f=H", "4f", 'h')]
    {
        let mut after = position.clone();
        after.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(after.at(square), Some(letter), "{token}");
        assert_eq!(after.to_move(), Side::B, "{token}: the promotion ends Black's turn");
    }
}

/// A plain Philosopher that captures a Philosopher of either kind becomes Enlightened (§5); one
/// that captures anything else stays plain; an Enlightened one stays Enlightened. White owns no
/// Enlightened Philosopher at the start of these turns, so the enlightening capture ends the turn.
#[test]
fn enlightenment_by_capture() {
    for (victim, becomes) in [("h", 'E'), ("e", 'E'), ("n", 'H'), ("r", 'H'), ("p", 'H')] {
        // White H on 3d, the victim on 3c (a Black pawn there attacks 4d and 2d, not 6f).
        let text = build(&[("6f", "K"), ("1a", "k"), ("3d", "H"), ("3c", victim)], "b", "o1", 0);
        let position = parse(&text);
        // Targets 3c (capture), 3e, 4d, 2d; King 3; mind-moves 2. No compound turn: no E.
        expect_moves(&position, &["3d3c", "3d3e", "3d4d", "3d2d", "6f6e", "6f5e", "6f5f", "mo1o2", "mo1d1"]);
        let mut after = position.clone();
        after.play("3d3c").unwrap();
        assert_eq!(after.at("3c"), Some(becomes), "H takes {victim}");
        assert_eq!(after.to_move(), Side::W, "the turn is over");
    }
    // An Enlightened Philosopher capturing a Philosopher stays Enlightened.
    let text = build(&[("6f", "K"), ("1a", "k"), ("3d", "E"), ("3c", "h")], "b", "o1", 0);
    let mut position = parse(&text);
    position.play("3d3c").unwrap();
    assert_eq!(position.at("3c"), Some('E'));
}

/// A player without an Enlightened Philosopher makes exactly one move (a Field move or a
/// mind-move), even when the opponent owns one. From the start every turn is a single sub-move;
/// in the hand-built position White (King 6f, Philosopher 3d) has no E while Black's E on 1c may
/// move twice when Black is to move.
#[test]
fn a_player_without_an_enlightened_philosopher_makes_exactly_one_move() {
    let start = start();
    let moves = move_set(&start);
    assert!(moves.iter().all(|m| !m.contains(',')), "{moves:?}");
    for double in ["6e6d,6d6c", "4e4d,4d4c", "mo1o2,6e6c", "6e6d,mo1o2", "mo1o2,mo2d2"] {
        assert!(start.clone().play(double).is_err(), "{double} must be refused");
    }
    let pieces = [("6f", "K"), ("3d", "H"), ("1a", "k"), ("1c", "e")];
    let white = parse(&build(&pieces, "b", "o1", 0));
    let moves = move_set(&white);
    assert!(moves.contains("3d3c") && moves.contains("mo1o2"), "{moves:?}");
    assert!(moves.iter().all(|m| !m.contains(',')), "{moves:?}");
    for double in ["3d3c,3c3b", "mo1o2,3d3b", "3d3c,mo1o2", "mo1o2,mo2d2"] {
        assert!(white.clone().play(double).is_err(), "{double} must be refused");
    }
    let black = parse(&build(&pieces, "w", "o1", 0));
    assert!(move_set(&black).contains("1c1d,1d1e"), "Black's E moves twice");
}

/// Expected turns of a lone White Enlightened Philosopher on 3d with White's King on 6f and
/// Black's on 1a, Thought on o1, split by turn shape (§6). Worked out by hand:
/// - the E's o1 targets from 3d are 3c 3e 4d 2d; moving back to 3d in the same turn would
///   recreate the start arrangement (banned), so from each landing square 3 targets remain;
/// - after mo1o2 it leaps 3b 3f 5d 1d; after mo1d1 it steps 4c 2c 4e 2e;
/// - after mo1o2 the only second mind-move is mo2d2 (mo2o1 recreates the start), after mo1d1
///   only md1d2.
struct ShapesOf3d {
    king: Vec<&'static str>,
    e_once: Vec<&'static str>,
    e_twice: Vec<&'static str>,
    e_then_mind: Vec<&'static str>,
    mind_then_e: Vec<&'static str>,
    one_mind: Vec<&'static str>,
    two_minds: Vec<&'static str>,
}

fn shapes_of_3d() -> ShapesOf3d {
    ShapesOf3d {
        king: vec!["6f6e", "6f5e", "6f5f"],
        e_once: vec!["3d3c", "3d3e", "3d4d", "3d2d"],
        e_twice: vec![
            "3d3c,3c3b",
            "3d3c,3c4c",
            "3d3c,3c2c",
            "3d3e,3e3f",
            "3d3e,3e4e",
            "3d3e,3e2e",
            "3d4d,4d4c",
            "3d4d,4d4e",
            "3d4d,4d5d",
            "3d2d,2d2c",
            "3d2d,2d2e",
            "3d2d,2d1d",
        ],
        e_then_mind: vec![
            "3d3c,mo1o2",
            "3d3c,mo1d1",
            "3d3e,mo1o2",
            "3d3e,mo1d1",
            "3d4d,mo1o2",
            "3d4d,mo1d1",
            "3d2d,mo1o2",
            "3d2d,mo1d1",
        ],
        mind_then_e: vec![
            "mo1o2,3d3b",
            "mo1o2,3d3f",
            "mo1o2,3d5d",
            "mo1o2,3d1d",
            "mo1d1,3d4c",
            "mo1d1,3d2c",
            "mo1d1,3d4e",
            "mo1d1,3d2e",
        ],
        one_mind: vec!["mo1o2", "mo1d1"],
        two_minds: vec!["mo1o2,mo2d2", "mo1d1,md1d2"],
    }
}

fn lone_e(count: u8) -> Both {
    parse(&build(&[("6f", "K"), ("1a", "k"), ("3d", "E")], "b", "o1", count))
}

/// All seven turn shapes: 3 + 4 + 12 + 8 + 8 + 2 + 2 = 39 turns. Turns that return the E to
/// 3d or the Thought to o1 within the turn are absent (the ban on a second sub-move).
#[test]
fn enlightened_turn_shapes() {
    let s = shapes_of_3d();
    let all: Vec<&str> = [s.king, s.e_once, s.e_twice, s.e_then_mind, s.mind_then_e, s.one_mind, s.two_minds].concat();
    assert_eq!(all.len(), 39);
    let position = lone_e(0);
    expect_moves(&position, &all);
    let moves = move_set(&position);
    for banned in ["3d3c,3c3d", "mo1o2,mo2o1", "mo1d1,md1o1"] {
        assert!(!moves.contains(banned), "{banned} recreates the start arrangement");
    }
    // A King move ends the turn even for a player who owns an E.
    assert!(!moves.iter().any(|m| m.starts_with("6f") && m.contains(',')));
    // Compound turns in either notation per sub-move (3d = d4, 3c = d3, 3b = d2).
    for (token, after) in [
        ("d4-d3,d3-d2", "3b"),
        ("3d3c,d3-d2", "3b"),
        ("d4-d3,3c3b", "3b"),
        ("mo1-o2,d4-d2", "3b"),
        ("mo1o2,3d3f", "3f"),
    ] {
        let mut p = position.clone();
        p.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(p.at(after), Some('E'), "{token}");
        assert_eq!(p.to_move(), Side::W);
        assert_eq!(p.record_len(), 3, "{token}: the start plus two sub-moves");
    }
    // Two sequences reaching the same position are two turns, both listed above.
    let (mut a, mut b) = (position.clone(), position.clone());
    a.play("3d3c,3c4c").unwrap();
    b.play("3d4d,4d4c").unwrap();
    assert_eq!(a.position_string(), b.position_string());
    let mut p = position.clone();
    p.play("mo1o2,mo2d2").unwrap();
    assert_eq!(p.position_string(), "5k/6/6/3E2/6/K5 w - d2 2 2");
    // More than two sub-moves, or a malformed sub-move, is never a turn.
    for bad in ["3d3c,3c3b,3b3a", "3d3c,", ",3d3c", "3d3c;3c3b", "d4-d3-d2", "mo1o3", "m o1o2", "3d3c ", "E3d3c"] {
        assert!(position.clone().play(bad).is_err(), "{bad} must be refused");
    }
}

/// A turn is one whole token, and two different sub-move sequences reaching the same position are
/// two turns (binding reading): from the lone E of `enlightened_turn_shapes`, `3d3c,3c4c` and
/// `3d4d,4d4c` both put the E on 4c; both are listed, each is one turn of perft 1, and the 39
/// turns of perft 1 count them separately, in the engine and in the reference.
#[test]
fn two_sub_move_orders_reaching_one_position_are_two_turns() {
    let position = lone_e(0);
    let (mut a, mut b) = (position.clone(), position.clone());
    a.play("3d3c,3c4c").unwrap();
    b.play("3d4d,4d4c").unwrap();
    assert_eq!(a.position_string(), b.position_string());
    let engine_divide = position.engine.perft_divide(1);
    let reference_divide = position.divide(1);
    for divide in [&engine_divide, &reference_divide] {
        assert_eq!(divide.len(), 39);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 39);
        for token in ["3d3c,3c4c", "3d4d,4d4c"] {
            assert!(divide.iter().any(|(t, n)| t == token && *n == 1), "{token} is a turn of its own: {divide:?}");
        }
    }
    // The protocol's item list takes a whole turn as one item.
    let mut items = position.clone();
    items.play_items(&["3d3c,3c4c"]).unwrap();
    assert_eq!(items.position_string(), a.position_string());
}

/// Two White Enlightened Philosophers, on 6e and 5f, boxing in White's King on 6f; Thought o1:
/// ```text
/// . . . . . k      a
/// ...
/// E . . . . .      e
/// K E . . . .      f
/// ```
/// After an E moves, only that E may move again (from where it landed); after a mind-move either
/// may. By hand (§5, §6, §7):
/// - King: 6f5e only (6e and 5f are its own);
/// - 6e: o1 to 6d, 5e; 5f: o1 to 5e, 4f;
/// - 6e6d then 6c or 5d (6e banned); 6e5e then 5d or 4e (6e banned, 5f own);
///   5f5e then 5d or 4e (5f banned, 6e own); 5f4f then 4e or 3f (5f banned);
/// - each of the four E moves then mo1o2 or mo1d1;
/// - mo1o2 then 6e6c, 6e4e, 5f5d, 5f3f; mo1d1 then 6e5d (5f is own), 5f4e (6e is own);
/// - mo1o2, mo1d1, mo1o2,mo2d2, mo1d1,md1d2.
///
/// 1 + 4 + 8 + 8 + 6 + 2 + 2 = 31.
#[test]
fn only_the_same_enlightened_moves_twice() {
    let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("6e", "E"), ("5f", "E")], "b", "o1", 0));
    expect_moves(
        &position,
        &[
            "6f5e",
            "6e6d",
            "6e5e",
            "5f5e",
            "5f4f",
            "6e6d,6d6c",
            "6e6d,6d5d",
            "6e5e,5e5d",
            "6e5e,5e4e",
            "5f5e,5e5d",
            "5f5e,5e4e",
            "5f4f,4f4e",
            "5f4f,4f3f",
            "6e6d,mo1o2",
            "6e6d,mo1d1",
            "6e5e,mo1o2",
            "6e5e,mo1d1",
            "5f5e,mo1o2",
            "5f5e,mo1d1",
            "5f4f,mo1o2",
            "5f4f,mo1d1",
            "mo1o2,6e6c",
            "mo1o2,6e4e",
            "mo1o2,5f5d",
            "mo1o2,5f3f",
            "mo1d1,6e5d",
            "mo1d1,5f4e",
            "mo1o2",
            "mo1d1",
            "mo1o2,mo2d2",
            "mo1d1,md1d2",
        ],
    );
    // For instance the other E after a first E move is refused.
    assert!(position.clone().play("6e6d,5f5e").is_err());
}

/// White owns an Enlightened Philosopher (1f) and a plain one (3d) that can take Black's plain
/// Philosopher on 3c. The capture enlightens it, but it moved as a plain Philosopher: the turn
/// ends (ruling, §6). The old E still gets its double moves.
#[test]
fn enlightened_this_turn_gets_no_second_sub_move() {
    let text = build(&[("6f", "K"), ("1a", "k"), ("1f", "E"), ("3d", "H"), ("3c", "h")], "b", "o1", 0);
    let position = parse(&text);
    let moves = move_set(&position);
    assert!(moves.contains("3d3c"));
    assert!(!moves.iter().any(|m| m.starts_with("3d3c,")), "{moves:?}");
    assert!(!moves.iter().any(|m| m.starts_with("3d") && m.contains(',')), "a plain H never moves twice");
    assert!(moves.contains("1f1e,1e1d") && moves.contains("1f2f,2f2e") && moves.contains("mo1o2,1f1d"));
    // After mo1o2 only the E moves again: the plain H (which could leap to 3b) may not.
    assert!(moves.contains("mo1o2,1f3f") && !moves.contains("mo1o2,3d3b"));
    for token in ["3d3c,3c3b", "3d3c,mo1o2", "3d3c,3c4c"] {
        assert!(position.clone().play(token).is_err(), "{token} must be refused");
    }
    let mut after = position.clone();
    after.play("3d3c").unwrap();
    assert_eq!(after.at("3c"), Some('E'));
    assert_eq!(after.to_move(), Side::W);
}

/// The limit of two mind-moves in a row counts across turns (the counter in the position string).
#[test]
fn mind_move_limit_across_turns() {
    // A plain White Philosopher on 3d (no E: one sub-move per turn). Counter 1: one more
    // mind-move is allowed; counter 2: none.
    let h = |count| parse(&build(&[("6f", "K"), ("1a", "k"), ("3d", "H")], "b", "o1", count));
    let field = ["3d3c", "3d3e", "3d4d", "3d2d", "6f6e", "6f5e", "6f5f"];
    expect_moves(&h(2), &field);
    expect_moves(&h(1), &[&field[..], &["mo1o2", "mo1d1"]].concat());
    expect_moves(&h(0), &[&field[..], &["mo1o2", "mo1d1"]].concat());
    // Across players: White's mind-move makes the counter 2, so Black (King 1a, which the
    // Philosopher on 3d, now leaping 3b 3f 5d 1d, does not reach) has only King moves; a Field
    // move resets the counter and White may think again.
    let mut position = h(1);
    position.play("mo1o2").unwrap();
    assert_eq!(position.position_string(), "5k/6/6/3H2/6/K5 w - o2 2 2");
    expect_moves(&position, &["1a2a", "1a2b", "1a1b"]);
    position.play("1a2a").unwrap();
    assert_eq!(position.mind_moves(), 0);
    let moves = move_set(&position);
    assert!(moves.contains("mo2o1") && moves.contains("mo2d2"), "{moves:?}");
    // With an Enlightened Philosopher (shapes as in enlightened_turn_shapes).
    // Counter 1: after one mind-move (counter 2) no second mind-move; everything else stays.
    let s = shapes_of_3d();
    let count1 = [&s.king, &s.e_once, &s.e_twice, &s.e_then_mind, &s.mind_then_e, &s.one_mind].map(|v| &v[..]).concat();
    assert_eq!(count1.len(), 37);
    expect_moves(&lone_e(1), &count1);
    // Counter 2: no turn may begin with a mind-move; an E move resets the counter, so E then
    // mind-move is still allowed.
    let count2 = [&s.king, &s.e_once, &s.e_twice, &s.e_then_mind].map(|v| &v[..]).concat();
    assert_eq!(count2.len(), 27);
    expect_moves(&lone_e(2), &count2);
}

/// The count of consecutive mind-moves is part of the position but not of the repetition key
/// (binding reading). White's plain Philosopher on 4d (never reaching a King, see
/// `either_player_moves_the_thought_one_square_orthogonally`); White plays mo1o2 (count 1). Black's
/// mo2o1 would recreate the start arrangement, Field and Thought, with count 2 instead of 0: it
/// is banned. mo2d2 is a new arrangement. With a fresh record mo2o1 is legal.
#[test]
fn the_mind_move_count_is_not_part_of_the_repetition_key() {
    let mut position = parse(&build(&[("6f", "K"), ("1a", "k"), ("4d", "H")], "b", "o1", 0));
    assert_eq!(position.mind_moves(), 0);
    position.play("mo1o2").unwrap();
    assert_eq!(position.mind_moves(), 1);
    let moves = move_set(&position);
    assert!(!moves.contains("mo2o1") && moves.contains("mo2d2"), "{moves:?}");
    assert!(position.clone().play("mo2o1").is_err(), "mo2o1 recreates the start arrangement");
    let fresh = parse(&position.position_string());
    assert!(move_set(&fresh).contains("mo2o1"));
}

/// No mind-move without a Philosopher of either kind and colour on the Field (§4).
#[test]
fn no_mind_move_without_philosophers() {
    // Black's last Philosopher on 3c; White's Rook on 3f can take it:
    // ```
    // . . . . . k      a
    // . . . . . .      b
    // . . . h . .      c
    // . . . . . .      d
    // . . . . . .      e
    // K . . R . .      f
    // ```
    // White: Rook up 3e 3d 3c(x), left 4f 5f, right 2f 1f; King 6e 5e 5f; both mind-moves (the
    // Philosopher on 3c reaches 3a 3e 5c 1c under o2 and 4b 2b 4d 2d under d1, never 6f).
    let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("3f", "R"), ("3c", "h")], "b", "o1", 0));
    expect_moves(
        &position,
        &["3f3e", "3f3d", "3f3c", "3f4f", "3f5f", "3f2f", "3f1f", "6f6e", "6f5e", "6f5f", "mo1o2", "mo1d1"],
    );
    // After the capture no Philosopher is left: Black may only move its King (the Rook on 3c
    // covers rank c and file 3, not 2a 2b 1b).
    let mut after = position.clone();
    after.play("3f3c").unwrap();
    assert_eq!(after.position_string(), "5k/6/3R2/6/6/K5 w - o1 0 2");
    expect_moves(&after, &["1a2a", "1a2b", "1a1b"]);
    // The same holds for White in a fresh position with no Philosopher at all.
    let bare = parse(&build(&[("6f", "K"), ("1a", "k")], "b", "o1", 0));
    expect_moves(&bare, &["6f6e", "6f5e", "6f5f"]);
    // Within a turn a second sub-move always follows a mind-move or an E move, and the E is
    // still on the Field, so "the first sub-move took the last Philosopher" can only matter for
    // the next turn, as above.
}

/// No sub-move may leave the mover's own King in check, mind-moves included (§4, §7).
/// ```text
/// k . . r . .      a      Black Rook 3a pins White's Rook 3e to White's King 3f
/// . . . . . .      b
/// . . . . . .      c
/// . . . . . .      d
/// . . . R . .      e
/// . . . K . h      f      Black Philosopher 1f: o1 covers 2f 1e; o2 would reach 3f; d1 2e
/// ```
/// White: the pinned Rook only along file 3 (3d 3c 3b 3a capture); King 4f 4e 2e (2f is covered
/// by the Philosopher); mo1d1 (the Philosopher then covers 2e only), but not mo1o2 (it would
/// leap onto 3f). 8 turns.
#[test]
fn king_safety_for_every_sub_move() {
    let text = build(&[("3f", "K"), ("6a", "k"), ("3e", "R"), ("3a", "r"), ("1f", "h")], "b", "o1", 0);
    let position = parse(&text);
    assert!(!position.in_check());
    expect_moves(&position, &["3e3d", "3e3c", "3e3b", "3e3a", "3f4f", "3f4e", "3f2e", "mo1d1"]);
    assert!(position.clone().play("mo1o2").is_err());
    assert!(position.clone().play("3e4e").is_err(), "the pinned Rook");
    // An Enlightened player's second sub-move is held to the same rule: White E on 2d, Thought
    // o1, Black Rook 3a and White King 3f, nothing on file 3 in between but a White Rook on 3e.
    let text = build(&[("3f", "K"), ("6a", "k"), ("3e", "R"), ("3a", "r"), ("2d", "E"), ("1f", "h")], "b", "o1", 0);
    let moves = move_set(&parse(&text));
    // mo1o2 exposes 3f to the Philosopher on 1f, so no turn starts with it; after the E's
    // move mo1o2 is just as illegal.
    assert!(!moves.iter().any(|m| m.starts_with("mo1o2") || m.ends_with("mo1o2")), "{moves:?}");
    assert!(moves.contains("mo1d1,2d3c") && moves.contains("2d2c,mo1d1"), "{moves:?}");
}

/// A sub-move may check the enemy King and the turn goes on; the King itself is never captured.
#[test]
fn check_in_the_middle_of_a_turn_and_the_king_is_never_captured() {
    // White E on 3a next to nothing; Black King 1a. 3a2a puts the E next to the King (o1: it
    // attacks 1a).
    let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("3a", "E")], "b", "o1", 0));
    let moves = move_set(&position);
    assert!(moves.contains("3a2a") && moves.contains("3a2a,2a2b") && moves.contains("3a2a,mo1o2"), "{moves:?}");
    assert!(!moves.contains("3a2a,2a1a"), "the King is never captured");
    assert!(!moves.iter().any(|m| m.ends_with("1a")), "{moves:?}");
    let mut check = position.clone();
    check.play("3a2a").unwrap();
    assert!(check.in_check(), "Black is in check after 3a2a");
    assert!(check.king_attacked(Side::W) && !check.king_attacked(Side::B));
    // Black's King takes the unprotected E.
    assert!(move_set(&check).contains("1a2a"));
    let mut away = position.clone();
    away.play("3a2a,2a2b").unwrap();
    assert!(!away.in_check(), "after 2a2b the E (o1) covers 2a 1b 2c 3b, not 1a");
}

/// Check is a direct attack by one enemy move under the Thought in force (binding reading): the
/// enemy's mind-moves and double moves are not considered. Black's Philosopher on 6d, plain or
/// Enlightened, with the Thought on o1 attacks 6c 6e 5d; under o2 it would leap onto 6f, under d1
/// reach 5c 5e. White's King on 6f is not in check; it may step to 5e (attacked only after a
/// Black mind-move to d1, or by the E's two steps 6d5d,5d5e) and 5f, not to 6e; White's mo1d1 is
/// legal, mo1o2 would expose its own King.
/// ```text
/// . . . . . k      a
/// ...
/// h . . . . .      d
/// . . . . . .      e
/// K . . . . .      f
/// ```
#[test]
fn check_ignores_enemy_mind_moves_and_double_moves() {
    for philosopher in ["h", "e"] {
        let position = parse(&build(&[("6f", "K"), ("1a", "k"), ("6d", philosopher)], "b", "o1", 0));
        assert!(!position.in_check(), "{philosopher}: White is not in check");
        expect_moves(&position, &["6f5e", "6f5f", "mo1d1"]);
    }
}

/// A pinned piece still gives check (binding reading). Black's Rook on 1c is pinned to its King on
/// 1a by White's Rook on 1f, and it checks White's King on 4c along rank c:
/// ```text
/// . . . . . k      a
/// . . . . . .      b
/// . . K . . r      c
/// . . . . . .      d
/// . . . . . .      e
/// . . . . . R      f
/// ```
/// White must answer the check: the King steps off rank c to 5b 4b 3b 5d 4d 3d (3c and 5c stay on
/// the Rook's line; Black's King covers 2b, not 3b), or the Rook on 1f takes the checker on 1c
/// (nothing can interpose on 2c or 3c). No Philosopher: no mind-move. 7 turns.
#[test]
fn pinned_pieces_still_give_check() {
    let position = parse(&build(&[("4c", "K"), ("1f", "R"), ("1a", "k"), ("1c", "r")], "b", "o1", 0));
    assert!(position.in_check());
    expect_moves(&position, &["4c5b", "4c4b", "4c3b", "4c5d", "4c4d", "4c3d", "1f1c"]);
}

/// The ban on a first sub-move: the Kings shuffle back, and Black may not recreate the given
/// position's arrangement.
#[test]
fn repetition_ban_first_sub_move() {
    let mut position = parse(&build(&[("6f", "K"), ("1a", "k"), ("3d", "H")], "b", "o1", 0));
    play_all(&mut position, &["3d3c", "1a1b", "3c3d"]);
    // Black's King on 1b: 1a recreates the start arrangement; 2a 2b 2c 1c are free (the
    // Philosopher on 3d covers 3c 3e 4d 2d); both mind-moves are new arrangements and leave the
    // King safe.
    expect_moves(&position, &["1b2a", "1b2b", "1b2c", "1b1c", "mo1o2", "mo1d1"]);
    assert!(position.play("1b1a").is_err());
}

/// The ban on a second sub-move, against an arrangement from earlier turns. From White E 3d,
/// Black King 1a (record: E3d/k1a), the game goes 3d3c (E3c/k1a) 1a1b (E3c/k1b) 3c2c (E2c/k1b)
/// 1b1a (E2c/k1a). By hand for White now:
/// - King 6e 5e 5f;
/// - E once: 2b 2d 1c; not 3c (E3c/k1a was played);
/// - E twice: 2b then 2a 1b 3b; 2d then 2e 1d (not 3d: the start; not 2c: now); 1c then 1b 1d;
/// - E then either mind-move: 6;
/// - mo1o2 then 2a 2e 4c; mo1d1 then 3b 1b 3d 1d (E3d with the Thought on d1 is new);
/// - mo1o2, mo1d1, mo1o2,mo2d2, mo1d1,md1d2.
///
/// 3 + 3 + 7 + 6 + 7 + 2 + 2 = 30.
#[test]
fn repetition_ban_second_sub_move() {
    let mut position = parse(&build(&[("6f", "K"), ("1a", "k"), ("3d", "E")], "b", "o1", 0));
    play_all(&mut position, &["3d3c", "1a1b", "3c2c", "1b1a"]);
    assert_eq!(position.record_len(), 5);
    expect_moves(
        &position,
        &[
            "6f6e",
            "6f5e",
            "6f5f",
            "2c2b",
            "2c2d",
            "2c1c",
            "2c2b,2b2a",
            "2c2b,2b1b",
            "2c2b,2b3b",
            "2c2d,2d2e",
            "2c2d,2d1d",
            "2c1c,1c1b",
            "2c1c,1c1d",
            "2c2b,mo1o2",
            "2c2b,mo1d1",
            "2c2d,mo1o2",
            "2c2d,mo1d1",
            "2c1c,mo1o2",
            "2c1c,mo1d1",
            "mo1o2,2c2a",
            "mo1o2,2c2e",
            "mo1o2,2c4c",
            "mo1d1,2c3b",
            "mo1d1,2c1b",
            "mo1d1,2c3d",
            "mo1d1,2c1d",
            "mo1o2",
            "mo1d1",
            "mo1o2,mo2d2",
            "mo1d1,md1d2",
        ],
    );
    assert!(position.clone().play("2c2d,2d3d").is_err(), "recreates the start on the second sub-move");
    assert!(position.clone().play("2c3c").is_err(), "recreates ply 1 on the first sub-move");
}

#[test]
fn checkmate_wins() {
    // Black King 1a, White Rooks 6a (checks along rank a) and 6b (covers 2b 1b; 2a is on rank a).
    let text = build(&[("6f", "K"), ("1a", "k"), ("6a", "R"), ("6b", "R")], "w", "o1", 0);
    let position = parse(&text);
    assert!(position.in_check());
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.result().as_deref(), Some("b checkmate"));
    assert!(position.clone().play("1a2a").is_err(), "no turn once the game is over");
    // The loss option changes nothing for checkmate.
    assert_eq!(parse_with_loss(&text).result().as_deref(), Some("b checkmate"));
    // White mated the same way by Black Rooks on 6f and 6e.
    let text = build(&[("1f", "K"), ("3a", "k"), ("6f", "r"), ("6e", "r")], "b", "o1", 0);
    assert_eq!(parse(&text).result().as_deref(), Some("w checkmate"));
}

/// Checkmate whose escapes are banned: Black to move with King 2b, White Rook 5a, King 6f
/// (record: k2b). 2b1b; 5a5c; 1b1a; 5c5a gives check along rank a. The King's squares: 2a on
/// rank a; 2b and 1b recreate the first two arrangements. No Philosopher, no mind-move: mate.
#[test]
fn checkmate_by_the_repetition_ban() {
    let mut position = parse(&build(&[("6f", "K"), ("2b", "k"), ("5a", "R")], "w", "o1", 0));
    play_all(&mut position, &["2b1b", "5a5c", "1b1a", "5c5a"]);
    assert!(position.in_check());
    expect_moves(&position, &[]);
    assert_eq!(position.result().as_deref(), Some("b checkmate"));
    // Without the history both escapes are legal.
    let fresh = parse(&position.position_string());
    expect_moves(&fresh, &["1a2b", "1a1b"]);
    assert_eq!(fresh.result(), None);
}

#[test]
fn stalemate_is_a_draw_or_a_loss_by_option() {
    // Black King 1a; White Rook 6b covers 2b 1b, Rook 2c covers 2b 2a; 1a itself is not
    // attacked. No Philosopher: no mind-move.
    let text = build(&[("6f", "K"), ("1a", "k"), ("6b", "R"), ("2c", "R")], "w", "o1", 0);
    let position = parse(&text);
    assert!(!position.in_check());
    expect_moves(&position, &[]);
    assert_eq!(position.result().as_deref(), Some("draw stalemate"));
    let mut loses = position.reference.clone();
    loses.set_stalemate_loses(true);
    assert_eq!(loses.result().as_deref(), Some("b stalemate"));
    assert_eq!(parse_with_loss(&text).result().as_deref(), Some("b stalemate"));
    // White stalemated the same way: "w stalemate" with the option.
    let text = build(&[("6a", "k"), ("1f", "K"), ("6e", "r"), ("2d", "r")], "b", "o1", 0);
    assert_eq!(parse(&text).result().as_deref(), Some("draw stalemate"));
    assert_eq!(parse_with_loss(&text).result().as_deref(), Some("w stalemate"));
}

/// Stalemate caused by the mind-move limit (binding reading, §8). Thought d1:
/// ```text
/// h . . . . R      a      Rook 1a covers 2a..5a (the Philosopher on 6a stops it)
/// . k . . . .      b
/// . . . . . R      c      Rook 1c covers 2c..6c
/// . N . . . .      d      Knight 5d covers 6b 4b
/// . . . . . .      e
/// . . . . . K      f
/// ```
/// Black's King on 5b is not in check and every square around it is covered or its own; Black's
/// Philosopher on 6a (d1: only 5b, its own King) cannot move. Counter 1: md1o1 and md1d2 (White
/// has no Philosopher, so a new Thought cannot expose Black's King). Counter 2: nothing.
#[test]
fn stalemate_by_the_mind_move_limit() {
    let pieces = [("6a", "h"), ("5b", "k"), ("1a", "R"), ("1c", "R"), ("5d", "N"), ("1f", "K")];
    let one = parse(&build(&pieces, "w", "d1", 1));
    assert!(!one.in_check());
    expect_moves(&one, &["md1o1", "md1d2"]);
    let two = parse(&build(&pieces, "w", "d1", 2));
    expect_moves(&two, &[]);
    assert_eq!(two.result().as_deref(), Some("draw stalemate"));
    assert_eq!(parse_with_loss(&build(&pieces, "w", "d1", 2)).result().as_deref(), Some("b stalemate"));
}

/// Stalemate caused by the repetition ban. Black to move, King 2a, White Rook 6b (rank b and
/// file 6), White King 6f; record: k2a/K6f. 2a3a; 6f6e; 3a2a; 6e5e; 2a1a; 5e6f. Now Black's
/// King on 1a is not in check; 2b and 1b are covered by the Rook and 2a recreates the first
/// arrangement.
#[test]
fn stalemate_by_the_repetition_ban() {
    let mut position = parse(&build(&[("6f", "K"), ("2a", "k"), ("6b", "R")], "w", "o1", 0));
    play_all(&mut position, &["2a3a", "6f6e", "3a2a", "6e5e", "2a1a", "5e6f"]);
    assert!(!position.in_check());
    expect_moves(&position, &[]);
    assert_eq!(position.result().as_deref(), Some("draw stalemate"));
    expect_moves(&parse(&position.position_string()), &["1a2a"]);
}

#[test]
fn position_validation() {
    let kings = [("6f", "K"), ("1a", "k")];
    let with = |extra: &[(&str, &str)], side: &str| {
        let mut all = kings.to_vec();
        all.extend_from_slice(extra);
        try_parse(&build(&all, side, "o1", 0))
    };
    assert!(with(&[], "b").is_ok());
    assert!(with(&[], "w").is_ok());
    // Kings: exactly one per side.
    assert!(with(&[("6a", "K")], "b").is_err(), "two White Kings");
    assert!(with(&[("6a", "k")], "b").is_err(), "two Black Kings");
    assert!(try_parse(&build(&[("6f", "K")], "b", "o1", 0)).is_err(), "no Black King");
    assert!(try_parse(&build(&[("1a", "k")], "b", "o1", 0)).is_err(), "no White King");
    // At most 12 pieces per side: the start's 12 plus one more is too many.
    assert!(try_parse("rhnkhr/hhpphh/6/6/HHPPHH/RHNKHR b - o1 0 1").is_ok());
    assert!(try_parse("rhnkhr/hhpphh/6/H5/HHPPHH/RHNKHR b - o1 0 1").is_err(), "13 White pieces");
    assert!(try_parse("rhnkhr/hhpphh/5h/6/HHPPHH/RHNKHR b - o1 0 1").is_err(), "13 Black pieces");
    // Pawns on their last rank.
    assert!(with(&[("4a", "P")], "b").is_err(), "White pawn on rank a");
    assert!(with(&[("4f", "p")], "b").is_err(), "Black pawn on rank f");
    assert!(with(&[("4a", "p"), ("4f", "P")], "b").is_ok(), "pawns on their own back ranks");
    // The side not to move may not be in check; the side to move may.
    assert!(with(&[("1d", "R")], "b").is_err(), "Black in check with White to move");
    assert!(with(&[("1d", "R")], "w").unwrap().in_check());
    // Check by a Philosopher depends on the Thought: White H on 3a is two squares from 1a.
    let h = |thought| try_parse(&build(&[("6f", "K"), ("1a", "k"), ("3a", "H")], "b", thought, 0));
    assert!(h("o1").is_ok() && h("o2").is_err() && h("d1").is_ok() && h("d2").is_ok());
    // Fields.
    let field = "5k/6/6/6/6/K5";
    assert!(try_parse(&format!("{field} b - o1 0 1")).is_ok());
    assert!(try_parse(&format!("{field} b - o1 2 7")).is_ok());
    for bad in [
        format!("{field} x - o1 0 1"),
        format!("{field} b P o1 0 1"),
        format!("{field} b h o1 0 1"),
        format!("{field} b - o3 0 1"),
        format!("{field} b - O1 0 1"),
        format!("{field} b - o1 3 1"),
        format!("{field} b - o1 -1 1"),
        format!("{field} b - o1 0 0"),
        format!("{field} b - o1 0 01"),
        format!("{field} b - o1 0 -1"),
        format!("{field} b - o1 0 9223372036854775808"),
        format!("{field} b - o1 0 1 1"),
        format!("{field} b - o1"),
        format!("{field} b -"),
        "5k/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/6/6/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/6/6/6/6/K4 b - o1 0 1".to_string(),
        "5k/7/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/33/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/06/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/5Q/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/5+E/6/6/6/K5 b - o1 0 1".to_string(),
        "5k/6/6/6/6/K5/ b - o1 0 1".to_string(),
    ] {
        assert!(try_parse(&bad).is_err(), "{bad:?} must be refused");
    }
    // Fields are separated by any run of blanks (protocol-spec.md §2); written back with one space.
    for loose in [format!("{field}  b - o1 0 1"), format!("{field}\tb - o1 0 1"), format!(" {field} b - o1 0 1 ")] {
        assert_eq!(try_parse(&loose).unwrap().position_string(), format!("{field} b - o1 0 1"), "{loose:?}");
    }
    assert_eq!(
        try_parse(&format!("{field} b - o1 0 9223372036854775807")).unwrap().position_string(),
        format!("{field} b - o1 0 9223372036854775807")
    );
    // The move number stops at its maximum.
    let mut last = try_parse(&format!("{field} b - o1 0 9223372036854775807")).unwrap();
    last.play("6f6e").unwrap();
    assert!(last.position_string().ends_with(" 9223372036854775807"));
    // Enlightened Philosophers round-trip; a fresh record holds one arrangement.
    let e = try_parse("5k/2e3/6/3E2/6/K5 w - d2 1 40").unwrap();
    assert_eq!(e.position_string(), "5k/2e3/6/3E2/6/K5 w - d2 1 40");
    assert_eq!(e.record_len(), 1);
}

/// protocol-spec.md §13.4 through the engine's `position ... moves` path (`AnyGame::play_items`):
/// both item lists give the hand-derived final position; the inventor's separate promotion item
/// is joined to the pawn move before it; `mo2d2` at ply 8 is refused because of check.
#[test]
fn position_moves_lines_of_the_protocol() {
    let canonical = "4e4d 4b4c 3e3d 4c3d 4f3d mo1o2 1e1c mo2o1 1c1d 4a3c 4d3c 6b6c 3c2b 1b2b mo1d1 5b4c md1o1";
    let inventor = "c5-c4 c2-c3 d5-d4 c3-d4 c6-d4 mo1-o2 f5-f3 mo2-o1 f3-f4 c1-d3 c4-d3 a2-a3 d3-e2 f2-e2 mo1-d1 \
                    b2-c3 md1-o1";
    for line in [canonical, inventor] {
        let items: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(items.len(), 17);
        let mut game = engine(VARIANT, None);
        game.play_items(&items).unwrap_or_else(|(n, e)| panic!("item {n}: {e}"));
        assert_eq!(game.position_string(), INVENTOR_FINAL);
        // Ply 8 as mo2d2 (either form): refused as item 8, for exposing Black's King.
        for wrong in ["mo2d2", "mo2-d2"] {
            let mut items = items[..7].to_vec();
            items.push(wrong);
            let mut game = engine(VARIANT, None);
            let (number, error) = game.play_items(&items).expect_err("mo2d2 at ply 8 must be refused");
            assert_eq!(number, 8, "{wrong}");
            assert!(error.to_string().contains("check"), "{wrong}: the reason should name check: {error}");
        }
    }
    // A promotion as a separate item: White's pawn on 4b (c2) steps to 4a (c1) and becomes a
    // Philosopher; Black's Philosopher 3a stays (pawn_moves_and_compulsory_promotion's position).
    let text = build(&[("6f", "K"), ("1a", "k"), ("4b", "P"), ("3a", "h")], "b", "o1", 0);
    for (items, after) in [
        (&["c2-c1", "ph"][..], "2Hh1k/6/6/6/6/K5 w - o1 0 2"),
        (&["c2-c1", "pr"][..], "2Rh1k/6/6/6/6/K5 w - o1 0 2"),
        (&["c2-d1", "pn"][..], "3N1k/6/6/6/6/K5 w - o1 0 2"),
        (&["c2-c1ph"][..], "2Hh1k/6/6/6/6/K5 w - o1 0 2"),
        (&["4b4a=H", "1a2a"][..], "2Hhk1/6/6/6/6/K5 b - o1 0 3"),
    ] {
        let mut both = parse(&text);
        both.play_items(items).unwrap_or_else(|e| panic!("{items:?}: {e}"));
        assert_eq!(both.engine.position_string(), after, "{items:?}");
    }
    // A promotion item with no move before it, or a pawn move to the last rank without one, is
    // refused (promotion is compulsory).
    for items in [&["ph"][..], &["c2-c1"][..], &["c2-c1", "c2-c1", "ph"][..]] {
        let mut game = engine(VARIANT, Some(&text));
        assert!(game.play_items(items).is_err(), "{items:?} must be refused");
    }
}
