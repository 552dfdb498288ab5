//! Mutations in a game's own syntax: of move tokens (protocol-spec.md §10–§15), of position
//! strings, and of whole lines as bytes. Each mutation has a name, counted for the report.

use crate::malformed_input::JUNK_BYTES;
use std::collections::BTreeMap;
use tetsugaku::vocabulary::SplitMix64;

/// How a game writes its moves, for the mutations that only make sense in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// `<from><to>` only: the hasami family.
    Board,
    /// Shogi: promotion `+`, drops `P*5e`.
    Shogi,
    /// Ito Shogi: drops of either face (`N*1k`, `+N*1k`).
    Ito,
    /// Shogammon: rolls, turns of sub-moves joined by `,`, `roll:turn` items, `pass`.
    Shogammon,
    /// Philosopher's Chess: mind-moves, double turns, `=` promotions, the inventor's notation.
    Philosophers,
    /// The checkers games: capture paths `3gx5ex7c`.
    Checkers,
}

impl Family {
    pub fn of(variant: &str) -> Family {
        match variant {
            "shogi" => Family::Shogi,
            "ito" => Family::Ito,
            "shogammon" => Family::Shogammon,
            "philosophers-chess" => Family::Philosophers,
            "enryo" | "philosophy-checkers" | "checkers" => Family::Checkers,
            _ => Family::Board,
        }
    }
}

/// The mind squares of Philosopher's Chess and two that do not exist.
const MIND_SQUARES: [&str; 6] = ["o1", "o2", "d1", "d2", "o3", "d0"];

/// Piece letters of every game, for drops, promotions and position strings.
const PIECES: &[u8] = b"PLNSGBRKCIHEMpnkr";

/// Roll items, good and bad (protocol-spec.md §14.3): the 21 rolls are written higher die
/// first, either order is accepted.
const ROLLS: [&str; 12] = ["61", "16", "66", "11", "52", "25", "07", "6", "611", "70", "--", "6,1"];

/// Values for a position-string field, good in some games and bad in others.
const FIELDS: [&str; 26] = [
    "-",
    "b",
    "w",
    "x",
    "B",
    "0",
    "1",
    "2",
    "3",
    "61",
    "16",
    "07",
    "o1",
    "o3",
    "d2",
    "P",
    "2P",
    "10p",
    "0P",
    "1P",
    "Kk",
    "+P",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "99P",
];

/// The mutator: a random source, the game's syntax and board size, and the count of every
/// mutation made.
pub struct Mutator {
    pub rng: SplitMix64,
    pub family: Family,
    files: u8,
    ranks: u8,
    /// Characters that occur in the game's tokens, and a few that never do.
    alphabet: Vec<u8>,
    pub counts: BTreeMap<&'static str, u64>,
}

impl Mutator {
    /// A mutator for the game whose start position string is `start`.
    pub fn new(rng: SplitMix64, family: Family, start: &str) -> Mutator {
        let board = start.split(' ').next().unwrap_or_default();
        let ranks = board.split('/').count() as u8;
        let files = board.split('/').next().map_or(0, rank_width);
        let mut alphabet: Vec<u8> = b"+*=,:x-m ".to_vec();
        alphabet.extend(b'0'..=b'9');
        alphabet.extend((0..=ranks).map(|r| b'a' + r));
        alphabet.extend_from_slice(PIECES);
        Mutator { rng, family, files, ranks, alphabet, counts: BTreeMap::new() }
    }

    /// Counts a mutation of kind `kind`.
    pub fn note(&mut self, kind: &'static str) {
        *self.counts.entry(kind).or_default() += 1;
    }

