//! SVG pictures of [`Drawing`]s: one self-contained `<svg>` document (generic font families, no
//! scripts, nothing fetched). Grids stand side by side, labelled as the `d` diagram labels them
//! (files above, ranks to the right); the hands, the dice and the captions go below them. Every
//! square and every piece in hand names its place (protocol-spec.md §9.8) in `data-place`, so a
//! page can take clicks on it.

use super::{Cell, Drawing, Grid, Hand, Piece, Shape};
use crate::vocabulary::Side;
use std::fmt::Write as _;

/// The side of a cell, in SVG user units.
pub const CELL: usize = 40;
/// Room above a grid for its title and file labels.
const TOP: usize = 40;
/// Room to the right of a grid for its rank labels, and between grids.
const GAP: usize = 28;
/// The height of a caption line.
const LINE: usize = 20;
/// The colour of a marked square (the last move's).
pub const MARKED: &str = "#f2c94c";
/// The height of a row of pieces in hand, and of the dice.
const ROW: usize = 36;
/// Pieces in hand and dice are drawn at this fraction of a cell.
const SMALL: f64 = 0.8;

/// Where each grid's top-left cell is, and the picture's size.
struct Layout {
    origins: Vec<(usize, usize)>,
    width: usize,
    height: usize,
}

fn layout(drawing: &Drawing) -> Layout {
    let mut x = GAP / 2;
    let mut origins = Vec::new();
    let mut bottom = TOP;
    for grid in &drawing.grids {
        origins.push((x, TOP));
        x += grid.files.len() * CELL + GAP;
        bottom = bottom.max(TOP + grid.ranks.len() * CELL);
    }
    let rows = drawing.hands.len() + usize::from(!drawing.dice.is_empty());
    let captions = drawing.captions.len() * LINE;
    let text_width = drawing.captions.iter().map(|c| c.chars().count() * 9 + GAP).max().unwrap_or(0);
    let hand_width = drawing.hands.iter().map(|h| HAND_LABEL + h.held.len() * HAND_STEP + GAP).max().unwrap_or(0);
    let dice_width = HAND_LABEL + drawing.dice.len() * HAND_STEP + GAP;
    Layout {
        origins,
        width: x.max(text_width).max(hand_width).max(dice_width),
        height: bottom + 8 + rows * ROW + captions + 4,
    }
}

/// Room for a hand's `b:` label.
const HAND_LABEL: usize = 30;
/// From one piece in hand (or die) to the next.
const HAND_STEP: usize = 46;

/// The drawing as an SVG document, the first player at the bottom. Cells listed in `marked`
/// (grid index, cell index), the squares of the last move, are tinted.
pub fn render(drawing: &Drawing, marked: &[(usize, usize)]) -> String {
    render_from(drawing, marked, Side::First)
}

/// [`render`] seen from `bottom`'s side: for the second player every grid is turned round
/// (files, ranks and cells in reverse order) and the tiles point the other way; cells keep
/// their numbers and places.
pub fn render_from(drawing: &Drawing, marked: &[(usize, usize)], bottom: Side) -> String {
    render_view(drawing, marked, bottom, &|_, pieces| pieces_svg_from(pieces, bottom))
}

/// [`render`], each square's content drawn by `paint(cell number, pieces)` in a `CELL` by
/// `CELL` box at the origin. Cells are numbered across the grids in order, row by row; every
/// cell's rectangle carries `data-cell="<number>"`, every square's also `data-place="<name>"`,
/// and every caption `data-caption="<line>"`, so a viewer can redraw them.
pub fn render_with(drawing: &Drawing, marked: &[(usize, usize)], paint: &dyn Fn(usize, &[Piece]) -> String) -> String {
    render_view(drawing, marked, Side::First, paint)
}

