//! The layer rule of `src/lib.rs`, checked on the source: a module reaches only its own layer
//! and the layers below it, and a rules engine under `src/variants` only its own family.
//!
//! The layers, lowest first: `vocabulary`, `drawing`, `game` (the contract), `variants`,
//! `search`, `catalogue`, `tune`, `engine`, `protocol`. `lib.rs` and `main.rs` stand above them
//! all. A reference is any `crate::<module>` path (or `crate::<macro>!` of a module's exported
//! macro) in code; comments do not count.

use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: [&str; 9] =
    ["vocabulary", "drawing", "game", "variants", "search", "catalogue", "tune", "engine", "protocol"];

/// The macros exported at the crate's root, with the module that defines them.
const MACROS: [(&str, &str); 5] = [
    ("games", "catalogue"),
    ("with_game", "catalogue"),
    ("__with_game_arms", "catalogue"),
    ("__define_games", "catalogue"),
    ("weight_table", "game"),
];

/// The families under `src/variants` a family may use besides itself.
const FAMILIES: [(&str, &[&str]); 7] = [
    ("checkers", &[]),
    ("hasami", &[]),
    ("ito", &[]),
    ("philosophers", &[]),
    ("shogi_core", &[]),
    ("shogi", &["shogi_core"]),
    ("shogammon", &["shogi_core"]),
];

fn layer(module: &str) -> Option<usize> {
    let module = MACROS.iter().find(|(name, _)| *name == module).map_or(module, |(_, home)| home);
    LAYERS.iter().position(|&layer| layer == module)
}

/// The text of `source` without its comments (`//` to the end of the line; this source has no
/// `//` inside string literals that matters here, and no block comments).
fn code(source: &str) -> String {
    source.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// Every `crate::a::b` path in `code`, as its segments after `crate` (at most two).
fn crate_paths(code: &str) -> Vec<(String, Option<String>)> {
    let mut paths = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue; // `my_crate::` is not `crate::`
        }
        let mut segments = code[at + 7..]
            .split("::")
            .map(|s| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>());
        let first = segments.next().unwrap_or_default();
        let second = segments.next().filter(|s| !s.is_empty());
        paths.push((first, second));
    }
    paths
}

/// What is wrong with the references of the file at `relative` (under `src/`, with `/`
/// separators) whose text is `source`: one line per reference that breaks the rule.
fn violations(relative: &str, source: &str) -> Vec<String> {
    let mut parts = relative.split('/');
    let top = parts.next().unwrap_or_default().trim_end_matches(".rs");
    let Some(own) = layer(top) else { return Vec::new() };
    let family = if top == "variants" { parts.next().map(|f| f.trim_end_matches(".rs").to_string()) } else { None };
    let mut found = Vec::new();
    for (first, second) in crate_paths(&code(source)) {
        let Some(target) = layer(&first) else { continue };
        if target > own {
            found.push(format!("{relative}: crate::{first} is above {top}"));
        }
        if let (Some(family), "variants", Some(other)) = (&family, first.as_str(), &second) {
            let allowed = FAMILIES.iter().find(|(name, _)| name == family).map_or(&[][..], |(_, uses)| *uses);
            if other != family && !allowed.contains(&other.as_str()) {
                found.push(format!("{relative}: the {family} family uses crate::variants::{other}"));
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_reaches_above_its_layer_and_no_variant_outside_its_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 100, "only {} files under src", files.len());
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).unwrap_or(&file).to_string_lossy().replace('\\', "/");
        let source = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{relative}: {e}"));
        found.extend(violations(&relative, &source));
    }
    assert!(found.is_empty(), "layer rule broken:\n{}", found.join("\n"));
}

#[test]
fn the_rule_sees_an_upward_reference_and_a_foreign_family() {
    assert_eq!(
        violations("variants/ito/position.rs", "use crate::search::mate;"),
        ["variants/ito/position.rs: crate::search is above variants"]
    );
    assert_eq!(
        violations("game/mod.rs", "fn f() -> crate::catalogue::AnyGame {}"),
        ["game/mod.rs: crate::catalogue is above game"]
    );
    assert_eq!(
        violations("variants/shogammon/eval.rs", "use crate::variants::shogi::eval::X;"),
        ["variants/shogammon/eval.rs: the shogammon family uses crate::variants::shogi"]
    );
    assert_eq!(
        violations("variants/hasami/eval.rs", "crate::games!(x);"),
        ["variants/hasami/eval.rs: crate::games is above variants"]
    );
    // What is allowed: the own layer and below, the own family, the shogi core, comments.
    let allowed = "use crate::variants::shogi_core::piece::Kind;\nuse crate::game::Game; // crate::engine\n";
    assert!(violations("variants/shogammon/points.rs", allowed).is_empty());
    assert!(violations("engine/session.rs", "use crate::search::Limits; use crate::catalogue::AnyGame;").is_empty());
}