    pub fn below(&mut self, bound: usize) -> usize {
        self.rng.below(bound)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.rng.below(100) < percent
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.below(items.len())]
    }

    /// A square of the board, now and then one just off it.
    pub fn square(&mut self) -> String {
        let file = match self.below(12) {
            0 => 0,
            1 => self.files + 1,
            _ => 1 + self.below(self.files.max(1) as usize) as u8,
        };
        let rank = if self.below(12) == 0 { self.ranks } else { self.below(self.ranks.max(1) as usize) as u8 };
        format!("{}{}", file.min(9), (b'a' + rank) as char)
    }

    /// A mind square of Philosopher's Chess (or one that does not exist).
    fn mind_move(&mut self) -> String {
        let (from, to) = (*self.pick(&MIND_SQUARES[..5]), *self.pick(&MIND_SQUARES));
        format!("m{from}{to}")
    }

    fn drop(&mut self) -> String {
        let face = if self.family == Family::Ito && self.chance(40) { "+" } else { "" };
        let piece = *self.pick(PIECES) as char;
        format!("{face}{piece}*{}", self.square())
    }

    fn capture_path(&mut self) -> String {
        let mut path = self.square();
        for _ in 0..1 + self.below(3) {
            path.push('x');
            path.push_str(&self.square());
        }
        path
    }

    /// A token written in the game's grammar from random parts: well-formed, rarely legal.
    pub fn random_token(&mut self) -> String {
        self.note("grammar token");
        let step = format!("{}{}", self.square(), self.square());
        match (self.family, self.below(4)) {
            (Family::Shogi | Family::Shogammon, 0) => format!("{step}+"),
            (Family::Shogi | Family::Ito | Family::Shogammon, 1) => self.drop(),
            (Family::Shogammon, 2) => self.pick(&ROLLS).to_string(),
            (Family::Shogammon, _) => format!("{step},{}{}", self.square(), self.square()),
            (Family::Philosophers, 0) => self.mind_move(),
            (Family::Philosophers, 1) => format!("{step},{}", self.mind_move()),
            (Family::Philosophers, 2) => format!("{step}={}", *self.pick(b"RNHQ") as char),
            (Family::Checkers, 0 | 1) => self.capture_path(),
            _ => step,
        }
    }

    /// A mutation of the legal move `token`; `others` are other legal moves of the position
    /// and `roll` the known roll of a Shogammon decision node.
    pub fn mutate_move(&mut self, token: &str, others: &[String], roll: Option<&str>) -> String {
        if self.chance(45) {
            if let Some(mutated) = self.mutate_in_family(token, others, roll) {
                return mutated;
            }
        }
        self.mutate_chars(token)
    }

    /// A mutation that knows the game's move syntax; `None` when none applies to `token`.
    fn mutate_in_family(&mut self, token: &str, others: &[String], roll: Option<&str>) -> Option<String> {
        let other = if others.is_empty() { self.random_token() } else { self.pick(others).clone() };
        let coin = self.below(100);
        let mutated = match self.family {
            Family::Board => return None,
            Family::Shogi if coin < 50 => {
                self.note("drop");
                self.drop()
            }
            Family::Shogi => self.promotion(token),
            Family::Ito if token.contains('*') && coin < 60 => {
                self.note("drop face");
                match token.strip_prefix('+') {
                    Some(plain) => plain.to_string(),
                    None => format!("+{token}"),
                }
            }
            Family::Ito => {
                self.note("drop");
                self.drop()
            }
            Family::Shogammon => self.shogammon(token, &other, roll),
            Family::Philosophers => self.philosophers(token, &other),
            Family::Checkers => self.checkers(token),
        };
        Some(mutated)
    }

    /// Adds or removes a promotion suffix.
    fn promotion(&mut self, token: &str) -> String {
        self.note("promotion suffix");
        match token.strip_suffix('+') {
            Some(plain) => plain.to_string(),
            None => format!("{token}{}", self.pick(&["+", "=R", "=Q", "+", "=", "++"])),
        }
    }

    fn shogammon(&mut self, token: &str, other: &str, roll: Option<&str>) -> String {
        let subs: Vec<&str> = token.split(',').collect();
        match self.below(6) {
            0 => {
                // The roll and the turn in one item, with the right roll or another.
                self.note("roll:turn");
                let roll = match roll {
                    Some(roll) if self.chance(50) => roll.to_string(),
                    _ => self.pick(&ROLLS).to_string(),
                };
                format!("{roll}:{token}")
            }
            1 if subs.len() == 2 => {
                self.note("sub-moves swapped");
                format!("{},{}", subs[1], subs[0])
            }
            1 | 2 => {
                self.note("sub-move dropped or added");
                match subs.as_slice() {
                    [first, _] => first.to_string(),
                    _ => format!("{token},{}", other.split(',').next().unwrap_or_default()),
                }
            }
            3 => {
                self.note("roll item");
                self.pick(&ROLLS).to_string()
            }
            4 => {
                self.note("pass");
                if self.chance(50) {
                    "pass".to_string()
                } else {
                    format!("pass,{token}")
                }
            }
            _ => self.promotion(token),
        }
    }

    fn philosophers(&mut self, token: &str, other: &str) -> String {
        match self.below(6) {
            0 => {
                self.note("mind-move");
                self.mind_move()
            }
            1 => {
                self.note("double turn");
                let second = if self.chance(50) { self.mind_move() } else { other.to_string() };
                format!("{token},{second}")
            }
            2 => {
                self.note("inventor notation");
                inventor(token)
            }
            3 => {
                self.note("inventor notation mutated");
                let written = inventor(token);
                self.mutate_chars(&written)
            }
            4 => {
                self.note("promotion suffix");
                match token.split_once('=') {
                    Some((start, _)) => format!("{start}={}", *self.pick(b"RNHQKP") as char),
                    None => format!("{token}={}", *self.pick(b"RNH") as char),
                }
            }
            _ => {
                self.note("double turn");
                format!("{},{token}", self.mind_move())
            }
        }
    }

    fn checkers(&mut self, token: &str) -> String {
        let mut squares: Vec<String> = token.split('x').map(String::from).collect();
        if squares.len() < 2 {
            self.note("step written as a capture");
            return match token.get(..2).zip(token.get(2..)) {
                Some((from, to)) => format!("{from}x{to}"),
                None => token.to_string(),
            };
        }
        match self.below(3) {
            0 => {
                self.note("wrong landing square");
                let index = 1 + self.below(squares.len() - 1);
                squares[index] = self.square();
            }
            1 => {
                self.note("capture path cut");
                squares.pop();
            }
            _ => {
                self.note("capture path extended");
                squares.push(self.square());
            }
        }
        squares.join("x")
    }

    /// A mutation of the characters of `token`: truncated, two swapped, one replaced, inserted
    /// or deleted, case changed, an extra character appended.
    pub fn mutate_chars(&mut self, token: &str) -> String {
        let mut bytes = token.as_bytes().to_vec();
        let n = bytes.len();
        let at = self.below(n.max(1));
        let c = self.alphabet[self.rng.below(self.alphabet.len())];
        match self.below(7) {
            0 if n > 1 => {
                self.note("truncated");
                bytes.truncate(1 + self.below(n - 1));
            }
            1 if n > 1 => {
                self.note("characters swapped");
                let at = at.min(n - 2);
                bytes.swap(at, at + 1);
            }
            2 if n > 0 => {
                self.note("character replaced");
                bytes[at] = c;
            }
            3 if n > 1 => {
                self.note("character deleted");
                bytes.remove(at);
            }
            4 => {
                self.note("case changed");
                for b in &mut bytes[at..] {
                    *b = if b.is_ascii_lowercase() { b.to_ascii_uppercase() } else { b.to_ascii_lowercase() };
                }
            }
            5 => {
                self.note("character appended");
                bytes.push(*self.pick(b"+*=,:x-"));
            }
            _ => {
                self.note("character inserted");
                bytes.insert(at, c);
            }
        }
        // Only ASCII went in, so this is the same text.
        String::from_utf8_lossy(&bytes).trim().to_string()
    }

    /// A mutation of a position string: a field dropped, doubled, swapped or replaced, a
    /// character of the board changed, a rank dropped or doubled, the side flipped.
    pub fn mutate_position(&mut self, position: &str) -> String {
        let mut fields: Vec<String> = position.split(' ').map(String::from).collect();
        let n = fields.len();
        let at = self.below(n);
        match self.below(8) {
            0 if n > 1 => {
                self.note("position field dropped");
                fields.remove(at);
            }
            1 => {
                self.note("position field doubled");
                let field = fields[at].clone();
                fields.insert(at, field);
            }
            2 if n > 1 => {
                self.note("position fields swapped");
                fields.swap(at.min(n - 2), at.min(n - 2) + 1);
            }
            3 => {
                self.note("position field replaced");
                fields[at] = self.pick(&FIELDS).to_string();
            }
            4 => {
                self.note("side flipped");
                if let Some(side) = fields.get_mut(1) {
                    *side = if side == "b" { "w".into() } else { "b".into() };
                }
            }
            5 => {
                self.note("rank dropped or doubled");
                let mut ranks: Vec<String> = fields[0].split('/').map(String::from).collect();
                let r = self.below(ranks.len());
                if self.chance(50) && ranks.len() > 1 {
                    ranks.remove(r);
                } else {
                    let rank = ranks[r].clone();
                    ranks.insert(r, rank);
                }
                fields[0] = ranks.join("/");
            }
            _ => {
                self.note("board character changed");
                let board = fields[0].clone();
                fields[0] = self.mutate_board(&board);
            }
        }
        fields.join(" ")
    }

    fn mutate_board(&mut self, board: &str) -> String {
        let mut bytes = board.as_bytes().to_vec();
        let at = self.below(bytes.len().max(1));
        if self.chance(3) {
            let at = at.min(bytes.len());
            bytes.splice(at..at, b"18446744073709551625".iter().copied());
            return String::from_utf8_lossy(&bytes).to_string();
        }
        let c = *self.pick(b"0123456789/+[]PpKkLlNnMmHhRrx");
        match self.below(3) {
            0 if !bytes.is_empty() => bytes[at] = c,
            1 if !bytes.is_empty() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
        String::from_utf8_lossy(&bytes).to_string()
    }

    /// A mutation of a whole line as bytes: a junk byte inserted (control characters,
    /// non-ASCII), a byte deleted, two swapped, the line cut; or harmless blanks (a tab or two
    /// spaces for a space, a trailing `\r`, a leading blank).
    pub fn mutate_bytes(&mut self, line: &mut Vec<u8>) {
        let n = line.len();
        let at = self.below(n.max(1));
        match self.below(6) {
            0 => {
                self.note("junk byte inserted");
                line.insert(at.min(n), *self.pick(JUNK_BYTES));
            }
            1 if n > 1 => {
                self.note("byte deleted");
                line.remove(at);
            }
            2 if n > 1 => {
                self.note("bytes swapped");
                line.swap(at.min(n - 2), at.min(n - 2) + 1);
            }
            3 if n > 1 => {
                self.note("line cut");
                line.truncate(at.max(1));
            }
            _ => {
                self.note("blanks changed");
                match line.iter().position(|&b| b == b' ') {
                    Some(space) if self.chance(60) => {
                        let blank: &[u8] = if self.chance(50) { b"\t" } else { b"  " };
                        line.splice(space..=space, blank.iter().copied());
                    }
                    _ if self.chance(50) => line.push(b'\r'),
                    _ => line.insert(0, b' '),
                }
            }
        }
    }
}

