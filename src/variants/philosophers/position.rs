//! A Philosopher's Chess position with the no-repetition record, and the [`Game`]
//! implementation.

use super::arrangements::Arrangements;
use super::board::{state_key, Board};
use super::moves::PhilosophersMove;
use crate::game::notation::MoveNumber;
use crate::game::Tunable;
use crate::game::{Game, GameError, RuleKind, RuleOption, RuleValues, VariantSpec};
use crate::vocabulary::{DrawReason, Outcome, Score, Side, WinReason};

/// The position string of the start position (protocol-spec.md §13.2).
pub const START: &str = "rhnkhr/hhpphh/6/6/HHPPHH/RHNKHR b - o1 0 1";

/// `PhilosophersStalemate`: a stalemated player draws (the ruling) or loses.
pub static STALEMATE: RuleOption = RuleOption {
    name: "PhilosophersStalemate",
    kind: RuleKind::Combo { default: "draw", values: &["draw", "loss"] },
    about: "Philosopher's Chess: stalemate is a draw, or a loss for the stalemated player",
};

/// What `undo` restores, and the arrangements the turn added to the record.
#[derive(Clone, Copy, Debug)]
struct Undo {
    board: Board,
    checked: bool,
    outcome: Option<Outcome>,
    recorded: [Option<u64>; 2],
}

/// A Philosopher's Chess position with its history.
///
/// Invariants: each side has exactly one King and the side not to move is not in check
/// (enforced when a position string is read, kept by legal turns); `key` is the board's
/// arrangement with the mind-move run and the side to move; `arrangements` holds every
/// arrangement of the path from the position string on, this one included; `checked` and
/// `outcome` are judged after every turn.
#[derive(Clone, Debug)]
pub struct Philosophers {
    pub(super) board: Board,
    pub(super) side: Side,
    key: u64,
    /// Whether the side to move is in check.
    pub(super) checked: bool,
    outcome: Option<Outcome>,
    /// Whether a stalemated player loses (`PhilosophersStalemate=loss`).
    stalemate_loses: bool,
    pub(super) arrangements: Arrangements,
    undos: Vec<Undo>,
    /// The move number of the position string (1 for the start position); counts turns.
    pub(super) move_number: MoveNumber,
}

impl Philosophers {
    /// Parses a position string (protocol-spec.md §13.2), validated, with a fresh record, under
    /// the rule options `options`.
    pub fn from_position_string(options: &RuleValues, text: &str) -> Result<Philosophers, GameError> {
        let (board, side, move_number) = super::position_string::parse(text)?;
        Ok(Philosophers::from_parts(board, side, move_number, options.choice(&STALEMATE) == "loss"))
    }

    /// A position from validated parts, judged; its record starts here.
    fn from_parts(board: Board, side: Side, move_number: MoveNumber, stalemate_loses: bool) -> Philosophers {
        let mut arrangements = Arrangements::default();
        arrangements.add(board.arrangement());
        let mut position = Philosophers {
            board,
            side,
            key: board.arrangement() ^ state_key(board.run(), side),
            checked: board.in_check(side),
            outcome: None,
            stalemate_loses,
            arrangements,
            undos: Vec::new(),
            move_number,
        };
        position.outcome = position.judge();
        position
    }

    /// The Field, the Thought and the mind-move run.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Without a legal turn, the side to move is checkmated when in check and stalemated
    /// otherwise.
    fn judge(&self) -> Option<Outcome> {
        if self.has_legal_turn() {
            return None;
        }
        let winner = self.side.opponent();
        Some(match (self.checked, self.stalemate_loses) {
            (true, _) => Outcome::Win { winner, reason: WinReason::Checkmate },
            (false, true) => Outcome::Win { winner, reason: WinReason::Stalemate },
            (false, false) => Outcome::Draw(DrawReason::Stalemate),
        })
    }
}

/// Philosopher's Chess is the one variant of this type. Its `bench` positions are middlegames
/// of self-play.
static VARIANTS: [VariantSpec<()>; 1] = [VariantSpec {
    name: "philosophers-chess",
    rules: (),
    options: &[&STALEMATE],
    bench: &["2k1hr/r1pp2/hnePhE/2P3/1H2H1/1HNKHR w - o2 0 26", "r1nkhr/E3hh/1NppH1/2P3/1H1P1H/e2KHR b - o2 1 17"],
}];

