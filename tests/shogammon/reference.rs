//! A deliberately simple, independent second implementation of Shogammon (variant
//! `shogammon`, docs/rules/shogammon.md, RULES.md §3 "Precise readings (binding)",
//! protocol-spec.md §14), written from the rules text alone and not from `src/`. It holds the
//! position string (parse, validate, print), the die table (a parameter, `DieTable`), sub-moves
//! for one die, whole turns for a known roll under the binding readings, roll, turn and
//! `RR:turn` items, the result (King capture, optional turn limit) and perft with the chance-node
//! convention. It has no undo (positions are cloned) and is slow by design (perft depth 2 about
//! 0.2 M turns/s).
//!
//! API: `Position::start()`, `parse(text)`, `parse_with(text, DieTable)`, `position_string()`,
//! `legal_moves()` (sorted turn tokens at a decision node, the 21 `ROLLS` at a chance node,
//! none once over), `legal_turns()` (tokens with the position after), `play(item)`,
//! `with_roll(roll)`, `result()`, `perft(depth)`, `at(square)`; public fields `dice`,
//! `turn_limit` (0 = off).
//!
//! Simplicity over speed: the board is a `Vec` of 81 cells, each cell a `Vec<Piece>` of at most
//! two pieces (`[lower, top]`); moves are found by walking squares; a turn's outcome is found by
//! playing its sub-moves on copies of the position.
//!
//! Orientation: index `row * 9 + col`, row 0 = rank `a` (top, White's back rank), col 0 = file 9
//! (left in the position string). Black moves toward row 0.

use std::collections::BTreeSet;

/// The largest move number of a position string (2^63 - 1, protocol-spec.md §7).
pub const MAX_MOVE_NUMBER: u64 = (1 << 63) - 1;

/// The start position string (protocol-spec.md §14.1): a chance node.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1";

/// The 21 distinct rolls in canonical order (protocol-spec.md §14.5), higher die first.
pub const ROLLS: [&str; 21] = [
    "11", "21", "22", "31", "32", "33", "41", "42", "43", "44", "51", "52", "53", "54", "55", "61", "62", "63", "64",
    "65", "66",
];

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Side {
    B,
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
    fn index(self) -> usize {
        self as usize
    }
}

/// The unpromoted piece types (shogi letters).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Kind {
    P,
    L,
    N,
    S,
    G,
    B,
    R,
    K,
}

/// Hand kinds in canonical hand order `R B G S N L P` (protocol-spec.md §11).
pub const HAND_KINDS: [Kind; 7] = [Kind::R, Kind::B, Kind::G, Kind::S, Kind::N, Kind::L, Kind::P];

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::P => 'P',
            Kind::L => 'L',
            Kind::N => 'N',
            Kind::S => 'S',
            Kind::G => 'G',
            Kind::B => 'B',
            Kind::R => 'R',
            Kind::K => 'K',
        }
    }
    pub fn of_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::P,
            'L' => Kind::L,
            'N' => Kind::N,
            'S' => Kind::S,
            'G' => Kind::G,
            'B' => Kind::B,
            'R' => Kind::R,
            'K' => Kind::K,
            _ => return None,
        })
    }
    fn hand_slot(self) -> usize {
        HAND_KINDS.iter().position(|&k| k == self).expect("not a King")
    }
    fn can_promote(self) -> bool {
        !matches!(self, Kind::G | Kind::K)
    }
    /// Standard-set total over both sides (shogi.md; validation of §11).
    fn total(self) -> u32 {
        match self {
            Kind::P => 18,
            Kind::L | Kind::N | Kind::S | Kind::G => 4,
            Kind::B | Kind::R => 2,
            Kind::K => 2,
        }
    }
}

/// The die table (rules §1, option `ShogammonDice`): the die number of each unpromoted kind.
/// Promoted pieces answer to their unpromoted kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DieTable {
    /// `die[kind as usize]`, 1..=6.
    pub die: [u8; 8],
}

impl Default for DieTable {
    /// `1:P 2:LN 3:S 4:G 5:BR 6:K`.
    fn default() -> DieTable {
        DieTable { die: [1, 2, 2, 3, 4, 5, 5, 6] }
    }
}

