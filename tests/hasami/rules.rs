//! Hand-built positions, one focused test per rule of docs/rules/hasami.md (and the position-string and
//! move-token rules of protocol-spec.md §10). Every move is played on the engine and on the
//! reference implementation (tests/hasami/reference.rs); the test checks the exact board
//! afterwards (which men were captured, and no others), the result, and that both agree.
//!
//! Board orientation: files 9 (left) .. 1 (right), ranks a (top, the second player `w`) ..
//! i (bottom, the first player `b`); makyek is 8x8 (files 8..1, ranks a..h). Dai-hasami home
//! ranks are h, i for `b` and a, b for `w`.

use crate::concrete::{concrete, concrete_mut};
use crate::games::{engine, engine_with};
use crate::reference::{self, Position, Side};
use crate::results::result_of;
use crate::rule_options;
use tetsugaku::game::MoveError;
use tetsugaku::{AnyGame, GameError, Outcome, RuleValues, Variant};

/// The position string of a hand-built position (move number 1).
fn text(variant: &str, first: &[&str], second: &[&str], side: Side) -> String {
    Position::from_squares(variant, first, second, side).to_position_string()
}

/// Board and side fields of a position string (the move number differs after a move).
fn board_and_side(position: &str) -> String {
    position.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

fn result(game: &AnyGame) -> Option<String> {
    result_of(game.turn())
}

/// Loads the position on both implementations and checks they agree on it.
fn load(variant: &str, first: &[&str], second: &[&str], side: Side) -> (AnyGame, Position) {
    let position = Position::from_squares(variant, first, second, side);
    let game = engine(variant, Some(&position.to_position_string()));
    assert_eq!(game.position_string(), position.to_position_string());
    assert_eq!(result(&game), position.result(), "{variant}: results of the loaded position differ");
    let mut ours = game.legal_moves();
    ours.sort();
    let mut theirs = position.legal_moves();
    theirs.sort();
    assert_eq!(ours, theirs, "{variant}: legal moves of the loaded position differ");
    (game, position)
}

/// Plays `token` for `side` in the hand-built position and checks that exactly the men on
/// `captured` were removed (the moved man now on its destination, every other man in place),
/// that the result is `expected`, and that the reference agrees. Returns the engine's game.
fn play(
    variant: &str,
    first: &[&str],
    second: &[&str],
    side: Side,
    token: &str,
    captured: &[&str],
    expected: Option<&str>,
) -> AnyGame {
    let (mut game, mut position) = load(variant, first, second, side);
    assert_eq!(result(&game), None, "{variant}: the position is already decided");
    game.play_token(token).unwrap_or_else(|e| panic!("{variant}: engine rejects {token}: {e}"));
    position.play(token).unwrap_or_else(|e| panic!("{variant}: reference rejects {token}: {e}"));

    let (from, to) = token.split_at(token.len() / 2);
    let (movers, others) = if side == Side::B { (first, second) } else { (second, first) };
    let mut movers: Vec<&str> = movers.iter().copied().filter(|&s| s != from).collect();
    movers.push(to);
    for square in captured {
        assert!(others.contains(square), "test bug: {square} holds no enemy man");
    }
    let others: Vec<&str> = others.iter().copied().filter(|s| !captured.contains(s)).collect();
    let (new_first, new_second) = if side == Side::B { (movers, others) } else { (others, movers) };
    let expected_board = text(variant, &new_first, &new_second, side.other());
    assert_eq!(
        board_and_side(&game.position_string()),
        board_and_side(&expected_board),
        "{variant}: after {token} expected exactly {captured:?} captured"
    );
    assert_eq!(result(&game).as_deref(), expected, "{variant}: result after {token}");
    assert_eq!(game.position_string(), position.to_position_string(), "{variant}: reference board after {token}");
    assert_eq!(result(&game), position.result(), "{variant}: reference result after {token}");
    game
}

/// The legal moves of a hand-built position, checked against the reference.
fn moves(variant: &str, first: &[&str], second: &[&str], side: Side) -> Vec<String> {
    load(variant, first, second, side).0.legal_moves()
}

/// The legal moves starting on `square`.
fn moves_from(variant: &str, first: &[&str], second: &[&str], side: Side, square: &str) -> Vec<String> {
    let mut list: Vec<String> =
        moves(variant, first, second, side).into_iter().filter(|m| m.starts_with(square)).collect();
    list.sort();
    list
}

const B: Side = Side::B;
const W: Side = Side::W;

// ---------------------------------------------------------------------------------------------
// Custodian captures

#[test]
fn custodian_capture_of_one_man() {
    // 4h slides to 4e; 5e is between 4e and 6e.
    play("hasami", &["6e", "4h", "9i"], &["5e", "1a", "2a"], B, "4h4e", &["5e"], None);
}

#[test]
fn custodian_capture_of_a_run_on_a_rank_and_on_a_file() {
    play(
        "hasami",
        &["9e", "4h", "9i"],
        &["8e", "7e", "6e", "5e", "1a", "2a"],
        B,
        "4h4e",
        &["8e", "7e", "6e", "5e"],
        None,
    );
    // 3e slides west to 5e and closes the run 5d-5b against 5a.
    play("hasami", &["5a", "3e", "9i"], &["5b", "5c", "5d", "1a", "2a"], B, "3e5e", &["5b", "5c", "5d"], None);
    // The second player captures the same way.
    play("hasami", &["5e", "5f", "9i", "1i"], &["5d", "4g", "1a"], W, "4g5g", &["5e", "5f"], None);
}

#[test]
fn a_run_with_a_gap_or_ending_at_the_edge_is_not_captured() {
    // Gap: 5e and 7e with 6e empty, flanked by 8e.
    play("hasami", &["8e", "4h", "9i"], &["7e", "5e", "1a"], B, "4h4e", &[], None);
    // Edge: the run 3e-1e runs into the right edge.
    play("hasami", &["4h", "9i"], &["3e", "2e", "1e", "1a"], B, "4h4e", &[], None);
}

#[test]
fn several_directions_capture_at_once() {
    // 5i slides up to 5e: 5d (against 5c), 6e (against 7e) and 4e (against 3e) go together.
    play("hasami", &["5c", "7e", "3e", "5i"], &["5d", "6e", "4e", "1a", "2a"], B, "5i5e", &["5d", "6e", "4e"], None);
}

#[test]
fn moving_into_a_sandwich_is_safe_and_stays_safe() {
    // The second player lands between 6e and 4e: nothing is captured.
    let mut game = play("hasami", &["6e", "4e", "9i", "1i"], &["5a", "1a", "2a"], W, "5a5e", &[], None);
    // Only the moved man closes a flank: a later unrelated move of the first player leaves 5e.
    game.play_token("9i9h").expect("legal");
    let reference = Position::parse("hasami", &game.position_string()).expect("parses");
    assert_eq!(reference.at("5e"), Some(W), "the man that moved into the sandwich was captured later");
    assert_eq!(reference.count(W), 3);
}

#[test]
fn completing_a_flanked_chain_is_safe() {
    // 6e is flanked by 7e and 4e once 5e is filled; the chain 6e-5e is not captured.
    play("hasami", &["6e", "5i", "9i"], &["7e", "4e", "1a"], B, "5i5e", &[], None);
}

#[test]
fn the_edge_never_closes_a_flank() {
    // 5a against the top edge, 9e against the left edge.
    play("hasami", &["5i", "9i"], &["5a", "1a", "2a"], B, "5i5b", &[], None);
    play("hasami", &["8i", "1i"], &["9e", "1a", "2a"], B, "8i8e", &[], None);
}

// ---------------------------------------------------------------------------------------------
// The corner rule

#[test]
fn corner_capture_in_every_corner_of_the_9x9_board() {
    // (corner, standing guard, moving man, its destination = the other guard)
    let cases =
        [("9a", "8a", "9e", "9b"), ("1a", "2a", "1e", "1b"), ("9i", "9h", "5i", "8i"), ("1i", "1h", "5i", "2i")];
    for (corner, guard, from, to) in cases {
        let token = format!("{from}{to}");
        play("hasami", &[guard, from], &[corner, "5a", "4a"], B, &token, &[corner], None);
        // The second player's corner capture of a first-player man.
        play("hasami", &[corner, "5e", "4e"], &[guard, from], W, &token, &[corner], None);
    }
}

#[test]
fn corner_capture_on_the_makyek_board() {
    play("makyek", &["2h", "1d"], &["1h", "5a", "4a"], B, "1d1g", &["1h"], None);
    play("makyek", &["8a", "5e", "4e"], &["7a", "8e"], W, "8e8b", &["8a"], None);
}

#[test]
fn corner_capture_needs_both_guards() {
    // 1e1b lands next to corner 1a, but 2a is empty or the opponent's: no capture.
    play("hasami", &["1e", "9i"], &["1a", "5e", "4e"], B, "1e1b", &[], None);
    play("hasami", &["1e", "9i"], &["1a", "2a", "5e"], B, "1e1b", &[], None);
    play("makyek", &["8d", "1h"], &["8a", "5e", "4e"], B, "8d8b", &[], None);
}

#[test]
fn corner_capture_needs_the_moved_man_as_one_guard() {
    // The second player moves into corner 1a next to the guard 1b: safe (2a is empty) ...
    let mut game = play("hasami", &["3a", "1b", "9i", "8i"], &["2a", "5e", "4e"], W, "2a1a", &[], None);
    // ... and 3a2a then completes the guard with the moved man: captured.
    let mut reference = Position::parse("hasami", &game.position_string()).expect("parses");
    game.play_token("3a2a").expect("legal");
    reference.play("3a2a").expect("legal");
    assert_eq!(game.position_string(), reference.to_position_string());
    assert_eq!(reference.at("1a"), None, "3a2a completes the corner guard and captures 1a");
    // A man standing in the corner between two guards already in place is not captured by a
    // move of the first player that is not a guard (moving into a sandwich is safe).
    let mut game = engine("hasami", Some(&text("hasami", &["2a", "1b", "9i", "8i"], &["1a", "5e", "4e"], B)));
    game.play_token("9i9h").expect("legal");
    let reference = Position::parse("hasami", &game.position_string()).expect("parses");
    assert_eq!(reference.at("1a"), Some(W), "the corner man was captured without a guard moving");
    // Nor by a move that lands right next to both guards without being one.
    play("hasami", &["2a", "1b", "2e", "9i"], &["1a", "5e", "4e"], B, "2e2b", &[], None);
}

#[test]
fn an_edge_run_ending_in_a_corner_is_not_captured() {
    // 1c-1b-1a run along file 1 into corner 1a; 4d slides to 1d; 2a also stands next to 1a.
    play("hasami", &["2a", "4d", "9i"], &["1a", "1b", "1c", "5e"], B, "4d1d", &[], None);
    // The same on the makyek board.
    play("makyek", &["7h", "5e", "1a"], &["8h", "8g", "8f", "4a"], B, "5e8e", &[], None);
}

// ---------------------------------------------------------------------------------------------
// Mak-yek intervention

#[test]
fn makyek_intervention_on_a_rank_and_on_a_file() {
    // 4h slides to 4d between 5d and 3d (rank d).
    play("makyek", &["4h", "8h", "7h"], &["5d", "3d", "1a", "2a"], B, "4h4d", &["5d", "3d"], None);
    // 1d slides west to 4d between 4c and 4e (file 4).
    play("makyek", &["1d", "8h", "7h"], &["4c", "4e", "1a", "2a"], B, "1d4d", &["4c", "4e"], None);
    // The second player intervenes too.
    play("makyek", &["5e", "3e", "8h", "7h"], &["4a", "1a"], W, "4a4e", &["5e", "3e"], None);
}

#[test]
fn makyek_intervention_needs_enemies_on_both_sides_of_one_line() {
    // 5d on the rank and 4c on the file: not a pair on one line.
    play("makyek", &["4h", "8h", "7h"], &["5d", "4c", "1a", "2a"], B, "4h4d", &[], None);
    // An enemy on one side and a friendly man beyond it on the other line end: 5d alone goes,
    // by the custodian rule (6d closes it), not by intervention.
    play("makyek", &["4h", "6d", "8h"], &["5d", "1a", "2a"], B, "4h4d", &["5d"], None);
}

#[test]
fn makyek_intervention_and_custodian_in_one_move() {
    // 4d intervenes between 5d and 3d and closes 4c against 4b.
    play("makyek", &["4h", "4b", "8h"], &["5d", "3d", "4c", "1a"], B, "4h4d", &["5d", "3d", "4c"], None);
}

#[test]
fn ordinary_hasami_has_no_intervention() {
    play("hasami", &["4i", "8i", "7i"], &["5d", "3d", "1a", "2a"], B, "4i4d", &[], None);
    play("dai-hasami", &["4i", "8i", "7i", "6i", "1i"], &["5d", "3d", "1a", "2a", "3a"], B, "4i4d", &[], None);
}

// ---------------------------------------------------------------------------------------------
// Moves: slides, steps and dai-hasami jumps

#[test]
fn men_slide_like_rooks_and_step_in_step_variants() {
    // (Enough men that no loaded position is already decided.)
    let first = ["5e", "9i"];
    let second = ["1a", "2a"];
    assert_eq!(moves_from("hasami", &first, &second, B, "5e").len(), 16);
    assert_eq!(moves_from("hasami-step", &first, &second, B, "5e"), ["5e4e", "5e5d", "5e5f", "5e6e"]);
    assert_eq!(moves_from("hasami-step18", &first, &second, B, "5e"), ["5e4e", "5e5d", "5e5f", "5e6e"]);
    assert_eq!(moves_from("makyek", &["4e", "8h"], &second, B, "4e").len(), 14);
    // A slide stops before any man, friend or foe.
    assert_eq!(
        moves_from("hasami", &["5e", "5c"], &["7e", "1a"], B, "5e"),
        ["5e1e", "5e2e", "5e3e", "5e4e", "5e5d", "5e5f", "5e5g", "5e5h", "5e5i", "5e6e"]
    );
}

#[test]
fn jumps_over_either_colour_in_all_four_directions() {
    // 5e is boxed in by 5d (w), 5f (b), 6e (w) and 4e (b): its only moves are the four jumps.
    let first = ["5e", "5f", "4e", "9i", "8i"];
    let second = ["5d", "6e", "1a", "2a", "3a"];
    for variant in ["dai-hasami", "dai-hasami-diag", "dai-hasami-step"] {
        assert_eq!(moves_from(variant, &first, &second, B, "5e"), ["5e3e", "5e5c", "5e5g", "5e7e"], "{variant}");
    }
    // No jumps without the dai-hasami rule.
    for variant in ["hasami", "hasami-all", "hasami-step", "hasami-step18"] {
        assert!(moves_from(variant, &first, &second, B, "5e").is_empty(), "{variant}");
    }
    assert!(moves_from("makyek", &["5e", "5f", "4e"], &["5d", "6e", "1a"], B, "5e").is_empty());
}

#[test]
fn without_the_dai_hasami_jumps_option_men_only_step_or_slide() {
    let first = ["5e", "5f", "4e", "9i", "8i"];
    let second = ["5d", "6e", "1a", "2a", "3a"];
    let no_jumps = rule_options::rules("dai-hasami", &["DaiHasamiJumps=false"]);
    for variant in ["dai-hasami", "dai-hasami-diag", "dai-hasami-step"] {
        let game = engine_with(variant, &no_jumps, Some(&text(variant, &first, &second, B)));
        assert!(!game.legal_moves().iter().any(|m| m.starts_with("5e")), "{variant}: 5e is boxed in");
        let mut reference = Position::parse(&format!("{variant}-no-jumps"), &game.position_string()).expect("parses");
        let mut theirs = reference.legal_moves();
        let mut ours = game.legal_moves();
        theirs.sort();
        ours.sort();
        assert_eq!(ours, theirs, "{variant}");
        assert!(reference.play("5e5c").is_err());
    }
    // From the start: every front man's moves stay, the back rank's jumps go.
    for (variant, with, without) in [("dai-hasami", 54, 45), ("dai-hasami-diag", 54, 45), ("dai-hasami-step", 18, 9)] {
        assert_eq!(engine(variant, None).legal_moves().len(), with, "{variant}");
        assert_eq!(engine_with(variant, &no_jumps, None).legal_moves().len(), without, "{variant}");
    }
    // The option belongs to the dai-hasami variants only.
    assert!(tetsugaku::Variant::named("hasami").and_then(|v| v.rule_option("DaiHasamiJumps")).is_none());
}

#[test]
fn the_jumped_man_is_not_captured() {
    play("dai-hasami", &["5e", "9i", "8i", "7i", "1i"], &["5d", "1a", "2a", "3a", "4a"], B, "5e5c", &[], None);
    play("dai-hasami-step", &["5e", "5d", "9i", "8i", "7i"], &["1a", "2a", "3a", "4a", "6a"], B, "5e5c", &[], None);
}

#[test]
fn no_jump_onto_an_occupied_square_over_two_men_or_twice() {
    let first = ["5e", "9i", "8i", "7i", "1i"];
    // 5d and 5c occupied: no 5e5c (occupied), no 5e5b (two men in between).
    let listed = moves_from("dai-hasami", &first, &["5d", "5c", "1a", "2a", "3a"], B, "5e");
    assert!(!listed.iter().any(|m| m == "5e5c" || m == "5e5b"), "{listed:?}");
    // 5d and 5b occupied, 5c and 5a empty: one jump to 5c, never on to 5a.
    let listed = moves_from("dai-hasami", &first, &["5d", "5b", "1a", "2a", "3a"], B, "5e");
    assert!(listed.contains(&"5e5c".to_string()) && !listed.contains(&"5e5a".to_string()), "{listed:?}");
    // Step variant: a man cannot step two squares unless it jumps.
    let listed = moves_from("dai-hasami-step", &first, &["1a", "2a", "3a", "4a", "6a"], B, "5e");
    assert_eq!(listed, ["5e4e", "5e5d", "5e5f", "5e6e"]);
}

#[test]
fn captures_apply_after_a_jump() {
    // 5g jumps over 5f onto 5e: 4e is closed against 3e and 5d against 5c.
    play(
        "dai-hasami",
        &["5g", "5f", "3e", "5c", "9i", "1i"],
        &["4e", "5d", "1a", "2a", "3a", "4a"],
        B,
        "5g5e",
        &["4e", "5d"],
        None,
    );
    // A sideways jump in dai-hasami-step: 6e over 5e to 4e closes 3e against 2e.
    play("dai-hasami-step", &["6e", "2e", "9i", "8i", "7i"], &["5e", "3e", "1a", "2a", "3a"], B, "6e4e", &["3e"], None);
}

#[test]
fn the_origin_square_is_empty_when_captures_are_found() {
    // 6e jumps over 5e to 4e: 5e is not sandwiched between 4e and the square just left.
    for variant in ["dai-hasami", "dai-hasami-step"] {
        play(variant, &["6e", "9i", "8i", "7i", "1i"], &["5e", "1a", "2a", "3a", "4a"], B, "6e4e", &[], None);
    }
}

// ---------------------------------------------------------------------------------------------
// Winning by capture

#[test]
fn hasami_is_won_when_the_opponent_has_at_most_one_man() {
    // One capture leaves 1a alone.
    play("hasami", &["6e", "4h", "9i"], &["5e", "1a"], B, "4h4e", &["5e"], Some("b capture"));
    // A double capture 2 -> 0 wins as well.
    play("hasami", &["5f", "5b", "4d", "9i"], &["5e", "5c"], B, "4d5d", &["5e", "5c"], Some("b capture"));
    // The second player wins the same way.
    play("hasami", &["5e", "1i"], &["6e", "4a", "9a"], W, "4a4e", &["5e"], Some("w capture"));
}

#[test]
fn hasami_all_and_the_step_variants_need_every_man_captured() {
    for variant in ["hasami-all", "hasami-step", "hasami-step18"] {
        // One man left: the game goes on.
        play(variant, &["6e", "4f", "9i"], &["5e", "1a"], B, "4f4e", &["5e"], None);
        // The last man captured: won.
        play(variant, &["6e", "4f", "9i"], &["5e"], B, "4f4e", &["5e"], Some("b capture"));
    }
    play("hasami-all", &["5f", "5b", "4d", "9i"], &["5e", "5c"], B, "4d5d", &["5e", "5c"], Some("b capture"));
}

#[test]
fn makyek_needs_every_man_captured_unless_the_all_but_one_option_is_set() {
    play("makyek", &["4h", "8h"], &["5d", "3d", "1a"], B, "4h4d", &["5d", "3d"], None);
    play("makyek", &["4h", "8h"], &["5d", "3d"], B, "4h4d", &["5d", "3d"], Some("b capture"));
    let options = rule_options::rules("makyek", &["MakyekWin=all-but-one"]);
    let start = text("makyek", &["4h", "8h"], &["5d", "3d", "1a"], B);
    let mut game = engine_with("makyek", &options, Some(&start));
    game.play_token("4h4d").expect("legal");
    assert_eq!(result(&game).as_deref(), Some("b capture"));
    let mut reference = Position::parse("makyek-all-but-one", &start).expect("parses");
    reference.play("4h4d").expect("legal");
    assert_eq!(reference.result().as_deref(), Some("b capture"));
}

#[test]
fn wins_are_judged_for_the_player_who_just_moved_only() {
    // The second player has one man but the first player has not moved yet: ongoing, and any
    // move of the first player then wins (the opponent is at one man after the mover's move).
    let (game, _) = load("hasami", &["9i", "1i"], &["5e"], B);
    assert_eq!(result(&game), None);
    play("hasami", &["9i", "1i"], &["5e"], B, "9i9h", &[], Some("b capture"));
    // The same in dai-hasami: five in a row for the player to move counts only once it moves.
    let first = ["9e", "8e", "7e", "6e", "5e", "1i"];
    let second = ["9a", "8a", "7a", "6a", "5a"];
    let (game, _) = load("dai-hasami", &first, &second, B);
    assert_eq!(result(&game), None);
    play("dai-hasami", &first, &second, B, "1i1h", &[], Some("b five"));
    // A loaded position with the other player's winning line is decided at once.
    let (game, _) = load("dai-hasami", &first, &second, W);
    assert_eq!(result(&game).as_deref(), Some("b five"));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn a_win_is_checked_before_no_legal_moves() {
    // After 4h4e takes 5e, the second player's last man 5a is walled in (6a, 4a, 5b; it sat
    // between 6a and 4a safely). hasami: one man left is a win by capture.
    let first = ["6a", "4a", "5b", "6e", "4h", "9i"];
    play("hasami", &first, &["5a", "5e"], B, "4h4e", &["5e"], Some("b capture"));
    // hasami-all: one man is not enough to win, but the second player cannot move: no-moves.
    play("hasami-all", &first, &["5a", "5e"], B, "4h4e", &["5e"], Some("b no-moves"));
}

// ---------------------------------------------------------------------------------------------
// Winning by five in a row

#[test]
fn five_in_a_row_on_a_rank_or_file_wins() {
    let second = ["9a", "8a", "7a", "6a", "5a"];
    for variant in ["dai-hasami", "dai-hasami-diag", "dai-hasami-step"] {
        // Rank e: 6e-3e plus 2f stepping up to 2e.
        play(variant, &["6e", "5e", "4e", "3e", "2f", "1i"], &second, B, "2f2e", &[], Some("b five"));
        // File 5: 5c-5f plus 4g stepping across to 5g (rank g is outside b's home ranks).
        play(variant, &["5c", "5d", "5e", "5f", "4g", "1i"], &second, B, "4g5g", &[], Some("b five"));
        // The second player: rank f (outside its home ranks a and b).
        play(variant, &["9i", "8i", "7i", "6i", "5i"], &["6f", "5f", "4f", "3f", "2e"], W, "2e2f", &[], Some("w five"));
    }
    // Four in a row is not enough.
    play("dai-hasami", &["6e", "5e", "4e", "2f", "1i"], &second, B, "2f2e", &[], None);
}

#[test]
fn diagonal_five_wins_only_in_the_diag_and_step_variants() {
    let second = ["9a", "8a", "7a", "6a", "5a"];
    // 6c-5d-4e-3f plus 2h stepping to 2g: a diagonal five (2g is outside b's home ranks).
    let first = ["6c", "5d", "4e", "3f", "2h", "1i"];
    play("dai-hasami", &first, &second, B, "2h2g", &[], None);
    play("dai-hasami-diag", &first, &second, B, "2h2g", &[], Some("b five"));
    play("dai-hasami-step", &first, &second, B, "2h2g", &[], Some("b five"));
    // The other diagonal: 2c-3d-4e-5f plus 6h to 6g.
    let first = ["2c", "3d", "4e", "5f", "6h", "1i"];
    play("dai-hasami", &first, &second, B, "6h6g", &[], None);
    play("dai-hasami-diag", &first, &second, B, "6h6g", &[], Some("b five"));
    play("dai-hasami-step", &first, &second, B, "6h6g", &[], Some("b five"));
}

#[test]
fn five_on_the_movers_own_home_ranks_does_not_count() {
    let second = ["9a", "8a", "7a", "6a", "5a"];
    // Rank h is the first player's second rank: 9h-6h plus 5e sliding down to 5h.
    play("dai-hasami", &["9h", "8h", "7h", "6h", "5e", "1i"], &second, B, "5e5h", &[], None);
    // File 5 from 5i to 5e: only three of the five are outside ranks h and i.
    play("dai-hasami", &["5i", "5h", "5g", "5f", "4e", "1a"], &second, B, "4e5e", &[], None);
    // The second player's home ranks are a and b.
    play("dai-hasami", &["9i", "8i", "7i", "6i", "5i"], &["6b", "5b", "4b", "3b", "2d"], W, "2d2b", &[], None);
    // The opponent's home ranks do count: the first player's five on rank b.
    play(
        "dai-hasami",
        &["6b", "5b", "4b", "3b", "2d", "1i"],
        &["9a", "8a", "7a", "6a", "5a"],
        B,
        "2d2b",
        &[],
        Some("b five"),
    );
    // Diagonal into the home ranks in dai-hasami-diag: 9i-8h-7g-6f-5e has only three outside.
    play("dai-hasami-diag", &["9i", "8h", "7g", "6f", "4e", "1a"], &second, B, "4e5e", &[], None);
}

#[test]
fn a_longer_line_reaching_into_the_home_ranks_wins_with_five_outside() {
    let second = ["9a", "8a", "7a", "6a", "4a"];
    // File 5 from 5i to 5d: four outside; 4c to 5c makes 5c-5g five outside the home ranks.
    let first = ["5i", "5h", "5g", "5f", "5e", "5d", "4c"];
    play("dai-hasami", &first, &second, B, "4c5c", &[], Some("b five"));
    // Without 5c the same line does not win: 4c elsewhere.
    play("dai-hasami", &first, &second, B, "4c3c", &[], None);
    // Diagonal: 9i-8h-7g-6f-5e-4d, then 3c.
    play("dai-hasami-diag", &["9i", "8h", "7g", "6f", "5e", "4d", "3e"], &second, B, "3e3c", &[], Some("b five"));
}

// ---------------------------------------------------------------------------------------------
// Draws and the last end check

#[test]
fn dai_hasami_material_draw_when_both_have_fewer_than_five() {
    // The second player (four men) takes the first player's fifth man: both below five.
    let first = ["5e", "5g", "9i", "1i", "3c"];
    let second = ["5f", "6d", "9a", "1a"];
    play("dai-hasami", &first, &second, W, "6d5d", &["5e"], Some("draw material"));
    // Five against four is no draw.
    play("dai-hasami", &first, &second, W, "9a9b", &[], None);
    // Only the dai-hasami family has the material draw.
    play("hasami-all", &first, &second, W, "6d5d", &["5e"], None);
    // A loaded position with both sides below five is drawn at once and has no moves.
    let (game, _) = load("dai-hasami-step", &["5e", "9i"], &["5a", "1a"], B);
    assert_eq!(result(&game).as_deref(), Some("draw material"));
    assert!(game.legal_moves().is_empty());
}

/// Plays `tokens` from `game` on the engine and on a reference started from `reference`,
/// returning the result after every ply.
fn replay(game: &mut AnyGame, reference: &mut Position, tokens: &[&str]) -> Vec<Option<String>> {
    tokens
        .iter()
        .map(|token| {
            game.play_token(token).unwrap_or_else(|e| panic!("engine rejects {token}: {e}"));
            reference.play(token).unwrap_or_else(|e| panic!("reference rejects {token}: {e}"));
            assert_eq!(result(game), reference.result(), "after {token}");
            result(game)
        })
        .collect()
}

const SHUFFLE: [&str; 8] = ["5i5h", "5a5b", "5h5i", "5b5a", "5i5h", "5a5b", "5h5i", "5b5a"];

/// Two men of each side stepping back and forth: the start position recurs every four plies.
fn shuffle(variant: &str) -> [&'static str; 8] {
    match variant {
        "hasami" | "hasami-all" | "hasami-step" => SHUFFLE,
        "makyek" => ["5f5e", "5c5d", "5e5f", "5d5c", "5f5e", "5c5d", "5e5f", "5d5c"],
        _ => ["5h5g", "5b5c", "5g5h", "5c5b", "5h5g", "5b5c", "5g5h", "5c5b"],
    }
}

#[test]
fn repetition_draw_on_the_third_occurrence_counting_the_start_once() {
    for variant in reference::VARIANTS {
        let tokens = shuffle(variant);
        let mut game = engine(variant, None);
        let mut reference = Position::start(variant);
        let results = replay(&mut game, &mut reference, &tokens);
        // The start position occurs again after ply 4 (second time) and ply 8 (third time).
        for (ply, r) in results.iter().enumerate().take(7) {
            assert_eq!(r, &None, "{variant}: ply {}", ply + 1);
        }
        assert_eq!(results[7].as_deref(), Some("draw repetition"), "{variant}");
        assert!(game.legal_moves().is_empty());
        assert!(game.play_token(tokens[0]).is_err(), "{variant}: a move after the draw was accepted");
    }
}

#[test]
fn a_position_string_starts_a_fresh_history() {
    // Play four plies from the start, then load the reached position: its history starts over.
    let mut game = engine("hasami", None);
    let mut reference = Position::start("hasami");
    replay(&mut game, &mut reference, &SHUFFLE[..4]);
    let mut loaded = engine("hasami", Some(&game.position_string()));
    let mut loaded_reference = Position::parse("hasami", &game.position_string()).expect("parses");
    // With the full history the next four plies repeat the start a third time ...
    let continued = replay(&mut game, &mut reference, &SHUFFLE[4..]);
    assert_eq!(continued[3].as_deref(), Some("draw repetition"));
    // ... from the loaded position it is only the second occurrence.
    let fresh = replay(&mut loaded, &mut loaded_reference, &SHUFFLE[4..]);
    assert_eq!(fresh, [None, None, None, None]);
    let fresh = replay(&mut loaded, &mut loaded_reference, &SHUFFLE[4..]);
    assert_eq!(fresh[3].as_deref(), Some("draw repetition"));
}

#[test]
fn repetition_needs_the_same_side_to_move() {
    // The first player walks 5i-5h-5g-5i (three moves), the second shuffles 5a-5b: the start
    // board recurs with the second player to move too, which must not be counted.
    let cycle = ["5i5h", "5a5b", "5h5g", "5b5a", "5g5i", "5a5b", "5i5h", "5b5a", "5h5g", "5a5b", "5g5i", "5b5a"];
    let mut game = engine("hasami", None);
    let mut reference = Position::start("hasami");
    let mut boards: Vec<String> = vec![board_and_side(&game.position_string())];
    let mut ended_at = None;
    for round in 0..4 {
        for (i, token) in cycle.iter().enumerate() {
            if result(&game).is_some() {
                break;
            }
            replay(&mut game, &mut reference, &[token]);
            boards.push(board_and_side(&game.position_string()));
            if result(&game).is_some() && ended_at.is_none() {
                ended_at = Some(round * cycle.len() + i + 1);
            }
        }
    }
    // The start position (first player to move) recurs every 12 plies: third time at ply 24.
    assert_eq!(ended_at, Some(24));
    let ended_at = 24;
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
    // At the draw, the final position (board and side) has occurred exactly three times ...
    let last = boards.last().expect("non-empty").clone();
    assert_eq!(boards.iter().filter(|b| **b == last).count(), 3);
    // ... and before it, some board occurred three times counting both sides to move without
    // ending the game.
    let board_only = |b: &String| b.split(' ').next().expect("board").to_string();
    let earliest_triple_board = (1..ended_at).find(|&n| {
        let now = board_only(&boards[n]);
        boards[..=n].iter().filter(|b| board_only(b) == now).count() >= 3
    });
    assert!(earliest_triple_board.is_some(), "the test does not exercise the side to move");
}

#[test]
fn play_and_undo_keep_the_repetition_history() {
    // The second player could take 5e with 4a4e at every one of its turns. Trying that capture
    // (and every other move) with Game::play + Game::undo at each node must not disturb the
    // count: the shuffle still ends in a draw on the third occurrence, at ply 8.
    use tetsugaku::Game;
    let start = text("hasami", &["5e", "9i", "8i"], &["6e", "4a", "1a", "2a"], B);
    let mut game = engine("hasami", Some(&start));
    let mut reference = Position::parse("hasami", &start).expect("parses");
    let tokens = ["9i9h", "1a1b", "9h9i", "1b1a", "9i9h", "1a1b", "9h9i", "1b1a"];
    for (ply, token) in tokens.iter().enumerate() {
        let h = concrete_mut(&mut game);
        let mut moves = Vec::new();
        h.generate(&mut moves);
        assert!(moves.iter().any(|&mv| h.captures_of(mv) != 0) || ply % 2 == 0, "4a4e must be available");
        // Every move, then the captures once more, so that a capture is the last move taken back.
        let captures: Vec<_> = moves.iter().copied().filter(|&mv| h.captures_of(mv) != 0).collect();
        for mv in moves.into_iter().chain(captures) {
            h.play(mv);
            h.undo();
        }
        replay(&mut game, &mut reference, &[token]);
    }
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
}

/// Every line of five squares on an `n` x `n` board in the given directions.
fn lines_of_five(n: i32, directions: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut lines = Vec::new();
    for row in 0..n {
        for col in 0..n {
            for &(dr, dc) in directions {
                let line: Vec<(i32, i32)> = (0..5).map(|k| (row + k * dr, col + k * dc)).collect();
                if line.iter().all(|&(r, c)| (0..n).contains(&r) && (0..n).contains(&c)) {
                    lines.push(line);
                }
            }
        }
    }
    lines
}

#[test]
fn five_in_a_row_is_found_on_every_line_of_the_board() {
    // Every line of five of the mover's men, loaded with the other player to move (so the
    // line's owner has just moved): it wins exactly when the line is orthogonal (or diagonal
    // in the -diag and -step variants) and none of its squares is on the owner's two home
    // ranks. The opponent keeps one man on a square off the line.
    let orthogonal = [(0, 1), (1, 0)];
    let diagonal = [(1, 1), (1, -1)];
    let name = |(r, c): (i32, i32)| format!("{}{}", 9 - c, (b'a' + r as u8) as char);
    let mut wins = 0;
    for variant in ["dai-hasami", "dai-hasami-diag", "dai-hasami-step"] {
        let diagonal_wins = variant != "dai-hasami";
        for (directions, counts) in [(&orthogonal, true), (&diagonal, diagonal_wins)] {
            for line in lines_of_five(9, directions) {
                let squares: Vec<String> = line.iter().map(|&sq| name(sq)).collect();
                let squares: Vec<&str> = squares.iter().map(String::as_str).collect();
                for owner in [B, W] {
                    let home = |r: i32| if owner == B { r >= 7 } else { r <= 1 };
                    let outside = line.iter().all(|&(r, _)| !home(r));
                    let spare = ["5e", "1a", "9i"].into_iter().find(|s| !squares.contains(s)).expect("a free square");
                    let (first, second): (Vec<&str>, Vec<&str>) =
                        if owner == B { (squares.clone(), vec![spare]) } else { (vec![spare], squares.clone()) };
                    let (game, _) = load(variant, &first, &second, owner.other());
                    let expected = (counts && outside).then(|| format!("{} five", owner.letter()));
                    assert_eq!(result(&game), expected, "{variant}: {squares:?} of {owner:?}");
                    wins += usize::from(expected.is_some());
                }
            }
        }
    }
    // 9x9: 45 + 45 orthogonal and 25 + 25 diagonal lines; outside one side's home ranks: 35
    // rank lines and 27 file lines, 15 + 15 diagonal lines.
    assert_eq!(wins, 3 * 2 * (35 + 27) + 2 * 2 * (15 + 15));
}

#[test]
fn a_player_with_no_legal_move_loses() {
    // hasami-step: the second player's men are walled into corner 1a; the first player keeps
    // the wall with 9i9h: the second player cannot move and loses.
    play("hasami-step", &["3a", "2b", "1c", "9i"], &["1a", "2a", "1b"], B, "9i9h", &[], Some("b no-moves"));
    // A loaded position where the player to move is walled in is decided at once.
    let (game, _) = load("hasami", &["6a", "4a", "5b", "9i"], &["5a", "1e"], W);
    assert_eq!(result(&game), None, "1e can still move");
    let (game, _) = load("hasami-all", &["6a", "4a", "5b", "9i"], &["5a"], W);
    assert_eq!(result(&game).as_deref(), Some("b no-moves"));
    // In dai-hasami a walled-in man may still jump out.
    let (game, _) = load("dai-hasami", &["6a", "4a", "5b", "9i", "8i"], &["5a", "1a", "2a", "3a", "1e"], W);
    assert!(game.legal_moves().contains(&"5a5c".to_string()));
}

// ---------------------------------------------------------------------------------------------
// Finished games and bad input

#[test]
fn a_finished_game_has_no_legal_moves_and_rejects_every_move() {
    // The protocol-spec example: the second player to move with one man (hasami).
    let decided = "4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30";
    let mut game = engine("hasami", Some(decided));
    assert_eq!(result(&game).as_deref(), Some("b capture"));
    assert!(game.legal_moves().is_empty());
    assert_eq!(tetsugaku::game::perft(&mut concrete(&game).clone(), 1), 0);
    let before = (game.position_string(), game.key());
    let squares: Vec<String> = (1..=9).flat_map(|f| ('a'..='i').map(move |r| format!("{f}{r}"))).collect();
    for from in &squares {
        for to in &squares {
            let token = format!("{from}{to}");
            let error = game.play_token(&token).err().and_then(|e| e.move_error().cloned());
            assert!(
                matches!(&error, Some(MoveError::AfterEnd { token: t, outcome: Outcome::Win { .. } }) if *t == token),
                "{token} after the game ended: {error:?}"
            );
        }
    }
    assert_eq!((game.position_string(), game.key()), before);
    // A game that ended by a move: the winning move's position rejects 5a5b, which was legal
    // for the loser's man before.
    let mut game = play("hasami", &["6e", "4h", "9i"], &["5e", "5a"], B, "4h4e", &["5e"], Some("b capture"));
    assert!(game.legal_moves().is_empty());
    assert!(game.play_token("5a5b").is_err());
}

#[test]
fn illegal_and_malformed_move_tokens_are_rejected_without_changing_anything() {
    // (variant, tokens not written as a move of its board, well-formed tokens that are illegal)
    let cases: [(&str, &[&str], &[&str]); 4] = [
        (
            "hasami",
            &["", "5i", "0a1a", "10a1a", "5j5e", "5I5E", "5i-5e", "5i5e ", " 5i5e", "5i5e5d", "x", "é5e"],
            &["5i5i", "5i5a", "5i4h", "5h5g", "5a5b"],
        ),
        ("hasami-step", &[], &["5i5g", "5i5e", "5i4h"]),
        ("dai-hasami", &["5i5g5e", "5h5f5d"], &["5i5f", "5h5b", "5i4g"]),
        ("makyek", &["9h9g", "8i8g", "4h4g4f"], &["1h1f", "4f4a", "4f4c"]),
    ];
    for (variant, malformed, illegal) in cases {
        let mut game = engine(variant, None);
        let reference = Position::start(variant);
        let before = (game.position_string(), game.key(), game.legal_moves());
        for &token in malformed.iter().chain(illegal) {
            let error = match game.play_token(token) {
                Ok(()) => panic!("{variant}: {token:?} accepted"),
                Err(GameError::Move(error)) => error,
                Err(other) => panic!("{variant}: {token:?} refused as something other than a move: {other:?}"),
            };
            assert_eq!(error.token(), token);
            if malformed.contains(&token) {
                assert!(matches!(error, MoveError::Malformed { .. }), "{variant}: {token:?}: {error:?}");
            } else {
                assert_eq!(error, MoveError::Illegal { token: token.into(), reason: None }, "{variant}");
            }
            assert!(reference.clone().play(token).is_err(), "{variant}: reference accepts {token:?}");
            assert_eq!((game.position_string(), game.key(), game.legal_moves()), before, "{variant}: {token:?}");
        }
    }
}

#[test]
fn malformed_position_strings_are_rejected_with_the_field_and_kind_of_the_error() {
    use tetsugaku::game::{PositionErrorKind as K, PositionField as F};
    let nine = "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP";
    let ranks = |expected, found| K::RankCount { expected, found };
    let squares = |rank, expected, found| K::RankSquares { rank, expected, found };
    let unknown = |rank, piece: &str| K::UnknownPiece { rank, piece: piece.into() };
    let no_hands = K::NoHands { variant: "hasami".into() };
    let number = K::BadMoveNumber { max: 9_223_372_036_854_775_807 };
    let cases = [
        // wrong number of ranks
        ("hasami", "ppppppppp/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, ranks(9, 8)),
        ("hasami", "ppppppppp/9/9/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, ranks(9, 10)),
        ("hasami", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP/ b - 1", F::Board, ranks(9, 10)),
        ("makyek", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, ranks(8, 9)),
        // too many or too few squares in a rank
        ("hasami", "pppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, squares('a', 9, 10)),
        ("hasami", "ppppppppp/91/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, squares('b', 9, 91)),
        ("hasami", "ppppppppp/8/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, squares('b', 9, 8)),
        ("hasami", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPP b - 1", F::Board, squares('i', 9, 8)),
        ("makyek", "pppppppp/9/pppppppp/8/8/PPPPPPPP/8/PPPPPPPP b - 1", F::Board, squares('b', 8, 9)),
        ("hasami", "ppppppppp/0/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, K::EmptyRun { rank: 'b' }),
        ("hasami", "pppp0ppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", F::Board, K::EmptyRun { rank: 'a' }),
        // characters that are not men or digits
        ("hasami", "ppppppppp/9/9/9/4x4/9/9/9/PPPPPPPPP b - 1", F::Board, unknown('e', "x")),
        ("hasami", "ppppppppp/9/9/9/4K4/9/9/9/PPPPPPPPP b - 1", F::Board, unknown('e', "K")),
        ("hasami", "ppppppppp/9/9/9/4+P4/9/9/9/PPPPPPPPP b - 1", F::Board, unknown('e', "+")),
        // a blank inside the board splits it into two fields
        ("hasami", "ppppppppp/9/9/9/ 9/9/9/9/PPPPPPPPP b - 1", F::Whole, K::ExtraFields),
        // side to move
        ("hasami", &format!("{nine} x - 1"), F::Side, K::BadSide),
        ("hasami", &format!("{nine} B - 1"), F::Side, K::BadSide),
        ("hasami", &format!("{nine} bw - 1"), F::Side, K::BadSide),
        // hand must be '-'
        ("hasami", &format!("{nine} b P 1"), F::Hand, no_hands.clone()),
        ("hasami", &format!("{nine} b x 1"), F::Hand, no_hands.clone()),
        ("hasami", &format!("{nine} b -- 1"), F::Hand, no_hands.clone()),
        // move number: 1 to 2^63 - 1
        ("hasami", &format!("{nine} b - 0"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - -1"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - x"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - 1.5"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - 01"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - 9223372036854775808"), F::MoveNumber, number.clone()),
        ("hasami", &format!("{nine} b - 99999999999999999999"), F::MoveNumber, number.clone()),
        // missing or extra fields
        ("hasami", "", F::Whole, K::MissingFields),
        ("hasami", nine, F::Whole, K::MissingFields),
        ("hasami", &format!("{nine} b - 1 1"), F::Whole, K::ExtraFields),
    ];
    for (variant, text, field, kind) in cases {
        let v = Variant::named(variant).expect("variant");
        let error = match AnyGame::new(v, &RuleValues::default(), Some(text)) {
            Ok(game) => panic!("{variant}: {text:?} accepted as {}", game.position_string()),
            Err(GameError::Position(error)) => error,
            Err(other) => panic!("{variant}: {text:?} refused as something other than a position: {other:?}"),
        };
        assert_eq!((error.field, &error.kind), (field, &kind), "{variant}: {text:?}: {error}");
        // The offending field is quoted: the whole string, or the field itself.
        let quoted = match field {
            F::Whole => text.to_string(),
            F::Board => text.split(' ').next().unwrap_or_default().to_string(),
            F::Side => text.split(' ').nth(1).unwrap_or_default().to_string(),
            F::Hand => text.split(' ').nth(2).unwrap_or_default().to_string(),
            F::MoveNumber => text.split(' ').nth(3).unwrap_or_default().to_string(),
            F::Extra => panic!("{variant}: hasami position strings have no extra fields"),
        };
        assert_eq!(error.text, quoted, "{variant}: {text:?}");
    }
    // And the well-formed variants of the same strings are accepted.
    for (variant, text) in [
        ("hasami", format!("{nine} b - 1")),
        ("hasami", format!("{nine} w - 12")),
        ("hasami", format!("{nine} b -")),
        ("hasami", format!("{nine} b - 9223372036854775807")),
        ("makyek", "pppppppp/8/pppppppp/8/8/PPPPPPPP/8/PPPPPPPP b - 1".to_string()),
    ] {
        assert!(
            AnyGame::new(Variant::named(variant).expect("variant"), &RuleValues::default(), Some(&text)).is_ok(),
            "{text}"
        );
    }
}

#[test]
fn the_move_number_stops_at_its_limit_and_the_position_string_stays_readable() {
    // protocol-spec.md §7: move numbers 1 to 2^63 - 1; playing on from the limit keeps it.
    use tetsugaku::Game;
    const MAX: &str = "9223372036854775807";
    for variant in reference::VARIANTS {
        let start = engine(variant, None).position_string();
        let fields: Vec<&str> = start.split(' ').collect();
        let at_limit = format!("{} {} {} {MAX}", fields[0], fields[1], fields[2]);
        let mut game = engine(variant, Some(&at_limit));
        assert_eq!(game.position_string(), at_limit, "{variant}: the limit is accepted as written");
        let first = game.legal_moves()[0].clone();
        game.play_token(&first).unwrap_or_else(|e| panic!("{variant}: {first}: {e}"));
        let after = game.position_string();
        assert!(after.ends_with(&format!(" w - {MAX}")), "{variant}: after {first}: {after}");
        let reread = engine(variant, Some(&after));
        assert_eq!((reread.position_string(), reread.key()), (after.clone(), game.key()), "{variant}");
        // The reference reads the limit and keeps it too.
        let mut reference = Position::parse(variant, &at_limit).unwrap_or_else(|e| panic!("{variant}: reference: {e}"));
        reference.play(&first).unwrap_or_else(|e| panic!("{variant}: reference: {first}: {e}"));
        assert_eq!(reference.to_position_string(), after, "{variant}: reference");
        let past = format!("{} {} {} 9223372036854775808", fields[0], fields[1], fields[2]);
        assert!(Position::parse(variant, &past).is_err(), "{variant}: reference accepts one past the limit");
        // Undo goes back to the limit itself, and from one below the limit the count reaches it.
        concrete_mut(&mut game).undo();
        assert_eq!(game.position_string(), at_limit, "{variant}: undo");
        let below = format!("{} {} {} 9223372036854775806", fields[0], fields[1], fields[2]);
        let mut game = engine(variant, Some(&below));
        game.play_token(&first).unwrap_or_else(|e| panic!("{variant}: {first}: {e}"));
        assert!(game.position_string().ends_with(&format!(" {MAX}")), "{variant}: {}", game.position_string());
        let reply = game.legal_moves()[0].clone();
        game.play_token(&reply).unwrap_or_else(|e| panic!("{variant}: {reply}: {e}"));
        assert!(game.position_string().ends_with(&format!(" b - {MAX}")), "{variant}: {}", game.position_string());
        concrete_mut(&mut game).undo();
        concrete_mut(&mut game).undo();
        assert_eq!(game.position_string(), below, "{variant}: two undos");
    }
}

#[test]
fn any_arrangement_of_men_is_accepted_including_none() {
    for (variant, text) in [
        ("hasami", "9/9/9/9/9/9/9/9/9 b - 1"),
        ("hasami", "PPPPPPPPP/PPPPPPPPP/9/9/9/9/9/ppppppppp/ppppppppp w - 7"),
        ("makyek", "8/8/8/8/8/8/8/8 w - 1"),
    ] {
        let game = engine(variant, Some(text));
        assert_eq!(game.position_string(), text);
        let reference = Position::parse(variant, text).expect("reference parses");
        assert_eq!(result(&game), reference.result(), "{text}");
    }
    // An empty board: the player to move has no move and loses ... unless the mover already
    // won by capture (hasami: the player to move has at most one man).
    assert_eq!(result(&engine("hasami", Some("9/9/9/9/9/9/9/9/9 b - 1"))).as_deref(), Some("w capture"));
    assert_eq!(result(&engine("dai-hasami", Some("9/9/9/9/9/9/9/9/9 b - 1"))).as_deref(), Some("draw material"));
}
