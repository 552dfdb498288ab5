//! Position strings of the checkers games (protocol-spec.md §15.3).

use super::position::{Checkers, Piece, Pieces};
use super::rules::Kind;
use crate::game::notation::{board_field, Fields};
use crate::game::{Game, GameError, PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// Parses `<board> <side> - [<move number>]` for the variant `kind`, validated as §15.3 says.
pub fn parse_position(kind: Kind, text: &str) -> Result<Checkers, GameError> {
    let fields = Fields::split(text)?;
    let pieces = parse_board(kind, fields.board)?;
    let side = fields.side()?;
    if fields.hand != "-" {
        let variant = kind.rules().name.to_string();
        return Err(PositionError::hand(fields.hand, PositionErrorKind::NoHands { variant }).into());
    }
    let move_number = fields.move_number()?;
    Ok(Checkers::from_parts(kind, pieces, side, move_number))
}

/// The letter and side of a piece token (`M`, `+m`, `K`), if the variant has it.
fn piece_of(kind: Kind, token: &str) -> Option<(Side, Piece)> {
    let piece = match token.to_ascii_uppercase().as_str() {
        "M" => Piece::Man,
        "+M" => Piece::Prince,
        "K" if kind.rules().royal_king => Piece::King,
        _ => return None,
    };
    let side = if token.ends_with(|c: char| c.is_ascii_uppercase()) { Side::First } else { Side::Second };
    Some((side, piece))
}

/// The pieces on the board field `board`, validated.
fn parse_board(kind: Kind, board: &str) -> Result<Pieces, PositionError> {
    let rules = kind.rules();
    let geo = rules.geometry;
    let bad = |kind| PositionError::board(board, kind);
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.width {
        return Err(bad(PositionErrorKind::RankCount { expected: geo.width, found: rows.len() }));
    }
    let mut pieces = Pieces::default();
    let mut counts = [0u32; 2];
    for (row, text) in rows.iter().enumerate() {
        let rank = (b'a' + row as u8) as char;
        let mut col = 0usize;
        let mut run: Option<usize> = None;
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                if run.is_none() && d == 0 {
                    return Err(bad(PositionErrorKind::EmptyRun { rank }));
                }
                run = Some(run.unwrap_or(0).saturating_mul(10).saturating_add(d as usize));
                continue;
            }
            col = col.saturating_add(run.take().unwrap_or(0));
            let end = if c == '+' { chars.next().map_or(text.len(), |(j, c)| j + c.len_utf8()) } else { i + 1 };
            let token = text.get(i..end).unwrap_or("+");
            let Some((side, piece)) = piece_of(kind, token) else {
                return Err(bad(PositionErrorKind::UnknownPiece { rank, piece: token.to_string() }));
            };
            // A piece past the last file is counted, not placed: the rank is refused below.
            if col < geo.width {
                let name = format!("{}{rank}", geo.width - col);
                let Some(sq) = geo.square_at(row, col) else {
                    return Err(bad(PositionErrorKind::LightSquare { square: name }));
                };
                if piece == Piece::Man && geo.far[side.index()] & (1 << sq) != 0 {
                    return Err(bad(PositionErrorKind::ManOnFarRank { square: name }));
                }
                pieces.toggle(side, piece, 1 << sq);
                counts[side.index()] += 1;
            }
            col = col.saturating_add(1);
        }
        col = col.saturating_add(run.unwrap_or(0));
        if col != geo.width {
            return Err(bad(PositionErrorKind::RankSquares { rank, expected: geo.width, found: col }));
        }
    }
    for side in Side::ALL {
        let kings = pieces.of(side, Piece::King).count_ones();
        if kings > 1 {
            return Err(bad(PositionErrorKind::TooManyKings { side, count: kings }));
        }
        let count = counts[side.index()];
        if count > rules.most_pieces {
            return Err(bad(PositionErrorKind::TooManySidePieces { side, count, most: rules.most_pieces }));
        }
    }
    if rules.royal_king && Side::ALL.iter().all(|&side| pieces.of(side, Piece::King) == 0) {
        return Err(bad(PositionErrorKind::NoKings));
    }
    Ok(pieces)
}

/// The position-string token of the piece on `sq`, if any.
pub(super) fn token_at(pieces: &Pieces, sq: usize) -> Option<&'static str> {
    Side::ALL.into_iter().find_map(|side| {
        pieces.piece_at(side, sq).map(|piece| match (side, piece) {
            (Side::First, Piece::Man) => "M",
            (Side::First, Piece::Prince) => "+M",
            (Side::First, Piece::King) => "K",
            (Side::Second, Piece::Man) => "m",
            (Side::Second, Piece::Prince) => "+m",
            (Side::Second, Piece::King) => "k",
        })
    })
}

/// The position string of `position`.
pub fn position_string(position: &Checkers) -> String {
    let geo = position.geometry();
    let board = board_field(geo.width, geo.width, |row, col| {
        geo.square_at(row, col).and_then(|sq| token_at(position.pieces(), sq))
    });
    format!("{board} {} - {}", position.side().letter(), position.move_number.get())
}