impl DieTable {
    /// Parses an option value such as `1:P 2:LN 3:S 4:G 5:BR 6:K` (rules §7).
    pub fn parse(text: &str) -> Result<DieTable, String> {
        let mut die = [0u8; 8];
        let mut seen_die = [false; 7];
        let groups: Vec<&str> = text.split_whitespace().collect();
        if groups.len() != 6 {
            return Err(format!("die table needs six groups: {text}"));
        }
        for g in groups {
            let (d, letters) = g.split_once(':').ok_or_else(|| format!("bad group {g}"))?;
            let d: u8 = d.parse().map_err(|_| format!("bad die in {g}"))?;
            if !(1..=6).contains(&d) || seen_die[d as usize] {
                return Err(format!("bad or repeated die in {g}"));
            }
            seen_die[d as usize] = true;
            if letters.is_empty() {
                return Err(format!("no letters in {g}"));
            }
            for c in letters.chars() {
                let k =
                    Kind::of_letter(c).filter(|_| c.is_ascii_uppercase()).ok_or_else(|| format!("bad letter {c}"))?;
                if die[k as usize] != 0 {
                    return Err(format!("letter {c} twice"));
                }
                die[k as usize] = d;
            }
        }
        if die.contains(&0) {
            return Err("a letter is missing".to_string());
        }
        Ok(DieTable { die })
    }
    /// The canonical option value: dice ascending, letters in the order `P L N S G B R K`.
    pub fn text(&self) -> String {
        let kinds = [Kind::P, Kind::L, Kind::N, Kind::S, Kind::G, Kind::B, Kind::R, Kind::K];
        (1..=6)
            .map(|d| {
                let letters: String = kinds.iter().filter(|&&k| self.of(k) == d).map(|k| k.letter()).collect();
                format!("{d}:{letters}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn of(&self, kind: Kind) -> u8 {
        self.die[kind as usize]
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
    pub promoted: bool,
}

impl Piece {
    pub fn text(self) -> String {
        let l = self.kind.letter();
        let l = if self.side == Side::B { l } else { l.to_ascii_lowercase() };
        if self.promoted {
            format!("+{l}")
        } else {
            l.to_string()
        }
    }
}

/// The name (`9a`..`1i`) of index `i`.
pub fn name(i: usize) -> String {
    format!("{}{}", 9 - i % 9, (b'a' + (i / 9) as u8) as char)
}

/// The index of a square name.
pub fn index_of(name: &str) -> Option<usize> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'1'..=b'9').contains(&b[0]) || !(b'a'..=b'i').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'a') as usize * 9 + (9 - (b[0] - b'0')) as usize)
}

/// One sub-move (rules §1): a board move (with its promotion choice) or a drop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SubMove {
    Board { from: usize, to: usize, promote: bool },
    Drop { kind: Kind, to: usize },
}

impl SubMove {
    /// The shogi move token (§11): `7g7f`, `8h2b+`, `P*5e`.
    pub fn token(self) -> String {
        match self {
            SubMove::Board { from, to, promote } => {
                format!("{}{}{}", name(from), name(to), if promote { "+" } else { "" })
            }
            SubMove::Drop { kind, to } => format!("{}*{}", kind.letter(), name(to)),
        }
    }
    fn to(self) -> usize {
        match self {
            SubMove::Board { to, .. } | SubMove::Drop { to, .. } => to,
        }
    }
}

/// A whole turn: the token and the position after it.
#[derive(Clone, Debug)]
pub struct TurnOutcome {
    pub token: String,
    pub after: Position,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// `cells[i]`: `[]`, `[single]` or `[lower, top]` (rules §2).
    cells: Vec<Vec<Piece>>,
    /// `hands[side][slot]`, slots in `HAND_KINDS` order.
    hands: [[u32; 7]; 2],
    to_move: Side,
    /// The known roll, higher die first, or `None` at a chance node.
    roll: Option<(u8, u8)>,
    move_number: u64,
    pub dice: DieTable,
    /// `ShogammonTurnLimit` (rules §7); 0 = off.
    pub turn_limit: u64,
}

fn row(i: usize) -> i32 {
    (i / 9) as i32
}
fn col(i: usize) -> i32 {
    (i % 9) as i32
}
fn at(r: i32, c: i32) -> Option<usize> {
    ((0..9).contains(&r) && (0..9).contains(&c)).then(|| (r * 9 + c) as usize)
}

