//! Malformed input (protocol-spec.md §2, §17): every bad line gets exactly one
//! `info string error: ...` line, the engine stays alive and its state does not change.
//!
//! The hand-written corpus is `tests/transcripts/malformed.txt` (its syntax is described at its
//! top); a seeded generator adds random lines built from protocol words and junk.

use crate::engine_process::{is_printable_ascii, Engine};
use crate::replies::{check, expectation, Expect, Snapshot};
use tetsugaku::vocabulary::SplitMix64;

const CORPUS: &str = include_str!("../transcripts/malformed.txt");

/// One line of the corpus file.
#[derive(Debug)]
enum Item {
    /// A setup command (must print nothing); later entries are checked in the state it sets.
    State(String),
    /// A bad line (raw bytes), the line number in the file, and its exact reply if fixed.
    Entry { bytes: Vec<u8>, line: usize, expect: Option<String> },
}

/// Decodes the corpus escapes: `\xNN`, `\t`, `\r`, `\\`.
fn unescape(text: &str, line: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut buffer = [0u8; 4];
            bytes.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
            continue;
        }
        match chars.next() {
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                let byte = u8::from_str_radix(&hex, 16)
                    .unwrap_or_else(|_| panic!("malformed.txt line {line}: bad escape \\x{hex}"));
                bytes.push(byte);
            }
            Some('t') => bytes.push(b'\t'),
            Some('r') => bytes.push(b'\r'),
            Some('\\') => bytes.push(b'\\'),
            other => panic!("malformed.txt line {line}: unknown escape \\{other:?}"),
        }
    }
    bytes
}

fn corpus() -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    for (index, text) in CORPUS.lines().enumerate() {
        let line = index + 1;
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if let Some(command) = text.strip_prefix("@state ") {
            items.push(Item::State(command.to_string()));
        } else if let Some(expected) = text.strip_prefix("@expect ") {
            match items.last_mut() {
                Some(Item::Entry { expect, .. }) => *expect = Some(expected.to_string()),
                _ => panic!("malformed.txt line {line}: @expect must follow an entry"),
            }
        } else if text.starts_with('@') {
            panic!("malformed.txt line {line}: unknown directive {text:?}");
        } else {
            items.push(Item::Entry { bytes: unescape(text, line), line, expect: None });
        }
    }
    items
}

/// Sends one bad line and checks the rule of §17; returns what went wrong, if anything.
fn check_bad_line(engine: &mut Engine, bytes: &[u8], expect: Option<&str>, before: &Snapshot) -> Option<String> {
    engine.send_bytes(bytes);
    let lines = engine.sync();
    let shown = String::from_utf8_lossy(bytes).escape_debug().to_string();
    if lines.len() != 1 || !lines[0].starts_with("info string error: ") {
        return Some(format!("`{shown}`: expected exactly one `info string error: ` line, got {lines:?}"));
    }
    if !is_printable_ascii(&lines[0]) {
        return Some(format!("`{shown}`: the error line is not printable ASCII: {:?}", lines[0]));
    }
    if let Some(expected) = expect {
        if lines[0] != expected {
            return Some(format!("`{shown}`: expected {expected:?}, got {:?}", lines[0]));
        }
    }
    let after = Snapshot::take(engine);
    if &after != before {
        return Some(format!("`{shown}` changed the state:\nbefore {before:?}\nafter  {after:?}"));
    }
    None
}