fn render_view(
    drawing: &Drawing,
    marked: &[(usize, usize)],
    bottom: Side,
    paint: &dyn Fn(usize, &[Piece]) -> String,
) -> String {
    let layout = layout(drawing);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\">\n<rect width=\"{w}\" height=\"{h}\" fill=\"#fbf7ee\"/>\n",
        w = layout.width,
        h = layout.height
    );
    let mut first = 0;
    for (index, (grid, &origin)) in drawing.grids.iter().zip(&layout.origins).enumerate() {
        let marked = |cell| marked.contains(&(index, cell));
        draw_grid(&mut svg, grid, origin, GridView { first, turned: bottom == Side::Second }, marked, paint);
        first += grid.cells.len();
    }
    let top = layout.origins.iter().map(|&(_, y)| y).max().unwrap_or(TOP);
    let mut y = top + drawing.grids.iter().map(|g| g.ranks.len() * CELL).max().unwrap_or(0) + 8;
    for hand in &drawing.hands {
        draw_hand(&mut svg, hand, y, bottom);
        y += ROW;
    }
    if !drawing.dice.is_empty() {
        draw_dice(&mut svg, &drawing.dice, y);
        y += ROW;
    }
    for (line, caption) in drawing.captions.iter().enumerate() {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" font-size=\"15\" data-caption=\"{line}\">{}</text>",
            GAP / 2,
            y + (line + 1) * LINE - 5,
            escape(caption)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// How a grid is placed: the number of its first cell, and whether it is turned round.
#[derive(Clone, Copy)]
struct GridView {
    first: usize,
    turned: bool,
}

/// A hand's row at height `y`: its side's letter, then each kind as a small piece with its
/// count (faded when none is held), in a group carrying the kind's `data-place`.
fn draw_hand(svg: &mut String, hand: &Hand, y: usize, bottom: Side) {
    let x = GAP / 2;
    let middle = y + ROW / 2 + 5;
    let _ = writeln!(
        svg,
        "<text x=\"{x}\" y=\"{middle}\" font-size=\"14\" data-hand=\"{side}\">{side}:</text>",
        side = hand.side.letter()
    );
    for (index, (piece, count)) in hand.held.iter().enumerate() {
        let left = x + HAND_LABEL + index * HAND_STEP;
        let faded = if *count == 0 { " opacity=\"0.25\"" } else { "" };
        let count = if *count > 1 {
            format!("<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\">{count}</text>", CELL + 1, CELL - 6)
        } else {
            String::new()
        };
        let _ = writeln!(
            svg,
            "<g transform=\"translate({left} {}) scale({SMALL})\" data-place=\"{place}\"{faded}>\
             <rect width=\"{CELL}\" height=\"{CELL}\" fill=\"#fbf7ee\" stroke=\"none\"/>{}{count}</g>",
            y + 2,
            piece_svg(piece, bottom),
            place = escape(&Hand::place(piece))
        );
    }
}

/// The dice at height `y`, each a white square with its pips.
fn draw_dice(svg: &mut String, dice: &[u8], y: usize) {
    let size = (CELL as f64 * SMALL) as usize;
    for (index, &die) in dice.iter().enumerate() {
        let left = GAP / 2 + HAND_LABEL + index * HAND_STEP;
        let pips: String = pips(die)
            .iter()
            .map(|&(px, py)| {
                let (cx, cy) = (px as f64 * size as f64 / 4.0, py as f64 * size as f64 / 4.0);
                format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"3.2\" fill=\"#1b1b1b\"/>")
            })
            .collect();
        let _ = writeln!(
            svg,
            "<g transform=\"translate({left} {})\" data-die=\"{die}\"><rect width=\"{size}\" height=\"{size}\" \
             rx=\"5\" fill=\"#ffffff\" stroke=\"#1b1b1b\" stroke-width=\"1.5\"/>{pips}</g>",
            y + 2
        );
    }
}

