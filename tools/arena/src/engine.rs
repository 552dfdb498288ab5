//! One engine process, driven over USI with a deadline on every reply.
//!
//! A reader thread turns the engine's stdout into timestamped lines, so a hung engine never
//! blocks the arena and think times are measured when the line arrived, not when it was read.
//! Lines the arena does not expect are logged and counted, never fatal.

use crate::spec::EngineSpec;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};
use tetsugaku::RuleValues;

/// How long the handshake (`usi`, `isready`) and `usinewgame` may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// How long an engine gets to answer `stop` after losing on time, or to exit after `quit`.
const GRACE: Duration = Duration::from_millis(500);
/// The game a USI engine plays when it is not told a variant.
const PLAIN_USI_VARIANT: &str = "shogi";

/// The rule options an engine is sent (`setoption`) to play under `rules`: those whose value is
/// not their default, in the order chosen.
pub fn rule_options(rules: &RuleValues) -> Vec<(String, String)> {
    rules.changed().map(|(option, value)| (option.name.to_string(), value.to_string())).collect()
}

/// Why an engine could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No answer before the deadline.
    Timeout,
    /// The engine answered a set-up command with `info string error ...` (the line).
    Refused(String),
    /// The engine closed its output or its input (exited, crashed or disconnected); the text
    /// says which, with the exit status when known.
    Gone(String),
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    /// The `bestmove` token (`resign` included).
    pub bestmove: String,
    /// The last score reported, in centipawns from the engine's point of view (mates as ±100000
    /// minus the distance).
    pub score: Option<i64>,
    /// From sending `go` to the arrival of `bestmove`.
    pub elapsed: Duration,
}

/// Counts of the protocol trouble an engine caused (reported in the summary).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trouble {
    /// Lines that are not USI replies.
    pub junk: u64,
    /// `info string error ...` lines: the engine refused something the arena sent.
    pub errors: u64,
}

enum Line {
    Text(Instant, String),
    Closed,
}

/// A running engine. Dropping it kills the process.
pub struct Engine {
    pub name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Line>,
    /// Whether the process is known to be unusable (it closed its pipes or did not answer).
    broken: bool,
    /// The options the engine declared after `usi`.
    declared: Vec<String>,
    pub trouble: Trouble,
}

impl Engine {
    /// Starts the engine, completes the USI handshake, sends the spec's options and selects the
    /// variant (`setoption name USI_Variant` when the engine declares it, else `variant`, except
    /// for shogi, which a plain USI engine plays without being told).
    pub fn start(spec: &EngineSpec, variant: &str, rule_options: &[(String, String)]) -> Result<Engine, String> {
        // A relative path with a directory part is the arena's, not the engine's `dir`.
        let program = match std::env::current_dir() {
            Ok(here) if spec.command.is_relative() && spec.command.components().count() > 1 => here.join(&spec.command),
            _ => spec.command.clone(),
        };
        let mut command = Command::new(program);
        command.args(&spec.args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = &spec.dir {
            if !dir.is_dir() {
                return Err(format!("{}: working directory {} does not exist", spec.name, dir.display()));
            }
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| format!("cannot start {}: {e}", spec.command.display()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(format!("{}: pipes unavailable", spec.name));
        };
        let lines = spawn_reader(stdout);
        spawn_stderr_logger(spec.name.clone(), stderr);
        let mut engine = Engine {
            name: spec.name.clone(),
            child,
            stdin,
            lines,
            broken: false,
            declared: Vec::new(),
            trouble: Trouble::default(),
        };
        engine
            .handshake(spec, variant, rule_options)
            .map_err(|fault| format!("{}: {}", spec.name, fault.describe()))?;
        Ok(engine)
    }

    fn handshake(&mut self, spec: &EngineSpec, variant: &str, rule_options: &[(String, String)]) -> Result<(), Fault> {
        self.send("usi")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = self.next_line(deadline)?;
            if line == "usiok" {
                break;
            }
            if let Some(name) = declared_option(&line) {
                self.declared.push(name.to_string());
            } else if !line.starts_with("id ") {
                self.note_unexpected(&line);
            }
        }
        if self.declared.iter().any(|o| o == "USI_Variant") {
            self.send(&format!("setoption name USI_Variant value {variant}"))?;
        } else if variant != PLAIN_USI_VARIANT {
            self.send(&format!("variant {variant}"))?;
        }
        for (name, value) in rule_options.iter().chain(&spec.options) {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.sync()
    }

    /// `isready` and waiting for `readyok`, discarding what comes before it (e.g. a late
    /// `bestmove` of an abandoned search); an `info string error` before it means the engine
    /// refused one of the commands just sent (a variant or option it does not have).
    fn sync(&mut self) -> Result<(), Fault> {
        self.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut refusal = None;
        loop {
            let line = self.next_line(deadline)?;
            if line == "readyok" {
                return refusal.map_or(Ok(()), |line| Err(Fault::Refused(line)));
            }
            if line.starts_with("info string error") {
                self.trouble.errors += 1;
                refusal.get_or_insert(line);
            } else if !line.starts_with("info") && !line.starts_with("bestmove") {
                self.note_unexpected(&line);
            }
        }
    }

    /// Prepares for a new game (`usinewgame`, then `isready`).
    pub fn new_game(&mut self) -> Result<(), Fault> {
        self.send("usinewgame")?;
        self.sync()
    }

    /// Sends `position` and `go`, and waits up to `allowance` for `bestmove`.
    pub fn think(&mut self, position: &str, go: &str, allowance: Duration) -> Result<Reply, Fault> {
        self.send(position)?;
        self.send(go)?;
        let sent = Instant::now();
        let deadline = sent + allowance;
        let mut score = None;
        loop {
            let (at, line) = self.next_timed_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => match words.next() {
                    Some(token) => {
                        let elapsed = at.saturating_duration_since(sent);
                        return Ok(Reply { bestmove: token.to_string(), score, elapsed });
                    }
                    None => self.note_unexpected(&line),
                },
                Some("info") => {
                    if line.starts_with("info string error") {
                        self.trouble.errors += 1;
                        log::warn!("{} refused a command: {line}", self.name);
                    }
                    if let Some(found) = parse_score(&line) {
                        score = Some(found);
                    }
                }
                _ => self.note_unexpected(&line),
            }
        }
    }

    /// Tells the engine the game is over (`gameover win|lose|draw`); failures are ignored (the
    /// next game finds out whether the engine still works).
    pub fn game_over(&mut self, word: &str) {
        let _ = self.send(&format!("gameover {word}"));
    }

    /// After a time loss: `stop`, then a short wait for `bestmove`; an engine that still does not
    /// answer is marked broken (to be killed and restarted).
    pub fn recover(&mut self) {
        if self.send("stop").is_err() {
            return;
        }
        let deadline = Instant::now() + GRACE;
        loop {
            match self.next_line(deadline) {
                Ok(line) if line.starts_with("bestmove") => return,
                Ok(_) => {}
                Err(_) => {
                    self.broken = true;
                    return;
                }
            }
        }
    }

    /// Whether the process can play another game (not broken and still running).
    pub fn is_usable(&mut self) -> bool {
        !self.broken && matches!(self.child.try_wait(), Ok(None))
    }

    /// Sends `quit` and waits briefly for the process to exit; kills it otherwise.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + GRACE;
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        log::trace!("{} < {line}", self.name);
        let written = self.stdin.write_all(line.as_bytes()).and_then(|()| self.stdin.write_all(b"\n"));
        match written.and_then(|()| self.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(error) => {
                self.broken = true;
                Err(Fault::Gone(format!("{} (writing to it failed: {error})", self.exit_description())))
            }
        }
    }

