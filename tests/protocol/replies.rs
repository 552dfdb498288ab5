//! What a command line may print (protocol-spec.md §4, §9, §17), judged from the parser's
//! reading of the line, and the state a controller observes: the `d`, `moves` and `result`
//! replies.

use crate::engine_process::{is_printable_ascii, Engine};
use tetsugaku::protocol::{parse, Command};
use tetsugaku::search::Limits;

/// The start of every error line.
pub const ERROR: &str = "info string error: ";

/// The fixed reply to a command refused because a search runs (§3).
pub const BUSY: &str = "info string error: search in progress";

/// Everything observable about the position: the whole `d` reply, `moves` and `result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    pub display: Vec<String>,
    pub moves: String,
    pub result: String,
}

impl Snapshot {
    /// The commands whose replies make a snapshot, in the order [`Snapshot::read`] reads them.
    pub const COMMANDS: [&'static str; 3] = ["d", "moves", "result"];

    /// Sends [`Snapshot::COMMANDS`] and reads their replies.
    pub fn take(engine: &mut Engine) -> Snapshot {
        engine.send_lines(&Snapshot::COMMANDS);
        Snapshot::read(engine).unwrap_or_else(|e| panic!("{e}\n{}", engine.context()))
    }

    /// Reads the replies to [`Snapshot::COMMANDS`], already sent: `d` up to its `key` line,
    /// then one `moves` line and one `result` line.
    pub fn read(engine: &mut Engine) -> Result<Snapshot, String> {
        let display = engine.until(|l| l.starts_with("key "));
        if let Some(stray) =
            display.iter().find(|l| l.starts_with("info ") || l.starts_with("bestmove") || *l == "readyok")
        {
            return Err(format!("the reply to `d` has a line that belongs to something else: {stray:?}"));
        }
        let moves = engine.line();
        if moves != "moves" && !moves.starts_with("moves ") {
            return Err(format!("`moves` was answered with {moves:?}"));
        }
        let result = engine.line();
        if !result.starts_with("result ") {
            return Err(format!("`result` was answered with {result:?}"));
        }
        Ok(Snapshot { display, moves, result })
    }

    /// The legal moves (`moves` without its first word).
    pub fn legal(&self) -> impl Iterator<Item = &str> {
        self.moves.split(' ').skip(1)
    }

    pub fn is_ongoing(&self) -> bool {
        self.result == "result ongoing"
    }
}

/// What a line may print, by the parser's reading of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Nothing at all (a blank line).
    Nothing,
    /// Exactly one error line: the parser refuses the line (or it is not ASCII).
    Error,
    /// Nothing, or one error line (a well-formed command the session may still refuse, and
    /// does while a search runs). `changes_state`: when accepted it may change the position
    /// (`position`, `variant`, `setoption name USI_Variant`); nothing else may.
    Silent { changes_state: bool },
    /// Nothing, ever: `stop`, `ponderhit`, `gameover` (they end or steer a search, or are
    /// ignored).
    Control,
    /// `readyok`.
    Ready,
    /// The `usi` block: `id` lines, `option` lines, `usiok`.
    Usi,
    /// One `moves` line.
    Moves,
    /// `place` lines (or `chance` lines) and `placesok`.
    Places,
    /// A `rules` line per variant and `rulesok`.
    Rules,
    /// One `result` line.
    Result,
    /// The `d` diagram, ending with its `key` line.
    Display,
    /// `d svg`: one SVG document.
    Svg,
    /// `go perft <depth>`: a line per legal move and the total.
    Perft(u32),
    /// `go`: an error line, or `info` lines and exactly one `bestmove`.
    Search(Limits),
    /// `go mate`: an error line, or progress lines and exactly one `checkmate` line.
    Mate { time_ms: Option<u64>, nodes: Option<u64> },
}

