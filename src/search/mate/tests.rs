//! The checkmate search on shogi positions (shogi implements every hook): published problems
//! at their shortest, positions without a mate, every mating line replayed with the rules, and
//! what the hands of decided positions say.

use super::dfpn::Solver;
use super::numbers::{Numbers, INFINITE};
use super::search;
use crate::game::{mated_by, Game, MateAnswer, MateBudget, MateHand, MateKey, Turn};
use crate::variants::shogi::Shogi;
use crate::variants::shogi_core::piece::Kind;
use crate::vocabulary::Side;
use std::cell::Cell;

/// Published tsume problems with a Black King added in a corner (from tests/shogi/mate.rs,
/// which names their sources) and the length of their shortest mate.
const PROBLEMS: [(&str, usize); 16] = [
    ("8k/9/7G1/9/9/9/9/9/K8 b G 1", 1),
    ("8k/9/6R2/9/9/9/9/9/K8 b G 1", 3),
    ("7nl/7k1/6Ppp/9/9/9/9/9/K8 b 2G2r2b2g4s3n3l15p 1", 3),
    ("9/9/5k3/9/4G4/4P4/9/9/K8 b 3G2r2b4s4n4l17p 1", 5),
    // Mate in 5 involving the pawn-drop-mate ban.
    ("5B1n1/8k/6Rpp/9/9/9/9/9/K8 b rb4g4s3n4l16p 1", 5),
    ("8k/7p1/1r7/5bS2/7N1/9/9/9/8K b RSNLb4g2s2n3l17p 1", 7),
    ("9/9/9/4k4/9/4P4/9/9/K8 b 4G2r2b4s4n4l17p 1", 7),
    ("6s2/6l2/9/6BBk/9/9/9/9/K8 b RPr4g3s4n3l17p 1", 9),
    ("4+P2kl/7s1/5R3/7B1/9/9/9/9/K8 b GNrb3g3s3n3l17p 1", 11),
    ("4k4/9/9/9/3+PP4/9/9/9/K8 b 4G2r2b4s4n4l16p 1", 9),
    ("ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/K8 b BGN2rbg2s2n3l13p 1", 9),
    ("5n1k1/5ps2/7p1/8N/7P1/9/9/9/K8 b RBrb4g3s2n4l15p 1", 11),
    // 13 plies counting the futile interposition P*3b.
    ("7nk/9/5R3/8p/6P2/9/9/9/K8 b SNPr2b4g3s2n4l15p 1", 13),
    ("4RB1k1/5s3/7n1/5s1LP/9/7r1/9/9/6K2 b b4g2s3n3l17p 1", 13),
    ("5n1k1/5p3/5s1p1/8N/7P1/9/9/9/K8 b R2Br4g3s2n4l15p 1", 13),
    ("9/5Pk2/9/8R/8B/9/9/9/K8 b 2Srb4g2s4n4l17p 1", 17),
];

/// Positions without a forced mate.
const NO_MATES: [&str; 8] = [
    // No check at all.
    "4k4/9/9/9/9/9/9/9/K8 b - 1",
    // A lone pawn gives check but the King takes it or steps aside.
    "4k4/9/9/9/9/9/9/9/K8 b P 1",
    // P*1b would mate but is illegal (pawn-drop mate), and nothing else mates.
    "7nk/7l1/9/7N1/9/9/9/9/K8 b P 1",
    // In check, and the evasions that check lead nowhere without the gold.
    "8k/9/9/7s1/8K/9/9/9/8R b - 1",
    // The side to move is already checkmated.
    "k8/9/9/9/9/9/7s1/8g/8K b - 1",
    // tsumeshogi-check no_tsume3 (no mate at any length).
    "9/4k4/9/4P4/9/9/9/9/K8 b G2r2b4s4n4l17p 1",
    // A gold in hand checks the bare King again and again (the search meets its own path
    // many times over) but never mates.
    "9/9/9/9/4k4/9/9/9/K8 b G 1",
    // A rook in hand checks the cornered King forever: thousands of positions, most of them
    // failing by repetitions of the path.
    "8k/9/9/9/9/9/9/9/K8 b R 1",
];

