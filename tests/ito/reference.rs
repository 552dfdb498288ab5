//! A deliberately simple, independent second implementation of Ito Shogi (variant `ito`,
//! docs/rules/ito.md, protocol-spec.md §12), written from the rules text alone and not from
//! `src/`. It exists to cross-check the engine: it produces the same move tokens, position
//! strings and result words, so move sets and outcomes can be compared directly.
//!
//! Simplicity over speed: the board is a plain `Vec` of 21 `Option<Piece>`, every piece's moves
//! are found by walking squares, legality is decided by playing the move on a copy and looking
//! at the copy, and repetition is found by comparing whole positions against the full history.
//!
//! Orientation: index `i` (0..21) is the rulebook's square `i + 1`; index 0 is Black's end
//! (`1u`), index 20 is White's end (`1a`). The square name of index `i` is `1` followed by the
//! letter `'a' + (20 - i)`. Black moves "forward" toward higher indices, White toward lower.

/// The number of squares.
pub const SQUARES: usize = 21;

/// The largest move number of a position string (2^63 - 1, protocol-spec.md §7).
pub const MAX_MOVE_NUMBER: u64 = (1 << 63) - 1;

/// The start position string (protocol-spec.md §12.3).
pub const START: &str = "k/r/c/l/g/n/i/p/1/1/1/1/1/P/I/N/G/L/C/R/K b - 1";

/// A player (and the colour of a piece).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Side {
    /// The first player (upper case, `b`), starting at `1u`.
    B,
    /// The second player (lower case, `w`), starting at `1a`.
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

    /// The index step of this side's "forward": +1 for Black, -1 for White.
    fn forward(self) -> i32 {
        match self {
            Side::B => 1,
            Side::W => -1,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::B => 0,
            Side::W => 1,
        }
    }
}

/// The kind of a piece, named by its unflipped face.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    King,
    /// Ramshead Soldier / Bishop.
    Ram,
    /// Silver Cannon / Gold Cannon.
    Cannon,
    /// Goose / Phoenix.
    Goose,
    /// Lance / Howling Dog.
    Lance,
    /// Knight / Heavenly Horse.
    Knight,
    /// Iron General / Silver General.
    Iron,
    /// Pawn / Go-Between.
    Pawn,
}

/// The kinds that can be in hand, in the canonical hand order `R C G L N I P`.
pub const HAND_KINDS: [Kind; 7] =
    [Kind::Ram, Kind::Cannon, Kind::Goose, Kind::Lance, Kind::Knight, Kind::Iron, Kind::Pawn];

impl Kind {
    /// The upper-case protocol letter.
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Ram => 'R',
            Kind::Cannon => 'C',
            Kind::Goose => 'G',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Iron => 'I',
            Kind::Pawn => 'P',
        }
    }

    /// The kind of an upper-case protocol letter.
    pub fn of_letter(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'R' => Some(Kind::Ram),
            'C' => Some(Kind::Cannon),
            'G' => Some(Kind::Goose),
            'L' => Some(Kind::Lance),
            'N' => Some(Kind::Knight),
            'I' => Some(Kind::Iron),
            'P' => Some(Kind::Pawn),
            _ => None,
        }
    }

    /// The position of this kind in [`HAND_KINDS`] (panics for the King).
    fn hand_index(self) -> usize {
        HAND_KINDS.iter().position(|&k| k == self).expect("the King is never in hand")
    }
}

/// A piece on the board: its owner, its kind and whether it shows its flipped face.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
    pub flipped: bool,
}

