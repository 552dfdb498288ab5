//! Every variant's drawing (`Game::drawing`, `d svg`) along seeded random walks: it shows the
//! pieces the position string has (as many of each player's, on the board), every caption is a
//! line of the `d` diagram, every grid is complete, and the SVG document is well-formed. And the
//! `d` board read back column by column says square by square what the position string says.

use std::collections::BTreeMap;
use tetsugaku::drawing::{svg, Cell, Drawing};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Side, VARIANTS};

#[path = "harness/any_walk.rs"]
mod any_walk;
use any_walk::play_at_random;

/// The first and second player's pieces on the board of a position string: its letters,
/// upper case for the first player.
fn letters(position: &str) -> [usize; 2] {
    let board = position.split_whitespace().next().unwrap_or_default();
    let count =
        |upper: bool| board.chars().filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper).count();
    [count(true), count(false)]
}

/// The first and second player's pieces in a drawing (tokens of no player left out).
fn pieces(drawing: &Drawing) -> [usize; 2] {
    let mut counts = [0; 2];
    for grid in &drawing.grids {
        for cell in &grid.cells {
            if let Cell::Square(pieces) = cell {
                for piece in pieces {
                    match piece.owner {
                        Some(Side::First) => counts[0] += 1,
                        Some(Side::Second) => counts[1] += 1,
                        None => {}
                    }
                }
            }
        }
    }
    counts
}

/// Whether `document`'s tags nest: every `<tag ...>` closed by `</tag>` or `/>`, in order.
fn well_formed(document: &str) -> Result<(), String> {
    let mut open: Vec<&str> = Vec::new();
    let mut rest = document;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').ok_or("a tag is not closed")? + start;
        let tag = &rest[start + 1..end];
        if let Some(name) = tag.strip_prefix('/') {
            if open.pop() != Some(name) {
                return Err(format!("</{name}> closes nothing open"));
            }
        } else if !tag.ends_with('/') {
            open.push(tag.split_whitespace().next().ok_or("an empty tag")?);
        }
        rest = &rest[end + 1..];
    }
    if open.is_empty() {
        Ok(())
    } else {
        Err(format!("{open:?} never closed"))
    }
}

#[test]
fn drawings_show_the_position_along_random_walks() {
    let mut rng = SplitMix64::new(2026);
    let mut checked = 0;
    for variant in VARIANTS.iter() {
        for walk in 0..4 {
            let mut game = AnyGame::new(variant, &RuleValues::default(), None).expect("the start position");
            for ply in 0..60 {
                let drawing = game.drawing();
                let at = format!("{} walk {walk} ply {ply}: {}", variant.name, game.position_string());
                assert_eq!(pieces(&drawing), letters(&game.position_string()), "{at}");
                assert!(!drawing.grids.is_empty(), "{at}");
                for grid in &drawing.grids {
                    assert_eq!(grid.cells.len(), grid.files.len() * grid.ranks.len(), "{at}");
                }
                let diagram = game.diagram();
                for caption in &drawing.caption_lines() {
                    assert!(diagram.lines().any(|line| line == caption), "{at}: caption {caption:?} not in\n{diagram}");
                }
                let document = svg::render(&drawing, &[(0, 0)]);
                assert_eq!(well_formed(&document), Ok(()), "{at}\n{document}");
                checked += 1;
                if !play_at_random(&mut game, &mut rng) {
                    break;
                }
            }
        }
    }
    assert!(checked > 2000, "{checked} positions");
}

#[test]
fn the_checker_of_well_formed_documents_finds_faults() {
    assert_eq!(well_formed("<svg><g><rect/></g></svg>"), Ok(()));
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg><g>").is_err());
    assert!(well_formed("<svg></g>").is_err());
}

/// How a variant's `d` board is laid out (protocol-spec.md §9.5): the column width, and each
/// grid's number of files and of ranks, left to right.
fn layout(variant: &str) -> (usize, &'static [(usize, usize)]) {
    match variant {
        "hasami" | "hasami-all" | "hasami-step" | "hasami-step18" | "dai-hasami" | "dai-hasami-diag"
        | "dai-hasami-step" => (2, &[(9, 9)]),
        "makyek" => (2, &[(8, 8)]),
        "shogi" => (3, &[(9, 9)]),
        "shogammon" => (7, &[(9, 9)]),
        "enryo" | "philosophy-checkers" => (3, &[(9, 9)]),
        "checkers" => (3, &[(8, 8)]),
        "ito" => (3, &[(21, 1)]),
        "philosophers-chess" => (2, &[(6, 6), (2, 2)]),
        other => panic!("no documented diagram layout for {other}"),
    }
}