/// The number of squares in a rank of a position string (`3p[GK]+P` is 6).
fn rank_width(rank: &str) -> u8 {
    let mut width = 0u32;
    let mut number = 0u32;
    let mut in_point = false;
    for c in rank.chars() {
        if let Some(d) = c.to_digit(10) {
            number = number * 10 + d;
            continue;
        }
        width += number;
        number = 0;
        match c {
            '[' => {
                in_point = true;
                width += 1;
            }
            ']' => in_point = false,
            '+' => {}
            _ if !in_point => width += 1,
            _ => {}
        }
    }
    (width + number).min(9) as u8
}

/// A canonical Philosopher's Chess turn in the inventor's notation (protocol-spec.md §13.4):
/// `4e4d` as `c5-c4`, `4b4a=H` as `c2-c1ph`, `mo1o2` as `mo1-o2`.
pub fn inventor(turn: &str) -> String {
    let square = |s: &str| -> String {
        let bytes = s.as_bytes();
        match bytes {
            [file @ b'1'..=b'6', rank @ b'a'..=b'f'] => {
                format!("{}{}", (b'a' + (b'6' - file)) as char, (rank - b'a' + 1))
            }
            _ => s.to_string(),
        }
    };
    let sub = |m: &str| -> String {
        if let Some(mind) = m.strip_prefix('m') {
            return match (mind.get(..2), mind.get(2..)) {
                (Some(from), Some(to)) => format!("m{from}-{to}"),
                _ => m.to_string(),
            };
        }
        let (squares, promotion) = match m.split_once('=') {
            Some((squares, piece)) => (squares, format!("p{}", piece.to_ascii_lowercase())),
            None => (m, String::new()),
        };
        match (squares.get(..2), squares.get(2..)) {
            (Some(from), Some(to)) => format!("{}-{}{promotion}", square(from), square(to)),
            _ => m.to_string(),
        }
    };
    turn.split(',').map(sub).collect::<Vec<_>>().join(",")
}
