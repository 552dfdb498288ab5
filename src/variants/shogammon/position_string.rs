//! Position strings (protocol-spec.md §14.1): the shogi board with points (`[GK]`: lower piece,
//! then top), side, hands and the roll field (`-` at a chance node, `61` when known), parsed with
//! full validation and written canonically.

use super::dice::Roll;
use super::points::Board;
use crate::game::notation::{board_field, hand_field, read_board_field, MoveNumber};
use crate::game::{GameError, PositionError, PositionErrorKind};
use crate::variants::shogi_core::bitboard::bit;
use crate::variants::shogi_core::notation::{piece_of, read_hands, STANDARD_SET};
use crate::variants::shogi_core::piece::{Kind, Piece};
use crate::variants::shogi_core::promotion::dead_squares;
use crate::variants::shogi_core::square::{file_of, square, square_name, Square, SQUARES};
use crate::vocabulary::Side;

/// The fields, for errors about their number.
const GRAMMAR: &str = "<board> <side> <hand> <roll> [<move number>]";

/// A validated position string's parts.
#[derive(Clone, Debug)]
pub struct Parts {
    pub board: Board,
    pub side: Side,
    /// The roll of the side to move, `None` at a chance node.
    pub roll: Option<Roll>,
    pub move_number: MoveNumber,
}

/// Parses `<board> <side> <hand> <roll> [<move number>]` and validates it.
pub fn parse(text: &str) -> Result<Parts, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board_text, side, hand, roll, number) = match *fields.as_slice() {
        [board, side, hand, roll] => (board, side, hand, roll, None),
        [board, side, hand, roll, number] => (board, side, hand, roll, Some(number)),
        _ => return Err(PositionError::whole(text, PositionErrorKind::FieldCount { expected: GRAMMAR }).into()),
    };
    let mut board = parse_board(board_text)?;
    let side = Side::from_letter(side).ok_or_else(|| PositionError::side(side))?;
    for ((owner, kind), count) in read_hands(hand)? {
        for _ in 0..count {
            board.add_to_hand(owner, kind);
        }
    }
    let roll = match roll {
        "-" => None,
        dice => {
            Some(Roll::parse(dice).ok_or_else(|| PositionError::extra(dice, "the roll", "- or two dice such as 61"))?)
        }
    };
    let move_number = number.map_or(Ok(MoveNumber::FIRST), MoveNumber::parse)?;
    validate(&board, board_text, text)?;
    Ok(Parts { board, side, roll, move_number })
}

