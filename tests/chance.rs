//! The chance-node half of the Game contract, exercised with a tiny dice game of this file's
//! own, small enough for brute force (Shogammon's own tests are in tests/shogammon): perft at chance nodes uses up no depth and sums outcomes unweighted; the
//! search's value equals a brute-force expectimax over weighted rolls (wins, losses and the
//! clamp of undecided means included) whatever window it is searched with; the principal
//! variation stops at the first chance node; a chance root is refused.

#[path = "harness/expectimax.rs"]
mod expectimax;

use expectimax::{expectimax, Seen};
use std::sync::Mutex;
use tetsugaku::game::{perft, perft_divide, Game, GameError, RuleValues, Turn, VariantSpec};
use tetsugaku::search::{
    search, ChancePruning, Config, Control, Estimate, Estimates, Event, Limits, ScoreReport, TranspositionTable,
};
use tetsugaku::vocabulary::score::{INFINITE, MATE_BOUND};
use tetsugaku::vocabulary::{Outcome, Score, Side, WinReason};

/// A race: each turn the player rolls a three-sided die (faces 1, 2, 3, weighted by `die`,
/// 1:1:2 unless loaded), then either advances its token by the roll or stays. Landing on a
/// multiple of 4 (short of the goal) sends the token back to 0. First to reach `goal` wins.
///
/// The number of turns played is part of the key: a position never recurs at another depth of
/// one search, so the transposition table cannot hand the search a deeper (better, but
/// different) value than the fixed-depth expectimax it is compared with.
#[derive(Clone, Debug)]
struct Race {
    goal: u32,
    die: [u32; 3],
    at: [u32; 2],
    side: Side,
    /// `None` at a chance node.
    roll: Option<u32>,
    turns: u32,
    undo: Vec<([u32; 2], Side, Option<u32>, u32)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    Roll(u32),
    Advance,
    Stay,
}

const FAIR: [u32; 3] = [1, 1, 2];
/// Nearly always a 3: a side one roll of 3 from the goal has a mean just short of a certain win.
const LOADED: [u32; 3] = [1, 1, 60];

impl Race {
    fn new(goal: u32, at: [u32; 2], roll: Option<u32>) -> Race {
        Race { goal, die: FAIR, at, side: Side::First, roll, turns: 0, undo: Vec::new() }
    }

    fn loaded(self) -> Race {
        Race { die: LOADED, ..self }
    }
}

/// The race to 1000 is the toy's one named variant (the catalogue never lists it).
static RACE: [VariantSpec<u32>; 1] = [VariantSpec { name: "race", rules: 1000, options: &[], bench: &[] }];

impl Game for Race {
    type Move = Step;
    type Rules = u32;
    const CHANCE: bool = true;

