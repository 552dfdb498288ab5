//! A deliberately simple, independent second implementation of the three checkers games —
//! `enryo`, `philosophy-checkers` and English `checkers` (docs/rules/checkers.md,
//! protocol-spec.md §7 and §15) — written from the rules text alone and not from `src/`. It
//! exists to cross-check the engine: it produces the same move tokens, position strings and
//! result words, so move sets and outcomes can be compared directly.
//!
//! Simplicity over speed: the board is a plain `Vec<Option<Piece>>` indexed by (row, column),
//! every piece's moves are found by walking squares along its directions, a capture sequence is
//! found by trying every jump from where the piece stands and recursing, and repetition is found
//! by comparing whole boards against the full game history.
//!
//! Orientation (protocol-spec.md §7, §15.1): row 0 is rank `a` (the top, White's side), column 0
//! is the leftmost file, whose number is the board width; Black (upper case, `b`) sits at the
//! bottom, moves first and moves "forward" toward row 0. A square is dark (in play) when its file
//! number plus its rank number (`a` = 1) is even.

/// A player (and the colour of a piece).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// The first player, at the bottom: upper-case letters, `b` as side to move / winner.
    B,
    /// The second player, at the top: lower-case letters, `w`.
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

    /// The row step of this side's "forward": Black moves up the board (toward rank `a`).
    fn forward(self) -> i32 {
        match self {
            Side::B => -1,
            Side::W => 1,
        }
    }
}

/// The kind of a piece (protocol-spec.md §15.2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    /// `M`: a Man.
    Man,
    /// `+M`: a promoted Man — the Prince of `enryo`/`philosophy-checkers`, the crowned king of
    /// `checkers`.
    Prince,
    /// `K`: the royal King of `enryo` and `philosophy-checkers`.
    King,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    /// The piece as written in a position string (`M`, `+m`, `K`, ...).
    pub fn text(self) -> String {
        let letter = match self.kind {
            Kind::Man | Kind::Prince => 'M',
            Kind::King => 'K',
        };
        let letter = if self.side == Side::B { letter } else { letter.to_ascii_lowercase() };
        if self.kind == Kind::Prince {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// Which of the three games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Game {
    /// `enryo`: 9x9, royal King, short jumps, Men capture forward only, no majority rule.
    Enryo,
    /// `philosophy-checkers`: 9x9, royal King, Men capture in 8 directions, flying Princes,
    /// majority rule, promotion only at the end of a move.
    Philosophy,
    /// `checkers`: English draughts on 8x8.
    English,
}

/// The three variant names of docs/rules/checkers.md.
pub const VARIANTS: [&str; 3] = ["enryo", "philosophy-checkers", "checkers"];

/// The largest move number of a position string (2^63 - 1, protocol-spec.md §7).
pub const MAX_MOVE_NUMBER: u64 = (1 << 63) - 1;

/// The game named `name`, if it is one of [`VARIANTS`].
pub fn game_of(name: &str) -> Option<Game> {
    match name {
        "enryo" => Some(Game::Enryo),
        "philosophy-checkers" => Some(Game::Philosophy),
        "checkers" => Some(Game::English),
        _ => None,
    }
}

impl Game {
    /// The board is `size` x `size`.
    pub fn size(self) -> usize {
        match self {
            Game::Enryo | Game::Philosophy => 9,
            Game::English => 8,
        }
    }

    /// Whether each side has a royal King whose capture decides the game.
    pub fn royal(self) -> bool {
        self != Game::English
    }

    /// The most pieces one side may have (protocol-spec.md §15.3).
    fn max_pieces(self) -> usize {
        match self {
            Game::Enryo | Game::Philosophy => 14,
            Game::English => 12,
        }
    }

    /// The start position (protocol-spec.md §15.3).
    pub fn start_text(self) -> &'static str {
        match self {
            Game::Enryo | Game::Philosophy => "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/9/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1",
            Game::English => "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 1",
        }
    }
}

/// The four diagonal directions as (row step, column step).
const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The four orthogonal directions as steps from one dark square to the next dark square on the
/// same rank or file (two squares; the light square between is never used).
const ORTHOGONAL_DARK: [(i32, i32); 4] = [(-2, 0), (2, 0), (0, -2), (0, 2)];

