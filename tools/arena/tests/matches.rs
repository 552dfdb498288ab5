//! The arena against misbehaving engines (tests/fake_engine.py relays the real tetsugaku engine
//! and misbehaves on cue): each fault is scored against the culprit, logged in the record, and
//! the match still finishes. Also: adjudication, openings files, determinism by seed, SPRT
//! stopping, replay.

use std::path::PathBuf;
use std::process::Command;

/// The `tetsugaku` engine binary, built beside `arena` by the workspace's `cargo test`.
fn tetsugaku() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_BIN_EXE_arena")).with_file_name("tetsugaku");
    assert!(path.exists(), "{} is missing: run `cargo test` at the workspace root", path.display());
    path
}

fn fake(mode: &str, trigger: u32) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fake_engine.py");
    format!(
        "cmd=python3 arg={} arg={} arg={mode} arg={trigger} name=fake-{mode}",
        script.display(),
        tetsugaku().display()
    )
}

fn real(name: &str, limit: &str) -> String {
    format!("cmd={} name={name} {limit}", tetsugaku().display())
}

/// What a match run left behind.
struct Run {
    success: bool,
    summary: String,
    progress: String,
    records: String,
}

/// Runs `arena match` with the engines given and `extra` arguments; the record file goes to a
/// fresh temporary path named after `tag`.
fn arena(tag: &str, engines: &[String], extra: &str) -> Run {
    let record = std::env::temp_dir().join(format!("arena-test-{tag}-{}.games", std::process::id()));
    let mut args = vec!["match".to_string()];
    for engine in engines {
        args.push("--engine".into());
        args.extend(engine.split_whitespace().map(String::from));
    }
    args.extend(extra.split_whitespace().map(String::from));
    args.extend(["--record".into(), record.display().to_string()]);
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(&args).output().expect("arena runs");
    let records = std::fs::read_to_string(&record).unwrap_or_default();
    let _ = std::fs::remove_file(&record);
    Run {
        success: output.status.success(),
        summary: String::from_utf8_lossy(&output.stdout).into_owned(),
        progress: String::from_utf8_lossy(&output.stderr).into_owned(),
        records,
    }
}

/// The values of header `key`, game by game in file order.
fn headers(records: &str, key: &str) -> Vec<String> {
    let prefix = format!("[{key} \"");
    records.lines().filter_map(|l| l.strip_prefix(&prefix)?.strip_suffix("\"]").map(String::from)).collect()
}

/// `arena replay` on the records: every game must re-validate.
fn replays_cleanly(records: &str, tag: &str) {
    let path = std::env::temp_dir().join(format!("arena-replay-{tag}-{}.games", std::process::id()));
    std::fs::write(&path, records).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).arg("replay").arg(&path).output().unwrap();
    let _ = std::fs::remove_file(&path);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "replay failed:\n{report}");
    assert!(report.contains("all valid"), "{report}");
}

/// Checks that in every game whose termination is `termination`, `culprit` lost.
fn culprit_lost(run: &Run, termination: &str, culprit: &str) -> usize {
    let firsts = headers(&run.records, "First");
    let results = headers(&run.records, "Result");
    let terminations = headers(&run.records, "Termination");
    let mut count = 0;
    for ((first, result), ending) in firsts.iter().zip(&results).zip(&terminations) {
        if ending == termination {
            let expected = if first == culprit { "0-1" } else { "1-0" };
            assert_eq!(result, expected, "the culprit {culprit} must lose:\n{}", run.records);
            count += 1;
        }
    }
    count
}

#[test]
fn an_illegal_move_loses_and_the_match_goes_on() {
    let run =
        arena("illegal", &[fake("illegal", 3), real("depth1", "depth=1")], "--each depth=1 --games 2 --max-plies 40");
    assert!(run.success, "{}", run.progress);
    assert_eq!(headers(&run.records, "Game").len(), 2, "{}", run.records);
    assert_eq!(culprit_lost(&run, "illegal", "fake-illegal"), 1, "{}", run.records);
    assert_eq!(headers(&run.records, "IllegalMove"), ["1a1a"]);
    assert!(run.summary.contains("2 games"), "{}", run.summary);
    replays_cleanly(&run.records, "illegal");
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let run = arena("crash", &[real("depth1", "depth=1"), fake("crash", 2)], "--each depth=1 --games 2");
    assert!(run.success, "{}", run.progress);
    assert_eq!(culprit_lost(&run, "crash", "fake-crash"), 2, "restarted, it crashes again:\n{}", run.records);
    assert!(run.progress.contains("crashed"), "{}", run.progress);
    replays_cleanly(&run.records, "crash");
}

