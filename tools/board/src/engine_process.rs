//! One engine process and its protocol lines: start, send, read with deadlines, stop.
//! The process is killed when this is dropped (kill_on_drop) and reaped by `shutdown`.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;
use tokio::time::{timeout_at, Instant};

/// Why the engine can no longer be talked to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Its output ended: it exited or crashed.
    Exited,
    /// It did not answer `what` in time.
    Silent(String),
    /// It could not be started or written to.
    Io(String),
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Exited => write!(f, "the engine exited"),
            Fault::Silent(what) => write!(f, "the engine did not answer {what} in time"),
            Fault::Io(error) => write!(f, "the engine could not be used: {error}"),
        }
    }
}

/// A running engine: its stdin, and its stdout as a queue of lines filled by a reader task.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::UnboundedReceiver<String>,
    /// How long a query (`isready`, `d`, ...) may take to be answered.
    answer: Duration,
}

impl EngineProcess {
    /// Starts `path` with no arguments. Its stderr is passed to this log at `debug` level.
    pub fn start(path: &Path, answer: Duration) -> Result<EngineProcess, Fault> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .env_remove("RUST_LOG")
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| Fault::Io(format!("{}: {e}", path.display())))?;
        let missing = || Fault::Io("no pipe to the engine".into());
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let stderr = child.stderr.take().ok_or_else(missing)?;
        let (sender, lines) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut reader = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let pid = child.id().unwrap_or(0);
        tokio::spawn(async move {
            let mut reader = BufReader::new(stderr).lines();
            while let Ok(Some(line)) = reader.next_line().await {
                log::debug!("engine {pid}: {line}");
            }
        });
        log::info!("engine {pid} started: {}", path.display());
        Ok(EngineProcess { child, stdin, lines, answer })
    }

    /// The process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Writes one command line.
    pub async fn send(&mut self, command: &str) -> Result<(), Fault> {
        log::debug!("engine {} < {command}", self.pid().unwrap_or(0));
        let line = format!("{command}\n");
        let io = |e: std::io::Error| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Fault::Exited
            } else {
                Fault::Io(e.to_string())
            }
        };
        self.stdin.write_all(line.as_bytes()).await.map_err(io)?;
        self.stdin.flush().await.map_err(io)
    }

    /// The next output line, `None` once the output has ended. Cancel-safe (for `select!`).
    pub async fn next_line(&mut self) -> Option<String> {
        let line = self.lines.recv().await;
        if let Some(line) = &line {
            log::debug!("engine {} > {line}", self.pid().unwrap_or(0));
        }
        line
    }

    /// Reads lines until one for which `last` holds, by `deadline`; returns them all, that
    /// one included. `what` names the awaited answer in the fault.
    pub async fn read_until(
        &mut self,
        what: &str,
        deadline: Instant,
        mut last: impl FnMut(&str) -> bool,
    ) -> Result<Vec<String>, Fault> {
        let mut lines = Vec::new();
        loop {
            match timeout_at(deadline, self.next_line()).await {
                Err(_) => return Err(Fault::Silent(what.to_string())),
                Ok(None) => return Err(Fault::Exited),
                Ok(Some(line)) => {
                    let done = last(&line);
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
            }
        }
    }

    /// The deadline of a query sent now.
    pub fn answer_deadline(&self) -> Instant {
        Instant::now() + self.answer
    }

    /// Sends `isready` and reads up to `readyok`: the lines printed before it (the answers to
    /// earlier commands, such as error lines) are returned.
    pub async fn ready(&mut self) -> Result<Vec<String>, Fault> {
        self.send("isready").await?;
        let mut lines = self.read_until("isready", self.answer_deadline(), |l| l == "readyok").await?;
        lines.pop();
        Ok(lines)
    }

    /// Sends `command` and returns its reply, read up to the line for which `last` holds, or up
    /// to a first line that is an `info string error` (the engine refused the command).
    pub async fn query(&mut self, command: &str, mut last: impl FnMut(&str) -> bool) -> Result<Vec<String>, Fault> {
        self.send(command).await?;
        let mut first = true;
        let deadline = self.answer_deadline();
        self.read_until(command, deadline, |line| std::mem::take(&mut first) && is_error(line) || last(line)).await
    }

    /// Ends the process: `quit`, half a second to exit, then kill; always reaped (waited for).
    pub async fn shutdown(mut self) {
        let pid = self.pid().unwrap_or(0);
        let _ = self.send("quit").await;
        match tokio::time::timeout(Duration::from_millis(500), self.child.wait()).await {
            Ok(_) => {}
            Err(_) => self.kill().await,
        }
        log::info!("engine {pid} ended");
    }

    /// Kills the process at once and reaps it.
    pub async fn kill(&mut self) {
        let _ = self.child.kill().await;
    }
}

/// Whether `line` is an engine's error line (`info string error: ...`).
pub fn is_error(line: &str) -> bool {
    line.starts_with("info string error")
}
