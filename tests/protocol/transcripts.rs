//! Protocol transcripts against the real binary (protocol-spec.md §2–§10, §18).
//!
//! Each test starts its own engine and talks to it like a controller: it sends lines and waits
//! (with a deadline) for the replies the spec promises.

use crate::engine_process::{is_printable_ascii, is_search_output, Engine, Info, Search};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Turn, Variant};

const OPTION_LINES: [&str; 15] = [
    "option name USI_Hash type spin default 64 min 1 max 65536",
    "option name USI_Ponder type check default true",
    "option name Threads type spin default 1 min 1 max 256",
    "option name MultiPV type spin default 1 min 1 max 500",
    "option name MoveOverhead type spin default 100 min 0 max 10000",
    "option name Skill Level type spin default 20 min 0 max 20",
    "option name USI_LimitStrength type check default false",
    "option name USI_Elo type spin default 1500 min 800 max 2800",
    "option name MateFirstProof type check default false",
    "option name USI_Variant type combo default shogi var hasami var hasami-all var hasami-step var hasami-step18 \
     var dai-hasami var dai-hasami-diag var dai-hasami-step var makyek var ito var shogammon var philosophers-chess \
     var enryo var philosophy-checkers var checkers var shogi",
    "option name DaiHasamiJumps type check default true",
    "option name MakyekWin type combo default all var all var all-but-one",
    // Shogammon's rule options (protocol-spec.md §8.2), after Makyek's and before Philosopher's
    // Chess's: rule options follow the order of the variants that declare them (§8.1).
    "option name ShogammonDice type string default 1:P 2:LN 3:S 4:G 5:BR 6:K",
    "option name ShogammonTurnLimit type spin default 0 min 0 max 100000",
    "option name PhilosophersStalemate type combo default draw var draw var loss",
];

const VARIANTS: [&str; 15] = [
    "hasami",
    "hasami-all",
    "hasami-step",
    "hasami-step18",
    "dai-hasami",
    "dai-hasami-diag",
    "dai-hasami-step",
    "makyek",
    "ito",
    "shogammon",
    "philosophers-chess",
    "enryo",
    "philosophy-checkers",
    "checkers",
    "shogi",
];

/// Hasami, the second player to move with a single man: already won by the first player.
const DECIDED: &str = "4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30";

/// Shogi (the default variant), the second player to move and checkmated by a gold on 5b.
const CHECKMATED: &str = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1";

/// A shogi opening in the default variant.
const OPENING: &str = "position startpos moves 7g7f 3c3d";

/// The dai-hasami game of the spec's example session (§16).
const DAI_MOVES: &str = "5h5d 3b3f 4i4g";

/// Nothing more arrives: no late line within a short while, and `isready` finds nothing queued.
fn assert_quiet(engine: &mut Engine) {
    let late = engine.collect_for(Duration::from_millis(150));
    assert!(late.is_empty(), "unexpected output {late:?}\n{}", engine.context());
    let queued = engine.sync();
    assert!(queued.is_empty(), "unexpected output {queued:?}\n{}", engine.context());
}

/// The `info` fields that appear in `line`, in the order the spec fixes (§5.1).
fn check_field_order(line: &str) {
    const ORDER: [&str; 12] = [
        "depth",
        "seldepth",
        "multipv",
        "score",
        "nodes",
        "nps",
        "hashfull",
        "time",
        "currmove",
        "currmovenumber",
        "pv",
        "string",
    ];
    let mut last = 0;
    for word in line.split(' ').skip(1) {
        if word == "pv" || word == "string" {
            let at = ORDER.iter().position(|k| *k == word).unwrap_or(0);
            assert!(at >= last, "field {word} out of order in {line:?}");
            return;
        }
        if let Some(at) = ORDER.iter().position(|k| *k == word) {
            assert!(at >= last, "field {word} out of order in {line:?}");
            last = at;
        }
    }
}

/// The shape rules of §4.6.1 for a search that found a move: PV `info` lines with depth, score
/// and pv before the one `bestmove`, whose move is in `legal`.
fn check_search(search: &Search, legal: &BTreeSet<String>) {
    assert!(!search.infos.is_empty(), "no info line before {:?}: {:?}", search.best, search.lines);
    for (line, info) in search.lines.iter().filter(|l| Info::parse(l).is_some()).zip(&search.infos) {
        assert!(is_printable_ascii(line), "{line:?}");
        check_field_order(line);
        assert!(info.depth.is_some_and(|d| d >= 1), "no depth in {line:?}");
        assert!(info.multipv.is_some(), "multipv is printed on every PV line: {line:?}");
        let hashfull = line.split(' ').skip_while(|w| *w != "hashfull").nth(1);
        if let Some(permille) = hashfull {
            assert!(permille.parse::<u32>().is_ok_and(|h| h <= 1000), "hashfull out of 0..1000 in {line:?}");
        }
        assert!(info.score.is_some(), "no score in {line:?}");
        assert!(!info.pv.is_empty(), "no pv in {line:?}");
        assert!(legal.contains(&info.pv[0]), "pv starts with an illegal move in {line:?}");
    }
    assert!(legal.contains(&search.best), "bestmove {} is not legal; legal: {legal:?}", search.best);
}

/// The ponder move, when printed, is a legal reply: checked by setting the position after the
/// best move (`setup` is the `position` command that the search started from).
fn check_ponder(engine: &mut Engine, setup: &str, search: &Search) {
    if let Some(ponder) = &search.ponder {
        let with_moves = if setup.contains(" moves") { setup.to_string() } else { format!("{setup} moves") };
        engine.silent(&format!("{with_moves} {}", search.best));
        let replies = engine.move_set();
        assert!(replies.contains(ponder), "ponder move {ponder} is not legal after {}", search.best);
        engine.silent(setup);
    }
}

/// The last PV is legal as a whole: the engine accepts it as a move list.
fn check_pv_playable(engine: &mut Engine, setup: &str, search: &Search) {
    let pv = &search.infos.last().expect("an info line").pv;
    let with_moves = if setup.contains(" moves") { setup.to_string() } else { format!("{setup} moves") };
    engine.silent(&format!("{with_moves} {}", pv.join(" ")));
    engine.silent(setup);
}

/// Waits for the first PV `info` line of a running search; returns the lines read.
fn wait_for_first_info(engine: &mut Engine) -> Vec<String> {
    let lines = engine.until(|l| Info::parse(l).is_some_and(|i| i.depth.is_some()));
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "bestmove before the first info line: {lines:?}\n{}",
        engine.context()
    );
    lines
}

