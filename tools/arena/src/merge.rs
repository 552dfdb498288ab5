//! `arena merge <records...>`: joins the records of a match's shards into one record and one
//! summary, the same as a single run of those games gives. Refuses shards of other matches,
//! shards that overlap, slices no shard played, and shards that lack games of their slice.

use crate::match_header::MatchHeader;
use crate::record::{parse_file, GameRecord};
use crate::slice::Slice;
use crate::standings::{summary, Standings};
use crate::tournament::{schedule, Job};
use clap::Args;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct MergeArgs {
    /// Records of shards of one match (`arena match --shard` or `--openings-range`), or of
    /// earlier merges.
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// The merged record file (overwritten; not one of the shards).
    #[arg(long)]
    record: PathBuf,
    /// Accept shards that cover only a run of the match's openings, not all of them: the merged
    /// record is then a slice itself (an SPRT over waves of shards merges what it has so far).
    #[arg(long)]
    partial: bool,
}

/// One shard's record file.
struct Shard {
    path: PathBuf,
    header: MatchHeader,
    games: Vec<GameRecord>,
}

impl Shard {
    fn read(path: &Path) -> Result<Shard, String> {
        let at = |e: String| format!("{}: {e}", path.display());
        let text = std::fs::read_to_string(path).map_err(|e| at(format!("cannot read it: {e}")))?;
        let (header, games) = parse_file(&text).map_err(at)?;
        let header =
            header.ok_or_else(|| at("no match header (not written by `arena match` or `arena merge`)".into()))?;
        Ok(Shard { path: path.to_path_buf(), header, games })
    }

    fn name(&self) -> String {
        format!("{} (openings {})", self.path.display(), self.header.slice)
    }
}

/// Merges the shards, writes the merged record and returns its summary.
pub fn run(args: &MergeArgs) -> Result<String, String> {
    let output = std::fs::canonicalize(&args.record).ok();
    let mut shards = Vec::new();
    for path in &args.records {
        if output.is_some() && std::fs::canonicalize(path).ok() == output {
            return Err(format!("--record {} is one of the shards; write the merge elsewhere", args.record.display()));
        }
        shards.push(Shard::read(path)?);
    }
    for shard in &shards[1..] {
        if let Some(difference) = shards[0].header.difference(&shard.header) {
            return Err(format!("{} and {} are not of one match: {difference}", shards[0].name(), shard.name()));
        }
    }
    shards.sort_by_key(|shard| shard.header.slice.start);
    let covered = coverage(&shards, args.partial)?;
    let mut header = shards[0].header.clone();
    header.slice = covered;
    let jobs = schedule(header.engines.len(), header.format, header.games);
    let mut standings = Standings::new(&header);
    let mut games = Vec::new();
    for mut shard in shards {
        let mut expected: BTreeMap<usize, Job> =
            jobs.iter().filter(|job| shard.header.slice.contains(job.opening)).map(|job| (job.number, *job)).collect();
        for game in std::mem::take(&mut shard.games) {
            let job = expected.remove(&game.number).ok_or_else(|| {
                format!("{}: game {} is not in its slice, or is there twice", shard.name(), game.number)
            })?;
            check_game(&header, job, &game).map_err(|e| format!("{}: game {}: {e}", shard.name(), game.number))?;
            standings.add(job, &game);
            games.push(game);
        }
        if !expected.is_empty() {
            let missing: Vec<String> = expected.keys().map(usize::to_string).collect();
            return Err(format!(
                "{}: games {} of its slice are missing (an interrupted shard? play it again)",
                shard.name(),
                missing.join(", ")
            ));
        }
    }
    games.sort_by_key(|game| game.number);
    let mut text = header.to_string();
    for game in &games {
        let _ = write!(text, "{game}");
    }
    std::fs::write(&args.record, text).map_err(|e| format!("cannot write {}: {e}", args.record.display()))?;
    Ok(summary(&header, &args.record, &standings, standings.final_decision(header.sprt)))
}

/// The run of openings the shards (sorted by their first opening) cover together; an error if
/// two overlap, if one is missing between them, or, unless `partial`, if they leave some out.
fn coverage(shards: &[Shard], partial: bool) -> Result<Slice, String> {
    let mut covered = shards[0].header.slice;
    for pair in shards.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (end, start) = (a.header.slice.end, b.header.slice.start);
        if start < end {
            return Err(format!("{} and {} overlap", a.name(), b.name()));
        }
        if start > end {
            return Err(format!(
                "openings {}-{start} are in no shard (between {} and {})",
                end + 1,
                a.name(),
                b.name()
            ));
        }
        covered = covered.joined(&b.header.slice);
    }
    if !covered.is_whole() && !partial {
        let mut missing = Vec::new();
        if covered.start > 0 {
            missing.push(format!("1-{}", covered.start));
        }
        if covered.end < covered.of {
            missing.push(format!("{}-{}", covered.end + 1, covered.of));
        }
        return Err(format!(
            "openings {} of {} are in no shard (--partial merges a run of them)",
            missing.join(" and "),
            covered.of
        ));
    }
    Ok(covered)
}

/// A game must be the one the schedule puts at its number (its opening, its players, and the
/// match's variant, rules and seed), and valid by `arena replay`'s checks (a game cut short
/// by an interrupted write is not).
fn check_game(header: &MatchHeader, job: Job, game: &GameRecord) -> Result<(), String> {
    let names = [&header.engines[job.first].name, &header.engines[job.second].name];
    if game.opening != job.opening + 1 {
        return Err(format!("opening {} where the schedule has {}", game.opening, job.opening + 1));
    }
    if [&game.first, &game.second] != names {
        return Err(format!("{} vs {} where the schedule has {} vs {}", game.first, game.second, names[0], names[1]));
    }
    if game.variant != header.variant || game.rules != header.rules || game.seed != header.seed {
        return Err("its variant, rules or seed differ from the match header's".into());
    }
    crate::replay::check(game)
}