#[test]
fn an_engine_that_never_answers_loses_on_time_and_is_replaced() {
    let run =
        arena("hang", &[fake("hang", 2), real("depth1", "depth=1")], "--each movetime=150ms --games 2 --margin 50ms");
    assert!(run.success, "{}", run.progress);
    assert_eq!(culprit_lost(&run, "time", "fake-hang"), 2, "{}", run.records);
    assert!(run.progress.contains("did not answer within"), "{}", run.progress);
    let run = arena(
        "hang-depth",
        &[real("depth1", "depth=1"), fake("hang", 1)],
        "--each depth=1 --games 1 --hang-timeout 1s --random-plies 0",
    );
    assert_eq!(
        culprit_lost(&run, "time", "fake-hang"),
        1,
        "a depth-limited hang ends at --hang-timeout:\n{}",
        run.records
    );
}

#[test]
fn a_disconnected_engine_loses() {
    let run = arena("disconnect", &[real("depth1", "depth=1"), fake("disconnect", 1)], "--each depth=1 --games 2");
    assert!(run.success, "{}", run.progress);
    assert_eq!(culprit_lost(&run, "crash", "fake-disconnect"), 2, "{}", run.records);
}

#[test]
fn junk_output_is_ignored_and_counted() {
    let run = arena("junk", &[fake("junk", 1), real("depth1", "depth=1")], "--each depth=1 --games 2 --max-plies 30");
    assert!(run.success, "{}", run.progress);
    let endings = headers(&run.records, "Termination");
    assert_eq!(endings.len(), 2);
    assert!(endings.iter().all(|e| e == "rules" || e == "adjudication"), "{endings:?}");
    assert!(run.summary.contains("Protocol trouble: fake-junk:"), "{}", run.summary);
    assert!(run.progress.contains("ignored unexpected output \"hello from a chatty engine\""), "{}", run.progress);
    replays_cleanly(&run.records, "junk");
}

#[test]
fn the_same_seed_gives_the_same_openings_and_games() {
    let engines = [real("a", "depth=1"), real("b", "depth=2")];
    let args = |seed: u32| {
        format!("--games 4 --random-plies 6 --seed {seed} --variant dai-hasami --max-plies 60 --concurrency 2")
    };
    let first = arena("seed-a", &engines, &args(11));
    let second = arena("seed-b", &engines, &args(11));
    let other = arena("seed-c", &engines, &args(12));
    let games = |run: &Run| {
        let mut games: Vec<(usize, String, String)> = headers(&run.records, "Game")
            .into_iter()
            .map(|n| n.parse().unwrap())
            .zip(headers(&run.records, "First"))
            .zip(run.records.lines().filter(|l| l.starts_with("moves")))
            .map(|((number, first), moves)| (number, first, moves.to_string()))
            .collect();
        games.sort();
        games
    };
    assert_eq!(games(&first).len(), 4);
    assert_eq!(games(&first), games(&second), "same seed, same deterministic engines: same games");
    let openings = |run: &Run| -> Vec<String> {
        games(run).iter().map(|(_, _, moves)| moves.split_whitespace().take(7).collect::<Vec<_>>().join(" ")).collect()
    };
    assert_ne!(openings(&first), openings(&other), "another seed, other openings");
    let pairs = openings(&first);
    assert_eq!(pairs[0], pairs[1], "each opening is played twice");
    assert_ne!(pairs[1], pairs[2]);
    let firsts: Vec<String> = games(&first).into_iter().map(|(_, first, _)| first).collect();
    assert_eq!(firsts, ["a", "b", "a", "b"], "colours swap within each pair");
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let run = arena(
        "sprt",
        &[real("weak", "depth=1"), real("strong", "depth=3")],
        "--games 100 --sprt 0 100 0.1 0.1 --concurrency 2 --max-plies 200",
    );
    assert!(run.success, "{}", run.progress);
    let played = headers(&run.records, "Game").len();
    assert!(played < 100, "SPRT should decide long before 100 games, played {played}");
    assert!(run.summary.contains("H0 accepted"), "{}", run.summary);
}

