//! The checkmate search of Ito Shogi (`go mate`, protocol-spec.md §4.6.2, §12.5): mates in 1, 3,
//! 5 and 7 found at their shortest, a longer one, a mate that exists only because of the
//! repetition ban, positions without a mate, and the protocol reply.
//!
//! The positions come from self-play games. Every line the engine reports is replayed here with
//! the rules engine (each move legal, each attacker's move a check, the end checkmate by the
//! attacker), and a brute-force search by checks proves there is no shorter mate, so the stated
//! lengths are facts about the positions, not about the solver.

use crate::engine_process::Engine;
use std::cell::Cell;
use std::time::{Duration, Instant};
use tetsugaku::game::{MateAnswer, MateBudget};
use tetsugaku::search::mate;
use tetsugaku::variants::ito::Ito;
use tetsugaku::vocabulary::WinReason;
use tetsugaku::{Game, Outcome, Turn};

/// A search that has not answered after this long is a failure (all of them take milliseconds).
const CEILING: Duration = Duration::from_secs(60);

fn ito(text: &str) -> Ito {
    Ito::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `text` with `moves` played (their history counts for the repetition ban).
fn ito_after(text: &str, moves: &[&str]) -> Ito {
    let mut position = ito(text);
    for token in moves {
        let mv = position.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        position.play(mv);
    }
    position
}

/// Runs the checkmate search with no limit but the ceiling; the answer, nodes and time.
fn solve(position: &Ito) -> (MateAnswer, u64, Duration) {
    let started = Instant::now();
    let nodes = Cell::new(0);
    let stop = |_: u64| started.elapsed() > CEILING;
    let progress = |searched: u64, _hashfull: u32| nodes.set(searched);
    let answer = mate::search(
        position,
        &MateBudget { stop: &stop, progress: &progress, proof: &|_, _| {}, shortest: true, hash_mib: 16 },
    );
    let elapsed = started.elapsed();
    assert!(elapsed < CEILING, "{}: no answer within {CEILING:?}", position.position_string());
    (answer, nodes.get(), elapsed)
}

/// Replays `line` from `position` and checks it is a mating line: every move legal, every
/// attacker's move a check, and the attacker has mated at the end.
fn assert_mating_line(position: &Ito, line: &[String]) {
    let mut game = position.clone();
    let attacker = game.side();
    let start = position.position_string();
    assert!(line.len() % 2 == 1, "{start}: a mating line has an odd length: {line:?}");
    for (ply, token) in line.iter().enumerate() {
        let mv = game.parse_move(token).unwrap_or_else(|e| panic!("{start}: ply {} {token} of {line:?}: {e}", ply + 1));
        game.play(mv);
        if ply % 2 == 0 {
            assert!(game.in_check(), "{start}: {token} (ply {}) gives no check in {line:?}", ply + 1);
        }
    }
    assert_eq!(
        game.turn(),
        Turn::Over(Outcome::Win { winner: attacker, reason: WinReason::Checkmate }),
        "{start}: {line:?} does not end in checkmate"
    );
}

/// Whether the side to move can force checkmate within `plies` (odd) plies, giving check with
/// every move: a plain exhaustive search, independent of the solver.
fn mates_within(position: &mut Ito, plies: usize) -> bool {
    let attacker = position.side();
    let mut moves = Vec::new();
    position.generate(&mut moves);
    moves.into_iter().any(|mv| {
        position.play(mv);
        let mated = match position.turn() {
            Turn::Over(Outcome::Win { winner, reason: WinReason::Checkmate }) => winner == attacker,
            Turn::Over(_) => false,
            Turn::Decide(_) | Turn::Chance(_) => {
                position.in_check() && plies >= 3 && every_reply_is_mated(position, plies - 2)
            }
        };
        position.undo();
        mated
    })
}

/// Whether every legal reply of the defender (to move, in check) leaves a mate within `plies`.
fn every_reply_is_mated(position: &mut Ito, plies: usize) -> bool {
    let mut replies = Vec::new();
    position.generate(&mut replies);
    replies.into_iter().all(|reply| {
        position.play(reply);
        let mated = mates_within(position, plies);
        position.undo();
        mated
    })
}

/// Solves `text`, checks the line and that it is a mate in exactly `plies` (no shorter one
/// exists); returns the line.
fn assert_shortest_mate(text: &str, plies: usize) -> Vec<String> {
    let position = ito(text);
    let (answer, nodes, elapsed) = solve(&position);
    let MateAnswer::Mate(line) = answer else { panic!("{text}: expected a mate, got {answer:?}") };
    println!("mate in {plies}: {nodes} nodes, {elapsed:?}: {}", line.join(" "));
    assert_mating_line(&position, &line);
    assert_eq!(line.len(), plies, "{text}: {line:?}");
    if plies > 1 {
        assert!(!mates_within(&mut position.clone(), plies - 2), "{text}: a mate shorter than {plies} exists");
    }
    line
}

#[test]
fn a_mate_in_one() {
    // A Goose dropped on 1a leaps two back onto 1c, White's King. The King's squares 1b, 1d
    // and 1e (one back, one and two forward) hold its own pieces, and no White piece can reach 1a.
    let line = assert_shortest_mate("1/r/k/l/c/n/i/p/1/N/1/1/+I/P/1/C/L/1/1/R/K b Gg 21", 1);
    assert_eq!(line, ["G*1a"]);
}

#[test]
fn a_mate_in_three() {
    assert_shortest_mate("1/r/k/1/g/1/1/l/1/1/1/1/i/1/1/+p/1/1/1/R/K b CGLNPcni 29", 3);
}

#[test]
fn a_mate_in_five() {
    assert_shortest_mate("k/r/1/l/1/1/g/p/1/1/+P/1/N/1/+G/1/C/1/+N/1/K b CIrli 31", 5);
}

#[test]
fn a_mate_in_seven() {
    assert_shortest_mate("k/1/c/r/l/n/G/+G/p/1/C/1/+N/1/+L/+I/1/1/1/R/K b IP 29", 7);
}

#[test]
fn a_long_mate_with_no_piece_in_hand() {
    // Both hands empty at the start: the attack is made of board moves and of drops of pieces
    // captured on the way.
    let text = "k/r/1/l/I/i/c/p/+n/1/+G/1/+G/P/1/N/1/L/C/R/K b - 13";
    let position = ito(text);
    let (answer, nodes, elapsed) = solve(&position);
    let MateAnswer::Mate(line) = answer else { panic!("{text}: expected a mate, got {answer:?}") };
    println!("long mate: {} plies, {nodes} nodes, {elapsed:?}: {}", line.len(), line.join(" "));
    assert_mating_line(&position, &line);
    assert!(line.len() >= 9, "{text}: expected a long mate, got {line:?}");
}

/// A Heavenly Horse (`+n`, leaps ±3) of White's shuttles between 1r and 1o while Black's King
/// shuttles between 1t and 1u; White's King on 1q covers 1s and 1r. After six plies, 1o1r checks
/// the King on 1u, whose only flight, 1t, would create a position for the third time: mate, by the
/// ban. From the position string alone (a fresh history) the same check is no mate.
#[test]
fn a_mate_that_exists_only_because_of_the_repetition_ban() {
    let text = "1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/k/+n/1/K/1 w - 1";
    let position = ito_after(text, &["1r1o", "1t1u", "1o1r", "1u1t", "1r1o", "1t1u"]);
    let (answer, _, _) = solve(&position);
    let MateAnswer::Mate(line) = answer else { panic!("expected the mate by the ban, got {answer:?}") };
    assert_mating_line(&position, &line);
    assert_eq!(line, ["1o1r"]);

    let fresh = ito(&position.position_string());
    let mut check = fresh.clone();
    let mv = check.parse_move("1o1r").unwrap_or_else(|e| panic!("{e}"));
    check.play(mv);
    assert!(check.in_check() && check.turn() == Turn::Decide(check.side()), "without history 1t is a flight");
}

#[test]
fn positions_without_a_mate_are_proven_so() {
    // The start position: no piece can give check.
    assert_eq!(solve(&Ito::start()).0, MateAnswer::NoMate);
    // Two Geese in hand against a lone King on 1a: every check leaves a flight or a capture.
    let (answer, nodes, _) = solve(&ito("k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b 2G 1"));
    assert_eq!(answer, MateAnswer::NoMate, "{nodes} nodes");
    assert!(!mates_within(&mut ito("k/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/1/K b 2G 1"), 7));
}

#[test]
fn the_protocol_answers_with_a_verified_line() {
    let mut engine = Engine::start();
    engine.silent("variant ito");
    engine.silent("position sfen 1/r/k/l/c/n/i/p/1/N/1/1/+I/P/1/C/L/1/1/R/K b Gg 21");
    engine.send("go mate 10000");
    let answer = engine.until(|line| line.starts_with("checkmate "));
    assert_eq!(answer.last().map(String::as_str), Some("checkmate G*1a"), "{answer:?}");
    engine.send("position startpos");
    engine.send("go mate 10000");
    let answer = engine.until(|line| line.starts_with("checkmate "));
    assert_eq!(answer.last().map(String::as_str), Some("checkmate nomate"), "{answer:?}");
}
