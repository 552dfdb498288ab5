//! Position strings (protocol-spec.md §12.3): parsing with full validation, and the canonical
//! form the engine prints.

use super::board::{Board, MOST_OF_A_KIND};
use super::piece::{Kind, Piece, SQUARES};
use super::position::Ito;
use crate::game::notation::{board_field, hand_field, read_hand, Fields};
use crate::game::{GameError, PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// Parses `<board> <side> <hand> [<move number>]` and validates it.
pub fn parse(text: &str) -> Result<Ito, GameError> {
    let fields = Fields::split(text)?;
    let mut board = parse_line(fields.board)?;
    let side = fields.side()?;
    parse_hands(fields.hand, &mut board)?;
    let move_number = fields.move_number()?;
    validate(&board, side, text)?;
    Ok(Ito::from_parts(board, side, move_number))
}

/// The piece written `token` (`P`, `+n`), if it is one; a King has no flipped face.
fn piece_of(token: &str) -> Option<Piece> {
    let (flipped, letter) = match token.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let mut letters = letter.chars();
    let letter = letters.next().filter(|_| letters.next().is_none())?;
    let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
    let kind = Kind::from_letter(letter.to_ascii_uppercase()).filter(|&k| !(flipped && k == Kind::King))?;
    Some(Piece { side, kind, flipped })
}

/// The board field: 21 ranks of one square, `1a` first, each a piece or `1`. Kings are not
/// counted here (see [`validate`]); a King beyond the first of a side is kept off the line.
fn parse_line(text: &str) -> Result<Board, PositionError> {
    let bad = |kind| PositionError::board(text, kind);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != SQUARES {
        return Err(bad(PositionErrorKind::RankCount { expected: SQUARES, found: ranks.len() }));
    }
    let mut board = Board::default();
    let mut kings = [0u32; 2];
    for (row, &rank) in ranks.iter().enumerate() {
        let name = (b'a' + row as u8) as char;
        let square = SQUARES - 1 - row;
        if let Some(run) = rank.parse::<usize>().ok().filter(|_| rank.bytes().all(|b| b.is_ascii_digit())) {
            if run == 0 || rank.starts_with('0') {
                return Err(bad(PositionErrorKind::EmptyRun { rank: name }));
            }
            if run != 1 {
                return Err(bad(PositionErrorKind::RankSquares { rank: name, expected: 1, found: run }));
            }
            continue;
        }
        let Some(piece) = piece_of(rank) else {
            let found = rank.chars().filter(|c| c.is_ascii_alphabetic()).count();
            if found > 1 || rank.is_empty() {
                return Err(bad(PositionErrorKind::RankSquares { rank: name, expected: 1, found }));
            }
            return Err(bad(PositionErrorKind::UnknownPiece { rank: name, piece: rank.to_string() }));
        };
        if piece.kind == Kind::King {
            kings[piece.side.index()] += 1;
            if kings[piece.side.index()] > 1 {
                let count = kings[piece.side.index()];
                return Err(bad(PositionErrorKind::TooManyKings { side: piece.side, count }));
            }
        }
        board.put(square, piece);
    }
    if let Some(side) = Side::ALL.into_iter().find(|side| kings[side.index()] == 0) {
        return Err(bad(PositionErrorKind::MissingKing { side }));
    }
    Ok(board)
}

/// Reads the hand field into `board`: faceless letters of the held kinds, counts up to 2.
fn parse_hands(text: &str, board: &mut Board) -> Result<(), PositionError> {
    let held = read_hand(text, MOST_OF_A_KIND as u32, |c| {
        let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
        match Kind::from_letter(c.to_ascii_uppercase()) {
            Some(Kind::King) => Err(PositionErrorKind::KingInHand),
            Some(kind) => Ok((side, kind)),
            None => Err(PositionErrorKind::UnknownHandPiece { piece: c.to_string() }),
        }
    })?;
    for ((side, kind), count) in held {
        board.set_in_hand(side, kind, count as u8);
    }
    Ok(())
}

/// The rules of §12.3 a position must keep besides one King a side (checked while reading the
/// line): at most two pieces of each kind on the line and in hand, faces merged, and the side
/// not to move not in check. `text` (the whole string) is quoted in the error.
fn validate(board: &Board, side: Side, text: &str) -> Result<(), PositionError> {
    for kind in Kind::HELD {
        let on_line = (0..SQUARES).filter(|&sq| board.at(sq).is_some_and(|p| p.kind == kind)).count() as u32;
        let count = on_line + Side::ALL.iter().map(|&s| board.in_hand(s, kind) as u32).sum::<u32>();
        let most = MOST_OF_A_KIND as u32;
        if count > most {
            let kind = PositionErrorKind::TooManyPieces { piece: kind.letter(), count, most };
            return Err(PositionError::whole(text, kind));
        }
    }
    let waiting = side.opponent();
    if board.in_check(waiting) {
        return Err(PositionError::whole(text, PositionErrorKind::WaitingSideInCheck { side: waiting }));
    }
    Ok(())
}

/// The canonical position string of `position`.
pub fn write(position: &Ito) -> String {
    let board = position.board();
    let line = board_field(1, SQUARES, |row, _| board.at(SQUARES - 1 - row).map(Piece::token));
    format!("{line} {} {} {}", position.side.letter(), hands(board), position.move_number.get())
}

/// The hand field: Black's pieces then White's, each in the order `R C G L N I P`.
fn hands(board: &Board) -> String {
    hand_field(Side::ALL.into_iter().flat_map(|side| board.held(side)))
}