/// The `width` characters of `line` from `at`, which must be one right-aligned token with at
/// least one space before it.
fn column(line: &str, at: usize, width: usize) -> Result<&str, String> {
    let text = line.get(at..at + width).ok_or_else(|| format!("{line:?} ends before column {at}..{}", at + width))?;
    let token = text.trim_start();
    if !text.starts_with(' ') || token.is_empty() || token.contains(' ') {
        return Err(format!("{line:?}: characters {at}..{} are {text:?}, not one right-aligned token", at + width));
    }
    Ok(token)
}

/// The board lines of a `d` diagram read back with nothing but the documented layout: the
/// `i`th column of a grid is `width` characters, its rank label follows two spaces after the
/// last column, and grids side by side are three spaces apart. Square name (file label, then
/// rank label) -> the token shown. Splitting each line on whitespace must give the same tokens.
fn read_back(diagram: &str, width: usize, grids: &[(usize, usize)]) -> Result<BTreeMap<String, String>, String> {
    let lines: Vec<&str> = diagram.lines().collect();
    let rows = grids.iter().map(|&(_, ranks)| ranks).max().unwrap_or(0);
    if lines.len() <= rows {
        return Err(format!("{} lines, fewer than the board's {}", lines.len(), rows + 1));
    }
    let mut files: Vec<Vec<&str>> = vec![Vec::new(); grids.len()];
    let mut squares = BTreeMap::new();
    for (row, line) in lines[..=rows].iter().enumerate() {
        let mut at = 0;
        let mut tokens = Vec::new();
        for (grid, &(file_count, rank_count)) in grids.iter().enumerate() {
            if row == 0 {
                for file in 0..file_count {
                    let label = column(line, at + file * width, width)?;
                    files[grid].push(label);
                    tokens.push(label);
                }
            } else if row <= rank_count {
                let labels_at = at + file_count * width;
                let rank = line.get(labels_at..).map_or("", |rest| rest.split_whitespace().next().unwrap_or(""));
                if !rank.is_empty() && line.get(labels_at..labels_at + 2) != Some("  ") {
                    return Err(format!("{line:?}: no two spaces before the rank label"));
                }
                for (file, label) in files[grid].iter().enumerate() {
                    let token = column(line, at + file * width, width)?;
                    tokens.push(token);
                    if squares.insert(format!("{label}{rank}"), token.to_string()).is_some() {
                        return Err(format!("{line:?}: square {label}{rank} read twice"));
                    }
                }
                if !rank.is_empty() {
                    tokens.push(rank);
                }
            }
            at += file_count * width + 2 + 1 + 3;
        }
        let split: Vec<&str> = line.split_whitespace().collect();
        if split != tokens {
            return Err(format!("{line:?} split on whitespace is {split:?}, by columns {tokens:?}"));
        }
    }
    Ok(squares)
}

/// The squares of one rank of a board field, left to right: the token of each (a point
/// `[..]` whole, `+` with its letter), `None` for an empty one.
fn rank_squares(rank: &str) -> Vec<Option<String>> {
    let mut squares = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(digit) = c.to_digit(10) {
            let mut run = digit as usize;
            while let Some(more) = chars.next_if(char::is_ascii_digit) {
                run = run * 10 + more.to_digit(10).unwrap_or(0) as usize;
            }
            squares.extend(std::iter::repeat_n(None, run));
        } else if c == '[' {
            let inside: String = chars.by_ref().take_while(|&c| c != ']').collect();
            squares.push(Some(format!("[{inside}]")));
        } else if c == '+' {
            squares.push(Some(format!("+{}", chars.next().unwrap_or('?'))));
        } else {
            squares.push(Some(c.to_string()));
        }
    }
    squares
}

