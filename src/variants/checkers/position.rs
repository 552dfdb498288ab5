//! A checkers position with its repetition history, and the [`Game`] contract for it.

use super::geometry::{squares, Geometry, Squares};
use super::moves::CheckersMove;
use super::rules::{specialise, Kind, RuleSet, Rules};
use crate::game::notation::MoveNumber;
use crate::game::occurrences;
use crate::game::Tunable;
use crate::game::{Game, GameError, RuleValues, Turn, VariantSpec};
use crate::vocabulary::{zobrist_table, DrawReason, Outcome, Score, Side, WinReason};

/// The three kinds of piece.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Piece {
    Man,
    /// A promoted Man: the Prince of the 9x9 games, the crowned king of English checkers.
    Prince,
    /// The royal King of the 9x9 games.
    King,
}

impl Piece {
    pub const ALL: [Piece; 3] = [Piece::Man, Piece::Prince, Piece::King];
}

/// Where every piece stands: one square set per side and kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pieces {
    /// `sets[side][piece]`, by [`Side::index`] and `Piece as usize`.
    sets: [[Squares; 3]; 2],
}

impl Pieces {
    /// The pieces of one kind of `side`.
    #[inline(always)]
    pub fn of(&self, side: Side, piece: Piece) -> Squares {
        self.sets[side.index()][piece as usize]
    }

    /// Every piece of `side`.
    #[inline(always)]
    pub fn side(&self, side: Side) -> Squares {
        let s = &self.sets[side.index()];
        s[0] | s[1] | s[2]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Squares {
        self.side(Side::First) | self.side(Side::Second)
    }

    /// The piece of `side` on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, side: Side, sq: usize) -> Option<Piece> {
        let bit = 1 << sq;
        if self.of(side, Piece::Man) & bit != 0 {
            Some(Piece::Man)
        } else if self.of(side, Piece::Prince) & bit != 0 {
            Some(Piece::Prince)
        } else if self.of(side, Piece::King) & bit != 0 {
            Some(Piece::King)
        } else {
            None
        }
    }

    /// Toggles `set` in the pieces of one kind of `side`.
    #[inline(always)]
    pub(super) fn toggle(&mut self, side: Side, piece: Piece, set: Squares) {
        self.sets[side.index()][piece as usize] ^= set;
    }
}

/// What `undo` restores besides the key (kept in the history).
#[derive(Clone, Copy, Debug)]
struct Undo {
    pieces: Pieces,
    outcome: Option<Outcome>,
    reversible: u32,
}

const KEYS: [u64; 385] = zobrist_table(0xC4EC_4E55_0000_0001);
const SIDE_KEY: u64 = KEYS[384];

/// The zobrist key of a `piece` of `side` on `sq`.
#[inline(always)]
fn piece_key(side: Side, piece: Piece, sq: usize) -> u64 {
    KEYS[(side.index() * 3 + piece as usize) * 64 + sq]
}

/// A position of `enryo`, `philosophy-checkers` or English checkers, with its history.
#[derive(Clone, Debug)]
pub struct Checkers {
    pub(super) kind: Kind,
    pub(super) pieces: Pieces,
    pub(super) side: Side,
    key: u64,
    /// The move number of the position string (1 for the start position).
    pub(super) move_number: MoveNumber,
    /// The end by King capture or repetition; the end by no legal move is judged on demand.
    outcome: Option<Outcome>,
    /// Plies since the last Man move or capture: how far back a repetition can lie.
    reversible: u32,
    /// The keys of every earlier position of the game, oldest first.
    history: Vec<u64>,
    undos: Vec<Undo>,
}

impl Checkers {
    /// A position from validated parts, judged as if the player not to move had just moved.
    pub(super) fn from_parts(kind: Kind, pieces: Pieces, side: Side, move_number: MoveNumber) -> Checkers {
        let mut position = Checkers {
            kind,
            pieces,
            side,
            key: 0,
            move_number,
            outcome: None,
            reversible: 0,
            history: Vec::with_capacity(256),
            undos: Vec::with_capacity(256),
        };
        position.key = position.key_from_scratch();
        position.outcome = specialise!(kind, R => position.judge::<R>());
        position
    }

