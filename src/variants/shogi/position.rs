//! Standard shogi: the position with its history, and the [`Game`] implementation.

use super::eval::Weights;
use super::repetition::{History, Past};
use super::weights::WEIGHTS;
use crate::game::notation::MoveNumber;
use crate::game::Tunable;
use crate::game::{Game, GameError, MateGuess, MateHand, MateKey, MateMove, OneCheck, RuleValues, VariantSpec};
use crate::variants::shogi_core::bitboard::Bitboard;
use crate::variants::shogi_core::board::{Board, SIDE_KEY};
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::Piece;
use crate::vocabulary::{Outcome, Score, Side, WinReason};

/// The SFEN of the start position.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// What `undo` restores besides the board (the history holds the earlier key).
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// `None` for a null move.
    mv: Option<ShogiMove>,
    captured: Option<Piece>,
    checkers: Bitboard,
    outcome: Option<Outcome>,
    /// The repetition window before a null move (unused for real moves).
    window: usize,
}

/// A standard shogi position with the history its rules need.
///
/// Invariants: each side has at most one King on the board (a side without one, as a tsume
/// attacker, is never in check) and the side not to move is not in check (both enforced when a position string is read and kept by legal moves); `key` is the
/// board's key with [`SIDE_KEY`] when White is to move; `checkers` are the pieces giving check
/// to the side to move; `outcome` is judged after every move.
#[derive(Clone, Debug)]
pub struct Shogi {
    pub(super) board: Board,
    pub(super) side: Side,
    key: u64,
    pub(super) checkers: Bitboard,
    /// The move number of the position string (1 for the start position; stops at the limit).
    pub(super) move_number: MoveNumber,
    outcome: Option<Outcome>,
    history: History,
    undos: Vec<Undo>,
}

impl Shogi {
    /// The start position.
    pub fn start() -> Shogi {
        match Shogi::from_position_string(START) {
            Ok(position) => position,
            // The constant is a valid position (checked by the tests).
            Err(error) => unreachable!("the start position is invalid: {error}"),
        }
    }

    /// Parses a position string (SFEN, `protocol-spec.md` §11), validated.
    pub fn from_position_string(text: &str) -> Result<Shogi, GameError> {
        super::position_string::parse_position(text)
    }

    /// A position from validated parts, judged as if the player not to move had just moved; its
    /// history starts here.
    pub(super) fn from_parts(board: Board, side: Side, move_number: MoveNumber) -> Shogi {
        let key = board.key() ^ if side == Side::Second { SIDE_KEY } else { 0 };
        let mut position = Shogi {
            board,
            side,
            key,
            checkers: 0,
            move_number,
            outcome: None,
            history: History::new(key),
            undos: Vec::new(),
        };
        position.checkers = position.checkers_of(side);
        position.outcome = position.judge();
        position
    }

