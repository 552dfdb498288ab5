//! The Game contract (src/game/mod.rs), checked for every variant in the catalogue, under every
//! value of every rule option it declares, from its start position and every position of its
//! perft fixtures, along seeded random walks. At every node:
//! - the turn and the moves agree: a finished game has no moves, a decision has some, a chance
//!   node has outcomes of positive weight;
//! - `count_moves` == the number generated; move codes (`encode`) and tokens are unique;
//! - every token parses back to its move;
//! - `generate_noisy` == the generated moves for which `is_noisy` holds (as sets), and
//!   `mark_noisy` == `is_noisy` move by move;
//! - the incremental key == `key_from_scratch`, here and after every move;
//! - the evaluation == `evaluate_with` the position's own weight table (what the tuner varies);
//! - the position string reads back to the same string and key;
//! - play + undo of every move restores position string, key and turn; the walk is undone to
//!   its start at the end.
//!
//! Legality itself (generated moves == the rules' legal moves) is checked against each game's
//! independent reference generator in its game's test crate (tests/hasami/cross_check.rs,
//! tests/shogi/cross_check.rs, ...).

#[path = "harness/fixtures.rs"]
#[expect(dead_code, reason = "the contract walks from the fixtures' positions only")]
mod fixtures;
#[path = "harness/games.rs"]
mod games;

use fixtures::load_fixtures;
use std::collections::BTreeSet;
use tetsugaku::game::Tunable;
use tetsugaku::game::{RuleKind, RuleValue};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{with_game, AnyGame, Game, RuleValues, Turn, Variant, VARIANTS};

/// What the checks saw.
#[derive(Default, Debug, Clone, Copy)]
struct Coverage {
    positions: u64,
    moves: u64,
    noisy: u64,
    finished: u64,
}

impl std::ops::AddAssign for Coverage {
    fn add_assign(&mut self, other: Coverage) {
        self.positions += other.positions;
        self.moves += other.moves;
        self.noisy += other.noisy;
        self.finished += other.finished;
    }
}

/// Every rule-option setting worth checking for `variant`: the defaults, then each declared
/// option at each of its other values (spin options at their smallest and largest).
fn settings(variant: &Variant) -> Vec<RuleValues> {
    let mut all = vec![RuleValues::default()];
    for &option in variant.options {
        let values: Vec<RuleValue> = match option.kind {
            RuleKind::Check { default } => vec![RuleValue::Flag(!default)],
            RuleKind::Combo { default, values } => {
                values.iter().filter(|&&v| v != default).map(|&v| RuleValue::Choice(v)).collect()
            }
            // The smallest values and the largest (a limit of 1 ends games at once).
            RuleKind::Spin { default, min, max } => {
                let mut numbers = vec![min, min + 1, max];
                numbers.dedup();
                numbers.into_iter().filter(|&n| n != default && n <= max).map(RuleValue::Number).collect()
            }
            // Free text has no other values known here: each game's own tests try them.
            RuleKind::Text { .. } => Vec::new(),
        };
        for value in values {
            let mut chosen = RuleValues::default();
            chosen.set(option, value);
            all.push(chosen);
        }
    }
    all
}

/// The contract at one node; returns the generated moves.
fn check_node<G: Tunable>(
    game: &mut G,
    rules: G::Rules,
    options: &RuleValues,
    coverage: &mut Coverage,
) -> Vec<G::Move> {
    let text = game.position_string();
    let mut moves = Vec::new();
    game.generate(&mut moves);
    coverage.positions += 1;
    coverage.moves += moves.len() as u64;
    match game.turn() {
        Turn::Over(_) => {
            assert!(moves.is_empty(), "{text}: a finished game has moves");
            coverage.finished += 1;
        }
        Turn::Decide(side) => {
            assert!(!moves.is_empty(), "{text}: an unfinished game without moves");
            assert_eq!(side, game.side(), "{text}: turn and side disagree");
        }
        Turn::Chance(side) => {
            assert!(G::CHANCE, "{text}: a chance node in a game that declares none (Game::CHANCE)");
            assert!(moves.iter().all(|&mv| game.chance_weight(mv) > 0), "{text}: a chance outcome of weight 0");
            assert_eq!(side, game.side(), "{text}: turn and side disagree");
        }
    }
    assert_eq!(game.count_moves(), moves.len() as u64, "{text}: count_moves");

    let codes: BTreeSet<u32> = moves.iter().map(|&mv| G::encode(mv)).collect();
    assert_eq!(codes.len(), moves.len(), "{text}: move codes are not unique");
    let tokens: Vec<String> = moves.iter().map(|&mv| game.format_move(mv)).collect();
    assert_eq!(tokens.iter().collect::<BTreeSet<_>>().len(), moves.len(), "{text}: tokens are not unique");
    for (&mv, token) in moves.iter().zip(&tokens) {
        assert_eq!(game.parse_move(token), Ok(mv), "{text}: {token} does not parse back");
    }

    if !matches!(game.turn(), Turn::Chance(_)) {
        let expected: BTreeSet<u32> = moves.iter().filter(|&&mv| game.is_noisy(mv)).map(|&mv| G::encode(mv)).collect();
        let mut noisy = Vec::new();
        game.generate_noisy(&mut noisy);
        let generated: BTreeSet<u32> = noisy.iter().map(|&mv| G::encode(mv)).collect();
        assert_eq!(generated.len(), noisy.len(), "{text}: generate_noisy repeats a move");
        assert_eq!(generated, expected, "{text}: generate_noisy differs from is_noisy");
        let mut marks = Vec::new();
        game.mark_noisy(&moves, &mut marks);
        let each: Vec<bool> = moves.iter().map(|&mv| game.is_noisy(mv)).collect();
        assert_eq!(marks, each, "{text}: mark_noisy differs from is_noisy");
        coverage.noisy += expected.len() as u64;
    }

    assert_eq!(game.key(), game.key_from_scratch(), "{text}: incremental key");
    if !matches!(game.turn(), Turn::Over(_)) {
        assert_eq!(game.evaluate_with(game.weights().1), game.evaluate(), "{text}: evaluate_with its own weights");
    }
    let reread = G::from_position_string(rules, options, &text).unwrap_or_else(|e| panic!("{text} rejected: {e}"));
    assert_eq!(reread.position_string(), text, "position string does not round-trip");
    assert_eq!(reread.key(), game.key(), "{text}: key changes through the position string");

    let (key, turn) = (game.key(), game.turn());
    for (&mv, token) in moves.iter().zip(&tokens) {
        game.play(mv);
        assert_eq!(game.key(), game.key_from_scratch(), "{text}: key after {token}");
        game.undo();
        assert_eq!(game.key(), key, "{text}: key after play + undo of {token}");
        assert_eq!(game.turn(), turn, "{text}: turn after play + undo of {token}");
        assert_eq!(game.position_string(), text, "play + undo of {token}");
    }
    moves
}

