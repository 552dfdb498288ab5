//! One game between two engine processes, refereed, clocked and adjudicated.

use crate::adjudication::{Adjudicator, Verdict};
use crate::dice::Dice;
use crate::engine::{Engine, Fault};
use crate::limit::SideClock;
use crate::record::{GameRecord, GameResult, Termination};
use crate::referee::Referee;
use crate::tournament::{Job, Settings};
use tetsugaku::{Side, Turn};

/// How a game ended, before it becomes a record.
struct Ending {
    result: GameResult,
    termination: Termination,
    reason: String,
    illegal: Option<String>,
}

impl Ending {
    /// `loser` lost by `termination`.
    fn loss(loser: Side, termination: Termination, reason: String) -> Ending {
        Ending { result: GameResult::win_for(loser.opponent()), termination, reason, illegal: None }
    }
}

/// The dice stream of a game: both games of an opening pair roll the same dice.
fn game_dice(seed: u64, opening: usize) -> Dice {
    Dice::new(seed, 2 * opening as u64 + 1)
}

/// Plays `job` from `start` (the position after the opening) with `engines` seated as
/// [first player, second player], and tells both engines the result.
pub fn play(job: &Job, settings: &Settings, start: &Referee, engines: [&mut Engine; 2]) -> GameRecord {
    let mut referee = start.clone();
    let ending = run(job, settings, &mut referee, engines);
    record(job, settings, start, &referee, ending)
}

/// The record of a game that never started because `loser`'s engine could not be started.
pub fn not_started(job: &Job, settings: &Settings, start: &Referee, loser: Side, error: &str) -> GameRecord {
    let ending = Ending::loss(loser, Termination::Crash, format!("engine failed to start: {error}"));
    record(job, settings, start, start, ending)
}

/// The record of `job`, played from `start` to `end`.
fn record(job: &Job, settings: &Settings, start: &Referee, end: &Referee, ending: Ending) -> GameRecord {
    let specs = [&settings.engines[job.first], &settings.engines[job.second]];
    GameRecord {
        number: job.number,
        variant: settings.variant.clone(),
        rules: settings.rules.clone(),
        first: specs[0].name.clone(),
        second: specs[1].name.clone(),
        first_limit: specs[0].limit.to_string(),
        second_limit: specs[1].limit.to_string(),
        opening: job.opening + 1,
        opening_items: start.items().len(),
        start: start.start().map(String::from),
        seed: settings.seed,
        result: ending.result,
        termination: ending.termination,
        reason: ending.reason,
        illegal: ending.illegal,
        items: end.items().to_vec(),
        trouble: Default::default(),
    }
}

fn run(job: &Job, settings: &Settings, referee: &mut Referee, mut engines: [&mut Engine; 2]) -> Ending {
    for side in Side::ALL {
        let engine = &mut engines[side.index()];
        if let Err(fault) = engine.new_game() {
            let reason = format!("{} failed to start a game: {}", engine.name, fault.describe());
            return Ending::loss(side, Termination::Crash, reason);
        }
    }
    let limits = [settings.engines[job.first].limit, settings.engines[job.second].limit];
    let mut clocks = limits.map(SideClock::new);
    let mut dice = game_dice(settings.seed, job.opening);
    let mut adjudicator = Adjudicator::new(settings.resign, settings.draw);
    let ending = loop {
        let side = match referee.turn() {
            Turn::Over(outcome) => {
                break Ending {
                    result: GameResult::of(outcome),
                    termination: Termination::Rules,
                    reason: outcome.to_string(),
                    illegal: None,
                }
            }
            Turn::Chance(_) => match referee.roll(&mut dice) {
                Ok(_) => continue,
                // The Game contract lists every chance outcome, so this is a library bug: stop
                // the game and say so in the record instead of crashing the match.
                Err(error) => {
                    let reason = format!("referee error at a chance node: {error}");
                    break Ending {
                        result: GameResult::Draw,
                        termination: Termination::Adjudication,
                        reason,
                        illegal: None,
                    };
                }
            },
            Turn::Decide(side) => side,
        };
        if settings.max_plies.is_some_and(|max| referee.plies() >= max) {
            break Ending {
                result: GameResult::Draw,
                termination: Termination::Adjudication,
                reason: format!("max plies adjudication: {} plies played", referee.plies()),
                illegal: None,
            };
        }
        let own = side.index();
        let engine = &mut engines[own];
        let allowance = clocks[own].allowance(settings.margin, settings.hang_timeout);
        let go = SideClock::go_command(&clocks[own], &clocks[1 - own], side == Side::First);
        let reply = match engine.think(&referee.position_command(), &go, allowance) {
            Ok(reply) => reply,
            Err(Fault::Timeout) => {
                engine.recover();
                let reason = format!("{} did not answer within {allowance:?}", engine.name);
                break Ending::loss(side, Termination::Time, reason);
            }
            Err(fault) => {
                break Ending::loss(side, Termination::Crash, format!("{} {}", engine.name, fault.describe()))
            }
        };
        if clocks[own].charge(reply.elapsed, settings.margin, settings.hang_timeout).is_err() {
            let reason = format!("{} took {:?} (allowed {allowance:?})", engine.name, reply.elapsed);
            break Ending::loss(side, Termination::Time, reason);
        }
        if reply.bestmove == "resign" {
            break Ending::loss(side, Termination::Resign, format!("{} resigned", engine.name));
        }
        if let Err(error) = referee.play(&reply.bestmove) {
            let reason = format!("{} played an illegal move: {error}", engine.name);
            break Ending { illegal: Some(reply.bestmove), ..Ending::loss(side, Termination::Illegal, reason) };
        }
        match (adjudicator.record(side, reply.score, referee.plies()), settings.resign, settings.draw) {
            (Some(Verdict::Resign(loser)), Some(rule), _) => {
                let reason = format!(
                    "resign adjudication: {} at or below -{} for {} moves, its opponent agreeing",
                    engines[loser.index()].name,
                    rule.score,
                    rule.moves
                );
                break Ending::loss(loser, Termination::Resign, reason);
            }
            (Some(Verdict::Draw), _, Some(rule)) => {
                let reason =
                    format!("draw adjudication: both scores within ±{} for {} moves each", rule.score, rule.moves);
                break Ending {
                    result: GameResult::Draw,
                    termination: Termination::Adjudication,
                    reason,
                    illegal: None,
                };
            }
            _ => {}
        }
    };
    for side in Side::ALL {
        engines[side.index()].game_over(ending.result.gameover_word(side));
    }
    ending
}
