//! A match: the schedule of games, the worker threads that play them, live progress, records
//! and the final summary.

use crate::adjudication::{DrawRule, ResignRule};
use crate::engine::{Engine, Trouble};
use crate::game;
use crate::opening::Opening;
use crate::record::GameRecord;
use crate::referee::Referee;
use crate::spec::EngineSpec;
use crate::stats::{GameScore, Sprt, SprtDecision, Tally};
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Write as _;
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
    /// At least `games.div_ceil(2)` openings, used in order by every pairing.
    pub openings: Vec<Opening>,
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

/// A finished game with the protocol trouble each seat caused during it.
struct Finished {
    job: Job,
    record: GameRecord,
    trouble: [Trouble; 2],
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

fn pairings(engines: usize, format: Format) -> Vec<(usize, usize)> {
    match format {
        Format::Gauntlet => (1..engines).map(|j| (0, j)).collect(),
        Format::RoundRobin => (0..engines).flat_map(|i| (i + 1..engines).map(move |j| (i, j))).collect(),
    }
}

/// The results of one pairing, from its first engine's point of view.
#[derive(Default)]
struct PairingStats {
    tally: Tally,
    /// The first game of each opening pair whose second game has not finished.
    waiting: HashMap<usize, GameScore>,
}

/// Running totals of the whole match.
struct Standings {
    pairings: Vec<(usize, usize)>,
    stats: Vec<PairingStats>,
    points: Vec<f64>,
    games: Vec<u64>,
    trouble: Vec<Trouble>,
    terminations: BTreeMap<&'static str, u64>,
}

impl Standings {
    fn new(settings: &Settings) -> Standings {
        let pairings = pairings(settings.engines.len(), settings.format);
        let n = settings.engines.len();
        Standings {
            stats: pairings.iter().map(|_| PairingStats::default()).collect(),
            pairings,
            points: vec![0.0; n],
            games: vec![0; n],
            trouble: vec![Trouble::default(); n],
            terminations: BTreeMap::new(),
        }
    }