/// Rows a side's far three ranks cover (promotion zone, rules §5).
fn in_zone(side: Side, i: usize) -> bool {
    match side {
        Side::B => row(i) <= 2,
        Side::W => row(i) >= 6,
    }
}

/// Whether an unpromoted piece of `kind` could never move again on `i` (shogi dead squares).
fn dead_square(side: Side, kind: Kind, i: usize) -> bool {
    let far = match side {
        Side::B => row(i),
        Side::W => 8 - row(i),
    };
    match kind {
        Kind::P | Kind::L => far == 0,
        Kind::N => far <= 1,
        _ => false,
    }
}

const GOLD: [(i32, i32); 6] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];
const SILVER: [(i32, i32); 5] = [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)];
const KING: [(i32, i32); 8] = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)];
const ORTHO: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const DIAG: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Steps (one square) and slides of a piece, in (row, col) deltas for Black ("forward" = -1 row).
/// Row/column deltas.
type Deltas = Vec<(i32, i32)>;

fn movement(p: Piece) -> (Deltas, Deltas) {
    let (steps, slides): (Deltas, Deltas) = match (p.kind, p.promoted) {
        (Kind::P, false) => (vec![(-1, 0)], vec![]),
        (Kind::L, false) => (vec![], vec![(-1, 0)]),
        (Kind::N, false) => (vec![(-2, -1), (-2, 1)], vec![]),
        (Kind::S, false) => (SILVER.to_vec(), vec![]),
        (Kind::G, _) | (Kind::P | Kind::L | Kind::N | Kind::S, true) => (GOLD.to_vec(), vec![]),
        (Kind::K, _) => (KING.to_vec(), vec![]),
        (Kind::B, false) => (vec![], DIAG.to_vec()),
        (Kind::R, false) => (vec![], ORTHO.to_vec()),
        (Kind::B, true) => (ORTHO.to_vec(), DIAG.to_vec()),
        (Kind::R, true) => (DIAG.to_vec(), ORTHO.to_vec()),
    };
    let flip = |v: Deltas| -> Deltas {
        if p.side == Side::B {
            v
        } else {
            v.into_iter().map(|(r, c)| (-r, -c)).collect()
        }
    };
    (flip(steps), flip(slides))
}

impl Position {
    pub fn start() -> Position {
        Position::parse(START).expect("the start position parses")
    }

    /// Parses and validates a position string (protocol-spec.md §14.1) with the default die table.
    pub fn parse(text: &str) -> Result<Position, String> {
        Position::parse_with(text, DieTable::default())
    }