#[test]
fn usi_announces_identity_and_every_option_exactly() {
    let mut engine = Engine::start();
    let early = engine.collect_for(Duration::from_millis(100));
    assert!(early.is_empty(), "the engine printed {early:?} before any command");

    engine.send("usi");
    let lines = engine.until(|l| l == "usiok");
    let mut expected = vec![
        format!("id name Tetsugaku {}", env!("CARGO_PKG_VERSION")),
        "id author the Tetsugaku developers".to_string(),
    ];
    expected.extend(OPTION_LINES.iter().map(|l| l.to_string()));
    expected.push("usiok".to_string());
    assert_eq!(lines, expected);

    let variant_line = lines.iter().find(|l| l.starts_with("option name USI_Variant ")).expect("USI_Variant line");
    let listed: Vec<&str> = variant_line.split(" var ").skip(1).collect();
    assert_eq!(listed, VARIANTS, "USI_Variant must list all 15 variants in the order of §1");

    // `usi` may be resent; the reply is the same and nothing else changes.
    let before = engine.state();
    engine.send("usi");
    assert_eq!(engine.until(|l| l == "usiok"), expected);
    assert_eq!(engine.state(), before);
    assert_quiet(&mut engine);
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn isready_is_answered_before_and_after_usi() {
    let mut engine = Engine::start();
    engine.ready("isready");
    engine.send("usi");
    engine.until(|l| l == "usiok");
    engine.send("isready");
    engine.send("isready");
    assert_eq!(engine.line(), "readyok");
    assert_eq!(engine.line(), "readyok");
    assert_quiet(&mut engine);
}

#[test]
fn timed_search_in_dai_hasami_prints_infos_then_one_legal_bestmove() {
    let mut engine = Engine::start();
    engine.silent("setoption name USI_Hash value 16");
    engine.silent("variant dai-hasami");
    engine.silent("usinewgame");
    let setup = format!("position startpos moves {DAI_MOVES}");
    engine.silent(&setup);
    let legal = engine.move_set();
    assert!(!legal.is_empty());

    let start = Instant::now();
    engine.send("go btime 10000 wtime 10000 byoyomi 1000");
    let search = Search::from_lines(engine.until_within(Duration::from_secs(15), |l| l.starts_with("bestmove")));
    eprintln!("timed dai-hasami search took {:?}, {} info lines", start.elapsed(), search.infos.len());
    check_search(&search, &legal);
    assert_quiet(&mut engine);
    check_ponder(&mut engine, &setup, &search);
    check_pv_playable(&mut engine, &setup, &search);
}

#[test]
fn go_depth_ends_on_its_own_with_a_legal_move() {
    let mut engine = Engine::start();
    engine.silent(OPENING);
    let legal = engine.move_set();
    let search = engine.search("depth 3");
    check_search(&search, &legal);
    let depths: Vec<u32> = search.infos.iter().filter_map(|i| i.depth).collect();
    assert_eq!(depths.last(), Some(&3), "the last iteration must be depth 3: {:?}", search.lines);
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "depths must not decrease: {depths:?}");
    assert_quiet(&mut engine);
    check_pv_playable(&mut engine, OPENING, &search);

    // A finished search leaves the position as it was (the engine does not play its move).
    assert_eq!(engine.move_set(), legal);
}

#[test]
fn go_infinite_waits_for_stop_and_answers_it_quickly() {
    let mut latencies = Vec::new();
    for (variant, threads, bare) in
        [("hasami", 1, false), ("dai-hasami", 1, true), ("makyek", 1, false), ("dai-hasami", 2, false)]
    {
        let mut engine = Engine::start();
        engine.silent(&format!("setoption name Threads value {threads}"));
        engine.silent(&format!("variant {variant}"));
        let legal = engine.move_set();
        // A bare `go` (no limit at all) behaves like `go infinite`.
        engine.send(if bare { "go" } else { "go infinite" });
        let mut all = wait_for_first_info(&mut engine);
        let meanwhile = engine.collect_for(Duration::from_millis(400));
        assert!(
            !meanwhile.iter().any(|l| l.starts_with("bestmove")),
            "go infinite printed a bestmove before stop\n{}",
            engine.context()
        );
        assert!(meanwhile.iter().all(|l| is_search_output(l)), "{meanwhile:?}");

        let sent = Instant::now();
        engine.send("stop");
        let lines = engine.until(|l| l.starts_with("bestmove"));
        let latency = sent.elapsed();
        latencies.push(latency);
        eprintln!("stop latency ({variant}, Threads {threads}): {latency:?}");
        assert!(latency < Duration::from_secs(2), "stop took {latency:?}");
        all.extend(meanwhile);
        all.extend(lines);
        check_search(&Search::from_lines(all), &legal);

        // A late second `stop` prints nothing (never a second bestmove).
        engine.send("stop");
        assert_quiet(&mut engine);
        assert_eq!(engine.finish(true).code(), Some(0));
    }
    eprintln!("stop latency max: {:?}", latencies.iter().max());
}

#[test]
fn an_immediate_stop_still_shows_the_played_line_before_bestmove() {
    // GUIs take the last `info ... pv` as the engine's choice: even a search stopped before its
    // first iteration ends prints a line with a score whose pv starts with the bestmove.
    for variant in ["hasami", "dai-hasami", "makyek"] {
        let mut engine = Engine::start();
        engine.silent(&format!("variant {variant}"));
        let legal = engine.move_set();
        for _ in 0..5 {
            engine.send("go infinite");
            engine.send("stop");
            let search = Search::from_lines(engine.until(|l| l.starts_with("bestmove")));
            assert!(legal.contains(&search.best), "{search:?}");
            let last = search.infos.last().unwrap_or_else(|| panic!("no info before bestmove: {search:?}"));
            assert!(last.depth.is_some() && last.score.is_some(), "{search:?}");
            assert_eq!(last.pv.first(), Some(&search.best), "the last pv must start with the bestmove: {search:?}");
        }
        assert_eq!(engine.finish(true).code(), Some(0));
    }
}

#[test]
fn go_infinite_in_a_decided_position_resigns_only_after_stop() {
    let mut engine = Engine::start();
    engine.silent(&format!("position sfen {CHECKMATED}"));
    engine.send("go infinite");
    let meanwhile = engine.collect_for(Duration::from_millis(300));
    assert!(meanwhile.is_empty(), "nothing may be printed before stop: {meanwhile:?}");
    // isready is answered at once while the search waits.
    engine.ready("isready");
    engine.send("stop");
    assert_eq!(engine.line(), "bestmove resign");
    engine.send("stop");
    assert_quiet(&mut engine);

    // The same for a ponder search released by ponderhit.
    engine.send("go ponder");
    let meanwhile = engine.collect_for(Duration::from_millis(200));
    assert!(meanwhile.is_empty(), "nothing may be printed before ponderhit: {meanwhile:?}");
    engine.send("ponderhit");
    assert_eq!(engine.line(), "bestmove resign");
    assert_quiet(&mut engine);
}

