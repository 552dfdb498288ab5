//! The checkers family (docs/rules/checkers.md, /work/shared/RULES.md §5, protocol-spec.md §15,
//! §17): hand-built positions, one focused test per rule and ruling. Every expected move list
//! was worked out by hand from the rules text (the reasoning is in the comment above it); the
//! tests check the exact set of legal tokens, the exact position after a move (which pieces went,
//! promotion or not) and the result.
//!
//! Board orientation: files 9 (left) .. 1 (right) on the 9x9 board (`enryo`,
//! `philosophy-checkers`), 8 .. 1 on the 8x8 board (`checkers`); rank `a` is the top (White,
//! lower case, the second player `w`), the bottom rank belongs to Black (upper case, `b`, moves
//! first and "forward" is toward rank `a`). A square is dark (played) when its file number plus
//! its rank number (`a` = 1) is even. In the comments a square is also written `(file, rank)`;
//! Black's forward diagonals go from `(f, r)` to `(f ± 1, r - 1)`, White's to `(f ± 1, r + 1)`.
//!
//! Kings parked in a corner (`9i`, `1a`, `1i`) can never be captured: every line through a
//! corner ends there, so no square lies beyond the King.

use crate::engine_process::Engine;
use crate::games::engine;
use crate::results::result_of;
use tetsugaku::game::{MoveError, PositionErrorKind as K};
use tetsugaku::{AnyGame, GameError, RuleValues, Variant};

const ENRYO: &str = "enryo";
const PHILOSOPHY: &str = "philosophy-checkers";
const CHECKERS: &str = "checkers";

/// The board width (and height) of `variant`.
fn size(variant: &str) -> usize {
    if variant == CHECKERS {
        8
    } else {
        9
    }
}

/// `(file, rank)` of a square name such as `5g` (rank `a` = 1).
fn coords(square: &str) -> (usize, usize) {
    let bytes = square.as_bytes();
    assert_eq!(bytes.len(), 2, "test bug: square {square:?}");
    ((bytes[0] - b'0') as usize, (bytes[1] - b'a' + 1) as usize)
}

/// The board field of a position: `pieces` lists `<piece><square>` items separated by spaces
/// (`"+M5g K9i m4f k1a"`), every other square is empty.
fn board(variant: &str, pieces: &str) -> String {
    let n = size(variant);
    let mut grid: Vec<Vec<Option<&str>>> = vec![vec![None; n]; n];
    for item in pieces.split_whitespace() {
        let (piece, square) = item.split_at(item.len() - 2);
        let (file, rank) = coords(square);
        assert!((1..=n).contains(&file) && (1..=n).contains(&rank), "test bug: {square} is off the board");
        let cell = &mut grid[rank - 1][n - file];
        assert!(cell.is_none(), "test bug: {square} given twice");
        *cell = Some(piece);
    }
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(piece);
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The position string of `pieces` with `side` (`"b"` or `"w"`) to move, move number 1.
fn position(variant: &str, pieces: &str, side: &str) -> String {
    format!("{} {side} - 1", board(variant, pieces))
}

fn other(side: &str) -> &'static str {
    if side == "b" {
        "w"
    } else {
        "b"
    }
}

/// Board and side fields of a position string (the move number changes with every move).
fn board_and_side(text: &str) -> String {
    text.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

fn result(game: &AnyGame) -> Option<String> {
    result_of(game.turn())
}

/// Loads the hand-built position on the engine and checks it reads back unchanged.
fn load(variant: &str, pieces: &str, side: &str) -> AnyGame {
    let text = position(variant, pieces, side);
    let game = engine(variant, Some(&text));
    assert_eq!(game.position_string(), text, "{variant}: the position does not read back unchanged");
    game
}

/// The legal moves, sorted; fails if the engine lists a token twice.
fn sorted_moves(game: &AnyGame) -> Vec<String> {
    let mut moves = game.legal_moves();
    let count = moves.len();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), count, "a move is listed twice in {:?}", game.legal_moves());
    moves
}

/// Loads the position and checks its legal moves are exactly `expected`.
fn expect_moves(variant: &str, pieces: &str, side: &str, expected: &[&str]) -> AnyGame {
    let game = load(variant, pieces, side);
    let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(sorted_moves(&game), want, "{variant}: legal moves of {}", position(variant, pieces, side));
    game
}

/// Plays `token` in `game` (whose side to move is `side`) and checks that the position is then
/// exactly `after` (pieces, the other side to move) and the result is `expected`.
fn play_in(game: &mut AnyGame, variant: &str, side: &str, token: &str, after: &str, expected: Option<&str>) {
    let before = game.position_string();
    game.play_token(token).unwrap_or_else(|e| panic!("{variant}: {token} refused in {before}: {e}"));
    assert_eq!(
        board_and_side(&game.position_string()),
        format!("{} {}", board(variant, after), other(side)),
        "{variant}: the position after {token} in {before}"
    );
    assert_eq!(result(game).as_deref(), expected, "{variant}: the result after {token} in {before}");
    if expected.is_some() {
        assert!(game.legal_moves().is_empty(), "{variant}: moves listed after the end of the game");
    }
}

/// Loads the position, checks its legal moves are exactly `expected`, plays each of `played`
/// (a fresh copy each time) and checks the position `after` and the result.
fn expect_and_play(
    variant: &str,
    pieces: &str,
    side: &str,
    expected: &[&str],
    played: &[(&str, &str, Option<&str>)],
) -> AnyGame {
    let game = expect_moves(variant, pieces, side, expected);
    for &(token, after, outcome) in played {
        let mut copy = game.clone();
        play_in(&mut copy, variant, side, token, after, outcome);
    }
    game
}

