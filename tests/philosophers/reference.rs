//! A deliberately simple, independent second implementation of Philosopher's Chess (variant
//! `philosophers-chess`, docs/rules/philosophers-chess.md, protocol-spec.md §13), written from the
//! rules text alone and not from `src/`. It exists to cross-check the engine: it produces the same
//! turn tokens, position strings and result words, so move sets and outcomes can be compared
//! directly.
//!
//! Simplicity over speed: the Field is a plain `Vec` of 36 `Option<Piece>`, every piece's moves
//! are found by walking squares, a sub-move's legality is decided by playing it on a copy and
//! looking at the copy, and the repetition ban compares whole arrangements against the full
//! record of the game (no hashing).
//!
//! Orientation: index `i` (0..36) is row `i / 6`, column `i % 6`. Row 0 is protocol rank `a`
//! (Black's back rank, the top of the diagram), row 5 is rank `f` (White's back rank). Column 0
//! is protocol file `6` (inventor file `a`, the left as White sees the board), column 5 is file
//! `1` (inventor `f`). White (the first player, side `b`) moves "forward" toward row 0, Black
//! toward row 5.
//!
//! A turn is one or two sub-moves (rulebook §6). The reference lists every legal turn as a
//! sequence of sub-moves, in the order played, so two sequences reaching the same position are two
//! turns.

/// The Field's width and height.
pub const SIZE: usize = 6;

/// The number of Field squares.
pub const CELLS: usize = SIZE * SIZE;

/// The largest move number of a position string (2^63 - 1, protocol-spec.md §7).
pub const MAX_MOVE_NUMBER: u64 = (1 << 63) - 1;

/// The start position string (protocol-spec.md §13.2).
pub const START: &str = "rhnkhr/hhpphh/6/6/HHPPHH/RHNKHR b - o1 0 1";

/// A player (and the colour of a piece).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// White, the first player (upper case, `b`), at the bottom, moving toward rank `a`.
    B,
    /// Black, the second player (lower case, `w`), at the top, moving toward rank `f`.
    W,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::B => Side::W,
            Side::W => Side::B,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Side::B => 'b',
            Side::W => 'w',
        }
    }

    /// The row step of this side's "forward" (rulebook §3: White's pawns move toward rank `a`).
    fn forward(self) -> i32 {
        match self {
            Side::B => -1,
            Side::W => 1,
        }
    }

    /// The row on which this side's pawns must promote (its last rank).
    fn last_row(self) -> usize {
        match self {
            Side::B => 0,
            Side::W => SIZE - 1,
        }
    }
}

/// The kind of a piece (rulebook §2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    King,
    Knight,
    Rook,
    Pawn,
    /// A plain Philosopher.
    Philosopher,
    /// An Enlightened Philosopher.
    Enlightened,
}

impl Kind {
    /// The upper-case protocol letter.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Knight => 'N',
            Kind::Rook => 'R',
            Kind::Pawn => 'P',
            Kind::Philosopher => 'H',
            Kind::Enlightened => 'E',
        }
    }

    /// The kind of an upper-case protocol letter.
    pub fn of_letter(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'N' => Some(Kind::Knight),
            'R' => Some(Kind::Rook),
            'P' => Some(Kind::Pawn),
            'H' => Some(Kind::Philosopher),
            'E' => Some(Kind::Enlightened),
            _ => None,
        }
    }

    /// Plain or Enlightened Philosopher: moves by the Thought (rulebook §5).
    fn is_philosopher(self) -> bool {
        matches!(self, Kind::Philosopher | Kind::Enlightened)
    }
}

/// A piece on the Field.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    /// The piece's letter in a position string (`H` White, `h` Black).
    pub fn letter(self) -> char {
        let letter = self.kind.letter();
        if self.side == Side::B {
            letter
        } else {
            letter.to_ascii_lowercase()
        }
    }
}

/// A square of the Mind, where the Thought stands (rulebook §4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Mind {
    O1,
    O2,
    D1,
    D2,
}