/// One way a piece may move or capture: a direction and whether it may go any distance.
#[derive(Clone, Copy, Debug)]
struct Line {
    step: (i32, i32),
    /// `false`: exactly one step (a short jump goes over the next square of the line to the one
    /// after). `true`: any number of empty squares (a flying capture passes empty squares, goes
    /// over one enemy and may land on any of the empty squares after it).
    flying: bool,
}

/// A move: the origin, every square the piece lands on in order (one square for a quiet move),
/// and the squares of the pieces it captures (empty for a quiet move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: (i32, i32),
    pub landings: Vec<(i32, i32)>,
    pub captured: Vec<(i32, i32)>,
}

/// A position with its game history, the reference's whole state.
#[derive(Clone, Debug)]
pub struct Position {
    pub game: Game,
    size: i32,
    /// `cells[row * size + col]`.
    cells: Vec<Option<Piece>>,
    to_move: Side,
    move_number: u64,
    /// Every position of the game so far (board and side to move), the current one last. The
    /// position the game started from (start position or position string) is the first.
    seen: Vec<(Vec<Option<Piece>>, Side)>,
    /// The result word (`b king-capture`, `w no-moves`, `draw repetition`) once the game is over.
    result: Option<String>,
}

impl Position {
    /// The start position of `variant` (panics on an unknown variant).
    pub fn start(variant: &str) -> Position {
        let game = game_of(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
        Position::parse(variant, game.start_text()).unwrap_or_else(|e| panic!("{variant}: bad start position: {e}"))
    }

    /// Parses `<board> <side> - [<move number>]` (protocol-spec.md §7, §15.3) and validates it:
    /// pieces only on dark squares; no Man on its own far rank; at most 14 pieces a side (12 in
    /// `checkers`); at most one King a side and none in `checkers`; in `enryo` and
    /// `philosophy-checkers` at least one King on the board (one missing decides the game).
    pub fn parse(variant: &str, text: &str) -> Result<Position, String> {
        let game = game_of(variant).ok_or_else(|| format!("unknown variant {variant}"))?;
        let n = game.size();
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 3 && fields.len() != 4 {
            return Err(format!("expected 3 or 4 fields, got {}", fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != n {
            return Err(format!("expected {n} ranks, got {}", ranks.len()));
        }
        let mut cells: Vec<Option<Piece>> = Vec::new();
        for rank in ranks {
            let mut count = 0;
            let mut previous_was_digit = false;
            let mut promoted = false;
            for c in rank.chars() {
                if promoted && c != 'M' && c != 'm' {
                    return Err(format!("+ not followed by M or m in rank {rank}"));
                }
                match c {
                    '+' => {
                        promoted = true;
                        continue;
                    }
                    'M' | 'm' | 'K' | 'k' => {
                        let side = if c.is_ascii_uppercase() { Side::B } else { Side::W };
                        let kind = match (c.to_ascii_uppercase(), promoted) {
                            ('M', false) => Kind::Man,
                            ('M', true) => Kind::Prince,
                            _ => Kind::King,
                        };
                        cells.push(Some(Piece { side, kind }));
                        count += 1;
                        previous_was_digit = false;
                        promoted = false;
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
            if promoted {
                return Err(format!("rank {rank} ends with +"));
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
        let position = Position { game, size: n as i32, cells, to_move, move_number, seen: Vec::new(), result: None };
        position.validate()?;
        Ok(position.loaded())
    }

    /// A position from a list of `(square, piece)` pairs such as `("5e", "+M")` (test helper for
    /// hand-built positions; goes through [`Position::parse`], panics on any error).
    pub fn from_pieces(variant: &str, pieces: &[(&str, &str)], to_move: Side) -> Position {
        let game = game_of(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
        let n = game.size();
        let mut board: Vec<Vec<String>> = vec![vec![String::new(); n]; n];
        for (name, piece) in pieces {
            let (row, col) = square_of(n, name).unwrap_or_else(|| panic!("bad square {name}"));
            assert!(board[row][col].is_empty(), "square {name} given twice");
            board[row][col] = piece.to_string();
        }
        let ranks: Vec<String> = board.iter().map(|rank| rank_text(rank)).collect();
        let text = format!("{} {} -", ranks.join("/"), to_move.letter());
        Position::parse(variant, &text).unwrap_or_else(|e| panic!("{variant}: {text} rejected: {e}"))
    }

    /// The checks of protocol-spec.md §15.3 on a freshly parsed board.
    fn validate(&self) -> Result<(), String> {
        let n = self.size;
        let mut pieces = [0, 0];
        let mut kings = [0, 0];
        for row in 0..n {
            for col in 0..n {
                let Some(piece) = self.cells[(row * n + col) as usize] else { continue };
                let square = self.name((row, col));
                if !self.is_dark((row, col)) {
                    return Err(format!("piece on the light square {square}"));
                }
                if piece.kind == Kind::Man && self.is_far_rank(piece.side, row) {
                    return Err(format!("unpromoted Man on its far rank at {square}"));
                }
                if piece.kind == Kind::King && !self.game.royal() {
                    return Err(format!("no King in checkers ({square})"));
                }
                let index = piece.side as usize;
                pieces[index] += 1;
                if piece.kind == Kind::King {
                    kings[index] += 1;
                }
            }
        }
        if pieces.iter().any(|&count| count > self.game.max_pieces()) {
            return Err(format!("too many pieces ({} and {})", pieces[0], pieces[1]));
        }
        if kings.iter().any(|&count| count > 1) {
            return Err("more than one King for one side".to_string());
        }
        if self.game.royal() && kings == [0, 0] {
            return Err("both Kings missing".to_string());
        }
        Ok(())
    }

    /// A freshly loaded position: its history holds just itself, and it is judged as if the
    /// player not to move had just moved.
    fn loaded(mut self) -> Position {
        self.seen.push((self.cells.clone(), self.to_move));
        self.result = self.judge();
        self
    }

    /// The canonical position string (the move number always written).
    pub fn position_string(&self) -> String {
        let n = self.size;
        let ranks: Vec<String> = (0..n)
            .map(|row| {
                let rank: Vec<String> = (0..n)
                    .map(|col| self.cells[(row * n + col) as usize].map(Piece::text).unwrap_or_default())
                    .collect();
                rank_text(&rank)
            })
            .collect();
        format!("{} {} - {}", ranks.join("/"), self.to_move.letter(), self.move_number)
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The result word (`b king-capture`, `w no-moves`, `draw repetition`), or `None` while the
    /// game goes on.
    pub fn result(&self) -> Option<String> {
        self.result.clone()
    }

    /// The piece on the square named `name` (`5e`), as written in a position string.
    pub fn at(&self, name: &str) -> Option<String> {
        let (row, col) = square_of(self.size as usize, name).unwrap_or_else(|| panic!("bad square {name}"));
        self.cells[row * self.size as usize + col].map(Piece::text)
    }

    /// The number of pieces of `side` of kind `kind`.
    pub fn count_kind(&self, side: Side, kind: Kind) -> usize {
        self.cells.iter().filter(|c| **c == Some(Piece { side, kind })).count()
    }

    /// The square name (`5e`) of (row, col).
    fn name(&self, (row, col): (i32, i32)) -> String {
        format!("{}{}", self.size - col, (b'a' + row as u8) as char)
    }

    fn on_board(&self, (row, col): (i32, i32)) -> bool {
        row >= 0 && col >= 0 && row < self.size && col < self.size
    }

    /// Dark when file number + rank number is even (file = size - col, rank = row + 1).
    fn is_dark(&self, (row, col): (i32, i32)) -> bool {
        (self.size - col + row + 1) % 2 == 0
    }

    /// The far rank of `side`: rank `a` (row 0) for Black, the bottom row for White.
    fn is_far_rank(&self, side: Side, row: i32) -> bool {
        match side {
            Side::B => row == 0,
            Side::W => row == self.size - 1,
        }
    }

    /// The directions in which a piece moves without capturing.
    fn move_lines(&self, piece: Piece) -> Vec<Line> {
        let short = |step| Line { step, flying: false };
        let flying = |step| Line { step, flying: true };
        match piece.kind {
            Kind::Man => [-1, 1].iter().map(|&dc| short((piece.side.forward(), dc))).collect(),
            Kind::King => DIAGONAL.iter().map(|&d| short(d)).collect(),
            Kind::Prince => match self.game {
                Game::Philosophy => DIAGONAL.iter().chain(ORTHOGONAL_DARK.iter()).map(|&d| flying(d)).collect(),
                Game::Enryo | Game::English => DIAGONAL.iter().map(|&d| short(d)).collect(),
            },
        }
    }

    /// The directions in which a piece captures. A short orthogonal line (the
    /// `philosophy-checkers` Man) goes over the next dark square (two away) to the one after it
    /// (four away).
    fn capture_lines(&self, piece: Piece) -> Vec<Line> {
        let short = |step| Line { step, flying: false };
        let flying = |step| Line { step, flying: true };
        match (piece.kind, self.game) {
            (Kind::Man, Game::Enryo | Game::English) => {
                [-1, 1].iter().map(|&dc| short((piece.side.forward(), dc))).collect()
            }
            (Kind::Man, Game::Philosophy) => DIAGONAL.iter().chain(ORTHOGONAL_DARK.iter()).map(|&d| short(d)).collect(),
            (Kind::King, _) => DIAGONAL.iter().map(|&d| short(d)).collect(),
            (Kind::Prince, Game::Enryo | Game::English) => DIAGONAL.iter().map(|&d| short(d)).collect(),
            (Kind::Prince, Game::Philosophy) => {
                DIAGONAL.iter().chain(ORTHOGONAL_DARK.iter()).map(|&d| flying(d)).collect()
            }
        }
    }

    /// Every legal move as a token (none once the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.moves_of(self.to_move).iter().map(|mv| self.token(mv)).collect()
    }

    /// `3g4f` for a quiet move, `3gx5ex7c` for a capture (origin, then every landing square).
    pub fn token(&self, mv: &Move) -> String {
        let mut text = self.name(mv.from);
        for &square in &mv.landings {
            if !mv.captured.is_empty() {
                text.push('x');
            }
            text.push_str(&self.name(square));
        }
        text
    }

    /// The moves of `side`, ignoring whether the game is over: the capture sequences if there
    /// is any (in `philosophy-checkers` only those capturing the most pieces), else the quiet
    /// moves.
    fn moves_of(&self, side: Side) -> Vec<Move> {
        let mut captures = Vec::new();
        for square in self.squares_of(side) {
            self.capture_sequences(square, &mut captures);
        }
        if self.game == Game::Philosophy {
            let most = captures.iter().map(|mv| mv.captured.len()).max().unwrap_or(0);
            captures.retain(|mv| mv.captured.len() == most);
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut quiet = Vec::new();
        for from in self.squares_of(side) {
            let piece = self.piece(from).expect("a piece stands on its own square");
            for line in self.move_lines(piece) {
                let mut to = (from.0 + line.step.0, from.1 + line.step.1);
                while self.is_empty(&self.cells, to) {
                    quiet.push(Move { from, landings: vec![to], captured: Vec::new() });
                    if !line.flying {
                        break;
                    }
                    to = (to.0 + line.step.0, to.1 + line.step.1);
                }
            }
        }
        quiet
    }

    /// The squares holding pieces of `side`, in board order.
    fn squares_of(&self, side: Side) -> Vec<(i32, i32)> {
        let n = self.size;
        (0..n)
            .flat_map(|row| (0..n).map(move |col| (row, col)))
            .filter(|&square| self.piece(square).is_some_and(|p| p.side == side))
            .collect()
    }

    fn piece(&self, (row, col): (i32, i32)) -> Option<Piece> {
        self.cells[(row * self.size + col) as usize]
    }

    /// Whether `square` is on the board and empty in `cells`.
    fn is_empty(&self, cells: &[Option<Piece>], square: (i32, i32)) -> bool {
        self.on_board(square) && cells[(square.0 * self.size + square.1) as usize].is_none()
    }

    /// Every complete capture sequence of the piece on `from`, appended to `out`. The piece is
    /// lifted off its origin first, so the origin counts as empty for the whole sequence.
    fn capture_sequences(&self, from: (i32, i32), out: &mut Vec<Move>) {
        let piece = self.piece(from).expect("a piece stands on its own square");
        let mut cells = self.cells.clone();
        cells[(from.0 * self.size + from.1) as usize] = None;
        let mut path = Move { from, landings: Vec::new(), captured: Vec::new() };
        self.extend_sequence(&cells, piece, from, &mut path, out);
    }

    /// From `at` (the moving piece's current square, not marked on `cells`), tries every jump;
    /// a sequence that can jump no further is complete (if it captured anything). Captured
    /// pieces stay on `cells` (they block and cannot be landed on) and are listed in
    /// `path.captured` (they cannot be jumped again).
    fn extend_sequence(
        &self,
        cells: &[Option<Piece>],
        piece: Piece,
        at: (i32, i32),
        path: &mut Move,
        out: &mut Vec<Move>,
    ) {
        let jumps = self.jumps(cells, piece, at, &path.captured);
        if jumps.is_empty() {
            if !path.captured.is_empty() {
                out.push(path.clone());
            }
            return;
        }
        for (over, land) in jumps {
            path.captured.push(over);
            path.landings.push(land);
            // enryo and English checkers: a Man that reaches the far rank by a jump is promoted
            // and the move ends there. In philosophy-checkers it goes on with a Man's powers.
            let crowned = piece.kind == Kind::Man && self.is_far_rank(piece.side, land.0);
            if crowned && self.game != Game::Philosophy {
                out.push(path.clone());
            } else {
                self.extend_sequence(cells, piece, land, path, out);
            }
            path.captured.pop();
            path.landings.pop();
        }
    }

    /// The single jumps `(captured square, landing square)` of `piece` standing on `at`.
    fn jumps(
        &self,
        cells: &[Option<Piece>],
        piece: Piece,
        at: (i32, i32),
        captured: &[(i32, i32)],
    ) -> Vec<((i32, i32), (i32, i32))> {
        let mut found = Vec::new();
        for line in self.capture_lines(piece) {
            let (dr, dc) = line.step;
            let mut over = (at.0 + dr, at.1 + dc);
            if line.flying {
                while self.is_empty(cells, over) {
                    over = (over.0 + dr, over.1 + dc);
                }
            }
            // Exactly one enemy piece, not already captured in this sequence.
            let enemy = self.on_board(over)
                && cells[(over.0 * self.size + over.1) as usize].is_some_and(|p| p.side != piece.side)
                && !captured.contains(&over);
            if !enemy {
                continue;
            }
            let mut land = (over.0 + dr, over.1 + dc);
            while self.is_empty(cells, land) {
                found.push((over, land));
                if !line.flying {
                    break;
                }
                land = (land.0 + dr, land.1 + dc);
            }
        }
        found
    }

    /// Plays the move written `token`; an illegal or malformed token changes nothing.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        if self.result.is_some() {
            return Err(format!("game over, {token} is not legal"));
        }
        let found = self.moves_of(self.to_move).into_iter().find(|mv| self.token(mv) == token);
        let Some(mv) = found else {
            return Err(format!("illegal move {token}"));
        };
        self.apply(&mv);
        Ok(())
    }

    fn set(&mut self, (row, col): (i32, i32), value: Option<Piece>) {
        self.cells[(row * self.size + col) as usize] = value;
    }

    /// Moves the piece to its last landing square, removes the captured pieces, promotes a Man
    /// whose move ends on its far rank, then judges the new position.
    fn apply(&mut self, mv: &Move) {
        let mut piece = self.piece(mv.from).expect("a piece stands on the origin");
        let to = *mv.landings.last().expect("a move lands somewhere");
        self.set(mv.from, None);
        for &square in &mv.captured {
            self.set(square, None);
        }
        if piece.kind == Kind::Man && self.is_far_rank(piece.side, to.0) {
            piece.kind = Kind::Prince;
        }
        self.set(to, Some(piece));
        self.to_move = self.to_move.other();
        // The count stops at the largest move number (protocol-spec.md §7).
        self.move_number = (self.move_number + 1).min(MAX_MOVE_NUMBER);
        self.seen.push((self.cells.clone(), self.to_move));
        self.result = self.judge();
    }

    /// The end checks of docs/rules/checkers.md §2, in order, for the position just reached:
    /// a King missing (the side that still has one wins); the third occurrence of the position;
    /// no legal move for the player to move (who loses).
    fn judge(&self) -> Option<String> {
        if self.game.royal() {
            for side in [Side::B, Side::W] {
                if self.count_kind(side, Kind::King) == 0 {
                    return Some(format!("{} king-capture", side.other().letter()));
                }
            }
        }
        let now = (self.cells.clone(), self.to_move);
        if self.seen.iter().filter(|&p| *p == now).count() >= 3 {
            return Some("draw repetition".to_string());
        }
        if self.moves_of(self.to_move).is_empty() {
            return Some(format!("{} no-moves", self.to_move.other().letter()));
        }
        None
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
            .iter()
            .map(|mv| {
                let mut child = self.clone();
                child.apply(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// One SFEN rank from per-square texts (empty string = empty square).
fn rank_text(squares: &[String]) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for square in squares {
        if square.is_empty() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
            empty = 0;
        }
        text.push_str(square);
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
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