    /// The pieces on the board and in hand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers != 0
    }

    /// The enemy pieces giving check to `side`'s King.
    pub(super) fn checkers_of(&self, side: Side) -> Bitboard {
        match self.board.king_square(side) {
            Some(king) => self.board.attackers_to(king, side.opponent(), self.board.occupied()),
            None => 0,
        }
    }

    /// How the game stands for the side to move: a repetition result first, then checkmate or
    /// no legal move.
    fn judge(&self) -> Option<Outcome> {
        if let Some(outcome) = self.history.judge(self.key, self.checkers != 0, self.side) {
            return Some(outcome);
        }
        if self.has_legal_move() {
            return None;
        }
        let reason = if self.checkers != 0 { WinReason::Checkmate } else { WinReason::NoMoves };
        Some(Outcome::Win { winner: self.side.opponent(), reason })
    }

    /// Applies `mv` to the board; returns the captured piece.
    fn make(&mut self, mv: ShogiMove) -> Option<Piece> {
        let us = self.side;
        let to = mv.to();
        match (mv.from(), mv.dropped()) {
            (Some(from), _) => {
                let mut piece = self.board.remove(from)?;
                let captured = self.board.remove(to);
                if let Some(victim) = captured {
                    self.board.add_to_hand(us, victim.kind.unpromoted());
                }
                if mv.promotes() {
                    piece.kind = piece.kind.promoted();
                }
                self.board.put(to, piece);
                captured
            }
            (None, Some(kind)) => {
                self.board.take_from_hand(us, kind);
                self.board.put(to, Piece::new(us, kind));
                None
            }
            (None, None) => None,
        }
    }

    /// Takes `mv` (made by `us`) back off the board, restoring `captured`.
    fn unmake(&mut self, mv: ShogiMove, us: Side, captured: Option<Piece>) {
        let to = mv.to();
        let Some(mut piece) = self.board.remove(to) else { return };
        match mv.from() {
            Some(from) => {
                if mv.promotes() {
                    piece.kind = piece.kind.unpromoted();
                }
                self.board.put(from, piece);
                if let Some(victim) = captured {
                    self.board.take_from_hand(us, victim.kind.unpromoted());
                    self.board.put(to, victim);
                }
            }
            None => self.board.add_to_hand(us, piece.kind),
        }
    }

    /// The key of the pieces on the board and the side to move, without the hands.
    #[inline]
    pub fn board_key(&self) -> u64 {
        self.board.pieces_key() ^ if self.side == Side::Second { SIDE_KEY } else { 0 }
    }

    /// The [`board_key`](Shogi::board_key) after the legal move `mv`, without playing it.
    #[inline]
    pub fn board_key_after(&self, mv: ShogiMove) -> u64 {
        self.board_key() ^ self.board.pieces_key() ^ self.board.pieces_key_after(self.side, mv) ^ SIDE_KEY
    }

    /// Whether `mv` captures.
    #[inline]
    pub fn is_capture(&self, mv: ShogiMove) -> bool {
        mv.from().is_some() && self.board.piece_at(mv.to()).is_some()
    }
}

/// Standard shogi is the one variant of this type; it has no rule options. Its `bench`
/// positions: a common opening after eight plies and two depth-4 self-play middlegames.
static VARIANTS: [VariantSpec<()>; 1] = [VariantSpec {
    name: "shogi",
    rules: (),
    options: &[],
    bench: &[
        "lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
        "ln1gk2nl/3s1s3/pr1pppp1b/6g1p/2R6/1pGB5/P1NPPPP1P/1P1S1S3/L3K1G+pL b n3p 41",
        "l2k2gnl/1+r3sG2/3p1pp1b/1s1np1g1p/pN7/3B5/P1PPPPP1P/1pS2S3/L2RK2GL b n4p 81",
    ],
}];

impl Tunable for Shogi {
    type Weights = Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/shogi/weights.rs";

    fn weights(&self) -> (&'static str, &'static Weights) {
        ("WEIGHTS", &WEIGHTS)
    }

    fn evaluate_with(&self, weights: &Weights) -> Score {
        super::eval::evaluate(self, weights)
    }
}

impl Game for Shogi {
    type Move = ShogiMove;
    type Rules = ();
    const NULL_MOVE_OK: bool = true;
    /// One and a half pawns a ply (docs/strength.md, "Search").
    const FUTILITY_MARGIN: Option<Score> = Some(150);
    /// About a pawn and a half (docs/strength.md, "Search").
    const NULL_MOVE_MARGIN: Option<Score> = Some(200);
    const MATE_SEARCH: bool = true;

