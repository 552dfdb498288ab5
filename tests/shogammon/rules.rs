//! Shogammon (`shogammon`): hand-built positions, one test per rule of docs/rules/shogammon.md,
//! through the engine (`AnyGame`): point formation, no third piece, only the top piece moves,
//! sliders stopped by points, enemy singles captured, point captures (two different pieces,
//! either order, one order only, freed lower piece, uncompletable first half), doubles, the
//! must-use rule with both orders combined, promotion (optional, compulsory, on a point), drops
//! (nifu at either level of a point, no pawn-drop-mate ban, dead pieces), no check rule, King
//! capture ending the game, pass, the die table option, the turn limit, position-string
//! validation; plus the hand-built positions and hand-counted start rolls of
//! tests/shogammon/cross_check.rs run through the engine. Every expected count or set is worked
//! out by hand in the comments from the rules text, never copied from program output.

use crate::games::{engine, engine_with};
use crate::positions::{DIE_LOST, INVALID_POSITIONS, START_TURNS};
use crate::rule_options::rules;
use std::collections::BTreeSet;
use tetsugaku::{AnyGame, Turn};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1";

fn game(text: &str) -> AnyGame {
    engine("shogammon", Some(text))
}

/// The engine's legal turns (or rolls) as a set; panics if one is listed twice.
fn turns(game: &AnyGame) -> BTreeSet<String> {
    let moves = game.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "a turn listed twice in {}", game.position_string());
    set
}

