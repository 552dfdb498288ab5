//! `arena report` on a short match of every variant: the page is well-formed, has one board
//! viewer per game with one move link per recorded item, a template for its layout, and its
//! summary.

use std::path::PathBuf;
use std::process::Command;

fn tetsugaku() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_arena")).with_file_name("tetsugaku")
}

fn arena(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_arena")).args(args).output().expect("arena runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// Whether the page's elements nest (`<x ...>` closed by `</x>`, or `<x .../>`); the text of
/// script and style elements is skipped, as an HTML parser reads it.
fn well_formed(page: &str) -> Result<usize, String> {
    let mut open: Vec<String> = Vec::new();
    let mut rest = page.strip_prefix("<!DOCTYPE html>").ok_or("no doctype")?;
    let mut elements = 0;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').ok_or("a tag is not closed")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop().as_deref() != Some(name) {
                return Err(format!("</{name}> closes nothing open (open: {open:?})"));
            }
        } else if !tag.ends_with('/') {
            let name = tag.split_whitespace().next().ok_or("an empty tag")?.to_string();
            if name == "script" || name == "style" {
                let close = rest.find(&format!("</{name}>")).ok_or(format!("<{name}> never closed"))?;
                rest = &rest[close + name.len() + 3..];
            } else {
                open.push(name);
            }
            elements += 1;
        } else {
            elements += 1;
        }
    }
    if open.is_empty() {
        Ok(elements)
    } else {
        Err(format!("{open:?} never closed"))
    }
}

#[test]
fn the_checker_of_pages_finds_faults() {
    assert!(well_formed("<!DOCTYPE html><html><script>if (a < b) {}</script><p>x<br/></p></html>").is_ok());
    assert!(well_formed("<!DOCTYPE html><html><p></html>").is_err());
    assert!(well_formed("<html></html>").is_err());
}

#[test]
fn every_variant_gets_a_page_with_a_board_per_game() {
    let variants = tetsugaku::VARIANTS.iter().map(|v| v.name);
    let engine = format!("cmd={}", tetsugaku().display());
    let mut reported = 0;
    for variant in variants {
        reported += 1;
        let dir = std::env::temp_dir();
        let record = dir.join(format!("arena-report-{variant}-{}.games", std::process::id()));
        let page_path = record.with_extension("html");
        let (played, text) = arena(&[
            "match",
            "--variant",
            variant,
            "--games",
            "3",
            "--max-plies",
            "40",
            "--engine",
            &engine,
            "name=a",
            "depth=1",
            "--engine",
            &engine,
            "name=b",
            "depth=1",
            "--record",
            &record.display().to_string(),
        ]);
        assert!(played, "{variant}: {text}");
        let (written, text) = arena(&["report", &record.display().to_string(), "-o", &page_path.display().to_string()]);
        let records = std::fs::read_to_string(&record).unwrap_or_default();
        let page = std::fs::read_to_string(&page_path).unwrap_or_default();
        let _ = (std::fs::remove_file(&record), std::fs::remove_file(&page_path));
        assert!(written && text.contains("Report of 3 games"), "{variant}: {text}");
        assert!(well_formed(&page).is_ok(), "{variant}: {:?}", well_formed(&page));
        assert_eq!(page.matches("<div class=\"board\">").count(), 3, "{variant}: one board per game");
        assert_eq!(page.matches("<section class=\"game\"").count(), 3);
        assert!(
            page.contains("<template id=\"layout-0\"><svg") && page.contains("<use href=\"#s0\" data-piece="),
            "{variant}"
        );
        assert!(!page.contains("layout-1"), "{variant}: one layout for the whole match");
        assert!(page.contains(&format!("Match summary: {variant}, 3 games")), "{variant}");
        // One move link per recorded item, game by game.
        let items: Vec<usize> =
            records.lines().filter_map(|l| l.strip_prefix("moves")).map(|m| m.split_whitespace().count()).collect();
        let links: Vec<usize> =
            page.split("<section class=\"game\"").skip(1).map(|s| s.matches("data-ply=").count()).collect();
        let mut sorted_items = items.clone();
        let mut sorted_links = links.clone();
        sorted_items.sort();
        sorted_links.sort();
        assert_eq!(sorted_links, sorted_items, "{variant}");
    }
    assert_eq!(reported, 15, "every variant");
}

#[test]
fn a_record_that_is_not_one_is_refused() {
    let path = std::env::temp_dir().join(format!("arena-report-bad-{}.games", std::process::id()));
    std::fs::write(&path, "hello\n").unwrap();
    let (ok, text) = arena(&["report", &path.display().to_string(), "-o", "/dev/null"]);
    let _ = std::fs::remove_file(&path);
    assert!(!ok && text.contains("line 1"), "{text}");
}

#[test]
fn a_self_play_record_without_a_match_header_is_reported() {
    let engine = format!("cmd={}", tetsugaku().display());
    let record = std::env::temp_dir().join(format!("arena-report-old-{}.games", std::process::id()));
    let page_path = record.with_extension("html");
    let path = record.display().to_string();
    let (played, text) = arena(&[
        "match",
        "--variant",
        "hasami",
        "--games",
        "4",
        "--max-plies",
        "30",
        "--engine",
        &engine,
        "name=same",
        "depth=1",
        "--engine",
        &engine,
        "name=same",
        "depth=2",
        "--record",
        &path,
    ]);
    assert!(played, "{text}");
    // Written before match headers existed: the games alone.
    let records = std::fs::read_to_string(&record).unwrap_or_default();
    let games = &records[records.find("\nmatch\n").map_or(0, |at| at + 7)..];
    std::fs::write(&record, games).unwrap();
    let (written, text) = arena(&["report", &path, "-o", &page_path.display().to_string()]);
    let page = std::fs::read_to_string(&page_path).unwrap_or_default();
    let _ = (std::fs::remove_file(&record), std::fs::remove_file(&page_path));
    assert!(written, "{text}");
    assert!(
        page.contains("Match summary: hasami, 4 games") && page.contains("same (depth 1) vs same (depth 2)"),
        "{page}"
    );
    assert_eq!(page.matches("<div class=\"board\">").count(), 4);
}
