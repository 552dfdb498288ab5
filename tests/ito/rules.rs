//! Ito Shogi (`ito`, /work/shared/RULES.md §2 with its binding readings, docs/rules/ito.md,
//! protocol-spec.md §12): hand-built positions, one focused test per rule and reading.
//!
//! Every expectation is checked twice, first against the independent reference implementation
//! (tests/ito/reference.rs), then against the engine through the game-independent
//! [`AnyGame`] API. Each `expect_*` helper below runs its `reference_*` half and then its
//! `engine_*` half, so a wrong expectation fails on the reference before the engine is asked.
//! Every expected move list was worked out by hand from the rules text; the reasoning is in the
//! comment above it.
//!
//! Squares (protocol-spec.md §12.1): one file, ranks `1a` (top, White's end) .. `1u` (bottom,
//! Black's end); rulebook square n is rank letter number 22 − n:
//!
//! ```text
//! n     1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21
//! name 1u 1t 1s 1r 1q 1p 1o 1n 1m 1l 1k 1j 1i 1h 1g 1f 1e 1d 1c 1b 1a
//! ```
//!
//! Black (upper case, `b`) moves toward `1a` ("+" = toward `1a`), White toward `1u`. In the
//! comments a square is often written with its number, `1k` (11).
//!
//! A game history is written as the protocol's `position` command takes it: a position string,
//! optionally followed by ` moves <token> <token> ...` (a "line" below).

use crate::games::engine;
use crate::positions::{background, build, rank, with_move_number};
use crate::reference::{self, Position};
use crate::results::result_of;
use tetsugaku::game::{MoveError, PositionErrorKind as K};
use tetsugaku::{AnyGame, GameError, RuleValues, Side, Variant};

const ITO: &str = "ito";

/// The start position (protocol-spec.md §12.3).
const START: &str = "k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b - 1";

// ---------------------------------------------------------------------------------------------
// Building positions

/// Black King `1u`'s two moves in [`background`].
const BLACK_KING: [&str; 2] = ["1u1t", "1u1s"];

/// `text` followed by the moves `played` (a line).
fn line(text: &str, played: &[&str]) -> String {
    if played.is_empty() {
        text.to_string()
    } else {
        format!("{text} moves {}", played.join(" "))
    }
}

/// The position string and the moves of a line.
fn split(line: &str) -> (&str, Vec<&str>) {
    match line.split_once(" moves ") {
        Some((text, moves)) => (text, moves.split(' ').collect()),
        None => (line, Vec::new()),
    }
}

/// The square seen from the other side: rulebook square n becomes 22 − n (`1k` stays, `1a` and
/// `1u` swap).
fn mirror_square(square: &str) -> String {
    format!("1{}", (b'u' - rank(square) as u8) as char)
}

/// A piece of the other colour (`+N` becomes `+n`).
fn swap_case(text: &str) -> String {
    text.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect()
}

/// The mirror image of a position string built by [`build`]: every piece on the mirrored square
/// with the other colour, the other side to move, the hands swapped.
fn mirror_position(text: &str) -> String {
    let fields: Vec<&str> = text.split(' ').collect();
    assert_eq!(fields.len(), 4, "test bug: {text}");
    let mut pieces = Vec::new();
    for (r, piece) in fields[0].split('/').enumerate() {
        if piece != "1" {
            let square = format!("1{}", (b'a' + r as u8) as char);
            pieces.push((mirror_square(&square), swap_case(piece)));
        }
    }
    let side = if fields[1] == "b" { "w" } else { "b" };
    let hand = if fields[2] == "-" {
        "-".to_string()
    } else {
        // Canonical order is Black's pieces first: after swapping the case, the former White
        // part (now upper case, with the count written before its first letter) goes first.
        let swapped = swap_case(fields[2]);
        let split = swapped
            .find(|c: char| c.is_ascii_uppercase())
            .map_or(swapped.len(), |i| swapped[..i].trim_end_matches(|c: char| c.is_ascii_digit()).len());
        format!("{}{}", &swapped[split..], &swapped[..split])
    };
    build(&pieces, side, &hand)
}

/// The mirror image of a move token; drops keep their upper-case letter (protocol-spec.md §12.4).
fn mirror_token(token: &str) -> String {
    match token.split_once('*') {
        Some((piece, square)) => format!("{piece}*{}", mirror_square(square)),
        None => {
            let (from, to) = token.split_at(2);
            format!("{}{}", mirror_square(from), mirror_square(to))
        }
    }
}

/// `prefix` + every square of `letters` (`"1k"`, `"1j"`, ... for `"kj"`) as move tokens.
fn tokens(prefix: &str, letters: &str) -> Vec<String> {
    letters.chars().map(|c| format!("{prefix}1{c}")).collect()
}

/// Both drops (`X*sq`, `+X*sq`) of `piece` on every square of `letters`.
fn drops(piece: char, letters: &str) -> Vec<String> {
    let mut out = tokens(&format!("{piece}*"), letters);
    out.extend(tokens(&format!("+{piece}*"), letters));
    out
}

/// `items` as a sorted list of owned strings.
fn sorted<S: AsRef<str>>(items: &[S]) -> Vec<String> {
    let mut out: Vec<String> = items.iter().map(|s| s.as_ref().to_string()).collect();
    out.sort();
    out
}

/// `a` and `b` together as owned strings.
fn concat<A: AsRef<str>, B: AsRef<str>>(a: &[A], b: &[B]) -> Vec<String> {
    a.iter().map(|s| s.as_ref().to_string()).chain(b.iter().map(|s| s.as_ref().to_string())).collect()
}

// ---------------------------------------------------------------------------------------------
// The reference half of each check

/// The reference's position after the line (its position string must read back unchanged).
fn reference_at(line: &str) -> Position {
    let (text, moves) = split(line);
    let mut position = Position::parse(text).unwrap_or_else(|e| panic!("reference: {text} refused: {e}"));
    assert_eq!(position.position_string(), text, "reference: {text} does not read back unchanged");
    for token in moves {
        position.play(token).unwrap_or_else(|e| panic!("reference: {token} refused in {line}: {e}"));
    }
    position
}

/// The reference's legal moves, sorted; fails if one is listed twice.
fn reference_moves(position: &Position) -> Vec<String> {
    let moves = position.legal_moves();
    let set = sorted(&moves);
    let mut unique = set.clone();
    unique.dedup();
    assert_eq!(unique.len(), moves.len(), "reference: a move listed twice in {moves:?}");
    set
}

fn reference_expect_moves(line: &str, expected: &[String]) {
    assert_eq!(reference_moves(&reference_at(line)), expected, "reference: legal moves of {line}");
}

fn reference_expect_some_moves(line: &str, included: &[&str], excluded: &[&str]) {
    let moves = reference_moves(&reference_at(line));
    for token in included {
        assert!(moves.iter().any(|m| m == token), "reference: {token} missing from the moves of {line}: {moves:?}");
    }
    for token in excluded {
        assert!(!moves.iter().any(|m| m == token), "reference: {token} listed in {line}: {moves:?}");
    }
}

fn reference_expect_play(line: &str, token: &str, after: &str, result: Option<&str>) {
    let mut position = reference_at(line);
    position.play(token).unwrap_or_else(|e| panic!("reference: {token} refused in {line}: {e}"));
    assert_eq!(position.position_string(), after, "reference: the position after {token} in {line}");
    assert_eq!(position.result().as_deref(), result, "reference: the result after {token} in {line}");
    if result.is_some() {
        assert!(position.legal_moves().is_empty(), "reference: moves listed after the end");
    }
}

fn reference_expect_result(line: &str, result: Option<&str>) {
    let position = reference_at(line);
    assert_eq!(position.result().as_deref(), result, "reference: the result of {line}");
    assert_eq!(position.legal_moves().is_empty(), result.is_some(), "reference: the moves of {line}");
}

/// The reference refuses `token` and nothing changes (the reference does not tell illegal,
/// malformed and after-the-end moves apart).
fn reference_expect_refused(line: &str, token: &str) {
    let mut position = reference_at(line);
    let before = (position.position_string(), position.legal_moves());
    assert!(position.play(token).is_err(), "reference: {token} accepted in {line}");
    assert_eq!((position.position_string(), position.legal_moves()), before, "reference: {token} changed the position");
}

fn reference_expect_reads_back(text: &str, canonical: &str) {
    let position = Position::parse(text).unwrap_or_else(|e| panic!("reference: {text} refused: {e}"));
    assert_eq!(position.position_string(), canonical, "reference: {text} read back");
}

