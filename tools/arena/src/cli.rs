//! The command line: `arena match ...`, `arena replay <file>`, `arena tune <records...>`,
//! `arena merge <records...>` and `arena report <record>`.

use crate::adjudication::{DrawRule, ResignRule};
use crate::dice::Dice;
use crate::limit::parse_duration;
use crate::opening::{self, Opening};
use crate::slice::Slice;
use crate::spec::{EngineSpec, KEYS};
use crate::stats::Sprt;
use crate::tournament::{Format, Settings};
use clap::{ArgAction, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::PathBuf;
use std::time::Duration;
use tetsugaku::{RuleValues, Variant};

#[derive(Parser)]
#[command(
    name = "arena",
    version,
    about = "Engine-vs-engine matches in every Tetsugaku variant, refereed by the tetsugaku library"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Parses the command line `args` (program name first), grouping each `--engine`'s items.
    pub fn read<I: IntoIterator<Item = std::ffi::OsString>>(args: I) -> Result<Cli, clap::Error> {
        let matches = Cli::command().try_get_matches_from(args)?;
        let mut cli = Cli::from_arg_matches(&matches)?;
        if let (Command::Match(args), Some(("match", sub))) = (&mut cli.command, matches.subcommand()) {
            if let Some(groups) = sub.get_occurrences::<String>("engine") {
                args.engines = groups.map(|group| group.cloned().collect()).collect();
            }
        }
        Ok(cli)
    }
}

#[derive(Subcommand)]
pub enum Command {
    /// Play a match (or tournament) and print its summary.
    Match(Box<MatchArgs>),
    /// Re-validate every game of a record file against the rules; exit status 1 if any is
    /// invalid.
    Replay {
        /// A record file written by `arena match --record`.
        file: PathBuf,
    },
    /// Tune the variant's evaluation weights to the results of recorded games (Texel's method).
    Tune(crate::tune::TuneArgs),
    /// Join the records of a match's shards into one record, and print its summary.
    Merge(crate::merge::MergeArgs),
    /// Write an HTML page of a match: summary, Elo chart, table and a board viewer per game.
    Report(crate::report::ReportArgs),
}

#[derive(Args)]
pub struct MatchArgs {
    /// An engine, as KEY=VALUE items; give two or more engines.
    #[arg(long = "engine", required = true, num_args = 1.., action = ArgAction::Append, value_name = "KEY=VALUE",
          long_help = format!("An engine, as KEY=VALUE items; give two or more engines. Keys: {KEYS}"))]
    engine: Vec<String>,
    /// The items of each `--engine`, grouped (clap's derive flattens them; [`Cli::read`] groups).
    #[arg(skip)]
    engines: Vec<Vec<String>>,
    /// KEY=VALUE items applied to every engine before its own.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// The variant (a name listed by `tetsugaku`'s `usi`).
    #[arg(long, default_value = "shogi")]
    variant: String,
    /// Who plays whom.
    #[arg(long, value_enum, default_value_t = Format::RoundRobin)]
    format: Format,
    /// Games per pairing; each opening is played twice with colours swapped.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// A file of openings, one per line as USI `position` arguments (`startpos moves ...` or
    /// `sfen <position> moves ...`), used in order and cycled.
    #[arg(long, conflicts_with = "random_plies")]
    openings: Option<PathBuf>,
    /// Open each pair with this many random legal plies (from --seed); 0 plays every game from
    /// the start position.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// The seed of random openings and dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only shard I of N (1-based): an equal share of the match's opening pairs, with the
    /// same openings, dice and game numbers as in the whole match (`arena merge` joins shards).
    #[arg(long, value_name = "I/N", conflicts_with = "openings_range")]
    shard: Option<String>,
    /// Play only openings A to B (1-based, both included) of the match, as a shard.
    #[arg(long, value_name = "A-B")]
    openings_range: Option<String>,
    /// Games played at the same time (each with its own two engine processes).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Time a move may exceed its allowance without losing (200ms, 1.5s, 2).
    #[arg(long, default_value = "100ms", value_parser = parse_duration)]
    margin: Duration,
    /// How long a depth- or node-limited move may take before it is a hang (a loss on time).
    #[arg(long, default_value = "60s", value_parser = parse_duration)]
    hang_timeout: Duration,
    /// Adjudicate a draw after this many plies (moves); 0 never does.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Resign adjudication: `moves=M score=S` (both engines agree for M moves each, S centipawns).
    #[arg(long, num_args = 2, value_name = "KEY=VALUE")]
    resign: Vec<String>,
    /// Draw adjudication: `after=P moves=M score=S` (from ply P, both within ±S for M moves each).
    #[arg(long, num_args = 2..=3, value_name = "KEY=VALUE")]
    draw: Vec<String>,
    /// Stop when a sequential probability ratio test decides (two engines only).
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
    sprt: Option<Vec<f64>>,
    /// The game-record file (overwritten).
    #[arg(long, default_value = "arena.games")]
    record: PathBuf,
    /// A rule option of the variant, NAME=VALUE (repeatable): the referee plays by it and the
    /// engines are sent `setoption name NAME value VALUE` (e.g. MakyekWin=all-but-one).
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    rules: Vec<String>,
}