impl Mind {
    /// The square's name, the same in both notations.
    pub fn name(self) -> &'static str {
        match self {
            Mind::O1 => "o1",
            Mind::O2 => "o2",
            Mind::D1 => "d1",
            Mind::D2 => "d2",
        }
    }

    pub fn of_name(name: &str) -> Option<Mind> {
        match name {
            "o1" => Some(Mind::O1),
            "o2" => Some(Mind::O2),
            "d1" => Some(Mind::D1),
            "d2" => Some(Mind::D2),
            _ => None,
        }
    }

    /// The two squares the Thought may move to: one step orthogonally within the 2x2 Mind
    /// (o1-o2, o1-d1, o2-d2, d1-d2).
    fn neighbours(self) -> [Mind; 2] {
        match self {
            Mind::O1 => [Mind::O2, Mind::D1],
            Mind::O2 => [Mind::O1, Mind::D2],
            Mind::D1 => [Mind::O1, Mind::D2],
            Mind::D2 => [Mind::O2, Mind::D1],
        }
    }

    /// The (row, column) displacements of a Philosopher with the Thought here (rulebook §5): o1
    /// one step orthogonally, o2 two orthogonally (leaping), d1 one diagonally, d2 two diagonally
    /// (leaping).
    fn philosopher_steps(self) -> [(i32, i32); 4] {
        match self {
            Mind::O1 => [(-1, 0), (1, 0), (0, -1), (0, 1)],
            Mind::O2 => [(-2, 0), (2, 0), (0, -2), (0, 2)],
            Mind::D1 => [(-1, -1), (-1, 1), (1, -1), (1, 1)],
            Mind::D2 => [(-2, -2), (-2, 2), (2, -2), (2, 2)],
        }
    }
}

/// One sub-move: a move on the Field (with the promotion piece when a pawn reaches its last rank)
/// or a mind-move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sub {
    Field { from: usize, to: usize, promo: Option<Kind> },
    Think { from: Mind, to: Mind },
}

impl Sub {
    /// The canonical sub-move token (`4e4d`, `4b4a=H`, `mo1o2`).
    pub fn token(self) -> String {
        match self {
            Sub::Field { from, to, promo } => match promo {
                Some(kind) => format!("{}{}={}", name(from), name(to), kind.letter()),
                None => format!("{}{}", name(from), name(to)),
            },
            Sub::Think { from, to } => format!("m{}{}", from.name(), to.name()),
        }
    }
}

/// The canonical token of a whole turn: its sub-moves joined by `,`.
pub fn turn_token(subs: &[Sub]) -> String {
    subs.iter().map(|s| s.token()).collect::<Vec<_>>().join(",")
}

/// The protocol name (`4e`) of index `i`: file digit `6 - column`, rank letter `a + row`.
pub fn name(i: usize) -> String {
    format!("{}{}", SIZE - i % SIZE, (b'a' + (i / SIZE) as u8) as char)
}

/// The index of a protocol square name `1a`..`6f`.
pub fn index_of(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    if bytes.len() != 2 || !(b'1'..=b'6').contains(&bytes[0]) || !(b'a'..=b'f').contains(&bytes[1]) {
        return None;
    }
    let column = SIZE - (bytes[0] - b'0') as usize;
    let row = (bytes[1] - b'a') as usize;
    Some(row * SIZE + column)
}

/// The index of an inventor square name `a1`..`f6` (file letter `a` = column 0 = protocol file
/// 6; rank digit 1 = row 0 = protocol rank `a`; protocol-spec.md §13.1).
pub fn inventor_index_of(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    if bytes.len() != 2 || !(b'a'..=b'f').contains(&bytes[0]) || !(b'1'..=b'6').contains(&bytes[1]) {
        return None;
    }
    let column = (bytes[0] - b'a') as usize;
    let row = (bytes[1] - b'1') as usize;
    Some(row * SIZE + column)
}

