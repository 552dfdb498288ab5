//! Pictures of positions. Every game describes its position as a [`Drawing`]: one or more grids
//! of cells holding pieces, and caption lines (hands, the roll, the Thought's run). [`svg`] draws
//! any drawing and [`text`] writes it as the `d` diagram, so a new game only says what is where.

pub mod svg;
pub mod text;

use crate::vocabulary::Side;

/// A position as a picture: its grids side by side, then the hands, the dice and the other
/// captions, one per line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    pub grids: Vec<Grid>,
    /// The pieces in hand, one row per player, the first player's first; empty in games
    /// without hands.
    pub hands: Vec<Hand>,
    /// The dice of a known roll, each 1 to 6, drawn as die faces; empty in games without dice.
    pub dice: Vec<u8>,
    /// Lines of the game's other state (the roll in words, the Thought's run).
    pub captions: Vec<String>,
}

impl Drawing {
    /// The lines under the board in the `d` diagram: one `hand <b|w>: ...` line per hand, then
    /// the captions.
    pub fn caption_lines(&self) -> Vec<String> {
        self.hands.iter().map(Hand::line).chain(self.captions.iter().cloned()).collect()
    }
}

/// One player's pieces in hand, each kind once with its count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub side: Side,
    /// Every kind a hand can hold, in the game's canonical hand order, with its count (0
    /// when none is held: a piece taken by the first sub-move of a turn can be dropped by the
    /// second, so a picture offers every kind).
    pub held: Vec<(Piece, u32)>,
}

impl Hand {
    /// `side`'s hand from every kind's position-string letter (upper case for the first
    /// player) and count.
    pub fn new(side: Side, held: impl IntoIterator<Item = (char, u32)>, shape: Shape) -> Hand {
        let held =
            held.into_iter().map(|(letter, count)| (Piece::of_token(&letter.to_string(), shape), count)).collect();
        Hand { side, held }
    }

    /// The diagram's line (protocol-spec.md §9.5): `hand b: R B 2P`, `hand w: -`.
    pub fn line(&self) -> String {
        let items: Vec<String> = self
            .held
            .iter()
            .filter(|(_, count)| *count > 0)
            .map(|(piece, count)| if *count == 1 { piece.token.clone() } else { format!("{count}{}", piece.token) })
            .collect();
        let items = if items.is_empty() { "-".to_string() } else { items.join(" ") };
        format!("hand {}: {items}", self.side.letter())
    }

    /// The place of a piece in hand (protocol-spec.md §9.8): its position-string letter and `*`.
    pub fn place(piece: &Piece) -> String {
        format!("{}*", piece.token)
    }
}

/// One board (a game may have two: Philosopher's Chess has the Field and the Mind).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Written above the grid; empty for a game's only board.
    pub title: String,
    /// Column labels, left to right, as the first player sees the board.
    pub files: Vec<String>,
    /// Row labels, top to bottom.
    pub ranks: Vec<String>,
    /// `files.len() * ranks.len()` cells, row by row from the top left.
    pub cells: Vec<Cell>,
}

/// A place on a grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not a square of the game (checkers' light squares).
    Off,
    /// A square and what stands on it, bottom first (Shogammon stacks two).
    Square(Vec<Piece>),
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A shogi piece: a pentagon pointing away from its owner, its letter on it.
    Tile,
    /// A stone or checker: a disc, black for the first player, white for the second.
    Stone,
    /// A token of no player (the Thought).
    Token,
}

/// A piece on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// `None` for a token of no player.
    pub owner: Option<Side>,
    /// What is written on it (`P`, `K`; empty for a plain stone).
    pub label: String,
    /// Promoted (shogi's `+`), a checkers Prince, a flipped Ito piece: drawn in red.
    pub promoted: bool,
    pub shape: Shape,
    /// What the `d` diagram writes for it: its position-string token (`P`, `+p`, `m`); `t` for
    /// the Thought, which position strings name by its square.
    pub token: String,
}

