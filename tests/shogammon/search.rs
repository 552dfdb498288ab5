//! Shogammon's search over dice: plain expectimax, Star1 and Star2 all return exactly the
//! value of the brute-force expectimax of tests/harness/expectimax.rs (independent of the library's search), on
//! random decision nodes at depths 1 and 2 (a depth is one turn; a chance node at the horizon
//! is evaluated before its roll); `go` answers with a legal turn, at a chance node with the
//! error of protocol-spec §14.4.

use crate::chance_walk::decision_node;
use crate::expectimax::{expectimax, Seen};
use tetsugaku::game::{Game, RuleValues};
use tetsugaku::search::{search, ChancePruning, Config, Control, Limits, TranspositionTable};
use tetsugaku::variants::shogammon::Shogammon;
use tetsugaku::vocabulary::score::MATE_BOUND;
use tetsugaku::vocabulary::{Score, SplitMix64};

/// Random decision nodes with at most `most` turns for their roll.
fn positions(seed: u64, count: usize, most: usize) -> Vec<Shogammon> {
    let mut rng = SplitMix64::new(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let turns = 4 + rng.below(40);
        let Some(game) = decision_node(Shogammon::start((), &RuleValues::default()), &mut rng, turns) else {
            continue;
        };
        let mut moves = Vec::new();
        game.generate(&mut moves);
        if moves.len() <= most {
            found.push(game);
        }
    }
    found
}

/// The search's value of `game` to `depth` with `chance` pruning, and its nodes.
fn searched(game: &Shogammon, depth: u32, chance: ChancePruning, tt: &TranspositionTable) -> (Score, u64) {
    tt.clear();
    let config = Config { chance, ..Config::default() };
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let summary = search(game, &limits, &config, tt, &Control::new(false), &|_| {})
        .unwrap_or_else(|e| panic!("{}: {e}", game.position_string()));
    (summary.score.unwrap_or_else(|| panic!("no score for {}", game.position_string())), summary.nodes)
}

#[test]
fn every_pruning_returns_the_brute_force_expectimax() {
    let tt = TranspositionTable::new(32).unwrap_or_else(|| panic!("32 MiB"));
    let modes = [ChancePruning::Plain, ChancePruning::Star1, ChancePruning::Star2];
    let mut decided = 0;
    for (depth, count, most) in [(1, 12, 400), (2, 5, 60)] {
        let mut nodes = [0; 3];
        for mut game in positions(0x5E06_5EA4 + depth as u64, count, most) {
            let expected = expectimax(&mut game, depth, 0, &mut Seen::default());
            decided += usize::from(expected.abs() >= MATE_BOUND - 1);
            for (m, &mode) in modes.iter().enumerate() {
                let (value, n) = searched(&game, depth as u32, mode, &tt);
                assert_eq!(value, expected, "{mode:?} depth {depth}: {}", game.position_string());
                nodes[m] += n;
            }
        }
        assert!(nodes[1] < nodes[0] && nodes[2] <= nodes[1] || depth == 1, "depth {depth}: nodes {nodes:?}");
    }
    assert!(decided > 0, "some root sees a King capture or a clamped mean");
}

#[test]
fn a_node_limit_ends_the_search_where_every_root_turn_takes_the_king() {
    // Roll 55 with two Rooks in hand: thousands of turns, the first of which takes the King
    // (`R*3h,3h5h`). Each root turn is then one child, a finished game, so the node count moves
    // in steps of two; the limit must still be seen once the first iteration is complete (it
    // took 12,451 nodes), not only when the iterations run out (1.37 M nodes).
    let text = "5gk2/3b2Pp1/3+L1p3/G5[ps]1[pl]/8[GP]/4n4/+p2G1[PB]3/4K2S1/8L w NLP2r2s2n9p 55 74";
    let game = <Shogammon as Game>::from_position_string((), &RuleValues::default(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    let tt = TranspositionTable::new(4).expect("4 MiB");
    let limits = Limits { nodes: Some(6_000), ..Limits::default() };
    let summary = search(&game, &limits, &Config::default(), &tt, &Control::new(false), &|_| {}).expect("searches");
    assert!(summary.score.is_some_and(|s| s >= MATE_BOUND), "{summary:?}");
    assert!(summary.depth <= 2 && summary.nodes < 30_000, "{summary:?}");
}
