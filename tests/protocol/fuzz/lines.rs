//! The fuzz's input for one variant: command lines built from random games of it (played by the
//! library's move generator), mutated in the game's own syntax ([`super::mutate`]), and junk.

use super::mutate::{inventor, Family, Mutator};
use crate::malformed_input::random_line;
use std::collections::VecDeque;
use tetsugaku::engine::{option_specs, OptionKind, OptionSpec};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Turn, Variant, VARIANTS};

/// One position of a random game.
struct Ply {
    /// Its position string (what `d` prints).
    position: String,
    /// Its legal moves (the rolls at a chance node).
    moves: Vec<String>,
    /// Whether it is a chance node (Shogammon before the roll).
    chance: bool,
    /// The move played from it; `None` at the end of the walk.
    played: Option<String>,
}

/// A random game from the start position, to the end or to a length.
struct Walk {
    plies: Vec<Ply>,
}

impl Walk {
    fn new(variant: &Variant, rng: &mut SplitMix64, length: usize) -> Walk {
        let mut game = AnyGame::new(variant, &RuleValues::default(), None)
            .unwrap_or_else(|e| panic!("{}: no start position: {e}", variant.name));
        let mut plies = Vec::new();
        loop {
            let (moves, chance) = (game.legal_moves(), matches!(game.turn(), Turn::Chance(_)));
            if moves.is_empty() || plies.len() == length {
                plies.push(Ply { position: game.position_string(), moves, chance, played: None });
                return Walk { plies };
            }
            let played = moves[rng.below(moves.len())].clone();
            plies.push(Ply { position: game.position_string(), moves, chance, played: Some(played.clone()) });
            game.play_token(&played).unwrap_or_else(|e| panic!("{}: {played} from moves: {e}", variant.name));
        }
    }

    /// The moves played from ply `from` up to ply `to`.
    fn items(&self, from: usize, to: usize) -> Vec<String> {
        self.plies[from..to].iter().filter_map(|p| p.played.clone()).collect()
    }
}

/// Engine options whose large values cost too much for a fuzz (64 GiB of table, 256 threads),
/// and how far up their values go here.
pub const CHEAP_MAXIMUM: [(&str, i64); 3] = [("USI_Hash", 8), ("Threads", 4), ("MultiPV", 4)];

/// `go` parameters that take a value, with values that end a search quickly, and bad ones.
const GO_VALUES: [(&str, &[&str]); 8] = [
    ("depth", &["1", "1", "1", "2", "0", "x"]),
    ("nodes", &["1", "100", "500", "2000", "0"]),
    ("movetime", &["0", "1", "5", "8"]),
    ("btime", &["0", "50", "300", "-100"]),
    ("wtime", &["0", "50", "300", "-100"]),
    ("binc", &["0", "10", "-1"]),
    ("winc", &["0", "10"]),
    ("byoyomi", &["0", "5", "20"]),
];

/// Numbers at the edges of the integer types (the last two do not fit in 64 bits).
const HUGE: [&str; 5] =
    ["4294967295", "4294967296", "9223372036854775807", "18446744073709551615", "18446744073709551616"];

/// Variant names that are not variants.
const BAD_VARIANTS: [&str; 6] = ["chess", "Shogi", "dai_hasami", "hasami-", "variant", "shogi shogi"];

/// Bad spin values.
const BAD_NUMBERS: [&str; 6] = ["x", "1.5", "-0", "+1", "99999999999999999999", ""];

/// Commands that read the state, with and without extra tokens.
const QUERIES: [&str; 30] = [
    "moves",
    "moves",
    "result",
    "result",
    "d",
    "d",
    "isready",
    "usinewgame",
    "stop",
    "ponderhit",
    "gameover",
    "gameover win",
    "gameover draw",
    "gameover maybe",
    "moves now",
    "result x",
    "d 1",
    "d svg x",
    "d svg flip x",
    "places x",
    "rules x",
    "isready now",
    "usi 1",
    "usinewgame x",
    "stop stop",
    "usi",
    "d svg",
    "d svg flip",
    "places",
    "rules",
];

