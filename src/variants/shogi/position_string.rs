//! Position strings (SFEN, `protocol-spec.md` §11): parsing with full validation, and the
//! canonical form the engine prints.

use super::position::Shogi;
use crate::game::notation::{board_field, read_board_field, Fields};
use crate::game::{GameError, PositionError, PositionErrorKind};
use crate::variants::shogi_core::bitboard::{files_of, Bitboard};
use crate::variants::shogi_core::board::Board;
use crate::variants::shogi_core::notation::{hands_string, piece_of, read_hands, STANDARD_SET};
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::promotion::dead_squares;
use crate::variants::shogi_core::square::{file_of, square, square_name};
use crate::vocabulary::Side;

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
                let square = square_name(crate::variants::shogi_core::bitboard::first(dead));
                return Err(PositionError::board(board_field, PositionErrorKind::DeadPiece { piece, square }));
            }
        }
        let pawns = board.pieces(s, Kind::Pawn);
        if files_of(pawns).count_ones() / 9 != pawns.count_ones() {
            let mut files: Vec<usize> = crate::variants::shogi_core::bitboard::squares(pawns).map(file_of).collect();
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