    fn variants() -> &'static [VariantSpec<u32>] {
        &RACE
    }

    fn start(goal: u32, _: &RuleValues) -> Race {
        Race::new(goal, [0, 0], None)
    }

    fn from_position_string(_: u32, _: &RuleValues, text: &str) -> Result<Race, GameError> {
        Err(GameError::new(format!("the race has no position strings ({text})")))
    }

    fn outcome(&self) -> Option<Outcome> {
        Side::ALL
            .into_iter()
            .find(|side| self.at[side.index()] >= self.goal)
            .map(|winner| Outcome::Win { winner, reason: WinReason::Capture })
    }

    fn turn(&self) -> Turn {
        match (self.outcome(), self.roll) {
            (Some(outcome), _) => Turn::Over(outcome),
            (None, None) => Turn::Chance(self.side),
            (None, Some(_)) => Turn::Decide(self.side),
        }
    }

    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<Step>) {
        match self.roll {
            None => moves.extend((1..=3).map(Step::Roll)),
            Some(_) => moves.extend([Step::Advance, Step::Stay]),
        }
    }

    fn chance_weight(&self, outcome: Step) -> u32 {
        match outcome {
            Step::Roll(face) => self.die[face as usize - 1],
            _ => 0,
        }
    }

    fn play(&mut self, mv: Step) {
        self.undo.push((self.at, self.side, self.roll, self.turns));
        match mv {
            Step::Roll(face) => self.roll = Some(face),
            Step::Advance | Step::Stay => {
                if mv == Step::Advance {
                    let me = &mut self.at[self.side.index()];
                    *me += self.roll.unwrap_or(0);
                    if me.is_multiple_of(4) && *me < self.goal {
                        *me = 0;
                    }
                }
                self.roll = None;
                self.side = self.side.opponent();
                self.turns += 1;
            }
        }
    }

    fn undo(&mut self) {
        if let Some((at, side, roll, turns)) = self.undo.pop() {
            (self.at, self.side, self.roll, self.turns) = (at, side, roll, turns);
        }
    }

    fn key(&self) -> u64 {
        let roll = self.roll.map_or(0, |r| r as u64 + 1);
        let packed = (self.at[0] as u64) << 40
            ^ (self.at[1] as u64) << 20
            ^ (self.turns as u64) << 4
            ^ roll << 1
            ^ self.side.index() as u64;
        // SplitMix64's finaliser: the table indexes by the high bits.
        let mut z = packed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn key_from_scratch(&self) -> u64 {
        self.key()
    }

    fn encode(mv: Step) -> u32 {
        match mv {
            Step::Roll(face) => face,
            Step::Advance => 10,
            Step::Stay => 11,
        }
    }

    fn is_noisy(&self, _: Step) -> bool {
        false
    }

    fn evaluate(&self) -> Score {
        let (me, them) = (self.at[self.side.index()] as Score, self.at[self.side.opponent().index()] as Score);
        // Progress, and a little fear of standing just before a trap square.
        10 * (me - them) - if me % 4 == 3 { 7 } else { 0 } + if them % 4 == 3 { 7 } else { 0 }
    }

    fn format_move(&self, mv: Step) -> String {
        match mv {
            Step::Roll(face) => format!("r{face}"),
            Step::Advance => "adv".into(),
            Step::Stay => "stay".into(),
        }
    }

    fn position_string(&self) -> String {
        format!("{} {} {:?} {:?} {}", self.at[0], self.at[1], self.side, self.roll, self.turns)
    }

    fn diagram(&self) -> String {
        self.position_string()
    }

    fn drawing(&self) -> tetsugaku::drawing::Drawing {
        tetsugaku::drawing::Drawing { captions: vec![self.position_string()], ..Default::default() }
    }
}

/// Leaf count written independently of the library's perft: chance nodes use up no depth.
fn count(game: &mut Race, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let chance = matches!(game.turn(), Turn::Chance(_));
    let mut moves = Vec::new();
    game.generate(&mut moves);
    let mut total = 0;
    for mv in moves {
        game.play(mv);
        total += count(game, if chance { depth } else { depth - 1 });
        game.undo();
    }
    total
}

/// Test positions (the side to move has rolled): far from the goal, where only evaluations
/// count, and close to it, where wins and losses are in reach, with a fair and a loaded die.
fn positions() -> Vec<Race> {
    let far = [([0, 0], 3), ([2, 5], 1), ([6, 1], 2), ([3, 7], 3), ([10, 14], 2)];
    let near = [(9, [5, 6], 2), (9, [7, 3], 1), (12, [8, 9], 3), (12, [2, 10], 2), (7, [1, 2], 1)];
    let loaded = [(10, [7, 7], 1), (11, [5, 8], 2), (13, [9, 6], 3)];
    far.iter()
        .map(|&(at, roll)| Race::new(1000, at, Some(roll)))
        .chain(near.iter().map(|&(goal, at, roll)| Race::new(goal, at, Some(roll))))
        .chain(loaded.iter().map(|&(goal, at, roll)| Race::new(goal, at, Some(roll)).loaded()))
        .collect()
}

