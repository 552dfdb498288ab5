//! The protocol fuzz: seeded, deterministic input for every variant of the catalogue, sent to
//! the real binary and checked line by line against the rule of protocol-spec.md §2 and §17.
//!
//! The input ([`lines`]) comes from random games of each variant played by the library's move
//! generator: valid `position` lines, and the same with a move mutated in the game's own syntax
//! ([`mutate`]: drops, Ito faces, mind-moves and double turns, rolls and `roll:turn` items,
//! capture paths with a wrong landing square, promotion suffixes, the inventor's notation,
//! truncations, swapped, replaced, inserted and deleted characters, extra tokens), with the move
//! list mutated (items swapped, dropped, doubled, moves after the end of the game) or the
//! position string mutated (fields dropped, doubled, swapped or replaced, board characters,
//! ranks, the side); `go` with random short limits, `searchmoves`, `mate` and `perft`;
//! `setoption` with every option's good and bad values; `variant` with good and bad names;
//! `moves`, `result`, `d`, `d svg`, `usi`, `isready` and the silent commands with and without
//! extra tokens; the junk lines of `malformed_input`; any of these with its bytes mutated; and
//! any of these sent while a search runs. Numbers include the edges of the integer types.
//!
//! Checks, for every line ([`crate::replies::check`]): the engine stays alive and answers; at
//! most one `info string error` line; the reply has the shape of the command (only protocol
//! lines, printable ASCII; a search ends with one `bestmove` that is legal, `go perft` divides
//! by the legal moves); a refused line leaves the `d`, `moves` and `result` replies exactly as
//! they were, and only an accepted `position`, `variant` or `setoption name USI_Variant` may
//! change them; while a search runs, every command that would change the state or start a
//! search is refused with `search in progress` (§3) and the search still ends with one legal
//! `bestmove`.
//!
//! The scheme: every line is followed by `isready` and the three state commands, and many
//! such units go in one write. The replies are read back in order: the lines before `readyok`
//! are the line's reply, then come the state replies after it, which are also the state before
//! the next line. So each line's state is compared before and after with no round trip of its
//! own. A search that ends by itself (`depth` 1 or 2, few `nodes`, a short `movetime`, a short
//! `go mate`) closes its batch and is waited for before the state is read; any other search is
//! followed at once by `stop`, which returns after the `bestmove`. A line sent during a search
//! goes as `go infinite` (or `go ponder`, ...), `isready`, the line, `stop`: what comes before
//! the first `readyok` tells whether the search started, and after it the search's lines
//! (`info depth`, `bestmove`) are told from the line's reply by their start.
//!
//! `cargo test` runs a fixed seed for a few seconds. `TETSUGAKU_FUZZ_LINES` (total lines) and
//! `TETSUGAKU_FUZZ_SEED` make a long run (`scripts/fuzz.sh`). Failures print the seed, the
//! variant, the line and the lines before it with their replies.

mod lines;
mod mutate;

use crate::engine_process::Engine;
use crate::replies::{check, check_search, check_while_searching, expectation, Expect, Snapshot, ERROR};
use lines::{Line, Lines, CHEAP_MAXIMUM};
use std::collections::{BTreeMap, VecDeque};
use std::time::Instant;
use tetsugaku::protocol::{parse, Command};
use tetsugaku::{Variant, VARIANTS};

/// Lines per variant in `cargo test`.
const TEST_LINES_PER_VARIANT: usize = 700;
/// The seed of `cargo test`.
const TEST_SEED: u64 = 0x7E75_F022_0001;
/// Lines of one variant from one generator (one set of random games) before the next variant.
const ROUND: usize = 1000;
/// Units sent in one write.
const BATCH: usize = 256;
/// Failures kept for the report; the run goes on after each.
const MAX_FAILURES: usize = 20;
/// Failures reported with the lines before them.
const TRANSCRIPTS: usize = 3;
/// Units remembered for a failure's transcript.
const RECENT: usize = 12;

/// What follows every line that does not wait for a search: `isready`, then the state.
const PROBE: [&str; 4] = ["isready", Snapshot::COMMANDS[0], Snapshot::COMMANDS[1], Snapshot::COMMANDS[2]];

/// One line to send and how to read its reply.
struct Unit {
    bytes: Vec<u8>,
    kind: &'static str,
    expect: Expect,
    /// A search that does not end by itself: `stop` follows it.
    stop: bool,
    /// A search that ends by itself: its batch ends with it and its end is waited for.
    wait: bool,
    /// A search that runs while the line is sent (`go`, `isready`, the line, `stop`).
    during: Option<&'static str>,
}