fn turns_of(text: &str) -> BTreeSet<String> {
    turns(&game(text))
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn result(game: &AnyGame) -> Option<String> {
    match game.turn() {
        Turn::Over(outcome) => Some(outcome.to_string()),
        _ => None,
    }
}

fn play(game: &mut AnyGame, item: &str) {
    game.play_token(item).unwrap_or_else(|e| panic!("{}: {item}: {e}", game.position_string()));
}

/// The start position with the roll `roll` known.
fn start_with(roll: &str) -> String {
    START.replace(" - - 1", &format!(" - {roll} 1"))
}

#[test]
fn point_formation_and_only_the_top_piece_moves() {
    // Gold 5i, Pawn 5h, Kings 1i / 9a; roll 41. Die 4: Gold to 4h, 6h, 4i, 6i or onto the
    // Pawn 5h (a point [PG]); die 1: Pawn 5h5g while it is not covered.
    // Order 4-1: Gold to 4h/6h/4i/6i then 5h5g (4); Gold onto 5h covers the Pawn: die 1 lost,
    // `5i5h` alone (1). Order 1-4: 5h5g then the Gold to 4h, 5h, 6h, 4i, 6i (5). Total 10.
    let text = "k8/9/9/9/9/9/9/4P4/4G3K b - 41 1";
    let t = turns_of(text);
    assert_eq!(t.len(), 10, "{t:?}");
    assert!(t.contains("5i5h") && t.contains("5h5g,5i5h") && t.contains("5i4h,5h5g"));
    assert!(!t.contains("5i5h,5h5g"));
    let mut g = game(text);
    play(&mut g, "5i5h");
    assert_eq!(g.position_string(), "k8/9/9/9/9/9/9/4[PG]4/8K w - - 2");
    // The point [PG] with roll 11: the Pawn is below the Gold and no other Pawn exists: pass.
    assert_eq!(turns_of("k8/9/9/9/9/9/9/4[PG]4/8K b - 11 1"), set(&["pass"]));
    // Roll 41 on the point: order 4-1, the Gold (top) to 4g, 5g, 6g, 4h, 6h, 5i, then the freed
    // Pawn 5h5g (onto the Gold on 5g: a point [GP]) in all 6 cases; order 1-4: the Pawn is
    // covered (die 1 lost), the Gold alone: 6. Total 12.
    let t = turns_of("k8/9/9/9/9/9/9/4[PG]4/8K b - 41 1");
    assert_eq!(t.len(), 12, "{t:?}");
    assert!(t.contains("5h5g,5h5g") && t.contains("5h5i,5h5g") && t.contains("5h5i"));
    let mut g = game("k8/9/9/9/9/9/9/4[PG]4/8K b - 41 1");
    play(&mut g, "5h5g,5h5g");
    assert_eq!(g.position_string(), "k8/9/9/9/9/9/4[GP]4/9/8K w - - 2");
}

#[test]
fn no_third_piece_on_a_point() {
    // Black point [PG] 5h, Silver 4i, roll 33. The Silver's moves from 4i: 4h, 3h, and 5h (the
    // point: refused). Second Silver move from 4h: 4g, 3g, 5g, 3i, 5i (5); from 3h: 3g, 2g,
    // 4g, 2i, 4i (5). Total 10, none onto 5h.
    let t = turns_of("k8/9/9/9/9/9/9/4[PG]4/5S2K b - 33 1");
    assert_eq!(t.len(), 10, "{t:?}");
    assert!(!t.iter().any(|s| s.contains("5h")));
    // A position string with three pieces on a square is refused.
    let v = tetsugaku::Variant::named("shogammon").unwrap_or_else(|| panic!("no shogammon"));
    assert!(AnyGame::new(v, &Default::default(), Some("k8/9/9/9/9/9/9/4[PGS]3/8K b - 33 1")).is_err());
}

#[test]
fn sliders_stop_at_points_and_cannot_take_a_point_alone() {
    // Rook 5i, own point [PS] 5f, roll 51. Rook: up 5h, 5g (5f holds two pieces: no landing, no
    // passing), left 6i..9i (4), right 4i, 3i, 2i and 1i onto the King (a point): 4 = 10. The
    // Pawn is the lower piece: die 1 lost in either order. 10 one-sub-move turns.
    let t = turns_of("k8/9/9/9/9/4[PS]4/9/9/4R3K b - 51 1");
    assert_eq!(t.len(), 10, "{t:?}");
    assert!(t.contains("5i5g") && t.contains("5i1i") && !t.iter().any(|s| s.contains(',')));
    // Lance 5i facing an enemy point [pg] 5e, roll 22, no Knight or other Lance: the Lance
    // alone cannot take the point (no second piece completes it) nor pass it. First: 5h, 5g,
    // 5f; second from 5h: 5g, 5f; from 5g: 5f; from 5f: nothing (die lost). 4 turns.
    let t = turns_of("k8/9/9/9/4[pg]4/9/9/9/4L3K b - 22 1");
    assert_eq!(t, set(&["5i5h,5h5g", "5i5h,5h5f", "5i5g,5g5f", "5i5f"]));
}

#[test]
fn enemy_single_captured() {
    // Pawn 5f takes the single Pawn 5e (roll 11, the only first move); then 5e5d, or the
    // captured Pawn dropped on files 1-4, 6-9, ranks b-i, empty (9i holds the King): 63. 64.
    let text = "8k/9/9/9/4p4/4P4/9/9/K8 b - 11 1";
    let t = turns_of(text);
    assert_eq!(t.len(), 64);
    assert!(t.contains("5f5e,P*4e") && t.contains("5f5e,5e5d") && !t.contains("5f5e,P*5g"));
    // Lance 5i, White Silver 5e, roll 22: 3 + 2 + 1 + 6 = 12 (cross-check file); the Silver
    // goes to Black's hand.
    let mut g = game("k8/9/9/9/4s4/9/9/9/4L3K b - 22 1");
    assert_eq!(turns(&g).len(), 12);
    play(&mut g, "5i5e,5e5d");
    assert_eq!(g.position_string(), "k8/9/9/4L4/9/9/9/9/8K w S - 2");
}

#[test]
fn point_capture_needs_two_different_pieces() {
    // Rook 5i alone against the White point [ps] 5e, roll 55: the Rook cannot make both halves,
    // so no sub-move lands on 5e.
    let t = turns_of("k8/9/9/9/4[ps]4/9/9/9/4R3K b - 55 1");
    assert!(!t.is_empty() && !t.iter().any(|s| s.contains("5e")), "{t:?}");
    // Gold 4b and Rook 5i (open file) against [gk] 5a, roll 54: both orders capture.
    let text = "4[gk]4/5G3/9/9/9/9/9/9/4R3K b - 54 1";
    let t = turns_of(text);
    assert!(t.contains("4b5a,5i5a") && t.contains("5i5a,4b5a") && t.contains("4b5a,5i5a+"));
    let mut g = game(text);
    play(&mut g, "5i5a,4b5a");
    // Both White pieces taken (the King not into the hand), the second piece on top.
    assert_eq!(g.position_string(), "4[RG]4/9/9/9/9/9/9/9/8K w G - 2");
    assert_eq!(result(&g).as_deref(), Some("b king-capture"));
    assert!(g.legal_moves().is_empty());
}

#[test]
fn point_capture_in_one_order_only() {
    // White [ps] 5e, Black Pawn 5f, Rook 5i (blocked by its Pawn), roll 51 (cross-check file):
    // only `5f5e,5i5e`, plus the Rook's 11 single moves with die 1 lost.
    let mut expected = vec!["5f5e,5i5e".to_string()];
    for to in ["5h", "5g", "5f", "6i", "7i", "8i", "9i", "4i", "3i", "2i", "1i"] {
        expected.push(format!("5i{to}"));
    }
    let text = "4k4/9/9/9/4[ps]4/4P4/9/9/4R3K b - 51 1";
    assert_eq!(turns_of(text), expected.into_iter().collect());
    let mut g = game(text);
    play(&mut g, "5f5e,5i5e");
    assert_eq!(g.position_string(), "4k4/9/9/9/4[PR]4/9/9/9/8K w SP - 2");
    // By the lower piece freed by the first half: [SG] 5f against [ps] 5e, roll 43: the
    // capture `5f5e,5f5e` + 5 Gold moves x 4 Silver moves + 5 Gold moves alone = 26.
    let text = "8k/9/9/9/4[ps]4/4[SG]4/9/9/K8 b - 43 1";
    let t = turns_of(text);
    assert_eq!(t.len(), 26);
    let mut g = game(text);
    play(&mut g, "5f5e,5f5e");
    assert_eq!(g.position_string(), "8k/9/9/9/4[GS]4/9/9/9/K8 w SP - 2");
}

#[test]
fn uncompletable_first_half_is_not_a_sub_move() {
    // [ps] 5e, Pawn 5f, Rook 1i (cannot reach 5e), roll 51: the Pawn's only move is a first half
    // no die-5 move completes: die 1 is lost; the Rook's 19 moves alone (cross-check file).
    let text = "7k1/9/9/9/4[ps]4/4P4/9/9/K7R b - 51 1";
    let t = turns_of(text);
    assert_eq!(t.len(), 19);
    assert!(t.iter().all(|s| s.starts_with("1i") && !s.contains(',')));
    let mut g = game(text);
    assert!(g.play_token("5f5e").is_err());
    assert!(g.play_token("5f5e,1i1h").is_err());
    assert_eq!(g.position_string(), text);
}

#[test]
fn doubles_give_two_sub_moves_of_the_same_die() {
    // From the start: 11 gives 9 x 9 = 81 two-Pawn turns, 33 gives 6 x 8 = 48 two-Silver
    // turns, 66 gives 34 two-King turns (hand counts in the cross-check file). Never four.
    for (roll, count) in [("11", 81), ("33", 48), ("66", 34)] {
        let t = turns_of(&start_with(roll));
        assert_eq!(t.len(), count, "roll {roll}");
        assert!(t.iter().all(|s| s.matches(',').count() == 1), "roll {roll}");
    }
    assert!(turns_of(&start_with("11")).contains("7g7f,7f7e"));
}

#[test]
fn must_use_both_dice_with_both_orders_combined() {
    // King 5i, Pawn 5h, roll 61 (cross-check file): order 6-1 with the King climbing on the
    // Pawn loses die 1 (`5i5h` alone); every other sequence uses both dice. No other
    // one-sub-move turn exists (e.g. `5h5g` alone or `5i4h` alone would leave a usable die).
    assert_eq!(turns_of(DIE_LOST.0), set(&DIE_LOST.1));
    // The King on top of the Gold, roll 64: order 6-4 King then the freed Gold (5 x 5), order
    // 4-6 the Gold covered (die 4 lost) then the King alone (5): 30.
    let t = turns_of("8k/9/9/9/9/9/9/9/4[GK]4 b - 64 1");
    assert_eq!(t.len(), 30);
    assert!(t.contains("5i4h,5i4h") && t.contains("5i6i"));
    // White, the mirror of the first case.
    let t = turns_of("4k4/4p4/9/9/9/9/9/9/8K w - 61 1");
    assert_eq!(t.len(), 10);
    assert!(t.contains("5a5b") && t.contains("5b5c,5a5b") && !t.contains("5a5b,5b5c"));
}

#[test]
fn promotion_optional_and_compulsory() {
    // Silver 5d, no Pawn, roll 31: die 1 lost; Silver to 4c, 5c, 6c (entering the zone: each
    // with and without promotion: 6) and back to 4e, 6e (2): 8 turns.
    let t = turns_of("k8/9/9/4S4/9/9/9/9/8K b - 31 1");
    assert_eq!(t, set(&["5d4c", "5d4c+", "5d5c", "5d5c+", "5d6c", "5d6c+", "5d4e", "5d6e"]));
    // Knight 5d, roll 21: to 4b or 6b, the last two ranks: promotion compulsory: 2 turns.
    assert_eq!(turns_of("k8/9/9/4N4/9/9/9/9/8K b - 21 1"), set(&["5d4b+", "5d6b+"]));
    // Pawn 5b onto the own Gold 5a, roll 11: promotion compulsory on top of a point; then the
    // tokin moves as a Gold: 4a, 6a, 5b (cross-check file).
    assert_eq!(turns_of("4G4/4P4/9/9/9/9/9/9/K7k b - 11 1"), set(&["5b5a+,5a4a", "5b5a+,5a6a", "5b5a+,5a5b"]));
    // White Pawn 5g, roll 11: 5g5h+ then the tokin 6 ways, or 5g5h then 5h5i+ (forced): 7.
    let t = turns_of("8K/9/9/9/9/9/4p4/9/k8 w - 11 1");
    assert_eq!(t.len(), 7);
    assert!(t.contains("5g5h,5h5i+") && !t.contains("5g5h,5h5i"));
}

#[test]
fn drops_nifu_at_either_level_of_a_point() {
    // Pawn at the bottom of [PS] 5g, a Pawn in hand, roll 11: 63 first drops (files 1-4, 6-9,
    // ranks b-i, 1i taken), each followed by the dropped Pawn's step (2 ways into the zone
    // from ranks c and d, 1 from rank b (forced) and elsewhere): 63 + 16 = 79. No drop on 5.
    let t = turns_of("k8/9/9/9/9/9/4[PS]4/9/8K b P 11 1");
    assert_eq!(t.len(), 79);
    assert!(!t.iter().any(|s| s.contains("P*5")));
    // The Pawn on top, [SP] 5g: it may step. Pawn first: 5g5f then 5f5e or one of 63 drops (file
    // 5 still holds the Pawn): 64. Drop first (63 drops): then the dropped Pawn steps (per file
    // ranks b 1, c 2, d 2, e-i 5 = 10; file 1 without 1i: 9) or 5g5f (one per drop): 7 x 18 +
    // 16 = 142. Total 206; still no drop on file 5.
    let t = turns_of("k8/9/9/9/9/9/4[SP]4/9/8K b P 11 1");
    assert_eq!(t.len(), 206);
    assert!(!t.iter().any(|s| s.contains("P*5")));
    assert!(t.contains("P*4c,5g5f") && t.contains("5g5f,P*4c") && t.contains("P*9b,9b9a+"));
    // A position with a second Black Pawn on file 5 under a point is refused (two-pawn rule).
    let v = tetsugaku::Variant::named("shogammon").unwrap_or_else(|| panic!("no shogammon"));
    assert!(AnyGame::new(v, &Default::default(), Some("k8/9/9/9/4P4/9/4[PS]4/9/8K b - 11 1")).is_err());
}

#[test]
fn drops_without_pawn_drop_mate_ban_and_dead_pieces() {
    // White King 1a; Black Dragon 1c guards 1b and 2b, Black Gold 3b guards 2a and 2b: P*1b
    // would be a pawn-drop mate in shogi. Roll 41: it is allowed: `P*1b` then a Gold move, and
    // Gold moves then P*1b.
    let t = turns_of("8k/6G2/8+R/9/9/9/9/9/K8 b P 41 1");
    assert!(t.contains("P*1b,3b3a") && t.contains("3b4b,P*1b"), "{t:?}");
    // A Knight in hand, no Pawn, roll 21: die 1 lost; Knight drops only on ranks c-i (never a,
    // b): 9 files x 7 ranks - 1 (9i holds the King) = 62 one-drop turns.
    let t = turns_of("8k/9/9/9/9/9/9/9/K8 b N 21 1");
    assert_eq!(t.len(), 62);
    assert!(!t.iter().any(|s| s.ends_with('a') || s.ends_with('b')));
    // A Lance in hand, roll 21: ranks b-i: 9 x 8 - 1 = 71.
    let t = turns_of("8k/9/9/9/9/9/9/9/K8 b L 21 1");
    assert_eq!(t.len(), 71);
    assert!(t.contains("L*5b") && !t.iter().any(|s| s.ends_with('a')));
}

#[test]
fn no_check_rule() {
    // White Rook 5e attacks the Black King 5i down the file. Roll 61: order 1-6, 9h9g then any
    // of the 5 King moves, 5h (still on the file) included; order 6-1: 5 King moves then 9h9g.
    // 10 turns: the King need not escape and may stay in the line.
    let t = turns_of("4k4/9/9/9/4r4/9/9/P8/4K4 b - 61 1");
    assert_eq!(t.len(), 10, "{t:?}");
    assert!(t.contains("9h9g,5i5h") && t.contains("5i5h,9h9g"));
    // Roll 11: the only turn is the Pawn's two steps, the King left attacked.
    assert_eq!(turns_of("4k4/9/9/9/4r4/9/9/P8/4K4 b - 11 1"), set(&["9h9g,9g9f"]));
}

#[test]
fn king_capture_ends_the_game_at_once() {
    // Pawn 5b takes the single King 5a (promotion forced) with the first sub-move: the turn ends
    // there; or the King 1i moves first (1h, 2h, 2i) then the Pawn takes: 4 turns.
    let text = "4k4/4P4/9/9/9/9/9/9/8K b - 61 1";
    assert_eq!(turns_of(text), set(&["5b5a+", "1i1h,5b5a+", "1i2h,5b5a+", "1i2i,5b5a+"]));
    let mut g = game(text);
    play(&mut g, "5b5a+");
    assert_eq!(result(&g).as_deref(), Some("b king-capture"));
    assert_eq!(g.position_string(), "4+P4/9/9/9/9/9/9/9/8K w - - 2");
    assert!(g.legal_moves().is_empty());
    assert!(g.play_token("11").is_err());
    // A position string without the White King is decided.
    assert_eq!(result(&game("9/9/9/9/9/9/9/9/4K4 w - - 5")).as_deref(), Some("b king-capture"));
}

#[test]
fn pass_when_no_die_can_be_used() {
    // The King on top of the only Gold, roll 44: `pass`; it hands the move to White.
    let mut g = game("8k/9/9/9/9/9/9/9/4[GK]4 b - 44 1");
    assert_eq!(turns(&g), set(&["pass"]));
    play(&mut g, "pass");
    assert_eq!(g.position_string(), "8k/9/9/9/9/9/9/9/4[GK]4 w - - 2");
    assert!(matches!(g.turn(), Turn::Chance(_)));
}

#[test]
fn die_table_option() {
    // `6:P 5:LN 4:S 3:G 2:BR 1:K`: the King answers to 1, the Pawns to 6, the Silvers to 4.
    // From the start: 11 gives the 34 King turns of the default 66, 66 the 81 Pawn turns of
    // the default 11, 44 the 48 Silver turns of the default 33.
    let options = rules("shogammon", &["ShogammonDice=6:P 5:LN 4:S 3:G 2:BR 1:K"]);
    for (roll, count) in [("11", 34), ("66", 81), ("44", 48)] {
        let g = engine_with("shogammon", &options, Some(&start_with(roll)));
        assert_eq!(turns(&g).len(), count, "roll {roll}");
    }
    let g = engine_with("shogammon", &options, Some(&start_with("11")));
    assert!(turns(&g).contains("5i4h,4h3h"));
    let v = tetsugaku::Variant::named("shogammon").unwrap_or_else(|| panic!("no shogammon"));
    for bad in ["1:P 2:LN 3:S 4:G 5:BR", "1:P 2:LN 3:S 4:G 5:BR 5:K", "1:PP 2:LN 3:S 4:G 5:BR 6:K", "banana"] {
        assert!(v.rule_values([format!("ShogammonDice={bad}").as_str()]).is_err(), "accepted {bad}");
    }
}

#[test]
fn turn_limit_option() {
    // Limit 2: drawn once two turns have been completed (move number 3), not before.
    let options = rules("shogammon", &["ShogammonTurnLimit=2"]);
    let mut g = engine_with("shogammon", &options, None);
    for item in ["61", "7g7f,5i5h", "11"] {
        play(&mut g, item);
        assert_eq!(result(&g), None, "after {item}");
    }
    play(&mut g, "3c3d,3d3e");
    assert_eq!(result(&g).as_deref(), Some("draw turn-limit"));
    assert!(g.legal_moves().is_empty());
    assert!(g.play_token("11").is_err());
    // King capture is judged first: with limit 1 the turn that takes the King wins.
    let options = rules("shogammon", &["ShogammonTurnLimit=1"]);
    let mut g = engine_with("shogammon", &options, Some("4k4/4P4/9/9/9/9/9/9/8K b - 61 1"));
    play(&mut g, "5b5a+");
    assert_eq!(result(&g).as_deref(), Some("b king-capture"));
    // Off by default: a long game from the start goes on.
    let mut g = engine("shogammon", None);
    for _ in 0..30 {
        play(&mut g, "11");
        let first = g.legal_moves().into_iter().next().unwrap_or_else(|| panic!("no turn"));
        play(&mut g, &first);
    }
    assert_eq!(result(&g), None);
}

#[test]
fn start_rolls_counted_by_hand() {
    // The hand counts worked out in tests/shogammon/cross_check.rs (`reference_start_rolls`).
    for (roll, count) in START_TURNS {
        assert_eq!(turns_of(&start_with(roll)).len(), count, "roll {roll}");
    }
    let t = turns_of(&start_with("61"));
    for token in ["7g7f,5i5h", "5i5h,7g7f", "7g7f,5i4i", "5i6i,1g1f"] {
        assert!(t.contains(token), "{token}");
    }
    // The start is a chance node listing the 21 rolls.
    let rolls: Vec<String> = engine("shogammon", None).legal_moves();
    assert_eq!(rolls.join(" "), "11 21 22 31 32 33 41 42 43 44 51 52 53 54 55 61 62 63 64 65 66");
}

#[test]
fn invalid_position_strings_are_refused() {
    let v = tetsugaku::Variant::named("shogammon").unwrap_or_else(|| panic!("no shogammon"));
    for (bad, what) in INVALID_POSITIONS {
        assert!(AnyGame::new(v, &Default::default(), Some(bad)).is_err(), "accepted {bad} ({what})");
    }
    // Accepted: the side not to move attacked (no check rule); a roll in either order, printed
    // higher die first; a missing move number; a King inside a point.
    let g = game("4k4/4R4/9/9/9/9/9/9/4K4 b - 16");
    assert_eq!(g.position_string(), "4k4/4R4/9/9/9/9/9/9/4K4 b - 61 1");
    assert_eq!(game("4k4/9/9/9/9/9/9/9/4[GK]4 b - - 1").position_string(), "4k4/9/9/9/9/9/9/9/4[GK]4 b - - 1");
}