#[test]
fn perft_sums_chance_outcomes_without_using_depth() {
    for goal in [5, 9, 1000] {
        let mut start = Race::new(goal, [0, 0], None);
        for depth in 0..=6 {
            assert_eq!(perft(&mut start, depth), count(&mut start, depth), "goal {goal} depth {depth}");
        }
        // Far from the goal every decision node has 2 moves after 3 rolls: 6^depth.
        if goal == 1000 {
            assert_eq!(perft(&mut start, 4), 6u64.pow(4));
        }
        let divide = perft_divide(&start, 3);
        let tokens: Vec<&str> = divide.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(tokens, ["r1", "r2", "r3"]);
        assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), perft(&mut start, 3));
    }
}

/// Runs a fixed-depth search with Star2 (exact), keeping every event.
fn run(root: &Race, depth: u32, multipv: usize, tt: &TranspositionTable) -> (tetsugaku::search::Summary, Vec<Event>) {
    run_with(root, depth, Config { multipv, chance: ChancePruning::Star2, ..Config::default() }, tt)
}

/// Runs a fixed-depth search with `config`, keeping every event.
fn run_with(
    root: &Race,
    depth: u32,
    config: Config,
    tt: &TranspositionTable,
) -> (tetsugaku::search::Summary, Vec<Event>) {
    let limits = Limits { depth: Some(depth), ..Limits::default() };
    let events = Mutex::new(Vec::new());
    let record = |event: Event| events.lock().expect("not poisoned").push(event);
    tt.clear();
    let summary = search(root, &limits, &config, tt, &Control::new(false), &record).expect("searches");
    (summary, events.into_inner().expect("not poisoned"))
}

/// The score an `info` line reports for `score`.
fn report(score: Score) -> ScoreReport {
    ScoreReport::from_score(score)
}

/// ChanceProbCut with margins beyond every score: its shallow searches never cut, and (the
/// race having too few moves for late-move pruning) it is Star2.
const NEVER_CUT: Estimates = Estimates {
    deep: Estimate { reduction: 2, drift: 0, margin: INFINITE },
    last_turn: Estimate { reduction: 1, drift: 0, margin: INFINITE },
};

#[test]
fn search_value_is_the_weighted_expectimax() {
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let mut seen = Seen::default();
    for root in positions() {
        for depth in 1..=7 {
            let mut game = root.clone();
            let exact = expectimax(&mut game, depth, 0, &mut seen);
            let what = format!("{} depth {depth}", root.position_string());
            for chance in [ChancePruning::Plain, ChancePruning::Star1, ChancePruning::ProbCut(NEVER_CUT)] {
                let (summary, _) = run_with(&root, depth as u32, Config { chance, ..Config::default() }, &tt);
                assert_eq!(summary.score, Some(exact), "{what} {chance:?}: {summary:?}");
            }
            for multipv in [1, 2] {
                let (summary, events) = run(&root, depth as u32, multipv, &tt);
                assert_eq!(summary.score, Some(exact), "{what} multipv {multipv}: {summary:?}");
                assert_eq!(summary.depth, depth as u32, "{what}");
                // The move played achieves the value.
                let best = game.parse_move(summary.best.as_deref().expect("a move")).expect("legal");
                game.play(best);
                assert_eq!(-expectimax(&mut game, depth - 1, 1, &mut Seen::default()), exact, "{what}");
                game.undo();
                // Every line of the last iteration carries its root move's exact value: the
                // second line is searched with the window left by the first.
                let last: Vec<_> = events
                    .iter()
                    .filter_map(|e| match e {
                        Event::Info(info) if info.depth == depth as u32 => Some(info),
                        _ => None,
                    })
                    .collect();
                assert_eq!(last.len(), multipv, "{what}");
                for info in last {
                    let mv = game.parse_move(&info.pv[0]).expect("legal");
                    game.play(mv);
                    let value = -expectimax(&mut game, depth - 1, 1, &mut Seen::default());
                    game.undo();
                    assert_eq!(info.score, report(value), "{what} line {}", info.multipv);
                }
            }
        }
    }
    // The positions reach finished games, and means just short of a certain win.
    assert!(seen.decided > 1000 && seen.clamped > 10, "{seen:?}");
}