fn reference_expect_bad_position(text: &str) {
    if let Ok(position) = Position::parse(text) {
        panic!("reference: {text} accepted as {}", position.position_string());
    }
}

/// Check is not observable through [`AnyGame`] except through the result word: this one is a
/// reference-only statement that documents (and guards) a position's premise.
fn reference_expect_check(line: &str, in_check: bool) {
    assert_eq!(reference_at(line).in_check(), in_check, "reference: is the side to move in check in {line}");
}

// ---------------------------------------------------------------------------------------------
// The engine half of each check

/// The engine's game after the line (its position string must read back unchanged).
fn engine_at(line: &str) -> AnyGame {
    let (text, moves) = split(line);
    let mut game = engine(ITO, Some(text));
    assert_eq!(game.position_string(), text, "engine: {text} does not read back unchanged");
    for token in moves {
        game.play_token(token).unwrap_or_else(|e| panic!("engine: {token} refused in {line}: {e}"));
    }
    game
}

/// The engine's legal moves, sorted; fails if one is listed twice.
fn engine_moves(game: &AnyGame) -> Vec<String> {
    let moves = game.legal_moves();
    let set = sorted(&moves);
    let mut unique = set.clone();
    unique.dedup();
    assert_eq!(unique.len(), moves.len(), "engine: a move listed twice in {moves:?}");
    set
}

fn engine_result(game: &AnyGame) -> Option<String> {
    result_of(game.turn())
}

fn engine_expect_moves(line: &str, expected: &[String]) {
    assert_eq!(engine_moves(&engine_at(line)), expected, "engine: legal moves of {line}");
}

fn engine_expect_some_moves(line: &str, included: &[&str], excluded: &[&str]) {
    let moves = engine_moves(&engine_at(line));
    for token in included {
        assert!(moves.iter().any(|m| m == token), "engine: {token} missing from the moves of {line}: {moves:?}");
    }
    for token in excluded {
        assert!(!moves.iter().any(|m| m == token), "engine: {token} listed in {line}: {moves:?}");
    }
}

fn engine_expect_play(line: &str, token: &str, after: &str, result: Option<&str>) {
    let mut game = engine_at(line);
    game.play_token(token).unwrap_or_else(|e| panic!("engine: {token} refused in {line}: {e}"));
    assert_eq!(game.position_string(), after, "engine: the position after {token} in {line}");
    assert_eq!(engine_result(&game).as_deref(), result, "engine: the result after {token} in {line}");
    if result.is_some() {
        assert!(game.legal_moves().is_empty(), "engine: moves listed after the end: {:?}", game.legal_moves());
    }
}

fn engine_expect_result(line: &str, result: Option<&str>) {
    let game = engine_at(line);
    assert_eq!(engine_result(&game).as_deref(), result, "engine: the result of {line}");
    assert_eq!(game.legal_moves().is_empty(), result.is_some(), "engine: the moves of {line}");
}

/// The engine refuses `token` as a move error, nothing changes (position string, key, moves),
/// and the error names the token; returns the error.
fn engine_refusal(line: &str, token: &str) -> MoveError {
    let mut game = engine_at(line);
    let before = (game.position_string(), game.key(), game.legal_moves(), engine_result(&game));
    let error = match game.play_token(token) {
        Ok(()) => panic!("engine: {token:?} accepted in {line}"),
        Err(GameError::Move(e)) => e,
        Err(e) => panic!("engine: {token:?} refused as something other than a move: {e:?}"),
    };
    let now = (game.position_string(), game.key(), game.legal_moves(), engine_result(&game));
    assert_eq!(now, before, "engine: the refused {token:?} changed the game");
    assert_eq!(error.token(), token, "engine: the error names another token");
    error
}

fn engine_expect_illegal(line: &str, token: &str) {
    match engine_refusal(line, token) {
        MoveError::Illegal { .. } => {}
        other => panic!("engine: {token:?} in {line}: expected an illegal move, got {other:?}"),
    }
}

fn engine_expect_malformed(line: &str, token: &str) {
    match engine_refusal(line, token) {
        MoveError::Malformed { .. } => {}
        other => panic!("engine: {token:?} in {line}: expected a malformed move, got {other:?}"),
    }
}

fn engine_expect_after_end(line: &str, token: &str, result: &str) {
    match engine_refusal(line, token) {
        MoveError::AfterEnd { outcome, .. } => assert_eq!(outcome.to_string(), result, "engine: {token} in {line}"),
        other => panic!("engine: {token:?} in {line}: expected a move after the end, got {other:?}"),
    }
}

fn engine_expect_reads_back(text: &str, canonical: &str) {
    assert_eq!(engine(ITO, Some(text)).position_string(), canonical, "engine: {text} read back");
}

fn engine_expect_start() {
    let game = engine(ITO, None);
    assert_eq!(game.position_string(), START, "engine: the start position");
    assert_eq!(game.side(), Side::First, "engine: Black moves first");
}

