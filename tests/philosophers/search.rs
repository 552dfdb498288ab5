//! The search and Philosopher's Chess's history-dependent legality (docs/game-contract.md §6):
//! `bestmove` is never a turn the no-repetition rule forbids, even when the transposition table
//! was filled by a search of the same position without that history; a checkmate that only the
//! history decides is neither read from nor left in the table; and `go mate` finds mates by
//! checks, replayed with the rules.

use crate::search_once::{legal_tokens, search_once};
use tetsugaku::game::{MateAnswer, MateBudget};
use tetsugaku::search::{mate, Limits, ScoreReport, TranspositionTable};
use tetsugaku::variants::philosophers::Philosophers;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{Game, RuleValues, Turn};

fn position(text: &str) -> Philosophers {
    Philosophers::from_position_string(&RuleValues::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(position: &mut Philosophers, tokens: &[&str]) {
    for token in tokens {
        let turn = position.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        position.play(turn);
    }
}

/// The turn that undoes a one-sub-move turn: `4e4d` → `4d4e`, `mo1o2` → `mo2o1`.
fn reverse(token: &str) -> Option<String> {
    if token.contains(',') || token.contains('=') {
        return None;
    }
    match token.strip_prefix('m') {
        Some(mind) => Some(format!("m{}{}", mind.get(2..4)?, mind.get(..2)?)),
        None => Some(format!("{}{}", token.get(2..4)?, token.get(..2)?)),
    }
}

/// Random walks that often step back, so arrangements would recur. Wherever the history bans a
/// turn that the same position without history allows, the position is searched twice with
/// one table: first without its history (so the table may hold the banned turn as best), then
/// with it. The second `bestmove` must be legal with the history.
#[test]
fn bestmove_is_never_a_banned_turn_even_with_a_table_filled_without_the_history() {
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { nodes: Some(3_000), ..Limits::default() };
    let mut rng = SplitMix64::new(0x9C1D_5EA2);
    let (mut with_bans, mut table_said_banned) = (0, 0);
    for _walk in 0..20 {
        let mut game = position(tetsugaku::variants::philosophers::START);
        let mut played: Vec<String> = Vec::new();
        for _ply in 0..50 {
            let legal = legal_tokens(&game);
            if legal.is_empty() {
                break;
            }
            let fresh = position(&game.position_string());
            let banned: Vec<String> = legal_tokens(&fresh).into_iter().filter(|t| !legal.contains(t)).collect();
            if !banned.is_empty() {
                with_bans += 1;
                let (without_history, _) = search_once(&fresh, &limits, &tt);
                let (with_history, _) = search_once(&game, &limits, &tt);
                let best = with_history.best.unwrap_or_else(|| panic!("no bestmove in {}", game.position_string()));
                assert!(legal.contains(&best), "bestmove {best} is not legal after {played:?} (banned: {banned:?})");
                if without_history.best.is_some_and(|b| banned.contains(&b)) {
                    table_said_banned += 1;
                }
            }
            // Step back (undo the previous-but-one turn) seven times in eight when possible.
            let back = played.len() >= 2 && rng.below(8) != 0;
            let token = match back.then(|| reverse(&played[played.len() - 2])).flatten() {
                Some(token) if legal.contains(&token) => token,
                _ => legal[rng.below(legal.len())].clone(),
            };
            play(&mut game, &[&token]);
            played.push(token);
        }
    }
    println!("{with_bans} positions with a banned turn; in {table_said_banned} the search without history chose it");
    assert!(with_bans >= 100, "the walks met only {with_bans} positions with a banned turn");
    assert!(table_said_banned >= 1, "no position where the table held a banned best turn: the test proves nothing");
}

/// White King 6f, Rook 5a; Black King 2b. After 2b1b 5a5c 1b1a, White's 5c5a gives check along
/// rank a and the King's escapes 2b and 1b would recreate earlier arrangements: mate by the
/// ban. The search finds it along the history; the same position without history, searched
/// with the same table, is not a mate in 1.
#[test]
fn a_mate_decided_by_the_history_does_not_leak_through_the_table() {
    let mut game = position("1R4/4k1/6/6/6/K5 w - o1 0 1");
    play(&mut game, &["2b1b", "5a5c", "1b1a"]);
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let limits = Limits { depth: Some(6), ..Limits::default() };
    let (summary, score) = search_once(&game, &limits, &tt);
    assert_eq!(summary.best.as_deref(), Some("5c5a"), "{summary:?}");
    assert_eq!(score, Some(ScoreReport::Mate(1)));
    let mut mated = game.clone();
    play(&mut mated, &["5c5a"]);
    assert!(matches!(mated.turn(), Turn::Over(_)), "5c5a ends the game along the history");

    let fresh = position(&game.position_string());
    let (summary, score) = search_once(&fresh, &limits, &tt);
    assert_ne!(score, Some(ScoreReport::Mate(1)), "the history's mate leaked: {summary:?}");
    let best = summary.best.unwrap_or_else(|| panic!("no bestmove"));
    assert!(legal_tokens(&fresh).contains(&best));
}

/// Runs `go mate` with a node allowance; the answer.
fn solve(position: &Philosophers) -> MateAnswer {
    let budget = MateBudget { stop: &|_| false, progress: &|_, _| {}, proof: &|_, _| {}, shortest: true, hash_mib: 16 };
    mate::search(position, &budget)
}

/// `go mate` finds a mate in 1, and a long mate by Rook checks in which the no-repetition
/// rule drives the King up the file (each check from 5f or 6f; the King may not step back to
/// a square where an earlier arrangement would recur). Each line is replayed here: every turn
/// legal, every attacker's turn a check, the end checkmate by the attacker. Where the attacker
/// has nothing to check with, the answer is no mate.
#[test]
fn go_mate_finds_mates_by_checks() {
    for (text, plies) in [("k5/2R3/6/6/6/3K1R b - o1 0 1", Some(1)), ("k5/6/6/6/6/1RRK2 b - o1 0 1", None)] {
        let start = position(text);
        let MateAnswer::Mate(line) = solve(&start) else { panic!("{text}: no mate found") };
        assert!(plies.is_none_or(|plies| line.len() == plies), "{text}: {line:?}");
        assert!(line.len() % 2 == 1, "{text}: the attacker mates: {line:?}");
        let mut game = start.clone();
        for (ply, token) in line.iter().enumerate() {
            play(&mut game, &[token]);
            if ply % 2 == 0 {
                assert!(game.in_check(), "{text}: {token} is not a check");
            }
        }
        assert!(matches!(game.turn(), Turn::Over(o) if o.to_string() == "b checkmate"), "{text}: {line:?}");
    }
    assert!(matches!(solve(&position("k5/6/6/6/6/3K2 b - o1 0 1")), MateAnswer::NoMate));
}