/// The pips of a die face, in quarters of the face from its top left.
fn pips(die: u8) -> &'static [(u8, u8)] {
    match die {
        1 => &[(2, 2)],
        2 => &[(1, 1), (3, 3)],
        3 => &[(1, 1), (2, 2), (3, 3)],
        4 => &[(1, 1), (3, 1), (1, 3), (3, 3)],
        5 => &[(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
        6 => &[(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
        _ => &[],
    }
}

fn draw_grid(
    svg: &mut String,
    grid: &Grid,
    (x, y): (usize, usize),
    view: GridView,
    marked: impl Fn(usize) -> bool,
    paint: &dyn Fn(usize, &[Piece]) -> String,
) {
    let columns = grid.files.len();
    let rows = grid.ranks.len();
    // The column and row a square is drawn at, and the other way round.
    let seen = |at: usize, of: usize| if view.turned { of - 1 - at } else { at };
    if !grid.title.is_empty() {
        let _ = writeln!(
            svg,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            y - 24,
            escape(&grid.title)
        );
    }
    for (column, file) in grid.files.iter().enumerate() {
        let cx = x + seen(column, columns) * CELL + CELL / 2;
        let _ = writeln!(
            svg,
            "<text x=\"{cx}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            y - 6,
            escape(file)
        );
    }
    for (row, rank) in grid.ranks.iter().enumerate() {
        let cy = y + seen(row, rows) * CELL + CELL / 2 + 4;
        let _ =
            writeln!(svg, "<text x=\"{}\" y=\"{cy}\" font-size=\"12\">{}</text>", x + columns * CELL + 6, escape(rank));
    }
    for (index, cell) in grid.cells.iter().enumerate() {
        let (column, row) = (index % columns, index / columns);
        let (cx, cy) = (x + seen(column, columns) * CELL, y + seen(row, rows) * CELL);
        let fill = match (cell, marked(index)) {
            (Cell::Off, _) => "#e9e1d1",
            (Cell::Square(_), true) => MARKED,
            (Cell::Square(_), false) => "#e8c27a",
        };
        let number = view.first + index;
        let place = match cell {
            Cell::Off => String::new(),
            Cell::Square(_) => format!(" data-place=\"{}\"", escape(&grid.place(column, row))),
        };
        let _ = writeln!(
            svg,
            "<rect x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#5b4a2f\" \
             stroke-width=\"1\" data-cell=\"{number}\"{place}/>"
        );
        if let Cell::Square(pieces) = cell {
            let content = paint(number, pieces);
            if !content.is_empty() {
                let _ = writeln!(svg, "<g transform=\"translate({cx} {cy})\" pointer-events=\"none\">{content}</g>");
            }
        }
    }
}

/// The pieces of one square, drawn in a `CELL` by `CELL` box at the origin; a stack is drawn
/// smaller, each piece further down and right than the one under it.
pub fn pieces_svg(pieces: &[Piece]) -> String {
    pieces_svg_from(pieces, Side::First)
}

/// [`pieces_svg`] seen from `bottom`'s side: tiles point away from their owner as `bottom`
/// sees the board.
fn pieces_svg_from(pieces: &[Piece], bottom: Side) -> String {
    if let [piece] = pieces {
        return piece_svg(piece, bottom);
    }
    let step = 14.0;
    let scale = 0.6;
    let start = -(pieces.len() as f64 - 1.0) * step / 2.0 + (1.0 - scale) * CELL as f64 / 2.0;
    pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let offset = start + i as f64 * step;
            format!("<g transform=\"translate({offset} {offset}) scale({scale})\">{}</g>", piece_svg(piece, bottom))
        })
        .collect()
}

/// One piece in a `CELL` by `CELL` box at the origin, `bottom` sitting below the board.
fn piece_svg(piece: &Piece, bottom: Side) -> String {
    let half = CELL / 2;
    let ink = if piece.promoted { "#c0392b" } else { "#1b1b1b" };
    let label = escape(&piece.label);
    match (piece.shape, piece.owner) {
        (Shape::Tile, owner) => {
            // Pointing up, away from the player at the bottom; the other player's turned round.
            let turn = if owner.is_some_and(|owner| owner != bottom) { format!(" transform=\"rotate(180 {half} {half})\"") } else { String::new() };
            format!(
                "<g{turn}><path d=\"M20 3 L32 9 L35 37 L5 37 L8 9 Z\" fill=\"#f6e3b4\" stroke=\"#3d2f1c\" stroke-width=\"1.2\"/>\
                 <text x=\"{half}\" y=\"28\" font-size=\"16\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{label}</text></g>"
            )
        }
        (Shape::Stone, owner) => {
            let (fill, text) = if owner == Some(Side::Second) { ("#fafafa", "#1b1b1b") } else { ("#222222", "#fafafa") };
            let text = if piece.promoted { "#e74c3c" } else { text };
            let ring = if piece.promoted { "#c0392b\" stroke-width=\"3" } else { "#111111\" stroke-width=\"1.2" };
            let disc = format!("<circle cx=\"{half}\" cy=\"{half}\" r=\"15\" fill=\"{fill}\" stroke=\"{ring}\"/>");
            if label.is_empty() {
                return disc;
            }
            format!(
                "{disc}<text x=\"{half}\" y=\"{}\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" \
                 fill=\"{text}\">{label}</text>",
                half + 5
            )
        }
        (Shape::Token, _) => format!(
            "<circle cx=\"{half}\" cy=\"{half}\" r=\"11\" fill=\"#6c5ce7\" stroke=\"#2d2671\"/>\
             <text x=\"{half}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">{label}</text>",
            half + 5
        ),
    }
}

/// `text` with the characters XML reserves escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drawing::shogi_labels;

    fn drawing() -> Drawing {
        let (files, ranks) = shogi_labels(2, 2);
        let grid = Grid::new("Field", files, ranks, |column, row| match (column, row) {
            (0, 0) => Grid::square(["+p"], Shape::Tile),
            (1, 1) => Grid::square(["P", "p"], Shape::Tile),
            _ => Cell::Square(vec![]),
        });
        Drawing { grids: vec![grid], captions: vec!["roll: <&>".into()], ..Drawing::default() }
    }

    #[test]
    fn a_drawing_becomes_one_svg_document() {
        let svg = render(&drawing(), &[(0, 3)]);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<rect x=").count(), 4, "one rectangle per cell");
        assert_eq!(svg.matches(MARKED).count(), 1, "the marked cell is tinted");
        assert!(svg.contains("data-cell=\"3\"") && svg.contains("data-caption=\"0\""));
        assert_eq!(svg.matches("<path").count(), 3, "three pieces");
        assert_eq!(svg.matches("rotate(180").count(), 2, "the second player's two pieces turned round");
        assert!(svg.contains("fill=\"#c0392b\">P</text>"), "a promoted piece in red");
        assert!(svg.contains("roll: &lt;&amp;&gt;"), "captions escaped");
        assert!(svg.contains("data-cell=\"0\" data-place=\"2a\"") && svg.contains("data-place=\"1b\""));
        assert!(svg.contains(">Field</text>"));
    }

    #[test]
    fn hands_are_pieces_with_places_and_dice_show_their_pips() {
        let mut drawing = drawing();
        drawing.hands = vec![
            Hand::new(Side::First, [('R', 1), ('P', 2)], Shape::Tile),
            Hand::new(Side::Second, [('p', 0)], Shape::Tile),
        ];
        drawing.dice = vec![6, 1];
        let svg = render(&drawing, &[]);
        assert!(svg.contains("data-place=\"R*\"") && svg.contains("data-place=\"P*\""));
        assert!(svg.contains("data-place=\"p*\" opacity=\"0.25\""), "a kind not held is faded");
        assert!(svg.contains(">2</text>"), "a count above 1 is written");
        assert!(svg.contains("data-die=\"6\"") && svg.contains("data-die=\"1\""));
        assert_eq!(svg.matches("<circle").count(), 7, "six pips and one");
    }

    #[test]
    fn seen_from_the_second_player_the_grid_turns_round_and_keeps_its_names() {
        let svg = render_from(&drawing(), &[], Side::Second);
        // Cell 0 (2a, top left for the first player) is drawn at the bottom right.
        assert!(svg.contains("<rect x=\"54\" y=\"80\" width=\"40\" height=\"40\" fill=\"#e8c27a\" stroke=\"#5b4a2f\" stroke-width=\"1\" data-cell=\"0\" data-place=\"2a\"/>"), "{svg}");
        assert_eq!(svg.matches("rotate(180").count(), 1, "now the first player's one piece is turned round");
    }
}