#[test]
fn adjudications_end_games_with_their_reasons() {
    let engines = [real("a", "depth=1"), real("b", "depth=2")];
    let run = arena("max-plies", &engines, "--games 2 --max-plies 12");
    assert_eq!(headers(&run.records, "Termination"), ["adjudication", "adjudication"], "{}", run.records);
    assert!(headers(&run.records, "Reason").iter().all(|r| r == "max plies adjudication: 12 plies played"));
    replays_cleanly(&run.records, "max-plies");

    // hasami-step is level for a long time: both engines' scores stay near 0.
    let run = arena("draw", &engines, "--variant hasami-step --games 2 --draw after=10 moves=3 score=50");
    for reason in headers(&run.records, "Reason") {
        assert_eq!(reason, "draw adjudication: both scores within ±50 for 3 moves each", "{}", run.records);
    }
    replays_cleanly(&run.records, "draw");

    // Depth 1 against depth 3 in dai-hasami: the weak side's position collapses.
    let engines = [real("weak", "depth=1"), real("strong", "depth=3")];
    let run = arena("resign", &engines, "--variant dai-hasami --games 4 --resign moves=1 score=400");
    let resigned = culprit_lost(&run, "resign", "weak");
    assert!(resigned > 0, "{}", run.records);
    assert!(run.records.contains("resign adjudication: weak at or below -400 for 1 moves"), "{}", run.records);
    replays_cleanly(&run.records, "resign");
}

#[test]
fn openings_come_from_a_file_in_order() {
    let path = std::env::temp_dir().join(format!("arena-openings-{}.txt", std::process::id()));
    std::fs::write(&path, "# a comment\nstartpos moves 5i5h 1a1b\n\nposition sfen 9/9/9/9/9/9/9/p8/PP7 b - 1\n")
        .unwrap();
    let engines = [real("a", "depth=1"), real("b", "depth=1")];
    let run = arena("openings", &engines, &format!("--variant hasami-step --games 6 --openings {}", path.display()));
    let _ = std::fs::remove_file(&path);
    assert!(run.success, "{}", run.progress);
    let mut games: Vec<(usize, String, String)> = headers(&run.records, "Game")
        .into_iter()
        .map(|n| n.parse().unwrap())
        .zip(headers(&run.records, "Start"))
        .zip(headers(&run.records, "OpeningItems"))
        .map(|((n, start), items)| (n, start, items))
        .collect();
    games.sort();
    let starts: Vec<&str> = games.iter().map(|(_, start, _)| start.as_str()).collect();
    let sfen = "9/9/9/9/9/9/9/p8/PP7 b - 1";
    assert_eq!(starts, ["startpos", "startpos", sfen, sfen, "startpos", "startpos"], "used in order, cycled");
    assert_eq!(games[0].2, "2");
    assert_eq!(games[2].2, "0");
    replays_cleanly(&run.records, "openings");
}

#[test]
fn a_broken_configuration_stops_the_match_before_the_first_game() {
    let good = real("good", "depth=1");
    for (engine, extra, message) in [
        (real("picky", "depth=1 option.NoSuchOption=1"), "", "picky: refused the set-up"),
        (real("lost", "depth=1 dir=/nonexistent-dir"), "", "working directory /nonexistent-dir does not exist"),
        ("cmd=/nonexistent/engine depth=1".to_string(), "", "cannot start /nonexistent/engine"),
    ] {
        let run = arena("config", &[good.clone(), engine], extra);
        assert!(!run.success, "{message}");
        assert!(run.progress.contains(message), "expected {message:?} in\n{}", run.progress);
        assert_eq!(run.records, "", "no game is played");
    }
}

/// The value after `key` (`"k 0.98;"` gives 0.98) in `text`.
fn number_after(text: &str, key: &str) -> f64 {
    let at = text.find(key).unwrap_or_else(|| panic!("no {key:?} in\n{text}")) + key.len();
    let word = text[at..].split_whitespace().next().unwrap_or_default();
    word.trim_end_matches([';', ',']).parse().unwrap_or_else(|_| panic!("{word:?} after {key:?}"))
}