#[test]
fn ponder_then_ponderhit_finishes_under_the_given_limit() {
    let mut engine = Engine::start();
    engine.silent("variant dai-hasami");
    let setup = format!("position startpos moves {DAI_MOVES} 6b6d 5d5e");
    engine.silent(&setup);
    let legal = engine.move_set();

    for limits in ["movetime 300", "btime 0 wtime 0 byoyomi 500"] {
        engine.send(&format!("go ponder {limits}"));
        let mut all = wait_for_first_info(&mut engine);
        // Longer than the limit: pondering never ends on its own.
        let meanwhile = engine.collect_for(Duration::from_millis(700));
        assert!(
            !meanwhile.iter().any(|l| l.starts_with("bestmove")),
            "go ponder {limits} printed a bestmove before ponderhit\n{}",
            engine.context()
        );
        let sent = Instant::now();
        engine.send("ponderhit");
        let lines = engine.until(|l| l.starts_with("bestmove"));
        eprintln!("ponderhit ({limits}) -> bestmove after {:?}", sent.elapsed());
        all.extend(meanwhile);
        all.extend(lines);
        let search = Search::from_lines(all);
        check_search(&search, &legal);
        // A late ponderhit or stop after bestmove is silently ignored.
        engine.send("ponderhit");
        engine.send("stop");
        assert_quiet(&mut engine);
        check_ponder(&mut engine, &setup, &search);
    }

    // stop during ponder still prints a (legal) bestmove.
    engine.send("go ponder btime 9600 wtime 9000 byoyomi 1000");
    let mut lines = wait_for_first_info(&mut engine);
    engine.send("stop");
    lines.extend(engine.until(|l| l.starts_with("bestmove")));
    let search = Search::from_lines(lines);
    assert!(legal.contains(&search.best));
    assert_quiet(&mut engine);
}

/// Sends `go <limits>` and, after longer than any of the test's limits takes, `release`: the
/// search must hold its answer until then (no `bestmove`, only search output, `isready`
/// answered meanwhile). Returns the search, checked against `legal`, and how long the answer
/// took after `release`.
fn held_search(engine: &mut Engine, limits: &str, release: &str, legal: &BTreeSet<String>) -> (Search, Duration) {
    let what = format!("go {limits}, then {release}");
    engine.send(&format!("go {limits}"));
    let mut lines = wait_for_first_info(engine);
    let meanwhile = engine.collect_for(Duration::from_millis(800));
    assert!(
        !meanwhile.iter().any(|l| l.starts_with("bestmove")),
        "{what} printed a bestmove before it was released\n{}",
        engine.context()
    );
    assert!(meanwhile.iter().all(|l| is_search_output(l)), "{meanwhile:?}");
    lines.extend(meanwhile);
    // The search may still be thinking: its output may come before `readyok`.
    let before_ready = engine.sync();
    assert!(
        before_ready.iter().all(|l| is_search_output(l) && !l.starts_with("bestmove")),
        "{what}: isready answered after {before_ready:?}\n{}",
        engine.context()
    );
    lines.extend(before_ready);
    let sent = Instant::now();
    engine.send(release);
    lines.extend(engine.until(|l| l.starts_with("bestmove")));
    let waited = sent.elapsed();
    let search = Search::from_lines(lines);
    check_search(&search, legal);
    (search, waited)
}

/// The value after `key` in `go` parameters (`nodes 20000 depth 3`).
fn go_parameter(limits: &str, key: &str) -> Option<u64> {
    let words: Vec<&str> = limits.split(' ').collect();
    words.iter().position(|w| *w == key).and_then(|at| words.get(at + 1)?.parse().ok())
}

/// The `depth` and `nodes` of `limits` ended the thinking of `search`, whenever it was
/// released: no iteration deeper, no more nodes than the limit (with one thread the count
/// overshoots by at most the nodes between two looks at it).
fn assert_limits_kept(search: &Search, limits: &str) {
    if let Some(nodes) = go_parameter(limits, "nodes") {
        let last = search.infos.last().and_then(|info| info.nodes).expect("nodes on every pv line");
        assert!(last <= nodes + 1_000, "go {limits}: {last} nodes: {:?}", search.lines);
    }
    if let Some(depth) = go_parameter(limits, "depth") {
        let depth = u32::try_from(depth).ok();
        assert!(search.infos.iter().all(|i| i.depth <= depth), "go {limits}: {:?}", search.lines);
    }
}

