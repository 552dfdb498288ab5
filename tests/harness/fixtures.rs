//! The perft fixtures, `tests/perft/<variant>.perft`: the reader and the engine's position of a
//! fixture (its position with its moves played).

use crate::games::engine;
use std::path::{Path, PathBuf};
use tetsugaku::AnyGame;

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
fn perft_dir() -> PathBuf {
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
