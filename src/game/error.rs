use std::fmt;

/// A rejected position string or move: the text says what was wrong, for the protocol's
/// `info string error: ...` line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameError(String);

impl GameError {
    pub fn new(what: impl Into<String>) -> GameError {
        GameError(what.into())
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GameError {}
