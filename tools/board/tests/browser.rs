//! The page in real headless Chromium: tests/browser/board_test.mjs (Playwright) plays every
//! variant by clicking against the engine and checks each position against an engine of its
//! own. Needs /usr/bin/chromium and the npm packages of tests/browser; scripts/test.sh installs both.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's target directory (`target/debug/board` → `target`).
fn target_dir() -> PathBuf {
    let board = PathBuf::from(env!("CARGO_BIN_EXE_board"));
    board.parent().and_then(Path::parent).map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
}

#[test]
fn every_variant_is_played_by_clicking_in_chromium() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    assert!(
        Path::new("/usr/bin/chromium").is_file(),
        "chromium is missing: run scripts/test.sh (it installs it), or apt-get install chromium"
    );
    assert!(
        here.join("node_modules/playwright-core").is_dir(),
        "playwright-core is missing in {}: run scripts/test.sh, or npm ci there",
        here.display()
    );
    assert!(
        Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success()),
        "node is missing: install Node.js (18 or later)"
    );
    let server = common::Server::start(&[]);
    let out = target_dir().join("board-browser");
    let run = Command::new("node")
        .arg(here.join("board_test.mjs"))
        .arg(&server.url)
        .arg(common::tetsugaku())
        .arg(&out)
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    println!("{stdout}");
    assert!(run.status.success(), "the browser test failed:\n{stdout}\n{}", String::from_utf8_lossy(&run.stderr));
    for variant in ["shogi", "shogammon", "philosophers-chess", "checkers"] {
        assert!(out.join(format!("{variant}.png")).is_file(), "no screenshot of {variant} in {}", out.display());
    }
}
