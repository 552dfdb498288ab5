//! The chance-node half of the Game contract, exercised with a tiny dice game (no real dice
//! game exists yet): perft at chance nodes uses up no depth and sums outcomes unweighted, and
//! the search's expectimax equals a brute-force expectimax over weighted rolls.

use tetsugaku::core::score::INFINITE;
use tetsugaku::core::{Outcome, Score, Side, WinReason};
use tetsugaku::game::{perft, perft_divide, Game, GameError, RuleValues, Turn, VariantSpec};
use tetsugaku::search::{search, Config, Control, Limits, TranspositionTable};

/// A race: each turn the player rolls a three-sided die weighted 1:1:2 (faces 1, 2, 3), then
/// either advances its token by the roll or stays. Landing on a multiple of 4 (short of the
/// goal) sends the token back to 0. First to reach `goal` wins.
#[derive(Clone, Debug)]
struct Race {
    goal: u32,
    at: [u32; 2],
    side: Side,
    /// `None` at a chance node.
    roll: Option<u32>,
    undo: Vec<([u32; 2], Side, Option<u32>)>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    Roll(u32),
    Advance,
    Stay,
}

const WEIGHTS: [u32; 3] = [1, 1, 2];

impl Race {
    fn new(goal: u32, at: [u32; 2], roll: Option<u32>) -> Race {
        Race { goal, at, side: Side::First, roll, undo: Vec::new() }
    }
}

/// The race to 1000 is the toy's one named variant (the catalogue never lists it).
static RACE: [VariantSpec<u32>; 1] = [VariantSpec { name: "race", rules: 1000, options: &[], bench: &[] }];

impl Game for Race {
    type Move = Step;
    type Rules = u32;

    fn variants() -> &'static [VariantSpec<u32>] {
        &RACE
    }

    fn start(goal: u32, _: &RuleValues) -> Race {
        Race::new(goal, [0, 0], None)
    }

    fn from_position_string(_: u32, _: &RuleValues, text: &str) -> Result<Race, GameError> {
        Err(GameError::new(format!("the race has no position strings ({text})")))
    }

    fn turn(&self) -> Turn {
        for side in Side::ALL {
            if self.at[side.index()] >= self.goal {
                return Turn::Over(Outcome::Win { winner: side, reason: WinReason::Capture });
            }
        }
        match self.roll {
            None => Turn::Chance(self.side),
            Some(_) => Turn::Decide(self.side),
        }
    }

    fn side(&self) -> Side {
        self.side
    }

    fn generate(&self, moves: &mut Vec<Step>) {
        match self.turn() {
            Turn::Over(_) => {}
            Turn::Chance(_) => moves.extend((1..=3).map(Step::Roll)),
            Turn::Decide(_) => moves.extend([Step::Advance, Step::Stay]),
        }
    }

    fn chance_weight(&self, outcome: Step) -> u32 {
        match outcome {
            Step::Roll(face) => WEIGHTS[face as usize - 1],
            _ => 0,
        }
    }

    fn play(&mut self, mv: Step) {
        self.undo.push((self.at, self.side, self.roll));
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
            }
        }
    }

    fn undo(&mut self) {
        if let Some((at, side, roll)) = self.undo.pop() {
            (self.at, self.side, self.roll) = (at, side, roll);
        }
    }

    fn key(&self) -> u64 {
        let roll = self.roll.map_or(0, |r| r as u64 + 1);
        (self.at[0] as u64) << 32 ^ (self.at[1] as u64) << 8 ^ roll << 4 ^ self.side.index() as u64
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
        format!("{} {} {:?} {:?}", self.at[0], self.at[1], self.side, self.roll)
    }

    fn diagram(&self) -> String {
        self.position_string()
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

/// Full-width expectimax to `depth` decisions, with the search's integer mean at chance nodes.
fn expectimax(game: &mut Race, depth: i32) -> Score {
    let mut moves = Vec::new();
    match game.turn() {
        Turn::Over(_) => panic!("the test positions never reach the goal"),
        Turn::Chance(_) => {
            game.generate(&mut moves);
            let (mut total, mut weights) = (0i64, 0i64);
            for mv in moves {
                let w = game.chance_weight(mv) as i64;
                game.play(mv);
                total += expectimax(game, depth) as i64 * w;
                game.undo();
                weights += w;
            }
            (total / weights) as Score
        }
        Turn::Decide(_) if depth <= 0 => game.evaluate(),
        Turn::Decide(_) => {
            game.generate(&mut moves);
            let mut best = -INFINITE;
            for mv in moves {
                game.play(mv);
                best = best.max(-expectimax(game, depth - 1));
                game.undo();
            }
            best
        }
    }
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

#[test]
fn search_value_is_the_weighted_expectimax() {
    let tt = TranspositionTable::new(4).expect("4 MiB");
    let config = Config { threads: 1, multipv: 1, move_overhead: 0 };
    for (at, roll) in [([0, 0], 3), ([2, 5], 1), ([6, 1], 2), ([3, 7], 3), ([10, 14], 2)] {
        for depth in 1..=5 {
            let mut root = Race::new(1000, at, Some(roll));
            tt.clear();
            let limits = Limits { depth: Some(depth as u32), ..Limits::default() };
            let summary = search(&root, &limits, &config, &tt, &Control::new(false), &|_| {}).expect("searches");
            let exact = expectimax(&mut root, depth);
            assert_eq!(summary.score, Some(exact), "{at:?} roll {roll} depth {depth}: {summary:?}");
            // The move played achieves the value.
            let mv = root.parse_move(summary.best.as_deref().expect("a move")).expect("legal");
            root.play(mv);
            assert_eq!(-expectimax(&mut root, depth - 1), exact, "{at:?} roll {roll} depth {depth}");
        }
    }
}