#[test]
fn every_corpus_line_gives_one_error_and_changes_nothing() {
    let items = corpus();
    let entries = items.iter().filter(|i| matches!(i, Item::Entry { .. })).count();
    assert!(entries >= 250, "the corpus shrank to {entries} lines");
    eprintln!("malformed corpus: {entries} lines");

    let mut engine = Engine::start();
    let mut baseline: Option<Snapshot> = None;
    let mut failures = Vec::new();
    for item in &items {
        match item {
            Item::State(command) => {
                engine.silent(command);
                baseline = None;
            }
            Item::Entry { bytes, line, expect } => {
                let before = match &baseline {
                    Some(snapshot) => snapshot.clone(),
                    None => {
                        let taken = Snapshot::take(&mut engine);
                        baseline = Some(taken.clone());
                        taken
                    }
                };
                if let Some(problem) = check_bad_line(&mut engine, bytes, expect.as_deref(), &before) {
                    failures.push(format!("line {line}: {problem}"));
                    // Continue from whatever state the engine is in now.
                    baseline = None;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} corpus lines broke the error rule:\n{}", failures.len(), failures.join("\n"));
    engine.ready("isready");
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn the_whole_corpus_sent_without_waiting_gives_one_line_per_entry() {
    // A controller may pipeline commands: the replies still come one per bad line, in order.
    let items = corpus();
    let mut engine = Engine::start();
    let mut entries = 0;
    for item in &items {
        match item {
            Item::State(command) => engine.send(command),
            Item::Entry { bytes, .. } => {
                engine.send_bytes(bytes);
                entries += 1;
            }
        }
    }
    let lines = engine.sync();
    let errors = lines.iter().filter(|l| l.starts_with("info string error: ")).count();
    assert_eq!(errors, entries, "one error line per corpus entry\n{}", engine.context());
    assert_eq!(lines.len(), entries, "nothing but error lines\n{}", engine.context());
    assert_eq!(engine.finish(false).code(), Some(0));
}

/// Words of the protocol, to get random lines past the first parsing step.
const KEYWORDS: &[&str] = &[
    "usi",
    "isready",
    "usinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "sfen",
    "moves",
    "go",
    "depth",
    "nodes",
    "movetime",
    "btime",
    "wtime",
    "binc",
    "winc",
    "byoyomi",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "mate",
    "stop",
    "ponderhit",
    "gameover",
    "win",
    "lose",
    "draw",
    "variant",
    "result",
    "d",
    "bench",
    "quit",
    "USI_Hash",
    "Threads",
    "MultiPV",
    "USI_Ponder",
    "USI_Variant",
    "MakyekWin",
    "DaiHasamiJumps",
    "MoveOverhead",
    "Skill",
    "Level",
    "USI_LimitStrength",
    "USI_Elo",
    "hasami",
    "hasami-step",
    "dai-hasami",
    "makyek",
    "shogi",
    "ito",
    "true",
    "false",
    "all",
    "all-but-one",
];

/// Values and move-like junk. No number in 4..65536, so a random `USI_Hash` stays small.
const JUNK: &[&str] = &[
    "0",
    "1",
    "-1",
    "3",
    "-0",
    "+2",
    "1.5",
    "65537",
    "4294967296",
    "99999999999999999999",
    "18446744073709551616",
    "9i9h",
    "1a1c",
    "5i5e",
    "9i9a",
    "5h5x",
    "0i0h",
    "8f8e",
    "P*5e",
    "resign",
    "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP",
    "4p4/9/9/9/9/9/9/9/PPPPPPPPP",
    "ppppppppp/9/9",
    "b",
    "w",
    "-",
    "x",
    "=",
    "'",
    "\"",
];

/// Bytes for junk tokens: control characters, punctuation, letters, non-ASCII.
pub const JUNK_BYTES: &[u8] =
    b"\x00\x01\x07\x08\x0b\x0c\x1b\x7f\x80\xc3\xa9\xff\xfe!#$%&*+,./:;<>?@[]^_`{|}~0123456789abcdefghiXYZ\r";

/// A random line of protocol words, values and junk bytes (never a `\n`).
pub fn random_line(rng: &mut SplitMix64) -> Vec<u8> {
    let mut tokens: Vec<Vec<u8>> = Vec::new();
    let count = rng.below(8);
    for index in 0..count {
        let roll = rng.below(100);
        let token = if (index == 0 && roll < 70) || (index > 0 && roll < 40) {
            KEYWORDS[rng.below(KEYWORDS.len())].as_bytes().to_vec()
        } else if roll < 85 {
            JUNK[rng.below(JUNK.len())].as_bytes().to_vec()
        } else {
            (0..1 + rng.below(6)).map(|_| JUNK_BYTES[rng.below(JUNK_BYTES.len())]).collect()
        };
        tokens.push(token);
    }
    let separators: [&[u8]; 5] = [b" ", b" ", b" ", b"  ", b"\t"];
    let mut line = Vec::new();
    if rng.below(10) == 0 {
        line.push(b' ');
    }
    for (index, token) in tokens.iter().enumerate() {
        if index > 0 {
            line.extend_from_slice(separators[rng.below(separators.len())]);
        }
        line.extend_from_slice(token);
    }
    if rng.below(10) == 0 {
        line.push(b'\r');
    }
    line
}

#[test]
fn random_garbage_never_gets_more_than_one_line() {
    let mut rng = SplitMix64::new(0x7E75_06A6_0001);
    let mut engine = Engine::start();
    let mut before = Snapshot::take(&mut engine);
    let (mut sent, mut errors, mut attempts) = (0, 0, 0);
    let mut failures = Vec::new();
    while sent < 300 && attempts < 5_000 {
        attempts += 1;
        let line = random_line(&mut rng);
        // Lines that print many lines or start a search are the protocol fuzz's (`fuzz`).
        let expect = match expectation(&line) {
            Some(expect @ (Expect::Nothing | Expect::Error | Expect::Silent { .. } | Expect::Control)) => expect,
            Some(expect @ (Expect::Moves | Expect::Result | Expect::Mate { .. })) => expect,
            _ => continue,
        };
        sent += 1;
        engine.send_bytes(&line);
        // Nothing may be searching; a stray search would show up as output here.
        engine.send("stop");
        let lines = engine.sync();
        if lines.iter().any(|l| l.starts_with("info string error: ")) {
            errors += 1;
        }
        let after = Snapshot::take(&mut engine);
        if let Err(problem) = check(&expect, &lines, &before, &after) {
            let shown = String::from_utf8_lossy(&line).escape_debug().to_string();
            failures.push(format!("`{shown}` ({expect:?}) printed {lines:?}: {problem}"));
        }
        before = after;
    }
    eprintln!("random garbage: {sent} lines sent ({errors} refused) out of {attempts} generated");
    assert!(sent >= 300, "only {sent} usable random lines");
    assert!(failures.is_empty(), "{} random lines broke the rules:\n{}", failures.len(), failures.join("\n"));
    engine.ready("isready");
    assert_eq!(engine.finish(true).code(), Some(0));
}
