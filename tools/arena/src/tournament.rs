//! A match: the schedule of games, the slice of it this run plays, the worker threads that play
//! them, live progress and the record file (the totals and the summary are `standings.rs`).

use crate::adjudication::{DrawRule, ResignRule};
use crate::engine::Engine;
use crate::game;
use crate::match_header::{MatchHeader, Seat};
use crate::opening::{self, Opening};
use crate::record::GameRecord;
use crate::referee::Referee;
use crate::slice::Slice;
use crate::spec::EngineSpec;
use crate::standings::{progress_line, summary, Standings};
use crate::stats::Sprt;
use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;
use tetsugaku::{RuleValues, Side};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Every engine against every other.
    RoundRobin,
    /// The first engine against each of the others.
    Gauntlet,
}

/// Everything a match needs, validated.
#[derive(Clone, Debug)]
pub struct Settings {
    pub variant: String,
    pub rules: RuleValues,
    pub engines: Vec<EngineSpec>,
    pub format: Format,
    /// Games per pairing; each opening is played twice, colours swapped.
    pub games: usize,
    /// `games.div_ceil(2)` openings, used in order by every pairing.
    pub openings: Vec<Opening>,
    /// Where the openings came from (`random 4 plies`, `file book.txt`).
    pub openings_source: String,
    /// The openings this run plays (all of them unless it is a shard).
    pub slice: Slice,
    pub seed: u64,
    pub concurrency: usize,
    pub margin: Duration,
    pub hang_timeout: Duration,
    pub max_plies: Option<usize>,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub sprt: Option<Sprt>,
    pub record: PathBuf,
}

/// One scheduled game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 1-based, in scheduling order.
    pub number: usize,
    /// Index into [`Settings::openings`].
    pub opening: usize,
    /// Engine indices of the first (`b`) and second (`w`) player.
    pub first: usize,
    pub second: usize,
}

/// A finished game.
struct Finished {
    job: Job,
    record: GameRecord,
}

/// The schedule: for each opening, for each pairing, two games with colours swapped (so early
/// results already cover every pairing, and both games of a pair run close together).
pub fn schedule(engines: usize, format: Format, games: usize) -> Vec<Job> {
    let pairings = pairings(engines, format);
    let mut jobs = Vec::new();
    for opening in 0..games.div_ceil(2) {
        for &(a, b) in &pairings {
            for (first, second) in [(a, b), (b, a)].into_iter().take(games - 2 * opening) {
                jobs.push(Job { number: jobs.len() + 1, opening, first, second });
            }
        }
    }
    jobs
}

/// The pairings of `engines` engines, each as (its first engine, its second).
pub fn pairings(engines: usize, format: Format) -> Vec<(usize, usize)> {
    match format {
        Format::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        Format::RoundRobin => (0..engines).flat_map(|i| (i + 1..engines).map(move |j| (i, j))).collect(),
    }
}

/// Plays the match, writing every game to the record file as it ends and a progress line to
/// stderr; returns the summary text.
pub fn run(settings: &Settings) -> Result<String, String> {
    let starts = settings
        .openings
        .iter()
        .map(|o| o.play_out(&settings.variant, &settings.rules))
        .collect::<Result<Vec<Referee>, String>>()?;
    // A configuration error (wrong path, an engine that cannot play the variant) stops the
    // match before it starts; failures after this are scored against the engine.
    for spec in &settings.engines {
        Engine::start(spec, &settings.variant, &settings.rule_options())?.quit();
    }
    let header = settings.header();
    let mut record_file = std::fs::File::create(&settings.record)
        .and_then(|mut file| write!(file, "{header}").map(|()| file))
        .map_err(|e| format!("cannot create the record file {}: {e}", settings.record.display()))?;
    let jobs = schedule(settings.engines.len(), settings.format, settings.games);
    let jobs: VecDeque<Job> = jobs.into_iter().filter(|job| settings.slice.contains(job.opening)).collect();
    let total = jobs.len();
    let queue = Mutex::new(jobs);
    let stop = AtomicBool::new(false);
    let mut standings = Standings::new(&header);
    let mut sprt_decision = None;
    // A shard plays its whole slice: the SPRT is over the merged shards (`arena merge`).
    let sprt = settings.sprt.filter(|_| settings.slice.is_whole());
    let (sender, results) = mpsc::channel::<Finished>();
    std::thread::scope(|scope| {
        for _ in 0..settings.concurrency.min(total.max(1)) {
            let sender = sender.clone();
            let (queue, stop, starts) = (&queue, &stop, &starts);
            scope.spawn(move || worker(settings, starts, queue, stop, sender));
        }
        drop(sender);
        for (done, finished) in results.iter().enumerate() {
            if let Err(error) = write!(record_file, "{}", finished.record).and_then(|()| record_file.flush()) {
                log::error!("cannot write to {}: {error}", settings.record.display());
            }
            let pairing = standings.add(finished.job, &finished.record);
            eprintln!("{}", progress_line(&header, &standings, pairing, &finished.record, done + 1, total));
            if let Some(sprt) = sprt {
                if let Some(decision) = sprt.decision(&standings.stats[0].tally) {
                    if sprt_decision.is_none() {
                        sprt_decision = Some((decision, done + 1));
                        stop.store(true, Ordering::Relaxed);
                        eprintln!("SPRT decided ({decision:?}): no new games are started");
                    }
                }
            }
        }
    });
    Ok(summary(&header, &settings.record, &standings, sprt_decision))
}