/// Searches that run until `stop`, for lines sent while one runs.
const SEARCHES: [&str; 4] = ["go infinite", "go ponder", "go", "go ponder movetime 5"];

/// One line of input.
pub struct Line {
    pub bytes: Vec<u8>,
    /// What kind of line it is (for the report).
    pub kind: &'static str,
    /// A search that runs while the line is sent: `go`, then the line, then `stop`.
    pub during: Option<&'static str>,
}

/// The generator of one variant's lines.
pub struct Lines {
    pub m: Mutator,
    variant: &'static Variant,
    walks: Vec<Walk>,
    /// The walk and ply of the last valid `position` line: where the engine should be.
    at: (usize, usize),
    /// Lines due after a number of other lines: the variant selected again after another
    /// was, a rule option set back to its default.
    queued: VecDeque<(usize, String)>,
    options: Vec<OptionSpec>,
}

impl Lines {
    pub fn new(variant: &'static Variant, seed: u64) -> Lines {
        let mut rng = SplitMix64::new(seed);
        let lengths = [20, 60, 400, 400];
        let mut walks = Vec::new();
        for n in lengths {
            let length = 1 + rng.below(n);
            walks.push(Walk::new(variant, &mut rng, length));
        }
        let family = Family::of(variant.name);
        let m = Mutator::new(rng, family, &walks[0].plies[0].position);
        Lines { m, variant, walks, at: (0, 0), queued: VecDeque::new(), options: option_specs() }
    }

    /// The lines that set every option but `USI_Hash` to its default and select the variant.
    pub fn prelude(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .options
            .iter()
            .filter(|spec| spec.name != "USI_Hash" && spec.name != "USI_Variant")
            .map(|spec| format!("setoption name {} value {}", spec.name, default_text(&spec.kind)))
            .collect();
        lines.push(format!("variant {}", self.variant.name));
        lines
    }

    /// The next line.
    pub fn next(&mut self) -> Line {
        for due in self.queued.iter_mut() {
            due.0 = due.0.saturating_sub(1);
        }
        if self.queued.front().is_some_and(|due| due.0 == 0) {
            let (_, line) = self.queued.pop_front().unwrap_or_default();
            return Line { bytes: line.into_bytes(), kind: "restore", during: None };
        }
        let (bytes, kind) = self.fresh();
        let during = self.m.chance(5).then(|| *self.m.pick(&SEARCHES));
        Line { bytes, kind, during }
    }

    /// A new line and what kind it is.
    fn fresh(&mut self) -> (Vec<u8>, &'static str) {
        let (line, kind) = match self.m.below(100) {
            0..=11 => (self.valid_position(), "position"),
            12..=39 => (self.position_with_mutated_move(), "position, a move mutated"),
            40..=49 => (self.position_with_mutated_list(), "position, the list mutated"),
            50..=59 => (self.mutated_position_string(), "position, the string mutated"),
            60..=68 => (self.go(), "go"),
            69..=73 => (self.setoption(), "setoption"),
            74..=76 => (self.variant_line(), "variant"),
            77..=84 => (self.m.pick(&QUERIES).to_string(), "query"),
            85..=87 => (self.bare_move(), "move alone"),
            _ => return (random_line(&mut self.m.rng), "junk"),
        };
        let mut bytes = line.into_bytes();
        if self.m.chance(7) {
            self.m.mutate_bytes(&mut bytes);
            return (bytes, "bytes mutated");
        }
        (bytes, kind)
    }

    fn ply(&self, (walk, ply): (usize, usize)) -> &Ply {
        &self.walks[walk].plies[ply]
    }

    /// A random walk and ply.
    fn somewhere(&mut self) -> (usize, usize) {
        let walk = self.m.below(self.walks.len());
        (walk, self.m.below(self.walks[walk].plies.len()))
    }