impl Piece {
    /// The piece of a protocol token: `+` first for promoted, the owner by the letter's case
    /// (upper case for the first player), the label in upper case.
    pub fn of_token(token: &str, shape: Shape) -> Piece {
        let (promoted, letters) = match token.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, token),
        };
        let owner = if letters.chars().any(|c| c.is_ascii_lowercase()) { Side::Second } else { Side::First };
        Piece { owner: Some(owner), label: letters.to_ascii_uppercase(), promoted, shape, token: token.to_string() }
    }
}

impl Grid {
    /// The name of the square in `column` and `row`, as move tokens write it: its file label
    /// followed by its rank label (`7g`; Ito's `1k` with an empty rank label; the Mind's `o1`).
    pub fn place(&self, column: usize, row: usize) -> String {
        format!("{}{}", self.files[column], self.ranks[row])
    }

    /// A grid of `files` by `ranks`, each cell given by `cell(column, row)` from the top left.
    pub fn new(
        title: &str,
        files: Vec<String>,
        ranks: Vec<String>,
        mut cell: impl FnMut(usize, usize) -> Cell,
    ) -> Grid {
        let mut cells = Vec::with_capacity(files.len() * ranks.len());
        for row in 0..ranks.len() {
            for column in 0..files.len() {
                cells.push(cell(column, row));
            }
        }
        Grid { title: title.to_string(), files, ranks, cells }
    }

    /// A cell with the pieces of `tokens` (none: an empty square).
    pub fn square<'a>(tokens: impl IntoIterator<Item = &'a str>, shape: Shape) -> Cell {
        Cell::Square(tokens.into_iter().map(|token| Piece::of_token(token, shape)).collect())
    }
}

/// File labels from `width` down to 1 (shogi's numbering, right to left as the first player
/// sees the board), and rank labels `a`, `b`, ... for `height` rows.
pub fn shogi_labels(width: usize, height: usize) -> (Vec<String>, Vec<String>) {
    let files = (1..=width).rev().map(|f| f.to_string()).collect();
    let ranks = (0..height).map(|r| ((b'a' + r as u8) as char).to_string()).collect();
    (files, ranks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_become_pieces() {
        let piece = |token| Piece::of_token(token, Shape::Tile);
        assert_eq!(
            piece("P"),
            Piece {
                owner: Some(Side::First),
                label: "P".into(),
                promoted: false,
                shape: Shape::Tile,
                token: "P".into()
            }
        );
        assert_eq!(
            piece("+r"),
            Piece {
                owner: Some(Side::Second),
                label: "R".into(),
                promoted: true,
                shape: Shape::Tile,
                token: "+r".into()
            }
        );
        assert_eq!(piece("k").owner, Some(Side::Second));
    }

    #[test]
    fn hands_write_their_diagram_lines_and_name_their_places() {
        let hand = Hand::new(Side::First, [('R', 1), ('B', 0), ('P', 2)], Shape::Tile);
        assert_eq!(hand.line(), "hand b: R 2P");
        assert_eq!(Hand::place(&hand.held[2].0), "P*");
        let empty = Hand::new(Side::Second, [('p', 0)], Shape::Tile);
        assert_eq!(empty.line(), "hand w: -");
        let drawing = Drawing { hands: vec![hand, empty], captions: vec!["roll: 61".into()], ..Drawing::default() };
        assert_eq!(drawing.caption_lines(), ["hand b: R 2P", "hand w: -", "roll: 61"]);
    }

    #[test]
    fn grids_are_filled_row_by_row() {
        let (files, ranks) = shogi_labels(3, 2);
        assert_eq!(files, ["3", "2", "1"]);
        let grid = Grid::new("", files, ranks, |column, row| {
            if (column, row) == (2, 1) {
                Grid::square(["P"], Shape::Stone)
            } else {
                Cell::Off
            }
        });
        assert_eq!(grid.cells.len(), 6);
        assert_eq!(grid.cells[5], Grid::square(["P"], Shape::Stone));
        assert!(grid.cells[..5].iter().all(|cell| *cell == Cell::Off));
    }
}