    /// Adds a game; returns the index of its pairing.
    fn add(&mut self, finished: &Finished) -> usize {
        let Job { first, second, opening, .. } = finished.job;
        let score_of_first = finished.record.result.for_first();
        for (engine, score, trouble) in
            [(first, score_of_first, finished.trouble[0]), (second, score_of_first.flipped(), finished.trouble[1])]
        {
            self.points[engine] += score.points();
            self.games[engine] += 1;
            self.trouble[engine].junk += trouble.junk;
            self.trouble[engine].errors += trouble.errors;
        }
        *self.terminations.entry(finished.record.termination.word()).or_default() += 1;
        let index = self.pairings.iter().position(|&p| p == (first, second) || p == (second, first)).unwrap_or(0);
        let view = if self.pairings[index].0 == first { score_of_first } else { score_of_first.flipped() };
        let stats = &mut self.stats[index];
        stats.tally.add_game(view);
        match stats.waiting.remove(&opening) {
            Some(earlier) => stats.tally.add_pair(earlier, view),
            None => {
                stats.waiting.insert(opening, view);
            }
        }
        index
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
    let mut record_file = std::fs::File::create(&settings.record)
        .map_err(|e| format!("cannot create the record file {}: {e}", settings.record.display()))?;
    let jobs = schedule(settings.engines.len(), settings.format, settings.games);
    let total = jobs.len();
    let queue = Mutex::new(VecDeque::from(jobs));
    let stop = AtomicBool::new(false);
    let mut standings = Standings::new(settings);
    let mut sprt_decision = None;
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
            let pairing = standings.add(&finished);
            eprintln!("{}", progress_line(settings, &standings, pairing, &finished, done + 1, total));
            if let Some(sprt) = settings.sprt {
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
    Ok(summary(settings, &standings, sprt_decision))
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
    let record = match &mut seats {
        [Ok(first), Ok(second)] => game::play(&job, settings, start, [first, second]),
        [Err(error), _] => game::not_started(&job, settings, start, Side::First, error),
        [_, Err(error)] => game::not_started(&job, settings, start, Side::Second, error),
    };
    let mut trouble = [Trouble::default(); 2];
    for (seat, (index, engine)) in [job.first, job.second].into_iter().zip(seats).enumerate() {
        if let Ok(mut engine) = engine {
            trouble[seat] = std::mem::take(&mut engine.trouble);
            processes[index] = Some(engine);
        }
    }
    Finished { job, record, trouble }
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
}

fn progress_line(
    settings: &Settings,
    standings: &Standings,
    pairing: usize,
    finished: &Finished,
    done: usize,
    total: usize,
) -> String {
    let record = &finished.record;
    let (a, b) = standings.pairings[pairing];
    let tally = &standings.stats[pairing].tally;
    let mut line = format!(
        "[{done:>width$}/{total}] game {}: {} vs {}: {} {} ({})   {} vs {}: +{} ={} -{}",
        record.number,
        record.first,
        record.second,
        record.result.text(),
        record.termination.word(),
        record.reason,
        settings.engines[a].name,
        settings.engines[b].name,
        tally.wins,
        tally.draws,
        tally.losses,
        width = total.to_string().len(),
    );
    if let Some(elo) = tally.elo() {
        let _ = write!(line, "  Elo {elo}");
    }
    line
}

/// The match's summary. `sprt_decision` is the SPRT's decision and the number of games at which
/// it was taken: games already under way then are finished and counted, and may move the final
/// LLR back between the bounds, but the decision stands (no game was started after it).
fn summary(settings: &Settings, standings: &Standings, sprt_decision: Option<(SprtDecision, usize)>) -> String {
    let mut out = String::new();
    let played: u64 = standings.stats.iter().map(|s| s.tally.games()).sum();
    let _ = writeln!(out, "Match summary: {}, {played} games, seed {}", settings.variant, settings.seed);
    for (&(a, b), stats) in standings.pairings.iter().zip(&standings.stats) {
        let (ea, eb) = (&settings.engines[a], &settings.engines[b]);
        let tally = &stats.tally;
        let _ = writeln!(out, "{} ({}) vs {} ({}): {} games", ea.name, ea.limit, eb.name, eb.limit, tally.games());
        let score = tally.score().map_or("-".into(), |s| format!("{:.1}%", 100.0 * s));
        let _ = writeln!(out, "  W-D-L {}-{}-{} for {}, score {score}", tally.wins, tally.draws, tally.losses, ea.name);
        let elo = tally.elo().map_or("-".into(), |e| e.to_string());
        let los = tally.los().map_or("-".into(), |l| format!("{:.1}%", 100.0 * l));
        let _ = writeln!(out, "  Elo {elo} (95%), LOS {los}");
        let p = tally.pairs;
        let _ = writeln!(
            out,
            "  pentanomial [0, 0.5, 1, 1.5, 2 points]: [{}, {}, {}, {}, {}]",
            p[0], p[1], p[2], p[3], p[4]
        );
    }
    if let Some(sprt) = settings.sprt {
        let tally = &standings.stats[0].tally;
        let (lower, upper) = sprt.bounds();
        let state = match sprt_decision {
            Some((SprtDecision::AcceptH1, games)) => format!("H1 accepted at game {games}"),
            Some((SprtDecision::AcceptH0, games)) => format!("H0 accepted at game {games}"),
            None => "undecided".to_string(),
        };
        let _ = writeln!(
            out,
            "  SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.3} (bounds {lower:.3}, {upper:.3}): {state}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.llr(tally)
        );
    }
    if settings.engines.len() > 2 {
        let _ = writeln!(out, "Standings:");
        let mut order: Vec<usize> = (0..settings.engines.len()).collect();
        order.sort_by(|&x, &y| standings.points[y].total_cmp(&standings.points[x]));
        for (rank, &engine) in order.iter().enumerate() {
            let name = &settings.engines[engine].name;
            let _ = writeln!(out, "  {}. {name}: {}/{}", rank + 1, standings.points[engine], standings.games[engine]);
        }
    }
    let endings: Vec<String> = standings.terminations.iter().map(|(word, n)| format!("{word} {n}")).collect();
    let _ = writeln!(out, "Terminations: {}", endings.join(", "));
    for (spec, trouble) in settings.engines.iter().zip(&standings.trouble) {
        if *trouble != Trouble::default() {
            let _ = writeln!(
                out,
                "Protocol trouble: {}: {} unexpected lines, {} refused commands",
                spec.name, trouble.junk, trouble.errors
            );
        }
    }
    let _ = writeln!(out, "Games recorded in {}", settings.record.display());
    out
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
