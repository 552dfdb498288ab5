//! SVG pictures of [`Drawing`]s: one self-contained `<svg>` document (generic font families, no
//! scripts, nothing fetched). Grids stand side by side, labelled as the `d` diagram labels them
//! (files above, ranks to the right); captions go below them.

use super::{Cell, Drawing, Grid, Piece, Shape};
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
    let captions = drawing.captions.len() * LINE;
    let text_width = drawing.captions.iter().map(|c| c.chars().count() * 9 + GAP).max().unwrap_or(0);
    Layout { origins, width: x.max(text_width), height: bottom + 8 + captions + 4 }
}

/// The drawing as an SVG document. Cells listed in `marked` (grid index, cell index), the
/// squares of the last move, are tinted.
pub fn render(drawing: &Drawing, marked: &[(usize, usize)]) -> String {
    render_with(drawing, marked, &|_, pieces| pieces_svg(pieces))
}

/// [`render`], each square's content drawn by `paint(cell number, pieces)` in a `CELL` by
/// `CELL` box at the origin. Cells are numbered across the grids in order, row by row; every
/// cell's rectangle carries `data-cell="<number>"` and every caption `data-caption="<line>"`, so
/// a viewer can redraw them.
pub fn render_with(drawing: &Drawing, marked: &[(usize, usize)], paint: &dyn Fn(usize, &[Piece]) -> String) -> String {
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
        draw_grid(&mut svg, grid, origin, first, marked, paint);
        first += grid.cells.len();
    }
    let top = layout.origins.iter().map(|&(_, y)| y).max().unwrap_or(TOP);
    let bottom = top + drawing.grids.iter().map(|g| g.ranks.len() * CELL).max().unwrap_or(0);
    for (line, caption) in drawing.captions.iter().enumerate() {
        let y = bottom + 8 + (line + 1) * LINE - 5;
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{y}\" font-size=\"15\" data-caption=\"{line}\">{}</text>",
            GAP / 2,
            escape(caption)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

fn draw_grid(
    svg: &mut String,
    grid: &Grid,
    (x, y): (usize, usize),
    first: usize,
    marked: impl Fn(usize) -> bool,
    paint: &dyn Fn(usize, &[Piece]) -> String,
) {
    let columns = grid.files.len();
    if !grid.title.is_empty() {
        let _ = writeln!(
            svg,
            "<text x=\"{x}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\">{}</text>",
            y - 24,
            escape(&grid.title)
        );
    }
    for (column, file) in grid.files.iter().enumerate() {
        let cx = x + column * CELL + CELL / 2;
        let _ = writeln!(
            svg,
            "<text x=\"{cx}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            y - 6,
            escape(file)
        );
    }
    for (row, rank) in grid.ranks.iter().enumerate() {
        let cy = y + row * CELL + CELL / 2 + 4;
        let _ =
            writeln!(svg, "<text x=\"{}\" y=\"{cy}\" font-size=\"12\">{}</text>", x + columns * CELL + 6, escape(rank));
    }
    for (index, cell) in grid.cells.iter().enumerate() {
        let (cx, cy) = (x + index % columns * CELL, y + index / columns * CELL);
        let fill = match (cell, marked(index)) {
            (Cell::Off, _) => "#e9e1d1",
            (Cell::Square(_), true) => MARKED,
            (Cell::Square(_), false) => "#e8c27a",
        };
        let number = first + index;
        let _ = writeln!(
            svg,
            "<rect x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\" stroke=\"#5b4a2f\" \
             stroke-width=\"1\" data-cell=\"{number}\"/>"
        );
        if let Cell::Square(pieces) = cell {
            let content = paint(number, pieces);
            if !content.is_empty() {
                let _ = writeln!(svg, "<g transform=\"translate({cx} {cy})\">{content}</g>");
            }
        }
    }
}

/// The pieces of one square, drawn in a `CELL` by `CELL` box at the origin; a stack is drawn
/// smaller, each piece further down and right than the one under it.
pub fn pieces_svg(pieces: &[Piece]) -> String {
    if let [piece] = pieces {
        return piece_svg(piece);
    }
    let step = 14.0;
    let scale = 0.6;
    let start = -(pieces.len() as f64 - 1.0) * step / 2.0 + (1.0 - scale) * CELL as f64 / 2.0;
    pieces
        .iter()
        .enumerate()
        .map(|(i, piece)| {
            let offset = start + i as f64 * step;
            format!("<g transform=\"translate({offset} {offset}) scale({scale})\">{}</g>", piece_svg(piece))
        })
        .collect()
}

/// One piece in a `CELL` by `CELL` box at the origin.
fn piece_svg(piece: &Piece) -> String {
    let half = CELL / 2;
    let ink = if piece.promoted { "#c0392b" } else { "#1b1b1b" };
    let label = escape(&piece.label);
    match (piece.shape, piece.owner) {
        (Shape::Tile, owner) => {
            // Pointing up, away from the first player; the second player's piece turned round.
            let turn = if owner == Some(Side::Second) { format!(" transform=\"rotate(180 {half} {half})\"") } else { String::new() };
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
        Drawing { grids: vec![grid], captions: vec!["hand b: 2P <&>".into()] }
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
        assert!(svg.contains("hand b: 2P &lt;&amp;&gt;"), "captions escaped");
        assert!(svg.contains(">Field</text>"));
    }
}