/// One piece of the board field: `+` before a promoted one, then its letter.
fn read_piece(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Option<Piece> {
    let promoted = chars.next_if_eq(&'+').is_some();
    piece_of(chars.next()?, promoted)
}

/// One square of the board field: a piece, or a point `[<lower><top>]`; or the text that is
/// neither.
fn read_square(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<Vec<Piece>, String> {
    if chars.next_if_eq(&'[').is_none() {
        let first = chars.peek().copied();
        return read_piece(chars).map(|piece| vec![piece]).ok_or_else(|| first.map(String::from).unwrap_or_default());
    }
    // The point as written, up to its `]` (or the end of the rank), for the error message: a
    // three-piece point `[PPP]` is reported as `[PPP]`, not as what follows its second piece.
    let rest: String = chars.clone().collect();
    let written = format!("[{}", rest.find(']').map_or(rest.as_str(), |end| &rest[..=end]));
    match (read_piece(chars), read_piece(chars), chars.next()) {
        (Some(lower), Some(top), Some(']')) => Ok(vec![lower, top]),
        _ => Err(written),
    }
}

/// The board field: nine ranks, top first, of pieces, points and runs of empty squares (1 to 9,
/// two runs never adjacent); a point's two pieces belong to one side.
fn parse_board(text: &str) -> Result<Board, PositionError> {
    let mut board = Board::default();
    let mut mixed = None;
    read_board_field(text, 9, 9, read_square, |rank, column, pieces| {
        let sq = square(8 - column, rank);
        if pieces.len() == 2 && pieces[0].side != pieces[1].side {
            mixed.get_or_insert(sq);
            return;
        }
        for piece in pieces {
            board.land(sq, piece);
        }
    })?;
    match mixed {
        Some(sq) => Err(PositionError::board(text, PositionErrorKind::MixedPoint { square: square_name(sq) })),
        None => Ok(board),
    }
}

/// Every piece on `sq`: the top one and, on a point, the lower one.
fn pieces_on(board: &Board, sq: Square) -> impl Iterator<Item = Piece> {
    board.tops().piece_at(sq).into_iter().chain(board.under(sq))
}

/// The rules of §14.1: at most one King a side and at least one King on the board, at most the
/// standard set (both levels and hands), no piece that could never move (at either level), no
/// two unpromoted pawns of a side on a file (either level). The side not to move may be in
/// check: there is no check rule.
fn validate(board: &Board, board_text: &str, text: &str) -> Result<(), PositionError> {
    let on_board = || (0..SQUARES).flat_map(|sq| pieces_on(board, sq).map(move |piece| (sq, piece)));
    let bad = |kind| PositionError::board(board_text, kind);
    let kings = |side| on_board().filter(|&(_, p)| p == Piece::new(side, Kind::King)).count() as u32;
    for side in Side::ALL {
        if kings(side) > 1 {
            return Err(bad(PositionErrorKind::TooManyKings { side, count: kings(side) }));
        }
    }
    if Side::ALL.iter().all(|&side| kings(side) == 0) {
        return Err(bad(PositionErrorKind::NoKings));
    }
    for kind in Kind::IN_HAND {
        let count = on_board().filter(|(_, p)| p.kind.unpromoted() == kind).count() as u32
            + Side::ALL.iter().map(|&s| board.tops().hand(s).count(kind) as u32).sum::<u32>();
        let most = STANDARD_SET[kind.index()];
        if count > most {
            return Err(PositionError::whole(
                text,
                PositionErrorKind::TooManyPieces { piece: kind.letter(), count, most },
            ));
        }
    }
    for (sq, piece) in on_board() {
        if matches!(piece.kind, Kind::Pawn | Kind::Lance | Kind::Knight)
            && dead_squares(piece.side, piece.kind) & bit(sq) != 0
        {
            return Err(bad(PositionErrorKind::DeadPiece { piece: letter(piece), square: square_name(sq) }));
        }
    }
    for side in Side::ALL {
        let mut files = [0u32; 9];
        for (sq, _) in on_board().filter(|&(_, p)| p == Piece::new(side, Kind::Pawn)) {
            files[file_of(sq)] += 1;
        }
        if let Some(file) = files.iter().position(|&n| n > 1) {
            return Err(bad(PositionErrorKind::Nifu { side, file: file + 1 }));
        }
    }
    Ok(())
}

/// The position-string letter of `piece` (without the `+` of a promoted one).
fn letter(piece: Piece) -> char {
    let letter = piece.kind.unpromoted().letter();
    if piece.side == Side::First {
        letter
    } else {
        letter.to_ascii_lowercase()
    }
}

/// The canonical position string: points as `[<lower><top>]`, the hands in shogi's order, the
/// roll higher die first (`-` when not known), the move number.
pub fn write(board: &Board, side: Side, roll: Option<Roll>, move_number: MoveNumber) -> String {
    let field = board_field(9, 9, |rank, column| {
        let sq = square(8 - column, rank);
        let top = board.tops().piece_at(sq)?.sfen();
        Some(match board.under(sq) {
            Some(lower) => format!("[{}{top}]", lower.sfen()),
            None => top,
        })
    });
    let hands = hand_field(Side::ALL.into_iter().flat_map(|owner| {
        Kind::HAND_ORDER
            .into_iter()
            .map(move |kind| (letter(Piece::new(owner, kind)), board.tops().hand(owner).count(kind) as u32))
    }));
    let roll = roll.map_or("-".to_string(), Roll::token);
    format!("{field} {} {hands} {roll} {}", side.letter(), move_number.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1";

    fn round_trip(text: &str) -> String {
        let parts = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parts.board.key(), parts.board.key_from_scratch());
        write(&parts.board, parts.side, parts.roll, parts.move_number)
    }

    #[test]
    fn position_strings_read_back_canonically() {
        assert_eq!(round_trip(START), START);
        let point = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1[GK]SNL w - 16 2";
        assert_eq!(round_trip(point), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1[GK]SNL w - 61 2");
        let parts = parse(point).unwrap_or_else(|e| panic!("{e}"));
        let sq = square(3, 8);
        assert_eq!(parts.board.under(sq), Some(Piece::new(Side::First, Kind::Gold)));
        assert_eq!(parts.board.tops().piece_at(sq), Some(Piece::new(Side::First, Kind::King)));
        // Promoted pieces in a point, pieces in hand, one King missing (the game is decided).
        let text = "4k4/9/9/9/4[+P+R]4/9/9/9/9 b 2Pl - 30";
        assert_eq!(round_trip(text), text);
    }

    #[test]
    fn bad_position_strings_say_what_is_wrong() {
        let cases = [
            ("9/9/9/9/9/9/9/9/9 b - -", PositionErrorKind::NoKings),
            ("4k4/9/9/9/4[Pp]4/9/9/9/4K4 b - -", PositionErrorKind::MixedPoint { square: "5e".to_string() }),
            ("4k4/9/9/9/4[PP]4/9/9/9/4K4 b - -", PositionErrorKind::Nifu { side: Side::First, file: 5 }),
            ("4[PK]4/9/9/9/9/9/9/9/4k4 w - -", PositionErrorKind::DeadPiece { piece: 'P', square: "5a".to_string() }),
            ("4k4/9/9/9/4[KK]4/9/9/9/9 b - -", PositionErrorKind::TooManyKings { side: Side::First, count: 2 }),
            (START.trim_end_matches(" - 1"), PositionErrorKind::FieldCount { expected: GRAMMAR }),
            // A malformed point is reported as written, up to its `]`.
            ("4k4/9/9/9/4[PPP]4/9/9/9/4K4 b - -", PositionErrorKind::UnknownPiece { rank: 'e', piece: "[PPP]".into() }),
            ("4k4/9/9/9/4[P]4/9/9/9/4K4 b - -", PositionErrorKind::UnknownPiece { rank: 'e', piece: "[P]".into() }),
            ("4k4/9/9/9/4[PG/9/9/9/4K4 b - -", PositionErrorKind::UnknownPiece { rank: 'e', piece: "[PG".into() }),
        ];
        for (text, kind) in cases {
            match parse(text) {
                Err(GameError::Position(error)) => assert_eq!(error.kind, kind, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        for bad in
            ["4k4/9/9/9/4[P]4/9/9/9/4K4 b - -", "4k4/9/9/9/4[PPP]3/9/9/9/4K4 b - -", "4k4/9/9/9/9/9/9/9/4K4 b - 7"]
        {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("4k4/9/9/9/9/9/9/9/4K4 b K -").is_err(), "a King in hand");
    }
}
