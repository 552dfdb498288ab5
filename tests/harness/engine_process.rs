//! Drives the real `tetsugaku` binary over pipes, as a controller would.
//!
//! Every read has a deadline, so an engine that hangs fails the test instead of blocking it
//! forever. Failure messages carry the end of the transcript (`>` sent, `<` received) and of
//! the engine's stderr.

use std::collections::{BTreeSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How long any single expected reply may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(10);

/// How many transcript lines are kept (and shown on failure): a long conversation, such as the
/// protocol fuzz's, keeps only its end.
const TRANSCRIPT_LINES: usize = 60;

/// One running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    transcript: VecDeque<String>,
}

impl Engine {
    /// Starts `tetsugaku` with no arguments.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tetsugaku"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the engine");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut raw = Vec::new();
                match reader.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if raw.last() == Some(&b'\n') {
                    raw.pop();
                } else {
                    // A protocol line must end with `\n`; keep the evidence visible.
                    raw.extend_from_slice(b"<missing newline>");
                }
                if sender.send(String::from_utf8_lossy(&raw).into_owned()).is_err() {
                    break;
                }
            }
        });
        let mut stderr_pipe = child.stderr.take().expect("stderr is piped");
        let stderr = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buffer) {
                if n == 0 {
                    break;
                }
                if let Ok(mut text) = sink.lock() {
                    text.push_str(&String::from_utf8_lossy(&buffer[..n]));
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, stderr, transcript: VecDeque::new() }
    }

    /// The conversation so far plus the engine's stderr, for failure messages.
    pub fn context(&self) -> String {
        let mut text = format!("--- transcript (last {TRANSCRIPT_LINES} lines) ---\n");
        for line in &self.transcript {
            text.push_str(line);
            text.push('\n');
        }
        let stderr = self.stderr.lock().map(|s| s.clone()).unwrap_or_default();
        let stderr: String = stderr.chars().rev().take(2000).collect::<Vec<_>>().into_iter().rev().collect();
        text.push_str("--- stderr (tail) ---\n");
        text.push_str(&stderr);
        text
    }

    fn note(&mut self, line: String) {
        if self.transcript.len() == TRANSCRIPT_LINES {
            self.transcript.pop_front();
        }
        self.transcript.push_back(line);
    }

    /// Sends one line (a `\n` is appended).
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends raw bytes as one line (a `\n` is appended); for junk that is not UTF-8.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.send_lines(&[bytes]);
    }

    /// Sends raw lines (a `\n` appended to each) in one write: a controller that pipelines.
    pub fn send_lines<B: AsRef<[u8]>>(&mut self, lines: &[B]) {
        let mut data = Vec::new();
        for line in lines {
            let bytes = line.as_ref();
            self.note(format!("> {}", String::from_utf8_lossy(bytes).escape_debug()));
            data.extend_from_slice(bytes);
            data.push(b'\n');
        }
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        if let Err(e) = stdin.write_all(&data).and_then(|_| stdin.flush()) {
            panic!("cannot write to the engine: {e}\n{}", self.context());
        }
    }

    /// Sends `text` with no line end and closes stdin: the last line of an input that ends
    /// without `\n`.
    pub fn send_last_unterminated(&mut self, text: &str) {
        self.note(format!("> {} <EOF>", text.escape_debug()));
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        if let Err(e) = stdin.write_all(text.as_bytes()).and_then(|_| stdin.flush()) {
            panic!("cannot write to the engine: {e}\n{}", self.context());
        }
        self.stdin = None;
    }

    /// The next line, or `None` when none arrives within `timeout` (or the engine exited).
    pub fn try_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.note(format!("< {}", line.escape_debug()));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// `: the engine exited (<status>)` when it has, for messages about a missing reply.
    fn exit_note(&mut self) -> String {
        match self.child.try_wait() {
            Ok(Some(status)) => format!(": the engine exited ({status})"),
            _ => String::new(),
        }
    }

    /// The next line; fails the test after [`TIMEOUT`].
    pub fn line(&mut self) -> String {
        match self.try_line(TIMEOUT) {
            Some(line) => line,
            None => panic!("no reply within {TIMEOUT:?}{}\n{}", self.exit_note(), self.context()),
        }
    }

    /// Reads lines up to and including the first one satisfying `done`; fails the test when it
    /// does not come within `timeout`.
    pub fn until_within(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.try_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => {
                    panic!("expected line did not come within {timeout:?}{}\n{}", self.exit_note(), self.context())
                }
            }
        }
    }

    /// [`Engine::until_within`] with the default [`TIMEOUT`].
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.until_within(TIMEOUT, done)
    }

    /// Every line that arrives within `period`.
    pub fn collect_for(&mut self, period: Duration) -> Vec<String> {
        let deadline = Instant::now() + period;
        let mut lines = Vec::new();
        while let Some(line) = self.try_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Sends `isready` and returns every line printed before its `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(|l| l == "readyok");
        lines.pop();
        lines
    }

    /// Sends `command` and returns everything it printed (up to the `readyok` of an `isready`
    /// sent right after it).
    pub fn reply(&mut self, command: &str) -> Vec<String> {
        self.send(command);
        self.sync()
    }

    /// Sends `command` (an `isready`, possibly written unusually) and checks that its one reply
    /// is `readyok`.
    pub fn ready(&mut self, command: &str) {
        self.send(command);
        let line = self.line();
        assert_eq!(line, "readyok", "`{command}` must be answered with readyok\n{}", self.context());
    }

    /// Sends a command that must print nothing.
    pub fn silent(&mut self, command: &str) {
        let lines = self.reply(command);
        assert!(lines.is_empty(), "`{command}` printed {lines:?}\n{}", self.context());
    }

    /// Sends a command that must print exactly one line, and returns it.
    pub fn one_line(&mut self, command: &str) -> String {
        let lines = self.reply(command);
        assert_eq!(lines.len(), 1, "`{command}` must print exactly one line, printed {lines:?}\n{}", self.context());
        lines.into_iter().next().unwrap_or_default()
    }

    /// Sends a command that must be refused with exactly one error line; returns its text.
    pub fn error(&mut self, command: &str) -> String {
        let line = self.one_line(command);
        assert!(
            line.starts_with("info string error: "),
            "`{command}` must be refused with `info string error: ...`, got {line:?}\n{}",
            self.context()
        );
        line
    }

    /// The legal moves of the current position (`moves`).
    pub fn moves(&mut self) -> Vec<String> {
        let line = self.one_line("moves");
        let mut words = line.split(' ');
        assert_eq!(words.next(), Some("moves"), "bad `moves` reply {line:?}\n{}", self.context());
        words.map(String::from).collect()
    }

    /// The legal moves as a set.
    pub fn move_set(&mut self) -> BTreeSet<String> {
        self.moves().into_iter().collect()
    }

    /// The `result` line.
    pub fn result(&mut self) -> String {
        self.one_line("result")
    }

    /// Sends `d` and returns its whole reply, which ends with the `key` line.
    pub fn display(&mut self) -> Vec<String> {
        self.send("d");
        self.until(|l| l.starts_with("key "))
    }

    /// The `side`, `sfen` and `key` lines of `d`, checked for shape.
    pub fn state(&mut self) -> State {
        let lines = self.display();
        let n = lines.len();
        assert!(n >= 3, "`d` printed too few lines: {lines:?}\n{}", self.context());
        let (side, sfen, key) = (&lines[n - 3], &lines[n - 2], &lines[n - 1]);
        let side = side.strip_prefix("side ").unwrap_or_else(|| panic!("bad side line {side:?}\n{}", self.context()));
        assert!(side == "b" || side == "w", "bad side {side:?}");
        let sfen = sfen.strip_prefix("sfen ").unwrap_or_else(|| panic!("bad sfen line {sfen:?}\n{}", self.context()));
        let key = key.strip_prefix("key ").unwrap_or_else(|| panic!("bad key line {key:?}"));
        assert!(
            key.len() == 16 && key.chars().all(|c| c.is_ascii_digit() || ('A'..='F').contains(&c)),
            "key must be 16 upper-case hex digits, got {key:?}"
        );
        for line in &lines[..n - 3] {
            assert!(
                !line.starts_with("side ") && !line.starts_with("sfen ") && !line.starts_with("key "),
                "diagram line {line:?} looks like a closing line"
            );
        }
        State { side: side.to_string(), sfen: sfen.to_string(), key: key.to_string() }
    }

    /// Starts a search with `go <params>` and waits for its `bestmove`; returns every line.
    pub fn search(&mut self, params: &str) -> Search {
        self.send(&format!("go {params}"));
        Search::from_lines(self.until(|l| l.starts_with("bestmove")))
    }

    /// Sends `quit` (or closes stdin when `quit` is false) and waits for the exit status.
    pub fn finish(mut self, quit: bool) -> ExitStatus {
        if quit {
            self.send("quit");
        }
        self.stdin = None;
        self.wait()
    }

    fn wait(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                Ok(None) => panic!("the engine did not exit within {TIMEOUT:?}\n{}", self.context()),
                Err(e) => panic!("cannot wait for the engine: {e}"),
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Only our own child, by its handle.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// The closing lines of `d`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    pub side: String,
    pub sfen: String,
    pub key: String,
}

/// The output of one search: its `info` lines and the `bestmove` line.
#[derive(Clone, Debug)]
pub struct Search {
    pub lines: Vec<String>,
    pub infos: Vec<Info>,
    pub best: String,
    pub ponder: Option<String>,
}

impl Search {
    pub fn from_lines(lines: Vec<String>) -> Search {
        let last = lines.last().cloned().unwrap_or_default();
        let words: Vec<&str> = last.split(' ').collect();
        let (best, ponder) = match words.as_slice() {
            ["bestmove", best] => (best.to_string(), None),
            ["bestmove", best, "ponder", ponder] => (best.to_string(), Some(ponder.to_string())),
            _ => panic!("malformed bestmove line {last:?} in {lines:?}"),
        };
        let infos = lines.iter().filter_map(|l| Info::parse(l)).collect();
        for line in &lines[..lines.len() - 1] {
            assert!(line.starts_with("info "), "a search printed a non-info line {line:?}: {lines:?}");
            assert!(!line.starts_with("info string error"), "a search printed an error {line:?}: {lines:?}");
        }
        Search { lines, infos, best, ponder }
    }
}

/// A parsed `info` line of a principal variation.
#[derive(Clone, Debug, Default)]
pub struct Info {
    pub depth: Option<u32>,
    pub multipv: Option<usize>,
    pub score: Option<String>,
    /// `lowerbound` or `upperbound` after the score.
    pub bound: Option<String>,
    pub nodes: Option<u64>,
    pub pv: Vec<String>,
}

impl Info {
    /// Parses a PV `info` line (`None` for `info string` and other lines).
    pub fn parse(line: &str) -> Option<Info> {
        let rest = line.strip_prefix("info ")?;
        if rest.starts_with("string") {
            return None;
        }
        let words: Vec<&str> = rest.split(' ').collect();
        let mut info = Info::default();
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "depth" => info.depth = words.get(i + 1).and_then(|w| w.parse().ok()),
                "multipv" => info.multipv = words.get(i + 1).and_then(|w| w.parse().ok()),
                "nodes" => info.nodes = words.get(i + 1).and_then(|w| w.parse().ok()),
                bound @ ("lowerbound" | "upperbound") => info.bound = Some(bound.to_string()),
                "score" => {
                    info.score = match (words.get(i + 1), words.get(i + 2)) {
                        (Some(&kind @ ("cp" | "mate")), Some(value)) if value.parse::<i64>().is_ok() => {
                            Some(format!("{kind} {value}"))
                        }
                        _ => None,
                    }
                }
                "pv" => {
                    info.pv = words[i + 1..].iter().map(|w| w.to_string()).collect();
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        Some(info)
    }
}

/// Whether `line` is output of a running search (not a reply to a command).
pub fn is_search_output(line: &str) -> bool {
    (line.starts_with("info ") && !line.starts_with("info string")) || line.starts_with("bestmove")
}

/// Whether every character of `line` is printable 7-bit ASCII (or a tab, a protocol blank).
pub fn is_printable_ascii(line: &str) -> bool {
    line.bytes().all(|b| b == b'\t' || (0x20..0x7f).contains(&b))
}
