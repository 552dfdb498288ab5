//! USI move tokens with reasons for refusing illegal ones, and the `d` diagram.

use super::attacks;
use super::bitboard::{bit, files_of};
use super::board::Board;
use super::moves::ShogiMove;
use super::piece::Kind;
use super::position::Shogi;
use super::promotion::{dead_squares, promotion_masks};
use super::square::{file_of, square, square_name, Square};
use crate::game::notation::hand_line;
use crate::game::{Game, GameError, MoveError, Turn};
use crate::vocabulary::Side;
use std::fmt::Write;

/// Finds the legal move written `text` (`7g7f`, `8h2b+`, `8h2b`, `P*5e`), or says why there is
/// none.
pub fn parse_move(position: &Shogi, text: &str) -> Result<ShogiMove, GameError> {
    let Some(mv) = ShogiMove::parse_usi(text) else {
        return Err(MoveError::malformed(text, "a move such as 7g7f, 8h2b+ or P*5e").into());
    };
    if let Turn::Over(outcome) = position.turn() {
        return Err(MoveError::after_end(text, outcome).into());
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if moves.contains(&mv) {
        return Ok(mv);
    }
    Err(MoveError::illegal_because(text, why_illegal(position, mv)).into())
}

/// Why the well-formed move `mv` is not legal in `position` (which has legal moves).
fn why_illegal(position: &Shogi, mv: ShogiMove) -> String {
    let board = position.board();
    let us = position.side;
    let to = mv.to();
    let target = square_name(to);
    if let Some(kind) = mv.dropped() {
        return if board.hand(us).count(kind) == 0 {
            format!("{} has no {} in hand", us.letter(), kind.letter())
        } else if board.piece_at(to).is_some() {
            format!("{target} is occupied")
        } else if dead_squares(us, kind) & bit(to) != 0 {
            format!("a {} dropped on {target} could never move", kind.letter())
        } else if kind == Kind::Pawn && files_of(board.pieces(us, kind)) & bit(to) != 0 {
            format!("nifu: {} already has an unpromoted pawn on file {}", us.letter(), file_of(to) + 1)
        } else if kind == Kind::Pawn && position.is_pawn_drop_mate(to) {
            "a pawn drop may not give checkmate".to_string()
        } else {
            "the King would be in check".to_string()
        };
    }
    let Some(from) = mv.from() else { return "not a move".to_string() };
    let origin = square_name(from);
    let Some(piece) = board.piece_at(from).filter(|p| p.side == us) else {
        return format!("no piece of {} on {origin}", us.letter());
    };
    let (may, must) = promotion_masks(us, piece.kind, from);
    if attacks::attacks(us, piece.kind, from, board.occupied()) & bit(to) == 0 {
        format!("the piece on {origin} cannot reach {target}")
    } else if board.side(us) & bit(to) != 0 {
        format!("{target} holds a piece of {}", us.letter())
    } else if mv.promotes() && may & bit(to) == 0 {
        format!("the piece on {origin} cannot promote on this move")
    } else if !mv.promotes() && must & bit(to) != 0 {
        format!("the piece must promote on {target}")
    } else {
        "the King would be in check".to_string()
    }
}

/// The board for humans (`d`): files 9..1 left to right, ranks from `a` at the top, Black's
/// pieces upper case, White's lower case, promoted ones with `+`, empty squares `.`; then both
/// hands (Black's first) as every game with hands shows them. The lines every game shares
/// (variant, side to move, result, position string) are the protocol layer's.
pub fn diagram(position: &Shogi) -> String {
    let board = position.board();
    board_diagram(board, 3, |sq| board.piece_at(sq).map_or(".".to_string(), |p| p.sfen()))
}

/// The diagram of a shogi board whose squares `cell` writes (right-aligned in `width`
/// characters), files on top, ranks on the right, then both hands.
pub fn board_diagram(board: &Board, width: usize, cell: impl Fn(Square) -> String) -> String {
    let mut text = String::from(" ");
    for file in (1..=9).rev() {
        let _ = write!(text, "{file:>width$}");
    }
    for rank in 0..9 {
        text.push_str("\n ");
        for column in 0..9 {
            let _ = write!(text, "{:>width$}", cell(square(8 - column, rank)));
        }
        let _ = write!(text, "  {}", (b'a' + rank as u8) as char);
    }
    for line in hand_lines(board) {
        let _ = write!(text, "\n{line}");
    }
    text
}

/// The `hand b: ...` and `hand w: ...` lines of `board`'s hands.
pub fn hand_lines(board: &Board) -> [String; 2] {
    Side::ALL.map(|side| {
        let held = Kind::HAND_ORDER.into_iter().map(|kind| {
            let letter = kind.letter();
            let letter = if side == Side::First { letter } else { letter.to_ascii_lowercase() };
            (letter, board.hand(side).count(kind) as u32)
        });
        hand_line(side, held)
    })
}
