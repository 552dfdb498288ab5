//! Parsing one protocol line into a [`Command`] (syntax only; legality is the session's job).

use crate::search::Limits;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, map, map_res, opt, recognize, value, verify};
use nom::multi::{many0, separated_list0};
use nom::sequence::{pair, preceded};
use nom::IResult;

/// One parsed command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Usi,
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UsiNewGame,
    /// `position startpos|sfen <fields> [moves ...]`; `start` is `None` for `startpos`. The
    /// items of `moves` are read by the game (`game::notation::play_items`: joined promotion
    /// items, `outcome:move` at a chance node).
    Position {
        start: Option<String>,
        moves: Vec<String>,
    },
    Go(Limits),
    GoPerft(u32),
    /// `go mate [<ms>|infinite] [nodes <n>]`: at most `time_ms` (`None`: until it knows or
    /// `stop`) and about `nodes` nodes.
    GoMate {
        time_ms: Option<u64>,
        nodes: Option<u64>,
    },
    Stop,
    PonderHit,
    GameOver,
    Quit,
    Variant(String),
    Moves,
    /// `places`: every legal move with the places a user clicks to enter it (§9.8).
    Places,
    /// `rules`: the rule options each variant reads (§9.9).
    Rules,
    Result,
    Display,
    /// `d svg [flip]`: the position as one SVG document, `flip`: seen from the second player's side.
    DisplaySvg {
        flip: bool,
    },
    Bench(Option<u32>),
}

/// The deepest `go perft` accepted (protocol-spec.md §9.4).
pub const MAX_PERFT_DEPTH: u32 = 32;
/// The deepest `bench` accepted.
pub const MAX_BENCH_DEPTH: u32 = 40;

/// The blanks that separate tokens: spaces and tabs only (protocol-spec.md §2). Other control
/// characters are part of a token, so they make it malformed instead of splitting it.
fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The blank-separated tokens of `text`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(is_blank).filter(|word| !word.is_empty())
}

/// `text` as a decimal number: digits only (no sign, no blanks), within `T`'s range.
fn decimal<T: std::str::FromStr>(text: &str) -> Option<T> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

/// Parses one line (with or without its `\n`). `Ok(None)` for a blank line; `Err` says what
/// was wrong.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    // Leading blanks and trailing blanks, `\r` and `\n` are ignored.
    let line = line.trim_end_matches(|c| is_blank(c) || c == '\r' || c == '\n').trim_start_matches(is_blank);
    if line.is_empty() {
        return Ok(None);
    }
    let (word, rest) = match line.split_once(is_blank) {
        Some((word, rest)) => (word, rest.trim_start_matches(is_blank)),
        None => (line, ""),
    };
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(format!("{word} takes no arguments, got {rest}"))
        }
    };
    match word {
        "usi" => bare(Command::Usi),
        "isready" => bare(Command::IsReady),
        "usinewgame" => bare(Command::UsiNewGame),
        "stop" => bare(Command::Stop),
        "ponderhit" => bare(Command::PonderHit),
        "quit" => bare(Command::Quit),
        "moves" => bare(Command::Moves),
        "places" => bare(Command::Places),
        "rules" => bare(Command::Rules),
        "result" => bare(Command::Result),
        "d" => match rest {
            "" => Ok(Some(Command::Display)),
            "svg" => Ok(Some(Command::DisplaySvg { flip: false })),
            "svg flip" => Ok(Some(Command::DisplaySvg { flip: true })),
            _ => Err(format!("d takes nothing, svg or svg flip, got {rest}")),
        },
        "gameover" => match rest {
            // A bare `gameover` (cshogi's match runner sends one) ends the game all the same.
            "" | "win" | "lose" | "draw" => Ok(Some(Command::GameOver)),
            _ => Err(format!("gameover needs win, lose or draw, got {rest:?}")),
        },
        "variant" => match words(rest).collect::<Vec<_>>().as_slice() {
            [name] => Ok(Some(Command::Variant(name.to_string()))),
            _ => Err("variant needs exactly one name".into()),
        },
        "setoption" => setoption(rest).map(Some),
        "position" => position(rest).map(Some),
        "go" => go(rest).map(Some),
        "bench" => bench(rest).map(Some),
        _ => Err(format!("unknown command '{word}'")),
    }
}