/// Parses one sub-move in either notation: canonical `4e4d`, `4b4a=H`, `mo1o2`, or the
/// inventor's `c5-c4`, `c2-c1ph`, `mo1-o2` (protocol-spec.md §13.3, §13.4). Syntax only.
pub fn parse_sub(text: &str) -> Result<Sub, String> {
    let bad = || format!("bad sub-move {text:?}");
    if let Some(rest) = text.strip_prefix('m') {
        // `mo1o2` or `mo1-o2`.
        let (from, to) = match rest.len() {
            4 => (rest.get(0..2), rest.get(2..4)),
            5 if rest.get(2..3) == Some("-") => (rest.get(0..2), rest.get(3..5)),
            _ => return Err(bad()),
        };
        let from = from.and_then(Mind::of_name).ok_or_else(bad)?;
        let to = to.and_then(Mind::of_name).ok_or_else(bad)?;
        return Ok(Sub::Think { from, to });
    }
    if !text.is_ascii() {
        return Err(bad());
    }
    let promo_of = |c: &str| match c {
        "R" | "r" => Some(Kind::Rook),
        "N" | "n" => Some(Kind::Knight),
        "H" | "h" => Some(Kind::Philosopher),
        _ => None,
    };
    if text.get(2..3) == Some("-") {
        // Inventor: `c5-c4` or `c2-c1ph` (lower-case promotion letter).
        let from = inventor_index_of(&text[0..2]).ok_or_else(bad)?;
        let to = text.get(3..5).and_then(inventor_index_of).ok_or_else(bad)?;
        let promo = match text.len() {
            5 => None,
            7 if &text[5..6] == "p" && text[6..7].chars().all(|c| c.is_ascii_lowercase()) => {
                Some(promo_of(&text[6..7]).ok_or_else(bad)?)
            }
            _ => return Err(bad()),
        };
        return Ok(Sub::Field { from, to, promo });
    }
    // Canonical: `4e4d` or `4b4a=H` (upper-case promotion letter).
    let from = text.get(0..2).and_then(index_of).ok_or_else(bad)?;
    let to = text.get(2..4).and_then(index_of).ok_or_else(bad)?;
    let promo = match text.len() {
        4 => None,
        6 if &text[4..5] == "=" && text[5..6].chars().all(|c| c.is_ascii_uppercase()) => {
            Some(promo_of(&text[5..6]).ok_or_else(bad)?)
        }
        _ => return Err(bad()),
    };
    Ok(Sub::Field { from, to, promo })
}

/// What the repetition ban compares (rulebook §7): the 36 Field squares (colour and plain or
/// Enlightened distinguished) and the Thought's square; not the side to move, not the counter.
type Arrangement = (Vec<Option<Piece>>, Mind);

