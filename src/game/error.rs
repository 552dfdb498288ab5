//! Why a game refused a position string, a move token or a variant: typed, so callers can tell
//! the cases apart, and printed as the one human line the protocol sends after
//! `info string error: ` (`protocol-spec.md` §17).

use crate::vocabulary::{Outcome, Side};
use std::fmt;

/// A refused position string, move or variant.
///
/// `Display` writes one line of printable text (the input echoed inside it is not escaped here;
/// the protocol layer escapes control characters).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    /// The position string is not a valid position of the game.
    Position(PositionError),
    /// The move token is not a legal move of the position.
    Move(MoveError),
    /// A refusal no typed case fits; the text says what was wrong.
    Other(String),
}

impl GameError {
    /// A refusal no typed case fits (prefer [`PositionError`] and [`MoveError`]).
    pub fn new(what: impl Into<String>) -> GameError {
        GameError::Other(what.into())
    }

    /// The move error, if this is one.
    pub fn move_error(&self) -> Option<&MoveError> {
        match self {
            GameError::Move(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for GameError {
    fn from(e: PositionError) -> GameError {
        GameError::Position(e)
    }
}

impl From<MoveError> for GameError {
    fn from(e: MoveError) -> GameError {
        GameError::Move(e)
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Position(e) => write!(f, "bad position: {e}"),
            GameError::Move(e) => e.fmt(f),
            GameError::Other(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for GameError {}

/// The field of a position string (`<board> <side> <hand> [<move number>]`, §7) an error is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionField {
    /// The string as a whole: the number of fields, or a rule that spans fields (piece totals
    /// over board and hands, the side not to move in check).
    Whole,
    Board,
    Side,
    Hand,
    MoveNumber,
    /// A field only some games have (the Philosopher's Chess Thought and mind-move count).
    Extra,
}

/// A refused position string: which field is wrong, its text, and what is wrong with it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The field the error is in.
    pub field: PositionField,
    /// The text of that field as given (the whole string for [`PositionField::Whole`]).
    pub text: String,
    /// What is wrong.
    pub kind: PositionErrorKind,
}

/// What is wrong with a position string. Ranks are named by their letter (`a` is the top
/// rank), squares and files as in move tokens, pieces by their position-string letter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionErrorKind {
    /// Fewer than the three fields board, side and hand.
    MissingFields,
    /// More than board, side, hand and move number.
    ExtraFields,
    /// The board has `found` ranks instead of `expected`.
    RankCount { expected: usize, found: usize },
    /// Rank `rank` adds up to `found` squares instead of the board width `expected`.
    RankSquares { rank: char, expected: usize, found: usize },
    /// A run of empty squares in rank `rank` is 0, starts with 0 or follows another run.
    EmptyRun { rank: char },
    /// `piece` (as written, `+` included) is no piece of the game.
    UnknownPiece { rank: char, piece: String },
    /// `side` has `count` Kings on the board (at most one is allowed).
    TooManyKings { side: Side, count: u32 },
    /// `count` pieces of kind `piece` on the board and in hand exceed the `most` the game has.
    TooManyPieces { piece: char, count: u32, most: u32 },
    /// The unpromoted `piece` on `square` could never move (a pawn or lance on the last rank, a
    /// knight on the last two).
    DeadPiece { piece: char, square: String },
    /// `side` has two unpromoted pawns on file `file`.
    Nifu { side: Side, file: usize },
    /// A piece stands on `square`, a light square (checkers games play on the dark ones).
    LightSquare { square: String },
    /// A Man stands on its own far rank, where it would have been promoted (checkers games).
    ManOnFarRank { square: String },
    /// `side` has `count` pieces on the board, more than the `most` it starts with.
    TooManySidePieces { side: Side, count: u32, most: u32 },
    /// Neither side has a King (a game where taking the King wins).
    NoKings,
    /// `side` has no King on the board (a game where each side has exactly one).
    MissingKing { side: Side },
    /// `side` is not to move but its King is in check.
    WaitingSideInCheck { side: Side },
    /// The side to move is not `b` or `w`.
    BadSide,
    /// The game has no pieces in hand; the hand must be `-`.
    NoHands { variant: String },
    /// `piece` is not a piece that can be held (`+P`, `K`, an unknown letter).
    UnknownHandPiece { piece: String },
    /// A King cannot be held.
    KingInHand,
    /// The count `count` is not a number from 2 up to the most pieces of a kind (or starts with 0).
    BadHandCount { count: String },
    /// `piece` is named twice.
    RepeatedHandPiece { piece: char },
    /// The hand ends with a count and no piece letter.
    HandEndsWithCount,
    /// The move number is not a decimal number from 1 to `max` (no sign, no leading zero).
    BadMoveNumber { max: u64 },
    /// A game's position string has another number of fields than its grammar.
    FieldCount { expected: &'static str },
    /// A field only some games have is not one of its values.
    BadExtraField { field: &'static str, expected: &'static str },
    /// A pawn stands on the rank where it must have promoted.
    PawnOnLastRank { square: String },
    /// A point (two pieces on one square, Shogammon) holds pieces of both sides.
    MixedPoint { square: String },
}

impl PositionError {
    /// An error in the number of fields or in a rule spanning fields; `text` is the whole string.
    pub fn whole(text: &str, kind: PositionErrorKind) -> PositionError {
        PositionError { field: PositionField::Whole, text: text.to_string(), kind }
    }

    /// An error in the board field `text`.
    pub fn board(text: &str, kind: PositionErrorKind) -> PositionError {
        PositionError { field: PositionField::Board, text: text.to_string(), kind }
    }

    /// The side field `text` is neither `b` nor `w`.
    pub fn side(text: &str) -> PositionError {
        PositionError { field: PositionField::Side, text: text.to_string(), kind: PositionErrorKind::BadSide }
    }

    /// An error in the hand field `text`.
    pub fn hand(text: &str, kind: PositionErrorKind) -> PositionError {
        PositionError { field: PositionField::Hand, text: text.to_string(), kind }
    }

    /// The game-specific field `text` (named `field`) is not one of its values (`expected`).
    pub fn extra(text: &str, field: &'static str, expected: &'static str) -> PositionError {
        PositionError {
            field: PositionField::Extra,
            text: text.to_string(),
            kind: PositionErrorKind::BadExtraField { field, expected },
        }
    }

    /// The move number field `text` is not a number from 1 to `max`.
    pub fn move_number(text: &str, max: u64) -> PositionError {
        PositionError {
            field: PositionField::MoveNumber,
            text: text.to_string(),
            kind: PositionErrorKind::BadMoveNumber { max },
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionErrorKind as K;
        let text = &self.text;
        match &self.kind {
            K::MissingFields => write!(f, "needs a board, a side to move and a hand, got '{text}'"),
            K::ExtraFields => write!(f, "too many fields (board, side, hand, move number at most) in '{text}'"),
            K::RankCount { expected, found } => write!(f, "board has {found} ranks, expected {expected}"),
            K::RankSquares { rank, expected, found } => {
                write!(f, "rank {rank} has {found} squares, expected {expected}")
            }
            K::EmptyRun { rank } => write!(f, "bad empty-square count in rank {rank} of '{text}'"),
            K::UnknownPiece { rank, piece } => write!(f, "unknown piece '{piece}' in rank {rank}"),
            K::TooManyKings { side, count } => {
                write!(f, "{} has {count} Kings on the board, at most one is allowed", side.letter())
            }
            K::TooManyPieces { piece, count, most } => {
                write!(f, "{count} pieces of kind {piece} on the board and in hand exceed the standard set of {most}")
            }
            K::DeadPiece { piece, square } => write!(f, "the {piece} on {square} could never move"),
            K::Nifu { side, file } => write!(f, "nifu: {} has two unpromoted pawns on file {file}", side.letter()),
            K::LightSquare { square } => {
                write!(f, "a piece on {square}, a light square (only dark squares are played)")
            }
            K::ManOnFarRank { square } => {
                write!(f, "the Man on {square} stands on its far rank, where it would have been promoted")
            }
            K::TooManySidePieces { side, count, most } => {
                write!(f, "{} has {count} pieces, at most {most} are allowed", side.letter())
            }
            K::NoKings => write!(f, "neither side has a King"),
            K::MissingKing { side } => write!(f, "{} has no King on the board", side.letter()),
            K::WaitingSideInCheck { side } => write!(f, "{} is not to move but is in check", side.letter()),
            K::BadSide => write!(f, "side to move must be b or w, got '{text}'"),
            K::NoHands { variant } => write!(f, "{variant} has no pieces in hand: hand must be '-', got '{text}'"),
            K::UnknownHandPiece { piece } => write!(f, "unknown piece '{piece}' in hand '{text}'"),
            K::KingInHand => write!(f, "a King cannot be in hand: '{text}'"),
            K::BadHandCount { count } => {
                write!(f, "bad count '{count}' in hand '{text}' (counts are 2 or more, without leading zeros)")
            }
            K::RepeatedHandPiece { piece } => write!(f, "hand '{text}' names {piece} twice"),
            K::HandEndsWithCount => write!(f, "hand '{text}' ends with a count"),
            K::BadMoveNumber { max } => write!(f, "move number must be a number from 1 to {max}, got '{text}'"),
            K::FieldCount { expected } => write!(f, "expected the fields {expected}, got '{text}'"),
            K::BadExtraField { field, expected } => write!(f, "{field} must be {expected}, got '{text}'"),
            K::MixedPoint { square } => write!(f, "the point on {square} holds pieces of both sides"),
            K::PawnOnLastRank { square } => {
                write!(f, "the pawn on {square} stands on its last rank, where it would have promoted")
            }
        }
    }
}

/// A refused move token.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// `token` is not written as a move of the game; `expected` describes the notation.
    Malformed { token: String, expected: &'static str },
    /// `token` is a well-formed move that is not legal here; `reason` says why when the game
    /// can tell (shogi: "b has no P in hand", "the King would be in check", ...).
    Illegal { token: String, reason: Option<String> },
    /// `token` was given after the game had ended with `outcome`.
    AfterEnd { token: String, outcome: Outcome },
}

impl MoveError {
    /// `token` is not written as a move; `expected` describes the notation (`<from><to> such as
    /// 5i5e`).
    pub fn malformed(token: &str, expected: &'static str) -> MoveError {
        MoveError::Malformed { token: token.to_string(), expected }
    }

    /// `token` is not a legal move; no reason given.
    pub fn illegal(token: &str) -> MoveError {
        MoveError::Illegal { token: token.to_string(), reason: None }
    }

    /// `token` is not a legal move because of `reason`.
    pub fn illegal_because(token: &str, reason: impl Into<String>) -> MoveError {
        MoveError::Illegal { token: token.to_string(), reason: Some(reason.into()) }
    }

    /// `token` came after the game ended with `outcome`.
    pub fn after_end(token: &str, outcome: Outcome) -> MoveError {
        MoveError::AfterEnd { token: token.to_string(), outcome }
    }

    /// The refused token.
    pub fn token(&self) -> &str {
        match self {
            MoveError::Malformed { token, .. }
            | MoveError::Illegal { token, .. }
            | MoveError::AfterEnd { token, .. } => token,
        }
    }

    /// The error line naming the move as item `item` (counted from 1) of a move list:
    /// `illegal move '9i9a' (item 3): ...`.
    pub fn describe_item(&self, item: usize) -> String {
        self.describe(Some(item))
    }

    fn describe(&self, item: Option<usize>) -> String {
        let at = item.map(|n| format!(" (item {n})")).unwrap_or_default();
        match self {
            MoveError::Malformed { token, expected } => format!("bad move '{token}'{at}: expected {expected}"),
            MoveError::Illegal { token, reason: None } => format!("illegal move '{token}'{at}"),
            MoveError::Illegal { token, reason: Some(reason) } => format!("illegal move '{token}'{at}: {reason}"),
            MoveError::AfterEnd { token, outcome } => {
                format!("move '{token}'{at} after the end of the game (result {outcome})")
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::WinReason;

    #[test]
    fn texts_name_the_field_and_the_offending_text() {
        let e: GameError = PositionError::side("x").into();
        assert_eq!(e.to_string(), "bad position: side to move must be b or w, got 'x'");
        let e: GameError = PositionError::board("9/9/9", PositionErrorKind::RankCount { expected: 9, found: 3 }).into();
        assert_eq!(e.to_string(), "bad position: board has 3 ranks, expected 9");
        let e: GameError = PositionError::move_number("0", i64::MAX as u64).into();
        assert_eq!(e.to_string(), "bad position: move number must be a number from 1 to 9223372036854775807, got '0'");
    }

    #[test]
    fn move_errors_carry_their_token_and_place_the_item_after_it() {
        let over = Outcome::Win { winner: Side::First, reason: WinReason::Capture };
        assert_eq!(MoveError::illegal("9i9a").describe_item(3), "illegal move '9i9a' (item 3)");
        assert_eq!(
            MoveError::after_end("5a5b", over).to_string(),
            "move '5a5b' after the end of the game (result b capture)"
        );
        assert_eq!(
            MoveError::malformed("5h5x", "<from><to>").describe_item(1),
            "bad move '5h5x' (item 1): expected <from><to>"
        );
        assert_eq!(MoveError::illegal_because("P*5e", "b has no P in hand").token(), "P*5e");
    }
}
