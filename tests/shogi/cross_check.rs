//! Standard shogi: seeded random walks whose nodes are checked against the naive reference
//! generator (tests/shogi/reference.rs), from the start, from positions with full hands and from
//! the pawn-drop-mate positions of tests/shogi/rules.rs.

use crate::reference::Naive;
use crate::rules::PAWN_DROP_MATE_CASES;
use tetsugaku::variants::shogi::Shogi;
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{Game, Turn};

/// The legal moves at one node against the naive reference (the rest of the Game contract is
/// checked for every game by tests/contract.rs).
fn check_node(position: &Shogi) {
    let text = position.position_string();
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if !matches!(position.turn(), Turn::Over(_)) {
        let mut ours: Vec<String> = moves.iter().map(|&mv| position.format_move(mv)).collect();
        ours.sort();
        assert_eq!(ours, Naive::of(position).legal_moves(), "{text}: legal moves differ from the naive reference");
    }
}

fn random_walk(start: &str, seed: u64, games: usize, plies: usize, naive_every: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut nodes = 0;
    for _ in 0..games {
        let mut position = Shogi::from_position_string(start).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..plies {
            if nodes % naive_every == 0 {
                check_node(&position);
            }
            nodes += 1;
            let mut moves = Vec::new();
            position.generate(&mut moves);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn random_walks_from_the_start_agree_with_the_naive_reference() {
    random_walk("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 0x5106_0001, 12, 160, 3);
}

#[test]
fn random_walks_with_full_hands_agree_with_the_naive_reference() {
    random_walk("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 0x5106_0002, 6, 80, 2);
    random_walk("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 0x5106_0003, 4, 60, 2);
    for (i, (position, _, _)) in PAWN_DROP_MATE_CASES.iter().enumerate() {
        random_walk(position, 0x5106_0100 + i as u64, 2, 12, 1);
    }
}