/// What the `d` board must show on each square, from the position string alone: square name
/// (file counted from the right, rank letter from the top) -> the square's token, `.` when it
/// is empty, `-` on a checkers light square; Philosopher's Chess adds the Mind, `t` on the
/// Thought's square (the fourth field).
fn expected(variant: &str, position: &str) -> BTreeMap<String, String> {
    let fields: Vec<&str> = position.split_whitespace().collect();
    let checkers = matches!(variant, "checkers" | "enryo" | "philosophy-checkers");
    let mut squares = BTreeMap::new();
    for (row, rank) in fields[0].split('/').enumerate() {
        let rank = rank_squares(rank);
        for (column, token) in rank.iter().enumerate() {
            let file = rank.len() - column;
            let dark = (file + row + 1).is_multiple_of(2);
            let shown = match token {
                Some(token) => token.clone(),
                None if checkers && !dark => "-".to_string(),
                None => ".".to_string(),
            };
            assert!(!checkers || dark || token.is_none(), "{position}: a piece on a light square");
            squares.insert(format!("{file}{}", (b'a' + row as u8) as char), shown);
        }
    }
    if variant == "philosophers-chess" {
        for mind in ["o1", "d1", "o2", "d2"] {
            squares.insert(mind.to_string(), if fields[3] == mind { "t" } else { "." }.to_string());
        }
    }
    squares
}

/// Positions with the widest cells each game writes, besides the random walks.
const WIDE: [(&str, &str); 5] = [
    ("shogammon", "4k4/9/9/9/4[p+s]4/9/9/9/[+B+N]3K3[+BS] b - - 1"),
    ("shogammon", "[lk]8/9/9/9/9/9/9/9/[+R+R]7[GK] w - 61 9"),
    ("checkers", "7+m/8/8/8/8/8/8/+M7 b - 1"),
    ("enryo", "4k4/9/9/9/4+M4/9/9/9/4K4 w - 1"),
    ("philosophers-chess", "rhnkhr/hhpphh/6/6/HHPPHH/RHNKHR w - d2 1 5"),
];

#[test]
fn the_d_board_reads_back_square_by_square() {
    let mut rng = SplitMix64::new(95);
    let mut failures: Vec<String> = Vec::new();
    let mut checked = 0;
    let mut points = 0;
    for variant in VARIANTS.iter() {
        let (width, grids) = layout(variant.name);
        let start = AnyGame::new(variant, &RuleValues::default(), None).expect("the start position");
        let files = start.diagram().lines().next().unwrap_or_default().to_string();
        let mut games: Vec<(AnyGame, usize)> = (0..8).map(|_| (start.clone(), 80)).collect();
        games.push((start, 0));
        for &(_, position) in WIDE.iter().filter(|(name, _)| *name == variant.name) {
            let game = AnyGame::new(variant, &RuleValues::default(), Some(position)).expect("a wide position");
            games.push((game, 0));
        }
        let mut failure = None;
        for (walk, (mut game, plies)) in games.into_iter().enumerate() {
            for ply in 0..=plies {
                let position = game.position_string();
                let diagram = game.diagram();
                let read = read_back(&diagram, width, grids);
                checked += 1;
                points += position.matches('[').count();
                let at = format!("{} walk {walk} ply {ply}: {position}", variant.name);
                if diagram.lines().next() != Some(files.as_str()) {
                    failure.get_or_insert(format!("{at}: the file line changed\n{diagram}"));
                }
                match read {
                    Err(reason) => {
                        failure.get_or_insert(format!("{at}: {reason}\n{diagram}"));
                    }
                    Ok(squares) if squares != expected(variant.name, &position) => {
                        let want = expected(variant.name, &position);
                        let names = want.keys().chain(squares.keys().filter(|name| !want.contains_key(*name)));
                        let wrong: Vec<String> = names
                            .filter(|name| squares.get(*name) != want.get(*name))
                            .map(|name| format!("{name}: {:?} for {:?}", squares.get(name), want.get(name)))
                            .collect();
                        failure.get_or_insert(format!("{at}: {}\n{diagram}", wrong.join(", ")));
                    }
                    Ok(_) => {}
                }
                if ply == plies || failure.is_some() || !play_at_random(&mut game, &mut rng) {
                    break;
                }
            }
        }
        failures.extend(failure);
    }
    assert!(failures.is_empty(), "{} of {} variants:\n{}", failures.len(), VARIANTS.len(), failures.join("\n\n"));
    assert!(checked > 8000, "{checked} positions");
    assert!(points > 100, "{points} Shogammon points along the walks");
}