#[derive(Default)]
struct Counts {
    lines: u64,
    refused: u64,
    changed: u64,
    searches: u64,
    during_search: u64,
    seconds: f64,
}

/// Where the run is: printed when it stops on a panic (the engine died or hung).
struct Trail {
    seed: u64,
    variant: &'static str,
    /// Lines read back so far (prelude lines included).
    sent: u64,
    /// The last units, each `> line` and its reply `< ...`.
    recent: VecDeque<String>,
    /// The line whose reply is being read.
    current: String,
}

impl Trail {
    fn recent(&self) -> String {
        self.recent.iter().map(String::as_str).collect::<Vec<_>>().join("\n")
    }
}

impl Drop for Trail {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "protocol fuzz stopped: seed {:#x}, variant {}, line {}: `{}`\n--- the lines before it ---\n{}",
                self.seed,
                self.variant,
                self.sent + 1,
                self.current,
                self.recent()
            );
        }
    }
}

struct Fuzz {
    engine: Engine,
    trail: Trail,
    state: Snapshot,
    failures: Vec<String>,
    per_variant: BTreeMap<&'static str, Counts>,
    kinds: BTreeMap<&'static str, u64>,
    mutations: BTreeMap<&'static str, u64>,
}

impl Fuzz {
    fn new(seed: u64) -> Fuzz {
        let mut engine = Engine::start();
        let state = Snapshot::take(&mut engine);
        let trail = Trail { seed, variant: VARIANTS[0].name, sent: 0, recent: VecDeque::new(), current: String::new() };
        Fuzz {
            engine,
            trail,
            state,
            failures: Vec::new(),
            per_variant: BTreeMap::new(),
            kinds: BTreeMap::new(),
            mutations: BTreeMap::new(),
        }
    }

    /// Sends `lines` lines of `variant` from the generator seeded with `seed`.
    fn round(&mut self, variant: &'static Variant, seed: u64, lines: usize) {
        self.trail.variant = variant.name;
        let started = Instant::now();
        let mut input = Lines::new(variant, seed);
        let perft_limit = input.perft_limit();
        let mut batch: Vec<Unit> = Vec::new();
        for line in input.prelude() {
            batch.extend(unit(Line { bytes: line.into_bytes(), kind: "prelude", during: None }, perft_limit));
        }
        let mut sent = 0;
        while sent < lines {
            let Some(unit) = unit(input.next(), perft_limit) else { continue };
            sent += 1;
            let wait = unit.wait;
            batch.push(unit);
            if wait || batch.len() == BATCH {
                self.run(std::mem::take(&mut batch));
            }
        }
        self.run(batch);
        self.per_variant.entry(variant.name).or_default().seconds += started.elapsed().as_secs_f64();
        for (kind, n) in &input.m.counts {
            *self.mutations.entry(kind).or_default() += n;
        }
    }

    /// Sends a batch in one write and checks every unit's reply.
    fn run(&mut self, batch: Vec<Unit>) {
        let mut out: Vec<&[u8]> = Vec::new();
        for unit in &batch {
            if let Some(search) = unit.during {
                out.extend([search.as_bytes(), b"isready"]);
            }
            out.push(&unit.bytes);
            if unit.stop {
                out.push(b"stop");
            }
            if !unit.wait {
                out.extend(PROBE.iter().map(|p| p.as_bytes()));
            }
        }
        self.engine.send_lines(&out);
        for unit in batch {
            self.read(unit);
        }
    }

    /// Reads lines up to the `count`-th `readyok`; returns them without that last one.
    fn until_ready(&mut self, count: usize) -> Vec<String> {
        let mut lines = Vec::new();
        let mut seen = 0;
        loop {
            let line = self.engine.line();
            if line == "readyok" {
                seen += 1;
                if seen == count {
                    return lines;
                }
            }
            lines.push(line);
        }
    }