#[test]
fn limits_while_pondering_end_the_thinking_and_never_the_wait() {
    // §4.7: `depth` and `nodes` end the thinking also while pondering, the clock runs from
    // `ponderhit`; the answer waits for `ponderhit` or `stop` whatever the limits, and after
    // `ponderhit` comes as the limits say (at once when they are already spent).
    let limits = [
        "nodes 20000",
        "depth 3",
        "nodes 20000 depth 30",
        "movetime 200",
        "btime 0 wtime 0 byoyomi 300",
        "btime 4000 wtime 4000 binc 100 winc 100",
        "btime 4000 wtime 4000 byoyomi 200 nodes 20000",
    ];
    let mut engine = Engine::start();
    engine.silent("setoption name USI_Ponder value true");
    engine.silent("position startpos moves 7g7f 3c3d 2g2f");
    let legal = engine.move_set();
    for release in ["ponderhit", "stop"] {
        for limit in limits {
            let ponder = format!("ponder {limit}");
            let (search, waited) = held_search(&mut engine, &ponder, release, &legal);
            assert_limits_kept(&search, &ponder);
            if limit.contains("nodes") || limit.contains("depth 3") || release == "stop" {
                // Spent limits, or `stop`: the answer comes at once.
                assert!(waited < Duration::from_secs(2), "go {ponder}, then {release}: answered after {waited:?}");
            }
            engine.send("stop");
            engine.send("ponderhit");
            assert_quiet(&mut engine);
        }
    }
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn limits_of_an_infinite_search_end_the_thinking_and_never_the_wait() {
    // §4.6: `go ... infinite` answers only after `stop`; its `depth` and `nodes` end the
    // thinking.
    let mut engine = Engine::start();
    engine.silent("position startpos moves 7g7f 3c3d");
    let legal = engine.move_set();
    for limit in ["nodes 20000 infinite", "infinite depth 3", "depth 2 nodes 500000 infinite"] {
        let (search, _) = held_search(&mut engine, limit, "stop", &legal);
        assert_limits_kept(&search, limit);
        engine.send("stop");
        assert_quiet(&mut engine);
    }
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn the_last_line_before_bestmove_scores_the_move_played() {
    // Searches stopped anywhere by their node limit: every pv line has a score the search
    // found (a bound is marked as one), and the last one is the played move's.
    let mut engine = Engine::start();
    engine.silent("position startpos moves 7g7f 3c3d 2g2f 8c8d 2f2e 8d8e");
    let legal = engine.move_set();
    let mut bounds = 0;
    for step in 0..25 {
        let search = engine.search(&format!("nodes {}", 3_000 + step * 2_011));
        check_search(&search, &legal);
        let last = search.infos.last().expect("checked");
        assert_eq!(last.pv.first(), Some(&search.best), "{:?}", search.lines);
        bounds += search.infos.iter().filter(|i| i.bound.is_some()).count();
    }
    eprintln!("{bounds} lines reported a bound");
}

#[test]
fn multipv_3_prints_three_lines_per_iteration() {
    let mut engine = Engine::start();
    engine.silent("setoption name MultiPV value 3");
    engine.silent("position startpos");
    let legal = engine.move_set();
    let search = engine.search("depth 3");
    check_search(&search, &legal);
    for depth in 1..=3 {
        let lines: Vec<&Info> = search.infos.iter().filter(|i| i.depth == Some(depth)).collect();
        let indexes: Vec<Option<usize>> = lines.iter().map(|i| i.multipv).collect();
        assert_eq!(indexes, [Some(1), Some(2), Some(3)], "depth {depth}: {:?}", search.lines);
        let firsts: BTreeSet<&String> = lines.iter().map(|i| &i.pv[0]).collect();
        assert_eq!(firsts.len(), 3, "the three PVs must start with different moves: {:?}", search.lines);
    }
    let best_line = search.infos.iter().rev().find(|i| i.multipv == Some(1)).expect("a multipv 1 line");
    assert_eq!(best_line.pv[0], search.best, "bestmove must be the move of multipv 1");
    assert_quiet(&mut engine);

    // Fewer lines when there are fewer legal moves: hasami-step's start has 9.
    engine.silent("setoption name MultiPV value 500");
    engine.silent("variant hasami-step");
    let search = engine.search("depth 1");
    assert_eq!(search.infos.len(), 9, "{:?}", search.lines);
}

#[test]
fn two_threads_search_to_depth_and_to_movetime() {
    let mut engine = Engine::start();
    engine.silent("setoption name Threads value 2");
    engine.silent("variant dai-hasami");
    let setup = format!("position startpos moves {DAI_MOVES}");
    engine.silent(&setup);
    let legal = engine.move_set();
    let search = engine.search("depth 4");
    check_search(&search, &legal);
    assert_eq!(search.infos.last().and_then(|i| i.depth), Some(4), "{:?}", search.lines);
    check_pv_playable(&mut engine, &setup, &search);
    let start = Instant::now();
    let search = engine.search("movetime 300");
    eprintln!("go movetime 300 with 2 threads took {:?}", start.elapsed());
    check_search(&search, &legal);
    assert_quiet(&mut engine);
}

#[test]
fn stop_with_far_more_threads_than_cores_answers_once_and_the_engine_goes_on() {
    // 256 threads on a machine with a few cores: the helpers take turns on the cores, the main
    // thread answers `stop` at once, and the next search starts after the helpers are gone.
    let mut engine = Engine::start();
    engine.silent("setoption name Threads value 256");
    engine.silent(OPENING);
    let legal = engine.move_set();
    for _ in 0..3 {
        engine.send("go infinite");
        let mut all = wait_for_first_info(&mut engine);
        all.extend(engine.collect_for(Duration::from_millis(200)));
        engine.send("stop");
        all.extend(engine.until(|l| l.starts_with("bestmove")));
        check_search(&Search::from_lines(all), &legal);
        // Exactly one bestmove: nothing follows it, and a late `stop` prints nothing either.
        engine.send("stop");
        assert_quiet(&mut engine);
        let search = engine.search("depth 2");
        check_search(&search, &legal);
        assert_eq!(search.infos.last().and_then(|i| i.depth), Some(2), "{:?}", search.lines);
        assert_quiet(&mut engine);
    }
    assert_eq!(engine.finish(true).code(), Some(0));
}

#[test]
fn usi_ponder_false_suppresses_the_ponder_move() {
    let mut engine = Engine::start();
    engine.silent("variant dai-hasami");
    engine.silent(&format!("position startpos moves {DAI_MOVES}"));
    engine.silent("setoption name USI_Ponder value false");
    let search = engine.search("depth 3");
    assert!(search.infos.last().is_some_and(|i| i.pv.len() >= 2), "{:?}", search.lines);
    assert_eq!(search.ponder, None, "USI_Ponder false: no ponder move, got {:?}", search.lines.last());
}

#[test]
fn moves_and_result_for_ongoing_and_decided_positions() {
    let mut engine = Engine::start();
    assert_eq!(engine.result(), "result ongoing");
    assert_eq!(engine.moves().len(), 30, "the default variant is shogi: 30 moves from the start");
    engine.silent(&format!("position sfen {CHECKMATED}"));
    assert_eq!(engine.result(), "result b checkmate");
    assert_eq!(engine.one_line("moves"), "moves");

    engine.silent("variant hasami-step");
    assert_eq!(engine.one_line("moves"), "moves 9i9h 8i8h 7i7h 6i6h 5i5h 4i4h 3i3h 2i2h 1i1h");

    engine.silent("variant hasami");
    engine.silent(&format!("position sfen {DECIDED}"));
    assert_eq!(engine.result(), "result b capture");
    assert_eq!(engine.one_line("moves"), "moves");
    engine.send("go depth 5");
    assert_eq!(engine.line(), "bestmove resign", "no info line before bestmove resign");
    assert_quiet(&mut engine);
    // Timed searches resign the same way.
    engine.send("go btime 1000 wtime 1000");
    assert_eq!(engine.line(), "bestmove resign");
    assert_quiet(&mut engine);
}

#[test]
fn repetition_through_the_move_list_is_a_draw() {
    let mut engine = Engine::start();
    // Shogi: the start position a fourth time (sennichite) after three King walks.
    let cycle = "5i5h 5a5b 5h5i 5b5a";
    engine.silent(&format!("position startpos moves {cycle} {cycle} 5i5h 5a5b 5h5i"));
    assert_eq!(engine.result(), "result ongoing");
    engine.silent(&format!("position startpos moves {cycle} {cycle} {cycle}"));
    assert_eq!(engine.result(), "result draw repetition");
    assert_eq!(engine.one_line("moves"), "moves");
    engine.send("go depth 3");
    assert_eq!(engine.line(), "bestmove resign");
    assert_quiet(&mut engine);

    // The same position set by a bare position string starts a fresh history.
    let state = engine.state();
    engine.silent(&format!("position sfen {}", state.sfen));
    assert_eq!(engine.result(), "result ongoing");
    assert_eq!(engine.state().key, state.key);
}

#[test]
fn d_ends_with_side_sfen_key_and_the_sfen_round_trips() {
    let mut engine = Engine::start();
    let cases = [
        ("hasami", "position startpos"),
        ("hasami", "position startpos moves 9i9h 1a1c 5i5e"),
        ("dai-hasami", "position startpos moves 5h5d 3b3f 4i4g"),
        ("hasami-step18", "position startpos moves 5h5g"),
        ("makyek", "position startpos moves 8f8e"),
        ("hasami", "position sfen 4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30"),
    ];
    for (variant, setup) in cases {
        engine.silent(&format!("variant {variant}"));
        engine.silent(setup);
        let state = engine.state();
        let moves = engine.move_set();
        let fields: Vec<&str> = state.sfen.split(' ').collect();
        assert_eq!(fields.get(1).copied(), Some(state.side.as_str()), "side line and sfen disagree: {state:?}");

        engine.silent(&format!("position sfen {}", state.sfen));
        assert_eq!(engine.state(), state, "{variant}: {setup}");
        assert_eq!(engine.move_set(), moves);

        // The key ignores the move number.
        let mut renumbered = fields.clone();
        renumbered.truncate(3);
        engine.silent(&format!("position sfen {} 77", renumbered.join(" ")));
        let other = engine.state();
        assert_eq!(other.key, state.key, "the key must not depend on the move number");
        assert!(other.sfen.ends_with(" 77"), "{other:?}");
    }
    // Equal positions reached by different move orders have equal keys.
    engine.silent("variant hasami");
    engine.silent("position startpos moves 9i9h 1a1c 8i8h");
    let one = engine.state();
    engine.silent("position startpos moves 8i8h 1a1c 9i9h");
    assert_eq!(engine.state(), one);
}

#[test]
fn d_has_one_layout_for_every_game() {
    // §9.5: the board, the hands where the game has them, then variant, side to move and result,
    // then side, sfen, key.
    let mut engine = Engine::start();
    let cases = [
        ("hasami", "position startpos moves 9i9h 1a1c", 1 + 9, false, "to move: b (first player)", "result: ongoing"),
        ("makyek", "position startpos moves 8f8e", 1 + 8, false, "to move: w (second player)", "result: ongoing"),
        (
            "hasami",
            &format!("position sfen {DECIDED}"),
            1 + 9,
            false,
            "to move: w (second player)",
            "result: b capture",
        ),
        (
            "shogi",
            "position startpos moves 7g7f 3c3d 8h2b+ 3a2b",
            1 + 9,
            true,
            "to move: b (first player)",
            "result: ongoing",
        ),
        (
            "shogi",
            &format!("position sfen {CHECKMATED}"),
            1 + 9,
            true,
            "to move: w (second player)",
            "result: b checkmate",
        ),
        (
            "shogi",
            "position sfen 4k4/9/4r4/9/9/9/9/9/4K4 b - 1",
            1 + 9,
            true,
            "to move: b (first player)",
            "result: ongoing, in check",
        ),
    ];
    for (variant, setup, board_lines, hands, to_move, result) in cases {
        engine.silent(&format!("variant {variant}"));
        engine.silent(setup);
        let state = engine.state();
        let lines = engine.display();
        let hand_lines = if hands { 2 } else { 0 };
        assert_eq!(lines.len(), board_lines + hand_lines + 6, "{variant} {setup}: {lines:#?}");
        let common = &lines[board_lines + hand_lines..];
        assert_eq!(common[0], format!("variant: {variant}"), "{setup}");
        assert_eq!(common[1], to_move, "{setup}");
        assert_eq!(common[2], result, "{setup}");
        assert_eq!(
            common[3..],
            [format!("side {}", state.side), format!("sfen {}", state.sfen), format!("key {}", state.key)]
        );
        assert!(!lines[..board_lines].iter().any(|l| l.starts_with("hand ")), "{variant}: {lines:#?}");
        if hands {
            assert!(lines[board_lines].starts_with("hand b: "), "{lines:#?}");
            assert!(lines[board_lines + 1].starts_with("hand w: "), "{lines:#?}");
        }
    }
    // Hands are written the same way: counts before letters, `-` for none.
    engine.silent("variant shogi");
    engine.silent("position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB2P3l 1");
    let lines = engine.display();
    assert_eq!(lines[10..12], ["hand b: R B 2P", "hand w: 3l"]);
    engine.silent("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(engine.display()[10..12], ["hand b: -", "hand w: -"]);
}

#[test]
fn move_numbers_run_to_the_limit_and_what_d_prints_is_accepted_again() {
    // §7: a move number is 1 to 2^63 - 1 in every game, and stops there as moves are played.
    const MAX: &str = "9223372036854775807";
    let mut engine = Engine::start();
    for (variant, board, side, hand, moves) in [
        ("hasami", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP", "b", "-", "9i9h 1a1c"),
        ("dai-hasami", "ppppppppp/ppppppppp/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP", "b", "-", "5h5d"),
        ("makyek", "pppppppp/8/pppppppp/8/8/PPPPPPPP/8/PPPPPPPP", "b", "-", "8f8e"),
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "b", "-", "7g7f 3c3d"),
        ("shogi", "4k4/9/9/9/9/9/9/9/4K4", "w", "P", "5a5b"),
    ] {
        engine.silent(&format!("variant {variant}"));
        let at_limit = format!("{board} {side} {hand} {MAX}");
        engine.silent(&format!("position sfen {at_limit}"));
        assert_eq!(engine.state().sfen, at_limit, "{variant}");
        engine.silent(&format!("position sfen {at_limit} moves {moves}"));
        let after = engine.state();
        assert!(after.sfen.ends_with(&format!(" {MAX}")), "{variant}: {after:?}");
        engine.silent(&format!("position sfen {}", after.sfen));
        assert_eq!(engine.state(), after, "{variant}: the printed sfen reads back as the same position");
        for bad in ["0", "-1", "9223372036854775808", "18446744073709551616", "01"] {
            let error = engine.error(&format!("position sfen {board} {side} {hand} {bad}"));
            assert_eq!(
                error,
                format!("info string error: bad position: move number must be a number from 1 to {MAX}, got '{bad}'"),
                "{variant}"
            );
            assert_eq!(engine.state(), after, "{variant}: a refused position changes nothing");
        }
    }
}

#[test]
fn perft_divides_and_sums() {
    let mut engine = Engine::start();
    engine.silent("variant hasami-step");
    let moves = engine.moves();
    let lines = engine.reply("go perft 2");
    assert_eq!(lines.len(), moves.len() + 1, "{lines:?}");
    let mut sum = 0u64;
    for (line, mv) in lines.iter().zip(&moves) {
        let (token, count) = line.split_once(": ").unwrap_or_else(|| panic!("bad perft line {line:?}"));
        assert_eq!(token, mv, "perft lines follow the `moves` order");
        let count: u64 = count.parse().unwrap_or_else(|_| panic!("bad count in {line:?}"));
        assert_eq!(count, 9, "{line}");
        sum += count;
    }
    assert_eq!(sum, 81);
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 81"));

    for (variant, depth, total) in [("dai-hasami", 1, 54), ("makyek", 1, 32), ("makyek", 2, 1008), ("hasami", 1, 63)] {
        engine.silent(&format!("variant {variant}"));
        let lines = engine.reply(&format!("go perft {depth}"));
        let parts: u64 = lines[..lines.len() - 1]
            .iter()
            .map(|l| l.rsplit_once(": ").and_then(|(_, n)| n.parse::<u64>().ok()).expect("a count"))
            .sum();
        assert_eq!(parts, total, "{variant} perft {depth}: {lines:?}");
        assert_eq!(lines.last().cloned(), Some(format!("Nodes searched: {total}")), "{variant} perft {depth}");
    }

    assert_eq!(engine.reply("go perft 0"), ["Nodes searched: 1"]);

    // A decided position has no moves: nothing below it at any depth (0..32 are valid).
    engine.silent("variant hasami");
    engine.silent(&format!("position sfen {DECIDED}"));
    assert_eq!(engine.reply("go perft 3"), ["Nodes searched: 0"]);
    assert_eq!(engine.reply("go perft 32"), ["Nodes searched: 0"]);
    assert_eq!(engine.reply("go perft 0"), ["Nodes searched: 1"]);
}

#[test]
fn go_mate_is_not_implemented_for_the_hasami_family() {
    let mut engine = Engine::start();
    for variant in ["hasami", "dai-hasami", "makyek"] {
        engine.silent(&format!("variant {variant}"));
        assert_eq!(engine.one_line("go mate 1000"), "checkmate notimplemented");
        assert_eq!(engine.one_line("go mate infinite"), "checkmate notimplemented");
    }
    assert_quiet(&mut engine);
}

#[test]
fn silent_commands_print_nothing() {
    let mut engine = Engine::start();
    engine.silent("position startpos moves 9i9h");
    let state = engine.state();
    for command in
        ["usinewgame", "stop", "ponderhit", "gameover win", "gameover lose", "gameover draw", "", "   ", "\t"]
    {
        engine.silent(command);
    }
    assert_eq!(engine.state(), state, "none of these may change the position");
    assert_eq!(engine.result(), "result ongoing");
}

#[test]
fn blanks_tabs_and_carriage_returns_are_tolerated() {
    let mut engine = Engine::start();
    engine.silent(OPENING);
    let state = engine.state();
    engine.silent("variant shogi");
    engine.silent("  position\tstartpos   moves \t7g7f  3c3d\r");
    assert_eq!(engine.state(), state);
    engine.ready("isready\r");
    engine.silent("\r");
    engine.silent("position startpos moves");
    assert_eq!(engine.moves().len(), 30);
}

#[test]
fn usi_variant_option_is_the_variant_command() {
    let mut engine = Engine::start();
    engine.silent("variant makyek");
    let by_command = (engine.state(), engine.moves());
    engine.silent("variant hasami");
    assert_ne!(engine.state(), by_command.0);
    engine.silent("setoption name USI_Variant value makyek");
    assert_eq!((engine.state(), engine.moves()), by_command);

    // Selecting the current variant again resets the position, through either door.
    engine.silent("position startpos moves 8f8e");
    assert_ne!(engine.state(), by_command.0);
    engine.silent("setoption name USI_Variant value makyek");
    assert_eq!(engine.state(), by_command.0);
    engine.silent("position startpos moves 8f8e");
    engine.silent("variant makyek");
    assert_eq!(engine.state(), by_command.0);

    // Every implemented variant can be selected both ways.
    for name in &VARIANTS[..8] {
        engine.silent(&format!("variant {name}"));
        let state = engine.state();
        engine.silent("variant hasami-step");
        engine.silent(&format!("setoption name USI_Variant value {name}"));
        assert_eq!(engine.state(), state, "{name}");
    }
}

#[test]
fn dai_hasami_jumps_takes_effect_at_the_next_variant_or_position() {
    let mut engine = Engine::start();
    let count = |engine: &mut Engine| engine.one_line("moves").split_whitespace().count() - 1;
    engine.silent("variant dai-hasami-step");
    assert_eq!(count(&mut engine), 18, "nine steps and nine jumps");
    engine.silent("setoption name DaiHasamiJumps value false");
    assert_eq!(count(&mut engine), 18, "the current position keeps its rules");
    engine.silent("position startpos");
    assert_eq!(count(&mut engine), 9, "steps only");
    engine.silent("variant dai-hasami");
    assert_eq!(count(&mut engine), 45, "slides only");
    engine.silent("variant hasami");
    assert_eq!(count(&mut engine), 63, "hasami does not read the option");
    let error = engine.one_line("setoption name DaiHasamiJumps value no");
    assert!(error.starts_with("info string error:"), "{error}");
    engine.silent("setoption name DaiHasamiJumps value true");
    engine.silent("variant dai-hasami-step");
    assert_eq!(count(&mut engine), 18);
}

#[test]
fn makyek_win_takes_effect_at_the_next_position() {
    let mut engine = Engine::start();
    let one_man_left = "position sfen 8/8/p7/8/8/8/8/PPPPPPP1 w - 1";
    engine.silent("variant makyek");
    engine.silent(one_man_left);
    assert_eq!(engine.result(), "result ongoing", "default MakyekWin all: one man still plays");

    engine.silent("setoption name MakyekWin value all-but-one");
    assert_eq!(engine.result(), "result ongoing", "the current position keeps its rules");
    engine.silent(one_man_left);
    assert_eq!(engine.result(), "result b capture");
    assert_eq!(engine.one_line("moves"), "moves");

    engine.silent("setoption name MakyekWin value all");
    assert_eq!(engine.result(), "result b capture");
    engine.silent("variant makyek");
    engine.silent(one_man_left);
    assert_eq!(engine.result(), "result ongoing");
}

#[test]
fn bench_prints_the_three_closing_lines_and_changes_nothing() {
    let mut engine = Engine::start();
    engine.silent("setoption name USI_Hash value 8");
    engine.silent("setoption name MultiPV value 2");
    engine.silent("variant dai-hasami");
    engine.silent(&format!("position startpos moves {DAI_MOVES}"));
    let state = engine.state();

    let mut signatures = Vec::new();
    for _ in 0..2 {
        let lines = engine.reply("bench depth 2");
        assert!(lines.len() > 3, "{lines:?}");
        let (progress, closing) = lines.split_at(lines.len() - 3);
        for line in progress {
            assert!(line.starts_with("info string bench "), "bench progress line {line:?}");
        }
        let value = |line: &str, prefix: &str| -> u64 {
            line.strip_prefix(prefix)
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("expected `{prefix}<n>`, got {line:?}"))
        };
        let nodes = value(&closing[0], "Nodes searched: ");
        value(&closing[1], "Nodes/second: ");
        value(&closing[2], "Total time (ms): ");
        assert!(nodes > 0);
        signatures.push(nodes);
    }
    assert_eq!(signatures[0], signatures[1], "the bench node count is deterministic");

    assert_eq!(engine.state(), state, "bench leaves variant and position unchanged");
    let search = engine.search("depth 1");
    let indexes: Vec<Option<usize>> = search.infos.iter().map(|i| i.multipv).collect();
    assert_eq!(indexes, [Some(1), Some(2)], "bench leaves the options unchanged");
}

#[test]
fn state_changing_commands_are_refused_while_searching() {
    let mut engine = Engine::start();
    engine.silent("variant dai-hasami");
    engine.silent(&format!("position startpos moves {DAI_MOVES}"));
    let state = engine.state();
    let legal = engine.move_set();
    let result = engine.result();

    engine.send("go infinite");
    let mut search_lines = wait_for_first_info(&mut engine);
    let refused = [
        "position startpos",
        "position sfen 4p4/9/9/9/9/9/9/9/PPPPPPPPP w - 30",
        "go depth 1",
        "go infinite",
        "go perft 1",
        "go mate 1000",
        "setoption name MultiPV value 3",
        "setoption name USI_Variant value hasami",
        "variant hasami",
        "usinewgame",
        "bench depth 1",
    ];
    for command in refused {
        let sent = Instant::now();
        engine.send(command);
        engine.send("isready");
        let lines = engine.until(|l| l == "readyok");
        let elapsed = sent.elapsed();
        assert!(elapsed < Duration::from_secs(2), "`{command}` + isready took {elapsed:?} during a search");
        let (search, replies): (Vec<String>, Vec<String>) =
            lines[..lines.len() - 1].iter().cloned().partition(|l| is_search_output(l));
        assert!(!search.iter().any(|l| l.starts_with("bestmove")), "`{command}` ended the search: {search:?}");
        search_lines.extend(search);
        assert_eq!(replies, ["info string error: search in progress"], "`{command}` during a search");
    }

    // Read-only commands are answered from the position being searched.
    let mut filtered = |engine: &mut Engine, command: &str| -> Vec<String> {
        engine.send(command);
        engine.send("isready");
        let lines = engine.until(|l| l == "readyok");
        let (search, replies): (Vec<String>, Vec<String>) =
            lines[..lines.len() - 1].iter().cloned().partition(|l| is_search_output(l));
        search_lines.extend(search);
        replies
    };
    let d = filtered(&mut engine, "d");
    assert_eq!(d.last().cloned(), Some(format!("key {}", state.key)));
    assert!(d.contains(&format!("sfen {}", state.sfen)));
    let moves = filtered(&mut engine, "moves");
    assert_eq!(moves.len(), 1);
    let listed: BTreeSet<String> = moves[0].split(' ').skip(1).map(String::from).collect();
    assert_eq!(listed, legal);
    assert_eq!(filtered(&mut engine, "result"), [result]);
    let usi = filtered(&mut engine, "usi");
    assert_eq!(usi.last().map(String::as_str), Some("usiok"));

    engine.send("stop");
    let mut tail = engine.until(|l| l.starts_with("bestmove"));
    search_lines.append(&mut tail);
    let search = Search::from_lines(search_lines);
    check_search(&search, &legal);
    assert_quiet(&mut engine);

    // Nothing changed: position, variant, options (MultiPV still 1).
    assert_eq!(engine.state(), state);
    let search = engine.search("depth 1");
    assert!(search.infos.iter().all(|i| i.multipv == Some(1)), "{:?}", search.lines);
}

#[test]
fn gameover_ends_a_search_with_its_bestmove() {
    let mut engine = Engine::start();
    engine.silent(OPENING);
    let state = engine.state();
    let legal = engine.move_set();
    engine.send("go infinite");
    let mut lines = wait_for_first_info(&mut engine);
    engine.send("gameover lose");
    lines.extend(engine.until(|l| l.starts_with("bestmove")));
    let search = Search::from_lines(lines);
    assert!(legal.contains(&search.best));
    assert_quiet(&mut engine);
    assert_eq!(engine.state(), state);
    assert_eq!(engine.result(), "result ongoing", "gameover does not affect result");
}

#[test]
fn the_next_command_after_bestmove_is_never_refused() {
    // A controller sends the next `position` and `go` as soon as it reads `bestmove`; the
    // search is over by then (§3), so they must be accepted.
    let mut engine = Engine::start();
    for round in 0..400 {
        engine.send("go depth 1");
        let lines = engine.until(|l| l.starts_with("bestmove") || l.starts_with("info string"));
        let last = lines.last().cloned().unwrap_or_default();
        assert!(last.starts_with("bestmove"), "round {round}: `go` refused with {last:?}\n{}", engine.context());
        engine.send(if round % 2 == 0 { "position startpos moves 9i9h" } else { "position startpos" });
    }
    assert_quiet(&mut engine);
}

#[test]
fn quit_and_end_of_input_exit_with_status_0() {
    let engine = Engine::start();
    assert_eq!(engine.finish(true).code(), Some(0), "quit when idle");

    let engine = Engine::start();
    assert_eq!(engine.finish(false).code(), Some(0), "EOF when idle");

    let mut engine = Engine::start();
    engine.send("go infinite");
    let _ = wait_for_first_info(&mut engine);
    assert_eq!(engine.finish(true).code(), Some(0), "quit during a search");

    let mut engine = Engine::start();
    engine.send("go infinite");
    let _ = wait_for_first_info(&mut engine);
    assert_eq!(engine.finish(false).code(), Some(0), "EOF during a search");

    // quit ends the session: later lines are never read.
    let mut engine = Engine::start();
    // One write, so the pipe cannot be closed between the two lines.
    engine.send_bytes(b"quit\nisready");
    assert_eq!(engine.try_line(Duration::from_millis(300)), None, "nothing is read after quit");
    assert_eq!(engine.finish(false).code(), Some(0));

    // A last line without `\n` is still a command; then EOF quits.
    let mut engine = Engine::start();
    engine.send_last_unterminated("isready");
    assert_eq!(engine.line(), "readyok");
    assert_eq!(engine.finish(false).code(), Some(0));
}

#[test]
fn searchmoves_repeated_parameters_and_overdrawn_clocks() {
    let mut engine = Engine::start();
    engine.silent(OPENING);
    let legal = engine.move_set();

    // Only the listed root moves are considered, also when other parameters follow.
    let only: BTreeSet<String> = ["2g2f", "8h2b+"].iter().map(|m| m.to_string()).collect();
    let search = engine.search("searchmoves 2g2f 8h2b+ depth 3");
    check_search(&search, &only);
    let search = engine.search("depth 2 searchmoves 5i5h");
    assert_eq!(search.best, "5i5h");

    // A repeated parameter: the last one counts.
    let search = engine.search("depth 6 depth 2");
    assert_eq!(search.infos.last().and_then(|i| i.depth), Some(2), "{:?}", search.lines);

    // Negative clock times (a GUI that overstepped) read as 0: reply as fast as possible.
    let start = Instant::now();
    let search = engine.search("btime -100 wtime -100");
    eprintln!("go btime -100 wtime -100 answered after {:?}", start.elapsed());
    assert!(legal.contains(&search.best));

    // A node limit ends the search on its own.
    let search = engine.search("nodes 20000");
    check_search(&search, &legal);
    assert_quiet(&mut engine);
}

#[test]
fn a_long_move_list_is_accepted() {
    // A random walk of 3000 turns in which neither side can ever capture (one man each) and no
    // position occurs a third time, so the game never ends.
    let variant = Variant::named("hasami-all").expect("hasami-all exists");
    let start = "p8/9/9/9/9/9/9/9/8P b - 1";
    let mut game = AnyGame::new(variant, &RuleValues::default(), Some(start)).expect("a valid position");
    let mut rng = SplitMix64::new(0x10_4E);
    let mut tokens = Vec::new();
    while tokens.len() < 3000 {
        let moves = game.legal_moves();
        let mut candidates: Vec<String> = Vec::new();
        for token in &moves {
            let mut next = game.clone();
            next.play_token(token).expect("a generated move is legal");
            if matches!(next.turn(), Turn::Decide(_)) {
                candidates.push(token.clone());
            }
        }
        if candidates.is_empty() {
            break;
        }
        let token = candidates[rng.below(candidates.len())].clone();
        game.play_token(&token).expect("legal");
        tokens.push(token);
    }
    assert!(tokens.len() >= 1000, "the walk got stuck after {} turns", tokens.len());

    let mut engine = Engine::start();
    engine.silent("variant hasami-all");
    engine.silent(&format!("position sfen {start} moves {}", tokens.join(" ")));
    let state = engine.state();
    assert_eq!(state.sfen, game.position_string());
    assert_eq!(state.key, format!("{:016X}", game.key()));
    assert_eq!(engine.result(), "result ongoing");
}

#[test]
fn movetime_is_spent_in_full() {
    // `go movetime` means think this long (minus MoveOverhead): no early stop because the next
    // iteration looks too long. A lower bound only: how fast the machine is does not matter.
    let mut engine = Engine::start();
    engine.silent("variant dai-hasami");
    engine.silent("setoption name MoveOverhead value 0");
    engine.silent(&format!("position startpos moves {DAI_MOVES}"));
    let legal = engine.move_set();
    let sent = Instant::now();
    let search = engine.search("movetime 400");
    let elapsed = sent.elapsed();
    check_search(&search, &legal);
    let score = search.infos.last().and_then(|i| i.score.clone()).unwrap_or_default();
    assert!(score.starts_with("cp"), "the test position must be undecided, got {score}");
    assert!(elapsed >= Duration::from_millis(390), "go movetime 400 replied after {elapsed:?}");
}

#[test]
fn a_tactical_shogi_position_is_answered_within_byoyomi() {
    // Black in check with five evasions against a full Gote hand: once depth 1 alone took
    // 9 M nodes (6 s) in quiescence and the engine lost on time with byoyomi 300. Now the
    // clock may stop even the first iteration, and quiescence skips losing exchanges.
    let mut engine = Engine::start();
    engine.silent("position sfen lnk4nl/2gs1g2+P/ppp4p1/3SS1B2/5pPP1/1PP2b3/P1SP2L1L/2K1+r4/gN1G4r b N6p 119");
    let legal = engine.move_set();
    assert_eq!(legal.len(), 5, "{legal:?}");
    let sent = Instant::now();
    let search = engine.search("btime 0 wtime 0 byoyomi 300");
    let elapsed = sent.elapsed();
    check_search(&search, &legal);
    assert!(elapsed < Duration::from_millis(1500), "byoyomi 300 answered after {elapsed:?}");
}

#[test]
fn d_svg_prints_the_position_as_one_svg_document() {
    let mut engine = Engine::start();
    engine.send("variant philosophers-chess");
    engine.send("position startpos moves 4e4d");
    let before = engine.state();
    engine.send("d svg");
    let svg = engine.until(|l| l == "</svg>");
    assert!(svg[0].starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg:?}");
    let text = svg.join("\n");
    assert!(text.contains(">Field</text>") && text.contains(">Mind</text>"), "both boards:\n{text}");
    assert!(text.contains(">mind-moves in a row: 0</text>"), "{text}");
    assert_eq!(engine.state(), before, "drawing changes nothing");
    assert_quiet(&mut engine);
}

#[test]
fn d_svg_flip_turns_the_board_round_and_names_every_place() {
    let mut engine = Engine::start();
    engine.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    let before = engine.state();
    let picture = |engine: &mut Engine, command: &str| {
        engine.send(command);
        engine.until(|l| l == "</svg>").join("\n")
    };
    let upright = picture(&mut engine, "d svg");
    let flipped = picture(&mut engine, "d svg flip");
    let place_rect = |svg: &str, place: &str| {
        svg.lines().find(|l| l.contains(&format!("data-place=\"{place}\"")) && l.starts_with("<rect")).map(String::from)
    };
    // 9a is the top left square for the first player, the bottom right for the second.
    let (top_left, bottom_right) = ("x=\"14\" y=\"40\"", "x=\"334\" y=\"360\"");
    assert!(place_rect(&upright, "9a").is_some_and(|l| l.contains(top_left)), "{upright}");
    assert!(place_rect(&flipped, "9a").is_some_and(|l| l.contains(bottom_right)), "{flipped}");
    for svg in [&upright, &flipped] {
        assert!(svg.contains("data-place=\"B*\""), "the first player's Bishop in hand is a place");
        assert!(svg.contains("data-place=\"b*\""), "the second player's too");
    }
    engine.send("d svg sideways");
    assert_eq!(engine.line(), "info string error: d takes nothing, svg or svg flip, got svg sideways");
    assert_eq!(engine.state(), before, "drawing changes nothing");
    assert_quiet(&mut engine);
}

#[test]
fn places_lists_every_move_with_its_places_and_the_rolls_with_their_weights() {
    let mut engine = Engine::start();
    engine.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    engine.send("places");
    let reply = engine.until(|l| l == "placesok");
    let moves = engine.move_set();
    assert_eq!(reply.len(), moves.len() + 1, "{reply:?}");
    assert!(reply.contains(&"place B*5e B* 5e".to_string()), "a drop starts in hand: {reply:?}");
    assert!(reply.contains(&"place 7f7e 7f 7e".to_string()), "{reply:?}");
    engine.send("variant checkers");
    engine.send("position sfen 8/8/3m1m2/8/3m1m2/4M3/8/8 b - 1");
    engine.send("places");
    let reply = engine.until(|l| l == "placesok");
    assert_eq!(
        reply,
        ["place 4fx6dx4b 4f 6d 4b", "place 4fx2dx4b 4f 2d 4b", "placesok"],
        "two paths with the same ends stay two moves"
    );
    engine.send("variant shogammon");
    engine.send("places");
    let reply = engine.until(|l| l == "placesok");
    let weights: Vec<u32> =
        reply.iter().filter_map(|l| l.strip_prefix("chance ")?.split(' ').nth(1)?.parse().ok()).collect();
    assert_eq!((weights.len(), weights.iter().sum::<u32>()), (21, 36), "{reply:?}");
    engine.send("places now");
    assert_eq!(engine.line(), "info string error: places takes no arguments, got now");
    assert_quiet(&mut engine);
}

#[test]
fn rules_names_the_rule_options_each_variant_reads() {
    let mut engine = Engine::start();
    engine.send("rules");
    let reply = engine.until(|l| l == "rulesok");
    assert_eq!(reply.len(), 16, "{reply:?}");
    for expected in [
        "rules shogi",
        "rules dai-hasami DaiHasamiJumps",
        "rules makyek MakyekWin",
        "rules shogammon ShogammonDice ShogammonTurnLimit",
        "rules philosophers-chess PhilosophersStalemate",
    ] {
        assert!(reply.iter().any(|l| l == expected), "{expected:?} not in {reply:?}");
    }
    engine.send("rules shogi");
    assert_eq!(engine.line(), "info string error: rules takes no arguments, got shogi");
    assert_quiet(&mut engine);
}
