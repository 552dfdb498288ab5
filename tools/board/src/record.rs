//! Games as text: what the page may load (a `position ...` line, a bare position string, or an
//! arena game record, tools/arena/README.md) and the record block the server saves.
//! Only tokens are split here; the engine judges whether any of it is legal.

use serde::Serialize;

/// A game read from text; `variant: None` means "the variant of the current game".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    pub variant: Option<String>,
    /// Header values of a record (`[Key "value"]`), for the caller to pick rule options from.
    pub headers: Vec<(String, String)>,
    /// `None` for `startpos`, else the position string.
    pub start: Option<String>,
    pub moves: Vec<String>,
}

/// One game of a record file, as offered to the user when a file holds several.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameSummary {
    pub number: u64,
    pub variant: String,
    pub first: String,
    pub second: String,
    pub result: String,
    pub moves: usize,
}

/// What reading a text gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    Game(Loaded),
    /// A record of several games and no number chosen: the games to choose from.
    Choose(Vec<GameSummary>),
}

/// Reads `text`: a record when a line starts with `[`, else a position line or string.
/// `number` picks a game of a record by its `Game` header (or, lacking one, by its place).
pub fn read(text: &str, number: Option<u64>) -> Result<Reading, String> {
    if text.lines().any(|l| l.trim_start().starts_with('[')) {
        read_record(text, number)
    } else {
        read_position(text).map(Reading::Game)
    }
}

/// Reads `position startpos|sfen <fields> [moves ...]`, the same without `position`, or a bare
/// position string `<fields> [moves ...]`. Line breaks count as blanks.
pub fn read_position(text: &str) -> Result<Loaded, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let tokens = tokens.strip_prefix(&["position"][..]).unwrap_or(&tokens);
    let split = tokens.iter().position(|t| *t == "moves").unwrap_or(tokens.len());
    let (head, moves) = (&tokens[..split], tokens.get(split + 1..).unwrap_or(&[]));
    let start = match head {
        [] => return Err("nothing to load: paste a position string or a position line".into()),
        ["startpos"] => None,
        ["sfen"] => return Err("sfen needs a position string".into()),
        ["sfen", fields @ ..] | fields => Some(fields.join(" ")),
    };
    if start.as_deref().is_some_and(|s| s.split_whitespace().any(|t| t == "startpos")) {
        return Err("startpos takes no fields".into());
    }
    Ok(Loaded { variant: None, headers: Vec::new(), start, moves: moves.iter().map(|m| m.to_string()).collect() })
}

/// The blocks of a record text: each game's headers and moves (a match header block is skipped).
/// One game block of a record: its headers and its move items.
type Block = (Vec<(String, String)>, Vec<String>);

fn record_games(text: &str) -> Result<Vec<Block>, String> {
    let mut games = Vec::new();
    let mut headers = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", index + 1);
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            headers.push(parse_header(line).map_err(at)?);
        } else if line == "moves" || line.starts_with("moves ") {
            let moves = line.split_whitespace().skip(1).map(String::from).collect();
            games.push((std::mem::take(&mut headers), moves));
        } else if line == "match" {
            headers.clear();
        } else {
            return Err(at(format!("expected a header, a moves line or a match line, found {line:?}")));
        }
    }
    if games.is_empty() {
        return Err("the record holds no game (no moves line)".into());
    }
    Ok(games)
}

fn read_record(text: &str, number: Option<u64>) -> Result<Reading, String> {
    let games = record_games(text)?;
    let get = |headers: &[(String, String)], key: &str| {
        headers.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.clone()).unwrap_or_default()
    };
    let number_of =
        |index: usize, headers: &[(String, String)]| get(headers, "Game").parse().unwrap_or(index as u64 + 1);
    let chosen = match number {
        Some(n) => games.iter().enumerate().find(|(i, (h, _))| number_of(*i, h) == n).map(|(_, g)| g),
        None if games.len() == 1 => games.first(),
        None => {
            let summaries = games.iter().enumerate().map(|(i, (h, moves))| GameSummary {
                number: number_of(i, h),
                variant: get(h, "Variant"),
                first: get(h, "First"),
                second: get(h, "Second"),
                result: get(h, "Result"),
                moves: moves.len(),
            });
            return Ok(Reading::Choose(summaries.collect()));
        }
    };
    let (headers, moves) = chosen.ok_or_else(|| format!("the record has no game {}", number.unwrap_or(0)))?;
    let variant = Some(get(headers, "Variant")).filter(|v| !v.is_empty());
    let start = Some(get(headers, "Start")).filter(|s| !s.is_empty() && s != "startpos");
    Ok(Reading::Game(Loaded { variant, headers: headers.clone(), start, moves: moves.clone() }))
}

/// Reads one header line `[Key "value"]` (`\"` and `\\` escaped).
fn parse_header(line: &str) -> Result<(String, String), String> {
    let malformed = || "a header is [Key \"value\"]".to_string();
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or_else(malformed)?;
    let (key, quoted) = inner.split_once(' ').ok_or_else(malformed)?;
    let body = quoted.trim().strip_prefix('"').and_then(|q| q.strip_suffix('"')).ok_or_else(malformed)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or("a header value ends in a lone backslash")?),
            c => value.push(c),
        }
    }
    Ok((key.to_string(), value))
}

