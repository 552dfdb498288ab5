//! A Shogammon position: the board with points, the side to move, the roll when known, the move
//! number; and the [`Game`] implementation with chance nodes (docs/game-contract.md §2.3, §3).

use super::dice::{canonical_table, DieTable, Roll, DEFAULT_TABLE};
use super::points::Board;
use super::turns::{legal_turns, make_point_capture, make_sub, Taken, Turn};
use crate::game::notation::MoveNumber;
use crate::game::Tunable;
use crate::game::{Game, GameError, RuleKind, RuleOption, RuleValues, Turn as Node, VariantSpec};
use crate::variants::shogi_core::piece::Kind;
use crate::vocabulary::{zobrist_table, DrawReason, Outcome, Score, Side, WinReason};

/// The position string of the start position (protocol-spec.md §14.1): a chance node.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1";

/// `ShogammonDice`: which piece types each die number moves (protocol-spec.md §8.2).
pub static DICE: RuleOption = RuleOption {
    name: "ShogammonDice",
    kind: RuleKind::Text { default: DEFAULT_TABLE, canonical: canonical_table },
    about: "Shogammon: the die table, six groups <die>:<letters> such as 2:LN",
};

/// `ShogammonTurnLimit`: the game is drawn once that many turns are completed (0: never).
pub static TURN_LIMIT: RuleOption = RuleOption {
    name: "ShogammonTurnLimit",
    kind: RuleKind::Spin { default: 0, min: 0, max: 100_000 },
    about: "Shogammon: turns after which the game is drawn (turn-limit), 0 for no limit",
};

/// The die table and turn limit `options` give.
fn rules_of(options: &RuleValues) -> Result<(DieTable, u64), GameError> {
    let table = DieTable::parse(&options.text(&DICE)).map_err(GameError::new)?;
    Ok((table, options.number(&TURN_LIMIT).unsigned_abs()))
}

/// Keys of the second player to move, then of each known roll.
static KEYS: [u64; 1 + 21] = zobrist_table(0x5E06_3000_0000_0001);

/// One move of the game tree: the roll at a chance node, or a whole turn at a decision node.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ShogammonMove {
    Roll(Roll),
    Turn(Turn),
}

/// What `undo` restores.
#[derive(Clone, Debug)]
struct Undo {
    board: Board,
    roll: Option<Roll>,
    outcome: Option<Outcome>,
}

/// A Shogammon position with its undo stack.
///
/// Invariants: `key` is the board's key with the side to move's and the known roll's; a known
/// roll makes a decision node, none a chance node; `outcome` is set once a King is taken or the
/// turn limit is reached.
#[derive(Clone, Debug)]
pub struct Shogammon {
    board: Board,
    side: Side,
    roll: Option<Roll>,
    key: u64,
    outcome: Option<Outcome>,
    table: DieTable,
    /// Turns after which the game is drawn (0: never).
    turn_limit: u64,
    undos: Vec<Undo>,
    move_number: MoveNumber,
}

/// The key of the side to move and the roll.
fn state_key(side: Side, roll: Option<Roll>) -> u64 {
    let side_key = if side == Side::Second { KEYS[0] } else { 0 };
    side_key ^ roll.map_or(0, |roll| KEYS[1 + roll.index()])
}

impl Shogammon {
    /// The position written `text`, validated, under the die table and turn limit given.
    pub fn from_position_string(text: &str, table: DieTable, turn_limit: u64) -> Result<Shogammon, GameError> {
        let parts = super::position_string::parse(text)?;
        let mut position = Shogammon {
            key: parts.board.key() ^ state_key(parts.side, parts.roll),
            board: parts.board,
            side: parts.side,
            roll: parts.roll,
            outcome: None,
            table,
            turn_limit,
            undos: Vec::new(),
            move_number: parts.move_number,
        };
        position.outcome = position.judge(Taken::Nothing);
        Ok(position)
    }

    /// The pieces on the board, with points, and in hand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The roll of the side to move, when known (a decision node).
    pub fn roll(&self) -> Option<Roll> {
        self.roll
    }