    /// `position` with the start position or an earlier ply's string, and the moves from there
    /// to `to` followed by `tail`.
    fn position_line(&mut self, (walk, to): (usize, usize), tail: &[String]) -> String {
        let from = if self.m.chance(35) { self.m.below(to + 1) } else { 0 };
        let mut items = self.walks[walk].items(from, to);
        items.extend_from_slice(tail);
        let start = match from {
            0 if self.m.chance(80) => "startpos".to_string(),
            _ => format!("sfen {}", self.walks[walk].plies[from].position),
        };
        match items.is_empty() {
            true if self.m.chance(50) => format!("position {start}"),
            _ => format!("position {start} moves {}", items.join(" ")),
        }
    }

    fn valid_position(&mut self) -> String {
        let at = self.somewhere();
        self.at = at;
        let line = self.position_line(at, &[]);
        if self.m.family == Family::Philosophers && self.m.chance(30) {
            // The same moves in the inventor's notation, a promotion as its own item.
            self.m.note("inventor notation list");
            let (head, items) = line.split_once(" moves ").unwrap_or((&line, ""));
            let items: Vec<String> = items.split(' ').filter(|i| !i.is_empty()).map(inventor_items).collect();
            return format!("{head} moves {}", items.join(" "));
        }
        line
    }

    /// The roll of a Shogammon decision node: the move played at the ply before it.
    fn roll_before(&self, (walk, ply): (usize, usize)) -> Option<&str> {
        let before = &self.walks[walk].plies[ply.checked_sub(1)?];
        before.chance.then_some(before.played.as_deref()).flatten()
    }

    fn position_with_mutated_move(&mut self) -> String {
        let at = self.somewhere();
        let ply = self.ply(at);
        let moves = ply.moves.clone();
        let roll = self.roll_before(at).map(String::from);
        let token = if moves.is_empty() { self.m.random_token() } else { self.m.pick(&moves).clone() };
        let mut tail = vec![self.m.mutate_move(&token, &moves, roll.as_deref())];
        if self.m.chance(30) {
            // Moves after the mutated one: a line that goes on past the fault.
            let rest = self.walks[at.0].items(at.1 + 1, (at.1 + 4).min(self.walks[at.0].plies.len()));
            tail.extend(rest);
        }
        self.position_line(at, &tail)
    }

    fn position_with_mutated_list(&mut self) -> String {
        let walk = self.m.below(self.walks.len());
        let end = self.walks[walk].plies.len() - 1;
        let mut items = self.walks[walk].items(0, end);
        let n = items.len();
        let at = self.m.below(n.max(1));
        let kind = match self.m.below(8) {
            0 if n > 1 => {
                items.swap(at.min(n - 2), at.min(n - 2) + 1);
                "items swapped"
            }
            1 if n > 0 => {
                items.remove(at);
                "item dropped"
            }
            2 if n > 0 => {
                let item = items[at].clone();
                items.insert(at, item);
                "item doubled"
            }
            3 => {
                // After the end of the walk (often the end of the game): any move of an
                // earlier position, or a grammar token.
                let (w, p) = self.somewhere();
                let moves = &self.walks[w].plies[p].moves;
                let extra = if moves.is_empty() { self.m.random_token() } else { self.m.pick(moves).clone() };
                items.push(extra);
                "item after the end"
            }
            4 if self.m.family == Family::Shogammon => {
                // `roll:turn` items, joined right (valid) and now and then with another roll.
                items = join_rolls(&items, &mut self.m);
                "roll:turn items"
            }
            5 => {
                items.insert(at.min(n), self.m.random_token());
                "grammar token inserted"
            }
            6 => {
                items.insert(at.min(n), self.m.pick(&["moves", "startpos", "sfen", "-", ""]).to_string());
                "keyword inserted"
            }
            _ => {
                items.truncate(at);
                let token = self.m.random_token();
                items.push(token);
                "grammar token appended"
            }
        };
        self.m.note(kind);
        format!("position startpos moves {}", items.join(" "))
    }