/// What the line `bytes` may print; `None` for `quit` and `bench`, which no random input
/// sends (they end the session or run for seconds).
pub fn expectation(bytes: &[u8]) -> Option<Expect> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Some(Expect::Error) };
    if !text.is_ascii() {
        return Some(Expect::Error);
    }
    Some(match parse(text) {
        Err(_) => Expect::Error,
        Ok(None) => Expect::Nothing,
        Ok(Some(command)) => match command {
            Command::Quit | Command::Bench(_) => return None,
            Command::Usi => Expect::Usi,
            Command::IsReady => Expect::Ready,
            Command::Moves => Expect::Moves,
            Command::Places => Expect::Places,
            Command::Rules => Expect::Rules,
            Command::Result => Expect::Result,
            Command::Display => Expect::Display,
            Command::DisplaySvg { .. } => Expect::Svg,
            Command::GoPerft(depth) => Expect::Perft(depth),
            Command::Go(limits) => Expect::Search(limits),
            Command::GoMate { time_ms, nodes } => Expect::Mate { time_ms, nodes },
            Command::Position { .. } | Command::Variant(_) => Expect::Silent { changes_state: true },
            Command::SetOption { name, .. } => Expect::Silent { changes_state: name == "USI_Variant" },
            Command::UsiNewGame => Expect::Silent { changes_state: false },
            Command::Stop | Command::PonderHit | Command::GameOver => Expect::Control,
        },
    })
}

/// Checks what a line printed (`lines`) against `expect` and the rule of §17: at most one
/// error line, only protocol lines, printable ASCII; and the state before and after it: a
/// refused line changes nothing, and only an accepted `position`, `variant` or
/// `setoption name USI_Variant` may change the position. Searches and perft are checked
/// against the moves of `before`.
pub fn check(expect: &Expect, lines: &[String], before: &Snapshot, after: &Snapshot) -> Result<(), String> {
    if let Some(bad) = lines.iter().find(|l| !is_printable_ascii(l)) {
        return Err(format!("a line that is not printable ASCII: {bad:?}"));
    }
    let errors = lines.iter().filter(|l| l.starts_with(ERROR)).count();
    if errors > 1 {
        return Err(format!("{errors} error lines"));
    }
    let refused = errors == 1;
    if refused && lines.len() > 1 {
        return Err("an error line and other lines".into());
    }
    if refused
        && matches!(
            expect,
            Expect::Nothing
                | Expect::Control
                | Expect::Ready
                | Expect::Usi
                | Expect::Display
                | Expect::Svg
                | Expect::Places
                | Expect::Rules
        )
    {
        return Err("refused, but the command is always carried out".into());
    }
    if !refused {
        check_accepted(expect, lines, before, after)?;
    }
    let may_change = !refused && *expect == Expect::Silent { changes_state: true };
    if !may_change && after != before {
        return Err(format!("the state changed:\nbefore {before:?}\nafter  {after:?}"));
    }
    Ok(())
}

/// Checks a line sent while a search runs (§3): a command that would change the state or
/// start a search is refused with exactly `search in progress`; the others are answered as
/// when idle (`stop`, `ponderhit`, `gameover` silently); nothing changes.
pub fn check_while_searching(
    expect: &Expect,
    lines: &[String],
    before: &Snapshot,
    after: &Snapshot,
) -> Result<(), String> {
    match expect {
        Expect::Silent { .. } | Expect::Perft(_) | Expect::Search(_) | Expect::Mate { .. } => match lines {
            [line] if line == BUSY => {}
            _ => return Err(format!("expected exactly {BUSY:?} while a search runs")),
        },
        _ => check(expect, lines, before, after)?,
    }
    if after != before {
        return Err(format!("the state changed during a search:\nbefore {before:?}\nafter  {after:?}"));
    }
    Ok(())
}

/// The shape of the reply of a command that was carried out (printed no error line).
fn check_accepted(expect: &Expect, lines: &[String], before: &Snapshot, after: &Snapshot) -> Result<(), String> {
    let one = |wanted: &str| match lines {
        [line] if line == wanted => Ok(()),
        _ => Err(format!("expected exactly {wanted:?}")),
    };
    match expect {
        Expect::Nothing | Expect::Silent { .. } | Expect::Control if lines.is_empty() => Ok(()),
        Expect::Nothing | Expect::Silent { .. } | Expect::Control => Err("expected no output".into()),
        Expect::Error => Err("expected an error line".into()),
        Expect::Ready => one("readyok"),
        Expect::Moves => one(&after.moves),
        Expect::Places => check_places(lines, after),
        Expect::Rules => match lines {
            [variants @ .., last] if last == "rulesok" && variants.iter().all(|l| l.starts_with("rules ")) => Ok(()),
            _ => Err("expected rules lines and rulesok".into()),
        },
        Expect::Result => one(&after.result),
        Expect::Display if lines == after.display.as_slice() => Ok(()),
        Expect::Display => Err("`d` printed another diagram than the one that follows it".into()),
        Expect::Usi => match lines {
            [name, author, options @ .., last]
                if name.starts_with("id name Tetsugaku ")
                    && author.starts_with("id author ")
                    && options.iter().all(|l| l.starts_with("option name "))
                    && last == "usiok" =>
            {
                Ok(())
            }
            _ => Err("not the `usi` block".into()),
        },
        Expect::Svg => match lines {
            [first, .., last] if first.starts_with("<svg ") && last == "</svg>" => Ok(()),
            _ => Err("not one SVG document".into()),
        },
        Expect::Perft(depth) => check_perft(*depth, lines, before),
        Expect::Search(_) => check_search(lines, before),
        Expect::Mate { .. } => match lines {
            [progress @ .., answer]
                if answer.starts_with("checkmate ")
                    && progress.iter().all(|l| l.starts_with("info nodes ") || l.starts_with("info time ")) =>
            {
                Ok(())
            }
            _ => Err("expected progress and proof lines and one `checkmate` line".into()),
        },
    }
}