    /// The rules this position is played by.
    #[inline]
    pub fn rules(&self) -> &'static RuleSet {
        self.kind.rules()
    }

    #[inline(always)]
    pub(super) fn geometry(&self) -> &'static Geometry {
        self.rules().geometry
    }

    /// Where the pieces stand.
    #[inline]
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// How the game stands after the player not to move has just moved, as far as the board
    /// and history tell (docs/rules/checkers.md §2 order: King taken, then repetition). The last
    /// check, no legal move for the player to move, is made when asked ([`Game::turn`]): perft
    /// and the search count or generate the moves anyway.
    fn judge<R: Rules>(&self) -> Option<Outcome> {
        let mover = self.side.opponent();
        if R::SET.royal_king {
            if self.pieces.of(self.side, Piece::King) == 0 {
                return Some(Outcome::Win { winner: mover, reason: WinReason::KingCapture });
            }
            // Only a position string can lack the mover's King (play never takes one's own).
            if self.pieces.of(mover, Piece::King) == 0 {
                return Some(Outcome::Win { winner: self.side, reason: WinReason::KingCapture });
            }
        }
        if self.reversible >= 4 && self.repetitions() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        None
    }

    /// How often the current position (board and side to move) has occurred, this time included.
    fn repetitions(&self) -> u32 {
        occurrences(&self.history, self.key, self.reversible)
    }

    /// The piece `mv` moves (a legal move of the side to move starts on one of its pieces).
    #[inline]
    pub fn mover(&self, mv: CheckersMove) -> Piece {
        self.pieces.piece_at(self.side, mv.from()).unwrap_or(Piece::King)
    }

    /// Whether `mv` makes a Man a Prince.
    #[inline]
    pub fn promotes(&self, mv: CheckersMove) -> bool {
        self.geometry().far[self.side.index()] & (1 << mv.to()) != 0
            && self.pieces.of(self.side, Piece::Man) & (1 << mv.from()) != 0
    }

    fn play_as<R: Rules>(&mut self, mv: CheckersMove) {
        let us = self.side;
        let them = us.opponent();
        let (from, to) = (mv.from(), mv.to());
        self.undos.push(Undo { pieces: self.pieces, outcome: self.outcome, reversible: self.reversible });
        self.history.push(self.key);
        let piece = self.mover(mv);
        let arrives = if self.promotes(mv) { Piece::Prince } else { piece };
        self.pieces.toggle(us, piece, 1 << from);
        self.pieces.toggle(us, arrives, 1 << to);
        self.key ^= piece_key(us, piece, from) ^ piece_key(us, arrives, to);
        let captured = mv.captured();
        if captured != 0 {
            for piece in Piece::ALL {
                let taken = self.pieces.of(them, piece) & captured;
                if taken != 0 {
                    self.pieces.toggle(them, piece, taken);
                    for sq in squares(taken) {
                        self.key ^= piece_key(them, piece, sq);
                    }
                }
            }
        }
        self.reversible = if captured != 0 || piece == Piece::Man { 0 } else { self.reversible + 1 };
        self.side = them;
        self.key ^= SIDE_KEY;
        self.move_number.advance();
        self.outcome = self.judge::<R>();
    }
}

impl Tunable for Checkers {
    type Weights = super::eval::Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/checkers/weights.rs";

    fn weights(&self) -> (&'static str, &'static Self::Weights) {
        super::eval::weights(self)
    }

    fn evaluate_with(&self, weights: &Self::Weights) -> Score {
        super::eval::evaluate(self, weights)
    }
}

impl Game for Checkers {
    type Move = CheckersMove;
    type Rules = Kind;

    fn variants() -> &'static [VariantSpec<Kind>] {
        &super::rules::VARIANTS
    }

    fn start(kind: Kind, _options: &RuleValues) -> Checkers {
        // The start positions are constants of the rule table, checked by the unit tests.
        match super::position_string::parse_position(kind, kind.rules().start) {
            Ok(position) => position,
            Err(error) => unreachable!("the start position of {} is refused: {error}", kind.rules().name),
        }
    }

    fn from_position_string(kind: Kind, _options: &RuleValues, text: &str) -> Result<Checkers, GameError> {
        super::position_string::parse_position(kind, text)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn turn(&self) -> Turn {
        match self.outcome {
            Some(outcome) => Turn::Over(outcome),
            None if specialise!(self.kind, R => self.has_moves::<R>()) => Turn::Decide(self.side),
            None => Turn::Over(Outcome::Win { winner: self.side.opponent(), reason: WinReason::NoMoves }),
        }
    }

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<CheckersMove>) {
        specialise!(self.kind, R => self.generate_moves::<R>(moves));
    }

    fn count_legal(&self) -> u64 {
        specialise!(self.kind, R => self.count_generated::<R>())
    }

    fn play(&mut self, mv: CheckersMove) {
        specialise!(self.kind, R => self.play_as::<R>(mv));
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        let Some(key) = self.history.pop() else { return };
        self.pieces = undo.pieces;
        self.outcome = undo.outcome;
        self.reversible = undo.reversible;
        self.side = self.side.opponent();
        self.key = key;
        self.move_number.retreat();
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Side::Second { SIDE_KEY } else { 0 };
        for side in Side::ALL {
            for piece in Piece::ALL {
                for sq in squares(self.pieces.of(side, piece)) {
                    key ^= piece_key(side, piece, sq);
                }
            }
        }
        key
    }

    #[inline]
    fn encode(mv: CheckersMove) -> u32 {
        mv.code()
    }

    /// Captures and promotions.
    fn is_noisy(&self, mv: CheckersMove) -> bool {
        mv.is_capture() || self.promotes(mv)
    }

    fn generate_noisy(&self, moves: &mut Vec<CheckersMove>) {
        if self.outcome.is_some() {
            return;
        }
        specialise!(self.kind, R => self.generate_noisy_moves::<R>(moves));
    }

    fn evaluate(&self) -> Score {
        super::eval::evaluate(self, self.weights().1)
    }

    fn format_move(&self, mv: CheckersMove) -> String {
        super::notation::format_move(self.geometry(), mv)
    }

    fn parse_move(&self, text: &str) -> Result<CheckersMove, GameError> {
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
