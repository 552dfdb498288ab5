//! Standard shogi (docs/rules/shogi.md, protocol-spec.md §11): one focused test per rule,
//! position-string validation and round trips, and the protocol playing shogi.
//!
//! Board orientation: files 9 (left) .. 1 (right), ranks a (top, White `w`) .. i (bottom, Black
//! `b`, the first player). Black's pieces are upper case.

use crate::engine_process::Engine;
use crate::games::engine;
use tetsugaku::game::{MoveError, PositionErrorKind as K, PositionField as F};
use tetsugaku::variants::shogi::Shogi;
use tetsugaku::vocabulary::WinReason;
use tetsugaku::{AnyGame, Game, GameError, Outcome, Side, Turn};

fn shogi(position: &str) -> AnyGame {
    engine("shogi", Some(position))
}

fn concrete(game: &AnyGame) -> &Shogi {
    match game {
        AnyGame::Shogi(s) => s,
        _ => panic!("not a shogi game"),
    }
}

fn result(game: &AnyGame) -> Option<String> {
    match game.turn() {
        Turn::Over(outcome) => Some(outcome.to_string()),
        _ => None,
    }
}

fn legal(game: &AnyGame, token: &str) -> bool {
    game.legal_moves().iter().any(|m| m == token)
}

/// The error for a move the game must refuse (and the proof that nothing changed); it names
/// the token.
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

/// Why the game refuses the well-formed move `token`: it must be an illegal move with a reason.
fn illegal_because(game: &mut AnyGame, token: &str) -> String {
    match refused(game, token) {
        MoveError::Illegal { reason: Some(reason), .. } => reason,
        other => panic!("{token}: expected an illegal move with a reason, got {other:?}"),
    }
}