impl Piece {
    /// The piece as written in a position string (`N`, `+n`, `K`, ...).
    pub fn text(self) -> String {
        let letter = self.kind.letter();
        let letter = if self.side == Side::B { letter } else { letter.to_ascii_lowercase() };
        if self.flipped {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

/// A move: a board move from one index to another, or a drop of a hand kind with a face.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    Board { from: usize, to: usize },
    Drop { kind: Kind, flipped: bool, to: usize },
}

/// The name (`1a`..`1u`) of index `i` (rulebook square `i + 1`).
pub fn name(i: usize) -> String {
    format!("1{}", (b'a' + (20 - i) as u8) as char)
}

/// The index of a square name `1a`..`1u`.
pub fn index_of(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    if bytes.len() != 2 || bytes[0] != b'1' || !(b'a'..=b'u').contains(&bytes[1]) {
        return None;
    }
    Some(20 - (bytes[1] - b'a') as usize)
}

impl Move {
    /// The move token (`1n1m`, `N*1k`, `+N*1k`).
    pub fn token(self) -> String {
        match self {
            Move::Board { from, to } => format!("{}{}", name(from), name(to)),
            Move::Drop { kind, flipped, to } => {
                format!("{}{}*{}", if flipped { "+" } else { "" }, kind.letter(), name(to))
            }
        }
    }
}

/// What identifies a position for the repetition ban: board, both hands, side to move.
type Key = (Vec<Option<Piece>>, [[u8; 7]; 2], Side);

/// A position with its game history, the reference's whole state.
#[derive(Clone, Debug)]
pub struct Position {
    /// `cells[i]` is rulebook square `i + 1`.
    cells: Vec<Option<Piece>>,
    /// `hands[side][k]`: how many of `HAND_KINDS[k]` that side holds.
    hands: [[u8; 7]; 2],
    to_move: Side,
    move_number: u64,
    /// Every position of the game so far, the current one last; the position the game started
    /// from (start position or position string) is the first and counts as one occurrence.
    seen: Vec<Key>,
}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        Position::parse(START).expect("the start position parses")
    }

    /// Parses `<board> <side> <hand> [<move number>]` (protocol-spec.md §12.3) and validates it:
    /// exactly one King per side on the board and none in hand; at most two pieces of each other
    /// kind in total (board + hands, faces merged); the side not to move not in check. Hands are
    /// accepted in any order, each letter at most once, counts written only when ≥ 2.
    pub fn parse(text: &str) -> Result<Position, String> {
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.len() != 3 && fields.len() != 4 {
            return Err(format!("expected 3 or 4 fields, got {}", fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != SQUARES {
            return Err(format!("expected {SQUARES} ranks, got {}", ranks.len()));
        }
        let mut cells = vec![None; SQUARES];
        for (r, rank) in ranks.iter().enumerate() {
            // Rank `a` (r = 0) is index 20.
            let i = 20 - r;
            if *rank == "1" {
                continue;
            }
            let (flipped, letter) = match rank.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, *rank),
            };
            let mut chars = letter.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(format!("bad rank {rank:?}"));
            };
            let kind = Kind::of_letter(c.to_ascii_uppercase()).ok_or_else(|| format!("bad rank {rank:?}"))?;
            if flipped && kind == Kind::King {
                return Err("a King has no flipped face".to_string());
            }
            let side = if c.is_ascii_uppercase() { Side::B } else { Side::W };
            cells[i] = Some(Piece { side, kind, flipped });
        }
        let to_move = match fields[1] {
            "b" => Side::B,
            "w" => Side::W,
            other => return Err(format!("bad side {other}")),
        };
        let hands = parse_hand(fields[2])?;
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
        let mut position = Position { cells, hands, to_move, move_number, seen: Vec::new() };
        position.validate()?;
        position.seen.push(position.key());
        Ok(position)
    }

    /// The checks of protocol-spec.md §12.3 on a freshly parsed position.
    fn validate(&self) -> Result<(), String> {
        for side in [Side::B, Side::W] {
            let kings =
                self.cells.iter().filter(|c| matches!(c, Some(p) if p.side == side && p.kind == Kind::King)).count();
            if kings != 1 {
                return Err(format!("side {} has {kings} Kings on the board", side.letter()));
            }
        }
        for (k, kind) in HAND_KINDS.iter().enumerate() {
            let on_board = self.cells.iter().filter(|c| matches!(c, Some(p) if p.kind == *kind)).count();
            let total = on_board + self.hands[0][k] as usize + self.hands[1][k] as usize;
            if total > 2 {
                return Err(format!("{total} pieces of kind {}", kind.letter()));
            }
        }
        if self.attacked_king(self.to_move.other()) {
            return Err("the side not to move is in check".to_string());
        }
        Ok(())
    }