fn shogi(sfen: &str) -> Shogi {
    Shogi::from_position_string(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The generic search's answer for `sfen`, never stopped; the nodes of its last report.
fn solve(sfen: &str) -> (MateAnswer, u64) {
    let nodes = Cell::new(0);
    let progress = |searched: u64, _: u32| nodes.set(searched);
    let answer = search(
        &shogi(sfen),
        &MateBudget { stop: &|_| false, progress: &progress, proof: &|_, _| {}, shortest: true, hash_mib: 4 },
    );
    (answer, nodes.get())
}

/// A budget that never stops.
const UNSTOPPED: MateBudget<'static> =
    MateBudget { stop: &|_| false, progress: &|_, _| {}, proof: &|_, _| {}, shortest: true, hash_mib: 1 };

/// A quick search of `sfen` by Black to a decision: the solver, the position and its numbers.
fn decided(sfen: &str) -> (Solver<'static>, Shogi, Numbers) {
    let pos = shogi(sfen);
    let mut solver = Solver::new(Side::First, &UNSTOPPED);
    let numbers = solver.search(&mut pos.clone(), INFINITE, INFINITE);
    (solver, pos, numbers)
}

/// The mating line the generic search finds for `sfen`, replayed: every token a legal move,
/// every attacker's move a check, the end the attacker's checkmate.
fn mate(sfen: &str) -> Vec<String> {
    let (MateAnswer::Mate(line), _) = solve(sfen) else { panic!("{sfen}: no mate found") };
    let mut pos = shogi(sfen);
    let attacker = pos.side();
    for (ply, token) in line.iter().enumerate() {
        let mv = pos.parse_move(token).unwrap_or_else(|e| panic!("{sfen}: {token} of {line:?}: {e}"));
        pos.play(mv);
        assert!(ply % 2 == 1 || pos.in_check(), "{sfen}: {token} gives no check in {line:?}");
    }
    assert_eq!(pos.turn(), Turn::Over(mated_by(attacker)), "{sfen}: {line:?} does not mate");
    line
}

#[test]
fn a_mate_in_one() {
    // G*2b and G*1b both mate.
    let (sfen, _) = PROBLEMS[0];
    assert_eq!(mate(sfen).len(), 1);
}

#[test]
fn mates_in_three_and_five_are_found_at_their_shortest() {
    for (sfen, shortest) in &PROBLEMS[1..5] {
        let line = mate(sfen);
        assert_eq!(line.len(), *shortest, "{sfen}: {line:?}");
    }
}

#[test]
fn a_counter_check_from_check_mates() {
    // Black's King, checked by the silver, takes it and uncovers the rook on the file.
    assert_eq!(mate("8k/6G2/9/7s1/8K/9/9/9/8R b - 1"), ["1e2d"]);
}

#[test]
fn positions_without_a_mate_are_proven_so() {
    for sfen in NO_MATES {
        assert_eq!(solve(sfen).0, MateAnswer::NoMate, "{sfen}");
    }
}

#[test]
fn a_stop_answers_timeout_and_reports_progress() {
    let (sfen, _) = PROBLEMS[5];
    let reports = Cell::new(0);
    let progress = |_: u64, hashfull: u32| {
        assert!(hashfull <= 1000);
        reports.set(reports.get() + 1);
    };
    let answer = search(
        &shogi(sfen),
        &MateBudget { stop: &|_| true, progress: &progress, proof: &|_, _| {}, shortest: true, hash_mib: 1 },
    );
    assert_eq!(answer, MateAnswer::Timeout);
    assert_eq!(reports.get(), 1, "one report at the end");
}

#[test]
fn the_line_is_verified_before_it_is_reported() {
    let (sfen, _) = PROBLEMS[1];
    let pos = shogi(sfen);
    let parse = |tokens: &[&str]| {
        let mut walk = pos.clone();
        let mut line = Vec::new();
        for token in tokens {
            let mv = walk.parse_move(token).expect("a legal move");
            walk.play(mv);
            line.push(mv);
        }
        line
    };
    let mating = ["3c1c+", "1a2a", "G*2b"];
    assert_eq!(super::pv::verified_tokens(&pos, &parse(&mating)).as_deref(), Some(&mating.map(String::from)[..]));
    // Not a check, not the end, not a mate.
    assert_eq!(super::pv::verified_tokens(&pos, &parse(&["3c3b"])), None);
    assert_eq!(super::pv::verified_tokens(&pos, &parse(&["3c1c+", "1a2a"])), None);
    assert_eq!(super::pv::verified_tokens(&pos, &parse(&["G*2b", "1a2b"])), None);
}

#[test]
fn a_no_mate_resting_on_repetitions_is_confirmed_strictly() {
    // The rook checks the cornered King forever: the quick search's failure rests on
    // repetitions of the path, and so does the strict one's, which believes none of them
    // away from its own path.
    let (mut solver, pos, quick) = decided(NO_MATES[7]);
    assert!(quick.is_disproven() && quick.on_path(), "{quick:?}");
    let quick_nodes = solver.meter.nodes();
    solver.go_strict(1 << 20);
    let strict = solver.search(&mut pos.clone(), INFINITE, INFINITE);
    assert!(strict.is_disproven(), "{strict:?}");
    assert!(solver.meter.nodes() > 2 * quick_nodes, "{quick_nodes} then {}", solver.meter.nodes());
}

#[test]
fn a_mate_an_interposition_would_break_needs_the_pieces_the_defender_lacks() {
    // The rook on 9a mates along rank a because White holds nothing to interpose.
    let (solver, pos, numbers) = decided("R7k/9/7G1/9/9/9/9/9/K8 w G 1");
    assert_eq!((numbers.is_proven(), numbers.len), (true, 0));
    assert_eq!(numbers.hand.count(Kind::Gold.index() as u8), 1, "{numbers:?}");
    let key = solver.key(&pos);
    assert!(solver.table.get(key).is_some_and(|n| n.is_proven()));
    // The same board with the gold in White's hand: it interposes, nothing carries over.
    assert_eq!(solver.table.get(MateKey { board: key.board, hand: MateHand::NONE }), None);
}

#[test]
fn a_contact_mate_holds_whatever_the_hands() {
    let (solver, pos, numbers) = decided("8k/8G/7S1/9/9/9/9/9/K8 w R 1");
    assert_eq!((numbers.is_proven(), numbers.hand), (true, MateHand::NONE));
    let board = solver.key(&pos).board;
    assert!(solver.table.get(MateKey { board, hand: MateHand::NONE }).is_some_and(|n| n.is_proven()));
}

#[test]
fn a_proof_too_large_to_walk_every_defence_is_read_along_one_line() {
    let (sfen, shortest) = PROBLEMS[15];
    let (mut solver, pos, numbers) = decided(sfen);
    assert!(numbers.is_proven());
    let every_defence = super::pv::read_line(&mut solver, &pos, usize::MAX).expect("a line, every defence walked");
    // Three positions are too many to walk every defence of this proof: one line is read.
    let (mut solver, pos, _) = decided(sfen);
    let one_line = super::pv::read_line(&mut solver, &pos, 3).expect("a line, along the longest recorded defence");
    assert!(one_line.len() % 2 == 1 && one_line.len() >= shortest, "{one_line:?}");
    assert!(one_line.len() <= every_defence.len(), "{one_line:?} against {every_defence:?}");
}

#[test]
fn one_line_read_from_a_table_that_lost_the_longest_defence_still_resists_longest() {
    for (sfen, shortest) in PROBLEMS {
        let (mut solver, mut pos, numbers) = decided(sfen);
        let every_defence = super::pv::read_line(&mut solver, &pos, usize::MAX).expect("a line");
        if shortest < 3 {
            continue;
        }
        // The table keeps the root's proof and those of the replies to the line's first
        // check, but loses the reply that resists longest; one line is read.
        let mut table = super::table::Table::new(1);
        table.store(solver.key(&pos), numbers, 1, 0);
        let check = pos.parse_move(&every_defence[0]).expect("the line's check");
        pos.play(check);
        let longest = pos.parse_move(&every_defence[1]).expect("the line's reply");
        table.store(solver.key(&pos), solver.table.get(solver.key(&pos)).expect("proven"), 1, 1);
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        for reply in replies.into_iter().filter(|&reply| reply != longest) {
            pos.play(reply);
            if let Some(proof) = solver.table.get(solver.key(&pos)) {
                table.store(solver.key(&pos), proof, 1, 2);
            }
            pos.undo();
        }
        pos.undo();
        solver.table = table;
        let line = super::pv::read_line(&mut solver, &pos, 0).expect("a line");
        assert!(line.len() % 2 == 1 && line.len() >= shortest, "{sfen}: {line:?}");
    }
}

#[test]
fn a_line_whose_proofs_the_table_lost_is_proven_again() {
    let (sfen, shortest) = PROBLEMS[11];
    let (mut solver, pos, numbers) = decided(sfen);
    let line = super::pv::mating_line(&mut solver, &pos).expect("a line");
    // Only the root's proof is left: the reader proves the positions of the line again.
    solver.table = super::table::Table::new(1);
    solver.table.store(solver.key(&pos), numbers, 1, 0);
    let again = super::pv::mating_line(&mut solver, &pos).expect("a line read again");
    assert_eq!((again.len(), line.len()), (shortest, shortest), "{again:?} {line:?}");
}