/// One blank-free token.
fn token(input: &str) -> IResult<&str, &str> {
    take_till1(is_blank)(input)
}

/// A token that is not `keyword`.
fn token_except<'a>(keyword: &'static str) -> impl FnMut(&'a str) -> IResult<&'a str, &'a str> {
    verify(token, move |t: &str| t != keyword)
}

/// A whole number that fits in `u64`.
fn number(input: &str) -> IResult<&str, u64> {
    map_res(digit1, str::parse::<u64>)(input)
}

/// A whole number of at least 1 (`depth`, `nodes`).
fn positive(input: &str) -> IResult<&str, u64> {
    verify(number, |&n| n >= 1)(input)
}

/// A remaining clock time: a whole number, or a negative one read as 0 (USI controllers send
/// negative remaining times when a clock has run over; §4.6 allows it for `btime`/`wtime` only).
fn clock(input: &str) -> IResult<&str, u64> {
    alt((value(0, recognize(pair(char('-'), digit1))), number))(input)
}

/// Reports where `parser` stopped understanding `input`.
fn run<'a, T>(input: &'a str, what: &str, parser: impl FnMut(&'a str) -> IResult<&'a str, T>) -> Result<T, String> {
    match all_consuming(parser)(input) {
        Ok((_, result)) => Ok(result),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let near = words(e.input).next().unwrap_or("end of line");
            Err(format!("malformed {what} command near {near}"))
        }
        Err(nom::Err::Incomplete(_)) => Err(format!("incomplete {what} command")),
    }
}

fn setoption(rest: &str) -> Result<Command, String> {
    let words = |input| many0(preceded(space0, token_except("value")))(input);
    let (name, value) = run(
        rest,
        "setoption",
        pair(
            preceded(tag("name"), preceded(space1, words)),
            opt(preceded(space1, preceded(tag("value"), many0(preceded(space1, token))))),
        ),
    )?;
    if name.is_empty() {
        return Err("setoption needs name <id>".into());
    }
    let value = value.map(|v| v.join(" ")).filter(|v| !v.is_empty());
    Ok(Command::SetOption { name: name.join(" "), value })
}

fn position(rest: &str) -> Result<Command, String> {
    let start = alt((
        map(tag("startpos"), |_| None),
        map(
            preceded(pair(tag("sfen"), space1), many0(preceded(space0, token_except("moves")))),
            |fields: Vec<&str>| Some(fields.join(" ")),
        ),
    ));
    let moves = opt(preceded(pair(space1, tag("moves")), many0(preceded(space1, token))));
    let (start, moves) = run(rest, "position", pair(start, moves))?;
    if start.as_deref() == Some("") {
        return Err("position sfen needs a position string".into());
    }
    Ok(Command::Position { start, moves: moves.unwrap_or_default().into_iter().map(String::from).collect() })
}

/// A `go` parameter, applied to the limits being built.
#[derive(Clone, Debug)]
enum GoParam<'a> {
    Time(usize, u64),
    Increment(usize, u64),
    Byoyomi(u64),
    MoveTime(u64),
    Depth(u64),
    Nodes(u64),
    Infinite,
    Ponder,
    SearchMoves(Vec<&'a str>),
}

