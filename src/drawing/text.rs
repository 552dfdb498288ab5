//! The board of the `d` diagram (protocol-spec.md §9.5) written from a [`Drawing`]: a fixed-width
//! grid. Every cell is right-aligned in a column of the game's width (its widest cell and one
//! space), so a rank line cut into columns of that width, or split on whitespace, gives one
//! token per square and then the rank label.

use super::{Cell, Drawing, Grid};
use std::fmt::Display;
use std::fmt::Write;

/// An empty square.
pub const EMPTY: &str = ".";

/// A place that is not a square of the game (checkers' light squares).
pub const OFF: &str = "-";

/// Between a grid's last column and its rank label.
const BEFORE_RANK: usize = 2;

/// Between grids side by side.
const BETWEEN_GRIDS: usize = 3;

/// The text of `cell`: [`EMPTY`], [`OFF`], its piece's token (`+p`), or the tokens of a stack
/// bottom first in brackets (`[p+s]`), as position strings write a Shogammon point.
pub fn cell(cell: &Cell) -> String {
    match cell {
        Cell::Off => OFF.to_string(),
        Cell::Square(pieces) => match pieces.as_slice() {
            [] => EMPTY.to_string(),
            [piece] => piece.token.clone(),
            stack => format!("[{}]", stack.iter().map(|piece| piece.token.as_str()).collect::<String>()),
        },
    }
}

/// `cells` one after another, each right-aligned in `column` characters.
pub fn columns<T: Display>(cells: impl IntoIterator<Item = T>, column: usize) -> String {
    let mut text = String::new();
    for cell in cells {
        let written = cell.to_string();
        debug_assert!(written.len() < column, "{written:?} does not fit a diagram column of {column}");
        let _ = write!(text, "{written:>column$}");
    }
    text
}

/// The lines of `grids` side by side: the file labels, then one line per rank from the top.
/// Each grid's block is its columns of `column` characters, then two spaces and its rank label
/// (none when its rank labels are empty); blocks are three spaces apart, and a grid with fewer
/// ranks leaves its block blank below them. Lines carry no trailing spaces.
pub fn grid_lines(grids: &[Grid], column: usize) -> Vec<String> {
    let rows = grids.iter().map(|grid| grid.ranks.len()).max().unwrap_or(0);
    let mut lines = vec![String::new(); rows + 1];
    for (index, grid) in grids.iter().enumerate() {
        let label_width = grid.ranks.iter().map(String::len).max().unwrap_or(0);
        let block = grid.files.len() * column + if label_width > 0 { BEFORE_RANK + label_width } else { 0 };
        for (row, line) in lines.iter_mut().enumerate() {
            if index > 0 {
                line.push_str(&" ".repeat(BETWEEN_GRIDS));
            }
            let mut part = match row {
                0 => columns(&grid.files, column),
                _ if row <= grid.ranks.len() => {
                    let cells = &grid.cells[(row - 1) * grid.files.len()..row * grid.files.len()];
                    let mut part = columns(cells.iter().map(cell), column);
                    if label_width > 0 {
                        let _ = write!(part, "{}{}", " ".repeat(BEFORE_RANK), grid.ranks[row - 1]);
                    }
                    part
                }
                _ => String::new(),
            };
            let _ = write!(part, "{}", " ".repeat(block.saturating_sub(part.len())));
            line.push_str(&part);
        }
    }
    lines.iter().map(|line| line.trim_end().to_string()).collect()
}

/// The diagram of `drawing`: its grids (as [`grid_lines`] writes them), then its hand lines and
/// captions ([`Drawing::caption_lines`]).
pub fn diagram(drawing: &Drawing, column: usize) -> String {
    let mut lines = grid_lines(&drawing.grids, column);
    lines.extend(drawing.caption_lines());
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drawing::{shogi_labels, Shape};

    #[test]
    fn cells_take_fixed_columns_and_grids_stand_side_by_side() {
        let (files, ranks) = shogi_labels(3, 2);
        let board = Grid::new("", files, ranks, |column, row| match (column, row) {
            (0, 0) => Grid::square(["p", "+s"], Shape::Tile),
            (1, 0) => Cell::Off,
            (2, 1) => Grid::square(["+B"], Shape::Tile),
            _ => Cell::Square(vec![]),
        });
        let side = Grid::new("", vec!["o".into()], vec!["1".into()], |_, _| Grid::square(["t"], Shape::Token));
        let drawing = Drawing { grids: vec![board, side], captions: vec!["hand b: -".into()], ..Drawing::default() };
        assert_eq!(
            diagram(&drawing, 6),
            [
                "     3     2     1           o",
                " [p+s]     -     .  a        t  1",
                "     .     .    +B  b",
                "hand b: -"
            ]
            .join("\n")
        );
    }
}