/// ChanceProbCut's contract on the race, whatever its estimates: a legal move, and a value
/// that is decided only when the exact value is decided the same way (its verdicts are never
/// decided scores, and late-move pruning never prunes at a node whose tried moves all lose).
/// The searches do cut: some values differ from the exact ones.
#[test]
fn chance_probcut_finds_legal_moves_and_no_false_decided_values() {
    let tt = TranspositionTable::new(16).expect("16 MiB");
    let mut cut = 0;
    for root in positions() {
        for depth in 1..=6 {
            let mut game = root.clone();
            let exact = expectimax(&mut game, depth, 0, &mut Seen::default());
            for (drift, margin) in [(0, 0), (-10, 5), (10, 40)] {
                let estimate = Estimate { reduction: 1, drift, margin };
                let estimates = Estimates { deep: estimate, last_turn: estimate };
                let config = Config { chance: ChancePruning::ProbCut(estimates), ..Config::default() };
                let (summary, _) = run_with(&root, depth as u32, config, &tt);
                let what = format!("{} depth {depth} {estimate:?}: {summary:?}, exact {exact}", root.position_string());
                let value = summary.score.expect("a score");
                assert!(root.parse_move(summary.best.as_deref().expect("a move")).is_ok(), "{what}");
                if value.abs() >= MATE_BOUND {
                    assert!(exact.abs() >= MATE_BOUND && exact.signum() == value.signum(), "{what}");
                }
                cut += usize::from(value != exact);
            }
        }
    }
    assert!(cut >= 5, "{cut} searches cut short of the exact value");
}

#[test]
fn the_principal_variation_stops_at_the_first_chance_node() {
    let tt = TranspositionTable::new(4).expect("4 MiB");
    for root in positions() {
        for depth in [1, 3, 6] {
            for multipv in [1, 2] {
                let (summary, events) = run(&root, depth, multipv, &tt);
                let what = format!("{} depth {depth} multipv {multipv}", root.position_string());
                let mut infos = 0;
                for event in &events {
                    match event {
                        // Every move leads to a roll (or ends the game): one move, no more.
                        Event::Info(info) => {
                            infos += 1;
                            assert_eq!(info.pv.len(), 1, "{what}: {info:?}");
                            assert!(root.parse_move(&info.pv[0]).is_ok(), "{what}: {info:?}");
                        }
                        Event::BestMove { best, ponder } => {
                            assert_eq!(best, &summary.best, "{what}");
                            assert_eq!(ponder, &None, "{what}");
                        }
                        other => panic!("{what}: unexpected {other:?}"),
                    }
                }
                assert!(infos >= 1, "{what}");
                assert!(matches!(events.last(), Some(Event::BestMove { .. })), "{what}");
                assert_eq!(summary.ponder, None, "{what}");
            }
        }
    }
}

#[test]
fn a_chance_root_is_refused() {
    let tt = TranspositionTable::new(1).expect("1 MiB");
    let config = Config::default();
    for root in [Race::new(1000, [0, 0], None), Race::new(9, [5, 6], None)] {
        let events = Mutex::new(Vec::new());
        let record = |event: Event| events.lock().expect("not poisoned").push(event);
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let outcome = search(&root, &limits, &config, &tt, &Control::new(false), &record);
        let error = outcome.expect_err("a chance root cannot be searched");
        assert_eq!(error.to_string(), "chance node: the roll of the side to move is not known");
        assert!(events.into_inner().expect("not poisoned").is_empty());
    }
}
