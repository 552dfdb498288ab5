//! `arena report <record> [-o report.html]`: one self-contained HTML page of a match. It holds
//! the summary, a chart of the running Elo, a table of the games, and a board viewer for every
//! game. Every position is drawn by the library's own drawings (`tetsugaku::drawing`).
//!
//! The page carries each distinct square content once, as an SVG `<symbol>`, and each board
//! layout once, as a `<template>`. Each game is its start position and, per item, the cells and
//! captions that change. report.js builds the viewers from them; report.css styles the page.

use crate::match_header::{MatchHeader, Seat};
use crate::record::{parse_file, GameRecord};
use crate::referee::Referee;
use crate::slice::Slice;
use crate::standings::{summary, Standings};
use crate::stats::EloEstimate;
use crate::tournament::{schedule, Format, Job};
use clap::Args;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;
use tetsugaku::drawing::svg::{escape, pieces_svg, render_with, CELL};
use tetsugaku::drawing::{Cell, Drawing, Piece};

#[derive(Args)]
pub struct ReportArgs {
    /// A record file written by `arena match` or `arena merge`.
    record: PathBuf,
    /// The HTML file to write (overwritten).
    #[arg(short, long, default_value = "report.html")]
    output: PathBuf,
}

/// Writes the report; returns a line saying where, its size and how long it took.
pub fn run(args: &ReportArgs) -> Result<String, String> {
    let started = Instant::now();
    let text =
        std::fs::read_to_string(&args.record).map_err(|e| format!("cannot read {}: {e}", args.record.display()))?;
    let (header, mut games) = parse_file(&text).map_err(|e| format!("{}: {e}", args.record.display()))?;
    if games.is_empty() {
        return Err(format!("{} holds no games", args.record.display()));
    }
    games.sort_by_key(|game| game.number);
    let title = format!("{}: {}", args.record.display(), games[0].variant);
    let page = page(&title, header, &games, &args.record)?;
    std::fs::write(&args.output, &page).map_err(|e| format!("cannot write {}: {e}", args.output.display()))?;
    Ok(format!(
        "Report of {} games written to {} ({} bytes) in {:.2} s",
        games.len(),
        args.output.display(),
        page.len(),
        started.elapsed().as_secs_f64()
    ))
}

/// The page of `games` (sorted by number), with the record's match header if it has one.
fn page(
    title: &str,
    header: Option<MatchHeader>,
    games: &[GameRecord],
    record: &std::path::Path,
) -> Result<String, String> {
    let scheduled = header.is_some();
    let header = header.unwrap_or_else(|| header_of(games));
    let jobs = jobs(&header, games, scheduled)?;
    let mut standings = Standings::new(&header);
    let mut running = Vec::new();
    for (game, &job) in games.iter().zip(&jobs) {
        standings.add(job, game);
        running.push(standings.stats[0].tally.elo());
    }
    let summary_text = summary(&header, record, &standings, standings.final_decision(header.sprt));
    let mut pictures = Pictures::new();
    let viewers = games.iter().map(|game| pictures.game(game)).collect::<Result<Vec<_>, _>>()?;
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n",
        escape(title),
        include_str!("report.css")
    );
    let _ = writeln!(
        html,
        "<h1>{}</h1>\n<h2>Summary</h2>\n<pre class=\"summary\">{}</pre>",
        escape(title),
        escape(&summary_text)
    );
    let (a, b) = standings.pairings[0];
    let _ = writeln!(
        html,
        "<h2>Elo of {} against {}, game by game (95% interval shaded)</h2>\n{}",
        escape(&header.engines[a].name),
        escape(&header.engines[b].name),
        chart(&running)
    );
    html.push_str(&table(games));
    html.push_str("<h2>Games</h2>\n<p class=\"help\">Buttons, or the arrow keys (Home and End too) for the game last clicked; click a move to go to it.</p>\n");
    for game in games {
        html.push_str(&viewer(game));
    }
    html.push_str(&pictures.definitions());
    let _ = writeln!(html, "<script type=\"application/json\" id=\"games\">[{}]</script>", viewers.join(","));
    let _ = writeln!(html, "<script>\n{}</script>\n</body>\n</html>", include_str!("report.js"));
    Ok(html)
}

/// A header for a record written before match headers: the engines in the order they first
/// appear, as a round robin.
fn header_of(games: &[GameRecord]) -> MatchHeader {
    let mut engines: Vec<Seat> = Vec::new();
    for game in games {
        // Self-play under one name (as tuning matches are played) still has two seats.
        let twice = if game.first == game.second { 2 } else { 1 };
        for (name, limit, wanted) in [(&game.first, &game.first_limit, 1), (&game.second, &game.second_limit, twice)] {
            while engines.iter().filter(|seat| &seat.name == name).count() < wanted {
                engines.push(Seat { name: name.clone(), limit: limit.clone(), setup: String::new() });
            }
        }
    }
    let openings = games.iter().map(|game| game.opening).max().unwrap_or(1);
    MatchHeader {
        variant: games[0].variant.clone(),
        rules: games[0].rules.clone(),
        seed: games[0].seed,
        games: games.len(),
        format: Format::RoundRobin,
        openings: String::new(),
        openings_digest: String::new(),
        engines,
        adjudication: String::new(),
        sprt: None,
        slice: Slice::whole(openings),
    }
}