#[test]
fn tune_labels_positions_with_an_engines_scores() {
    let run = arena("label", &[real("a", "depth=2"), real("b", "depth=2")], "--games 2 --max-plies 80");
    assert!(run.success, "{}", run.progress);
    let path = std::env::temp_dir().join(format!("arena-label-{}.games", std::process::id()));
    std::fs::write(&path, &run.records).unwrap();
    let label_engine = real("labeller", "depth=2");
    let mut args = vec!["tune".to_string(), path.display().to_string(), "--passes".into(), "1".into()];
    args.extend(["--holdout".into(), "0".into(), "--label-engine".into()]);
    args.extend(label_engine.split_whitespace().map(String::from));
    let labels = path.with_extension("labels");
    args.extend(["--save-labels".into(), labels.display().to_string()]);
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(&args).output().unwrap();
    let _ = std::fs::remove_file(&path);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    let labelled = number_after(&report, "labelled ");
    let positions = number_after(&report, " of ");
    assert!(labelled > 0.0 && labelled < positions, "only quiet positions are labelled:\n{report}");
    // A two-ply search of a quiet position scores it not far from its evaluation, from the side
    // to move's point of view (one ply would add the side to move's best move to every label);
    // turned to the first player's, the labels fit the evaluation at a scale of the order of 1
    // (labels from the wrong side's point of view fit at the scale search's floor, k = 0.0001).
    let k = number_after(&report, "k ");
    assert!((0.2..2.0).contains(&k), "k {k}:\n{report}");
    assert!(number_after(&report, "error before ") < 0.15, "{report}");
    // The saved labels fit again without the engine, to the same scale and error.
    let args = ["tune".to_string(), "--labels".into(), labels.display().to_string(), "--passes".into(), "1".into()];
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(&args).output().unwrap();
    let again = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{again}\n{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(number_after(&again, "k "), k, "{again}");
    assert_eq!(number_after(&again, "error before "), number_after(&report, "error before "), "{again}");
    let quiet = number_after(&report, "positions, ");
    assert_eq!(number_after(&again, "positions, "), quiet, "{report}\n{again}");
    // Label files add up.
    let twice = [&args[..], &["--labels".into(), labels.display().to_string()]].concat();
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(&twice).output().unwrap();
    let _ = std::fs::remove_file(&labels);
    let both = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{both}\n{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(number_after(&both, "positions, "), 2.0 * quiet, "{both}");
}

#[test]
fn tune_labels_chance_positions_with_the_weighted_mean_over_the_rolls() {
    let run =
        arena("chance", &[real("a", "depth=1"), real("b", "depth=1")], "--variant shogammon --games 1 --max-plies 30");
    assert!(run.success, "{}", run.progress);
    let path = std::env::temp_dir().join(format!("arena-chance-{}.games", std::process::id()));
    std::fs::write(&path, &run.records).unwrap();
    // The labeller scores a position 40 x the product of its roll's dice: over the 36 ordered
    // rolls that averages 40 x 3.5 x 3.5 = 490 (over the 21 rolls unweighted, 506.7).
    let labels = path.with_extension("labels");
    let mut args = vec!["tune".to_string(), path.display().to_string(), "--passes".into(), "1".into()];
    args.extend(["--holdout", "0", "--skip-plies", "8", "--label-chance"].map(String::from));
    args.push("--label-engine".into());
    args.extend(fake("dice", 1).split_whitespace().map(String::from));
    args.extend(["nodes=100".into(), "--save-labels".into(), labels.display().to_string()]);
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(&args).output().unwrap();
    let _ = std::fs::remove_file(&path);
    let saved = std::fs::read_to_string(&labels).unwrap_or_default();
    let _ = std::fs::remove_file(&labels);
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    // Chance and decision positions alternate: about half are labelled.
    let (labelled, positions) = (number_after(&report, "labelled "), number_after(&report, " of "));
    assert!(labelled > 0.0 && (2.0 * labelled - positions).abs() <= 1.0, "{report}");
    let lines: Vec<&str> = saved.lines().filter(|l| l.starts_with("train ")).collect();
    assert_eq!(lines.len() as f64, labelled, "{saved}");
    for line in lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(fields[5], "-", "a chance position: {line}");
        let first = if fields[3] == "b" { 490 } else { -490 };
        let label: f64 = fields[1].parse().unwrap();
        assert!((label - tetsugaku::tune::sigmoid(1.0, first)).abs() < 1e-12, "{line}");
    }
}

/// Runs `arena merge` on `shards` into `record`: (success, stdout and stderr).
fn merge(shards: &[&PathBuf], record: &PathBuf, extra: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_arena"))
        .arg("merge")
        .args(shards)
        .arg("--record")
        .arg(record)
        .args(extra)
        .output()
        .expect("arena runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// A record's blocks, the match header first and the games after it sorted by number.
fn blocks(records: &str) -> Vec<String> {
    let mut blocks: Vec<String> =
        records.split("\n\n").map(str::trim).filter(|b| !b.is_empty()).map(String::from).collect();
    let number = |block: &String| headers(block, "Game").first().and_then(|n| n.parse::<usize>().ok()).unwrap_or(0);
    blocks.sort_by_key(number);
    blocks
}

#[test]
fn merged_shards_are_the_unsharded_match() {
    // Shogammon's dice come from the seed and the opening: a shard rolls what the whole match
    // does. (Its search at depth 2 takes seconds a move.)
    for (variant, games, deeper) in [("shogi", 12, "depth=2"), ("shogammon", 8, "depth=1 option.USI_Hash=8")] {
        let engines = [real("a", "depth=1"), real("b", deeper)];
        let args = format!("--variant {variant} --games {games} --seed 5 --max-plies 100");
        let whole = arena(&format!("whole-{variant}"), &engines, &format!("{args} --concurrency 2"));
        assert!(whole.success, "{}", whole.progress);
        let shards: Vec<PathBuf> = (1..=3)
            .map(|i| {
                let run = arena(&format!("shard-{variant}-{i}"), &engines, &format!("{args} --shard {i}/3"));
                assert!(run.success && run.summary.contains(" of 6") == (games == 12), "{}", run.summary);
                let path = std::env::temp_dir().join(format!("arena-shard-{variant}-{i}-{}.games", std::process::id()));
                std::fs::write(&path, &run.records).unwrap();
                path
            })
            .collect();
        // The merge writes where the whole match wrote, so even the summary's last line agrees.
        let record = std::env::temp_dir().join(format!("arena-test-whole-{variant}-{}.games", std::process::id()));
        let (merged, summary) = merge(&[&shards[2], &shards[0], &shards[1]], &record, &[]);
        let records = std::fs::read_to_string(&record).unwrap_or_default();
        let _ = std::fs::remove_file(&record);
        assert!(merged, "{summary}");
        assert_eq!(summary, whole.summary, "the summary of the merged shards is the unsharded match's");
        assert_eq!(blocks(&records), blocks(&whole.records), "the same header and the same games");
        assert_eq!(blocks(&records).len(), games + 1);
        replays_cleanly(&records, &format!("merged-{variant}"));
        if variant == "shogi" {
            refuses_bad_shards(&shards, &record, &args, &engines);
        }
        for path in shards {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// `arena merge` refuses a missing slice, overlapping shards, a shard missing a game and a shard
/// of another match; `--partial` merges a run of slices.
fn refuses_bad_shards(shards: &[PathBuf], record: &PathBuf, args: &str, engines: &[String]) {
    let refused = |shards: &[&PathBuf], message: &str| {
        let (merged, text) = merge(shards, record, &[]);
        assert!(!merged && text.contains(message), "expected {message:?}:\n{text}");
    };
    refused(&[&shards[0], &shards[2]], "are in no shard");
    refused(&[&shards[0], &shards[1]], "openings 5-6 of 6 are in no shard");
    refused(&[&shards[0], &shards[1], &shards[1], &shards[2]], "overlap");
    let cut = shards[2].with_extension("cut");
    let text = std::fs::read_to_string(&shards[2]).unwrap();
    let last_game = text.trim_end().rfind("\n\n").unwrap();
    std::fs::write(&cut, &text[..last_game]).unwrap();
    refused(&[&shards[0], &shards[1], &cut], "are missing");
    let other = arena("shard-other-seed", engines, &format!("{} --shard 3/3", args.replace("--seed 5", "--seed 6")));
    std::fs::write(&cut, &other.records).unwrap();
    refused(&[&shards[0], &shards[1], &cut], "are not of one match: Seed");
    let _ = std::fs::remove_file(&cut);
    let (merged, text) = merge(&[&shards[1], &shards[0]], record, &["--partial"]);
    let _ = std::fs::remove_file(record);
    assert!(merged && text.contains("8 games, seed 5, openings 1-4 of 6"), "{text}");
}

#[test]
fn a_shard_leaves_the_sprt_to_the_merge() {
    let engines = [real("weak", "depth=1"), real("strong", "depth=3")];
    let args = "--variant dai-hasami --games 40 --seed 5 --sprt 0 100 0.1 0.1 --max-plies 200";
    let whole = arena("sprt-whole", &engines, args);
    let stopped = headers(&whole.records, "Game").len();
    assert!(stopped < 20 && whole.summary.contains("H0 accepted"), "{}", whole.summary);
    let shard = arena("sprt-shard", &engines, &format!("{args} --shard 1/2"));
    assert_eq!(headers(&shard.records, "Game").len(), 20, "a shard plays its whole slice:\n{}", shard.progress);
    assert!(shard.summary.contains("past the H0 bound in this slice alone"), "{}", shard.summary);
    let path = std::env::temp_dir().join(format!("arena-sprt-shard-{}.games", std::process::id()));
    std::fs::write(&path, &shard.records).unwrap();
    let record = path.with_extension("merged");
    let (merged, summary) = merge(&[&path], &record, &["--partial"]);
    let _ = (std::fs::remove_file(&path), std::fs::remove_file(&record));
    assert!(merged && summary.contains("H0 accepted at game 20"), "the merge decides:\n{summary}");
}