    fn next_line(&mut self, deadline: Instant) -> Result<String, Fault> {
        self.next_timed_line(deadline).map(|(_, line)| line)
    }

    fn next_timed_line(&mut self, deadline: Instant) -> Result<(Instant, String), Fault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(Line::Text(at, line)) => {
                log::trace!("{} > {line}", self.name);
                Ok((at, line))
            }
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.broken = true;
                Err(Fault::Gone(self.exit_description()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Fault::Timeout),
        }
    }

    /// "crashed (signal 11)", "exited (status 3)" or "closed its output" once stdout closed.
    fn exit_description(&mut self) -> String {
        let deadline = Instant::now() + GRACE;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if status.success() => return "exited".into(),
                Ok(Some(status)) => return format!("crashed ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return "disconnected (closed its output)".into(),
            }
        }
    }

    fn note_unexpected(&mut self, line: &str) {
        self.trouble.junk += 1;
        log::warn!("{}: ignored unexpected output {line:?}", self.name);
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Fault {
    pub fn describe(&self) -> String {
        match self {
            Fault::Timeout => "no answer in time".into(),
            Fault::Gone(how) => how.clone(),
            Fault::Refused(line) => format!("refused the set-up ({line})"),
        }
    }
}

fn spawn_reader(stdout: impl Read + Send + 'static) -> Receiver<Line> {
    let (sender, lines) = mpsc::channel();
    thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut raw = Vec::new();
        loop {
            raw.clear();
            match reader.read_until(b'\n', &mut raw) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let at = Instant::now();
            let text = String::from_utf8_lossy(&raw);
            if sender.send(Line::Text(at, text.trim_end_matches(['\n', '\r']).to_string())).is_err() {
                return;
            }
        }
        let _ = sender.send(Line::Closed);
    });
    lines
}

/// Engines' stderr goes to the arena's log (debug level), one line at a time.
fn spawn_stderr_logger(name: String, stderr: impl Read + Send + 'static) {
    thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            match line {
                Ok(line) => log::debug!("{name} stderr: {line}"),
                Err(_) => return,
            }
        }
    });
}

/// The name an `option name <id> type <t> ...` line declares: every word up to `type`, as
/// names may hold blanks (`Skill Level`).
fn declared_option(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("option name ")?;
    let name = rest.split_once(" type ").map_or(rest, |(name, _)| name).trim();
    (!name.is_empty()).then_some(name)
}

/// The score of an `info` line: `score cp <x>` or `score mate <n>` (as ±(100000 - |n|)).
fn parse_score(line: &str) -> Option<i64> {
    let mut words = line.split_whitespace().skip_while(|&w| w != "score").skip(1);
    let kind = words.next()?;
    let value: i64 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(value),
        "mate" if value < 0 => Some(-100_000 - value),
        "mate" => Some(100_000 - value),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{declared_option, parse_score};

    #[test]
    fn declared_option_names_may_hold_blanks() {
        assert_eq!(declared_option("option name USI_Hash type spin default 64 min 1 max 65536"), Some("USI_Hash"));
        assert_eq!(declared_option("option name Skill Level type spin default 20 min 0 max 20"), Some("Skill Level"));
        assert_eq!(declared_option("option name  type check"), None);
        assert_eq!(declared_option("id name x"), None);
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(parse_score("info depth 3 score cp -42 pv 1a1b"), Some(-42));
        assert_eq!(parse_score("info depth 3 score mate 5 pv 1a1b"), Some(99_995));
        assert_eq!(parse_score("info depth 3 score mate -2 pv 1a1b"), Some(-99_998));
        assert_eq!(parse_score("info depth 3 nodes 10"), None);
        assert_eq!(parse_score("info score cp x"), None);
    }
}