impl Tunable for Philosophers {
    type Weights = super::eval::Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/philosophers/weights.rs";

    fn weights(&self) -> (&'static str, &'static Self::Weights) {
        ("WEIGHTS", &super::weights::WEIGHTS)
    }

    fn evaluate_with(&self, weights: &Self::Weights) -> Score {
        super::eval::evaluate(self, weights)
    }
}

impl Game for Philosophers {
    type Move = PhilosophersMove;
    type Rules = ();

    fn variants() -> &'static [VariantSpec<()>] {
        &VARIANTS
    }

    fn start((): (), options: &RuleValues) -> Philosophers {
        match Philosophers::from_position_string(options, START) {
            Ok(position) => position,
            // The constant is a valid position (checked by the tests).
            Err(error) => unreachable!("the start position is invalid: {error}"),
        }
    }

    fn from_position_string((): (), options: &RuleValues, text: &str) -> Result<Philosophers, GameError> {
        Philosophers::from_position_string(options, text)
    }

    fn key_from_scratch(&self) -> u64 {
        self.board.arrangement_from_scratch() ^ state_key(self.board.run(), self.side)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<PhilosophersMove>) {
        self.legal_turns(&mut |turn| moves.push(turn));
    }

    fn generate_noisy(&self, moves: &mut Vec<PhilosophersMove>) {
        if self.outcome.is_none() {
            self.noisy_turns(&mut |turn| moves.push(turn));
        }
    }

    fn count_legal(&self) -> u64 {
        let mut count = 0;
        self.legal_turns(&mut |_| count += 1);
        count
    }

    fn play(&mut self, turn: PhilosophersMove) {
        let mut undo = Undo { board: self.board, checked: self.checked, outcome: self.outcome, recorded: [None; 2] };
        for (recorded, sub) in undo.recorded.iter_mut().zip(turn.subs()) {
            self.board.make(sub);
            self.arrangements.add(self.board.arrangement());
            *recorded = Some(self.board.arrangement());
        }
        self.undos.push(undo);
        self.side = self.side.opponent();
        self.key = self.board.arrangement() ^ state_key(self.board.run(), self.side);
        self.checked = self.board.in_check(self.side);
        self.move_number.advance();
        self.outcome = self.judge();
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        for key in undo.recorded.into_iter().flatten() {
            self.arrangements.remove(key);
        }
        self.board = undo.board;
        self.side = self.side.opponent();
        self.key = self.board.arrangement() ^ state_key(self.board.run(), self.side);
        self.checked = undo.checked;
        self.outcome = undo.outcome;
        self.move_number.retreat();
    }

    fn in_check(&self) -> bool {
        self.checked
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn encode(turn: PhilosophersMove) -> u32 {
        turn.code()
    }

    /// Turns with a capture or a promotion.
    #[inline]
    fn is_noisy(&self, turn: PhilosophersMove) -> bool {
        turn.is_noisy()
    }

    fn exchange_gain(&self, turn: PhilosophersMove) -> Score {
        Philosophers::exchange_gain(self, turn)
    }

    fn evaluate(&self) -> Score {
        super::eval::evaluate(self, self.weights().1)
    }

    fn format_move(&self, turn: PhilosophersMove) -> String {
        turn.token()
    }

    fn parse_move(&self, text: &str) -> Result<PhilosophersMove, GameError> {
        super::notation::parse_move(self, text)
    }

    /// The inventor's separate promotion items: `c2-c1 ph` is `c2-c1ph`.
    fn is_suffix_item(item: &str) -> bool {
        matches!(item, "pr" | "pn" | "ph")
    }

    fn position_string(&self) -> String {
        super::position_string::write(self)
    }

    fn diagram(&self) -> String {
        super::notation::diagram(self)
    }

    fn drawing(&self) -> crate::drawing::Drawing {
        super::drawing::drawing(self)
    }

    const MATE_SEARCH: bool = true;

    const FUTILITY_MARGIN: Option<Score> = Some(150);
}