    fn variants() -> &'static [VariantSpec<()>] {
        &VARIANTS
    }

    fn start((): (), _: &RuleValues) -> Shogi {
        Shogi::start()
    }

    fn from_position_string((): (), _: &RuleValues, text: &str) -> Result<Shogi, GameError> {
        Shogi::from_position_string(text)
    }

    fn key_from_scratch(&self) -> u64 {
        self.board.key_from_scratch() ^ if self.side == Side::Second { SIDE_KEY } else { 0 }
    }

    fn mate_key(&self, attacker: Side) -> MateKey {
        self.attackers_mate_key(attacker)
    }

    fn mate_moves(&mut self, attacker: Side, key: MateKey, moves: &mut Vec<MateMove<ShogiMove>>) {
        self.checks_and_replies(attacker, key, moves);
    }

    fn mate_in_one(&mut self, attacker: Side, key: MateKey) -> OneCheck<ShogiMove> {
        self.mating_check(attacker, key)
    }

    fn mate_guess(&self, attacker: Side, mv: ShogiMove) -> MateGuess {
        self.guess_after(self.side == attacker, mv)
    }

    fn interposition_guard(&self, attacker: Side, hand: MateHand) -> MateHand {
        self.interposition_guard_for(attacker, hand)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<ShogiMove>) {
        self.generate_moves(moves);
    }

    fn count_legal(&self) -> u64 {
        self.count_generated()
    }

    fn play(&mut self, mv: ShogiMove) {
        let us = self.side;
        let left = Past { key: self.key, checked: self.checkers != 0 };
        let captured = self.make(mv);
        self.undos.push(Undo { mv: Some(mv), captured, checkers: self.checkers, outcome: self.outcome, window: 0 });
        self.side = us.opponent();
        self.key = self.board.key() ^ if self.side == Side::Second { SIDE_KEY } else { 0 };
        self.history.advance(left, self.key);
        self.checkers = self.checkers_of(self.side);
        self.move_number.advance();
        self.outcome = self.judge();
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        let Some(past) = self.history.retreat(self.key) else { return };
        let us = self.side.opponent();
        match undo.mv {
            Some(mv) => {
                self.unmake(mv, us, undo.captured);
                self.move_number.retreat();
            }
            None => self.history.restore_window(undo.window),
        }
        self.side = us;
        self.key = past.key;
        self.checkers = undo.checkers;
        self.outcome = undo.outcome;
    }

    /// Passes. The search never passes in check, so the position stays legal; a pass starts a
    /// fresh repetition window (no repetition is counted across it).
    fn play_null(&mut self) {
        let left = Past { key: self.key, checked: self.checkers != 0 };
        self.side = self.side.opponent();
        self.key ^= SIDE_KEY;
        self.history.advance(left, self.key);
        let window = self.history.start_window();
        self.undos.push(Undo { mv: None, captured: None, checkers: self.checkers, outcome: self.outcome, window });
        self.checkers = self.checkers_of(self.side);
        self.outcome = self.judge();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    #[inline]
    fn encode(mv: ShogiMove) -> u32 {
        mv.code()
    }

    fn checking_moves(&self, moves: &mut Vec<ShogiMove>) {
        self.generate_checks(moves);
    }

    /// Captures and promotions.
    #[inline]
    fn is_noisy(&self, mv: ShogiMove) -> bool {
        mv.promotes() || self.is_capture(mv)
    }

    fn exchange_gain(&self, mv: ShogiMove) -> Score {
        Shogi::exchange_gain(self, mv)
    }

    fn generate_noisy(&self, moves: &mut Vec<ShogiMove>) {
        if self.outcome.is_none() {
            self.generate_noisy_legal(moves);
        }
    }

    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    fn evaluate(&self) -> Score {
        super::eval::evaluate(self, &WEIGHTS)
    }

    fn format_move(&self, mv: ShogiMove) -> String {
        mv.usi()
    }

    fn parse_move(&self, text: &str) -> Result<ShogiMove, GameError> {
        super::notation::parse_move(self, text)
    }

    fn position_string(&self) -> String {
        super::position_string::position_string(self)
    }

    fn diagram(&self) -> String {
        super::notation::diagram(self)
    }

    fn drawing(&self) -> crate::drawing::Drawing {
        super::drawing::drawing(self)
    }
}