/// A worker: plays jobs from the queue until it is empty or the match is stopped, keeping one
/// engine process per engine (restarted when it dies or stops answering).
fn worker(
    settings: &Settings,
    starts: &[Referee],
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    results: mpsc::Sender<Finished>,
) {
    let mut processes: Vec<Option<Engine>> = settings.engines.iter().map(|_| None).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let Some(job) = queue.lock().ok().and_then(|mut q| q.pop_front()) else { break };
        let finished = play_job(settings, &starts[job.opening], job, &mut processes);
        if results.send(finished).is_err() {
            break;
        }
    }
    for engine in processes.into_iter().flatten() {
        engine.quit();
    }
}

fn play_job(settings: &Settings, start: &Referee, job: Job, processes: &mut [Option<Engine>]) -> Finished {
    let mut seats = [job.first, job.second].map(|index| take_engine(settings, processes, index));
    let mut record = match &mut seats {
        [Ok(first), Ok(second)] => game::play(&job, settings, start, [first, second]),
        [Err(error), _] => game::not_started(&job, settings, start, Side::First, error),
        [_, Err(error)] => game::not_started(&job, settings, start, Side::Second, error),
    };
    for (seat, (index, engine)) in [job.first, job.second].into_iter().zip(seats).enumerate() {
        if let Ok(mut engine) = engine {
            record.trouble[seat] = std::mem::take(&mut engine.trouble);
            processes[index] = Some(engine);
        }
    }
    Finished { job, record }
}

/// The engine process for `index`: the running one if it still works, else a new one.
fn take_engine(settings: &Settings, processes: &mut [Option<Engine>], index: usize) -> Result<Engine, String> {
    if let Some(mut engine) = processes[index].take() {
        if engine.is_usable() {
            return Ok(engine);
        }
        log::warn!("restarting {}", engine.name);
    }
    let rule_options = settings.rule_options();
    Engine::start(&settings.engines[index], &settings.variant, &rule_options)
}

impl Settings {
    /// The rule options engines are sent (`setoption`), matching the referee's rules.
    pub fn rule_options(&self) -> Vec<(String, String)> {
        crate::engine::rule_options(&self.rules)
    }

    /// The header of this run's record: everything that decides the games, and the slice.
    pub fn header(&self) -> MatchHeader {
        let or_none = |text: Option<String>| text.unwrap_or_else(|| "none".into());
        MatchHeader {
            variant: self.variant.clone(),
            rules: self.rules.clone(),
            seed: self.seed,
            games: self.games,
            format: self.format,
            openings: self.openings_source.clone(),
            openings_digest: opening::digest(&self.openings),
            engines: self
                .engines
                .iter()
                .map(|spec| Seat { name: spec.name.clone(), limit: spec.limit.to_string(), setup: spec.setup() })
                .collect(),
            adjudication: format!(
                "margin {:?}, hang-timeout {:?}, max-plies {}, resign {}, draw {}",
                self.margin,
                self.hang_timeout,
                or_none(self.max_plies.map(|n| n.to_string())),
                or_none(self.resign.map(|r| format!("moves={} score={}", r.moves, r.score))),
                or_none(self.draw.map(|d| format!("after={} moves={} score={}", d.after, d.moves, d.score))),
            ),
            sprt: self.sprt,
            slice: self.slice,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_played_twice_with_colours_swapped() {
        let jobs = schedule(2, Format::RoundRobin, 5);
        let seats: Vec<(usize, usize, usize)> = jobs.iter().map(|j| (j.opening, j.first, j.second)).collect();
        assert_eq!(seats, [(0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 1, 0), (2, 0, 1)]);
        assert_eq!(jobs.iter().map(|j| j.number).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn round_robin_and_gauntlet_pairings() {
        assert_eq!(pairings(3, Format::RoundRobin), [(0, 1), (0, 2), (1, 2)]);
        assert_eq!(pairings(3, Format::Gauntlet), [(0, 1), (0, 2)]);
        assert_eq!(schedule(3, Format::RoundRobin, 2).len(), 6);
    }
}