fn go_param(input: &str) -> IResult<&str, GoParam<'_>> {
    let with = |name: &'static str, value: fn(&str) -> IResult<&str, u64>| preceded(pair(tag(name), space1), value);
    alt((
        map(with("btime", clock), |n| GoParam::Time(0, n)),
        map(with("wtime", clock), |n| GoParam::Time(1, n)),
        map(with("binc", number), |n| GoParam::Increment(0, n)),
        map(with("winc", number), |n| GoParam::Increment(1, n)),
        map(with("byoyomi", number), GoParam::Byoyomi),
        map(with("movetime", number), GoParam::MoveTime),
        map(with("depth", positive), GoParam::Depth),
        map(with("nodes", positive), GoParam::Nodes),
        value(GoParam::Infinite, tag("infinite")),
        value(GoParam::Ponder, tag("ponder")),
        map(
            preceded(tag("searchmoves"), many0(preceded(space1, verify(token, |t: &str| !is_go_keyword(t))))),
            GoParam::SearchMoves,
        ),
    ))(input)
}

fn is_go_keyword(word: &str) -> bool {
    matches!(
        word,
        "btime"
            | "wtime"
            | "binc"
            | "winc"
            | "byoyomi"
            | "movetime"
            | "depth"
            | "nodes"
            | "infinite"
            | "ponder"
            | "searchmoves"
            | "mate"
    )
}

fn go(rest: &str) -> Result<Command, String> {
    let mut tokens = words(rest);
    match tokens.next() {
        Some("perft") => {
            let depth = match (tokens.next().map(decimal::<u32>), tokens.next()) {
                (Some(Some(d)), None) if d <= MAX_PERFT_DEPTH => d,
                _ => return Err(format!("go perft needs one depth 0..{MAX_PERFT_DEPTH}")),
            };
            return Ok(Command::GoPerft(depth));
        }
        Some("mate") => return go_mate(tokens),
        _ => {}
    }
    // Parameters are separated by blanks: `go depth 3infinite` is malformed.
    let params = run(rest, "go", separated_list0(space1, go_param))?;
    let mut limits = Limits::default();
    for param in params {
        match param {
            GoParam::Time(side, n) => limits.time[side] = Some(n),
            GoParam::Increment(side, n) => limits.increment[side] = n,
            GoParam::Byoyomi(n) => limits.byoyomi = n,
            GoParam::MoveTime(n) => limits.movetime = Some(n),
            GoParam::Depth(n) => limits.depth = Some(u32::try_from(n).unwrap_or(u32::MAX)),
            GoParam::Nodes(n) => limits.nodes = Some(n),
            GoParam::Infinite => limits.infinite = true,
            GoParam::Ponder => limits.ponder = true,
            GoParam::SearchMoves(moves) => {
                if moves.is_empty() {
                    return Err("searchmoves needs at least one move".into());
                }
                limits.searchmoves = moves.into_iter().map(String::from).collect()
            }
        }
    }
    // A bare `go` (no limit at all) searches until `stop`, as in Stockfish.
    if !limits.is_timed() && limits.depth.is_none() && limits.nodes.is_none() && !limits.ponder {
        limits.infinite = true;
    }
    Ok(Command::Go(limits))
}

/// The parameters after `go mate`: a time in ms or `infinite` (none: `infinite`, as
/// controllers that send a bare `go mate` wait for its answer) and `nodes <n>`, each at most
/// once, in either order.
fn go_mate<'a>(mut tokens: impl Iterator<Item = &'a str>) -> Result<Command, String> {
    const USAGE: &str = "go mate takes a time in ms or infinite, and nodes <n>";
    let (mut time, mut nodes) = (None, None);
    while let Some(token) = tokens.next() {
        match token {
            "nodes" if nodes.is_none() => {
                let n = tokens.next().ok_or("go mate nodes needs a number")?;
                nodes = Some(decimal(n).ok_or_else(|| format!("go mate nodes needs a number, not {n}"))?);
            }
            "infinite" if time.is_none() => time = Some(None),
            ms if time.is_none() => {
                time = Some(Some(decimal(ms).ok_or_else(|| format!("{USAGE}, not {ms}"))?));
            }
            other => return Err(format!("{USAGE}, not {other}")),
        }
    }
    Ok(Command::GoMate { time_ms: time.flatten(), nodes })
}