/// Each game's place in the match: from the schedule when the record has a match header (names
/// may repeat there, as in self-play), else from the players' names.
fn jobs(header: &MatchHeader, games: &[GameRecord], scheduled: bool) -> Result<Vec<Job>, String> {
    let schedule: HashMap<usize, Job> =
        schedule(header.engines.len(), header.format, header.games).into_iter().map(|job| (job.number, job)).collect();
    // The first seat of that name from seat `from` on.
    let index =
        |name: &str, from: usize| header.engines.iter().skip(from).position(|seat| seat.name == name).map(|i| i + from);
    let by_name = |game: &GameRecord| {
        let first = index(&game.first, 0)?;
        let second = index(&game.second, if game.second == game.first { first + 1 } else { 0 })?;
        Some(Job { number: game.number, opening: game.opening.saturating_sub(1), first, second })
    };
    games
        .iter()
        .map(|game| {
            let job = if scheduled { schedule.get(&game.number).copied() } else { by_name(game) };
            job.filter(|job| {
                header.engines[job.first].name == game.first && header.engines[job.second].name == game.second
            })
            .ok_or_else(|| {
                format!("game {} ({} vs {}) is not one of the match's", game.number, game.first, game.second)
            })
        })
        .collect()
}

/// The running Elo (with its interval) as an SVG line chart; infinite values at the edges.
fn chart(running: &[Option<EloEstimate>]) -> String {
    let (width, height, pad) = (760.0, 220.0, 36.0);
    let finite = |v: f64| v.clamp(-800.0, 800.0);
    let values: Vec<(f64, f64, f64)> =
        running.iter().flatten().map(|e| (finite(e.elo), finite(e.lower), finite(e.upper))).collect();
    let top = values.iter().map(|v| v.2.max(v.0)).fold(50.0_f64, f64::max);
    let bottom = values.iter().map(|v| v.1.min(v.0)).fold(-50.0_f64, f64::min);
    let n = running.len().max(2) as f64;
    let x = |i: usize| pad + (width - 2.0 * pad) * i as f64 / (n - 1.0);
    let y = |v: f64| pad / 2.0 + (height - pad) * (top - v) / (top - bottom);
    let points = |pick: &dyn Fn(&EloEstimate) -> f64| -> Vec<String> {
        running
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.as_ref().map(|e| format!("{:.1},{:.1}", x(i), y(finite(pick(e))))))
            .collect()
    };
    let upper = points(&|e| e.upper);
    let mut lower = points(&|e| e.lower);
    lower.reverse();
    let mut svg = format!("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n");
    let _ = writeln!(svg, "<polygon points=\"{} {}\" fill=\"#cfe3f7\"/>", upper.join(" "), lower.join(" "));
    let _ = writeln!(
        svg,
        "<line x1=\"{pad}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#999\"/>",
        width - pad,
        y(0.0),
        y(0.0)
    );
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"2\"/>",
        points(&|e| e.elo).join(" ")
    );
    for value in [top, 0.0, bottom] {
        let _ = writeln!(svg, "<text x=\"2\" y=\"{:.1}\" font-size=\"11\">{value:+.0}</text>", y(value) + 4.0);
    }
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">game {}</text>",
        x(running.len() - 1),
        height - 2.0,
        running.len()
    );
    svg.push_str("</svg>\n");
    svg
}

/// The table of games, each row linking to its viewer.
fn table(games: &[GameRecord]) -> String {
    let mut html = String::from(
        "<h2>Table of games</h2>\n<table class=\"games\">\n<tr><th>game</th><th>first (b)</th><th>second (w)</th>\
         <th>result</th><th>termination</th><th>reason</th><th>moves</th></tr>\n",
    );
    for game in games {
        let _ = writeln!(
            html,
            "<tr><td><a href=\"#game-{n}\">{n}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&game.first),
            escape(&game.second),
            game.result.text(),
            game.termination.word(),
            escape(&game.reason),
            game.items.len() - game.opening_items.min(game.items.len()),
            n = game.number,
        );
    }
    html.push_str("</table>\n");
    html
}

/// A game's viewer: its heading, the board (filled by report.js), the buttons and the moves.
fn viewer(game: &GameRecord) -> String {
    let mut html = format!(
        "<section class=\"game\" id=\"game-{n}\">\n<h3>Game {n}: {} vs {}, {} ({})</h3>\n<div class=\"board\"></div>\n\
         <div class=\"controls\"><button data-go=\"start\" title=\"start\">&#x25C0;&#x25C0;</button>\
         <button data-go=\"back\" title=\"back\">&#x25C0;</button><button data-go=\"forward\" title=\"forward\">&#x25B6;</button>\
         <button data-go=\"end\" title=\"end\">&#x25B6;&#x25B6;</button> <span class=\"ply\"></span></div>\n\
         <ol class=\"moves\">",
        escape(&game.first),
        escape(&game.second),
        game.result.text(),
        escape(&game.reason),
        n = game.number
    );
    for (index, item) in game.items.iter().enumerate() {
        let class = if index < game.opening_items { " class=\"opening\"" } else { "" };
        let _ = write!(
            html,
            "<li><a href=\"#game-{}\" data-ply=\"{}\"{class}>{}</a></li>",
            game.number,
            index + 1,
            escape(item)
        );
    }
    html.push_str("</ol>\n</section>\n");
    html
}

