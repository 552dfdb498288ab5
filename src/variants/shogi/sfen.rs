//! Position strings (SFEN, `protocol-spec.md` §11): parsing with full validation, and the
//! canonical form the engine prints.

use super::bitboard::{files_of, Bitboard};
use super::board::Board;
use super::piece::{Kind, Piece, HAND_KINDS};
use super::position::Shogi;
use super::promotion::dead_squares;
use super::square::{file_of, square, square_name};
use crate::game::notation::{board_field, hand_field, read_board_field, read_hand, Fields};
use crate::game::{GameError, PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// The standard set: the most pieces of each unpromoted kind (board and hands together),
/// indexed by `Kind as usize` for `Pawn`..`Gold`.
pub const STANDARD_SET: [u32; HAND_KINDS] = [18, 4, 4, 4, 2, 2, 4];

/// The largest count a hand field may give (no kind exceeds 18 pieces).
const MAX_COUNT: u32 = 18;

/// Parses `<board> <side> <hand> [<move number>]` and validates it.
pub fn parse_position(text: &str) -> Result<Shogi, GameError> {
    let fields = Fields::split(text)?;
    let mut board = parse_board(fields.board)?;
    let side = fields.side()?;
    parse_hands(fields.hand, &mut board)?;
    let move_number = fields.move_number()?;
    validate(&board, side, fields.board, text)?;
    Ok(Shogi::from_parts(board, side, move_number))
}

/// The piece written `letter` (after an optional `+`, `promoted`).
pub fn piece_of(letter: char, promoted: bool) -> Option<Piece> {
    let side = if letter.is_ascii_uppercase() { Side::First } else { Side::Second };
    let kind = Kind::from_letter(letter.to_ascii_uppercase())?;
    match promoted {
        false => Some(Piece::new(side, kind)),
        true if kind.can_promote() => Some(Piece::new(side, kind.promoted())),
        true => None,
    }
}

/// The board field: ranks top first, pieces by letter (`+` before a promoted one) and runs of
/// empty squares (1 to 9, two runs never adjacent), nine squares a rank.
fn parse_board(text: &str) -> Result<Board, PositionError> {
    let mut board = Board::default();
    read_board_field(
        text,
        9,
        9,
        |chars| {
            let promoted = chars.next_if_eq(&'+').is_some();
            let letter = chars.next();
            letter.and_then(|letter| piece_of(letter, promoted)).ok_or_else(|| {
                format!("{}{}", if promoted { "+" } else { "" }, letter.map(String::from).unwrap_or_default())
            })
        },
        |rank, column, piece| board.put(square(8 - column, rank), piece),
    )?;
    Ok(board)
}

/// Reads the hand field into `board` (`game::notation::read_hand`), counts up to 18.
fn parse_hands(text: &str, board: &mut Board) -> Result<(), PositionError> {
    for ((side, kind), count) in read_hands(text)? {
        for _ in 0..count {
            board.add_to_hand(side, kind);
        }
    }
    Ok(())
}

/// What a hand field holds: each side and kind with its count, in the order written.
pub type Held = Vec<((Side, Kind), u32)>;

/// The pieces of a hand field (`game::notation::read_hand`, counts up to 18).
pub fn read_hands(text: &str) -> Result<Held, PositionError> {
    read_hand(text, MAX_COUNT, |c| {
        let side = if c.is_ascii_uppercase() { Side::First } else { Side::Second };
        match Kind::from_letter(c.to_ascii_uppercase()) {
            Some(Kind::King) => Err(PositionErrorKind::KingInHand),
            Some(kind) => Ok((side, kind)),
            None => Err(PositionErrorKind::UnknownHandPiece { piece: c.to_string() }),
        }
    })
}

/// The rules of §11 a position must keep: at most one King per side on the board (none for a
/// tsume attacker), at most the standard set, no piece that could never move, no nifu, and the
/// side not to move not in check. `board_field` and `text` (the whole position string) are
/// quoted in the error.
fn validate(board: &Board, side: Side, board_field: &str, text: &str) -> Result<(), PositionError> {
    for s in Side::ALL {
        let count = board.pieces(s, Kind::King).count_ones();
        if count > 1 {
            return Err(PositionError::board(board_field, PositionErrorKind::TooManyKings { side: s, count }));
        }
    }
    for kind in Kind::IN_HAND {
        let on_board = (board.kind(kind) | board.kind(kind.promoted())).count_ones();
        let count = on_board + Side::ALL.iter().map(|&s| board.hand(s).count(kind) as u32).sum::<u32>();
        let most = STANDARD_SET[kind.index()];
        if count > most {
            let kind = PositionErrorKind::TooManyPieces { piece: kind.letter(), count, most };
            return Err(PositionError::whole(text, kind));
        }
    }
    for s in Side::ALL {
        for kind in [Kind::Pawn, Kind::Lance, Kind::Knight] {
            let dead: Bitboard = board.pieces(s, kind) & dead_squares(s, kind);
            if dead != 0 {
                let piece = if s == Side::First { kind.letter() } else { kind.letter().to_ascii_lowercase() };
                let square = square_name(super::bitboard::first(dead));
                return Err(PositionError::board(board_field, PositionErrorKind::DeadPiece { piece, square }));
            }
        }
        let pawns = board.pieces(s, Kind::Pawn);
        if files_of(pawns).count_ones() / 9 != pawns.count_ones() {
            let mut files: Vec<usize> = super::bitboard::squares(pawns).map(file_of).collect();
            files.sort_unstable();
            let file = files.windows(2).find(|w| w[0] == w[1]).map_or(0, |w| w[0] + 1);
            return Err(PositionError::board(board_field, PositionErrorKind::Nifu { side: s, file }));
        }
    }
    let waiting = side.opponent();
    if let Some(king) = board.king_square(waiting) {
        if board.attackers_to(king, side, board.occupied()) != 0 {
            return Err(PositionError::whole(text, PositionErrorKind::WaitingSideInCheck { side: waiting }));
        }
    }
    Ok(())
}

/// The canonical position string of `position`.
pub fn position_string(position: &Shogi) -> String {
    let board = position.board();
    let field = board_field(9, 9, |rank, column| board.piece_at(square(8 - column, rank)).map(|piece| piece.sfen()));
    format!("{field} {} {} {}", position.side.letter(), hands_string(board), position.move_number.get())
}

/// The hand field: `-`, or Black's pieces then White's, each in the order `R B G S N L P`.
pub fn hands_string(board: &Board) -> String {
    hand_field(Side::ALL.into_iter().flat_map(|side| {
        Kind::HAND_ORDER.into_iter().map(move |kind| {
            let letter = kind.letter();
            let letter = if side == Side::First { letter } else { letter.to_ascii_lowercase() };
            (letter, board.hand(side).count(kind) as u32)
        })
    }))
}
