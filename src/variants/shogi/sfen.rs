//! Position strings (SFEN, `protocol-spec.md` §11): parsing with full validation, and the
//! canonical form the engine prints.

use super::bitboard::{files_of, Bitboard};
use super::board::Board;
use super::piece::{Kind, Piece, HAND_KINDS};
use super::position::Shogi;
use super::promotion::dead_squares;
use super::square::{file_of, square, square_name};
use crate::core::Side;
use crate::game::GameError;
use std::fmt::Write;

/// The standard set: the most pieces of each unpromoted kind (board and hands together),
/// indexed by `Kind as usize` for `Pawn`..`Gold`.
const STANDARD_SET: [u32; HAND_KINDS] = [18, 4, 4, 4, 2, 2, 4];

/// The largest count a hand field may give (no kind exceeds 18 pieces).
const MAX_COUNT: u32 = 18;

/// Parses `<board> <side> <hand> [<move number>]` and validates it.
pub fn parse_position(text: &str) -> Result<Shogi, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board_field, side, hand, number) = match fields.as_slice() {
        [board, side, hand] => (*board, *side, *hand, None),
        [board, side, hand, number] => (*board, *side, *hand, Some(*number)),
        [] | [_] | [_, _] => return Err(GameError::new("position string needs a board, a side to move and a hand")),
        _ => return Err(GameError::new("position string has too many fields")),
    };
    let mut board = parse_board(board_field)?;
    let side =
        Side::from_letter(side).ok_or_else(|| GameError::new(format!("side to move must be b or w, not {side}")))?;
    parse_hands(hand, &mut board)?;
    let move_number = match number {
        None => 1,
        Some(n) => Some(n)
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0'))
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| n < 1 << 63)
            .ok_or_else(|| GameError::new(format!("move number must be a positive number below 2^63, not {n}")))?,
    };
    validate(&board, side)?;
    Ok(Shogi::from_parts(board, side, move_number))
}

/// The piece written `letter` (after an optional `+`, `promoted`).
fn piece_of(letter: char, promoted: bool) -> Option<Piece> {
    let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
    let kind = Kind::from_letter(letter.to_ascii_uppercase())?;
    match promoted {
        false => Some(Piece::new(side, kind)),
        true if kind.can_promote() => Some(Piece::new(side, kind.promoted())),
        true => None,
    }
}

fn parse_board(text: &str) -> Result<Board, GameError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(GameError::new(format!("board must have 9 ranks, not {}", ranks.len())));
    }
    let mut board = Board::default();
    for (rank, row) in ranks.iter().enumerate() {
        let name = (b'a' + rank as u8) as char;
        // Columns from the left: file 9 first.
        let mut column = 0usize;
        let mut after_number = false;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            if let Some(run) = c.to_digit(10) {
                if run == 0 || after_number {
                    return Err(GameError::new(format!("bad empty-square count in board rank {name}: {row}")));
                }
                column += run as usize;
                after_number = true;
                continue;
            }
            after_number = false;
            let (promoted, letter) = match c {
                '+' => match chars.next() {
                    Some(letter) => (true, letter),
                    None => return Err(GameError::new(format!("board rank {name} ends with +"))),
                },
                _ => (false, c),
            };
            let piece = piece_of(letter, promoted).ok_or_else(|| {
                let written = if promoted { format!("+{letter}") } else { letter.to_string() };
                GameError::new(format!("unexpected piece {written:?} in board rank {name}"))
            })?;
            if column >= 9 {
                return Err(GameError::new(format!("board rank {name} has more than 9 squares")));
            }
            board.put(square(8 - column, rank), piece);
            column += 1;
        }
        if column != 9 {
            return Err(GameError::new(format!("board rank {name} must have 9 squares, not {column}")));
        }
    }
    Ok(board)
}

