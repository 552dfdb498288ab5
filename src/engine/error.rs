use crate::game::GameError;
use std::fmt;

/// A refused request; the text says what was wrong. The session is unchanged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineError(String);

impl EngineError {
    pub fn new(what: impl Into<String>) -> EngineError {
        EngineError(what.into())
    }

    /// The refusal of every state-changing request while a search runs.
    pub fn busy() -> EngineError {
        EngineError::new("search in progress")
    }
}

impl From<GameError> for EngineError {
    fn from(e: GameError) -> EngineError {
        EngineError(e.to_string())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EngineError {}