    fn mutated_position_string(&mut self) -> String {
        let at = self.somewhere();
        let position = self.ply(at).position.clone();
        let mutated = self.m.mutate_position(&position);
        let items = self.walks[at.0].items(at.1, (at.1 + self.m.below(4)).min(self.walks[at.0].plies.len() - 1));
        match items.is_empty() {
            true => format!("position sfen {mutated}"),
            false => format!("position sfen {mutated} moves {}", items.join(" ")),
        }
    }

    /// `go` with random parameters that end a search quickly, `searchmoves` from the position
    /// the engine should be in, `mate`, `perft`, and bad parameters.
    fn go(&mut self) -> String {
        match self.m.below(10) {
            0 => {
                let time = self.m.pick(&[
                    "0",
                    "5",
                    "20",
                    "infinite",
                    "x",
                    "5 6",
                    "",
                    "18446744073709551615",
                    "nodes 2000",
                    "20 nodes 100000",
                    "infinite nodes 3000",
                    "nodes x",
                    "nodes 5 5",
                ]);
                return format!("go mate {time}");
            }
            1 => return format!("go perft {}", self.m.pick(&["0", "1", "1", "2", "x", "33", "1 2"])),
            _ => {}
        }
        let mut params: Vec<String> = Vec::new();
        for _ in 0..self.m.below(4) {
            let roll = self.m.below(20);
            let param = match roll {
                0 => "infinite".to_string(),
                1 => "ponder".to_string(),
                2..=4 => {
                    let moves = self.ply(self.at).moves.clone();
                    let mut chosen: Vec<String> = Vec::new();
                    for _ in 0..1 + self.m.below(3) {
                        let token = if moves.is_empty() { self.m.random_token() } else { self.m.pick(&moves).clone() };
                        let roll = self.roll_before(self.at).map(String::from);
                        chosen.push(if self.m.chance(25) {
                            self.m.mutate_move(&token, &moves, roll.as_deref())
                        } else {
                            token
                        });
                    }
                    format!("searchmoves {}", chosen.join(" "))
                }
                5 => self.m.pick(&["wibble", "mate 5", "perft 1", "depth", "searchmoves"]).to_string(),
                _ => {
                    let (name, values) = *self.m.pick(&GO_VALUES);
                    let values = if self.m.chance(10) { &HUGE[..] } else { values };
                    format!("{name} {}", self.m.pick(values))
                }
            };
            params.push(param);
        }
        if params.is_empty() || self.m.chance(50) {
            params.push("depth 1".into());
        }
        format!("go {}", params.join(" "))
    }

    fn setoption(&mut self) -> String {
        let index = self.m.below(self.options.len() + 1);
        let Some(spec) = self.options.get(index) else {
            let name = self.m.pick(&["Hash", "usi_hash", "USI_Variant2", "name", ""]);
            return format!("setoption name {name} value 1");
        };
        let (name, is_rule) = (spec.name, tetsugaku::catalogue::rule_option(spec.name).is_some());
        let value = match self.m.below(10) {
            0 => return format!("setoption name {name}"),
            1 => return format!("setoption name {name} value"),
            2 | 3 => bad_value(&mut self.m, &spec.kind),
            _ => good_value(&mut self.m, spec),
        };
        if name == "USI_Variant" {
            self.queue_variant();
        } else if is_rule {
            let restore = format!("setoption name {name} value {}", default_text(&spec.kind));
            let delay = 1 + self.m.below(20);
            self.queued.push_back((delay, restore));
        }
        format!("setoption name {name} value {value}")
    }
}

/// A value `spec` accepts (a small one for the options in [`CHEAP_MAXIMUM`]).
fn good_value(m: &mut Mutator, spec: &OptionSpec) -> String {
    match &spec.kind {
        OptionKind::Spin { min, max, .. } => {
            let cheap = CHEAP_MAXIMUM.iter().find(|(name, _)| *name == spec.name).map(|&(_, top)| top);
            let top = cheap.unwrap_or(*max).min(*min + 7);
            match m.below(4) {
                0 if cheap.is_none() => max.to_string(),
                _ => (*min + m.below((top - *min + 1) as usize) as i64).to_string(),
            }
        }
        OptionKind::Check { .. } => m.pick(&["true", "false"]).to_string(),
        OptionKind::Combo { vars, .. } => m.pick(vars).to_string(),
        OptionKind::Text { default } => {
            // The groups of the default in another order: the same value written otherwise.
            let mut groups: Vec<&str> = default.split(' ').collect();
            for i in (1..groups.len()).rev() {
                groups.swap(i, m.below(i + 1));
            }
            groups.join(if m.chance(50) { " " } else { "  " })
        }
    }
}

