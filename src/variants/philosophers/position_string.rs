//! Position strings (protocol-spec.md §13.2): parsing with full validation, and the canonical
//! form the engine prints.

use super::board::{Board, MOST_MIND_MOVES};
use super::mind::Thought;
use super::piece::{last_row, row, square_name, Kind, Piece, SQUARES, WIDTH};
use super::position::Philosophers;
use crate::game::notation::{board_field, read_board_field, MoveNumber};
use crate::game::{GameError, PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// The most pieces a side may have (its set at the start).
const MOST_PIECES: u32 = 12;

/// The fields, for errors about their number.
const GRAMMAR: &str = "<field> <side> - <thought> <mind-moves> [<move number>]";

/// Parses `<field> <side> - <thought> <mind-moves> [<move number>]` and validates it.
pub fn parse(text: &str) -> Result<(Board, Side, MoveNumber), GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (field, side, hand, thought, run, number) = match *fields.as_slice() {
        [field, side, hand, thought, run] => (field, side, hand, thought, run, None),
        [field, side, hand, thought, run, number] => (field, side, hand, thought, run, Some(number)),
        _ => return Err(PositionError::whole(text, PositionErrorKind::FieldCount { expected: GRAMMAR }).into()),
    };
    let mut board = parse_field(field)?;
    let side = Side::from_letter(side).ok_or_else(|| PositionError::side(side))?;
    if hand != "-" {
        let kind = PositionErrorKind::NoHands { variant: "philosophers-chess".to_string() };
        return Err(PositionError::hand(hand, kind).into());
    }
    let thought =
        Thought::from_name(thought).ok_or_else(|| PositionError::extra(thought, "the Thought", "o1, o2, d1 or d2"))?;
    let run = match run {
        "0" => 0,
        "1" => 1,
        "2" => MOST_MIND_MOVES,
        _ => return Err(PositionError::extra(run, "the mind-move count", "0, 1 or 2").into()),
    };
    board.set_mind(thought, run);
    let move_number = number.map_or(Ok(MoveNumber::FIRST), MoveNumber::parse)?;
    validate(&board, side, text)?;
    Ok((board, side, move_number))
}

/// The Field: six ranks, `a` first, of six squares each (pieces and runs of empty squares).
/// Each side has exactly one King; no pawn stands on its last rank.
fn parse_field(text: &str) -> Result<Board, PositionError> {
    let bad = |kind| PositionError::board(text, kind);
    let mut board = Board::default();
    read_board_field(
        text,
        WIDTH,
        WIDTH,
        |chars| {
            let c = chars.next();
            c.and_then(Piece::from_letter).ok_or_else(|| c.map(String::from).unwrap_or_default())
        },
        |row, col, piece| board.put(row * WIDTH + col, piece),
    )?;
    for side in Side::ALL {
        match board.pieces(side, Kind::King).count_ones() {
            0 => return Err(bad(PositionErrorKind::MissingKing { side })),
            1 => {}
            count => return Err(bad(PositionErrorKind::TooManyKings { side, count })),
        }
        let pawns = board.pieces(side, Kind::Pawn);
        if let Some(square) = (0..SQUARES).find(|&sq| pawns & 1 << sq != 0 && row(sq) == last_row(side)) {
            return Err(bad(PositionErrorKind::PawnOnLastRank { square: square_name(square) }));
        }
    }
    Ok(board)
}

/// The rules of §13.2 that span fields: at most twelve pieces a side, the side not to move not
/// in check. `text` (the whole string) is quoted in the error.
fn validate(board: &Board, side: Side, text: &str) -> Result<(), PositionError> {
    for s in Side::ALL {
        let count = board.side(s).count_ones();
        if count > MOST_PIECES {
            let kind = PositionErrorKind::TooManySidePieces { side: s, count, most: MOST_PIECES };
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
pub fn write(position: &Philosophers) -> String {
    let board = position.board();
    let field = board_field(WIDTH, WIDTH, |r, c| board.at(r * WIDTH + c).map(Piece::letter));
    format!(
        "{field} {} - {} {} {}",
        position.side.letter(),
        board.thought().name(),
        board.run(),
        position.move_number.get()
    )
}