/// What a saved record says of the game's end, from the engine's `result` reply payload
/// (`ongoing`, `b <reason>`, `w <reason>`, `draw <reason>`).
fn result_headers(result: &str) -> [(&'static str, String); 3] {
    let who = result.split_whitespace().next().unwrap_or("");
    let score = match who {
        "b" => "1-0",
        "w" => "0-1",
        "draw" => "1/2-1/2",
        // The arena's format has no "unfinished" result: an unfinished game is written as an
        // adjudicated draw whose reason says it was not finished (arena replay accepts it).
        _ => {
            return [
                ("Result", "1/2-1/2".into()),
                ("Termination", "adjudication".into()),
                ("Reason", "unfinished: saved by the board".into()),
            ]
        }
    };
    [("Result", score.into()), ("Termination", "rules".into()), ("Reason", result.to_string())]
}

/// Who played a saved game, for its `First`/`Second` headers.
#[derive(Clone, Debug, Default)]
pub struct Players {
    pub first: String,
    pub second: String,
}

/// An arena-format game block (tools/arena/README.md) for the game: `changed_rules` are the rule
/// options whose value is not the default, `result` the `result` payload of its last position.
pub fn write_record(
    game: &crate::game::Game,
    changed_rules: &[(String, String)],
    players: &Players,
    result: &str,
) -> String {
    let mut headers: Vec<(&str, String)> = vec![("Game", "1".into()), ("Variant", game.variant.clone())];
    headers.extend(changed_rules.iter().map(|(k, v)| (k.as_str(), v.clone())));
    headers.extend([
        ("First", players.first.clone()),
        ("Second", players.second.clone()),
        ("FirstLimit", "-".into()),
        ("SecondLimit", "-".into()),
        ("Seed", "0".into()),
        ("Opening", "0".into()),
        ("OpeningItems", "0".into()),
        ("Start", game.start.clone().unwrap_or_else(|| "startpos".into())),
    ]);
    headers.extend(result_headers(result));
    let mut text: String = headers.iter().map(|(k, v)| format!("[{k} \"{}\"]\n", escape(v))).collect();
    text += &["moves".to_string()].into_iter().chain(game.tokens()).collect::<Vec<_>>().join(" ");
    text += "\n";
    text
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', " ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn game(text: &str, number: Option<u64>) -> Loaded {
        match read(text, number) {
            Ok(Reading::Game(loaded)) => loaded,
            other => panic!("expected a game, got {other:?}"),
        }
    }

    #[test]
    fn position_lines_and_strings() {
        let line = game("position startpos moves 7g7f 3c3d", None);
        assert_eq!((line.start, line.moves), (None, vec!["7g7f".to_string(), "3c3d".to_string()]));
        let sfen = game("position sfen 4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30 moves", None);
        assert_eq!(sfen.start.as_deref(), Some("4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30"));
        assert!(sfen.moves.is_empty());
        let bare = game("  k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b - 1\n", None);
        assert_eq!(bare.start.as_deref(), Some("k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b - 1"));
        assert_eq!(game("startpos moves 1n1m", None).moves, ["1n1m"]);
        for bad in ["", "position", "sfen", "position sfen moves 7g7f", "startpos x"] {
            assert!(read(bad, None).is_err(), "{bad:?} should be refused");
        }
    }

    const RECORD: &str = "[Match \"arena\"]\n[Variant \"makyek\"]\nmatch\n\n\
        [Game \"1\"]\n[Variant \"makyek\"]\n[MakyekWin \"all-but-one\"]\n[First \"a\"]\n[Second \"b\"]\n\
        [Start \"startpos\"]\n[Result \"1-0\"]\nmoves 1f1e 2c2d\n\n\
        [Game \"2\"]\n[Variant \"makyek\"]\n[First \"b\"]\n[Second \"a \\\"q\\\"\"]\n[Start \"8/8/8/8/8/8/8/P7 b - 1\"]\n\
        [Result \"0-1\"]\nmoves\n";

    #[test]
    fn records_offer_a_choice_and_give_the_chosen_game() {
        let Ok(Reading::Choose(games)) = read(RECORD, None) else { panic!("two games offer a choice") };
        assert_eq!(games.len(), 2);
        assert_eq!((games[1].number, games[1].second.as_str(), games[1].moves), (2, "a \"q\"", 0));
        let first = game(RECORD, Some(1));
        assert_eq!(first.variant.as_deref(), Some("makyek"));
        assert_eq!((first.start, first.moves.len()), (None, 2));
        assert!(first.headers.contains(&("MakyekWin".to_string(), "all-but-one".to_string())));
        assert_eq!(game(RECORD, Some(2)).start.as_deref(), Some("8/8/8/8/8/8/8/P7 b - 1"));
        assert!(read(RECORD, Some(3)).is_err());
        assert!(read("[Game \"1\"]\nrubbish\n", None).is_err());
        assert!(read("[Game \"1\"]\n", None).is_err());
    }

    #[test]
    fn a_saved_record_reads_back() {
        let played = Game::new("makyek", Vec::new(), None, &["1f1e".to_string()]);
        let rules = [("MakyekWin".to_string(), "all-but-one".to_string())];
        let players = Players { first: "human".into(), second: "Tetsugaku \"x\"".into() };
        let text = write_record(&played, &rules, &players, "b capture");
        assert!(
            text.contains("[Result \"1-0\"]\n[Termination \"rules\"]\n[Reason \"b capture\"]\nmoves 1f1e\n"),
            "{text}"
        );
        let back = game(&text, None);
        assert_eq!((back.variant.as_deref(), back.moves.as_slice()), (Some("makyek"), &["1f1e".to_string()][..]));
        assert!(back.headers.contains(&("Second".to_string(), "Tetsugaku \"x\"".to_string())));
        let unfinished = write_record(&played, &[], &players, "ongoing");
        assert!(
            unfinished.contains("[Termination \"adjudication\"]\n[Reason \"unfinished: saved by the board\"]"),
            "{unfinished}"
        );
    }
}