    fn key(&self) -> Key {
        (self.cells.clone(), self.hands, self.to_move)
    }

    /// The canonical position string (the move number always written).
    pub fn position_string(&self) -> String {
        let ranks: Vec<String> =
            (0..SQUARES).rev().map(|i| self.cells[i].map(Piece::text).unwrap_or_else(|| "1".to_string())).collect();
        let mut hand = String::new();
        for side in [Side::B, Side::W] {
            for (k, kind) in HAND_KINDS.iter().enumerate() {
                let count = self.hands[side.index()][k];
                if count >= 2 {
                    hand.push_str(&count.to_string());
                }
                if count >= 1 {
                    let letter = kind.letter();
                    hand.push(if side == Side::B { letter } else { letter.to_ascii_lowercase() });
                }
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        format!("{} {} {} {}", ranks.join("/"), self.to_move.letter(), hand, self.move_number)
    }

    /// The piece on the square named `name` (`1k`), as written in a position string.
    pub fn at(&self, name: &str) -> Option<String> {
        let i = index_of(name).unwrap_or_else(|| panic!("bad square {name}"));
        self.cells[i].map(Piece::text)
    }

    /// The index of `side`'s King (panics if there is none; a valid position always has one).
    fn king(&self, side: Side) -> usize {
        (0..SQUARES)
            .find(|&i| matches!(self.cells[i], Some(p) if p.side == side && p.kind == Kind::King))
            .expect("each side has a King")
    }

    /// The squares the piece on index `from` could move to by its own movement (empty squares and
    /// squares of enemy pieces it may capture), ignoring King safety. Panics on an empty square.
    fn destinations(&self, from: usize) -> Vec<usize> {
        let piece = self.cells[from].expect("a piece on the origin");
        let f = piece.side.forward();
        let mut out = Vec::new();
        // A step or leap of `d` squares (in index units): lands unless off the board or on a
        // friendly piece; ignores what lies in between.
        let leap = |d: i32, out: &mut Vec<usize>| {
            let t = from as i32 + d;
            if (0..SQUARES as i32).contains(&t) && !matches!(self.cells[t as usize], Some(p) if p.side == piece.side) {
                out.push(t as usize);
            }
        };
        // A slide in direction `d` (±1): empty squares, then the first enemy piece.
        let slide = |d: i32, out: &mut Vec<usize>| {
            let mut t = from as i32 + d;
            while (0..SQUARES as i32).contains(&t) {
                match self.cells[t as usize] {
                    None => out.push(t as usize),
                    Some(p) => {
                        if p.side != piece.side {
                            out.push(t as usize);
                        }
                        break;
                    }
                }
                t += d;
            }
        };
        // Hops of two in direction `d` (±1): every landing square before the destination must be
        // empty; the odd squares passed over are ignored.
        let hops = |d: i32, out: &mut Vec<usize>| {
            let mut t = from as i32 + 2 * d;
            while (0..SQUARES as i32).contains(&t) {
                match self.cells[t as usize] {
                    None => out.push(t as usize),
                    Some(p) => {
                        if p.side != piece.side {
                            out.push(t as usize);
                        }
                        break;
                    }
                }
                t += 2 * d;
            }
        };
        // Cannon in direction `d` (±1). Quiet squares before the first piece when `slides`
        // (Gold Cannon); beyond exactly one screen: the empty squares when `!slides` (Silver
        // Cannon), and in both cases the next piece if it is an enemy.
        let cannon = |d: i32, slides: bool, out: &mut Vec<usize>| {
            let mut t = from as i32 + d;
            while (0..SQUARES as i32).contains(&t) && self.cells[t as usize].is_none() {
                if slides {
                    out.push(t as usize);
                }
                t += d;
            }
            // `t` is the screen (or off the board).
            t += d;
            while (0..SQUARES as i32).contains(&t) {
                match self.cells[t as usize] {
                    None => {
                        if !slides {
                            out.push(t as usize);
                        }
                    }
                    Some(p) => {
                        if p.side != piece.side {
                            out.push(t as usize);
                        }
                        break;
                    }
                }
                t += d;
            }
        };
        match (piece.kind, piece.flipped) {
            (Kind::King, _) => {
                leap(f, &mut out);
                leap(2 * f, &mut out);
                leap(-f, &mut out);
            }
            (Kind::Pawn, false) => leap(f, &mut out),
            (Kind::Pawn, true) => {
                leap(f, &mut out);
                leap(-f, &mut out);
            }
            (Kind::Iron, false) => {
                leap(f, &mut out);
                leap(2 * f, &mut out);
            }
            (Kind::Iron, true) => {
                leap(f, &mut out);
                leap(2 * f, &mut out);
                leap(-2 * f, &mut out);
            }
            (Kind::Knight, false) => leap(3 * f, &mut out),
            (Kind::Knight, true) => {
                leap(3 * f, &mut out);
                leap(-3 * f, &mut out);
            }
            (Kind::Goose, false) => {
                leap(4 * f, &mut out);
                leap(-2 * f, &mut out);
            }
            (Kind::Goose, true) => {
                leap(f, &mut out);
                leap(-f, &mut out);
                leap(4 * f, &mut out);
                leap(-4 * f, &mut out);
            }
            (Kind::Lance, false) => slide(f, &mut out),
            (Kind::Lance, true) => {
                slide(f, &mut out);
                leap(-f, &mut out);
            }
            (Kind::Ram, false) => hops(f, &mut out),
            (Kind::Ram, true) => {
                hops(f, &mut out);
                hops(-f, &mut out);
            }
            (Kind::Cannon, flipped) => {
                cannon(f, flipped, &mut out);
                cannon(-f, flipped, &mut out);
            }
        }
        out
    }

    /// Whether `side`'s King could be captured by some enemy piece's own move (pinned attackers
    /// included).
    fn attacked_king(&self, side: Side) -> bool {
        let king = self.king(side);
        (0..SQUARES).any(|i| matches!(self.cells[i], Some(p) if p.side != side) && self.destinations(i).contains(&king))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked_king(self.to_move)
    }

    /// Every move of the side to move by piece movement and drop rules alone (no King safety,
    /// repetition or stalemate test). Drops: each hand kind, both faces, on every empty square
    /// strictly ahead of the own King.
    fn pseudo_moves(&self) -> Vec<Move> {
        let side = self.to_move;
        let mut moves = Vec::new();
        for from in 0..SQUARES {
            if matches!(self.cells[from], Some(p) if p.side == side) {
                for to in self.destinations(from) {
                    moves.push(Move::Board { from, to });
                }
            }
        }
        let king = self.king(side) as i32;
        for (k, kind) in HAND_KINDS.iter().enumerate() {
            if self.hands[side.index()][k] == 0 {
                continue;
            }
            for to in 0..SQUARES {
                let ahead = (to as i32 - king) * side.forward() > 0;
                if ahead && self.cells[to].is_none() {
                    moves.push(Move::Drop { kind: *kind, flipped: false, to });
                    moves.push(Move::Drop { kind: *kind, flipped: true, to });
                }
            }
        }
        moves
    }

    /// The position after `m` (no legality test): a capture by a non-King piece flips the mover,
    /// the captured piece goes to the mover's hand without its face; the side to move changes,
    /// the move number goes up (stopping at the maximum), the new position joins the history.
    fn after(&self, m: Move) -> Position {
        let mut next = self.clone();
        let side = self.to_move;
        match m {
            Move::Board { from, to } => {
                let mut piece = next.cells[from].take().expect("a piece on the origin");
                if let Some(captured) = next.cells[to] {
                    assert!(captured.kind != Kind::King, "a King was captured");
                    next.hands[side.index()][captured.kind.hand_index()] += 1;
                    if piece.kind != Kind::King {
                        piece.flipped = !piece.flipped;
                    }
                }
                next.cells[to] = Some(piece);
            }
            Move::Drop { kind, flipped, to } => {
                next.hands[side.index()][kind.hand_index()] -= 1;
                next.cells[to] = Some(Piece { side, kind, flipped });
            }
        }
        next.to_move = side.other();
        next.move_number = (next.move_number + 1).min(MAX_MOVE_NUMBER);
        next.seen.push(next.key());
        next
    }

    /// Whether `m` passes the tests that do not look ahead: it does not leave the mover's King
    /// attacked, and the position it creates has not already occurred twice. Returns the
    /// position after it when it passes.
    fn basic_legal(&self, m: Move) -> Option<Position> {
        let next = self.after(m);
        if next.attacked_king(self.to_move) {
            return None;
        }
        let new_key = next.seen.last().expect("history is never empty");
        let earlier = self.seen.iter().filter(|k| *k == new_key).count();
        if earlier >= 2 {
            return None;
        }
        Some(next)
    }

    /// The legal moves, as values: basic legality plus the stalemate ban (after the move the
    /// opponent must be in check or have at least one basically legal reply).
    pub fn legal_move_values(&self) -> Vec<Move> {
        let mut legal = Vec::new();
        for m in self.pseudo_moves() {
            let Some(next) = self.basic_legal(m) else { continue };
            if next.in_check() || next.pseudo_moves().into_iter().any(|r| next.basic_legal(r).is_some()) {
                legal.push(m);
            }
        }
        legal
    }

    /// The legal move tokens.
    pub fn legal_moves(&self) -> Vec<String> {
        self.legal_move_values().into_iter().map(Move::token).collect()
    }

    /// Plays the move `token` if it is legal (errors on an illegal or malformed token, and once
    /// the game is over since there are no legal moves then).
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        let m = self
            .legal_move_values()
            .into_iter()
            .find(|m| m.token() == token)
            .ok_or_else(|| format!("illegal move {token} in {}", self.position_string()))?;
        *self = self.after(m);
        Ok(())
    }

    /// The result word (`b checkmate`, `w no-moves`: the winner, then the reason), or `None`
    /// while the side to move has a legal move.
    pub fn result(&self) -> Option<String> {
        if !self.legal_move_values().is_empty() {
            return None;
        }
        let winner = self.to_move.other().letter();
        Some(if self.in_check() { format!("{winner} checkmate") } else { format!("{winner} no-moves") })
    }

    /// The number of leaf nodes of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_move_values();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.into_iter().map(|m| self.after(m).perft(depth - 1)).sum()
    }
}