    /// The position string of `text` read and written again (tests).
    #[cfg(test)]
    fn from_parts_check(text: &str) -> String {
        let table = DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}"));
        Shogammon::from_position_string(text, table, 0).map_or_else(|e| panic!("{text}: {e}"), |p| p.position_string())
    }

    /// A King taken wins; a missing King (in a position string) has lost; then the turn limit.
    fn judge(&self, taken: Taken) -> Option<Outcome> {
        let tops = self.board.tops();
        let lost = |side| tops.king_square(side).is_none() && self.board.under_pieces(side, Kind::King) == 0;
        if taken == Taken::King || Side::ALL.into_iter().any(lost) {
            let winner = Side::ALL.into_iter().find(|&side| !lost(side)).unwrap_or(self.side);
            return Some(Outcome::Win { winner, reason: WinReason::KingCapture });
        }
        let limit_reached = self.turn_limit > 0 && self.move_number.get() > self.turn_limit;
        limit_reached.then_some(Outcome::Draw(DrawReason::TurnLimit))
    }

    /// Plays the sub-moves of `turn` on the board: a point capture when the first lands on an
    /// enemy point, otherwise one after the other (a King taken by the first ends the turn).
    fn make_turn(&mut self, turn: Turn) -> Taken {
        let mut subs = turn.subs();
        let Some(first) = subs.next() else { return Taken::Nothing };
        let enemy_point = self.board.points() & self.board.tops().side(self.side.opponent());
        let second = subs.next();
        match second {
            Some(second) if enemy_point & crate::variants::shogi_core::bitboard::bit(first.to()) != 0 => {
                make_point_capture(&mut self.board, self.side, first, second)
            }
            _ => {
                let taken = make_sub(&mut self.board, self.side, first);
                match second {
                    Some(second) if taken != Taken::King => make_sub(&mut self.board, self.side, second),
                    _ => taken,
                }
            }
        }
    }
}

/// Shogammon is the one variant of this type. Its start is a chance node, so `bench` searches it
/// after the roll 61, and a middlegame with points of both sides.
static VARIANTS: [VariantSpec<()>; 1] = [VariantSpec {
    name: "shogammon",
    rules: (),
    options: &[&DICE, &TURN_LIMIT],
    bench: &[
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 61 1",
        "1ns[gk]3nl/5[gs]1b1/[pl]1p2pp1p/L[pr]2p2p1/3p5/4P1P2/PP[PB]P1P1PP/1SG4R1/1N2[KG]1SNL b - 32 13",
    ],
}];

impl Tunable for Shogammon {
    type Weights = super::eval::Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/shogammon/weights.rs";

    fn weights(&self) -> (&'static str, &'static Self::Weights) {
        ("WEIGHTS", &super::weights::WEIGHTS)
    }

    fn evaluate_with(&self, weights: &Self::Weights) -> Score {
        super::eval::evaluate(&self.board, self.side, &self.table, weights)
    }
}

impl Game for Shogammon {
    type Move = ShogammonMove;
    type Rules = ();
    const CHANCE: bool = true;
    /// Two turns with the 21 rolls between them.
    const MAX_BENCH_DEPTH: u32 = 2;

