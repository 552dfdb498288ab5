//! The search and Ito's history-dependent legality (docs/game-contract.md §6): `bestmove` is
//! never a move the repetition ban forbids, even when the transposition table was filled by a
//! search of the same position without that history, and a result that only the history
//! decides (a mate by the ban) is neither read from nor left in the table.

use crate::search_once::{legal_tokens, search_once};
use tetsugaku::search::{Limits, ScoreReport, TranspositionTable};
use tetsugaku::variants::ito::Ito;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::Game;

/// Random walks that often step back, so positions recur. Wherever the history bans a move
/// that the same position without history allows, the position is searched twice with one
/// table: first without its history (so the table may hold the banned move as best), then with
/// it. The second `bestmove` must be legal with the history.
#[test]
fn bestmove_is_never_a_banned_move_even_with_a_table_filled_without_the_history() {
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { nodes: Some(4_000), ..Limits::default() };
    let mut rng = SplitMix64::new(0x1705_5EA2);
    let (mut with_bans, mut table_said_banned) = (0, 0);
    for _walk in 0..100 {
        let mut position = Ito::start();
        let mut played: Vec<String> = Vec::new();
        for _ply in 0..80 {
            let legal = legal_tokens(&position);
            if legal.is_empty() {
                break;
            }
            let fresh = Ito::from_position_string(&position.position_string()).unwrap_or_else(|e| panic!("{e}"));
            let banned: Vec<String> = legal_tokens(&fresh).into_iter().filter(|t| !legal.contains(t)).collect();
            if !banned.is_empty() {
                with_bans += 1;
                let (without_history, _) = search_once(&fresh, &limits, &tt);
                let (with_history, _) = search_once(&position, &limits, &tt);
                let best = with_history.best.unwrap_or_else(|| panic!("no bestmove in {}", position.position_string()));
                assert!(legal.contains(&best), "bestmove {best} is not legal after {played:?} (banned: {banned:?})");
                if without_history.best.is_some_and(|b| banned.contains(&b)) {
                    table_said_banned += 1;
                }
            }
            // Step back (a piece returning where it came from) seven times in eight when possible.
            let back = played.len() >= 2 && rng.below(8) != 0;
            let reverse = back.then(|| {
                let last = &played[played.len() - 2];
                format!("{}{}", last.get(2..).unwrap_or(""), last.get(..2).unwrap_or(""))
            });
            let token = match reverse {
                Some(token) if legal.contains(&token) => token,
                _ => legal[rng.below(legal.len())].clone(),
            };
            let mv = position.parse_move(&token).unwrap_or_else(|e| panic!("{e}"));
            position.play(mv);
            played.push(token);
        }
    }
    println!("{with_bans} positions with a banned move; in {table_said_banned} the search without history chose it");
    assert!(with_bans >= 50, "the walks met only {with_bans} positions with a banned move");
    assert!(table_said_banned >= 1, "no position where the table held a banned best move: the test proves nothing");
}

/// White mates at once only because the repetition ban takes Black's flight (see
/// tests/ito/mate.rs): the search finds it along the history, and afterwards the same position
/// without history, searched with the same table, is not reported as a mate.
#[test]
fn a_mate_decided_by_the_history_does_not_leak_through_the_table() {
    let text = "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/k/+n/1/K/1 w - 1";
    let mut position = Ito::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
    for token in ["1r1o", "1t1u", "1o1r", "1u1t", "1r1o", "1t1u"] {
        let mv = position.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        position.play(mv);
    }
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (summary, score) = search_once(&position, &limits, &tt);
    assert_eq!(summary.best.as_deref(), Some("1o1r"), "{summary:?}");
    assert_eq!(score, Some(ScoreReport::Mate(1)));

    let fresh = Ito::from_position_string(&position.position_string()).unwrap_or_else(|e| panic!("{e}"));
    let (summary, score) = search_once(&fresh, &limits, &tt);
    assert_ne!(score, Some(ScoreReport::Mate(1)), "the history's mate leaked: {summary:?}");
    let best = summary.best.unwrap_or_else(|| panic!("no bestmove"));
    assert!(legal_tokens(&fresh).contains(&best));
}
