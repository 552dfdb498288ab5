//! Every variant's drawing (`Game::drawing`, `d svg`) along seeded random walks: it shows the
//! pieces the position string has (as many of each player's, on the board), every caption is a
//! line of the `d` diagram, every grid is complete, and the SVG document is well-formed.

use tetsugaku::drawing::{svg, Cell, Drawing};
use tetsugaku::vocabulary::SplitMix64;
use tetsugaku::{AnyGame, RuleValues, Side, Turn, VARIANTS};

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
                for caption in &drawing.captions {
                    assert!(diagram.lines().any(|line| line == caption), "{at}: caption {caption:?} not in\n{diagram}");
                }
                let document = svg::render(&drawing, &[(0, 0)]);
                assert_eq!(well_formed(&document), Ok(()), "{at}\n{document}");
                checked += 1;
                let next = match game.turn() {
                    Turn::Over(_) => break,
                    Turn::Chance(_) => game.chance_outcomes().into_iter().map(|(token, _)| token).collect(),
                    Turn::Decide(_) => game.legal_moves(),
                };
                let token = &next[rng.below(next.len())];
                game.play_token(token).expect("a generated move is legal");
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
