//! Shared helpers of the integration tests: the independent reference implementations (hasami
//! family, checkers games, Ito, Philosopher's Chess, Shogammon), engine constructors, the result
//! vocabulary and the perft fixture reader.
//!
//! Every test crate compiles this module and uses only part of it.
#![allow(dead_code)]

pub mod chance_walk;
pub mod checkers_reference;
pub mod expectimax;
pub mod ito_positions;
pub mod ito_reference;
pub mod philosophers_reference;
pub mod reference;
pub mod shogammon_positions;
pub mod shogammon_reference;

use std::path::{Path, PathBuf};
use tetsugaku::search::{search, Config, Control, Event, Limits, ScoreReport, Summary, TranspositionTable};
use tetsugaku::variants::hasami::Hasami;
use tetsugaku::{AnyGame, Game, RuleValues, Turn, Variant};

/// The engine's position of `variant`: the start position, or the position string given.
pub fn engine(variant: &str, position: Option<&str>) -> AnyGame {
    engine_with(variant, &RuleValues::default(), position)
}

/// Like [`engine`], with rule options.
pub fn engine_with(variant: &str, options: &RuleValues, position: Option<&str>) -> AnyGame {
    let v = Variant::named(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
    AnyGame::new(v, options, position).unwrap_or_else(|e| panic!("{variant}: {position:?} rejected: {e}"))
}

/// Rule options of `variant` from `NAME=VALUE` items (panics on an option it does not read).
pub fn rules(variant: &str, items: &[&str]) -> RuleValues {
    let v = Variant::named(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
    v.rule_values(items.iter().copied()).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

/// The concrete hasami-family position inside an [`AnyGame`] (panics for other games).
pub fn concrete(game: &AnyGame) -> &Hasami {
    match game {
        AnyGame::Hasami(h) => h,
        _ => panic!("not a hasami-family game"),
    }
}

/// The concrete hasami-family position inside an [`AnyGame`], mutably (for `Game::play`/`undo`).
pub fn concrete_mut(game: &mut AnyGame) -> &mut Hasami {
    match game {
        AnyGame::Hasami(h) => h,
        _ => panic!("not a hasami-family game"),
    }
}

/// Searches `position` on one thread with `limits`, sharing `tt`: the summary and the last
/// score reported (the history-dependent legality tests search one position with and without
/// its history through one table).
pub fn search_once<G: Game>(position: &G, limits: &Limits, tt: &TranspositionTable) -> (Summary, Option<ScoreReport>) {
    let config = Config::default();
    let last = std::sync::Mutex::new(None);
    let summary = search(position, limits, &config, tt, &Control::new(false), &|event| {
        if let Event::Info(info) = event {
            *last.lock().unwrap_or_else(|e| e.into_inner()) = Some(info.score);
        }
    })
    .unwrap_or_else(|e| panic!("search refused: {e}"));
    let score = *last.lock().unwrap_or_else(|e| e.into_inner());
    (summary, score)
}

/// The tokens of every legal move of `position`, in generation order.
pub fn legal_tokens<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.generate(&mut moves);
    moves.into_iter().map(|mv| position.format_move(mv)).collect()
}

/// The result word of a turn (`b capture`, `draw repetition`, ...), `None` while ongoing.
pub fn result_of(turn: Turn) -> Option<String> {
    match turn {
        Turn::Over(outcome) => Some(outcome.to_string()),
        Turn::Decide(_) => None,
        Turn::Chance(_) => panic!("result_of: a chance turn (these games have no chance nodes)"),
    }
}

/// One `id` block of a perft fixture file.
#[derive(Clone, Debug)]
pub struct Fixture {
    /// The variant (the file's name without `.perft`).
    pub variant: String,
    pub id: String,
    /// The position string, or `None` for `startpos`.
    pub position: Option<String>,
    /// Moves played from the position before counting (a history for rules that need one,
    /// such as Ito's repetition ban); usually none.
    pub moves: Vec<String>,
    /// `(depth, nodes)` pairs in file order.
    pub perft: Vec<(u32, u64)>,
    /// `file:line` of the `id` line, for messages.
    pub origin: String,
}

/// The engine's position of a fixture: its position with its moves played.
pub fn fixture_game(fixture: &Fixture) -> AnyGame {
    let mut game = engine(&fixture.variant, fixture.position.as_deref());
    for token in &fixture.moves {
        game.play_token(token).unwrap_or_else(|e| panic!("{}: fixture move {token}: {e}", fixture.origin));
    }
    game
}

/// The directory of the perft fixtures.
pub fn perft_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("perft")
}

/// Reads every `tests/perft/*.perft` file (sorted by name). Format (DESIGN.md "Tests"):
/// `id <name>`, `position <position string | startpos>`, optionally `moves <token> ...` (played
/// from the position first, so their history counts), `perft <depth> <nodes>`; blank lines and
/// lines starting with `#` are comments. Panics on any malformed line, so a typo in a fixture
/// fails the suite instead of silently skipping a check.
pub fn load_fixtures() -> Vec<Fixture> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(perft_dir())
        .expect("tests/perft exists")
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    let mut fixtures = Vec::new();
    for path in files {
        let variant = path.file_stem().and_then(|s| s.to_str()).expect("utf-8 file name").to_string();
        let text = std::fs::read_to_string(&path).expect("readable fixture");
        let name = path.file_name().and_then(|s| s.to_str()).unwrap_or("?").to_string();
        let mut current: Option<Fixture> = None;
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            let at = format!("{name}:{}", index + 1);
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim();
            match keyword {
                "id" => {
                    fixtures.extend(current.take());
                    current = Some(Fixture {
                        variant: variant.clone(),
                        id: rest.to_string(),
                        position: None,
                        moves: Vec::new(),
                        perft: Vec::new(),
                        origin: at,
                    });
                }
                "position" => {
                    let fixture = current.as_mut().unwrap_or_else(|| panic!("{at}: position before id"));
                    fixture.position = (rest != "startpos").then(|| rest.to_string());
                }
                "moves" => {
                    let fixture = current.as_mut().unwrap_or_else(|| panic!("{at}: moves before id"));
                    fixture.moves = rest.split_whitespace().map(str::to_string).collect();
                }
                "perft" => {
                    let fixture = current.as_mut().unwrap_or_else(|| panic!("{at}: perft before id"));
                    let numbers: Vec<u64> = rest
                        .split_whitespace()
                        .map(|n| n.parse().unwrap_or_else(|_| panic!("{at}: bad number {n}")))
                        .collect();
                    let [depth, nodes] = numbers[..] else { panic!("{at}: expected perft <depth> <nodes>") };
                    fixture.perft.push((depth as u32, nodes));
                }
                other => panic!("{at}: unknown keyword {other}"),
            }
        }
        fixtures.extend(current.take());
    }
    fixtures
}