fn play_all(game: &mut AnyGame, tokens: &str) {
    for token in tokens.split_whitespace() {
        game.play_token(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
}

// ---------------------------------------------------------------------------------------------
// Drops: nifu, pawn-drop mate, the dead-piece rule

#[test]
fn nifu_a_second_unpromoted_pawn_on_a_file_cannot_be_dropped() {
    // Black has a pawn on 5g and a tokin on 3c; one pawn in hand.
    let mut game = shogi("4k4/9/6+P2/9/9/9/4P4/9/4K4 b P 1");
    assert!(!legal(&game, "P*5e"));
    assert!(illegal_because(&mut game, "P*5e").contains("nifu"));
    assert!(legal(&game, "P*4e"));
    assert!(legal(&game, "P*3e"), "a promoted pawn does not count for nifu");
    // The opponent's pawn on a file does not count either.
    let game = shogi("4k4/9/4p4/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&game, "P*5e"));
}

/// tomori-k/ShogiLibSharp ShogiLibSharp.Tests/MovegenTests.cs `IsUchifuzumeTest`: White drops a
/// pawn in front of Black's King; `true` when that drop would mate (and is therefore illegal).
pub const PAWN_DROP_MATE_CASES: [(&str, &str, bool); 14] = [
    // The King can neither escape nor take.
    ("3lkl3/9/9/b8/9/r8/4K4/r8/9 w B2G2S2N2L9P2g2s2n9p 1", "P*5f", true),
    // A knight, silver, gold, bishop, rook, horse or dragon can take the pawn.
    ("3lkl3/9/9/b8/8b/r8/4K4/r4N3/9 w 2G2SN2L9P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/8b/r8/4KS3/r8/9 w 2GS2N2L9P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/8b/r8/3GK4/r8/9 w G2S2N2L9P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/9/r8/4K4/r8/1B7 w 2G2S2N2L9P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/9/r7R/4K4/3PPP3/9 w B2G2S2N2L6P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/4+B4/r8/4K4/r8/9 w 2G2S2N2L9P2g2s2n9p 1", "P*5f", false),
    ("3lkl3/9/9/b8/9/r8/4K+R3/3PPP3/9 w B2G2S2N2L6P2g2s2n9p 1", "P*5f", false),
    // Pinned pieces cannot take (by a bishop, by a rook).
    ("3lkl3/9/9/b8/6b2/r4G3/4KP3/r8/9 w G2S2N2L8P2g2s2n9p 1", "P*5f", true),
    ("3lkl3/9/9/b8/9/r8/r2BK4/3PP4/9 w 2G2S2N2L7P2g2s2n9p 1", "P*5f", true),
    // Pinned now, but the dropped pawn itself ends the pin.
    ("3lkl3/4l4/9/b8/4R4/r8/4K4/3PP4/9 w B2G2S2NL7P2g2s2n9p 1", "P*5f", false),
    // The pawn blocks an attack on an escape square.
    ("3lkl3/9/9/b8/5N3/r8/4KP3/3PPS3/9 w RB2GSNL6P2g2s2nl9p 1", "P*5f", false),
    ("8k/9/9/9/3r5/1K7/3+r5/2b6/9 w B2G2S2N3L9P2g2s2nl9p 1", "P*8e", false),
    // The King's own pieces box it in.
    ("3lkl3/9/9/b8/4g4/3N1P3/r2SKG2r/3PBS3/9 w NL7P2g2s2nl9p 1", "P*5f", true),
];

#[test]
fn pawn_drop_mate_is_illegal_while_a_pawn_drop_check_is_not() {
    for (position, drop, mates) in PAWN_DROP_MATE_CASES {
        let mut game = shogi(position);
        assert_eq!(legal(&game, drop), !mates, "{position}: {drop}");
        if mates {
            assert!(illegal_because(&mut game, drop).contains("checkmate"), "{position}");
        } else {
            game.play_token(drop).unwrap_or_else(|e| panic!("{position}: {e}"));
            assert!(concrete(&game).is_check(), "{position}: {drop} gives check");
            assert_eq!(result(&game), None, "{position}");
        }
    }
}

#[test]
fn mate_by_a_pawn_move_or_another_drop_is_legal() {
    // White King 1a boxed in by a gold on 3b and a silver on 2c.
    let with_pawn_on_board = "8k/6G2/7SP/9/9/9/9/9/K8 b - 1";
    for token in ["1c1b", "1c1b+"] {
        let mut game = shogi(with_pawn_on_board);
        game.play_token(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        assert_eq!(result(&game).as_deref(), Some("b checkmate"), "{token}");
        assert!(game.legal_moves().is_empty());
    }
    let mut game = shogi("8k/6G2/7S1/9/9/9/9/9/K8 b PL 1");
    assert!(illegal_because(&mut game, "P*1b").contains("pawn drop may not give checkmate"));
    // A lance dropped on the same square mates legally.
    game.play_token("L*1b").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(result(&game).as_deref(), Some("b checkmate"));
}

#[test]
fn a_bishop_in_hand_drops_on_every_empty_square() {
    // sugyan/yasai src/movegen.rs test `drop_moves`: 43 drops after 7g7f 3c3d 8h2b+ 3a2b.
    let game = shogi("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1");
    assert_eq!(game.legal_moves().iter().filter(|m| m.contains('*')).count(), 43);
}

#[test]
fn dead_piece_rule_for_drops() {
    let game = shogi("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    let moves = game.legal_moves();
    let on_rank =
        |letter: char, rank: char| moves.iter().filter(|m| m.starts_with(letter) && m.ends_with(rank)).count();
    assert_eq!(on_rank('P', 'a'), 0);
    assert_eq!(on_rank('L', 'a'), 0);
    assert_eq!(on_rank('N', 'a'), 0);
    assert_eq!(on_rank('N', 'b'), 0);
    assert_eq!(on_rank('P', 'b'), 9);
    assert_eq!(on_rank('L', 'b'), 9);
    assert_eq!(on_rank('N', 'c'), 9);
    assert!(illegal_because(&mut game.clone(), "N*3b").contains("could never move"));
    // White mirrored: ranks i (and h for knights).
    let game = shogi("4k4/9/9/9/9/9/9/9/4K4 w nlp 1");
    let moves = game.legal_moves();
    assert!(!moves.iter().any(|m| m.ends_with('i') && m.contains('*')));
    assert!(!moves.iter().any(|m| m.starts_with('N') && m.ends_with('h')));
    assert!(moves.iter().any(|m| m == "P*5h"));
    // White's drops are written with upper-case letters too.
    assert!(moves.iter().all(|m| !m.contains('*') || m.starts_with(['P', 'L', 'N'])));
}

// ---------------------------------------------------------------------------------------------
// Promotion

/// The legal moves from `square`, sorted.
fn moves_from(game: &AnyGame, square: &str) -> Vec<String> {
    let mut list: Vec<String> = game.legal_moves().into_iter().filter(|m| m.starts_with(square)).collect();
    list.sort();
    list
}

#[test]
fn promotion_is_forced_only_where_the_piece_could_never_move_again() {
    // Black: pawn 7b, lance 3c, bishop 1c, knight 9d, silver 5d, rook 2g; Kings 5i and 8a.
    let game = shogi("1k7/2P6/6L1B/N3S4/9/9/7R1/9/4K4 b - 1");
    assert_eq!(moves_from(&game, "7b"), ["7b7a+"], "a pawn on the last rank must promote");
    assert_eq!(moves_from(&game, "3c"), ["3c3a+", "3c3b", "3c3b+"], "a lance on rank b may stay unpromoted");
    assert_eq!(moves_from(&game, "9d"), ["9d8b+"], "a knight on rank b must promote");
    assert_eq!(
        moves_from(&game, "5d"),
        ["5d4c", "5d4c+", "5d4e", "5d5c", "5d5c+", "5d6c", "5d6c+", "5d6e"],
        "a silver may promote entering the zone, not outside it"
    );
    // A bishop that starts in the zone may promote wherever it goes.
    let bishop = moves_from(&game, "1c");
    assert!(bishop.contains(&"1c5g".to_string()) && bishop.contains(&"1c5g+".to_string()));
    // A rook entering the zone may promote; moving outside it may not.
    let rook = moves_from(&game, "2g");
    assert!(rook.contains(&"2g2c".to_string()) && rook.contains(&"2g2c+".to_string()));
    assert!(rook.contains(&"2g2d".to_string()) && !rook.contains(&"2g2d+".to_string()));
    let mut game = game;
    assert!(illegal_because(&mut game, "7b7a").contains("must promote"));
    assert!(illegal_because(&mut game, "2g2d+").contains("cannot promote"));
}

#[test]
fn knights_on_rank_c_may_stay_unpromoted_and_white_promotes_in_its_own_zone() {
    let game = shogi("4k4/9/9/9/9/n8/9/9/4K4 w - 1");
    assert_eq!(moves_from(&game, "9f"), ["9f8h+"], "a White knight on rank h must promote");
    let game = shogi("4k4/9/9/n8/9/9/9/9/4K4 w - 1");
    assert_eq!(moves_from(&game, "9d"), ["9d8f"]);
    let game = shogi("4k4/9/9/9/n8/9/9/9/4K4 w - 1");
    assert_eq!(moves_from(&game, "9e"), ["9e8g", "9e8g+"]);
    // Gold, King and promoted pieces never promote.
    let game = shogi("4k4/9/9/9/9/9/4+p4/3g5/8K w - 1");
    assert!(moves_from(&game, "6h").iter().chain(moves_from(&game, "5g").iter()).all(|m| !m.ends_with('+')));
}

// ---------------------------------------------------------------------------------------------
// Check, checkmate, no moves

#[test]
fn a_king_never_moves_into_attack_and_pinned_pieces_stay_on_their_line() {
    // Black King 5i, Black silver 5h pinned by the White rook on 5a; White bishop on 8d eyes 4h.
    let game = shogi("4r3k/9/9/1b7/9/9/9/4S4/4K4 b - 1");
    let moves = game.legal_moves();
    assert_eq!(moves_from(&game, "5h"), ["5h5g"], "the pinned silver cannot leave file 5");
    assert!(!moves.contains(&"5i4h".to_string()), "4h is attacked by the bishop");
    assert!(moves.contains(&"5i6h".to_string()));
}

#[test]
fn check_is_answered_by_moving_capturing_or_interposing_including_drops() {
    // White rook 5a checks the Black King 5i down the open file; Black holds a gold.
    let game = shogi("4r3k/9/9/9/9/9/9/9/4K4 b G 1");
    let mut moves = game.legal_moves();
    moves.sort();
    let drops: Vec<&String> = moves.iter().filter(|m| m.contains('*')).collect();
    assert_eq!(drops, ["G*5b", "G*5c", "G*5d", "G*5e", "G*5f", "G*5g", "G*5h"]);
    assert!(moves.contains(&"5i4i".to_string()) && !moves.contains(&"5i5h".to_string()));
    assert_eq!(moves.len(), 7 + 4, "{moves:?}");
}

#[test]
fn no_legal_move_is_checkmate_in_check_and_no_moves_otherwise() {
    let mut game = shogi("8k/6S2/9/7G1/9/9/9/9/K8 b - 1");
    game.play_token("2d2c").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(result(&game).as_deref(), Some("b no-moves"));
    assert!(game.legal_moves().is_empty());
    let over = Outcome::Win { winner: Side::First, reason: WinReason::NoMoves };
    assert_eq!(refused(&mut game, "1a1b"), MoveError::AfterEnd { token: "1a1b".into(), outcome: over });
    // A position string can already be decided.
    let game = shogi("8k/6S2/7G1/9/9/9/9/9/K8 w - 1");
    assert_eq!(result(&game).as_deref(), Some("b no-moves"));
    let game = shogi("ln+B1ggsnl/1r2k2b1/ppppSpppp/4p4/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w - 1");
    assert_eq!(result(&game).as_deref(), Some("b checkmate"));
}

// ---------------------------------------------------------------------------------------------
// Repetition and perpetual check

#[test]
fn the_fourth_occurrence_is_a_draw() {
    let mut game = engine("shogi", None);
    let shuffle = "5i5h 5a5b 5h5i 5b5a";
    play_all(&mut game, shuffle);
    play_all(&mut game, shuffle);
    play_all(&mut game, "5i5h 5a5b 5h5i");
    assert_eq!(result(&game), None, "the start position has occurred three times only");
    play_all(&mut game, "5b5a");
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn perpetual_check_loses_for_the_checking_player() {
    // Black's rook checks from rank b, then rank a, while White's King steps 1a <-> 1b.
    let start = "8k/R8/9/9/9/9/9/9/4K4 b - 1";
    let mut game = shogi(start);
    let cycle = "9b9a 1a1b 9a9b 1b1a";
    play_all(&mut game, cycle);
    play_all(&mut game, cycle);
    play_all(&mut game, "9b9a 1a1b 9a9b");
    assert_eq!(result(&game), None);
    play_all(&mut game, "1b1a");
    assert_eq!(result(&game).as_deref(), Some("w perpetual-check"));

    // White checking: mirrored, Black's King steps 9i <-> 9h; Black wins.
    let mut game = shogi("4k4/9/9/9/9/9/9/8r/K8 w - 1");
    let cycle = "1h1i 9i9h 1i1h 9h9i";
    for _ in 0..3 {
        play_all(&mut game, cycle);
    }
    assert_eq!(result(&game).as_deref(), Some("b perpetual-check"));

    // The fourth occurrence can also come with the checking move itself: start in check.
    let mut game = shogi("R7k/9/9/9/9/9/9/9/4K4 w - 1");
    let cycle = "1a1b 9a9b 1b1a 9b9a";
    for _ in 0..3 {
        play_all(&mut game, cycle);
    }
    assert_eq!(result(&game).as_deref(), Some("w perpetual-check"));
}

#[test]
fn a_quiet_move_inside_the_repetition_makes_it_a_draw() {
    // As above, but Black once answers with a King move that gives no check, then the rook dance
    // resumes; the start position still occurs four times.
    let mut game = shogi("8k/R8/9/9/9/9/9/9/4K4 b - 1");
    play_all(&mut game, "9b9a 1a1b 9a9b 1b1a");
    play_all(&mut game, "5i5h 1a2a 5h5i 2a1a");
    play_all(&mut game, "9b9a 1a1b 9a9b");
    assert_eq!(result(&game), None);
    play_all(&mut game, "1b1a");
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
}

#[test]
fn play_and_undo_keep_the_repetition_history() {
    let mut game = shogi("8k/R8/9/9/9/9/9/9/4K4 b - 1");
    let AnyGame::Shogi(position) = &mut game else { panic!("not shogi") };
    let tokens = "9b9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b 1b1a 9b9a 1a1b 9a9b 1b1a";
    for token in tokens.split_whitespace() {
        let mut moves = Vec::new();
        position.generate(&mut moves);
        for &mv in &moves {
            position.play(mv);
            position.undo();
        }
        let mv = position.parse_move(token).unwrap_or_else(|e| panic!("{e}"));
        position.play(mv);
    }
    assert_eq!(result(&game).as_deref(), Some("w perpetual-check"));
}

#[test]
fn a_position_string_starts_a_fresh_history() {
    let mut game = engine("shogi", None);
    play_all(&mut game, "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i");
    let mut fresh = shogi(&game.position_string());
    play_all(&mut fresh, "5b5a");
    assert_eq!(result(&fresh), None);
    play_all(&mut game, "5b5a");
    assert_eq!(result(&game).as_deref(), Some("draw repetition"));
}

// ---------------------------------------------------------------------------------------------
// Position strings

#[test]
fn position_strings_round_trip_with_canonical_hands() {
    let cases = [
        ("4k4/9/9/9/9/9/9/9/4K4 b S2Pb10p 1", "4k4/9/9/9/9/9/9/9/4K4 b S2Pb10p 1"),
        ("4k4/9/9/9/9/9/9/9/4K4 b 2PSb10p 7", "4k4/9/9/9/9/9/9/9/4K4 b S2Pb10p 7"),
        ("4k4/9/9/9/9/9/9/9/4K4 w 10pb2PS", "4k4/9/9/9/9/9/9/9/4K4 w S2Pb10p 1"),
        ("4k4/9/9/9/9/9/9/9/4K4 w P2L2NGSBRrb3g3s2n2l17p 3", "4k4/9/9/9/9/9/9/9/4K4 w RBGS2N2LPrb3g3s2n2l17p 3"),
        (
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ),
        ("+l+n+s1k1+S+N+L/9/9/9/9/9/9/1+B5+R1/4K4 b -", "+l+n+s1k1+S+N+L/9/9/9/9/9/9/1+B5+R1/4K4 b - 1"),
    ];
    for (input, canonical) in cases {
        let game = shogi(input);
        assert_eq!(game.position_string(), canonical, "{input}");
        let again = shogi(canonical);
        assert_eq!(again.position_string(), canonical);
        assert_eq!(again.key(), game.key(), "{input}");
    }
    let start = engine("shogi", None);
    assert_eq!(start.position_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

#[test]
fn hands_and_side_to_move_are_part_of_the_key() {
    let keys: Vec<u64> = [
        "4k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/4K4 w - 1",
        "4k4/9/9/9/9/9/9/9/4K4 b P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b p 1",
        "4k4/9/9/9/9/9/9/9/4K4 b 2P 1",
        "4k4/9/9/9/9/9/9/9/4K4 b L 1",
    ]
    .iter()
    .map(|p| shogi(p).key())
    .collect();
    let mut distinct = keys.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), keys.len());
    // The move number is not.
    assert_eq!(shogi("4k4/9/9/9/9/9/9/9/4K4 b - 1").key(), shogi("4k4/9/9/9/9/9/9/9/4K4 b - 99").key());
}

#[test]
fn a_side_without_a_king_moves_freely_and_is_never_in_check() {
    // A tsume attacker: Black to move with no King, a rook on 5i and a gold in hand. The rook
    // goes 8 squares up its file (promoting or not on 5c, 5b, 5a) and 8 along its rank; the
    // gold drops on the 79 empty squares.
    let tsume = shogi("3k5/9/9/9/9/9/9/9/4R4 b G 1");
    assert!(!concrete(&tsume).is_check());
    assert_eq!(tsume.legal_moves().len(), 8 + 3 + 8 + 79);
    // The rook on 6i checks the White King on 6a, which must step off the file: 5a, 7a, 5b, 7b.
    let checked = shogi("3k5/9/9/9/9/9/9/9/3R5 w G 1");
    assert!(concrete(&checked).is_check());
    let mut answers = checked.legal_moves();
    answers.sort();
    assert_eq!(answers, ["6a5a", "6a5b", "6a7a", "6a7b"]);
    // White to move without a King: its rook on 1a has 8 squares down (promoting or not on
    // 1g, 1h, 1i) and 8 along rank a.
    assert_eq!(shogi("8r/9/9/9/9/9/9/9/4K4 w - 1").legal_moves().len(), 8 + 3 + 8);
    // Two Kings of one side stay refused (below).
}

#[test]
fn invalid_position_strings_are_rejected_with_the_field_and_kind_of_the_error() {
    let kings = |side, count| K::TooManyKings { side, count };
    let pieces = |piece, count, most| K::TooManyPieces { piece, count, most };
    let dead = |piece, square: &str| K::DeadPiece { piece, square: square.into() };
    let count = |count: &str| K::BadHandCount { count: count.into() };
    let unknown = |rank, piece: &str| K::UnknownPiece { rank, piece: piece.into() };
    let squares = |rank, found| K::RankSquares { rank, expected: 9, found };
    let max = K::BadMoveNumber { max: 9_223_372_036_854_775_807 };
    let cases = [
        // Kings
        ("4k4/9/9/9/9/9/9/9/3KK4 b - 1", F::Board, "4k4/9/9/9/9/9/9/9/3KK4", kings(Side::First, 2)),
        ("3kk4/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "3kk4/9/9/9/9/9/9/9/4K4", kings(Side::Second, 2)),
        ("4k4/9/9/9/9/9/9/9/4K4 b K 1", F::Hand, "K", K::KingInHand),
        // the standard set (board and hands together)
        ("4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", F::Whole, "", pieces('P', 19, 18)),
        ("4k4/9/9/9/9/9/9/9/4K4 b 3B 1", F::Whole, "", pieces('B', 3, 2)),
        ("4k4/9/9/9/9/9/9/+R+R+R6/4K4 b - 1", F::Whole, "", pieces('R', 3, 2)),
        ("4k4/9/9/9/9/9/9/9/4K4 b 5G 1", F::Whole, "", pieces('G', 5, 4)),
        // dead pieces
        ("P3k4/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "P3k4/9/9/9/9/9/9/9/4K4", dead('P', "9a")),
        ("L3k4/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "L3k4/9/9/9/9/9/9/9/4K4", dead('L', "9a")),
        ("4k4/N8/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k4/N8/9/9/9/9/9/9/4K4", dead('N', "9b")),
        ("4k4/9/9/9/9/9/9/9/p3K4 b - 1", F::Board, "4k4/9/9/9/9/9/9/9/p3K4", dead('p', "9i")),
        ("4k4/9/9/9/9/9/9/n8/4K4 b - 1", F::Board, "4k4/9/9/9/9/9/9/n8/4K4", dead('n', "9h")),
        // nifu
        (
            "4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1",
            F::Board,
            "4k4/9/9/9/4P4/9/4P4/9/4K4",
            K::Nifu { side: Side::First, file: 5 },
        ),
        (
            "4k4/4p4/9/9/9/4p4/9/9/4K4 b - 1",
            F::Board,
            "4k4/4p4/9/9/9/4p4/9/9/4K4",
            K::Nifu { side: Side::Second, file: 5 },
        ),
        // the side not to move in check
        ("4k4/9/9/9/9/9/9/9/4K3r w - 1", F::Whole, "", K::WaitingSideInCheck { side: Side::First }),
        ("4k4/4P4/9/9/9/9/9/9/4K4 b - 1", F::Whole, "", K::WaitingSideInCheck { side: Side::Second }),
        // hands
        ("4k4/9/9/9/9/9/9/9/4K4 b 1P 1", F::Hand, "1P", count("1")),
        ("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", F::Hand, "0P", count("0")),
        ("4k4/9/9/9/9/9/9/9/4K4 b 02P 1", F::Hand, "02P", count("0")),
        ("4k4/9/9/9/9/9/9/9/4K4 b PP 1", F::Hand, "PP", K::RepeatedHandPiece { piece: 'P' }),
        ("4k4/9/9/9/9/9/9/9/4K4 b P2 1", F::Hand, "P2", K::HandEndsWithCount),
        ("4k4/9/9/9/9/9/9/9/4K4 b X 1", F::Hand, "X", K::UnknownHandPiece { piece: "X".into() }),
        ("4k4/9/9/9/9/9/9/9/4K4 b +P 1", F::Hand, "+P", K::UnknownHandPiece { piece: "+".into() }),
        ("4k4/9/9/9/9/9/9/9/4K4 b 99999999999999999999P 1", F::Hand, "99999999999999999999P", count("99")),
        // board syntax
        ("4k4/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k4/9/9/9/9/9/9/4K4", K::RankCount { expected: 9, found: 8 }),
        ("4k4/9/9/9/9/9/9/9/4K4/9 b - 1", F::Board, "4k4/9/9/9/9/9/9/9/4K4/9", K::RankCount { expected: 9, found: 10 }),
        ("9k/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "9k/9/9/9/9/9/9/9/4K4", squares('a', 10)),
        ("4k5/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k5/9/9/9/9/9/9/9/4K4", squares('a', 10)),
        ("4k3/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k3/9/9/9/9/9/9/9/4K4", squares('a', 8)),
        ("4k13/9/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k13/9/9/9/9/9/9/9/4K4", K::EmptyRun { rank: 'a' }),
        ("4k4/0/9/9/9/9/9/9/4K4 b - 1", F::Board, "4k4/0/9/9/9/9/9/9/4K4", K::EmptyRun { rank: 'b' }),
        ("4k4/9/9/4+G4/9/9/9/9/4K4 b - 1", F::Board, "4k4/9/9/4+G4/9/9/9/9/4K4", unknown('d', "+G")),
        ("4k4/9/9/4+K4/9/9/9/9/4K4 b - 1", F::Board, "4k4/9/9/4+K4/9/9/9/9/4K4", unknown('d', "+K")),
        ("4k4/9/9/4x4/9/9/9/9/4K4 b - 1", F::Board, "4k4/9/9/4x4/9/9/9/9/4K4", unknown('d', "x")),
        ("4k4/9/9/8+/9/9/9/9/4K4 b - 1", F::Board, "4k4/9/9/8+/9/9/9/9/4K4", unknown('d', "+")),
        // side, move number, fields
        ("4k4/9/9/9/9/9/9/9/4K4 B - 1", F::Side, "B", K::BadSide),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 0", F::MoveNumber, "0", max.clone()),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 01", F::MoveNumber, "01", max.clone()),
        ("4k4/9/9/9/9/9/9/9/4K4 b - -1", F::MoveNumber, "-1", max.clone()),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 9223372036854775808", F::MoveNumber, "9223372036854775808", max.clone()),
        ("4k4/9/9/9/9/9/9/9/4K4 b", F::Whole, "", K::MissingFields),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1 1", F::Whole, "", K::ExtraFields),
    ];
    let variant = tetsugaku::Variant::named("shogi").expect("shogi is a variant");
    for (text, field, quoted, kind) in cases {
        let error = match AnyGame::new(variant, &tetsugaku::RuleValues::default(), Some(text)) {
            Ok(_) => panic!("{text} was accepted"),
            Err(GameError::Position(e)) => e,
            Err(e) => panic!("{text}: not a position error: {e:?}"),
        };
        // The whole string is quoted for errors of the whole string.
        let quoted = if field == F::Whole { text } else { quoted };
        assert_eq!((error.field, error.text.as_str(), &error.kind), (field, quoted, &kind), "{text}: {error}");
        assert!(error.to_string().len() > 10, "{text}: {error}");
    }
    // Largest legal numbers are fine.
    shogi("4k4/9/9/9/9/9/9/9/4K4 b 9P9p 9223372036854775807");
}

#[test]
fn the_move_number_stops_at_its_limit_and_the_position_string_stays_readable() {
    // protocol-spec.md §7: move numbers 1 to 2^63 - 1; playing on from the limit keeps it.
    let at_limit = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 9223372036854775807";
    let mut game = shogi(at_limit);
    assert_eq!(game.position_string(), at_limit);
    play_all(&mut game, "7g7f 3c3d");
    let after = game.position_string();
    assert_eq!(after, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 9223372036854775807");
    let reread = shogi(&after);
    assert_eq!((reread.position_string(), reread.key()), (after, game.key()));
    if let AnyGame::Shogi(position) = &mut game {
        position.undo();
        position.undo();
    }
    assert_eq!(game.position_string(), at_limit, "undo goes back to the limit itself");
    let mut below = shogi("4k4/9/9/9/9/9/9/9/4K4 b - 9223372036854775806");
    play_all(&mut below, "5i5h 5a5b");
    assert_eq!(below.position_string(), "9/4k4/9/9/9/9/9/4K4/9 b - 9223372036854775807");
}

// ---------------------------------------------------------------------------------------------
// Move tokens

#[test]
fn move_tokens_are_parsed_strictly() {
    let mut game = engine("shogi", None);
    for (token, reason) in [
        ("7g7e", "cannot reach"),
        ("7f7e", "no piece of b"),
        ("3c3d", "no piece of b"),
        ("8i7g", "holds a piece of b"),
        ("7g7f+", "cannot promote"),
        ("P*5e", "no P in hand"),
    ] {
        let error = illegal_because(&mut game, token);
        assert!(error.contains(reason), "{token:?}: {error} (expected {reason:?})");
    }
    for token in ["7g7g", "7g", "p*5e", "K*5e", "7G7F", "7g7f ", ""] {
        assert!(matches!(refused(&mut game, token), MoveError::Malformed { .. }), "{token:?}");
    }
    play_all(&mut game, "7g7f 3c3d 8h2b+ 3a2b");
    assert!(legal(&game, "B*5e"));
    assert!(illegal_because(&mut game, "B*2b").contains("occupied"));
    // A move leaving the King in check.
    let mut game = shogi("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1");
    assert!(illegal_because(&mut game, "5h4g").contains("King would be in check"));
}

// ---------------------------------------------------------------------------------------------
// Protocol

#[test]
fn the_protocol_plays_shogi() {
    use tetsugaku::Variant;
    assert!(Variant::named("shogi").is_some());
    let mut engine = Engine::start();
    engine.silent("variant shogi");
    assert_eq!(engine.reply("go perft 2").last().map(String::as_str), Some("Nodes searched: 900"));
    engine.silent("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    let display = engine.display();
    assert!(display.iter().any(|l| l.starts_with("sfen ") && l.ends_with(" w b 6")), "{display:?}");
    assert!(display.contains(&"hand b: -".to_string()) && display.contains(&"hand w: b".to_string()), "{display:?}");
    assert_eq!(engine.result(), "result ongoing");
    engine.silent("position sfen 8k/6G2/7SP/9/9/9/9/9/K8 b - 1 moves 1c1b");
    assert_eq!(engine.result(), "result b checkmate");
    engine.finish(true);
}