fn engine_expect_bad_position(text: &str, kind_ok: fn(&K) -> bool) {
    let variant = Variant::named(ITO).unwrap_or_else(|| panic!("unknown variant {ITO}"));
    match AnyGame::new(variant, &RuleValues::default(), Some(text)) {
        Ok(game) => panic!("engine: {text} accepted as {}", game.position_string()),
        Err(GameError::Position(e)) => {
            let message = GameError::Position(e.clone()).to_string();
            assert!(message.starts_with("bad position: "), "engine: {text}: {message}");
            assert!(kind_ok(&e.kind), "engine: {text} refused with the unexpected kind {:?} ({message})", e.kind);
        }
        Err(e) => panic!("engine: {text} refused, but not as a bad position: {e:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The checks: reference first, then engine

/// The legal moves after the line are exactly `expected`.
fn expect_moves<S: AsRef<str>>(line: &str, expected: &[S]) {
    let expected = sorted(expected);
    reference_expect_moves(line, &expected);
    engine_expect_moves(line, &expected);
}

/// The legal moves after the line include every `included` token and none of `excluded`.
fn expect_some_moves(line: &str, included: &[&str], excluded: &[&str]) {
    reference_expect_some_moves(line, included, excluded);
    engine_expect_some_moves(line, included, excluded);
}

/// `token` is legal after the line, the position string is then exactly `after` and the result
/// is `result` (no moves listed once it is `Some`).
fn expect_play(line: &str, token: &str, after: &str, result: Option<&str>) {
    reference_expect_play(line, token, after, result);
    engine_expect_play(line, token, after, result);
}

/// The result after the line is `result` (`None`: the game goes on and there are moves).
fn expect_result(line: &str, result: Option<&str>) {
    reference_expect_result(line, result);
    engine_expect_result(line, result);
}

/// `token` is well formed but illegal after the line; refusing it changes nothing.
fn expect_illegal(line: &str, token: &str) {
    reference_expect_refused(line, token);
    engine_expect_illegal(line, token);
}

/// `token` is not a move of the notation at all; refusing it changes nothing.
fn expect_malformed(line: &str, token: &str) {
    reference_expect_refused(line, token);
    engine_expect_malformed(line, token);
}

/// The game ended with `result` and `token` is refused as a move after the end.
fn expect_after_end(line: &str, token: &str, result: &str) {
    reference_expect_refused(line, token);
    engine_expect_after_end(line, token, result);
}

/// The position string `text` is accepted and written back as `canonical`.
fn expect_reads_back(text: &str, canonical: &str) {
    reference_expect_reads_back(text, canonical);
    engine_expect_reads_back(text, canonical);
}

/// The position string `text` is refused as a bad position of a kind `kind_ok` accepts.
fn expect_bad_position(text: &str, kind_ok: fn(&K) -> bool) {
    reference_expect_bad_position(text);
    engine_expect_bad_position(text, kind_ok);
}

/// [`expect_moves`] for a Black position and for its mirror image with White to move.
fn expect_moves_both_colours<S: AsRef<str>>(text: &str, expected: &[S]) {
    expect_moves(text, expected);
    let mirrored: Vec<String> = expected.iter().map(|t| mirror_token(t.as_ref())).collect();
    expect_moves(&mirror_position(text), &mirrored);
}

// ---------------------------------------------------------------------------------------------
// 1. The start position

#[test]
fn start_position_has_exactly_four_moves_and_reads_back() {
    assert_eq!(START, reference::START, "test bug: two different start strings");
    reference_expect_reads_back(&Position::start().position_string(), START);
    engine_expect_start();
    // Black: K 1u, R 1t, C 1s, L 1r, G 1q, N 1p, I 1o, P 1n; 1i..1m empty. The Pawn steps to 1m;
    // the Iron General's step is its own Pawn, its leap +2 lands on 1m; the Knight leaps +3 to
    // 1m; the Goose leaps +4 to 1m (its −2, 1s, is its own Cannon). The Lance is blocked by the
    // Goose; the Cannon's screens (1r forward, 1t backward) are followed by its own Goose and
    // King; the Ramshead's first landing square 1r is its own Lance; the King's 1t and 1s are
    // its own pieces.
    expect_moves(START, &["1n1m", "1o1m", "1p1m", "1q1m"]);
    // The move number is optional and written back as 1.
    expect_reads_back("k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b -", START);
    expect_play(START, "1n1m", "k/r/c/l/g/n/i/p/1/1/1/1/P/1/I/N/G/L/C/R/K w - 2", None);
    // White mirrors Black: its Pawn 1h, Iron General 1g, Knight 1f and Goose 1e all reach 1i;
    // Black's Pawn on 1m is out of everyone's reach.
    expect_moves(&line(START, &["1n1m"]), &["1h1i", "1g1i", "1f1i", "1e1i"]);
}

// ---------------------------------------------------------------------------------------------
// 2. Every piece, both faces, both colours

#[test]
fn every_piece_on_both_faces_for_both_colours() {
    // Each face alone on 1k (11) in the background (White K 1a, P 1b, I 1c; Black K 1u), Black
    // to move, then the mirror image (White's piece on 1k moving toward 1u, Black's K 1u, P 1t,
    // I 1s, White K 1a). From 1k, for Black: +1 = 1j, +2 = 1i, +3 = 1h, +4 = 1g, −1 = 1l,
    // −2 = 1m, −3 = 1n, −4 = 1o. Forward the first piece is White's Iron General on 1c, with the
    // Pawn 1b behind it; backward the first piece is Black's own King on 1u.
    let cases: &[(&str, &[&str])] = &[
        // Pawn: step +1. Go-Between: steps ±1.
        ("P", &["1k1j"]),
        ("+P", &["1k1j", "1k1l"]),
        // Iron General: step +1, leap +2. Silver General: also leap −2.
        ("I", &["1k1j", "1k1i"]),
        ("+I", &["1k1j", "1k1i", "1k1m"]),
        // Knight: leap +3. Heavenly Horse: leaps ±3.
        ("N", &["1k1h"]),
        ("+N", &["1k1h", "1k1n"]),
        // Goose: leap +4, leap −2. Phoenix: steps ±1, leaps ±4.
        ("G", &["1k1g", "1k1m"]),
        ("+G", &["1k1j", "1k1l", "1k1g", "1k1o"]),
        // Lance: slides forward over 1j..1d and takes the first enemy, the Iron General on 1c.
        // Howling Dog: the same, and a step −1.
        ("L", &["1k1j", "1k1i", "1k1h", "1k1g", "1k1f", "1k1e", "1k1d", "1k1c"]),
        ("+L", &["1k1j", "1k1i", "1k1h", "1k1g", "1k1f", "1k1e", "1k1d", "1k1c", "1k1l"]),
        // Ramshead Soldier: hops of two forward to 1i, 1g, 1e and takes on 1c. Bishop: also
        // backward to 1m, 1o, 1q, 1s (the next landing square, 1u, is its own King).
        ("R", &["1k1i", "1k1g", "1k1e", "1k1c"]),
        ("+R", &["1k1i", "1k1g", "1k1e", "1k1c", "1k1m", "1k1o", "1k1q", "1k1s"]),
        // Silver Cannon: needs a screen. Forward the screen is the Iron General 1c and the next
        // piece, the Pawn 1b, is taken (no empty square between them). Backward the screen is its
        // own King 1u, with nothing beyond. So one move; 1j..1d (before the screen) are not moves.
        ("C", &["1k1b"]),
        // Gold Cannon: quiet slides 1j..1d and 1l..1t (stopping before the first piece); the
        // capture over the screen 1c takes the Pawn 1b; the first piece, 1c, is not capturable.
        (
            "+C",
            &[
                "1k1j", "1k1i", "1k1h", "1k1g", "1k1f", "1k1e", "1k1d", "1k1b", "1k1l", "1k1m", "1k1n", "1k1o", "1k1p",
                "1k1q", "1k1r", "1k1s", "1k1t",
            ],
        ),
    ];
    for (piece, moves) in cases {
        expect_moves_both_colours(&background(&[("1k", piece)], "b", "-"), &concat(moves, &BLACK_KING));
    }
}

#[test]
fn white_pieces_move_toward_1u() {
    // The mirror helper is itself checked once by hand: White's Knight on 1k (11) leaps −3 in
    // rulebook numbers to 1n (8); White's Goose on 1e (17) leaps to 1i (13) and back to 1c (19);
    // White's King 1a (21): +1 = 1b (20), +2 = 1c (19). Black: K 1u only (not in the way).
    expect_moves(
        &build(&[("1u", "K"), ("1a", "k"), ("1k", "n"), ("1e", "g")], "w", "-"),
        &["1k1n", "1e1i", "1e1c", "1a1b", "1a1c"],
    );
    assert_eq!(
        mirror_position(&background(&[("1k", "+N")], "b", "2GP")),
        build(&[("1a", "k"), ("1u", "K"), ("1t", "P"), ("1s", "I"), ("1k", "+n")], "w", "2gp"),
        "test bug: mirror_position"
    );
    assert_eq!(
        mirror_position(&build(&[("1u", "K"), ("1a", "k")], "w", "R2Pcn")),
        build(&[("1u", "K"), ("1a", "k")], "b", "CNr2p"),
        "test bug: mirror_position of hands"
    );
}

#[test]
fn leaps_ignore_what_lies_between() {
    // Black: K 1u (1) with its own Pawn 1t (2) in front: the King's leap +2 to 1s (3) passes over
    // it (1t is blocked, −1 is off the board); the Pawn steps to 1s. Iron General 1p (6) with its
    // own Knight on 1o (7): the step is blocked, the leap +2 lands on 1n (8). The Knight 1o leaps
    // +3 to 1l (10), taking White's Lance there. Goose 1k (11): leap +4 over White's Goose 1j,
    // Knight 1h and the empty 1i to 1g (15); leap −2 over White's Lance 1l to 1m (9).
    // White (background K 1a, P 1b, I 1c; Lance 1l, Goose 1j, Knight 1h) attacks 1m, 1n, 1k, 1o
    // (Lance slide, Goose +4/−2, Knight −3) but never Black's King.
    let text = background(
        &[("1t", "P"), ("1p", "I"), ("1o", "N"), ("1k", "G"), ("1l", "l"), ("1j", "g"), ("1h", "n")],
        "b",
        "-",
    );
    expect_moves_both_colours(&text, &["1u1s", "1t1s", "1p1n", "1o1l", "1k1g", "1k1m"]);
    // Flipped faces leap backward over pieces too. Heavenly Horse 1k (11): +3 over White's Lance
    // 1j and Goose 1i to 1h (14), −3 over its own Go-Between 1l and Silver General 1m to 1n (8).
    // The Go-Between 1l is boxed in by its own pieces (1k, 1m); the Silver General 1m: step +1
    // and leap +2 land on its own pieces (1l, 1k), leap −2 over the empty 1n to 1o (7). White's
    // Lance 1j attacks the Horse, its Goose 1i attacks 1m (13 -> 9).
    let text = background(&[("1k", "+N"), ("1l", "+P"), ("1m", "+I"), ("1j", "l"), ("1i", "g")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1h", "1k1n", "1m1o"], &BLACK_KING));
    // Phoenix 1k: leap +4 over its own Pawn 1j and White's Knight 1i to 1g, taking White's
    // other Knight; leap −4 over 1l, 1m, 1n to 1o; step +1 is blocked by its own Pawn 1j, step −1
    // takes White's Lance 1l. Pawn 1j: takes the Knight 1i. Iron General 1n (8): step 1m, leap to
    // 1l (the Lance). White: the Knight 1i (13) attacks its own Lance 1l (10), the Knight 1g (15)
    // attacks 1j, the Lance 1l slides to 1m and the Iron 1n: nothing reaches 1u.
    let text = background(&[("1k", "+G"), ("1j", "P"), ("1i", "n"), ("1g", "n"), ("1l", "l"), ("1n", "I")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1l", "1k1g", "1k1o", "1j1i", "1n1m", "1n1l"], &BLACK_KING));
}

#[test]
fn sliders_stop_at_the_first_piece() {
    // Howling Dog 1k: slides 1j, 1i, 1h and stops before its own Iron General 1g; its step −1
    // takes White's Knight 1l. Iron General 1g (15): 1f, 1e. The White Knight 1l (10) attacks 1o.
    let text = background(&[("1k", "+L"), ("1g", "I"), ("1l", "n")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1j", "1k1i", "1k1h", "1k1l", "1g1f", "1g1e"], &BLACK_KING));
    // Lance 1k with White's Goose on 1h: 1j, 1i and the capture on 1h; not beyond. An unflipped
    // Lance has no step back: White's Knight 1l behind it is safe. White's Goose 1h (14) attacks
    // 1l (own Knight) and 1f; the Knight 1l attacks 1o.
    let text = background(&[("1k", "L"), ("1h", "g"), ("1l", "n")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1j", "1k1i", "1k1h"], &BLACK_KING));
}

#[test]
fn ramshead_and_bishop_land_on_every_second_square() {
    // Ramshead 1k with its own Pawn on the landing square 1g: only 1i. The Pawn steps to 1f.
    expect_moves_both_colours(
        &background(&[("1k", "R"), ("1g", "P")], "b", "-"),
        &concat(&["1k1i", "1g1f"], &BLACK_KING),
    );
    // Pieces on the odd squares 1j (own Pawn) and 1h (White Knight) are ignored: 1i, 1g, 1e and
    // the capture on 1c. The Pawn steps to 1i. White's Knight 1h (14) attacks 1k (11).
    expect_moves_both_colours(
        &background(&[("1k", "R"), ("1j", "P"), ("1h", "n")], "b", "-"),
        &concat(&["1k1i", "1k1g", "1k1e", "1k1c", "1j1i"], &BLACK_KING),
    );
    // An enemy on a landing square (White Knight 1g) is taken and ends the hops.
    expect_moves_both_colours(
        &background(&[("1k", "R"), ("1g", "n")], "b", "-"),
        &concat(&["1k1i", "1k1g"], &BLACK_KING),
    );
    // Bishop 1k: forward 1i, 1g (the odd 1h holds White's Goose: ignored), 1e takes White's Lance
    // and stops. Backward 1m, then its own Iron General on 1o stops it (the odd 1l, White's
    // Knight, is ignored). Iron General 1o (7): step 1n, leap 1m. White's Knight 1l attacks 1o,
    // its Goose 1h attacks 1f, its Lance 1e slides to 1f, 1g: nothing reaches 1u.
    let text = background(&[("1k", "+R"), ("1o", "I"), ("1l", "n"), ("1h", "g"), ("1e", "l")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1i", "1k1g", "1k1e", "1k1m", "1o1n", "1o1m"], &BLACK_KING));
}

#[test]
fn king_steps_leaps_two_and_steps_back() {
    // King 1k: +1 (1j), leap +2 (1i), −1 (1l). White: K 1a, P 1b, I 1c.
    expect_moves_both_colours(
        &build(&[("1k", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-"),
        &["1k1j", "1k1i", "1k1l"],
    );
    // The King never flips: in check from White's Pawn 1j (12 -> 11), it takes it and is still
    // `K`; the Pawn goes to Black's hand. All three moves escape.
    let text = build(&[("1k", "K"), ("1j", "p"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-");
    reference_expect_check(&text, true);
    expect_moves(&text, &["1k1j", "1k1i", "1k1l"]);
    expect_play(&text, "1k1j", "k/p/i/1/1/1/1/1/1/K/1/1/1/1/1/1/1/1/1/1/1 w P 2", None);
    let mirrored = mirror_position(&text);
    expect_play(&mirrored, "1k1l", "1/1/1/1/1/1/1/1/1/1/1/k/1/1/1/1/1/1/I/P/K b p 2", None);
}

// ---------------------------------------------------------------------------------------------
// 3. Cannons

#[test]
fn silver_cannon_moves_past_exactly_one_screen() {
    // Silver Cannon 1k, its own Pawn 1i as the screen: beyond it every empty square 1h..1d and
    // the capture of White's Pawn 1c (the next piece); not 1j (before the screen). Backward the
    // screen is its own King 1u with nothing beyond. The Pawn steps to 1h.
    let text = build(&[("1u", "K"), ("1k", "C"), ("1i", "P"), ("1a", "k"), ("1c", "p")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1h", "1k1g", "1k1f", "1k1e", "1k1d", "1k1c", "1i1h"], &BLACK_KING));
    // The screen may be an enemy, and the piece beyond it must be an enemy to be taken: White's
    // Pawn 1i screens, Black's own Iron General 1f is next: 1h and 1g only. Iron 1f: 1e, 1d.
    let text = background(&[("1k", "C"), ("1i", "p"), ("1f", "I")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1h", "1k1g", "1f1e", "1f1d"], &BLACK_KING));
}

#[test]
fn kings_are_screens_too() {
    // Silver Cannon 1t over its own King 1s: every empty square 1r..1d and the capture of White's
    // Iron General 1c. Backward (1u) there is no screen. The King on 1s: 1r, 1q (−1 is its own
    // Cannon).
    let text = build(&[("1t", "C"), ("1s", "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", "-");
    let mut expected = tokens("1t", "rqponmlkjihgfedc");
    expected.extend(["1s1r".to_string(), "1s1q".to_string()]);
    expect_moves_both_colours(&text, &expected);
    // Silver Cannon 1a over the enemy King 1b, backward: the empty 1c..1j and White's Pawn 1k.
    let text = build(&[("1a", "C"), ("1b", "k"), ("1k", "p"), ("1u", "K")], "b", "-");
    expect_moves_both_colours(&text, &concat(&tokens("1a", "cdefghijk"), &BLACK_KING));
}

#[test]
fn gold_cannon_slides_quietly_and_captures_over_one_screen() {
    // Gold Cannon 1k: forward the first piece is White's Pawn 1i: a quiet slide to 1j only (the
    // Pawn itself is not capturable), then over that screen the first piece beyond, White's
    // Knight 1f, is taken; the empty 1h, 1g beyond the screen are not moves. Backward: quiet
    // 1l..1t, the screen is its own King, nothing beyond. White's Knight 1f attacks its own Pawn
    // 1i; the Pawn attacks 1j.
    let text = background(&[("1k", "+C"), ("1i", "p"), ("1f", "n")], "b", "-");
    expect_moves_both_colours(&text, &concat(&concat(&["1k1j", "1k1f"], &tokens("1k", "lmnopqrst")), &BLACK_KING));
    // Own screen forward (Pawn 1i, adjacent squares 1j quiet) and White's Knight 1g beyond it:
    // taken. Backward the screen is White's Goose 1n and the piece beyond it Black's own Iron
    // General 1q: no capture; quiet 1l, 1m. Pawn 1i: 1h. Iron 1q (5): 1p, 1o. White's Goose 1n
    // (8) attacks 1r (4) and 1l (10); the Knight 1g attacks 1j.
    let text = background(&[("1k", "+C"), ("1i", "P"), ("1g", "n"), ("1n", "g"), ("1q", "I")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1j", "1k1g", "1k1l", "1k1m", "1i1h", "1q1p", "1q1o"], &BLACK_KING));
}

#[test]
fn cannons_never_pass_two_screens() {
    // Own Pawn 1j, empty 1i, White Knight 1h, empty 1g, 1f, White Goose 1e. Silver Cannon 1k:
    // over the screen 1j to the empty 1i, or takes the Knight 1h (the next piece); 1g, 1f and
    // the Goose 1e lie beyond two screens. Pawn 1j: 1i. White's Knight 1h (14) attacks 1k (11),
    // its Goose 1e (17) attacks 1i (13) and its own Iron 1c.
    let text = background(&[("1k", "C"), ("1j", "P"), ("1h", "n"), ("1e", "g")], "b", "-");
    expect_moves_both_colours(&text, &concat(&["1k1i", "1k1h", "1j1i"], &BLACK_KING));
    // Gold Cannon in the same place: no quiet move forward (1j is the first piece), takes 1h
    // only; quiet backward 1l..1t.
    let text = background(&[("1k", "+C"), ("1j", "P"), ("1h", "n"), ("1e", "g")], "b", "-");
    expect_moves_both_colours(&text, &concat(&concat(&["1k1h", "1j1i"], &tokens("1k", "lmnopqrst")), &BLACK_KING));
}

// ---------------------------------------------------------------------------------------------
// 4. Flipping on capture

#[test]
fn a_capture_flips_the_capturer_and_the_next_flips_it_back() {
    // Knight 1k takes White's Pawn 1h (+3) and shows its Heavenly Horse face; Black's hand: P.
    let text = background(&[("1k", "N"), ("1h", "p"), ("1e", "g")], "b", "-");
    let after_one = "k/p/i/1/g/1/1/+N/1/1/1/1/1/1/1/1/1/1/1/1/K w P 2";
    expect_play(&text, "1k1h", after_one, None);
    // White's Iron General steps 1c1d. The Heavenly Horse now leaps back too (1h1k), and
    // forward takes the Goose on 1e (+3), flipping back to a Knight; hand G P.
    let line_two = line(&text, &["1k1h", "1c1d"]);
    expect_some_moves(&line_two, &["1h1e", "1h1k"], &[]);
    let after_two = "k/p/1/i/N/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w GP 4";
    expect_play(&line_two, "1h1e", after_two, None);
    // White's Iron General takes the Knight (1d1e, +1 for White) and flips to a Silver General;
    // the Knight goes to White's hand as `n`.
    let line_three = line(&text, &["1k1h", "1c1d", "1h1e"]);
    expect_play(&line_three, "1d1e", "k/p/1/1/+i/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b GPn 5", None);
}

#[test]
fn gold_cannon_capture_flips_it_to_a_silver_cannon() {
    // Gold Cannon 1k over White's Pawn 1i takes the Knight 1f and becomes a Silver Cannon.
    let text = background(&[("1k", "+C"), ("1i", "p"), ("1f", "n")], "b", "-");
    expect_play(&text, "1k1f", "k/p/i/1/1/C/1/1/p/1/1/1/1/1/1/1/1/1/1/1/K w N 2", None);
    // White mirrored: its Gold Cannon 1k takes Black's Knight 1p.
    expect_play(&mirror_position(&text), "1k1p", "k/1/1/1/1/1/1/1/1/1/1/1/P/1/1/c/1/1/I/P/K b n 2", None);
}

#[test]
fn a_captured_flipped_piece_goes_to_hand_unflipped() {
    // Black holds a Pawn; its Lance 1k slides to White's Bishop 1f and takes it: the Lance flips
    // to a Howling Dog and the Bishop goes to hand as a plain Ramshead (`RP`, canonical order).
    // (White's Bishop 1f hops on the even squares 1h, 1j, ... and 1d: never on 1u.)
    let text = background(&[("1k", "L"), ("1f", "+r")], "b", "P");
    expect_play(&text, "1k1f", "k/p/i/1/1/+L/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w RP 2", None);
    // The same with a Go-Between: two Pawns counted with faces merged (board +p, hand P).
    let text = build(&[("1u", "K"), ("1a", "k"), ("1k", "L"), ("1f", "+p"), ("1c", "i")], "b", "P");
    expect_play(&text, "1k1f", "k/1/i/1/1/+L/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w 2P 2", None);
    // A flipped piece dropped from hand flips back on its first capture: a Heavenly Horse dropped
    // on 1k takes White's Knight 1h (+3) and shows its Knight face.
    let text = background(&[("1h", "n")], "b", "N");
    let after_drop = "k/p/i/1/1/1/1/n/1/1/+N/1/1/1/1/1/1/1/1/1/K w - 2";
    expect_play(&text, "+N*1k", after_drop, None);
    expect_play(&line(&text, &["+N*1k", "1c1d"]), "1k1h", "k/p/1/i/1/1/1/N/1/1/1/1/1/1/1/1/1/1/1/1/K w N 4", None);
}

// ---------------------------------------------------------------------------------------------
// 5. Drops

#[test]
fn drops_go_on_any_empty_square_in_front_of_the_own_king_with_either_face() {
    // Black King 1p (6), a Knight in hand. Drops: every empty square strictly in front, 1o..1d
    // (1c, 1b, 1a hold White's pieces), with either face: 24 moves. Not on 1p (the King's own
    // square) and not behind it, 1q..1u. King: 1o, 1n, 1q.
    let text = background_with_king("1p", "N");
    expect_moves_both_colours(&text, &concat(&["1p1o", "1p1n", "1p1q"], &drops('N', "onmlkjihgfed")));
    // Behind or on the King: refused as illegal moves.
    for token in ["N*1q", "+N*1u", "N*1p", "N*1c"] {
        expect_illegal(&text, token);
    }
    // A piece not in hand cannot be dropped.
    expect_illegal(&text, "P*1k");
}

/// [`background`] with Black's King on `king` instead of `1u`, Black to move with `hand`.
fn background_with_king(king: &str, hand: &str) -> String {
    build(&[(king, "K"), ("1a", "k"), ("1b", "p"), ("1c", "i")], "b", hand)
}

#[test]
fn drops_may_go_where_the_piece_can_never_move() {
    // Black King 1u, White King 1d (18), a Pawn in hand: every empty square 1t..1a except 1d,
    // with either face, 19 squares. A Pawn on 1a (21) can never move, on 1b only to 1a: still
    // legal. P*1e gives check (17 -> 18), +P*1c too (19, −1 -> 18): checks are fine. King: 1t, 1s.
    let text = build(&[("1u", "K"), ("1d", "k")], "b", "P");
    expect_moves_both_colours(&text, &concat(&BLACK_KING, &drops('P', "tsrqponmlkjihgfecba")));
    expect_play(&text, "P*1a", "P/1/1/k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w - 2", None);
    // The Pawn on 1a is dead: after White's 1d1e Black's only moves are the King's.
    expect_moves(&line(&text, &["P*1a", "1d1e"]), &BLACK_KING);
}

#[test]
fn white_drops_are_written_in_upper_case_and_mirrored() {
    // White King 1f (16), a Knight in hand; Black: K 1u, P 1t, I 1s. White drops on every empty
    // square with a lower rulebook number than 16: 1g..1r (15..4), tokens in upper case.
    // White King: 1g, 1h (forward), 1e (back).
    let text = build(&[("1f", "k"), ("1u", "K"), ("1t", "P"), ("1s", "I")], "w", "n");
    expect_moves(&text, &concat(&["1f1g", "1f1h", "1f1e"], &drops('N', "ghijklmnopqr")));
    expect_play(&text, "+N*1k", "1/1/1/1/1/k/1/1/1/1/+n/1/1/1/1/1/1/1/I/P/K b - 2", None);
    // Lower-case drop letters are not the notation; behind White's King is illegal.
    expect_malformed(&text, "n*1k");
    expect_malformed(&text, "+n*1k");
    expect_illegal(&text, "N*1e");
    expect_illegal(&text, "N*1a");
}

#[test]
fn each_drop_takes_one_piece_from_the_hand() {
    // Black holds two Knights and a Pawn (`2NP`): N*1k leaves `NP`; White answers 1c1d (its
    // King and Pawn are boxed in); +N*1j leaves `P`; after 1d1e no Knight drop is left.
    let text = background(&[], "b", "2NP");
    expect_play(&text, "N*1k", "k/p/i/1/1/1/1/1/1/1/N/1/1/1/1/1/1/1/1/1/K w NP 2", None);
    let two = line(&text, &["N*1k", "1c1d"]);
    expect_play(&two, "+N*1j", "k/p/1/i/1/1/1/1/1/+N/N/1/1/1/1/1/1/1/1/1/K w P 4", None);
    // No Knight left after the second drop.
    let three = line(&text, &["N*1k", "1c1d", "+N*1j", "1d1e"]);
    expect_some_moves(&three, &["P*1i", "+P*1i"], &["N*1i", "+N*1i"]);
    expect_illegal(&three, "N*1i");
}

// ---------------------------------------------------------------------------------------------
// 6. Check

#[test]
fn a_pinned_piece_may_not_expose_its_king() {
    // Black's Knight 1j stands between its King 1u and White's Lance 1h: its only move, the leap
    // to 1g, would let the Lance slide to 1u. Only the King moves remain (1t, 1s: still covered
    // by the Knight).
    let text = build(&[("1u", "K"), ("1j", "N"), ("1h", "l"), ("1a", "k")], "b", "-");
    reference_expect_check(&text, false);
    expect_moves_both_colours(&text, &BLACK_KING);
    expect_illegal(&text, "1j1g");
}

#[test]
fn a_king_may_not_move_into_attack() {
    // Black King 1p (6): +1 = 1o (7) is free; leap +2 = 1n (8) is attacked by White's Knight 1k
    // (11 -> 8); −1 = 1q (5) by White's Goose 1m (9 -> 5, leap +4 for White). Nothing attacks 1p.
    let text = build(&[("1p", "K"), ("1k", "n"), ("1m", "g"), ("1a", "k")], "b", "-");
    reference_expect_check(&text, false);
    expect_moves_both_colours(&text, &["1p1o"]);
    expect_illegal(&text, "1p1n");
    expect_illegal(&text, "1p1q");
}

#[test]
fn a_cannon_attacks_through_a_king_screen() {
    // White's Silver Cannon 1h (14) with White's own King 1l (10) as its screen covers 1m..1p
    // (9..6) and would take Black's Pawn 1q (5). Black's King 1r (4): its leap +2 to 1p (6)
    // walks into the Cannon's reach (1o, 1n, 1m between are empty): illegal. +1 is its own Pawn,
    // −1 to 1s is safe. The Pawn may step to 1p: the Cannon then reaches 1m..1o and the Pawn,
    // and the King behind it is safe.
    let text = build(&[("1r", "K"), ("1q", "P"), ("1l", "k"), ("1h", "c")], "b", "-");
    reference_expect_check(&text, false);
    expect_moves_both_colours(&text, &["1r1s", "1q1p"]);
    expect_illegal(&text, "1r1p");
}

#[test]
fn a_move_that_gives_an_enemy_cannon_a_screen_is_illegal() {
    // White's Silver Cannon 1h (14) and Black's King 1p (6), nothing between: no screen, so no
    // check (the King itself would be the screen; the empty 1q..1u beyond it are covered). A
    // Pawn dropped between, on 1o..1i, becomes the screen and exposes the King: illegal. Drops
    // beyond the Cannon, 1g..1b, are legal (P*1b checks White's King 1a). The King may go to 1o,
    // 1n, and even to 1q: once it stands there it is again the first piece, the screen, not the
    // target (squares covered through a King screen are judged after the King has moved).
    let text = build(&[("1p", "K"), ("1h", "c"), ("1a", "k")], "b", "P");
    reference_expect_check(&text, false);
    expect_moves_both_colours(&text, &concat(&["1p1o", "1p1n", "1p1q"], &drops('P', "gfedcb")));
    for token in ["P*1o", "+P*1k", "P*1i"] {
        expect_illegal(&text, token);
    }
}

#[test]
fn a_pinned_piece_still_gives_check() {
    // White's Knight 1j (12) is pinned to its King 1i (13) by Black's Lance 1l (10), and still
    // checks Black's King 1m (9) (leap 12 -> 9). Escapes: King −1 to 1n; +1 is its own Lance,
    // +2 to 1k (11) is covered by White's King (13 -> 11). The Lance takes the Knight (1l1j); its
    // quiet 1l1k does not stop a leap.
    let text = build(&[("1m", "K"), ("1l", "L"), ("1j", "n"), ("1i", "k")], "b", "-");
    reference_expect_check(&text, true);
    expect_moves_both_colours(&text, &["1m1n", "1l1j"]);
    expect_illegal(&text, "1l1k");
    expect_illegal(&text, "1m1k");
}

#[test]
fn a_check_may_be_answered_by_a_drop_in_between() {
    // White's Lance 1k checks Black's King 1u down the empty 1t..1l. Black's King moves (1t, 1s)
    // stay on the Lance's line. A Pawn dropped on 1t..1l (either face) blocks; a drop on 1j..1b
    // does not (and is illegal). The Lance can then take the blocker, so White always has a
    // reply.
    let text = build(&[("1u", "K"), ("1k", "l"), ("1a", "k")], "b", "P");
    reference_expect_check(&text, true);
    expect_moves_both_colours(&text, &drops('P', "tsrqponml"));
    for token in ["1u1t", "1u1s", "P*1j", "+P*1b"] {
        expect_illegal(&text, token);
    }
}

// ---------------------------------------------------------------------------------------------
// 7. The stalemate ban

#[test]
fn a_drop_that_stalemates_is_illegal() {
    // White: King 1f, an Iron General in hand; Black: King 1u only, whose moves are 1t and 1s.
    // An Iron General of either face on 1r (4) covers 1s (3) and 1t (2) without attacking 1u:
    // Black would have no move and not be in check, so I*1r and +I*1r are illegal. Every other
    // drop on 1g..1t is legal (on 1s and 1t it checks). White's King: 1g, 1h, 1e.
    let text = build(&[("1f", "k"), ("1u", "K")], "w", "i");
    expect_moves_both_colours(&text, &concat(&["1f1g", "1f1h", "1f1e"], &drops('I', "tsqponmlkjihg")));
    expect_illegal(&text, "I*1r");
    expect_illegal(&text, "+I*1r");
}

#[test]
fn a_board_move_that_stalemates_is_illegal() {
    // White's Iron General 1p (6) to 1r (4, leap +2) would cover 1s and 1t: stalemate, illegal.
    // Its step to 1q (5) covers 1r and 1s only, leaving Black 1t: legal.
    let text = build(&[("1f", "k"), ("1p", "i"), ("1u", "K")], "w", "-");
    expect_moves_both_colours(&text, &["1p1q", "1f1g", "1f1h", "1f1e"]);
    expect_illegal(&text, "1p1r");
}

#[test]
fn a_check_reply_that_stalemates_is_illegal() {
    // White's Pawn 1t checks Black's King 1u. Taking it (1u1t) would leave White with its King
    // 1a alone, both of whose moves (1b, 1c) Black's Iron General 1d covers, not in check and
    // with an empty hand: stalemate, so the capture is illegal. The King's leap to 1s (3) also
    // escapes and leaves White the move 1t1u: it is the only legal move (the Iron General's
    // moves leave the check).
    let text = build(&[("1u", "K"), ("1t", "p"), ("1d", "I"), ("1a", "k")], "b", "-");
    reference_expect_check(&text, true);
    expect_moves_both_colours(&text, &["1u1s"]);
    expect_illegal(&text, "1u1t");
    // With a Goose in White's hand, White could drop it after 1u1t: the capture is legal.
    let text = build(&[("1u", "K"), ("1t", "p"), ("1d", "I"), ("1a", "k")], "b", "g");
    expect_moves_both_colours(&text, &["1u1s", "1u1t"]);
}

#[test]
fn replies_are_judged_with_the_drop_restriction() {
    // White's King 1u (1) can only step back to 1t (2); White holds a Pawn, but every square has
    // a higher number than its King, so it can drop nowhere. Black's Goose 1p (6) leaping −2 to
    // 1r (4) would cover 1t without checking 1u: White would have no legal reply (the drops are
    // all behind its King), so 1p1r is illegal. The Goose's +4 to 1l and the King 1k's moves 1j,
    // 1i, 1l are legal.
    let text = build(&[("1k", "K"), ("1p", "G"), ("1u", "k")], "b", "p");
    expect_moves_both_colours(&text, &["1p1l", "1k1j", "1k1i", "1k1l"]);
    expect_illegal(&text, "1p1r");
}

#[test]
fn a_checkmating_move_is_never_excluded() {
    // White's Pawn 1r guards 1s; I*1s checks Black's King 1u, covers 1t (and 1s cannot be taken):
    // checkmate. Both faces. White's King 1a, Pawn 1r (4 -> 3), hand I: I*1t checks too but the
    // King takes it. The mate is legal although Black then has no move.
    let text = build(&[("1u", "K"), ("1r", "p"), ("1a", "k")], "w", "i");
    expect_some_moves(&text, &["I*1s", "+I*1s", "I*1t"], &[]);
    expect_play(&text, "I*1s", "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/p/i/1/K b - 2", Some("w checkmate"));
    expect_play(&text, "+I*1s", "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/p/+i/1/K b - 2", Some("w checkmate"));
    let mirrored = mirror_position(&text);
    expect_play(&mirrored, "I*1c", "k/1/I/P/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w - 2", Some("b checkmate"));
}

#[test]
fn replies_are_not_judged_by_the_stalemate_ban_itself() {
    // Black: King 1a with its Pawn 1b (both boxed in for good: the King's only move, −1, is its
    // own Pawn, the Pawn's only move is its own King), Iron General 1p. White: King 1u with its
    // Pawn 1t (boxed in the same way), Knight 1k, which leaps to 1n (11 -> 8).
    // Black's Iron 1p to 1n (leap +2) puts itself in the Knight's way: White's only reply is
    // 1k1n, taking it. After that Black could not move and is not in check, so 1k1n would itself
    // be illegal by the stalemate ban; but White's replies are judged only by King safety, the
    // repetition ban and the drop restriction (no recursion), so White "has" the reply 1k1n and
    // 1p1n is legal. White then has no legal move and loses: `b no-moves`.
    let text = build(&[("1a", "K"), ("1b", "P"), ("1p", "I"), ("1u", "k"), ("1t", "p"), ("1k", "n")], "b", "-");
    expect_moves_both_colours(&text, &["1p1o", "1p1n"]);
    expect_play(&text, "1p1n", "K/P/1/1/1/1/1/1/1/1/n/1/1/I/1/1/1/1/1/p/k w - 2", Some("b no-moves"));
    expect_after_end(&line(&text, &["1p1n"]), "1k1n", "b no-moves");
}

#[test]
fn replies_are_judged_with_the_repetition_ban() {
    // White's Heavenly Horse (leaps ±3) shuttles 1o <-> 1r while Black's King shuttles 1u <-> 1t;
    // White's King 1q covers 1s, 1r and 1p. Started from "King 1u, Horse 1o, White to move"
    // (P): after six plies White's 1r1o would leave Black, not in check, with the single move
    // 1t1u, which would create P for the third time: 1r1o stalemates and is illegal. Left: the
    // Horse's leap back to 1u (taking nothing, giving no check) and the King's step back to 1p.
    let text = build(&[("1u", "K"), ("1o", "+n"), ("1q", "k")], "w", "-");
    let six = line(&text, &["1o1r", "1u1t", "1r1o", "1t1u", "1o1r", "1u1t"]);
    expect_moves(&six, &["1r1u", "1q1p"]);
    expect_illegal(&six, "1r1o");
    // Two plies earlier the same move was fine: 1t1u would only create P for the second time.
    expect_some_moves(&line(&text, &["1o1r", "1u1t"]), &["1r1o"], &[]);
}

// ---------------------------------------------------------------------------------------------
// 8. The repetition ban

#[test]
fn a_third_occurrence_is_illegal_and_a_second_is_not() {
    // Bare Kings shuffle from P = (Black K 1u, White K 1a, Black to move). P counts once; after
    // four plies 1b1a creates it a second time (legal); after eight plies the same move would
    // create it a third time: White's 1b1a is then illegal, leaving 1b1c and 1b1d.
    let text = build(&[("1u", "K"), ("1a", "k")], "b", "-");
    let cycle = ["1u1t", "1a1b", "1t1u", "1b1a"];
    expect_some_moves(&line(&text, &cycle[..3]), &["1b1a", "1b1c", "1b1d"], &[]);
    expect_play(&line(&text, &cycle[..3]), "1b1a", "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b - 5", None);
    let seven: Vec<&str> = cycle.iter().chain(&cycle[..3]).copied().collect();
    expect_moves(&line(&text, &seven), &["1b1c", "1b1d"]);
    expect_illegal(&line(&text, &seven), "1b1a");
    // Black's 1u1t at ply 5 created (K 1t, k 1a, White to move) a second time; a third time is
    // banned too: after 1b1c it is new again.
    expect_play(&line(&text, &seven), "1b1c", "1/1/k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b - 9", None);
}

#[test]
fn the_side_to_move_is_part_of_the_position() {
    // Black's King takes three moves to come back (1u1s, 1s1t, 1t1u) and White's two, so the
    // board "K 1u, k 1a" comes back with White to move. From P = (that board, Black to move):
    // ply 5 makes (board, White to move) once, ply 9 a second time. Counting boards alone, ply 9
    // would be the board's third occurrence and banned; with the side to move it is legal.
    let text = build(&[("1u", "K"), ("1a", "k")], "b", "-");
    let eight = ["1u1s", "1a1b", "1s1t", "1b1a", "1t1u", "1a1b", "1u1t", "1b1a"];
    expect_play(&line(&text, &eight), "1t1u", "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K w - 10", None);
}

#[test]
fn the_hands_are_part_of_the_position() {
    // X = (K 1u, k 1a, Black holds a Pawn, Black to move). Black drops it with check on 1b,
    // White's King takes it (Kings never flip), and both Kings walk home (Black's in three moves:
    // 1u1s, 1s1t, 1t1u) so that at ply 8 the board and side of X come back with the Pawn in
    // White's hand: Y. The cycle 1u1t 1a1b 1t1u 1b1a makes Y a second time at ply 12: legal,
    // although counted without hands it would be the board's third occurrence with Black to
    // move (plies 0, 8, 12) and banned.
    let text = build(&[("1u", "K"), ("1a", "k")], "b", "P");
    let to_y = ["P*1b", "1a1b", "1u1s", "1b1a", "1s1t", "1a1b", "1t1u", "1b1a"];
    let y = "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b p 9";
    expect_play(&line(&text, &to_y[..7]), "1b1a", y, None);
    let cycle = ["1u1t", "1a1b", "1t1u", "1b1a"];
    let eleven: Vec<&str> = to_y.iter().chain(&cycle[..3]).copied().collect();
    expect_some_moves(&line(&text, &eleven), &["1b1a", "1b1c", "1b1d", "P*1c"], &[]);
    expect_play(&line(&text, &eleven), "1b1a", "k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b p 13", None);
    // Hands are counted the other way too: (K 1t, k 1a, White holds the Pawn, White to move) came
    // at plies 5 and 9, so Black's 1u1t is now banned and the leap 1u1s is its only move.
    let twelve: Vec<&str> = to_y.iter().chain(&cycle).copied().collect();
    expect_moves(&line(&text, &twelve), &["1u1s"]);
}

#[test]
fn counting_starts_at_the_given_position() {
    // The plies of the first test above, but the game starts from Q = (K 1t, k 1a, White to move),
    // the position after 1u1t: the starting P was never seen, so the last 1b1a creates P only for
    // the second time and is legal.
    let text = build(&[("1t", "K"), ("1a", "k")], "w", "-");
    let six = ["1a1b", "1t1u", "1b1a", "1u1t", "1a1b", "1t1u"];
    expect_some_moves(&line(&text, &six), &["1b1a", "1b1c", "1b1d"], &[]);
    // Two plies later Q itself would come a third time: Black's 1u1t is banned.
    let seven: Vec<&str> = six.iter().chain(&["1b1a"]).copied().collect();
    expect_moves(&line(&text, &seven), &["1u1s"]);
    // The move number is not part of the position: starting from P with move number 5 counts
    // as starting from P.
    let p5 = with_move_number(&build(&[("1u", "K"), ("1a", "k")], "b", "-"), "5");
    let seven = ["1u1t", "1a1b", "1t1u", "1b1a", "1u1t", "1a1b", "1t1u"];
    expect_moves(&line(&p5, &seven), &["1b1c", "1b1d"]);
}

#[test]
fn a_checked_king_whose_escapes_are_all_banned_is_mated() {
    // White's Heavenly Horse 1r checks Black's King 1u (4 -> 1); White's King 1q covers 1s, 1r,
    // 1p. Black's only escape is 1t. Started from P = (King 1t, Horse 1r, White to move), after
    // seven plies Black is in check on 1u and 1u1t would create P a third time: checkmate.
    let text = build(&[("1t", "K"), ("1r", "+n"), ("1q", "k")], "w", "-");
    expect_moves(&text, &["1r1o", "1r1u", "1q1p"]);
    let six = line(&text, &["1r1o", "1t1u", "1o1r", "1u1t", "1r1o", "1t1u"]);
    expect_play(&six, "1o1r", "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/k/+n/1/1/K b - 8", Some("w checkmate"));
    // Four plies earlier the same check was answered by 1u1t (P's second occurrence).
    let two = line(&text, &["1r1o", "1t1u"]);
    expect_play(&two, "1o1r", "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/k/+n/1/1/K b - 4", None);
    expect_moves(&line(&text, &["1r1o", "1t1u", "1o1r"]), &["1u1t"]);
}

// ---------------------------------------------------------------------------------------------
// 9. No legal move: the results

#[test]
fn no_legal_move_loses_checkmate_or_no_moves() {
    // Black's King 1u, White's Iron General 1r covering 1s and 1t: Black is not in check and
    // has no move (reachable only from a position string): White wins, `no-moves`.
    let text = build(&[("1u", "K"), ("1r", "i"), ("1a", "k")], "b", "-");
    reference_expect_check(&text, false);
    expect_result(&text, Some("w no-moves"));
    expect_after_end(&text, "1u1t", "w no-moves");
    // The mirror image: Black wins.
    expect_result(&mirror_position(&text), Some("b no-moves"));
    // In check with no move: White's Iron General 1s checks 1u and covers 1t, its Pawn 1r guards
    // it. White wins, `checkmate`; moves after the end are refused as such.
    let text = build(&[("1u", "K"), ("1s", "i"), ("1r", "p"), ("1a", "k")], "b", "-");
    reference_expect_check(&text, true);
    expect_result(&text, Some("w checkmate"));
    expect_after_end(&text, "1u1t", "w checkmate");
    expect_after_end(&text, "1u1s", "w checkmate");
    expect_result(&mirror_position(&text), Some("b checkmate"));
    // A position with moves has no result.
    expect_result(START, None);
}

// ---------------------------------------------------------------------------------------------
// 10. Refused moves change nothing

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    for token in [
        "1n1l", // a Pawn steps one square only
        "1u1t", // onto its own Ramshead
        "1m1l", // no piece on 1m
        "1h1i", // White's Pawn, Black to move
        "1q1u", // no Goose move (+4 is 1m, −2 is its own Cannon 1s)
        "P*1m", // nothing in hand
        "+P*1m", "1n1n", // well formed (square square), but no piece moves to its own square
    ] {
        expect_illegal(START, token);
    }
}

#[test]
fn malformed_moves_are_refused_and_change_nothing() {
    for token in [
        "1v1a",   // no rank v
        "2a1b",   // no file 2
        "K*1k",   // a King is never dropped
        "+K*1k",  // nor flipped
        "X*1a",   // no piece X
        "n*1m",   // drop letters are upper case
        "P*1v",   // no square 1v
        "1a",     // half a move
        "1n1m+",  // no promotion suffix in Ito
        "+1n1m",  // a board move has no face
        "1n1m1l", // one move at a time
        "P*",     // no square
        "",       // nothing
    ] {
        expect_malformed(START, token);
    }
}

// ---------------------------------------------------------------------------------------------
// 11. Bad positions

#[test]
fn bad_positions_are_refused() {
    let kings = [("1u", "K"), ("1a", "k")];
    let good = build(&kings, "b", "-");
    expect_reads_back(&good, &good);
    let board = good.split(' ').next().expect("a board field").to_string();
    // 20 and 22 ranks.
    let twenty = board.split_once('/').expect("ranks").1.to_string();
    expect_bad_position(&format!("{twenty} b - 1"), |k| matches!(k, K::RankCount { expected: 21, found: 20 }));
    expect_bad_position(&format!("1/{board} b - 1"), |k| matches!(k, K::RankCount { expected: 21, found: 22 }));
    // A rank of two squares (`2` instead of `1`) on an otherwise valid board.
    let wide = format!("{} b - 1", board.replacen("/1/", "/2/", 1));
    expect_bad_position(&wide, |k| matches!(k, K::RankSquares { expected: 1, found: 2, .. }));
    // Unknown pieces: a flipped King, a letter of no Ito piece.
    for piece in ["+K", "+k", "x", "B"] {
        let text = build(&[("1u", "K"), ("1a", "k"), ("1k", piece)], "b", "-");
        expect_bad_position(&text, |k| matches!(k, K::UnknownPiece { .. }));
    }
    // Two Kings for a side.
    let text = build(&[("1u", "K"), ("1t", "K"), ("1a", "k")], "b", "-");
    expect_bad_position(&text, |k| matches!(k, K::TooManyKings { side: Side::First, count: 2 }));
    let text = build(&[("1u", "K"), ("1a", "k"), ("1c", "k")], "b", "-");
    expect_bad_position(&text, |k| matches!(k, K::TooManyKings { side: Side::Second, count: 2 }));
    // A missing King (the kind is for the engine to name).
    expect_bad_position(&build(&[("1u", "K")], "b", "-"), |_| true);
    expect_bad_position(&build(&[("1a", "k")], "w", "-"), |_| true);
    // Three Pawns counting board and hand, faces merged, either colour.
    let text = build(&[("1u", "K"), ("1a", "k"), ("1k", "P"), ("1j", "+p")], "b", "P");
    expect_bad_position(&text, |k| matches!(k, K::TooManyPieces { count: 3, most: 2, .. }));
    let text = build(&[("1u", "K"), ("1a", "k"), ("1k", "+n")], "b", "2N");
    expect_bad_position(&text, |k| matches!(k, K::TooManyPieces { count: 3, most: 2, .. }));
    expect_bad_position(&build(&kings, "b", "2Rr"), |k| matches!(k, K::TooManyPieces { count: 3, most: 2, .. }));
    // Three of a kind written as one hand count.
    expect_bad_position(&build(&kings, "b", "3P"), |k| {
        matches!(k, K::BadHandCount { .. } | K::TooManyPieces { count: 3, most: 2, .. })
    });
    // Hands: a King, a repeated letter, a count of 1 or with a leading zero, a flipped or unknown
    // piece, a trailing count.
    expect_bad_position(&build(&kings, "b", "K"), |k| matches!(k, K::KingInHand));
    expect_bad_position(&build(&kings, "b", "k"), |k| matches!(k, K::KingInHand));
    expect_bad_position(&build(&kings, "b", "PP"), |k| matches!(k, K::RepeatedHandPiece { piece: 'P' }));
    expect_bad_position(&build(&kings, "b", "1P"), |k| matches!(k, K::BadHandCount { .. }));
    expect_bad_position(&build(&kings, "b", "02P"), |k| matches!(k, K::BadHandCount { .. }));
    expect_bad_position(&build(&kings, "b", "+P"), |k| matches!(k, K::UnknownHandPiece { .. }));
    expect_bad_position(&build(&kings, "b", "X"), |k| matches!(k, K::UnknownHandPiece { .. }));
    expect_bad_position(&build(&kings, "b", "P2"), |k| matches!(k, K::HandEndsWithCount));
    // The side not to move in check: Black's King 1m attacked by White's (pinned) Knight 1j while
    // White is to move.
    let text = build(&[("1m", "K"), ("1l", "L"), ("1j", "n"), ("1i", "k")], "w", "-");
    expect_bad_position(&text, |k| matches!(k, K::WaitingSideInCheck { side: Side::First }));
    let text = build(&[("1u", "K"), ("1a", "k"), ("1k", "L")], "b", "-");
    expect_bad_position(&text, |k| matches!(k, K::WaitingSideInCheck { side: Side::Second }));
    // Side and move number fields; the number of fields.
    for side in ["x", "B", "W", "-"] {
        expect_bad_position(&format!("{board} {side} - 1"), |k| matches!(k, K::BadSide));
    }
    for number in ["0", "01", "-1", "x", "9223372036854775808"] {
        expect_bad_position(&format!("{board} b - {number}"), |k| matches!(k, K::BadMoveNumber { .. }));
    }
    expect_bad_position(&format!("{board} b"), |k| matches!(k, K::MissingFields));
    expect_bad_position(&format!("{board} b - 1 1"), |k| matches!(k, K::ExtraFields));
}

#[test]
fn unusual_positions_the_rules_allow() {
    // Two of a kind with faces merged (a Go-Between on the board and a Pawn in hand), a Pawn on
    // its last square that can never move, the largest move number, and the side to move
    // already checkmated (only the side not to move may not be in check).
    let text = build(&[("1u", "K"), ("1a", "k"), ("1c", "P"), ("1j", "+p")], "b", "-");
    expect_reads_back(&text, &text);
    let text = build(&[("1u", "K"), ("1b", "k"), ("1a", "P")], "w", "-");
    expect_reads_back(&text, &text);
    let text = with_move_number(&build(&[("1u", "K"), ("1a", "k")], "b", "2R2C2G2L2N2I2P"), "9223372036854775807");
    expect_reads_back(&text, &text);
    let mated = build(&[("1u", "K"), ("1s", "i"), ("1r", "p"), ("1a", "k")], "b", "-");
    expect_reads_back(&mated, &mated);
}