/// The error for a move the game must refuse, and the proof that nothing changed.
fn refused(game: &mut AnyGame, token: &str) -> MoveError {
    let before = (game.position_string(), game.key(), game.legal_moves());
    let error = match game.play_token(token) {
        Ok(()) => panic!("{token} was accepted in {}", before.0),
        Err(GameError::Move(e)) => e,
        Err(e) => panic!("{token}: refused as something other than a move: {e:?}"),
    };
    assert_eq!((game.position_string(), game.key(), game.legal_moves()), before, "{token} changed the game");
    assert_eq!(error.token(), token);
    error
}

/// `token` is well formed but illegal here.
fn assert_illegal(game: &mut AnyGame, token: &str) {
    match refused(game, token) {
        MoveError::Illegal { .. } => {}
        other => panic!("{token}: expected an illegal move, got {other:?}"),
    }
}

fn new_game(variant: &str, text: &str) -> Result<AnyGame, GameError> {
    let v = Variant::named(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
    AnyGame::new(v, &RuleValues::default(), Some(text))
}

/// The position string must be refused as a bad position; returns the kind of error.
fn bad_position(variant: &str, text: &str) -> K {
    match new_game(variant, text) {
        Ok(game) => panic!("{variant}: {text} was accepted: {}", game.position_string()),
        Err(GameError::Position(e)) => {
            let line = GameError::Position(e.clone()).to_string();
            assert!(line.starts_with("bad position: "), "{variant}: {text}: {line}");
            e.kind
        }
        Err(e) => panic!("{variant}: {text} refused, but not as a bad position: {e:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Rules common to the three games (§2)

#[test]
fn capturing_is_compulsory() {
    // enryo. Black: Men 5g (5,7) and 9g (9,7), King 9i; White: Man 4f (4,6), King 1a.
    // 5g jumps 4f forward to 3e (3,5), which is empty, so Black must capture: the steps
    // 5g6f, 9g8f and 9i8h are not listed. From 3e nothing more can be jumped (2d, 4d are empty).
    let mut game =
        expect_and_play(ENRYO, "M5g M9g K9i m4f k1a", "b", &["5gx3e"], &[("5gx3e", "M3e M9g K9i k1a", None)]);
    for quiet in ["5g6f", "9g8f", "9i8h"] {
        assert_illegal(&mut game, quiet);
    }
    // English checkers, the same shape for White: Man 5c (5,3) jumps 4d (4,4) to 3e (3,5);
    // White's quiet steps (8b7c, 8b9c is off the board) are not listed.
    let mut game = expect_and_play(CHECKERS, "M4d M8h m5c m8b", "w", &["5cx3e"], &[("5cx3e", "M8h m3e m8b", None)]);
    assert_illegal(&mut game, "8b7c");
}

#[test]
fn a_capturing_piece_must_keep_jumping() {
    // enryo. Black Man 5g (5,7) jumps 4f (4,6) to 3e (3,5); from there 4d (4,4) stands on its
    // forward diagonal with 5c (5,3) empty behind it, so it must jump again: the only move is
    // 5gx3ex5c and stopping on 3e (5gx3e) is illegal.
    let mut game =
        expect_and_play(ENRYO, "M5g K9i m4f m4d k1a", "b", &["5gx3ex5c"], &[("5gx3ex5c", "M5c K9i k1a", None)]);
    assert_illegal(&mut game, "5gx3e");
    // English checkers: 6f (6,6) jumps 5e (5,5) to 4d (4,4), then 3c (3,3) to 2b (2,2).
    let mut game = expect_and_play(CHECKERS, "M6f m5e m3c m8b", "b", &["6fx4dx2b"], &[("6fx4dx2b", "M2b m8b", None)]);
    assert_illegal(&mut game, "6fx4d");
}

#[test]
fn two_paths_taking_the_same_pieces_are_two_moves() {
    // enryo. Black Prince 5g (5,7) below a square of four White Men 4f (4,6), 6f (6,6),
    // 4d (4,4), 6d (6,4). Going round it to the right: 4f -> 3e, 4d -> 5c, 6d -> 7e, 6f -> back
    // to 5g (the origin counts as empty); to the left: 6f -> 7e, 6d -> 5c, 4d -> 3e, 4f -> 5g.
    // On 5g again both neighbours above are captured (not jumpable twice) and 4h, 6h are empty:
    // the move ends. Nothing else can capture (the King on 9i has an empty 8h), so exactly these
    // two moves, which leave the same position.
    expect_and_play(
        ENRYO,
        "+M5g K9i m4f m6f m4d m6d k1a",
        "b",
        &["5gx3ex5cx7ex5g", "5gx7ex5cx3ex5g"],
        &[("5gx3ex5cx7ex5g", "+M5g K9i k1a", None), ("5gx7ex5cx3ex5g", "+M5g K9i k1a", None)],
    );
    // English checkers, a crowned king on 4f (4,6) round 3e, 3c, 5c, 5e: two moves back to 4f.
    // White has no piece left afterwards and loses (`no-moves`).
    expect_and_play(
        CHECKERS,
        "+M4f m3e m5e m3c m5c",
        "b",
        &["4fx2dx4bx6dx4f", "4fx6dx4bx2dx4f"],
        &[("4fx2dx4bx6dx4f", "+M4f", Some("b no-moves")), ("4fx6dx4bx2dx4f", "+M4f", Some("b no-moves"))],
    );
}

#[test]
fn a_capture_sequence_may_pass_through_its_origin() {
    // enryo. As above, plus a White Man on 4h (4,8). After the loop the Prince is on 5g again
    // and jumps 4h to 3i (3,9): the sequence crosses its own origin. From 3i nothing more
    // (2h empty, 4h taken). Taking 4h first (5gx3i) ends at once: from 3i the only neighbour
    // holding a piece is 4h itself. No majority rule in enryo, so three moves.
    expect_and_play(
        ENRYO,
        "+M5g K9i m4f m6f m4d m6d m4h k1a",
        "b",
        &["5gx3ex5cx7ex5gx3i", "5gx7ex5cx3ex5gx3i", "5gx3i"],
        &[
            ("5gx3ex5cx7ex5gx3i", "+M3i K9i k1a", None),
            ("5gx7ex5cx3ex5gx3i", "+M3i K9i k1a", None),
            ("5gx3i", "+M3i K9i m4f m6f m4d m6d k1a", None),
        ],
    );
}

#[test]
fn a_flying_prince_may_slide_over_its_origin() {
    // philosophy-checkers. Black Prince 5e (5,5); White Men 5c (5,3), 7c (7,3), 3e (3,5).
    // 5e over 5c to 5a; 5a along the diagonal 6b over 7c to 8d or 9e; from 9e back along rank e
    // over 7e and the empty origin 5e to 3e, landing 1e: 3 pieces. Every other way takes fewer:
    // 5ex1e, 5ex8b, 5ex9a take one (the captured piece blocks the way back, the other lines are
    // empty or end on the cornered White King), 5ex5ax8d takes two. Were the origin occupied,
    // the best would be the two 2-piece moves 5ex5ax8d and 5ex5ax9e.
    expect_and_play(
        PHILOSOPHY,
        "+M5e K9i m5c m7c m3e k1a",
        "b",
        &["5ex5ax9ex1e"],
        &[("5ex5ax9ex1e", "+M1e K9i k1a", None)],
    );
}

#[test]
fn captured_pieces_cannot_be_jumped_twice() {
    // English checkers. Black king 4f (4,6), White Men 3e (3,5) and 3c (3,3) (and 8b, far away).
    // 4f jumps 3e to 2d (2,4), then 3c to 4b (4,2). On 4b the captured 3c is still on the board
    // with 2d empty behind it, and on 2d the captured 3e had the empty origin 4f behind it: were
    // captured pieces jumpable again (or removed at once) the move would go on. It ends on 4b.
    expect_and_play(CHECKERS, "+M4f m3e m3c m8b", "b", &["4fx2dx4b"], &[("4fx2dx4b", "+M4b m8b", None)]);
}

#[test]
fn captured_pieces_block_a_flying_prince() {
    // philosophy-checkers. Black Prince 5e (5,5) between White Men 5c (5,3) above and 5g (5,7)
    // below, on file 5 (dark squares 5a, 5c, 5e, 5g, 5i). It takes 5c landing on 5a, or 5g
    // landing on 5i (one landing square each). From 5a, looking back down file 5, the captured
    // 5c still stands there: it cannot be jumped again and it blocks the way to 5g (were it
    // removed, 5ax5i over 5g would follow through the empty origin). The same from 5i. Other
    // lines: diagonals to 1a (the White King in a corner, nothing beyond) and to 9i (own King)
    // and the rest are empty. Both moves take one piece.
    expect_and_play(
        PHILOSOPHY,
        "+M5e K9i m5c m5g k1a",
        "b",
        &["5ex5a", "5ex5i"],
        &[("5ex5a", "+M5a K9i m5g k1a", None), ("5ex5i", "+M5i K9i m5c k1a", None)],
    );
    // With a third Man on 2f (2,6): from 5i the diagonal 4h, 3g, 2f holds it with 1e empty
    // beyond, so 5ex5ix1e takes two. From 5a, file 5 is still blocked by the captured 5c
    // (otherwise 5ex5ax5ix1e would take three); the diagonals from 5a are empty, so 5ex5a takes
    // one. From 1e: file 1 up to the King 1a, rank e through the empty origin to 9e, the
    // diagonal to 5a: no enemy; the diagonal back holds the captured 2f. Majority: 5ex5ix1e.
    expect_and_play(
        PHILOSOPHY,
        "+M5e K9i m5c m5g m2f k1a",
        "b",
        &["5ex5ix1e"],
        &[("5ex5ix1e", "+M1e K9i m5c k1a", None)],
    );
}

// ---------------------------------------------------------------------------------------------
// enryo (§3)

#[test]
fn enryo_men_capture_only_forward_and_only_diagonally() {
    // Black Man 5e (5,5) with White Men behind it on 4f (4,6) and 6f (6,6) (3g, 7g empty beyond),
    // beside it on 3e (3,5) and above it on 5c (5,3) (1e, 5a empty): an enryo Man captures only
    // forward diagonally, so none of these is a capture and the Man just steps to 4d or 6d. The
    // King 9i steps to 8h.
    let mut game = expect_moves(ENRYO, "M5e K9i m4f m6f m3e m5c k1a", "b", &["5e4d", "5e6d", "9i8h"]);
    for token in ["5ex3g", "5ex7g", "5ex1e", "5ex5a"] {
        assert_illegal(&mut game, token);
    }
    // A Man does not step backward either: 5e4f, 5e6f are illegal (with those squares empty).
    let mut game = expect_moves(ENRYO, "M5e K9i k1a", "b", &["5e4d", "5e6d", "9i8h"]);
    for token in ["5e4f", "5e6f"] {
        assert_illegal(&mut game, token);
    }
}

#[test]
fn enryo_prince_and_king_step_and_jump_on_all_four_diagonals_without_flying() {
    // Black Prince 5e (5,5); White Men 3c (3,3) and 7g (7,7), two squares away on diagonals with
    // the squares between empty: a flying piece would take them, a short-jumping one cannot.
    // The Prince steps one square on each diagonal: 4d, 6d, 4f, 6f (no slides such as 5e3g or
    // 5e7c, no long captures 5ex2b over 3c or 5ex8h over 7g). The King 9i steps to 8h.
    let mut game = expect_moves(ENRYO, "+M5e K9i m3c m7g k1a", "b", &["5e4d", "5e6d", "5e4f", "5e6f", "9i8h"]);
    for token in ["5ex2b", "5ex8h", "5e3g", "5e7c"] {
        assert_illegal(&mut game, token);
    }
    // The Prince jumps backward: White Men 4f (4,6) and 6f (6,6) behind it, 3g and 7g empty.
    expect_and_play(
        ENRYO,
        "+M5e K9i m4f m6f k1a",
        "b",
        &["5ex3g", "5ex7g"],
        &[("5ex3g", "+M3g K9i m6f k1a", None), ("5ex7g", "+M7g K9i m4f k1a", None)],
    );
    // The King jumps forward (4d -> 3c) and backward (4f -> 3g); 7c (7,3) two squares away is
    // out of reach.
    expect_and_play(
        ENRYO,
        "K5e m4f m4d m7c k1a",
        "b",
        &["5ex3c", "5ex3g"],
        &[("5ex3c", "K3c m4f m7c k1a", None), ("5ex3g", "K3g m4d m7c k1a", None)],
    );
}

#[test]
fn enryo_man_promoted_by_a_jump_stops_there() {
    // Black Man 5c (5,3) jumps 4b (4,2) to 3a (3,1), the far rank: it becomes a Prince and the
    // move ends, although a Prince on 3a could go on over 2b (2,2) to 1c (1,3).
    expect_and_play(ENRYO, "M5c K9i m4b m2b k1a", "b", &["5cx3a"], &[("5cx3a", "+M3a K9i m2b k1a", None)]);
    // The same for White, whose far rank is i: 5g (5,7) jumps 4h (4,8) to 3i (3,9) and stops,
    // although a Prince could go on over 2h (2,8) to 1g (1,7).
    expect_and_play(ENRYO, "K9i M4h M2h m5g k1a", "w", &["5gx3i"], &[("5gx3i", "K9i M2h +m3i k1a", None)]);
    // A Man stepping onto the far rank is promoted too: 4b (4,2) -> 3a or 5a.
    expect_and_play(
        ENRYO,
        "M4b K9i k1a",
        "b",
        &["4b3a", "4b5a", "9i8h"],
        &[("4b3a", "+M3a K9i k1a", None), ("4b5a", "+M5a K9i k1a", None)],
    );
}

#[test]
fn enryo_taking_the_king_mid_sequence_does_not_stop_the_move() {
    // Black Man 5g (5,7) jumps the White King on 4f (4,6) to 3e (3,5) and must go on over 4d
    // (4,4) to 5c (5,3). The game is decided once the whole move is played: `b king-capture`.
    let mut game = expect_and_play(
        ENRYO,
        "M5g K9i k4f m4d",
        "b",
        &["5gx3ex5c"],
        &[("5gx3ex5c", "M5c K9i", Some("b king-capture"))],
    );
    assert_illegal(&mut game, "5gx3e");
    // Once the King is taken the game is over: any further move is refused as played after
    // the end of the game.
    game.play_token("5gx3ex5c").expect("legal");
    match refused(&mut game, "9i8h") {
        MoveError::AfterEnd { .. } => {}
        other => panic!("expected a move after the end of the game, got {other:?}"),
    }
}

#[test]
fn enryo_king_capture_wins() {
    // White to move. White Man 5c (5,3) jumps the Black King on 4d (4,4) to 3e (3,5) — a forward
    // jump for White; capture is compulsory, so it is the only move. White wins.
    expect_and_play(ENRYO, "K4d M9g m5c k1a", "w", &["5cx3e"], &[("5cx3e", "M9g m3e k1a", Some("w king-capture"))]);
}

#[test]
fn enryo_a_player_without_a_legal_move_loses() {
    // Black Men 2b (2,2) and 3c (3,3) and King 9i; the White King sits in corner 1a. Black steps
    // 2b3a (promoting), 3c4b or 9i8h. After 9i8h the White King can neither step to 2b (taken)
    // nor jump it (3c is occupied): White has no legal move and loses.
    expect_and_play(
        ENRYO,
        "M2b M3c K9i k1a",
        "b",
        &["2b3a", "3c4b", "9i8h"],
        &[("9i8h", "M2b M3c K8h k1a", Some("b no-moves"))],
    );
    // A position given with the side to move stuck is already decided: Black's King on 9i is
    // walled in by White Men 8h and 7g.
    let game = load(ENRYO, "K9i m8h m7g k1a", "b");
    assert_eq!(result(&game).as_deref(), Some("w no-moves"));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn enryo_and_philosophy_third_occurrence_is_a_draw() {
    // Kings shuffling 9i-8h and 1a-2b. The given position counts once: it comes back after 4
    // plies (second occurrence, not drawn) and after 8 plies (third occurrence: drawn).
    for variant in [ENRYO, PHILOSOPHY] {
        repetition(variant, "K9i k1a", &["9i8h", "1a2b", "8h9i", "2b1a"]);
    }
}

#[test]
fn philosophy_the_side_to_move_is_part_of_a_repeated_position() {
    // A philosophy-checkers Prince can walk a triangle (9e-8d diagonal, 8d-7e diagonal, 7e-9e
    // along rank e) while the White King shuffles 1a-2b: the joint cycle is 12 plies and its 12
    // positions (board and side to move) are all different, though every board comes back
    // within the cycle with the other side to move. The start comes back after 12 plies
    // (second occurrence) and 24 plies (third: draw). Counting boards without the side to move
    // would draw at ply 12. No capture is ever possible (the White King is never on a line of
    // the Prince with an empty square behind it).
    let black = ["9e8d", "8d7e", "7e9e"];
    let white = ["1a2b", "2b1a"];
    let mut game = load(PHILOSOPHY, "+M9e K9i k1a", "b");
    for ply in 1..=24 {
        let token = if ply % 2 == 1 { black[(ply / 2) % 3] } else { white[(ply / 2 - 1) % 2] };
        game.play_token(token).unwrap_or_else(|e| panic!("ply {ply} {token}: {e}"));
        if ply < 24 {
            assert_eq!(result(&game), None, "decided after ply {ply} ({token})");
        }
    }
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
}

/// Plays the four-ply cycle `cycle` twice from `pieces` (Black to move): no result before the
/// eighth ply (in particular not at the second occurrence of the start after four plies),
/// `draw repetition` after it, with no legal move left.
fn repetition(variant: &str, pieces: &str, cycle: &[&str]) {
    let mut game = load(variant, pieces, "b");
    let start = board_and_side(&game.position_string());
    for ply in 1..=8 {
        let token = cycle[(ply - 1) % 4];
        game.play_token(token).unwrap_or_else(|e| panic!("{variant}: ply {ply} {token}: {e}"));
        if ply % 4 == 0 {
            assert_eq!(board_and_side(&game.position_string()), start, "{variant}: the cycle is not a cycle");
        }
        if ply < 8 {
            assert_eq!(result(&game), None, "{variant}: decided after ply {ply}");
        }
    }
    assert_eq!(result(&game).as_deref(), Some("draw repetition"), "{variant}: third occurrence");
    assert!(game.legal_moves().is_empty());
}

// ---------------------------------------------------------------------------------------------
// philosophy-checkers (§4)

#[test]
fn philosophy_man_captures_in_all_eight_directions() {
    // Black Man 5e (5,5), one White Man next to it in each direction, the square beyond empty:
    // diagonals (short jump) 4d -> 3c, 6d -> 7c, 4f -> 3g, 6f -> 7g (the last two backward);
    // orthogonals (enemy on the next dark square, two squares away; landing four squares away)
    // 5c -> 5a, 5g -> 5i, 3e -> 1e, 7e -> 9e. From each landing square no other piece is in
    // reach, so each position has exactly that one move. Landing on 5a, the far rank, ends the
    // move there and promotes.
    let cases = [
        ("m4d", "5ex3c", "M3c"),
        ("m6d", "5ex7c", "M7c"),
        ("m4f", "5ex3g", "M3g"),
        ("m6f", "5ex7g", "M7g"),
        ("m5c", "5ex5a", "+M5a"),
        ("m5g", "5ex5i", "M5i"),
        ("m3e", "5ex1e", "M1e"),
        ("m7e", "5ex9e", "M9e"),
    ];
    for (enemy, token, landed) in cases {
        let before = format!("M5e K9i {enemy} k1a");
        let after = format!("{landed} K9i k1a");
        expect_and_play(PHILOSOPHY, &before, "b", &[token], &[(token, &after, None)]);
    }
    // The example of the rules: 5g (5,7) takes 5e (5,5) orthogonally, landing on 5c (5,3).
    expect_and_play(PHILOSOPHY, "M5g K9i m5e k1a", "b", &["5gx5c"], &[("5gx5c", "M5c K9i k1a", None)]);
    // White's orthogonal capture downward: 5c (5,3) over 5e (5,5) to 5g (5,7).
    expect_and_play(PHILOSOPHY, "M5e K9i m5c k1a", "w", &["5cx5g"], &[("5cx5g", "K9i m5g k1a", None)]);
    // The orthogonal capture needs the enemy on the very next dark square: with 5e (5,5) empty,
    // a Man on 5g does not reach a White Man on 5c; it just steps.
    expect_moves(PHILOSOPHY, "M5g K9i m5c k1a", "b", &["5g4f", "5g6f", "9i8h"]);
}

#[test]
fn philosophy_prince_slides_diagonally_and_orthogonally_along_dark_squares() {
    // Black Prince 5e (5,5) on an otherwise empty board (Kings on 9i, 1a). Diagonals: 4d 3c 2b
    // (1a is the White King, in a corner: no capture), 6d 7c 8b 9a, 4f 3g 2h 1i, 6f 7g 8h (9i is
    // its own King). Orthogonals, two squares at a time: 5c 5a, 5g 5i, 3e 1e, 7e 9e. The King
    // steps 9i8h. 22 + 1 moves.
    let mut game = expect_moves(
        PHILOSOPHY,
        "+M5e K9i k1a",
        "b",
        &[
            "5e4d", "5e3c", "5e2b", "5e6d", "5e7c", "5e8b", "5e9a", "5e4f", "5e3g", "5e2h", "5e1i", "5e6f", "5e7g",
            "5e8h", "5e5c", "5e5a", "5e5g", "5e5i", "5e3e", "5e1e", "5e7e", "5e9e", "9i8h",
        ],
    );
    // The light squares between are never used: 5e5d is not a move.
    assert!(game.play_token("5e5d").is_err());
    assert_eq!(game.position_string(), position(PHILOSOPHY, "+M5e K9i k1a", "b"));
}

#[test]
fn philosophy_flying_prince_long_multi_capture() {
    // Black Prince 9i (9,9), Black King 1i (1,9); White Men 9e (9,5), 5c (5,3), 3e (3,5), White
    // King 1a (corner, never capturable).
    // From 9i: up file 9 over 9g (empty) to 9e, landing 9c or 9a (rank i runs into its own King,
    // the long diagonal ends on the White King in the corner).
    //  - 9a: file 9 is blocked by the captured 9e; rank a runs to the cornered King; the
    //    diagonal 8b..2h to the own King is empty: ends with 1 piece.
    //  - 9c: along rank c over 7c to 5c, landing 3c or 1c (the other lines from 9c are empty or
    //    blocked by 9e).
    //    - 3c: down file 3 over 3e, landing 3g or 3i (rank c back is blocked by 5c; the long
    //      diagonal back to the empty origin 9i holds nothing): 3 pieces, then nothing is left.
    //    - 1c: the diagonal 2d, 3e holds 3e, landing 4f, 5g, 6h or 7i: 3 pieces.
    // Majority rule: the six 3-piece moves; 9ix9a is not legal.
    expect_and_play(
        PHILOSOPHY,
        "+M9i K1i m9e m5c m3e k1a",
        "b",
        &["9ix9cx3cx3g", "9ix9cx3cx3i", "9ix9cx1cx4f", "9ix9cx1cx5g", "9ix9cx1cx6h", "9ix9cx1cx7i"],
        &[("9ix9cx1cx7i", "+M7i K1i k1a", None), ("9ix9cx3cx3g", "+M3g K1i k1a", None)],
    );
}

#[test]
fn philosophy_majority_rule_counts_pieces_and_the_king_counts_one() {
    // Black: King 9a (corner), Men 9c (9,3), 1c (1,3), 6b (6,2). White: Men 8d (8,4), 6d (6,4),
    // 7g (7,7), 8h (8,8), 2d (2,4), 2h (2,8), King 3g (3,7).
    //  - 9c: over 8d to 7e (7,5); then over 6d to 5c (5,3) and stop (2 pieces), or orthogonally
    //    over 7g to 7i (7,9), then over 8h to 9g (9,7) and stop (3 pieces).
    //  - 1c: over 2d to 3e (3,5), orthogonally over the King on 3g to 3i (3,9), over 2h to 1g
    //    (1,7) and stop (3 pieces, the King counting 1).
    //  - 6b: orthogonally down over 6d to 6f (6,6); 7g next to it has 8h behind it (occupied):
    //    stop (1 piece).
    // Only the two 3-piece moves are legal; the one that takes the King wins.
    let mut game = expect_and_play(
        PHILOSOPHY,
        "K9a M9c M1c M6b m8d m6d m7g m8h m2d m2h k3g",
        "b",
        &["9cx7ex7ix9g", "1cx3ex3ix1g"],
        &[
            ("9cx7ex7ix9g", "K9a M9g M1c M6b m6d m2d m2h k3g", None),
            ("1cx3ex3ix1g", "K9a M9c M1g M6b m8d m6d m7g m8h", Some("b king-capture")),
        ],
    );
    for smaller in ["9cx7ex5c", "6bx6f", "9cx7e", "1cx3e"] {
        assert_illegal(&mut game, smaller);
    }
}

#[test]
fn philosophy_man_crossing_the_far_rank_mid_capture_stays_a_man() {
    // Black Man 5c (5,3) jumps 4b (4,2) to 3a (3,1) on the far rank and goes on as a Man: back
    // over 2b (2,2) to 1c (1,3). There it stops (a Man has no long capture; as a Prince it could
    // go on from 3a down file 3 over 3e, or from 1c over 3e along the diagonal) and, ending off
    // the far rank, it is still a Man.
    expect_and_play(
        PHILOSOPHY,
        "M5c K9i m4b m2b m3e k1a",
        "b",
        &["5cx3ax1c"],
        &[("5cx3ax1c", "M1c K9i m3e k1a", None)],
    );
    // A sequence that ends on the far rank promotes: 5g (5,7) over 4f (4,6) to 3e (3,5), then
    // orthogonally over 3c (3,3) to 3a (3,1), where nothing more is in reach.
    expect_and_play(PHILOSOPHY, "M5g K9i m4f m3c k1a", "b", &["5gx3ex3a"], &[("5gx3ex3a", "+M3a K9i k1a", None)]);
}

#[test]
fn philosophy_king_is_weak() {
    // Black King 5e (5,5). White Men on 5c (5,3) and 3e (3,5) (orthogonal neighbours, 5a and 1e
    // empty: a Man would take them, the King has no orthogonal capture) and 7c (7,3) (two
    // squares away on a diagonal: not a flying piece). So the King only steps, one square.
    let mut game = expect_moves(PHILOSOPHY, "K5e m5c m3e m7c k1a", "b", &["5e4d", "5e6d", "5e4f", "5e6f"]);
    for token in ["5ex5a", "5ex1e", "5ex8b", "5e3c", "5e5c"] {
        assert!(game.play_token(token).is_err(), "{token} accepted");
    }
    // With a White Man on 6f (6,6) the short backward jump to 7g (7,7) is compulsory.
    expect_and_play(PHILOSOPHY, "K5e m5c m3e m7c m6f k1a", "b", &["5ex7g"], &[("5ex7g", "K7g m5c m3e m7c k1a", None)]);
}

// ---------------------------------------------------------------------------------------------
// English checkers (§5)

#[test]
fn checkers_men_move_forward_only_and_kings_both_ways() {
    // Man 5e (5,5) steps to 4d or 6d; the king 2f (2,6) to 1e, 3e, 1g, 3g.
    expect_moves(CHECKERS, "M5e +M2f m8b", "b", &["5e4d", "5e6d", "2f1e", "2f3e", "2f1g", "2f3g"]);
    // The Man does not capture 4f (4,6) behind it (3g empty beyond); the king captures 3c
    // (3,3) behind it, landing 4d (4,4).
    let mut game = expect_and_play(CHECKERS, "M5e +M2b m4f m3c", "b", &["2bx4d"], &[("2bx4d", "M5e +M4d m4f", None)]);
    assert_illegal(&mut game, "5ex3g");
    // White Men move downward only: 4f (4,6) to 3g or 5g.
    expect_moves(CHECKERS, "M8h m4f", "w", &["4f3g", "4f5g"]);
}

#[test]
fn checkers_man_crowned_by_a_jump_stops() {
    // Man 3c (3,3) jumps 4b (4,2) to 5a (5,1): crowned, the move ends although a king could go
    // on over 6b (6,2) to 7c (7,3).
    let mut game = expect_and_play(CHECKERS, "M3c m4b m6b", "b", &["3cx5a"], &[("3cx5a", "+M5a m6b", None)]);
    assert_illegal(&mut game, "3cx5ax7c");
    // Crowned by a step: 2b (2,2) to 1a or 3a.
    expect_and_play(CHECKERS, "M2b m8b", "b", &["2b1a", "2b3a"], &[("2b3a", "+M3a m8b", None)]);
}

#[test]
fn checkers_no_pieces_or_no_moves_loses() {
    // White has no pieces: White to move has lost.
    let game = load(CHECKERS, "M5e", "w");
    assert_eq!(result(&game).as_deref(), Some("b no-moves"));
    assert!(game.legal_moves().is_empty());
    // Black's only Man 1g (1,7) is blocked: 2f is White's, and 3e behind it is occupied.
    let game = load(CHECKERS, "M1g m2f m3e", "b");
    assert_eq!(result(&game).as_deref(), Some("w no-moves"));
    assert!(game.legal_moves().is_empty());
    // Taking the last piece wins: 6d (6,4) over 5c (5,3) to 4b (4,2).
    expect_and_play(CHECKERS, "M6d m5c", "b", &["6dx4b"], &[("6dx4b", "M4b", Some("b no-moves"))]);
}

#[test]
fn checkers_third_occurrence_is_a_draw() {
    // Kings shuffling 8h-7g and 1a-2b.
    repetition(CHECKERS, "+M8h +m1a", &["8h7g", "1a2b", "7g8h", "2b1a"]);
}

// ---------------------------------------------------------------------------------------------
// Position validation (§15.3)

#[test]
fn bad_positions_are_refused() {
    // A piece on a light square: 5f (5+6 odd), 1h on the 8x8 board (1+8 odd).
    assert!(matches!(bad_position(ENRYO, &position(ENRYO, "K9i M5f k1a", "b")), K::LightSquare { .. }));
    assert!(matches!(bad_position(CHECKERS, &position(CHECKERS, "M1h m8b", "b")), K::LightSquare { .. }));
    // A Man on its own far rank (it would have been promoted).
    for (variant, pieces) in
        [(ENRYO, "K9i M5a k1a"), (PHILOSOPHY, "K9i m5i k1a"), (CHECKERS, "M1a m8b"), (CHECKERS, "M1g m8h")]
    {
        let kind = bad_position(variant, &position(variant, pieces, "b"));
        assert!(matches!(kind, K::ManOnFarRank { .. }), "{variant} {pieces}: {kind:?}");
    }
    // Two Kings for one side.
    for variant in [ENRYO, PHILOSOPHY] {
        let kind = bad_position(variant, &position(variant, "K9i K1i k1a", "b"));
        assert!(matches!(kind, K::TooManyKings { .. }), "{variant}: {kind:?}");
        let kind = bad_position(variant, &position(variant, "K9i k1a k9a", "w"));
        assert!(matches!(kind, K::TooManyKings { .. }), "{variant}: {kind:?}");
    }
    // No royal King in English checkers.
    bad_position(CHECKERS, &position(CHECKERS, "K5e m8b", "b"));
    bad_position(CHECKERS, &position(CHECKERS, "M5e k8b", "b"));
    // Too many pieces: 15 for a side on 9x9 (the 14 of the start plus one), 13 on 8x8.
    let black_start = "M9i M7i K5i M3i M1i M8h M6h M4h M2h M9g M7g M5g M3g M1g";
    for variant in [ENRYO, PHILOSOPHY] {
        let fourteen = position(variant, &format!("{black_start} k1a"), "b");
        new_game(variant, &fourteen).unwrap_or_else(|e| panic!("{variant}: 14 pieces refused: {e}"));
        let kind = bad_position(variant, &position(variant, &format!("{black_start} M5e k1a"), "b"));
        assert!(matches!(kind, K::TooManySidePieces { count: 15, most: 14, .. }), "{variant}: {kind:?}");
    }
    let checkers_black = "M8h M6h M4h M2h M7g M5g M3g M1g M8f M6f M4f M2f";
    new_game(CHECKERS, &position(CHECKERS, &format!("{checkers_black} m1a"), "b")).expect("12 pieces are fine");
    let kind = bad_position(CHECKERS, &position(CHECKERS, &format!("{checkers_black} M5e m1a"), "b"));
    assert!(matches!(kind, K::TooManySidePieces { count: 13, most: 12, .. }), "{kind:?}");
    // Neither side has a King.
    for variant in [ENRYO, PHILOSOPHY] {
        let kind = bad_position(variant, &position(variant, "M5g m5c", "b"));
        assert!(matches!(kind, K::NoKings), "{variant}: {kind:?}");
    }
}

#[test]
fn a_missing_king_decides_the_position() {
    // Only Black has a King: Black has won by king capture, whoever is to move.
    for variant in [ENRYO, PHILOSOPHY] {
        for side in ["b", "w"] {
            let game = load(variant, "K9i M5g m5c", side);
            assert_eq!(result(&game).as_deref(), Some("b king-capture"), "{variant} {side}");
            assert!(game.legal_moves().is_empty());
        }
        let game = load(variant, "M5g m5c k1a", "b");
        assert_eq!(result(&game).as_deref(), Some("w king-capture"), "{variant}");
    }
}

// ---------------------------------------------------------------------------------------------
// Protocol (§15, §17) through the real binary

/// The whole observable state: `d`, `moves` and `result`.
fn snapshot(engine: &mut Engine) -> (Vec<String>, String, String) {
    let display = engine.display();
    let moves = engine.one_line("moves");
    let result = engine.one_line("result");
    (display, moves, result)
}

/// Sends a command that must be refused with exactly `expected` (or a line starting with it
/// followed by `: `) and checks that the state did not change.
fn refused_line(engine: &mut Engine, command: &str, expected: &str) {
    let before = snapshot(engine);
    let line = engine.error(command);
    assert!(
        line == expected || line.starts_with(&format!("{expected}: ")),
        "`{command}`: expected {expected:?}, got {line:?}\n{}",
        engine.context()
    );
    assert_eq!(snapshot(engine), before, "`{command}` changed the state\n{}", engine.context());
}

#[test]
fn protocol_illegal_and_malformed_capture_tokens_change_nothing() {
    let mut engine = Engine::start();
    engine.silent("variant enryo");
    // A real opening: after 5g4f 5c4d 4f3e White must take 3e with 4dx2f. From 2f White's Man
    // finds 1g (edge behind) and 3g (4h behind it occupied): the move ends.
    engine.silent("position startpos moves 5g4f 5c4d 4f3e");
    assert_eq!(engine.moves(), ["4dx2f"]);
    // A landing square that is wrong (6f: nothing to jump on 5e).
    refused_line(
        &mut engine,
        "position startpos moves 5g4f 5c4d 4f3e 4dx6f",
        "info string error: illegal move '4dx6f' (item 4)",
    );
    engine.silent("position startpos moves 5g4f 5c4d 4f3e 4dx2f");
    // Black must now recapture: 1g over 2f to 3e, or 3g over 2f to 1e.
    let mut moves = engine.moves();
    moves.sort();
    assert_eq!(moves, ["1gx3e", "3gx1e"]);

    // A two-jump capture with its second landing square wrong, and one stopped half way.
    let start = position(ENRYO, "M5g K9i m4f m4d k1a", "b");
    engine.silent(&format!("position sfen {start}"));
    assert_eq!(engine.moves(), ["5gx3ex5c"]);
    refused_line(
        &mut engine,
        &format!("position sfen {start} moves 5gx3ex1c"),
        "info string error: illegal move '5gx3ex1c' (item 1)",
    );
    refused_line(
        &mut engine,
        &format!("position sfen {start} moves 5gx3e"),
        "info string error: illegal move '5gx3e' (item 1)",
    );
    refused_line(
        &mut engine,
        &format!("position sfen {start} moves 9i8h"),
        "info string error: illegal move '9i8h' (item 1)",
    );
    // Malformed tokens: bad move.
    for token in ["3gx", "3g4", "zz", "5gx3ex", "5g3e3c", "5gxx3e"] {
        let line = engine.error(&format!("position startpos moves 5g4f {token}"));
        assert!(
            line.starts_with(&format!("info string error: bad move '{token}' (item 2)")),
            "{token}: {line:?}\n{}",
            engine.context()
        );
    }
    assert_eq!(engine.state().sfen, start, "refused commands changed the position");
    // The decided result after a king capture.
    let king = position(ENRYO, "M5g K9i k4f m4d", "b");
    engine.silent(&format!("position sfen {king} moves 5gx3ex5c"));
    assert_eq!(engine.result(), "result b king-capture");
    assert_eq!(engine.one_line("moves"), "moves");
    refused_line(
        &mut engine,
        &format!("position sfen {king} moves 5gx3ex5c 1a2b"),
        "info string error: move '1a2b' (item 2) after the end of the game (result b king-capture)",
    );
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn protocol_bad_positions_give_one_error_line() {
    let mut engine = Engine::start();
    for (variant, pieces, side) in [
        (ENRYO, "K9i M5f k1a", "b"),
        (ENRYO, "K9i M5a k1a", "b"),
        (PHILOSOPHY, "K9i K1i k1a", "b"),
        (PHILOSOPHY, "M5g m5c", "w"),
        (CHECKERS, "K5e m8b", "b"),
        (CHECKERS, "M1h m8b", "b"),
        (CHECKERS, "M8h M6h M4h M2h M7g M5g M3g M1g M8f M6f M4f M2f M5e m1a", "b"),
    ] {
        engine.silent(&format!("variant {variant}"));
        let before = snapshot(&mut engine);
        let line = engine.error(&format!("position sfen {}", position(variant, pieces, side)));
        assert!(line.starts_with("info string error: bad position: "), "{variant} {pieces}: {line:?}");
        assert_eq!(snapshot(&mut engine), before, "{variant} {pieces}: the state changed");
    }
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn protocol_moves_result_display_and_perft_for_the_three_variants() {
    let cases: [(&str, &str, &[&str], u64); 3] = [
        (
            ENRYO,
            "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/9/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1",
            &["9g8f", "7g8f", "7g6f", "5g6f", "5g4f", "3g4f", "3g2f", "1g2f"],
            64,
        ),
        (
            PHILOSOPHY,
            "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/9/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1",
            &["9g8f", "7g8f", "7g6f", "5g6f", "5g4f", "3g4f", "3g2f", "1g2f"],
            64,
        ),
        (
            CHECKERS,
            "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 1",
            &["8f7e", "6f7e", "6f5e", "4f5e", "4f3e", "2f3e", "2f1e"],
            49,
        ),
    ];
    let mut engine = Engine::start();
    for (variant, start, first, perft2) in cases {
        engine.silent(&format!("variant {variant}"));
        engine.silent("position startpos");
        let state = engine.state();
        assert_eq!(state.sfen, start, "{variant}");
        assert_eq!(state.side, "b");
        let mut moves = engine.moves();
        moves.sort();
        let mut want: Vec<String> = first.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(moves, want, "{variant}");
        assert_eq!(engine.result(), "result ongoing");
        let lines = engine.reply("go perft 2");
        let (last, parts) = lines.split_last().expect("perft prints lines");
        assert_eq!(last, &format!("Nodes searched: {perft2}"), "{variant}: {lines:?}");
        assert_eq!(parts.len(), first.len(), "{variant}: {lines:?}");
        // From the start both sides' men are too far apart to capture: 8 replies to each of
        // Black's 8 first moves on 9x9; English checkers' public count is 49.
        let sum: u64 = parts
            .iter()
            .map(|l| l.split_once(": ").and_then(|(_, n)| n.parse::<u64>().ok()).expect("<move>: <count>"))
            .sum();
        assert_eq!(sum, perft2, "{variant}");
        // The same through the library.
        let game = engine_start(variant);
        assert_eq!(game.perft_divide(2).iter().map(|(_, n)| n).sum::<u64>(), perft2, "{variant}");
    }
    assert_eq!(engine.finish(true).code(), Some(0));
}

fn engine_start(variant: &str) -> AnyGame {
    engine(variant, None)
}