/// The square contents and board layouts the page's games use, each defined once.
struct Pictures {
    /// Every distinct square content; index 0 is the empty square.
    contents: Vec<Vec<Piece>>,
    index: HashMap<Vec<Piece>, usize>,
    /// Every distinct layout (the frame SVG of a drawing, its squares painted by number).
    layouts: Vec<String>,
    layout_index: HashMap<String, usize>,
}

impl Pictures {
    fn new() -> Pictures {
        Pictures {
            contents: vec![Vec::new()],
            index: HashMap::from([(Vec::new(), 0)]),
            layouts: Vec::new(),
            layout_index: HashMap::new(),
        }
    }

    /// The index of `cell`'s content, added if it is new (index 0 is the empty square, and an
    /// off-board cell draws nothing either).
    fn content(&mut self, cell: &Cell) -> usize {
        let pieces: &[Piece] = match cell {
            Cell::Square(pieces) => pieces,
            Cell::Off => &[],
        };
        if let Some(&index) = self.index.get(pieces) {
            return index;
        }
        self.contents.push(pieces.to_vec());
        self.index.insert(pieces.to_vec(), self.contents.len() - 1);
        self.contents.len() - 1
    }

    fn layout(&mut self, drawing: &Drawing) -> usize {
        let blank = Drawing {
            grids: drawing.grids.clone(),
            captions: drawing.caption_lines().iter().map(|_| String::new()).collect(),
            ..Drawing::default()
        };
        let frame = render_with(&blank, &[], &|number, _| format!("<use href=\"#s0\" data-piece=\"{number}\"/>"));
        if let Some(&index) = self.layout_index.get(&frame) {
            return index;
        }
        self.layouts.push(frame.clone());
        self.layout_index.insert(frame, self.layouts.len() - 1);
        self.layouts.len() - 1
    }

    /// The game's data for report.js: `{"layout": L, "cells": [...], "captions": [...],
    /// "steps": [[changed cell, content, ...], {caption line: text}], ...]}`, the start position
    /// and then what each item changes.
    fn game(&mut self, game: &GameRecord) -> Result<String, String> {
        let at = |e: String| format!("game {}: {e}", game.number);
        let mut referee = Referee::new(&game.variant, &game.rules, game.start.as_deref()).map_err(at)?;
        let start = referee.drawing();
        let layout = self.layout(&start);
        let mut cells: Vec<usize> =
            start.grids.iter().flat_map(|g| &g.cells).map(|c| self.content(c)).collect::<Vec<_>>();
        let mut captions = start.caption_lines();
        let mut json = format!(
            "{{\"layout\":{layout},\"cells\":{:?},\"captions\":[{}],\"steps\":[",
            cells,
            captions.iter().map(|c| json_string(c)).collect::<Vec<_>>().join(",")
        );
        for (index, item) in game.items.iter().enumerate() {
            referee.play(item).map_err(|e| at(format!("item {} ({item}): {e}", index + 1)))?;
            let drawing = referee.drawing();
            let now: Vec<usize> = drawing.grids.iter().flat_map(|g| &g.cells).map(|c| self.content(c)).collect();
            let changed: Vec<String> = now
                .iter()
                .zip(&cells)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(number, (content, _))| format!("{number},{content}"))
                .collect();
            let lines = drawing.caption_lines();
            let retold: Vec<String> = lines
                .iter()
                .zip(&captions)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(line, (text, _))| format!("\"{line}\":{}", json_string(text)))
                .collect();
            let _ =
                write!(json, "{}[[{}],{{{}}}]", if index == 0 { "" } else { "," }, changed.join(","), retold.join(","));
            cells = now;
            captions = lines;
        }
        json.push_str("]}");
        Ok(json)
    }

    /// The symbols of every square content and the templates of every layout.
    fn definitions(&self) -> String {
        let mut html = String::from(
            "<svg class=\"symbols\" xmlns=\"http://www.w3.org/2000/svg\" width=\"0\" height=\"0\">\n<defs>\n",
        );
        for (index, pieces) in self.contents.iter().enumerate() {
            let _ = writeln!(
                html,
                "<symbol id=\"s{index}\" viewBox=\"0 0 {CELL} {CELL}\" width=\"{CELL}\" height=\"{CELL}\">{}</symbol>",
                if pieces.is_empty() { String::new() } else { pieces_svg(pieces) }
            );
        }
        html.push_str("</defs>\n</svg>\n");
        for (index, frame) in self.layouts.iter().enumerate() {
            let _ = writeln!(html, "<template id=\"layout-{index}\">{frame}</template>");
        }
        html
    }
}

/// `text` as a JSON string, with `<` escaped so that it cannot end the script element.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