    /// Parses and validates a position string with the die table `dice`.
    pub fn parse_with(text: &str, dice: DieTable) -> Result<Position, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 && fields.len() != 5 {
            return Err(format!("expected 4 or 5 fields: {text}"));
        }
        // Board: ranks from the top, files 9..1; a point is `[lower top]`.
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 9 {
            return Err("the board needs 9 ranks".to_string());
        }
        let mut cells: Vec<Vec<Piece>> = Vec::new();
        for rank in ranks {
            let chars: Vec<char> = rank.chars().collect();
            let mut width = 0;
            let mut k = 0;
            let read_piece = |k: &mut usize| -> Result<Piece, String> {
                let mut promoted = false;
                if chars.get(*k) == Some(&'+') {
                    promoted = true;
                    *k += 1;
                }
                let c = *chars.get(*k).ok_or("piece expected")?;
                *k += 1;
                let kind = Kind::of_letter(c).ok_or_else(|| format!("bad piece letter {c}"))?;
                if promoted && !kind.can_promote() {
                    return Err(format!("{c} cannot be promoted"));
                }
                let side = if c.is_ascii_uppercase() { Side::B } else { Side::W };
                Ok(Piece { side, kind, promoted })
            };
            while k < chars.len() {
                let c = chars[k];
                if let Some(d) = c.to_digit(10) {
                    if d == 0 {
                        return Err("empty run 0".to_string());
                    }
                    for _ in 0..d {
                        cells.push(Vec::new());
                    }
                    width += d as usize;
                    k += 1;
                } else if c == '[' {
                    k += 1;
                    let lower = read_piece(&mut k)?;
                    let top = read_piece(&mut k)?;
                    if chars.get(k) != Some(&']') {
                        return Err("a point holds exactly two pieces".to_string());
                    }
                    k += 1;
                    if lower.side != top.side {
                        return Err("a point's pieces belong to one player".to_string());
                    }
                    cells.push(vec![lower, top]);
                    width += 1;
                } else {
                    let p = read_piece(&mut k)?;
                    cells.push(vec![p]);
                    width += 1;
                }
            }
            if width != 9 {
                return Err(format!("rank {rank} is not 9 squares wide"));
            }
        }
        let to_move = match fields[1] {
            "b" => Side::B,
            "w" => Side::W,
            s => return Err(format!("bad side {s}")),
        };
        let hands = parse_hand(fields[2])?;
        let roll = if fields[3] == "-" { None } else { Some(parse_roll(fields[3])?) };
        let move_number = match fields.get(4) {
            None => 1,
            Some(s) => {
                if !s.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(format!("bad move number {s}"));
                }
                let n: u64 = s.parse().map_err(|_| format!("bad move number {s}"))?;
                if n == 0 || n > MAX_MOVE_NUMBER {
                    return Err(format!("move number out of range {s}"));
                }
                n
            }
        };
        let p = Position { cells, hands, to_move, roll, move_number, dice, turn_limit: 0 };
        p.validate()?;
        Ok(p)
    }

    /// Validation of §11 as changed by §14.1.
    fn validate(&self) -> Result<(), String> {
        let mut kings = [0; 2];
        let mut totals = [0u32; 8];
        for side in [Side::B, Side::W] {
            for (slot, &k) in HAND_KINDS.iter().enumerate() {
                totals[k as usize] += self.hands[side.index()][slot];
            }
        }
        for i in 0..81 {
            for &p in &self.cells[i] {
                totals[p.kind as usize] += 1;
                if p.kind == Kind::K {
                    kings[p.side.index()] += 1;
                }
                if !p.promoted && dead_square(p.side, p.kind, i) {
                    return Err(format!("dead piece {} on {}", p.text(), name(i)));
                }
            }
        }
        if kings[0] > 1 || kings[1] > 1 {
            return Err("more than one King of a side".to_string());
        }
        if kings == [0, 0] {
            return Err("both Kings missing".to_string());
        }
        for k in HAND_KINDS {
            if totals[k as usize] > k.total() {
                return Err(format!("too many {}", k.letter()));
            }
        }
        for side in [Side::B, Side::W] {
            for c in 0..9 {
                if self.pawns_on_file(side, c) > 1 {
                    return Err(format!("two pawns on file {}", 9 - c));
                }
            }
        }
        Ok(())
    }

    /// Unpromoted pawns of `side` on column `c`, at either level of a point (rules §4).
    fn pawns_on_file(&self, side: Side, c: i32) -> usize {
        (0..9)
            .filter_map(|r| at(r, c))
            .flat_map(|i| self.cells[i].iter())
            .filter(|p| p.side == side && p.kind == Kind::P && !p.promoted)
            .count()
    }

    pub fn position_string(&self) -> String {
        let mut board = String::new();
        for r in 0..9 {
            if r > 0 {
                board.push('/');
            }
            let mut empty = 0;
            for c in 0..9 {
                let cell = &self.cells[r * 9 + c];
                if cell.is_empty() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    board.push_str(&empty.to_string());
                    empty = 0;
                }
                if cell.len() == 2 {
                    board.push_str(&format!("[{}{}]", cell[0].text(), cell[1].text()));
                } else {
                    board.push_str(&cell[0].text());
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
        }
        let mut hand = String::new();
        for side in [Side::B, Side::W] {
            for (slot, &k) in HAND_KINDS.iter().enumerate() {
                let n = self.hands[side.index()][slot];
                if n == 0 {
                    continue;
                }
                if n >= 2 {
                    hand.push_str(&n.to_string());
                }
                let l = k.letter();
                hand.push(if side == Side::B { l } else { l.to_ascii_lowercase() });
            }
        }
        if hand.is_empty() {
            hand.push('-');
        }
        let roll = match self.roll {
            None => "-".to_string(),
            Some((a, b)) => format!("{a}{b}"),
        };
        format!("{board} {} {hand} {roll} {}", self.to_move.letter(), self.move_number)
    }

    pub fn roll(&self) -> Option<(u8, u8)> {
        self.roll
    }

    /// The text of a square (`K`, `[GK]`, `None` when empty).
    pub fn at(&self, square: &str) -> Option<String> {
        let cell = &self.cells[index_of(square)?];
        match cell.len() {
            0 => None,
            1 => Some(cell[0].text()),
            _ => Some(format!("[{}{}]", cell[0].text(), cell[1].text())),
        }
    }

    fn king_of(&self, side: Side) -> bool {
        self.cells.iter().flatten().any(|p| p.side == side && p.kind == Kind::K)
    }

    // ---- sub-moves for one die (rules §1, §2, §4, §5) ----

    /// Board destinations of the top piece on `from` (mover `side`): empty squares, friendly
    /// singles (form a point), enemy singles (capture) and enemy points (a point-capture half;
    /// the caller decides whether it may be used). Sliders stop at the first occupied square.
    fn destinations(&self, from: usize) -> Vec<usize> {
        let p = *self.cells[from].last().expect("a piece");
        let (steps, slides) = movement(p);
        let mut out = Vec::new();
        let can_land = |to: usize| {
            let cell = &self.cells[to];
            // A friendly point is full (never three); everything else can be landed on.
            !(cell.len() == 2 && cell[0].side == p.side)
        };
        for (dr, dc) in steps {
            if let Some(to) = at(row(from) + dr, col(from) + dc) {
                if can_land(to) {
                    out.push(to);
                }
            }
        }
        for (dr, dc) in slides {
            let (mut r, mut c) = (row(from) + dr, col(from) + dc);
            while let Some(to) = at(r, c) {
                if can_land(to) {
                    out.push(to);
                }
                if !self.cells[to].is_empty() {
                    break; // sliders pass over nothing (rules §2)
                }
                r += dr;
                c += dc;
            }
        }
        out
    }

    /// Whether `to` holds an enemy point for the side to move.
    fn enemy_point(&self, to: usize) -> bool {
        let cell = &self.cells[to];
        cell.len() == 2 && cell[0].side != self.to_move
    }

    /// All sub-moves for die `d`, including point-capture halves (landing on an enemy point).
    fn sub_moves(&self, d: u8) -> Vec<SubMove> {
        let side = self.to_move;
        let mut out = Vec::new();
        for from in 0..81 {
            let Some(&p) = self.cells[from].last() else { continue };
            if p.side != side || self.dice.of(p.kind) != d {
                continue;
            }
            for to in self.destinations(from) {
                let may = !p.promoted && p.kind.can_promote() && (in_zone(side, from) || in_zone(side, to));
                let must = !p.promoted && dead_square(side, p.kind, to);
                if may {
                    out.push(SubMove::Board { from, to, promote: true });
                }
                if !must {
                    out.push(SubMove::Board { from, to, promote: false });
                }
            }
        }
        // Drops (rules §4): empty squares only, nifu at either level, no dead squares.
        for (slot, &k) in HAND_KINDS.iter().enumerate() {
            if self.hands[side.index()][slot] == 0 || self.dice.of(k) != d {
                continue;
            }
            for to in 0..81 {
                if !self.cells[to].is_empty() || dead_square(side, k, to) {
                    continue;
                }
                if k == Kind::P && self.pawns_on_file(side, col(to)) > 0 {
                    continue;
                }
                out.push(SubMove::Drop { kind: k, to });
            }
        }
        out
    }

    /// Ordinary sub-moves for die `d` (no landing on an enemy point).
    fn ordinary(&self, d: u8) -> Vec<SubMove> {
        self.sub_moves(d).into_iter().filter(|m| !self.enemy_point(m.to())).collect()
    }

    /// Lifts the moving piece off the board or out of hand; the piece as it arrives.
    fn lift(&mut self, m: SubMove) -> Piece {
        match m {
            SubMove::Board { from, promote, .. } => {
                let mut p = self.cells[from].pop().expect("a piece to move");
                p.promoted |= promote;
                p
            }
            SubMove::Drop { kind, .. } => {
                self.hands[self.to_move.index()][kind.hand_slot()] -= 1;
                Piece { side: self.to_move, kind, promoted: false }
            }
        }
    }

    /// Captured pieces go to hand unpromoted; a King does not (rules §3, §6).
    fn take(&mut self, p: Piece) {
        if p.kind != Kind::K {
            self.hands[self.to_move.index()][p.kind.hand_slot()] += 1;
        }
    }

    /// Plays an ordinary sub-move (not onto an enemy point), same side still to move.
    fn apply(&mut self, m: SubMove) {
        let p = self.lift(m);
        let to = m.to();
        if let Some(&q) = self.cells[to].last() {
            if q.side != p.side {
                // A single enemy piece is captured (rules §3).
                self.cells[to].clear();
                self.take(q);
            }
        }
        self.cells[to].push(p);
    }

    /// Plays a point capture: `a` then `b` both land on the enemy point (rules §3).
    fn apply_point_capture(&mut self, a: SubMove, b: SubMove) {
        let to = a.to();
        let first = self.lift(a);
        let second = self.lift(b);
        let enemy = std::mem::take(&mut self.cells[to]);
        for q in enemy {
            self.take(q);
        }
        self.cells[to] = vec![first, second];
    }

    /// Ends the turn: the other side to move at a chance node, move number +1 (stops at the limit).
    fn finish(mut self) -> Position {
        self.to_move = self.to_move.other();
        self.roll = None;
        self.move_number = (self.move_number + 1).min(MAX_MOVE_NUMBER);
        self
    }

    // ---- whole turns (rules §1 binding readings, §3) ----

    /// The turns for the dice taken in the order `d1`, `d2`, as (sub-moves, position after).
    fn turns_in_order(&self, d1: u8, d2: u8) -> Vec<(Vec<SubMove>, Position)> {
        let mut out = Vec::new();
        // Point captures: a first half for d1 counts only with a completion for d2.
        let mut captures = Vec::new();
        for a in self.sub_moves(d1) {
            let SubMove::Board { from, to, .. } = a else { continue };
            if !self.enemy_point(to) {
                continue;
            }
            // The first piece has left `from`; it is not a top anywhere, so the second piece
            // is necessarily a different one (perhaps the lower piece just freed).
            let mut mid = self.clone();
            mid.cells[from].pop();
            for b in mid.sub_moves(d2) {
                if matches!(b, SubMove::Board { to: t, .. } if t == to) {
                    let mut after = self.clone();
                    after.apply_point_capture(a, b);
                    captures.push((vec![a, b], after.finish()));
                }
            }
        }
        let first = self.ordinary(d1);
        if first.is_empty() && captures.is_empty() {
            // d1 is lost; d2 alone (no point capture possible with one die).
            let second = self.ordinary(d2);
            if second.is_empty() {
                out.push((Vec::new(), self.clone().finish()));
            }
            for b in second {
                let mut after = self.clone();
                after.apply(b);
                out.push((vec![b], after.finish()));
            }
            return out;
        }
        for a in first {
            let mut mid = self.clone();
            mid.apply(a);
            if !mid.king_of(self.to_move.other()) {
                out.push((vec![a], mid.finish())); // King capture ends the turn (rules §6)
                continue;
            }
            let second = mid.ordinary(d2);
            if second.is_empty() {
                out.push((vec![a], mid.clone().finish()));
            }
            for b in second {
                let mut after = mid.clone();
                after.apply(b);
                out.push((vec![a, b], after.finish()));
            }
        }
        out.extend(captures);
        out
    }

    /// The legal turns for the known roll with their outcomes, each sub-move sequence once,
    /// sorted by token; empty at a chance node or once the game is over.
    pub fn legal_turns(&self) -> Vec<TurnOutcome> {
        let Some((hi, lo)) = self.roll else { return Vec::new() };
        if self.result().is_some() {
            return Vec::new();
        }
        let mut all = self.turns_in_order(hi, lo);
        if hi != lo {
            all.extend(self.turns_in_order(lo, hi));
        }
        let mut seen = BTreeSet::new();
        let mut out: Vec<TurnOutcome> = all
            .into_iter()
            .filter_map(|(subs, after)| {
                let token = if subs.is_empty() {
                    "pass".to_string()
                } else {
                    subs.iter().map(|m| m.token()).collect::<Vec<_>>().join(",")
                };
                seen.insert(token.clone()).then_some(TurnOutcome { token, after })
            })
            .collect();
        out.sort_by(|a, b| a.token.cmp(&b.token));
        out
    }

    /// Decision node: the legal turn tokens. Chance node: the 21 roll items. Game over: none.
    pub fn legal_moves(&self) -> Vec<String> {
        if self.result().is_some() {
            return Vec::new();
        }
        match self.roll {
            None => ROLLS.iter().map(|s| s.to_string()).collect(),
            Some(_) => self.legal_turns().into_iter().map(|t| t.token).collect(),
        }
    }

    /// Plays one item (protocol-spec.md §14.3): a roll at a chance node, a turn at a decision
    /// node, or `RR:turn`.
    pub fn play(&mut self, item: &str) -> Result<(), String> {
        if self.result().is_some() {
            return Err(format!("{item}: the game is over"));
        }
        if let Some((roll, turn)) = item.split_once(':') {
            // Played on a copy, so a bad shorthand item leaves the position unchanged.
            let mut next = self.clone();
            if next.roll.is_some() {
                let r = parse_roll(roll)?;
                if Some(r) != next.roll {
                    return Err(format!("{item}: roll differs from the known roll"));
                }
            } else {
                next.play(roll)?;
            }
            next.play(turn)?;
            *self = next;
            return Ok(());
        }
        match self.roll {
            None => {
                self.roll = Some(parse_roll(item)?);
                Ok(())
            }
            Some(_) => {
                let t = self
                    .legal_turns()
                    .into_iter()
                    .find(|t| t.token == item)
                    .ok_or_else(|| format!("illegal turn {item} in {}", self.position_string()))?;
                *self = t.after;
                Ok(())
            }
        }
    }

    /// `b king-capture` / `w king-capture`, `draw turn-limit`, or `None` while ongoing.
    pub fn result(&self) -> Option<String> {
        for side in [Side::B, Side::W] {
            if !self.king_of(side) {
                return Some(format!("{} king-capture", side.other().letter()));
            }
        }
        if self.turn_limit > 0 && self.move_number > self.turn_limit {
            return Some("draw turn-limit".to_string());
        }
        None
    }

    /// Perft (rules §8, protocol-spec.md §14.5): turns at a decision node; at a chance node the
    /// unweighted sum over the 21 rolls at the same depth.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.result().is_some() {
            return 0;
        }
        match self.roll {
            None => ROLLS.iter().map(|r| self.with_roll(r).perft(depth)).sum(),
            Some(_) => {
                let turns = self.legal_turns();
                if depth == 1 {
                    return turns.len() as u64;
                }
                turns.into_iter().map(|t| t.after.perft(depth - 1)).sum()
            }
        }
    }

    /// This chance-node position with the roll `roll` known.
    pub fn with_roll(&self, roll: &str) -> Position {
        let mut p = self.clone();
        p.roll = Some(parse_roll(roll).expect("a valid roll"));
        p
    }
}

