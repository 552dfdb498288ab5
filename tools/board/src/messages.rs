//! The JSON messages between the page and the server (tools/board/README.md lists them).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::places::{Chance, MovePlaces};
use crate::record::GameSummary;
use crate::search_info::SearchInfo;
use crate::usi_option::Catalogue;

/// A request of the page. Unknown types and fields are refused (`deny_unknown_fields`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// A new game: `variant`, rule options (others keep their defaults), start, and moves.
    New {
        variant: String,
        #[serde(default)]
        rules: BTreeMap<String, String>,
        /// `startpos` (the default), `sfen <position string>` or a bare position string.
        #[serde(default)]
        start: Option<String>,
        #[serde(default)]
        moves: Vec<String>,
    },
    /// Plays a move token (or a roll item) after the position on view.
    Play {
        #[serde(rename = "move")]
        token: String,
    },
    /// Takes the last item back.
    Undo {},
    /// Takes the game back to its first `ply` items.
    Truncate { ply: usize },
    /// Shows the position after the first `ply` items; the game stays as it is.
    View { ply: usize },
    /// The engine plays the side to move of the position on view.
    Go {
        #[serde(default)]
        movetime_ms: Option<u64>,
        #[serde(default)]
        depth: Option<u64>,
        #[serde(default)]
        nodes: Option<u64>,
    },
    /// Analysis on (`multipv` 1..=5: an infinite search of every position on view) or off (0).
    Analyse { multipv: u64 },
    /// Stops the engine: an engine move is played at once; analysis is turned off.
    Stop {},
    /// Loads a game from text: a `position` line, a position string, or an arena record.
    Load {
        text: String,
        #[serde(default)]
        game: Option<u64>,
    },
    /// Asks for the game as a position line and a record block.
    Save {
        #[serde(default)]
        first: Option<String>,
        #[serde(default)]
        second: Option<String>,
    },
    /// Sets engine options (not `USI_Variant`, `MultiPV` or rule options), by name.
    Options { values: BTreeMap<String, String> },
    /// Draws the board from the second player's side (`d svg flip`) or not.
    Flip { on: bool },
}

/// The game's result as the engine's `result` reply says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// `ongoing`, `b`, `w` or `draw`.
    pub winner: String,
    /// The reason word (empty while ongoing).
    pub reason: String,
}

/// How the item before the position on view was entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastItem {
    #[serde(rename = "move")]
    pub token: String,
    pub places: Vec<String>,
    pub roll: bool,
}

/// Everything the page shows of a position, built from the engine's answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    pub variant: String,
    /// Every rule option with the value of this game.
    pub rules: BTreeMap<String, String>,
    /// `startpos` or `sfen <position string>`.
    pub start: String,
    /// Every item of the game (the position on view is after the first `ply`).
    pub moves: Vec<String>,
    pub ply: usize,
    /// The `position` command of the whole game.
    pub position: String,
    /// The `d svg` document of the position on view.
    pub svg: String,
    pub flipped: bool,
    /// The `d` diagram, all of it.
    pub diagram: String,
    /// The `sfen`, `side` and `key` lines of `d`.
    pub sfen: String,
    pub side: String,
    pub key: String,
    pub result: GameResult,
    /// The `places` reply: every legal move and its places, or the chance items.
    pub places: Vec<MovePlaces>,
    pub chances: Vec<Chance>,
    /// Why there are no places, when the engine did not answer `places`.
    pub places_error: Option<String>,
    pub last: Option<LastItem>,
    /// The MultiPV of the analysis, 0 when it is off.
    pub analysing: u64,
    /// `play` while the engine thinks on a move, `analyse` while it analyses, else `null`.
    pub searching: Option<String>,
}

/// A message to the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Reply {
    /// At connect: what the engine declares.
    Hello {
        #[serde(flatten)]
        catalogue: Catalogue,
        /// Engine options the page may set with `options` (all but the rule options,
        /// `USI_Variant` and `MultiPV`).
        engine_options: Vec<String>,
    },
    State(Box<State>),
    /// A live search line.
    Info(SearchInfo),
    /// The end of an engine move (before the state with the move played).
    Bestmove {
        #[serde(rename = "move")]
        token: String,
    },
    /// The engine refused a move or command: its line; the game is unchanged.
    Refused {
        message: String,
    },
    /// A request that could not be done (malformed, unknown, or impossible now); nothing changed.
    Error {
        message: String,
    },
    /// The engine failed and was restarted with the game intact.
    Fault {
        message: String,
    },
    /// The answer to `save`.
    Saved {
        position: String,
        record: String,
    },
    /// The answer to `load` of a record with several games: choose one (`load` with `game`).
    Choose {
        games: Vec<GameSummary>,
    },
    /// A line of the engine shown to the user (`info string ...` outside a refusal).
    Engine {
        line: String,
    },
}

impl Reply {
    /// An error reply.
    pub fn error(message: impl Into<String>) -> Reply {
        Reply::Error { message: message.into() }
    }

    /// The JSON text of this message.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"type\":\"error\",\"message\":\"{e}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_read_and_refuse() {
        let play: Request = serde_json::from_str(r#"{"type":"play","move":"7g7f"}"#).expect("play");
        assert_eq!(play, Request::Play { token: "7g7f".into() });
        let new: Request =
            serde_json::from_str(r#"{"type":"new","variant":"makyek","rules":{"MakyekWin":"all"}}"#).expect("new");
        assert!(matches!(new, Request::New { ref variant, .. } if variant == "makyek"));
        assert_eq!(serde_json::from_str::<Request>(r#"{"type":"undo"}"#).ok(), Some(Request::Undo {}));
        for bad in [
            r#"{"type":"fly"}"#,
            r#"{"type":"play"}"#,
            r#"{"type":"play","move":7}"#,
            r#"{"type":"truncate","ply":-1}"#,
            r#"{"type":"undo","extra":1}"#,
            r#"{"type":"play","move":"7g7f","extra":1}"#,
            r#"[1,2]"#,
            "not json",
        ] {
            assert!(serde_json::from_str::<Request>(bad).is_err(), "{bad} should be refused");
        }
    }

    #[test]
    fn replies_are_tagged() {
        assert_eq!(Reply::error("x").to_json(), r#"{"type":"error","message":"x"}"#);
        assert_eq!(Reply::Bestmove { token: "7g7f".into() }.to_json(), r#"{"type":"bestmove","move":"7g7f"}"#);
    }
}
