//! An Ito Shogi position with the history its repetition ban needs, and the [`Game`]
//! implementation.

use super::board::{Board, SIDE_KEY};
use super::moves::ItoMove;
use super::repetition::Occurrences;
use crate::game::notation::MoveNumber;
use crate::game::Tunable;
use crate::game::{Game, GameError, RuleValues, VariantSpec};
use crate::vocabulary::{Outcome, Score, Side, WinReason};

/// The position string of the start position (protocol-spec.md §12.3).
pub const START: &str = "k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b - 1";

/// The part of the key that says who is to move.
#[inline]
pub(super) fn side_key(side: Side) -> u64 {
    match side {
        Side::First => 0,
        Side::Second => SIDE_KEY,
    }
}

/// What `undo` restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    board: Board,
    checked: bool,
    outcome: Option<Outcome>,
}

/// An Ito Shogi position with its history.
///
/// Invariants: each side has exactly one King on the line and the side not to move is not in
/// check (enforced when a position string is read, kept by legal moves); `key` is the board's
/// key with the side to move's; `seen` counts every position of the history from the position
/// string on, this one included; `outcome` is judged after every move (the side to move with
/// no legal move has lost).
#[derive(Clone, Debug)]
pub struct Ito {
    pub(super) board: Board,
    pub(super) side: Side,
    key: u64,
    checked: bool,
    outcome: Option<Outcome>,
    pub(super) seen: Occurrences,
    undos: Vec<Undo>,
    /// The move number of the position string (1 for the start position; stops at the limit).
    pub(super) move_number: MoveNumber,
}

impl Ito {
    /// The start position.
    pub fn start() -> Ito {
        match Ito::from_position_string(START) {
            Ok(position) => position,
            // The constant is a valid position (checked by the tests).
            Err(error) => unreachable!("the start position is invalid: {error}"),
        }
    }

    /// Parses a position string (protocol-spec.md §12.3), validated, with a fresh history.
    pub fn from_position_string(text: &str) -> Result<Ito, GameError> {
        super::position_string::parse(text)
    }

    /// A position from validated parts, judged; its history starts here.
    pub(super) fn from_parts(board: Board, side: Side, move_number: MoveNumber) -> Ito {
        let key = board.key() ^ side_key(side);
        let mut seen = Occurrences::default();
        seen.add(key);
        let mut position = Ito {
            board,
            side,
            key,
            checked: board.in_check(side),
            outcome: None,
            seen,
            undos: Vec::new(),
            move_number,
        };
        position.outcome = position.judge();
        position
    }

    /// The pieces on the line and in hand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move has lost if it has no legal move (checkmate when in check).
    fn judge(&self) -> Option<Outcome> {
        if self.has_legal_move() {
            return None;
        }
        let reason = if self.checked { WinReason::Checkmate } else { WinReason::NoMoves };
        Some(Outcome::Win { winner: self.side.opponent(), reason })
    }

    /// Whether `mv` (a legal move) captures.
    #[inline]
    pub fn is_capture(&self, mv: ItoMove) -> bool {
        mv.from().is_some() && self.board.at(mv.to()).is_some()
    }
}

/// Ito Shogi is the one variant of this type; it has no rule options. Its `bench` positions
/// are middlegames of self-play.
static VARIANTS: [VariantSpec<()>; 1] = [VariantSpec {
    name: "ito",
    rules: (),
    options: &[],
    bench: &[
        "k/r/+n/l/+g/1/c/p/1/1/1/+P/I/1/1/1/L/R/C/K/1 b gni 31",
        "1/g/1/l/1/1/k/g/p/1/+I/+n/1/P/1/N/1/L/+C/R/K b Rci 31",
    ],
}];

impl Tunable for Ito {
    type Weights = super::eval::Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/ito/weights.rs";

    fn weights(&self) -> (&'static str, &'static Self::Weights) {
        ("WEIGHTS", &super::weights::WEIGHTS)
    }

    fn evaluate_with(&self, weights: &Self::Weights) -> Score {
        super::eval::evaluate(self, weights)
    }
}

impl Game for Ito {
    type Move = ItoMove;
    type Rules = ();
    /// Off: they lose in Ito (docs/strength.md, "Search").
    const SELECTIVE_SEARCH: bool = false;
    const MATE_SEARCH: bool = true;

    fn variants() -> &'static [VariantSpec<()>] {
        &VARIANTS
    }

    fn start((): (), _: &RuleValues) -> Ito {
        Ito::start()
    }

    fn from_position_string((): (), _: &RuleValues, text: &str) -> Result<Ito, GameError> {
        Ito::from_position_string(text)
    }

    fn key_from_scratch(&self) -> u64 {
        self.board.key_from_scratch() ^ side_key(self.side)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<ItoMove>) {
        self.generate_moves(moves);
    }

    fn play(&mut self, mv: ItoMove) {
        self.undos.push(Undo { board: self.board, checked: self.checked, outcome: self.outcome });
        self.board.make(self.side, mv);
        self.side = self.side.opponent();
        self.key = self.board.key() ^ side_key(self.side);
        self.seen.add(self.key);
        self.checked = self.board.in_check(self.side);
        self.move_number.advance();
        self.outcome = self.judge();
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        self.seen.remove(self.key);
        self.board = undo.board;
        self.side = self.side.opponent();
        self.key = self.board.key() ^ side_key(self.side);
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
    fn encode(mv: ItoMove) -> u32 {
        mv.code()
    }

    /// Captures (they also flip the capturer).
    #[inline]
    fn is_noisy(&self, mv: ItoMove) -> bool {
        self.is_capture(mv)
    }

    fn evaluate(&self) -> Score {
        super::eval::evaluate(self, self.weights().1)
    }

    fn format_move(&self, mv: ItoMove) -> String {
        mv.token()
    }

    fn parse_move(&self, text: &str) -> Result<ItoMove, GameError> {
        super::notation::parse_move(self, text)
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
}
