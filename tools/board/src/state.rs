//! Asks the engine about the position it is set to (`d svg`, `d`, `result`, `places`) and
//! builds the page's `state` message from the answers.

use crate::engine_process::{is_error, EngineProcess, Fault};
use crate::game::{Entry, Game};
use crate::messages::{GameResult, LastItem, State};
use crate::places::Places;

/// The engine's answers about one position.
pub struct Answers {
    pub svg: String,
    pub flipped: bool,
    pub diagram: Vec<String>,
    pub result: GameResult,
    /// The `places` reply, or the engine's line when it refused `places`.
    pub places: Result<Places, String>,
}

impl Answers {
    /// Whether the game is over in this position.
    pub fn over(&self) -> bool {
        self.result.winner != "ongoing"
    }

    /// Whether this is a chance node (the dice are to be rolled).
    pub fn chance(&self) -> bool {
        self.places.as_ref().is_ok_and(|p| !p.chances.is_empty())
    }
}

/// Reads the reply to the `result` command (`result ongoing`, `result b checkmate`, ...).
fn game_result(line: &str) -> GameResult {
    let mut words = line.split_whitespace().skip(1);
    let winner = words.next().unwrap_or("ongoing").to_string();
    GameResult { winner, reason: words.collect::<Vec<_>>().join(" ") }
}

/// Asks the engine about its current position. With `flip` the board is drawn from the second
/// player's side (`d svg flip`); an engine that refuses that draws it the usual way.
pub async fn ask(engine: &mut EngineProcess, flip: bool) -> Result<Answers, Fault> {
    let draw = if flip { "d svg flip" } else { "d svg" };
    for command in [draw, "d", "result", "places"] {
        engine.send(command).await?;
    }
    let deadline = engine.answer_deadline();
    let mut svg = read_reply(engine, draw, deadline, |l| l == "</svg>").await?;
    let diagram = read_reply(engine, "d", deadline, |l| l.starts_with("key ")).await?;
    let result = read_reply(engine, "result", deadline, |l| l.starts_with("result ")).await?;
    let places = places_reply(engine, deadline).await?;
    let mut flipped = flip;
    if flip && svg.first().is_some_and(|l| is_error(l)) {
        flipped = false;
        svg = engine.query("d svg", |l| l == "</svg>").await?;
    }
    Ok(Answers {
        svg: svg.join("\n"),
        flipped,
        diagram,
        result: game_result(result.last().map_or("", |l| l.as_str())),
        places,
    })
}

/// Reads a reply: up to the line for which `last` holds, or a single error line.
async fn read_reply(
    engine: &mut EngineProcess,
    what: &str,
    deadline: tokio::time::Instant,
    mut last: impl FnMut(&str) -> bool,
) -> Result<Vec<String>, Fault> {
    let mut first = true;
    engine.read_until(what, deadline, |line| std::mem::take(&mut first) && is_error(line) || last(line)).await
}

/// Reads the reply to `places`: the parsed lines, or the error line of an engine that refused.
async fn places_reply(
    engine: &mut EngineProcess,
    deadline: tokio::time::Instant,
) -> Result<Result<Places, String>, Fault> {
    let mut lines = read_reply(engine, "places", deadline, |l| l == "placesok").await?;
    if lines.first().is_some_and(|l| is_error(l)) {
        return Ok(Err(lines.remove(0)));
    }
    lines.pop();
    Ok(Places::parse(&lines))
}

/// Finds how item `index` of the game was entered, from the `places` reply of the position
/// before it, and leaves the engine at the position on view again.
pub async fn learn_entry(engine: &mut EngineProcess, game: &Game, index: usize) -> Result<Entry, Fault> {
    engine.send(&game.position_command(index)).await?;
    engine.send("places").await?;
    let deadline = engine.answer_deadline();
    let places = places_reply(engine, deadline).await?;
    engine.send(&game.view_command()).await?;
    let token = game.items.get(index).map_or("", |i| i.token.as_str());
    Ok(entry_of(places.as_ref().ok(), token))
}

/// How `token` is entered in a position whose `places` reply is `places`.
pub fn entry_of(places: Option<&Places>, token: &str) -> Entry {
    Entry {
        places: places.and_then(|p| p.of(token)).map(<[String]>::to_vec).unwrap_or_default(),
        roll: places.is_some_and(|p| p.is_roll(token)),
    }
}

/// The `state` message of the position on view.
pub fn build(game: &Game, answers: &Answers, analysing: u64, searching: Option<&str>) -> State {
    let line = |prefix: &str| {
        answers.diagram.iter().rev().find_map(|l| l.strip_prefix(prefix)).unwrap_or("").trim().to_string()
    };
    let last = game.ply.checked_sub(1).and_then(|i| game.items.get(i)).map(|item| {
        let entry = item.entry.clone().unwrap_or_default();
        LastItem { token: item.token.clone(), places: entry.places, roll: entry.roll }
    });
    let (places, chances, places_error) = match &answers.places {
        Ok(p) => (p.moves.clone(), p.chances.clone(), None),
        Err(line) => (Vec::new(), Vec::new(), Some(line.clone())),
    };
    State {
        variant: game.variant.clone(),
        rules: game.rules.iter().cloned().collect(),
        start: game.start.as_ref().map_or_else(|| "startpos".to_string(), |s| format!("sfen {s}")),
        moves: game.tokens(),
        ply: game.ply,
        position: game.full_command(),
        svg: answers.svg.clone(),
        flipped: answers.flipped,
        diagram: answers.diagram.join("\n"),
        sfen: line("sfen "),
        side: line("side "),
        key: line("key "),
        result: answers.result.clone(),
        places,
        chances,
        places_error,
        last,
        analysing,
        searching: searching.map(String::from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results() {
        assert_eq!(game_result("result ongoing"), GameResult { winner: "ongoing".into(), reason: String::new() });
        assert_eq!(game_result("result b checkmate"), GameResult { winner: "b".into(), reason: "checkmate".into() });
    }

    #[test]
    fn entries() {
        let places = Places::parse(&["place 7g7f 7g 7f".to_string()]).ok();
        assert_eq!(entry_of(places.as_ref(), "7g7f"), Entry { places: vec!["7g".into(), "7f".into()], roll: false });
        assert_eq!(entry_of(places.as_ref(), "c3-c4"), Entry::default());
        let rolls = Places::parse(&["chance 61 2".to_string()]).ok();
        assert_eq!(entry_of(rolls.as_ref(), "61"), Entry { places: Vec::new(), roll: true });
    }
}
