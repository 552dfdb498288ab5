use crate::game::GameError;
use std::fmt;

/// A refused request; the session is unchanged. `Display` is the one human line the protocol
/// prints after `info string error: `.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum EngineError {
    /// A state-changing request while a search runs: exactly `search in progress` (§17).
    Busy,
    /// The game refused a position string, a move or a variant.
    Game(GameError),
    /// Item `item` (counted from 1) of a `position ... moves` list was refused.
    MoveList { item: usize, error: GameError },
    /// Anything else; the text says what was wrong.
    Refused(String),
}

impl EngineError {
    pub fn new(what: impl Into<String>) -> EngineError {
        EngineError::Refused(what.into())
    }

    /// The refusal of every state-changing request while a search runs.
    pub fn busy() -> EngineError {
        EngineError::Busy
    }

    /// Item `item` (counted from 1) of a move list was refused with `error`.
    pub fn in_move_list(item: usize, error: GameError) -> EngineError {
        EngineError::MoveList { item, error }
    }
}

impl From<GameError> for EngineError {
    fn from(e: GameError) -> EngineError {
        EngineError::Game(e)
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Busy => f.write_str("search in progress"),
            EngineError::Game(e) => e.fmt(f),
            EngineError::MoveList { item, error: GameError::Move(e) } => f.write_str(&e.describe_item(*item)),
            EngineError::MoveList { item, error } => write!(f, "{error} (item {item})"),
            EngineError::Refused(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for EngineError {}