/// A value an option of type `kind` refuses.
fn bad_value(m: &mut Mutator, kind: &OptionKind) -> String {
    match kind {
        OptionKind::Spin { min, max, .. } => match m.below(3) {
            0 => (min - 1).to_string(),
            1 => (max + 1).to_string(),
            _ => m.pick(&BAD_NUMBERS).to_string(),
        },
        OptionKind::Check { .. } => m.pick(&["yes", "True", "1", "false false"]).to_string(),
        OptionKind::Combo { default, .. } | OptionKind::Text { default } => m.mutate_chars(default),
    }
}

impl Lines {
    fn variant_line(&mut self) -> String {
        if self.m.chance(30) {
            return format!("variant {}", self.m.pick(&BAD_VARIANTS));
        }
        let name = self.m.pick(&VARIANTS).name;
        if name == self.variant.name {
            self.at = (self.at.0, 0);
        } else {
            self.queue_variant();
        }
        format!("variant {name}")
    }

    /// Selects this variant again after a few lines (in another variant, they are refused or
    /// read in its syntax).
    fn queue_variant(&mut self) {
        let delay = 1 + self.m.below(4);
        self.queued.push_back((delay, format!("variant {}", self.variant.name)));
        self.at = (self.at.0, 0);
    }

    /// A legal or mutated move as a command of its own.
    fn bare_move(&mut self) -> String {
        let moves = self.ply(self.at).moves.clone();
        match moves.is_empty() {
            true => self.m.random_token(),
            false => {
                let token = self.m.pick(&moves).clone();
                self.m.mutate_move(&token, &moves, None)
            }
        }
    }

    /// The deepest `go perft` the fuzz sends here: 1 when the start is a chance node (the 21
    /// rolls multiply every level), else 2.
    pub fn perft_limit(&self) -> u32 {
        match AnyGame::new(self.variant, &RuleValues::default(), None).map(|g| g.turn()) {
            Ok(Turn::Chance(_)) => 1,
            _ => 2,
        }
    }
}

/// The value `usi` announces as an option's default.
fn default_text(kind: &OptionKind) -> String {
    match kind {
        OptionKind::Spin { default, .. } => default.to_string(),
        OptionKind::Check { default } => default.to_string(),
        OptionKind::Combo { default, .. } | OptionKind::Text { default } => default.to_string(),
    }
}

/// A move-list item in the inventor's notation, a promotion as an item of its own
/// (`c2-c1 ph`).
fn inventor_items(item: &str) -> String {
    let written = inventor(item);
    match written.split_once('p') {
        Some((mv, piece)) if !item.contains(',') && item.contains('=') => format!("{mv} p{piece}"),
        _ => written,
    }
}

/// Shogammon's `roll:turn` items (§14.3): each roll joined to the turn after it, with another
/// roll now and then.
fn join_rolls(items: &[String], m: &mut Mutator) -> Vec<String> {
    let mut joined = Vec::new();
    let mut i = 0;
    while i < items.len() {
        let is_roll = items[i].len() == 2 && items[i].bytes().all(|b| b.is_ascii_digit());
        match items.get(i + 1) {
            Some(turn) if is_roll && m.chance(70) => {
                let roll = if m.chance(10) { "52".to_string() } else { items[i].clone() };
                joined.push(format!("{roll}:{turn}"));
                i += 2;
            }
            _ => {
                joined.push(items[i].clone());
                i += 1;
            }
        }
    }
    joined
}
