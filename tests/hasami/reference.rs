//! A deliberately simple, independent second implementation of the Hasami Shogi family
//! (docs/rules/hasami.md and protocol-spec.md §10), written from the rules text alone and not from
//! `src/`. It exists to cross-check the engine: it produces the same move tokens, position
//! strings and result words, so move sets and outcomes can be compared directly.
//!
//! Simplicity over speed: the board is a plain `Vec<Option<Side>>` indexed by (row, column),
//! moves are found by walking squares from every man, captures by walking squares from the
//! moved man, and repetition by comparing whole boards against the full game history.
//!
//! Orientation (protocol-spec.md §7): row 0 is rank `a` (the top, the second player's side),
//! column 0 is the leftmost file, whose number is the board width; the first player (`P`, `b`)
//! sits at the bottom.

/// A player (and the colour of a man).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// The first player, at the bottom: `P` on the board, `b` as side to move / winner.
    B,
    /// The second player, at the top: `p` on the board, `w`.
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
}

/// How a variant is won (docs/rules/hasami.md table).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// The mover wins when the opponent is left with at most this many men.
    LeaveAtMost(usize),
    /// The mover wins with five in a row outside its own two starting ranks.
    Five { diagonal: bool },
}

/// The rules of one named variant, transcribed from the table in docs/rules/hasami.md.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Boards are square: 9x9, or 8x8 for makyek.
    pub size: usize,
    /// The player's own ranks that hold men at the start (rank 1 = own back rank).
    pub start_ranks: &'static [usize],
    /// One orthogonal step instead of a rook slide.
    pub step_only: bool,
    /// Dai-hasami jump over one adjacent man of either colour.
    pub jumps: bool,
    pub goal: Goal,
    /// Mak-yek intervention capture.
    pub intervention: bool,
    /// Dai-hasami: draw when both players have fewer than five men.
    pub material_draw: bool,
}

/// The largest move number of a position string (2^63 - 1, protocol-spec.md §7).
pub const MAX_MOVE_NUMBER: u64 = (1 << 63) - 1;

/// The eight variant names of docs/rules/hasami.md.
pub const VARIANTS: [&str; 8] = [
    "hasami",
    "hasami-all",
    "hasami-step",
    "hasami-step18",
    "dai-hasami",
    "dai-hasami-diag",
    "dai-hasami-step",
    "makyek",
];

/// The rules of the variant `name`. `makyek-all-but-one` is makyek under the alternative
/// reading of its win ("capture all but one", the engine's `MakyekWin` option); a dai-hasami
/// name followed by `-no-jumps` is that variant without jumps (`DaiHasamiJumps false`).
pub fn rules(name: &str) -> Option<Rules> {
    if let Some(base) = name.strip_suffix("-no-jumps") {
        return rules(base).filter(|r| r.jumps).map(|r| Rules { jumps: false, ..r });
    }
    let hasami = |step_only, at_most, start_ranks| Rules {
        size: 9,
        start_ranks,
        step_only,
        jumps: false,
        goal: Goal::LeaveAtMost(at_most),
        intervention: false,
        material_draw: false,
    };
    let dai = |step_only, diagonal| Rules {
        size: 9,
        start_ranks: &[1, 2],
        step_only,
        jumps: true,
        goal: Goal::Five { diagonal },
        intervention: false,
        material_draw: true,
    };
    let makyek = |at_most| Rules {
        size: 8,
        start_ranks: &[1, 3],
        step_only: false,
        jumps: false,
        goal: Goal::LeaveAtMost(at_most),
        intervention: true,
        material_draw: false,
    };
    Some(match name {
        "hasami" => hasami(false, 1, &[1]),
        "hasami-all" => hasami(false, 0, &[1]),
        "hasami-step" => hasami(true, 0, &[1]),
        "hasami-step18" => hasami(true, 0, &[1, 2]),
        "dai-hasami" => dai(false, false),
        "dai-hasami-diag" => dai(false, true),
        "dai-hasami-step" => dai(true, true),
        "makyek" => makyek(0),
        "makyek-all-but-one" => makyek(1),
        _ => return None,
    })
}