/// `go perft`: one `<move>: <count>` line per legal move, in `moves` order, and their sum.
fn check_perft(depth: u32, lines: &[String], before: &Snapshot) -> Result<(), String> {
    let Some((total, divide)) = lines.split_last() else { return Err("perft printed nothing".into()) };
    let total: u64 = total
        .strip_prefix("Nodes searched: ")
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("perft ended with {total:?}"))?;
    if depth == 0 {
        return if divide.is_empty() && total == 1 {
            Ok(())
        } else {
            Err("perft 0 is one node and nothing else".into())
        };
    }
    let mut sum = 0;
    let mut moves = Vec::new();
    for line in divide {
        let (token, count) = line.split_once(": ").ok_or_else(|| format!("bad perft line {line:?}"))?;
        sum += count.parse::<u64>().map_err(|_| format!("bad perft count in {line:?}"))?;
        moves.push(token);
    }
    if !moves.iter().copied().eq(before.legal()) {
        return Err(format!("perft divided by {moves:?}, not by the legal moves {:?}", before.moves));
    }
    if sum != total {
        return Err(format!("perft lines sum to {sum}, the total says {total}"));
    }
    Ok(())
}

/// `go`: `info depth` lines, then one `bestmove` with a legal move, or `resign` when there is
/// none; a move only after at least one `info` line (§4.6.1).
pub fn check_search(lines: &[String], before: &Snapshot) -> Result<(), String> {
    let Some((last, infos)) = lines.split_last() else { return Err("the search printed nothing".into()) };
    if let Some(stray) = infos.iter().find(|l| !l.starts_with("info depth ")) {
        return Err(format!("a search printed {stray:?} before its bestmove"));
    }
    let best = match last.split(' ').collect::<Vec<_>>().as_slice() {
        ["bestmove", best] | ["bestmove", best, "ponder", _] => best.to_string(),
        _ => return Err(format!("a search ended with {last:?}")),
    };
    let has_moves = before.is_ongoing() && before.legal().next().is_some();
    if best == "resign" {
        return if has_moves { Err("bestmove resign with legal moves".into()) } else { Ok(()) };
    }
    if !before.legal().any(|m| m == best) {
        return Err(format!("bestmove {best} is not a legal move"));
    }
    if infos.is_empty() {
        return Err("bestmove with no info line before it".into());
    }
    Ok(())
}

/// A `places` reply: a `place` line per move of the `moves` line, in its order, or a `chance`
/// line per roll item, then `placesok`.
fn check_places(lines: &[String], after: &Snapshot) -> Result<(), String> {
    let Some((last, items)) = lines.split_last() else { return Err("no reply".into()) };
    if last != "placesok" {
        return Err("the reply does not end with placesok".into());
    }
    let listed: Vec<&str> = after.moves.split_whitespace().skip(1).collect();
    let kind = if items.iter().any(|line| line.starts_with("chance ")) { "chance" } else { "place" };
    let tokens: Vec<&str> = items
        .iter()
        .map(|line| line.strip_prefix(kind).and_then(|rest| rest.split_whitespace().next()).unwrap_or(""))
        .collect();
    if tokens != listed {
        return Err(format!("{kind} lines for {tokens:?}, moves {listed:?}"));
    }
    Ok(())
}
