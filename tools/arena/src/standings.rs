//! The running totals of a match and its summary: the same for games as they finish
//! (`arena match`) and for the games of merged shards (`arena merge`), so a merged summary is
//! the one a single run of the same games prints.

use crate::engine::Trouble;
use crate::match_header::MatchHeader;
use crate::record::GameRecord;
use crate::stats::{GameScore, Sprt, SprtDecision, Tally};
use crate::tournament::{pairings, Job};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

/// The results of one pairing, from its first engine's point of view.
#[derive(Default)]
pub struct PairingStats {
    pub tally: Tally,
    /// The first game of each opening pair whose second game has not finished.
    waiting: HashMap<usize, GameScore>,
}

/// Running totals of the whole match. Independent of the order games are added in.
pub struct Standings {
    pub pairings: Vec<(usize, usize)>,
    pub stats: Vec<PairingStats>,
    points: Vec<f64>,
    games: Vec<u64>,
    trouble: Vec<Trouble>,
    terminations: BTreeMap<&'static str, u64>,
}

impl Standings {
    pub fn new(header: &MatchHeader) -> Standings {
        let n = header.engines.len();
        let pairings = pairings(n, header.format);
        Standings {
            stats: pairings.iter().map(|_| PairingStats::default()).collect(),
            pairings,
            points: vec![0.0; n],
            games: vec![0; n],
            trouble: vec![Trouble::default(); n],
            terminations: BTreeMap::new(),
        }
    }

    /// Adds the game `record` of `job`; returns the index of its pairing.
    pub fn add(&mut self, job: Job, record: &GameRecord) -> usize {
        let Job { first, second, opening, .. } = job;
        let score_of_first = record.result.for_first();
        for (engine, score, trouble) in
            [(first, score_of_first, record.trouble[0]), (second, score_of_first.flipped(), record.trouble[1])]
        {
            self.points[engine] += score.points();
            self.games[engine] += 1;
            self.trouble[engine].junk += trouble.junk;
            self.trouble[engine].errors += trouble.errors;
        }
        *self.terminations.entry(record.termination.word()).or_default() += 1;
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

    /// The games played so far.
    pub fn played(&self) -> u64 {
        self.stats.iter().map(|s| s.tally.games()).sum()
    }

    /// The decision of `sprt` (if the match has one) over every game added, with their number:
    /// how a match is judged once all its games are in (merged shards, a report).
    pub fn final_decision(&self, sprt: Option<Sprt>) -> Option<(SprtDecision, usize)> {
        sprt.and_then(|sprt| sprt.decision(&self.stats[0].tally)).map(|decision| (decision, self.played() as usize))
    }
}

/// The progress line of the `done`-th finished game of `total`, in pairing `pairing`.
pub fn progress_line(
    header: &MatchHeader,
    standings: &Standings,
    pairing: usize,
    record: &GameRecord,
    done: usize,
    total: usize,
) -> String {
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
        header.engines[a].name,
        header.engines[b].name,
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
pub fn summary(
    header: &MatchHeader,
    record: &Path,
    standings: &Standings,
    sprt_decision: Option<(SprtDecision, usize)>,
) -> String {
    let mut out = String::new();
    let slice = header.slice;
    let part = if slice.is_whole() {
        String::new()
    } else {
        format!(", openings {}-{} of {}", slice.start + 1, slice.end, slice.of)
    };
    let played = standings.played();
    let _ = writeln!(out, "Match summary: {}, {played} games, seed {}{part}", header.variant, header.seed);
    for (&(a, b), stats) in standings.pairings.iter().zip(&standings.stats) {
        let (ea, eb) = (&header.engines[a], &header.engines[b]);
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
    if let Some(sprt) = header.sprt {
        let tally = &standings.stats[0].tally;
        let (lower, upper) = sprt.bounds();
        let state = match sprt_decision {
            Some((decision, games)) => format!("{} accepted at game {games}", decision.hypothesis()),
            // A shard plays its whole slice: its games alone decide nothing.
            None => match sprt.decision(tally).filter(|_| !slice.is_whole()) {
                Some(decision) => {
                    format!("past the {} bound in this slice alone (merged shards decide)", decision.hypothesis())
                }
                None => "undecided".to_string(),
            },
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
    if header.engines.len() > 2 {
        let _ = writeln!(out, "Standings:");
        let mut order: Vec<usize> = (0..header.engines.len()).collect();
        order.sort_by(|&x, &y| standings.points[y].total_cmp(&standings.points[x]));
        for (rank, &engine) in order.iter().enumerate() {
            let name = &header.engines[engine].name;
            let _ = writeln!(out, "  {}. {name}: {}/{}", rank + 1, standings.points[engine], standings.games[engine]);
        }
    }
    let endings: Vec<String> = standings.terminations.iter().map(|(word, n)| format!("{word} {n}")).collect();
    let _ = writeln!(out, "Terminations: {}", endings.join(", "));
    for (seat, trouble) in header.engines.iter().zip(&standings.trouble) {
        if *trouble != Trouble::default() {
            let _ = writeln!(
                out,
                "Protocol trouble: {}: {} unexpected lines, {} refused commands",
                seat.name, trouble.junk, trouble.errors
            );
        }
    }
    let _ = writeln!(out, "Games recorded in {}", record.display());
    out
}