    fn variants() -> &'static [VariantSpec<()>] {
        &VARIANTS
    }

    /// The start position; option values are canonical once set, so they always read.
    fn start((): (), options: &RuleValues) -> Shogammon {
        let (table, limit) = rules_of(options).unwrap_or_else(|e| unreachable!("a canonical option value: {e}"));
        Shogammon::from_position_string(START, table, limit).unwrap_or_else(|e| unreachable!("the start position: {e}"))
    }

    fn from_position_string((): (), options: &RuleValues, text: &str) -> Result<Shogammon, GameError> {
        let (table, limit) = rules_of(options)?;
        Shogammon::from_position_string(text, table, limit)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn turn(&self) -> Node {
        match (self.outcome, self.roll) {
            (Some(outcome), _) => Node::Over(outcome),
            (None, None) => Node::Chance(self.side),
            (None, Some(_)) => Node::Decide(self.side),
        }
    }

    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<ShogammonMove>) {
        match self.roll {
            None => moves.extend(Roll::all().map(ShogammonMove::Roll)),
            Some(roll) => moves
                .extend(legal_turns(&self.board, self.side, roll, &self.table).into_iter().map(ShogammonMove::Turn)),
        }
    }

    fn chance_weight(&self, outcome: ShogammonMove) -> u32 {
        match outcome {
            ShogammonMove::Roll(roll) => roll.weight(),
            ShogammonMove::Turn(_) => 1,
        }
    }

    fn play(&mut self, mv: ShogammonMove) {
        self.undos.push(Undo { board: self.board.clone(), roll: self.roll, outcome: self.outcome });
        match mv {
            ShogammonMove::Roll(roll) => self.roll = Some(roll),
            ShogammonMove::Turn(turn) => {
                let taken = self.make_turn(turn);
                self.side = self.side.opponent();
                self.roll = None;
                self.move_number.advance();
                self.outcome = self.judge(taken);
            }
        }
        self.key = self.board.key() ^ state_key(self.side, self.roll);
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        if self.roll.is_none() && undo.roll.is_some() {
            // A turn is taken back.
            self.side = self.side.opponent();
            self.move_number.retreat();
        }
        self.board = undo.board;
        self.roll = undo.roll;
        self.outcome = undo.outcome;
        self.key = self.board.key() ^ state_key(self.side, self.roll);
    }

    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        self.board.key_from_scratch() ^ state_key(self.side, self.roll)
    }

    /// A turn's code (30 bits), or bit 31 with the roll's index.
    fn encode(mv: ShogammonMove) -> u32 {
        match mv {
            ShogammonMove::Roll(roll) => 1 << 31 | roll.index() as u32,
            ShogammonMove::Turn(turn) => turn.code(),
        }
    }

    /// Turns that take a piece or promote.
    fn is_noisy(&self, mv: ShogammonMove) -> bool {
        let ShogammonMove::Turn(turn) = mv else { return false };
        let theirs = self.board.tops().side(self.side.opponent());
        turn.subs().any(|sub| sub.promotes() || theirs & crate::variants::shogi_core::bitboard::bit(sub.to()) != 0)
    }

    /// What the turn takes and gains by promoting (never negative: no exchange is read).
    fn exchange_gain(&self, mv: ShogammonMove) -> Score {
        match mv {
            ShogammonMove::Turn(turn) => super::eval::turn_gain(&self.board, self.side, turn),
            ShogammonMove::Roll(_) => 0,
        }
    }

    /// Material, points, the next rolls' threats and lost dice (`eval.rs`).
    fn evaluate(&self) -> Score {
        super::eval::evaluate(&self.board, self.side, &self.table, self.weights().1)
    }

    fn format_move(&self, mv: ShogammonMove) -> String {
        match mv {
            ShogammonMove::Roll(roll) => roll.token(),
            ShogammonMove::Turn(turn) => turn.token(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<ShogammonMove, GameError> {
        super::notation::parse_move(self, text)
    }

    fn position_string(&self) -> String {
        super::position_string::write(&self.board, self.side, self.roll, self.move_number)
    }

    fn diagram(&self) -> String {
        super::notation::diagram(self, &self.board)
    }

    fn drawing(&self) -> crate::drawing::Drawing {
        super::drawing::drawing(self, &self.board)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;
    use crate::vocabulary::SplitMix64;

    /// Chance-node perft sums the 21 rolls unweighted at the same depth: 2533 turns at depth 1
    /// from the start (the reference's number; the turn counts per roll are in
    /// `turns::tests::start_turns_per_roll`).
    #[test]
    fn chance_perft_from_the_start() {
        let mut start = Shogammon::start((), &RuleValues::default());
        assert!(matches!(start.turn(), Node::Chance(Side::First)));
        assert_eq!(perft(&mut start, 1), 2533);
    }

    /// Random walks over rolls and turns: the key equals the key from scratch, the position
    /// string reads back, and undo restores string and key.
    #[test]
    fn walks_keep_keys_strings_and_undo_exact() {
        let mut rng = SplitMix64::new(0x5E06_0001);
        for _walk in 0..20 {
            let mut game = Shogammon::start((), &RuleValues::default());
            let mut played = 0;
            for _ in 0..120 {
                let mut moves = Vec::new();
                game.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let before = (game.position_string(), game.key());
                let mv = moves[rng.below(moves.len())];
                game.play(mv);
                assert_eq!(game.key(), game.key_from_scratch(), "after {}", game.format_move(mv));
                let again = Shogammon::from_parts_check(&game.position_string());
                assert_eq!(again, game.position_string());
                game.undo();
                assert_eq!((game.position_string(), game.key()), before);
                game.play(mv);
                played += 1;
            }
            for _ in 0..played {
                game.undo();
            }
            assert_eq!(game.position_string(), START);
        }
    }
}