/// The four orthogonal directions as (row step, column step).
const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A position with its game history, the reference's whole state.
#[derive(Clone, Debug)]
pub struct Position {
    pub rules: Rules,
    /// `cells[row * size + col]`.
    cells: Vec<Option<Side>>,
    to_move: Side,
    move_number: u64,
    /// Every position of the game so far (board and side to move), the current one last.
    /// The position the game started from (start position or position string) is the first.
    seen: Vec<(Vec<Option<Side>>, Side)>,
    /// The result word (`b capture`, `draw repetition`, ...) once the game is over.
    result: Option<String>,
}

impl Position {
    /// The start position of `variant`: every own starting rank full, the first player to move.
    pub fn start(variant: &str) -> Position {
        let rules = rules(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
        let n = rules.size;
        let mut cells = vec![None; n * n];
        for &rank in rules.start_ranks {
            for col in 0..n {
                // Rank 1 of the first player is the bottom row, of the second the top row.
                cells[(n - rank) * n + col] = Some(Side::B);
                cells[(rank - 1) * n + col] = Some(Side::W);
            }
        }
        Position::from_parts(rules, cells, Side::B, 1)
    }

    /// Parses `<board> <side> - [<move number>]` (protocol-spec.md §10.1).
    pub fn parse(variant: &str, text: &str) -> Result<Position, String> {
        let rules = rules(variant).ok_or_else(|| format!("unknown variant {variant}"))?;
        let n = rules.size;
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 3 && fields.len() != 4 {
            return Err(format!("expected 3 or 4 fields, got {}", fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != n {
            return Err(format!("expected {n} ranks, got {}", ranks.len()));
        }
        let mut cells = Vec::new();
        for rank in ranks {
            let mut count = 0;
            let mut previous_was_digit = false;
            for c in rank.chars() {
                match c {
                    'P' | 'p' => {
                        cells.push(Some(if c == 'P' { Side::B } else { Side::W }));
                        count += 1;
                        previous_was_digit = false;
                    }
                    '1'..='9' if !previous_was_digit => {
                        let run = c as usize - '0' as usize;
                        for _ in 0..run {
                            cells.push(None);
                        }
                        count += run;
                        previous_was_digit = true;
                    }
                    _ => return Err(format!("bad character {c:?} in rank {rank}")),
                }
            }
            if count != n {
                return Err(format!("rank {rank} has {count} squares, not {n}"));
            }
        }
        let to_move = match fields[1] {
            "b" => Side::B,
            "w" => Side::W,
            other => return Err(format!("bad side {other}")),
        };
        if fields[2] != "-" {
            return Err(format!("bad hand {}", fields[2]));
        }
        let move_number = match fields.get(3) {
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
        Ok(Position::from_parts(rules, cells, to_move, move_number))
    }

    /// A position from a list of squares of each side (test helper for hand-built positions).
    pub fn from_squares(variant: &str, first: &[&str], second: &[&str], to_move: Side) -> Position {
        let rules = rules(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
        let n = rules.size;
        let mut cells = vec![None; n * n];
        for (squares, side) in [(first, Side::B), (second, Side::W)] {
            for name in squares {
                let (row, col) = square_of(n, name).unwrap_or_else(|| panic!("bad square {name}"));
                assert!(cells[row * n + col].is_none(), "square {name} given twice");
                cells[row * n + col] = Some(side);
            }
        }
        Position::from_parts(rules, cells, to_move, 1)
    }

    /// A freshly loaded position: its history holds just itself, and it is judged as if the
    /// player not to move had just moved (protocol-spec.md §10.1).
    fn from_parts(rules: Rules, cells: Vec<Option<Side>>, to_move: Side, move_number: u64) -> Position {
        let mut position = Position { rules, cells, to_move, move_number, seen: Vec::new(), result: None };
        position.seen.push((position.cells.clone(), position.to_move));
        position.result = position.judge();
        position
    }

    /// The canonical position string.
    pub fn to_position_string(&self) -> String {
        let n = self.rules.size;
        let mut ranks = Vec::new();
        for row in 0..n {
            let mut text = String::new();
            let mut empty = 0;
            for col in 0..n {
                match self.cells[row * n + col] {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if side == Side::B { 'P' } else { 'p' });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        format!("{} {} - {}", ranks.join("/"), self.to_move.letter(), self.move_number)
    }

    /// The result word (`b capture`, `w no-moves`, `draw repetition`, `b five`,
    /// `draw material`), or `None` while the game goes on.
    pub fn result(&self) -> Option<String> {
        self.result.clone()
    }

    /// The man on the square named `name` (`5e`).
    pub fn at(&self, name: &str) -> Option<Side> {
        let n = self.rules.size;
        let (row, col) = square_of(n, name).unwrap_or_else(|| panic!("bad square {name}"));
        self.cells[row * n + col]
    }

    /// The number of men of `side`.
    pub fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(side)).count()
    }

    fn get(&self, row: i32, col: i32) -> Option<Option<Side>> {
        let n = self.rules.size as i32;
        if row < 0 || col < 0 || row >= n || col >= n {
            return None;
        }
        Some(self.cells[(row * n + col) as usize])
    }

    fn name(&self, row: i32, col: i32) -> String {
        format!("{}{}", self.rules.size as i32 - col, (b'a' + row as u8) as char)
    }

    /// Every legal move as a `<from><to>` token (none once the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.moves_of(self.to_move).into_iter().map(|(from, to)| self.token(from, to)).collect()
    }

    fn token(&self, from: (i32, i32), to: (i32, i32)) -> String {
        format!("{}{}", self.name(from.0, from.1), self.name(to.0, to.1))
    }

    /// The moves of `side` ignoring whether the game is over: for every man, slides (or steps)
    /// over empty squares in the four directions, and jumps where the rules allow them.
    fn moves_of(&self, side: Side) -> Vec<((i32, i32), (i32, i32))> {
        let n = self.rules.size as i32;
        let mut moves = Vec::new();
        for row in 0..n {
            for col in 0..n {
                if self.get(row, col) != Some(Some(side)) {
                    continue;
                }
                for (dr, dc) in ORTHOGONAL {
                    // Slide (or step): empty squares one after another.
                    let mut distance = 1;
                    while self.get(row + distance * dr, col + distance * dc) == Some(None) {
                        moves.push(((row, col), (row + distance * dr, col + distance * dc)));
                        if self.rules.step_only {
                            break;
                        }
                        distance += 1;
                    }
                    // Jump: an adjacent man of either colour, the square beyond it empty.
                    if self.rules.jumps {
                        let over = self.get(row + dr, col + dc);
                        let beyond = self.get(row + 2 * dr, col + 2 * dc);
                        if matches!(over, Some(Some(_))) && beyond == Some(None) {
                            moves.push(((row, col), (row + 2 * dr, col + 2 * dc)));
                        }
                    }
                }
            }
        }
        moves
    }

    /// Plays the move written `token`; an illegal or malformed token changes nothing.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        if self.result.is_some() {
            return Err(format!("game over, {token} is not legal"));
        }
        let found = self.moves_of(self.to_move).into_iter().find(|&(from, to)| self.token(from, to) == token);
        let Some((from, to)) = found else {
            return Err(format!("illegal move {token}"));
        };
        self.apply(from, to);
        Ok(())
    }

    fn set(&mut self, (row, col): (i32, i32), value: Option<Side>) {
        let n = self.rules.size as i32;
        self.cells[(row * n + col) as usize] = value;
    }

    fn apply(&mut self, from: (i32, i32), to: (i32, i32)) {
        let mover = self.to_move;
        let enemy = mover.other();
        self.set(from, None);
        self.set(to, Some(mover));
        // All captures are found on the board after the move, then removed together.
        let mut captured: Vec<(i32, i32)> = Vec::new();
        // Custodian: from the moved man, a run of enemy men closed by a friendly man.
        for (dr, dc) in ORTHOGONAL {
            let mut run = Vec::new();
            let mut square = (to.0 + dr, to.1 + dc);
            while self.get(square.0, square.1) == Some(Some(enemy)) {
                run.push(square);
                square = (square.0 + dr, square.1 + dc);
            }
            if !run.is_empty() && self.get(square.0, square.1) == Some(Some(mover)) {
                captured.extend(run);
            }
        }
        // Corner: an enemy in a corner whose two orthogonal neighbours are the mover's, one of
        // them the moved man.
        let last = self.rules.size as i32 - 1;
        for corner in [(0, 0), (0, last), (last, 0), (last, last)] {
            if self.get(corner.0, corner.1) != Some(Some(enemy)) {
                continue;
            }
            let neighbours: Vec<(i32, i32)> = ORTHOGONAL
                .iter()
                .map(|(dr, dc)| (corner.0 + dr, corner.1 + dc))
                .filter(|&(r, c)| self.get(r, c).is_some())
                .collect();
            let guarded = neighbours.iter().all(|&(r, c)| self.get(r, c) == Some(Some(mover)));
            if guarded && neighbours.contains(&to) {
                captured.push(corner);
            }
        }
        // Intervention (makyek): enemies directly on both sides of the moved man, on its rank
        // or on its file.
        if self.rules.intervention {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let a = (to.0 + dr, to.1 + dc);
                let b = (to.0 - dr, to.1 - dc);
                if self.get(a.0, a.1) == Some(Some(enemy)) && self.get(b.0, b.1) == Some(Some(enemy)) {
                    captured.push(a);
                    captured.push(b);
                }
            }
        }
        for square in captured {
            self.set(square, None);
        }
        self.to_move = enemy;
        // The count stops at the largest move number (protocol-spec.md §7).
        self.move_number = (self.move_number + 1).min(MAX_MOVE_NUMBER);
        self.seen.push((self.cells.clone(), self.to_move));
        self.result = self.judge();
    }

    /// The end checks of docs/rules/hasami.md, in order, for the position just reached (the player not
    /// to move has just moved): the mover's win; the material draw; the repetition draw; no
    /// legal move for the player to move.
    fn judge(&self) -> Option<String> {
        let mover = self.to_move.other();
        let won = match self.rules.goal {
            Goal::LeaveAtMost(k) => self.count(self.to_move) <= k,
            Goal::Five { diagonal } => self.has_five(mover, diagonal),
        };
        if won {
            let reason = match self.rules.goal {
                Goal::LeaveAtMost(_) => "capture",
                Goal::Five { .. } => "five",
            };
            return Some(format!("{} {reason}", mover.letter()));
        }
        if self.rules.material_draw && self.count(Side::B) < 5 && self.count(Side::W) < 5 {
            return Some("draw material".to_string());
        }
        let now = (self.cells.clone(), self.to_move);
        if self.seen.iter().filter(|&p| *p == now).count() >= 3 {
            return Some("draw repetition".to_string());
        }
        if self.moves_of(self.to_move).is_empty() {
            return Some(format!("{} no-moves", mover.letter()));
        }
        None
    }

    /// Whether `side` has five consecutive men on one line (orthogonal, and diagonal when
    /// `diagonal`), none of the five on `side`'s own two starting ranks (ranks 1 and 2).
    fn has_five(&self, side: Side, diagonal: bool) -> bool {
        let n = self.rules.size as i32;
        let home = |row: i32| match side {
            Side::B => row >= n - 2,
            Side::W => row <= 1,
        };
        let mut directions = vec![(0, 1), (1, 0)];
        if diagonal {
            directions.extend([(1, 1), (1, -1)]);
        }
        for row in 0..n {
            for col in 0..n {
                for &(dr, dc) in &directions {
                    let five = (0..5).all(|k| {
                        let (r, c) = (row + k * dr, col + k * dc);
                        self.get(r, c) == Some(Some(side)) && !home(r)
                    });
                    if five {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Leaves of the legal-move tree `depth` plies deep (a finished game has none below it).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = if self.result.is_some() { Vec::new() } else { self.moves_of(self.to_move) };
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(from, to)| {
                let mut child = self.clone();
                child.apply(from, to);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// The (row, column) of the square named `name` on an `n` x `n` board: file number from the
/// right, rank letter from the top.
pub fn square_of(n: usize, name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let rank = chars.next_back()?;
    let file: usize = chars.as_str().parse().ok()?;
    if !rank.is_ascii_lowercase() || file == 0 || file > n || !chars.as_str().chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let row = rank as usize - 'a' as usize;
    (row < n).then_some((row, n - file))
}
