//! Game records: one text file per match, one block per game (format in tools/arena/README.md).
//!
//! ```text
//! [Game "1"]
//! [Variant "hasami"]
//! [First "strong"]
//! ...
//! [Termination "rules"]
//! [Reason "b capture"]
//! moves 5i5e 1a1e ...
//! ```
//! Headers are `[Key "value"]` with `\"` and `\\` escaped; the `moves` line ends a block. A
//! file written by `arena match` or `arena merge` begins with the match header, a block ended
//! by a `match` line (`match_header.rs`).

use crate::engine::Trouble;
use crate::match_header::MatchHeader;
use crate::stats::GameScore;
use std::fmt;
use tetsugaku::{Outcome, RuleValues, Side, Variant};

/// How a game ended, from the first player's (`b`) point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    FirstWins,
    SecondWins,
    Draw,
}

/// Who or what ended the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules (the `Reason` is the protocol's result payload, e.g. `b capture`).
    Rules,
    /// A side exceeded its time, or never answered.
    Time,
    /// A side played an illegal move (recorded in `IllegalMove`).
    Illegal,
    /// A side's engine crashed, disconnected or failed to start.
    Crash,
    /// A side resigned (`bestmove resign`) or was resigned by adjudication.
    Resign,
    /// The arena's draw or max-ply adjudication.
    Adjudication,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// 1-based, in scheduling order.
    pub number: usize,
    pub variant: String,
    /// The rule options that differ from their defaults (one header each).
    pub rules: RuleValues,
    /// Engine names of the first (`b`) and second (`w`) player.
    pub first: String,
    pub second: String,
    /// Their limits, as text (informational).
    pub first_limit: String,
    pub second_limit: String,
    /// 1-based opening number and how many of `items` came from it.
    pub opening: usize,
    pub opening_items: usize,
    /// The start position string, `None` for the variant's start position.
    pub start: Option<String>,
    pub seed: u64,
    pub result: GameResult,
    pub termination: Termination,
    pub reason: String,
    /// The illegal move, for [`Termination::Illegal`].
    pub illegal: Option<String>,
    /// Every move and roll, the opening's included.
    pub items: Vec<String>,
    /// The protocol trouble each player's engine caused in the game (first, second).
    pub trouble: [Trouble; 2],
}

impl GameResult {
    /// The result of `outcome`.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, .. } => GameResult::win_for(winner),
            Outcome::Draw(_) => GameResult::Draw,
        }
    }

    pub fn win_for(side: Side) -> GameResult {
        match side {
            Side::First => GameResult::FirstWins,
            Side::Second => GameResult::SecondWins,
        }
    }

    /// The result as the first player scored it.
    pub fn for_first(self) -> GameScore {
        match self {
            GameResult::FirstWins => GameScore::Win,
            GameResult::SecondWins => GameScore::Loss,
            GameResult::Draw => GameScore::Draw,
        }
    }

    /// The word `gameover` sends to `side`'s engine.
    pub fn gameover_word(self, side: Side) -> &'static str {
        match (self, side) {
            (GameResult::Draw, _) => "draw",
            (GameResult::FirstWins, Side::First) | (GameResult::SecondWins, Side::Second) => "win",
            _ => "lose",
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn text(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

const TERMINATIONS: [(Termination, &str); 6] = [
    (Termination::Rules, "rules"),
    (Termination::Time, "time"),
    (Termination::Illegal, "illegal"),
    (Termination::Crash, "crash"),
    (Termination::Resign, "resign"),
    (Termination::Adjudication, "adjudication"),
];

impl Termination {
    pub fn word(self) -> &'static str {
        TERMINATIONS.iter().find(|(t, _)| *t == self).map_or("", |(_, w)| w)
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut header = |key: &str, value: &str| write_header(f, key, value);
        header("Game", &self.number.to_string())?;
        header("Variant", &self.variant)?;
        for (option, value) in self.rules.changed() {
            header(option.name, &value.to_string())?;
        }
        header("First", &self.first)?;
        header("Second", &self.second)?;
        header("FirstLimit", &self.first_limit)?;
        header("SecondLimit", &self.second_limit)?;
        header("Seed", &self.seed.to_string())?;
        header("Opening", &self.opening.to_string())?;
        header("OpeningItems", &self.opening_items.to_string())?;
        header("Start", self.start.as_deref().map_or("startpos", |s| s))?;
        header("Result", self.result.text())?;
        header("Termination", self.termination.word())?;
        header("Reason", &self.reason)?;
        if let Some(illegal) = &self.illegal {
            header("IllegalMove", illegal)?;
        }
        if self.trouble != [Trouble::default(); 2] {
            let [a, b] = self.trouble;
            header("Trouble", &format!("{} {} {} {}", a.junk, a.errors, b.junk, b.errors))?;
        }
        if self.items.is_empty() {
            writeln!(f, "moves")?;
        } else {
            writeln!(f, "moves {}", self.items.join(" "))?;
        }
        writeln!(f)
    }
}

/// Writes the header line `[key "value"]`, the value escaped.
pub fn write_header(f: &mut fmt::Formatter<'_>, key: &str, value: &str) -> fmt::Result {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ");
    writeln!(f, "[{key} \"{escaped}\"]")
}

/// Reads every record of a file's text. Errors name the line.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, String> {
    parse_file(text).map(|(_, records)| records)
}