/// Parses a hand field: `-`, or `[count]letter` items with count ≥ 2 when written, each letter
/// at most once, upper case Black's and lower case White's, in any order.
fn parse_hand(text: &str) -> Result<[[u8; 7]; 2], String> {
    let mut hands = [[0u8; 7]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let mut seen = [[false; 7]; 2];
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            if digits.is_empty() && c == '0' {
                return Err(format!("bad hand {text}"));
            }
            digits.push(c);
            continue;
        }
        let kind = Kind::of_letter(c.to_ascii_uppercase()).ok_or_else(|| format!("bad hand {text}"))?;
        if kind == Kind::King {
            return Err("a King in hand".to_string());
        }
        let count: u64 = if digits.is_empty() { 1 } else { digits.parse().map_err(|_| format!("bad hand {text}"))? };
        if !digits.is_empty() && count < 2 {
            return Err(format!("bad hand count in {text}"));
        }
        if count > 2 {
            return Err(format!("{count} pieces of kind {}", kind.letter()));
        }
        digits.clear();
        let side = if c.is_ascii_uppercase() { 0 } else { 1 };
        let k = kind.hand_index();
        if seen[side][k] {
            return Err(format!("letter {c} twice in hand {text}"));
        }
        seen[side][k] = true;
        hands[side][k] = count as u8;
    }
    if !digits.is_empty() {
        return Err(format!("hand {text} ends with a count"));
    }
    Ok(hands)
}