/// A position with its game record, the reference's whole state.
#[derive(Clone, Debug)]
pub struct Position {
    /// The Field, indexed as described in the module comment.
    cells: Vec<Option<Piece>>,
    /// Where the Thought stands.
    thought: Mind,
    /// Consecutive mind-moves just made, by either player (rulebook §4): 0, 1 or 2.
    mind_moves: u8,
    to_move: Side,
    /// Counts turns (protocol-spec.md §13.2).
    move_number: u64,
    /// Option `PhilosophersStalemate=loss`: the stalemated player loses instead of drawing.
    stalemate_loses: bool,
    /// The repetition record: the arrangement the game started from, then one entry per
    /// sub-move played, the current arrangement last.
    seen: Vec<Arrangement>,
}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        Position::parse(START).expect("the start position parses")
    }

    /// Parses a position string with the default rules (stalemate is a draw).
    pub fn parse(text: &str) -> Result<Position, String> {
        Position::parse_with(text, false)
    }

    /// Parses `<field> <side> - <thought> <mind-moves> [<move number>]` (protocol-spec.md
    /// §13.2; fields separated by any run of blanks, §2) and validates it: six ranks of six squares; letters `K N R P H E`, upper case White
    /// (`b`), lower case Black (`w`); digits for runs of empty squares, never two adjacent; the
    /// hand field `-`; Thought `o1 o2 d1 d2`; mind-moves `0 1 2`; move number 1..2^63-1 (default
    /// 1); exactly one King per side; at most 12 pieces per side; no White pawn on rank `a`, no
    /// Black pawn on rank `f`; the side not to move not in check. The position starts a fresh
    /// repetition record holding its own arrangement. `stalemate_loses` is the option
    /// `PhilosophersStalemate=loss`.
    pub fn parse_with(text: &str, stalemate_loses: bool) -> Result<Position, String> {
        // Fields are separated by one or more blanks (protocol-spec.md §2: tokens are separated by
        // one or more spaces or tabs, and a position string is whitespace-separated fields).
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 5 && fields.len() != 6 {
            return Err(format!("expected 5 or 6 fields, got {}", fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != SIZE {
            return Err(format!("expected {SIZE} ranks, got {}", ranks.len()));
        }
        let mut cells = Vec::with_capacity(CELLS);
        for rank in &ranks {
            let mut width = 0;
            let mut previous_digit = false;
            for c in rank.chars() {
                if let Some(run) = c.to_digit(10) {
                    if previous_digit || run == 0 {
                        return Err(format!("bad rank {rank:?}"));
                    }
                    previous_digit = true;
                    width += run as usize;
                    cells.extend(std::iter::repeat_n(None, run as usize));
                } else {
                    previous_digit = false;
                    let kind = Kind::of_letter(c.to_ascii_uppercase())
                        .ok_or_else(|| format!("bad piece {c:?} in rank {rank:?}"))?;
                    let side = if c.is_ascii_uppercase() { Side::B } else { Side::W };
                    width += 1;
                    cells.push(Some(Piece { side, kind }));
                }
                if width > SIZE {
                    return Err(format!("rank {rank:?} is wider than {SIZE}"));
                }
            }
            if width != SIZE {
                return Err(format!("rank {rank:?} is {width} squares wide, not {SIZE}"));
            }
        }
        let to_move = match fields[1] {
            "b" => Side::B,
            "w" => Side::W,
            other => return Err(format!("bad side {other:?}")),
        };
        if fields[2] != "-" {
            return Err(format!("the hand field must be '-', got {:?}", fields[2]));
        }
        let thought = Mind::of_name(fields[3]).ok_or_else(|| format!("bad Thought square {:?}", fields[3]))?;
        let mind_moves = match fields[4] {
            "0" => 0,
            "1" => 1,
            "2" => 2,
            other => return Err(format!("bad mind-move count {other:?}")),
        };
        let move_number = match fields.get(5) {
            None => 1,
            Some(text) => {
                let ok = !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) && !text.starts_with('0');
                let number: u64 = if ok { text.parse().map_err(|_| format!("bad move number {text}"))? } else { 0 };
                if number == 0 || number > MAX_MOVE_NUMBER {
                    return Err(format!("bad move number {text}"));
                }
                number
            }
        };
        let mut position =
            Position { cells, thought, mind_moves, to_move, move_number, stalemate_loses, seen: Vec::new() };
        position.validate()?;
        position.seen.push(position.arrangement());
        Ok(position)
    }

    /// The checks of protocol-spec.md §13.2 on a freshly parsed Field.
    fn validate(&self) -> Result<(), String> {
        for side in [Side::B, Side::W] {
            let count = |kind: Option<Kind>| {
                self.cells
                    .iter()
                    .filter(|c| matches!(c, Some(p) if p.side == side && kind.is_none_or(|k| p.kind == k)))
                    .count()
            };
            let kings = count(Some(Kind::King));
            if kings != 1 {
                return Err(format!("side {} has {kings} Kings", side.letter()));
            }
            let pieces = count(None);
            if pieces > 12 {
                return Err(format!("side {} has {pieces} pieces (at most 12)", side.letter()));
            }
            // A pawn on its own last rank would have had to promote.
            let last = side.last_row();
            if (0..SIZE)
                .any(|c| matches!(self.cells[last * SIZE + c], Some(p) if p.side == side && p.kind == Kind::Pawn))
            {
                return Err(format!("a pawn of side {} on its last rank", side.letter()));
            }
        }
        if self.king_attacked(self.to_move.other()) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(())
    }

    /// Sets option `PhilosophersStalemate` (`true` = `loss`).
    pub fn set_stalemate_loses(&mut self, loses: bool) {
        self.stalemate_loses = loses;
    }

    fn arrangement(&self) -> Arrangement {
        (self.cells.clone(), self.thought)
    }

    /// The canonical position string (the move number always written).
    pub fn position_string(&self) -> String {
        let mut ranks = Vec::new();
        for row in 0..SIZE {
            let mut rank = String::new();
            let mut empty = 0;
            for column in 0..SIZE {
                match self.cells[row * SIZE + column] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push(piece.letter());
                    }
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        format!(
            "{} {} - {} {} {}",
            ranks.join("/"),
            self.to_move.letter(),
            self.thought.name(),
            self.mind_moves,
            self.move_number
        )
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The Thought's square.
    pub fn thought(&self) -> Mind {
        self.thought
    }

    /// The consecutive mind-move count (the position string's `mind-moves` field).
    pub fn mind_moves(&self) -> u8 {
        self.mind_moves
    }

    /// How many arrangements the repetition record holds (1 for a freshly parsed position).
    pub fn record_len(&self) -> usize {
        self.seen.len()
    }

    /// The letter of the piece on the protocol square `name` (`4e`), if any.
    pub fn at(&self, name: &str) -> Option<char> {
        let i = index_of(name).unwrap_or_else(|| panic!("bad square {name}"));
        self.cells[i].map(Piece::letter)
    }

    /// The index of `side`'s King (a valid position always has exactly one).
    fn king(&self, side: Side) -> usize {
        (0..CELLS)
            .find(|&i| matches!(self.cells[i], Some(p) if p.side == side && p.kind == Kind::King))
            .expect("each side has a King")
    }

    /// The squares the piece on `from` could move to by one ordinary move (empty squares and
    /// squares of enemy pieces, the enemy King included), ignoring King safety and the repetition
    /// ban. The Philosophers' moves follow the current Thought. Panics on an empty square.
    fn destinations(&self, from: usize) -> Vec<usize> {
        let piece = self.cells[from].expect("a piece on the origin");
        let (row, column) = ((from / SIZE) as i32, (from % SIZE) as i32);
        let on_field = |r: i32, c: i32| (0..SIZE as i32).contains(&r) && (0..SIZE as i32).contains(&c);
        let index = |r: i32, c: i32| r as usize * SIZE + c as usize;
        let enemy_at = |i: usize| matches!(self.cells[i], Some(p) if p.side != piece.side);
        let mut out = Vec::new();
        // A step or leap by (dr, dc): lands unless off the Field or on a friendly piece; whatever
        // lies in between is ignored.
        let leap = |dr: i32, dc: i32, out: &mut Vec<usize>| {
            let (r, c) = (row + dr, column + dc);
            if on_field(r, c) && (self.cells[index(r, c)].is_none() || enemy_at(index(r, c))) {
                out.push(index(r, c));
            }
        };
        match piece.kind {
            // Chess King: one step in any of the eight directions (no castling).
            Kind::King => {
                for (dr, dc) in [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)] {
                    leap(dr, dc, &mut out);
                }
            }
            // Chess Knight.
            Kind::Knight => {
                for (dr, dc) in [(-2, -1), (-2, 1), (2, -1), (2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2)] {
                    leap(dr, dc, &mut out);
                }
            }
            // Chess Rook: slides orthogonally over empty squares, may stop on the first enemy.
            Kind::Rook => {
                for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (mut r, mut c) = (row + dr, column + dc);
                    while on_field(r, c) {
                        let i = index(r, c);
                        match self.cells[i] {
                            None => out.push(i),
                            Some(p) => {
                                if p.side != piece.side {
                                    out.push(i);
                                }
                                break;
                            }
                        }
                        r += dr;
                        c += dc;
                    }
                }
            }
            // Pawn: one step straight forward onto an empty square; captures one square
            // diagonally forward. No double step, no en passant.
            Kind::Pawn => {
                let f = piece.side.forward();
                if on_field(row + f, column) && self.cells[index(row + f, column)].is_none() {
                    out.push(index(row + f, column));
                }
                for dc in [-1, 1] {
                    if on_field(row + f, column + dc) && enemy_at(index(row + f, column + dc)) {
                        out.push(index(row + f, column + dc));
                    }
                }
            }
            // Philosophers, plain and Enlightened: by the Thought's square (rulebook §5).
            Kind::Philosopher | Kind::Enlightened => {
                for (dr, dc) in self.thought.philosopher_steps() {
                    leap(dr, dc, &mut out);
                }
            }
        }
        out
    }

    /// Whether `side`'s King could be captured by one ordinary move of an enemy piece under the
    /// current Thought (rulebook §7; pinned attackers count, enemy mind-moves and double moves do
    /// not).
    pub fn king_attacked(&self, side: Side) -> bool {
        let king = self.king(side);
        (0..CELLS).any(|i| matches!(self.cells[i], Some(p) if p.side != side) && self.destinations(i).contains(&king))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.to_move)
    }

    /// Whether a Philosopher, plain or Enlightened, of either colour stands on the Field.
    fn philosophers_on_field(&self) -> bool {
        self.cells.iter().any(|c| matches!(c, Some(p) if p.kind.is_philosopher()))
    }

    /// The Field sub-moves of the piece on `from` (which belongs to the side to move), without
    /// King safety or the repetition ban. Capturing the enemy King is never a move (rulebook §7:
    /// the King is never captured, even when a first sub-move gave check). A pawn reaching its
    /// last rank must promote: three moves, to Rook, Knight and Philosopher.
    fn field_subs(&self, from: usize) -> Vec<Sub> {
        let piece = self.cells[from].expect("a piece on the origin");
        let mut subs = Vec::new();
        for to in self.destinations(from) {
            if matches!(self.cells[to], Some(p) if p.kind == Kind::King) {
                continue;
            }
            if piece.kind == Kind::Pawn && to / SIZE == piece.side.last_row() {
                for promo in [Kind::Rook, Kind::Knight, Kind::Philosopher] {
                    subs.push(Sub::Field { from, to, promo: Some(promo) });
                }
            } else {
                subs.push(Sub::Field { from, to, promo: None });
            }
        }
        subs
    }

    /// The mind-moves allowed now, without King safety or the repetition ban: none when no
    /// Philosopher is on the Field or when two mind-moves were just made (rulebook §4).
    fn mind_subs(&self) -> Vec<Sub> {
        if self.mind_moves >= 2 || !self.philosophers_on_field() {
            return Vec::new();
        }
        self.thought.neighbours().into_iter().map(|to| Sub::Think { from: self.thought, to }).collect()
    }

    /// The squares of the side to move's pieces of `kind`.
    fn own_squares(&self, kind: Option<Kind>) -> Vec<usize> {
        (0..CELLS)
            .filter(|&i| matches!(self.cells[i], Some(p) if p.side == self.to_move && kind.is_none_or(|k| p.kind == k)))
            .collect()
    }

    /// The position after the sub-move `sub` (no legality test); the side to move does not change
    /// (the turn may go on). A plain Philosopher capturing a Philosopher of either kind becomes
    /// Enlightened; a promoting pawn becomes the promotion piece, a Philosopher stays plain even
    /// when it captured one (rulebook §3). The counter goes up with a mind-move and returns to 0
    /// with a Field move. The new arrangement joins the record.
    fn after_sub(&self, sub: Sub) -> Position {
        let mut next = self.clone();
        match sub {
            Sub::Field { from, to, promo } => {
                let mut piece = next.cells[from].take().expect("a piece on the origin");
                let captured = next.cells[to];
                if let Some(kind) = promo {
                    piece.kind = kind;
                } else if piece.kind == Kind::Philosopher && captured.is_some_and(|c| c.kind.is_philosopher()) {
                    piece.kind = Kind::Enlightened;
                }
                next.cells[to] = Some(piece);
                next.mind_moves = 0;
            }
            Sub::Think { to, .. } => {
                next.thought = to;
                next.mind_moves += 1;
            }
        }
        next.seen.push(next.arrangement());
        next
    }

    /// The position after `sub` if that sub-move is legal on its own: it does not leave the
    /// mover's King attacked (every sub-move, rulebook §7) and it does not recreate an
    /// arrangement already in the record (the ban, at all times).
    fn legal_sub(&self, sub: Sub) -> Option<Position> {
        let next = self.after_sub(sub);
        if next.king_attacked(self.to_move) {
            return None;
        }
        let new = next.seen.last().expect("the record is never empty");
        if self.seen.contains(new) {
            return None;
        }
        Some(next)
    }

    /// Ends the turn: the other side moves, the move number goes up (stopping at the maximum).
    fn end_turn(mut self) -> Position {
        self.to_move = self.to_move.other();
        self.move_number = (self.move_number + 1).min(MAX_MOVE_NUMBER);
        self
    }

    /// Every legal turn as its sub-moves with the position after it (rulebook §6):
    /// - a player who owns no Enlightened Philosopher at the start of the turn: one sub-move;
    /// - one who does: any one sub-move (stopping is always allowed), and as a second sub-move
    ///   after an Enlightened Philosopher's move (judged by the piece before it moved) the same
    ///   piece again from where it landed or a mind-move; after a mind-move any own Enlightened
    ///   Philosopher or a second mind-move; after any other piece's move nothing. A Philosopher
    ///   enlightened by its capture was plain when it moved, so it gets no second sub-move.
    ///
    /// Each sequence is generated once; sequences are never merged.
    pub fn turns(&self) -> Vec<(Vec<Sub>, Position)> {
        let owns_enlightened = !self.own_squares(Some(Kind::Enlightened)).is_empty();
        let mut firsts: Vec<Sub> = self.own_squares(None).into_iter().flat_map(|i| self.field_subs(i)).collect();
        firsts.extend(self.mind_subs());
        let mut turns = Vec::new();
        for first in firsts {
            let Some(middle) = self.legal_sub(first) else { continue };
            let seconds: Vec<Sub> = match first {
                _ if !owns_enlightened => Vec::new(),
                Sub::Field { from, to, .. } => {
                    let moved = self.cells[from].expect("a piece on the origin");
                    if moved.kind == Kind::Enlightened {
                        let mut seconds = middle.field_subs(to);
                        seconds.extend(middle.mind_subs());
                        seconds
                    } else {
                        Vec::new()
                    }
                }
                Sub::Think { .. } => {
                    let mut seconds: Vec<Sub> = middle
                        .own_squares(Some(Kind::Enlightened))
                        .into_iter()
                        .flat_map(|i| middle.field_subs(i))
                        .collect();
                    seconds.extend(middle.mind_subs());
                    seconds
                }
            };
            for second in seconds {
                if let Some(end) = middle.legal_sub(second) {
                    turns.push((vec![first, second], end.end_turn()));
                }
            }
            turns.push((vec![first], middle.end_turn()));
        }
        turns
    }

    /// The legal turn tokens (`4e4d`, `mo1o2,mo2d2`, ...); empty once the game is over.
    pub fn legal_moves(&self) -> Vec<String> {
        self.turns().iter().map(|(subs, _)| turn_token(subs)).collect()
    }

    /// Plays the turn `token` if it is legal. Each sub-move may be canonical or in the inventor's
    /// notation (`c5-c4`, `c2-c1ph`, `mo1-o2`), joined by `,`. Errors on a malformed or illegal
    /// turn, and once the game is over (there are no legal turns then).
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        let subs = token.split(',').map(parse_sub).collect::<Result<Vec<Sub>, String>>()?;
        if subs.is_empty() || subs.len() > 2 {
            return Err(format!("a turn has one or two sub-moves: {token:?}"));
        }
        let (_, next) = self
            .turns()
            .into_iter()
            .find(|(legal, _)| *legal == subs)
            .ok_or_else(|| format!("illegal turn {token} in {}", self.position_string()))?;
        *self = next;
        Ok(())
    }

    /// Plays a list of items as in `position ... moves`: an item `pr`, `pn` or `ph` completes the
    /// field move before it (the inventor writes promotions separately, protocol-spec.md §13.4).
    pub fn play_items(&mut self, items: &[&str]) -> Result<(), String> {
        let mut turns: Vec<String> = Vec::new();
        for item in items {
            match (*item, turns.last_mut()) {
                ("pr" | "pn" | "ph", Some(last)) => last.push_str(item),
                ("pr" | "pn" | "ph", None) => return Err(format!("promotion item {item} without a move")),
                _ => turns.push(item.to_string()),
            }
        }
        for turn in &turns {
            self.play(turn)?;
        }
        Ok(())
    }

    /// The result word, or `None` while the side to move has a legal turn: `b checkmate` /
    /// `w checkmate` (the winner, then the reason) when in check; otherwise stalemate, `draw
    /// stalemate`, or with `PhilosophersStalemate=loss` the other side's win `b stalemate` /
    /// `w stalemate` (rulebook §8).
    pub fn result(&self) -> Option<String> {
        if !self.turns().is_empty() {
            return None;
        }
        let winner = self.to_move.other().letter();
        Some(if self.in_check() {
            format!("{winner} checkmate")
        } else if self.stalemate_loses {
            format!("{winner} stalemate")
        } else {
            "draw stalemate".to_string()
        })
    }

    /// The number of leaf nodes of the tree of whole turns `depth` turns deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.into_iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }

    /// perft split by the first turn: `(token, perft(depth - 1) after it)` for every legal turn.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        assert!(depth >= 1, "divide needs depth ≥ 1");
        self.turns().into_iter().map(|(subs, next)| (turn_token(&subs), next.perft(depth - 1))).collect()
    }
}