/// Reads a record file's match header, if it has one, and every record. Errors name the line.
pub fn parse_file(text: &str) -> Result<(Option<MatchHeader>, Vec<GameRecord>), String> {
    let mut header = None;
    let mut records = Vec::new();
    let mut headers: Vec<(String, String)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", index + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            headers.push(parse_header(line).map_err(at)?);
        } else if line == "moves" || line.starts_with("moves ") {
            let items = line.split_whitespace().skip(1).map(String::from).collect();
            records.push(build(std::mem::take(&mut headers), items).map_err(at)?);
        } else if line == "match" {
            if header.is_some() || !records.is_empty() {
                return Err(at("a match header after the first block".into()));
            }
            header = Some(MatchHeader::from_headers(&std::mem::take(&mut headers)).map_err(at)?);
        } else {
            return Err(at(format!("expected a header, a moves line or a match line, found {line:?}")));
        }
    }
    if !headers.is_empty() {
        return Err("the last game has headers but no moves line".into());
    }
    Ok((header, records))
}

fn parse_header(line: &str) -> Result<(String, String), String> {
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or("a header is [Key \"value\"]")?;
    let (key, quoted) = inner.split_once(' ').ok_or("a header is [Key \"value\"]")?;
    let body = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).ok_or("header values are quoted")?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or("a header value ends in a lone backslash")?),
            '"' => return Err("an unescaped quote inside a header value".into()),
            c => value.push(c),
        }
    }
    Ok((key.to_string(), value))
}

fn build(headers: Vec<(String, String)>, items: Vec<String>) -> Result<GameRecord, String> {
    let get = |key: &str| {
        headers.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.clone()).ok_or(format!("missing header {key}"))
    };
    let number = |key: &str| get(key)?.parse::<u64>().map_err(|_| format!("header {key} is not a number"));
    let result = match get("Result")?.as_str() {
        "1-0" => GameResult::FirstWins,
        "0-1" => GameResult::SecondWins,
        "1/2-1/2" => GameResult::Draw,
        other => return Err(format!("unknown result {other:?}")),
    };
    let termination_word = get("Termination")?;
    let termination = TERMINATIONS
        .iter()
        .find(|(_, w)| *w == termination_word)
        .map(|&(t, _)| t)
        .ok_or(format!("unknown termination {termination_word:?}"))?;
    let start = get("Start")?;
    let start = if start == "startpos" { None } else { Some(start) };
    // The variant's rule options are read from headers of their names.
    let variant = get("Variant")?;
    let mut rules = RuleValues::default();
    for &option in Variant::named(&variant).map_or(&[][..], |known| known.options) {
        if let Ok(text) = get(option.name) {
            rules.set(option, option.parse(&text).map_err(|e| format!("header {}: {e}", option.name))?);
        }
    }
    let trouble = match get("Trouble") {
        Ok(text) => match text.split_whitespace().map(str::parse).collect::<Result<Vec<u64>, _>>().as_deref() {
            Ok(&[junk, errors, junk2, errors2]) => [Trouble { junk, errors }, Trouble { junk: junk2, errors: errors2 }],
            _ => return Err(format!("header Trouble {text:?} is not four numbers")),
        },
        Err(_) => [Trouble::default(); 2],
    };
    Ok(GameRecord {
        number: number("Game")? as usize,
        variant,
        rules,
        first: get("First")?,
        second: get("Second")?,
        first_limit: get("FirstLimit")?,
        second_limit: get("SecondLimit")?,
        opening: number("Opening")? as usize,
        opening_items: number("OpeningItems")? as usize,
        start,
        seed: number("Seed")?,
        result,
        termination,
        reason: get("Reason")?,
        illegal: get("IllegalMove").ok(),
        items,
        trouble,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn makyek_all_but_one() -> RuleValues {
        let makyek = Variant::named("makyek").expect("makyek is a variant");
        makyek.rule_values(["MakyekWin=all-but-one"]).expect("makyek reads MakyekWin")
    }

    fn sample() -> GameRecord {
        GameRecord {
            number: 3,
            variant: "makyek".into(),
            rules: makyek_all_but_one(),
            first: "a \"quoted\" \\ name".into(),
            second: "b".into(),
            first_limit: "depth 1".into(),
            second_limit: "movetime 200ms".into(),
            opening: 2,
            opening_items: 1,
            start: Some("4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30".into()),
            seed: 42,
            result: GameResult::SecondWins,
            termination: Termination::Illegal,
            reason: "a played an illegal move".into(),
            illegal: Some("9z9y".into()),
            items: vec!["4a3a".into(), "9i9h".into()],
            trouble: [Trouble { junk: 2, errors: 0 }, Trouble { junk: 0, errors: 1 }],
        }
    }

    #[test]
    fn records_round_trip_through_text() {
        let record = sample();
        let plain = GameRecord {
            start: None,
            illegal: None,
            items: vec![],
            rules: RuleValues::default(),
            trouble: [Trouble::default(); 2],
            ..sample()
        };
        let text = format!("{record}{plain}");
        assert_eq!(parse_records(&text), Ok(vec![record, plain]));
    }

    #[test]
    fn damaged_records_are_refused_with_the_line() {
        let text = sample().to_string();
        let without_result: String =
            text.lines().filter(|l| !l.starts_with("[Result")).map(|l| format!("{l}\n")).collect();
        assert!(parse_records(&without_result).unwrap_err().contains("missing header Result"));
        let cut = text.replace("moves 4a3a 9i9h", "");
        assert!(parse_records(&cut).is_err());
        assert!(parse_records("[Game 3]\nmoves\n").unwrap_err().starts_with("line 1"));
        assert!(parse_records("hello\n").is_err());
    }
}
