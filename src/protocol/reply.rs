//! Formatting replies: search events, `usi` option lines, results.

use crate::catalogue::{AnyGame, VARIANTS};
use crate::engine::{BenchReport, OptionKind, OptionSpec};
use crate::game::{MateAnswer, Turn};
use crate::search::{Bound, Event, Info, ScoreReport};
use crate::vocabulary::{Outcome, Side};
use std::fmt::Write;

/// The `info ...` line of a principal variation.
pub fn info_line(info: &Info) -> String {
    let mut line = format!("info depth {} seldepth {} multipv {} score ", info.depth, info.seldepth, info.multipv);
    let _ = match info.score {
        ScoreReport::Centi(cp) => write!(line, "cp {cp}"),
        ScoreReport::Mate(plies) => write!(line, "mate {plies}"),
    };
    match info.bound {
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
        Bound::Exact => {}
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} time {} pv {}",
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        info.pv.join(" ")
    );
    line
}

/// The line of a search event; the ponder move only when the GUI allows pondering.
pub fn event_line(event: &Event, ponder_allowed: bool) -> String {
    match event {
        Event::Info(info) => info_line(info),
        Event::BestMove { best: None, .. } => "bestmove resign".to_string(),
        Event::BestMove { best: Some(best), ponder: Some(ponder) } if ponder_allowed => {
            format!("bestmove {best} ponder {ponder}")
        }
        Event::BestMove { best: Some(best), .. } => format!("bestmove {best}"),
        Event::MateProgress { nodes, nps, hashfull, time_ms } => {
            format!("info nodes {nodes} nps {nps} hashfull {hashfull} time {time_ms}")
        }
        Event::MateProof { nodes, nps, time_ms, line } => {
            format!("info time {time_ms} nodes {nodes} nps {nps} score mate {} pv {}", line.len(), line.join(" "))
        }
        Event::Checkmate(answer) => match answer {
            MateAnswer::Mate(line) => format!("checkmate {}", line.join(" ")),
            MateAnswer::NoMate => "checkmate nomate".to_string(),
            MateAnswer::Timeout => "checkmate timeout".to_string(),
            MateAnswer::NotImplemented => "checkmate notimplemented".to_string(),
        },
    }
}

/// The `option name ...` line announcing `spec`.
pub fn option_line(spec: &OptionSpec) -> String {
    match &spec.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option name {} type spin default {default} min {min} max {max}", spec.name)
        }
        OptionKind::Check { default } => format!("option name {} type check default {default}", spec.name),
        OptionKind::Combo { default, vars } => {
            let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
            format!("option name {} type combo default {default}{vars}", spec.name)
        }
        OptionKind::Text { default } => format!("option name {} type string default {default}", spec.name),
    }
}

/// The `result ...` line.
pub fn result_line(turn: Turn) -> String {
    match turn {
        Turn::Over(outcome @ (Outcome::Win { .. } | Outcome::Draw(_))) => format!("result {outcome}"),
        Turn::Decide(_) | Turn::Chance(_) => "result ongoing".to_string(),
    }
}

/// The reply to `rules` (protocol-spec.md §9.9): one `rules <variant> [<option> ...]` line per
/// variant, in the order of §1, naming the rule options it reads; then `rulesok`.
pub fn rules_lines() -> Vec<String> {
    let mut lines: Vec<String> = VARIANTS
        .iter()
        .map(|variant| {
            let names = variant.options.iter().map(|option| option.name);
            std::iter::once("rules").chain(std::iter::once(variant.name)).chain(names).collect::<Vec<_>>().join(" ")
        })
        .collect();
    lines.push("rulesok".to_string());
    lines
}

/// The reply to `places` (protocol-spec.md §9.8): at a decision node one `place <move>
/// <place>...` line per legal move, in `moves` order; at a chance node one `chance <item>
/// <weight>` line per outcome; then always `placesok`.
pub fn places_lines(game: &AnyGame) -> Vec<String> {
    let mut lines: Vec<String> = game
        .move_places()
        .into_iter()
        .map(|(token, places)| std::iter::once(format!("place {token}")).chain(places).collect::<Vec<_>>().join(" "))
        .collect();
    lines.extend(game.chance_outcomes().into_iter().map(|(item, weight)| format!("chance {item} {weight}")));
    lines.push("placesok".to_string());
    lines
}

/// The reply to `d`, the same shape for every game (protocol-spec.md §9.5): the game's diagram
/// (its board, then its hands if it has any), then `variant: <name>`, `to move: <b|w> (<seat>)`,
/// `result: <ongoing|result words>` (`ongoing, in check` in games with check), and last exactly
/// `side <b|w>`, `sfen <position string>`, `key <16 upper-case hex digits>`. No line before the
/// last three starts with `side `, `sfen ` or `key `.
pub fn display_lines(variant: &str, game: &AnyGame) -> Vec<String> {
    // The closing lines are found by their first word: a diagram line never starts like one.
    let closing = |line: &str| ["side ", "sfen ", "key "].iter().any(|word| line.starts_with(word));
    let mut lines: Vec<String> =
        game.diagram().lines().map(|line| if closing(line) { format!(" {line}") } else { line.to_string() }).collect();
    let side = game.side();
    let seat = match side {
        Side::First => "first player",
        Side::Second => "second player",
    };
    let state = match game.turn() {
        Turn::Over(outcome) => outcome.to_string(),
        Turn::Decide(_) | Turn::Chance(_) if game.in_check() => "ongoing, in check".to_string(),
        Turn::Decide(_) | Turn::Chance(_) => "ongoing".to_string(),
    };
    lines.push(format!("variant: {variant}"));
    lines.push(format!("to move: {} ({seat})", side.letter()));
    lines.push(format!("result: {state}"));
    lines.push(format!("side {}", side.letter()));
    lines.push(format!("sfen {}", game.position_string()));
    lines.push(format!("key {:016X}", game.key()));
    lines
}

/// The reply to `go perft <depth>` from its split by root move: a `<move>: <count>` line each,
/// then `Nodes searched: <total>` (1 at depth 0).
pub fn perft_lines(divide: &[(String, u64)], depth: u32) -> Vec<String> {
    let total: u64 = if depth == 0 { 1 } else { divide.iter().map(|(_, n)| n).sum() };
    divide
        .iter()
        .map(|(token, count)| format!("{token}: {count}"))
        .chain([format!("Nodes searched: {total}")])
        .collect()
}

/// The closing lines of `bench`.
pub fn bench_lines(report: &BenchReport) -> [String; 3] {
    [
        format!("Nodes searched: {}", report.nodes),
        format!("Nodes/second: {}", report.nps),
        format!("Total time (ms): {}", report.time_ms),
    ]
}
