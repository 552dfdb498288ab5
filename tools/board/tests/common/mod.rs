//! The board server and a WebSocket client for the tests: the real `board` binary with the real
//! `tetsugaku` engine built beside it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// The `tetsugaku` engine of the same build profile, beside `board`.
pub fn tetsugaku() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_board")).with_file_name("tetsugaku");
    assert!(
        path.is_file(),
        "no engine at {}: build it first (cargo build -p tetsugaku, or cargo test at the workspace root)",
        path.display()
    );
    path
}

/// A running `board` server, killed when dropped.
pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl Server {
    /// Starts `board` on a free port with `args` added.
    pub fn start(args: &[&str]) -> Server {
        let engine = tetsugaku();
        let mut child = Command::new(env!("CARGO_BIN_EXE_board"))
            .arg("--engine")
            .arg(&engine)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("board starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).expect("the address line");
        let url = line.trim().strip_prefix("Tetsugaku board: ").expect("Tetsugaku board: URL").to_string();
        Server { child, url }
    }

    /// The WebSocket address of the games.
    pub fn ws(&self) -> String {
        format!("{}ws", self.url.replacen("http://", "ws://", 1))
    }

    /// The server's resident memory (VmRSS of /proc/<pid>/status), in KiB; 0 if unreadable.
    pub fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:")).unwrap_or("");
        line.split_whitespace().next().and_then(|kib| kib.parse().ok()).unwrap_or(0)
    }

    /// The process ids of the server's child processes (the engines), zombies included.
    pub fn children(&self) -> Vec<u32> {
        children_of(self.child.id())
    }

    /// Waits until the server has exactly `count` child processes; panics after `within`.
    pub async fn await_children(&self, count: usize, within: Duration) -> Vec<u32> {
        let start = std::time::Instant::now();
        loop {
            let children = self.children();
            if children.len() == count {
                return children;
            }
            assert!(start.elapsed() < within, "expected {count} engine processes, found {children:?}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Connects a page.
    pub async fn connect(&self) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(self.ws()).await.expect("the socket opens");
        Client { socket, seen: Vec::new() }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Every process whose parent is `parent`, read from /proc (a zombie is still listed).
pub fn children_of(parent: u32) -> Vec<u32> {
    let mut children = Vec::new();
    for entry in std::fs::read_dir("/proc").expect("/proc").flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        // Fields after the command name, which is in parentheses: state, ppid, ...
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if after.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) == Some(parent) {
            children.push(pid);
        }
    }
    children
}

/// Whether process `pid` exists (a zombie counts).
pub fn exists(pid: u32) -> bool {
    std::path::Path::new(&format!("/proc/{pid}")).exists()
}

/// Sends a signal to a process.
pub fn signal(pid: u32, name: &str) {
    let status = Command::new("kill").arg(format!("-{name}")).arg(pid.to_string()).status().expect("kill runs");
    assert!(status.success(), "kill -{name} {pid}");
}

/// A page's end of the socket.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Client {
    /// Sends a JSON message.
    pub async fn send(&mut self, message: Value) {
        self.send_text(&message.to_string()).await;
    }

    /// Sends any text.
    pub async fn send_text(&mut self, text: &str) {
        self.socket.send(Message::Text(text.into())).await.expect("the message is sent");
    }

    /// Sends raw bytes.
    pub async fn send_binary(&mut self, bytes: &[u8]) {
        self.socket.send(Message::Binary(bytes.to_vec().into())).await.expect("the message is sent");
    }

    /// The next message, `None` when the socket closes; panics after `within`.
    pub async fn next(&mut self, within: Duration) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(within, self.socket.next()).await.expect("a message in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    let value: Value = serde_json::from_str(text.as_str()).expect("the server sends JSON");
                    self.seen.push(value.clone());
                    return Some(value);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads messages until one of type `kind` (or of one of the types `a|b`); panics if the
    /// socket closes or time runs out.
    pub async fn expect(&mut self, kind: &str) -> Value {
        self.expect_within(kind, Duration::from_secs(30)).await
    }

    /// As `expect`, with a time limit.
    pub async fn expect_within(&mut self, kind: &str, within: Duration) -> Value {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let Some(message) = self.next(left).await else { panic!("the socket closed while waiting for {kind}") };
            if kind.split('|').any(|k| message["type"] == k) {
                return message;
            }
        }
    }

    /// Reads the greeting: `hello` and the first `state`.
    pub async fn greeting(&mut self) -> (Value, Value) {
        let hello = self.expect("hello").await;
        (hello, self.expect("state").await)
    }

    /// Plays `token` and returns the new state (panics on any other answer).
    pub async fn play(&mut self, token: &str) -> Value {
        self.send(json!({"type": "play", "move": token})).await;
        let answer = self.next(Duration::from_secs(30)).await.expect("an answer");
        assert_eq!(answer["type"], "state", "playing {token}: {answer}");
        answer
    }

    /// The state of the position after `ply` items (a `view`).
    pub async fn view(&mut self, ply: usize) -> Value {
        self.send(json!({"type": "view", "ply": ply})).await;
        self.expect("state").await
    }

    /// Closes the socket.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// The moves of a state message, as strings.
pub fn moves(state: &Value) -> Vec<String> {
    state["moves"].as_array().expect("moves").iter().map(|m| m.as_str().unwrap_or("").to_string()).collect()
}