/// `games` seeded random games of at most `plies` moves from `start`; noisy moves are preferred
/// half of the time so that captures and wins come up.
fn walk<G: Tunable>(start: &G, name: &str, options: &RuleValues, games: usize, plies: usize, seed: u64) -> Coverage {
    let rules = G::variants().iter().find(|v| v.name == name).map(|v| v.rules).expect("a variant of this game");
    let mut rng = SplitMix64::new(seed);
    let mut coverage = Coverage::default();
    for _ in 0..games {
        let mut game = start.clone();
        let mut trail = Vec::new();
        for _ in 0..plies {
            let moves = check_node(&mut game, rules, options, &mut coverage);
            if moves.is_empty() {
                break;
            }
            let noisy: Vec<G::Move> = moves.iter().copied().filter(|&mv| game.is_noisy(mv)).collect();
            let mv = match noisy.is_empty() || rng.below(2) == 0 {
                true => moves[rng.below(moves.len())],
                false => noisy[rng.below(noisy.len())],
            };
            trail.push((game.position_string(), game.key()));
            game.play(mv);
        }
        while let Some((text, key)) = trail.pop() {
            game.undo();
            assert_eq!((game.position_string(), game.key()), (text, key), "undoing the walk");
        }
    }
    coverage
}

/// Whether the game has chance nodes.
fn has_chance<G: Game>(_: &G) -> bool {
    G::CHANCE
}

/// How many walks of how many moves start from the start position (`start`) or a fixture: fewer
/// in a dice game, whose decision nodes have hundreds of turns, each played and undone.
fn shape(start: bool, chance: bool) -> (usize, usize) {
    match (start, chance) {
        (true, false) => (20, 150),
        (false, false) => (3, 60),
        (true, true) => (4, 80),
        (false, true) => (1, 24),
    }
}

#[test]
fn every_variant_keeps_the_game_contract() {
    let fixtures = load_fixtures();
    let mut report = Vec::new();
    let mut total = Coverage::default();
    let started = std::time::Instant::now();
    for (index, variant) in VARIANTS.iter().enumerate() {
        let starts: Vec<Option<&str>> = std::iter::once(None)
            .chain(
                fixtures
                    .iter()
                    .filter(|f| f.variant == variant.name && f.position.is_some())
                    .map(|f| f.position.as_deref()),
            )
            .collect();
        assert!(starts.len() >= 3, "{}: fewer than two fixture positions to start walks from", variant.name);
        let chance = with_game!(&AnyGame::new(variant, &RuleValues::default(), None).unwrap_or_else(|e| panic!("{e}")), g => has_chance(g));
        for (setting, options) in settings(variant).iter().enumerate() {
            let mut coverage = Coverage::default();
            for (i, &start) in starts.iter().enumerate() {
                let game = AnyGame::new(variant, options, start).unwrap_or_else(|e| panic!("{}: {e}", variant.name));
                let (games, plies) = shape(start.is_none(), chance);
                let seed = (index as u64) << 32 | (setting as u64) << 16 | i as u64;
                coverage += with_game!(&game, g => walk(g, variant.name, options, games, plies, seed));
            }
            // A setting that ends every game at once (Shogammon's `ShogammonTurnLimit=1`: every
            // fixture position is past its first turn) cannot reach the floor; every walk must
            // then have been seen to its end.
            let walks = starts.iter().map(|s| shape(s.is_none(), chance).0 as u64).sum::<u64>();
            assert!(coverage.positions >= 300 || coverage.finished >= walks, "{}: only {coverage:?}", variant.name);
            assert!(coverage.noisy > 0, "{}: no noisy move was ever checked", variant.name);
            let chosen: Vec<String> = options.changed().map(|(o, v)| format!("{}={v}", o.name)).collect();
            report.push(format!("{} {}: {coverage:?}", variant.name, chosen.join(" ")));
            total += coverage;
        }
    }
    println!("{}", report.join("\n"));
    println!("total: {total:?} in {} ms", started.elapsed().as_millis());
}