    fn read(&mut self, unit: Unit) {
        let shown = String::from_utf8_lossy(&unit.bytes).escape_debug().to_string();
        self.trail.current.clone_from(&shown);
        let readies = if unit.expect == Expect::Ready { 2 } else { 1 };
        let mut lines = Vec::new();
        // While a search runs: what the `go` printed before its `isready` (an error line, or
        // the search's first lines).
        let started = unit.during.map(|_| self.until_ready(1));
        if unit.wait {
            let end = |l: &str| l.starts_with("bestmove") || l.starts_with("checkmate ") || l.starts_with(ERROR);
            lines = self.engine.until(end);
            self.engine.send_lines(&PROBE);
        }
        lines.extend(self.until_ready(readies));
        self.trail.sent += 1;
        let after = match Snapshot::read(&mut self.engine) {
            Ok(after) => after,
            Err(e) => panic!("the replies after `{shown}` are out of step: {e}\n{}", self.engine.context()),
        };
        let (verdict, lines, searched) = match started {
            None => (check(&unit.expect, &lines, &self.state, &after), lines, false),
            Some(started) => self.judge_during_search(&unit, started, lines, &after),
        };
        let refused = lines.iter().any(|l| l.starts_with(ERROR));
        let counts = self.per_variant.entry(self.trail.variant).or_default();
        if unit.kind != "prelude" {
            counts.lines += 1;
            counts.refused += u64::from(refused);
            counts.changed += u64::from(after != self.state);
            counts.searches += u64::from(matches!(unit.expect, Expect::Search(_) | Expect::Mate { .. }) && !refused);
            counts.during_search += u64::from(searched);
            *self.kinds.entry(unit.kind).or_default() += 1;
        }
        let mut record = match unit.during {
            Some(search) => format!("> {search}\n> isready\n> {shown}\n> stop"),
            None => format!("> {shown}"),
        };
        for line in lines.iter().take(6) {
            record.push_str(&format!("\n< {line}"));
        }
        if lines.len() > 6 {
            record.push_str(&format!("\n< ... ({} lines in all)", lines.len()));
        }
        if let Err(problem) = verdict {
            if self.failures.len() < MAX_FAILURES {
                let t = &self.trail;
                let mut failure =
                    format!("variant {}, line {} ({}):\n{record}\n{problem}", t.variant, t.sent, unit.kind);
                // The lines before it, which set the state it was sent in, for the first few.
                if self.failures.len() < TRANSCRIPTS {
                    failure.push_str(&format!("\n--- the lines before it ---\n{}", t.recent()));
                }
                self.failures.push(failure);
            }
        }
        if self.trail.recent.len() == RECENT {
            self.trail.recent.pop_front();
        }
        self.trail.recent.push_back(record);
        self.state = after;
    }

    /// Judges a line sent while a search ran: `started` is what its `go` printed before
    /// `isready`, `lines` what came after. A refused `go` printed one error line and the line
    /// was carried out as usual; otherwise the search's lines are told from the line's own
    /// reply by their start, and each is checked. Returns the verdict, every line printed, and
    /// whether a search ran.
    fn judge_during_search(
        &self,
        unit: &Unit,
        started: Vec<String>,
        lines: Vec<String>,
        after: &Snapshot,
    ) -> (Result<(), String>, Vec<String>, bool) {
        let before = &self.state;
        if started.iter().any(|l| l.starts_with(ERROR)) {
            let verdict = match started.as_slice() {
                [_] => check(&unit.expect, &lines, before, after),
                _ => Err("the refused `go` printed more than its error line".into()),
            };
            return (verdict, [started, lines].concat(), false);
        }
        let is_search = |l: &String| l.starts_with("info depth ") || l.starts_with("bestmove");
        let (search, reply): (Vec<String>, Vec<String>) = lines.iter().cloned().partition(is_search);
        let search = [started.clone(), search].concat();
        let verdict = check_search(&search, before)
            .map_err(|e| format!("the search around the line: {e}"))
            .and_then(|()| check_while_searching(&unit.expect, &reply, before, after));
        (verdict, [started, lines].concat(), true)
    }

    /// A table of what was sent, for the test's output.
    fn report(&self, seconds: f64) -> String {
        let mut text = String::new();
        let total: u64 = self.per_variant.values().map(|c| c.lines).sum();
        text.push_str(&format!(
            "protocol fuzz, seed {:#x}: {total} lines in {seconds:.1} s ({:.0} lines/s)\n",
            self.trail.seed,
            total as f64 / seconds
        ));
        text.push_str("variant              lines  refused  changed  searches  during-search  seconds\n");
        for variant in VARIANTS.iter() {
            if let Some(c) = self.per_variant.get(variant.name) {
                text.push_str(&format!(
                    "{:<20} {:>6} {:>8} {:>8} {:>9} {:>14} {:>8.1}\n",
                    variant.name, c.lines, c.refused, c.changed, c.searches, c.during_search, c.seconds
                ));
            }
        }
        text.push_str("line kinds:");
        for (kind, n) in &self.kinds {
            text.push_str(&format!(" {kind} {n};"));
        }
        text.push_str("\nmutations:");
        for (kind, n) in &self.mutations {
            text.push_str(&format!(" {kind} {n};"));
        }
        text
    }
}