/// Parses two digits 1-6, either order; returns higher die first.
pub fn parse_roll(text: &str) -> Result<(u8, u8), String> {
    let b = text.as_bytes();
    if b.len() != 2 || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
        return Err(format!("bad roll {text}"));
    }
    let (x, y) = (b[0] - b'0', b[1] - b'0');
    Ok((x.max(y), x.min(y)))
}

/// Parses a hand field: `-`, or `[count]letter` items, count ≥ 2 when written, each letter once.
fn parse_hand(text: &str) -> Result<[[u32; 7]; 2], String> {
    let mut hands = [[0u32; 7]; 2];
    if text == "-" {
        return Ok(hands);
    }
    let mut seen = BTreeSet::new();
    let mut count = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let kind = Kind::of_letter(c).ok_or_else(|| format!("bad hand letter {c}"))?;
        if kind == Kind::K {
            return Err("a King in hand".to_string());
        }
        if !seen.insert(c) {
            return Err(format!("hand letter {c} twice"));
        }
        if count.starts_with('0') {
            return Err(format!("bad hand count {count}"));
        }
        let n: u32 = if count.is_empty() { 1 } else { count.parse().map_err(|_| "bad count".to_string())? };
        if !count.is_empty() && n < 2 {
            return Err(format!("bad hand count {count}"));
        }
        count.clear();
        let side = if c.is_ascii_uppercase() { Side::B } else { Side::W };
        hands[side.index()][kind.hand_slot()] = n;
    }
    if !count.is_empty() {
        return Err("hand ends with a count".to_string());
    }
    Ok(hands)
}