impl MatchArgs {
    /// Validated settings, openings generated or read and checked.
    pub fn settings(&self) -> Result<Settings, String> {
        let engines =
            self.engines.iter().map(|own| EngineSpec::parse(&self.each, own)).collect::<Result<Vec<_>, _>>()?;
        if engines.len() < 2 {
            return Err("a match needs at least two engines".into());
        }
        if self.games == 0 {
            return Err("--games must be at least 1".into());
        }
        let sprt = match &self.sprt {
            Some(v) if engines.len() != 2 => return Err(format!("--sprt {v:?} needs exactly two engines")),
            Some(v) => Some(Sprt::new(v[0], v[1], v[2], v[3])?),
            None => None,
        };
        let rules = self.rule_values()?;
        let needed = self.games.div_ceil(2);
        let slice = match (&self.shard, &self.openings_range) {
            (Some(shard), _) => Slice::shard(shard, needed)?,
            (None, Some(range)) => Slice::range(range, needed)?,
            (None, None) => Slice::whole(needed),
        };
        let openings_source = match &self.openings {
            Some(path) => format!("file {}", path.file_name().map_or(path.as_os_str(), |name| name).to_string_lossy()),
            None => format!("random {} plies", self.random_plies),
        };
        let openings = match &self.openings {
            Some(path) => {
                let book = opening::read_file(path, &self.variant, &rules)?;
                (0..needed).map(|i| book[i % book.len()].clone()).collect()
            }
            None => (0..needed)
                .map(|i| {
                    Opening::random(&self.variant, &rules, self.random_plies, &mut Dice::new(self.seed, 2 * i as u64))
                })
                .collect::<Result<Vec<_>, _>>()?,
        };
        Ok(Settings {
            variant: self.variant.clone(),
            rules,
            engines,
            format: self.format,
            games: self.games,
            openings,
            openings_source,
            slice,
            seed: self.seed,
            concurrency: self.concurrency as usize,
            margin: self.margin,
            hang_timeout: self.hang_timeout,
            max_plies: (self.max_plies > 0).then_some(self.max_plies),
            resign: parse_resign(&self.resign)?,
            draw: parse_draw(&self.draw)?,
            sprt,
            record: self.record.clone(),
        })
    }
}

impl MatchArgs {
    /// The `--rule NAME=VALUE` items, each checked against the variant's declared options.
    fn rule_values(&self) -> Result<RuleValues, String> {
        let variant = Variant::named(&self.variant).ok_or(format!("unknown variant {}", self.variant))?;
        variant.rule_values(self.rules.iter().map(String::as_str)).map_err(|e| format!("--rule {e}"))
    }
}

/// `key=value` items into values for `keys` (each optional; unknown keys refused).
fn key_values<const N: usize>(items: &[String], keys: [&str; N], what: &str) -> Result<[Option<u64>; N], String> {
    let mut values = [None; N];
    for item in items {
        let (key, value) = item.split_once('=').ok_or(format!("{what} item {item:?} is not key=value"))?;
        let slot =
            keys.iter().position(|&k| k == key).ok_or(format!("{what}: unknown key {key:?} (keys: {keys:?})"))?;
        values[slot] = Some(value.parse().map_err(|_| format!("{what}: {key}={value} is not a whole number"))?);
    }
    Ok(values)
}