/// How to send `line` and read its reply; `None` for a line the fuzz does not send: `quit`,
/// `bench`, a `go perft` deeper than `perft_limit`, an option value that costs too much.
fn unit(line: Line, perft_limit: u32) -> Option<Unit> {
    let Line { bytes, kind, during } = line;
    let expect = expectation(&bytes)?;
    let command = std::str::from_utf8(&bytes).ok().and_then(|text| parse(text).ok().flatten());
    if let Some(Command::SetOption { name, value: Some(value) }) = &command {
        let too_much = CHEAP_MAXIMUM
            .iter()
            .any(|&(option, top)| option == name && value.trim().parse::<i64>().is_ok_and(|n| n > top));
        if too_much {
            return None;
        }
    }
    let (stop, wait) = match &expect {
        Expect::Perft(depth) if *depth > perft_limit => return None,
        Expect::Search(limits) => {
            let ends = !limits.infinite
                && !limits.ponder
                && (limits.depth.is_some_and(|d| d <= 2)
                    || limits.nodes.is_some_and(|n| n <= 5000)
                    || limits.movetime.is_some_and(|t| t <= 20));
            (!ends, ends)
        }
        Expect::Mate { time_ms, nodes } => {
            let ends = time_ms.is_some_and(|t| t <= 50) || nodes.is_some_and(|n| n <= 5000);
            (!ends, ends)
        }
        _ => (false, false),
    };
    match during {
        // `stop` ends the search around the line, or the line's own.
        Some(_) => Some(Unit { bytes, kind, expect, stop: true, wait: false, during }),
        None => Some(Unit { bytes, kind, expect, stop, wait, during }),
    }
}

/// A number from the environment (decimal, or hexadecimal after `0x`).
fn from_env(name: &str) -> Option<u64> {
    let text = std::env::var(name).ok()?;
    let parsed = match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => text.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name} must be a number, not {text:?}")))
}

#[test]
fn fuzzed_lines_of_every_variant_get_at_most_one_error_and_refusals_change_nothing() {
    let seed = from_env("TETSUGAKU_FUZZ_SEED").unwrap_or(TEST_SEED);
    let total = from_env("TETSUGAKU_FUZZ_LINES").map_or(TEST_LINES_PER_VARIANT * VARIANTS.len(), |n| n as usize);
    let per_variant = total.div_ceil(VARIANTS.len());
    let rounds = per_variant.div_ceil(ROUND).max(1);
    eprintln!("protocol fuzz: seed {seed:#x}, {per_variant} lines per variant in {rounds} round(s)");
    let started = Instant::now();
    let mut fuzz = Fuzz::new(seed);
    for round in 0..rounds {
        let lines = per_variant / rounds + usize::from(round < per_variant % rounds);
        for (index, variant) in VARIANTS.iter().enumerate() {
            let stream = (round * VARIANTS.len() + index + 1) as u64;
            fuzz.round(variant, seed ^ stream.wrapping_mul(0x9E37_79B9_7F4A_7C15), lines);
        }
    }
    fuzz.engine.ready("isready");
    let report = fuzz.report(started.elapsed().as_secs_f64());
    eprintln!("{report}");
    assert!(
        fuzz.failures.is_empty(),
        "{} fuzzed lines broke the rules (seed {seed:#x}; again with TETSUGAKU_FUZZ_SEED={seed:#x} \
         TETSUGAKU_FUZZ_LINES={total} cargo test --test protocol fuzz):\n\n{}",
        fuzz.failures.len(),
        fuzz.failures.join("\n\n")
    );
    let fuzzed = VARIANTS.iter().filter(|v| fuzz.per_variant.get(v.name).is_some_and(|c| c.lines > 0)).count();
    assert_eq!(fuzzed, VARIANTS.len(), "every variant of the catalogue is fuzzed");
    let Fuzz { engine, .. } = fuzz;
    assert_eq!(engine.finish(true).code(), Some(0));
}