/// Reads the hand field into `board`: `-`, or `[count]letter` items, each letter at most once,
/// counts from 2 without leading zeros.
fn parse_hands(text: &str, board: &mut Board) -> Result<(), GameError> {
    if text == "-" {
        return Ok(());
    }
    let mut seen = Vec::new();
    let mut count: Option<u32> = None;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            let n = digits.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT && !digits.starts_with('0'));
            count = Some(n.ok_or_else(|| GameError::new(format!("bad count {digits} in hand {text}")))?);
            continue;
        }
        let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
        let kind = Kind::from_letter(c.to_ascii_uppercase())
            .ok_or_else(|| GameError::new(format!("unexpected character {c:?} in hand {text}")))?;
        if kind == Kind::King {
            return Err(GameError::new(format!("a King cannot be in hand: {text}")));
        }
        if seen.contains(&c) {
            return Err(GameError::new(format!("hand {text} names {c} twice")));
        }
        seen.push(c);
        let n = match count.take() {
            None => 1,
            Some(n) if n >= 2 => n,
            Some(n) => return Err(GameError::new(format!("hand count must be at least 2, not {n}, in {text}"))),
        };
        digits.clear();
        for _ in 0..n {
            board.add_to_hand(side, kind);
        }
    }
    if !digits.is_empty() {
        return Err(GameError::new(format!("hand {text} ends with a count")));
    }
    Ok(())
}

/// The rules of §11 a position must keep: at most one King per side on the board (none for a
/// tsume attacker), at most the standard set, no piece that could never move, no nifu, and the
/// side not to move not in check.
fn validate(board: &Board, side: Side) -> Result<(), GameError> {
    for s in Side::ALL {
        let kings = board.pieces(s, Kind::King).count_ones();
        if kings > 1 {
            return Err(GameError::new(format!("{} may have at most one King on the board, not {kings}", s.letter())));
        }
    }
    for kind in Kind::IN_HAND {
        let on_board = (board.kind(kind) | board.kind(kind.promoted())).count_ones();
        let total = on_board + Side::ALL.iter().map(|&s| board.hand(s).count(kind) as u32).sum::<u32>();
        let most = STANDARD_SET[kind.index()];
        if total > most {
            return Err(GameError::new(format!(
                "{total} pieces of kind {} exceed the standard set of {most}",
                kind.letter()
            )));
        }
    }
    for s in Side::ALL {
        for kind in [Kind::Pawn, Kind::Lance, Kind::Knight] {
            let dead: Bitboard = board.pieces(s, kind) & dead_squares(s, kind);
            if dead != 0 {
                let sq = super::bitboard::first(dead);
                return Err(GameError::new(format!("the {} on {} could never move", kind.letter(), square_name(sq))));
            }
        }
        let pawns = board.pieces(s, Kind::Pawn);
        if files_of(pawns).count_ones() / 9 != pawns.count_ones() {
            let mut files: Vec<usize> = super::bitboard::squares(pawns).map(file_of).collect();
            files.sort_unstable();
            let doubled = files.windows(2).find(|w| w[0] == w[1]).map_or(0, |w| w[0] + 1);
            return Err(GameError::new(format!("nifu: {} has two unpromoted pawns on file {doubled}", s.letter())));
        }
    }
    let waiting = side.opponent();
    if let Some(king) = board.king_square(waiting) {
        if board.attackers_to(king, side, board.occupied()) != 0 {
            return Err(GameError::new(format!("{} is not to move but is in check", waiting.letter())));
        }
    }
    Ok(())
}

/// The canonical position string of `position`.
pub fn position_string(position: &Shogi) -> String {
    let board = position.board();
    let mut text = String::new();
    for rank in 0..9 {
        if rank > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for column in 0..9 {
            match board.piece_at(square(8 - column, rank)) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        let _ = write!(text, "{empty}");
                        empty = 0;
                    }
                    text.push_str(&piece.sfen());
                }
            }
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
    }
    let _ = write!(text, " {} {} {}", position.side.letter(), hands_string(board), position.move_number);
    text
}

/// The hand field: `-`, or Black's pieces then White's, each in the order `R B G S N L P`.
pub fn hands_string(board: &Board) -> String {
    let mut text = String::new();
    for side in Side::ALL {
        for kind in Kind::HAND_ORDER {
            let count = board.hand(side).count(kind);
            if count > 1 {
                let _ = write!(text, "{count}");
            }
            if count > 0 {
                let letter = kind.letter();
                text.push(if side == Side::First { letter } else { letter.to_ascii_lowercase() });
            }
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}