fn bench(rest: &str) -> Result<Command, String> {
    let mut tokens = words(rest);
    match (tokens.next(), tokens.next(), tokens.next()) {
        (None, _, _) => Ok(Command::Bench(None)),
        (Some("depth"), Some(d), None) => match decimal::<u32>(d) {
            Some(d) if (1..=MAX_BENCH_DEPTH).contains(&d) => Ok(Command::Bench(Some(d))),
            _ => Err(format!("bench depth must be 1..{MAX_BENCH_DEPTH}, not {d}")),
        },
        _ => Err("bench takes an optional depth <d>".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_position_with_sfen_fields_and_moves() {
        let c = parse("position sfen 9/9/9/9/9/9/9/9/PPPPPPPPP b - 1 moves 5i5e 4a4b").unwrap().unwrap();
        assert_eq!(
            c,
            Command::Position {
                start: Some("9/9/9/9/9/9/9/9/PPPPPPPPP b - 1".into()),
                moves: vec!["5i5e".into(), "4a4b".into()]
            }
        );
        assert_eq!(parse("position startpos").unwrap(), Some(Command::Position { start: None, moves: vec![] }));
        assert!(parse("position").is_err());
        assert!(parse("position sfen").is_err());
        assert!(parse("position sfen moves 5i5e").is_err());
        assert!(parse("position startpos 5i5e").is_err());
    }

    #[test]
    fn parses_go_parameters() {
        let Some(Command::Go(l)) = parse("go btime 10000 wtime -5 byoyomi 1000 searchmoves 5i5e 4i4e depth 3").unwrap()
        else {
            panic!("not a go");
        };
        assert_eq!(l.time, [Some(10_000), Some(0)]);
        assert_eq!((l.byoyomi, l.depth, l.infinite), (1000, Some(3), false));
        assert_eq!(l.searchmoves, vec!["5i5e", "4i4e"]);
        let Some(Command::Go(bare)) = parse("go").unwrap() else { panic!() };
        assert!(bare.infinite);
        assert_eq!(parse("go perft 3").unwrap(), Some(Command::GoPerft(3)));
        for bad in [
            "go depth",
            "go depth x",
            "go btime 99999999999999999999999",
            "go fast",
            "go perft",
            "go perft 33",
            "go depth 0",
            "go nodes 0",
            "go depth -1",
            "go movetime -5",
            "go depth 3infinite",
            "go\x0bdepth 1",
            "go searchmoves",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn parses_setoption_names_and_values_with_spaces() {
        assert_eq!(
            parse("setoption name USI_Hash value 128").unwrap(),
            Some(Command::SetOption { name: "USI_Hash".into(), value: Some("128".into()) })
        );
        assert_eq!(
            parse("setoption name Some Name value a b").unwrap(),
            Some(Command::SetOption { name: "Some Name".into(), value: Some("a b".into()) })
        );
        assert_eq!(
            parse("setoption name Clear").unwrap(),
            Some(Command::SetOption { name: "Clear".into(), value: None })
        );
        assert!(parse("setoption value 3").is_err());
        assert!(parse("setoption name").is_err());
    }

    #[test]
    fn gameover_takes_a_result_or_none() {
        for line in ["gameover win", "gameover lose", "gameover draw", "gameover"] {
            assert!(matches!(parse(line), Ok(Some(Command::GameOver))), "{line}");
        }
    }

    #[test]
    fn rejects_garbage_and_extra_arguments() {
        assert_eq!(parse("   \r").unwrap(), None);
        for bad in [
            "usi now",
            "isready 1",
            "hello",
            "variant",
            "variant a b",
            "gameover maybe",
            "bench 3",
            "bench depth 0",
            "\x0c",
            "usi\x0b",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