fn parse_resign(items: &[String]) -> Result<Option<ResignRule>, String> {
    if items.is_empty() {
        return Ok(None);
    }
    match key_values(items, ["moves", "score"], "--resign")? {
        [Some(moves), Some(score)] if moves > 0 => Ok(Some(ResignRule { moves: moves as usize, score: score as i64 })),
        _ => Err("--resign needs moves=M (at least 1) and score=S".into()),
    }
}

fn parse_draw(items: &[String]) -> Result<Option<DrawRule>, String> {
    if items.is_empty() {
        return Ok(None);
    }
    match key_values(items, ["after", "moves", "score"], "--draw")? {
        [after, Some(moves), Some(score)] if moves > 0 => {
            Ok(Some(DrawRule { after: after.unwrap_or(0) as usize, moves: moves as usize, score: score as i64 }))
        }
        _ => Err("--draw needs moves=M (at least 1) and score=S, optionally after=P".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Result<Settings, String> {
        let words = std::iter::once("arena").chain(line.split_whitespace()).map(std::ffi::OsString::from);
        match Cli::read(words).map_err(|e| e.to_string())?.command {
            Command::Match(args) => args.settings(),
            Command::Replay { .. } | Command::Tune(_) | Command::Merge(_) | Command::Report(_) => {
                Err("not a match".into())
            }
        }
    }

    #[test]
    fn a_full_command_line_becomes_settings() {
        let settings = args(
            "match --each tc=5+0.05 --engine cmd=a name=A --engine cmd=b depth=2 --games 3 --seed 9 \
             --resign moves=3 score=900 --draw after=20 moves=4 score=5 --sprt -5 5 0.05 0.1 --max-plies 0",
        )
        .unwrap();
        assert_eq!(settings.engines.len(), 2);
        assert_eq!(settings.engines[1].name, "b");
        assert_eq!(settings.engines[1].limit.depth, Some(2));
        assert_eq!(settings.openings.len(), 2);
        assert!(settings.openings.iter().all(|o| o.items.len() == 4));
        assert_eq!(settings.resign, Some(ResignRule { moves: 3, score: 900 }));
        assert_eq!(settings.draw, Some(DrawRule { after: 20, moves: 4, score: 5 }));
        assert_eq!(settings.sprt.map(|s| (s.elo0, s.elo1)), Some((-5.0, 5.0)));
        assert_eq!(settings.max_plies, None);
    }

    #[test]
    fn rule_options_are_checked_against_the_variant_and_sent_to_engines() {
        let base = "match --engine cmd=a depth=1 --engine cmd=b depth=1";
        let settings = args(&format!("{base} --variant dai-hasami-step --rule DaiHasamiJumps=false")).unwrap();
        assert_eq!(settings.rule_options(), [("DaiHasamiJumps".to_string(), "false".to_string())]);
        assert!(settings.openings.iter().all(|o| o.items.iter().all(|m| m.len() == 4)));
        let defaults = args(&format!("{base} --variant makyek --rule MakyekWin=all")).unwrap();
        assert!(defaults.rule_options().is_empty(), "a default value is not sent");
        for bad in [
            "--variant hasami --rule DaiHasamiJumps=false",
            "--variant makyek --rule MakyekWin=none",
            "--variant makyek --rule MakyekWin",
            "--variant shogi --rule MakyekWin=all",
        ] {
            assert!(args(&format!("{base} {bad}")).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_command_lines_are_refused() {
        for bad in [
            "match --engine cmd=a depth=1",
            "match --engine cmd=a depth=1 --engine cmd=b",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --games 0",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --variant chess",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --variant shogammon --rule ShogammonDice=1:P",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --variant shogammon --rule ShogammonTurnLimit=-1",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --resign moves=0 score=5",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --draw moves=x score=5",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --sprt 5 0 0.05 0.05",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --engine cmd=c depth=1 --sprt 0 5 0.05 0.05",
            "match --engine cmd=a depth=1 --engine cmd=b depth=1 --concurrency 0",
        ] {
            assert!(args(bad).is_err(), "{bad}");
        }
    }
}
