//! USI move tokens with reasons for refusing illegal ones, and the `d` diagram.

use super::drawing::drawing;
use super::position::Shogi;
use crate::drawing::text;
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::{bit, files_of};
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::promotion::{dead_squares, promotion_masks};
use crate::variants::shogi_core::square::{file_of, square_name};

/// Finds the legal move written `text` (`7g7f`, `8h2b+`, `8h2b`, `P*5e`), or says why there is
/// none.
pub fn parse_move(position: &Shogi, text: &str) -> Result<ShogiMove, GameError> {
    let written =
        ShogiMove::parse_usi(text).ok_or_else(|| MoveError::malformed(text, "a move such as 7g7f, 8h2b+ or P*5e"));
    find_legal(position, text, written, |&mv, legal| legal == mv, |&mv, _| Some(why_illegal(position, mv)))
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

/// A diagram column: a promoted piece (`+p`) and a space.
const COLUMN: usize = 3;

/// The board for humans (`d`): the drawing's grid as `drawing::text` writes it, files 9..1 left
/// to right, ranks from `a` at the top, Black's pieces upper case, White's lower case, promoted
/// ones with `+`, empty squares `.`; then both hands (Black's first) as every game with hands
/// shows them. The lines every game shares (variant, side to move, result, position string) are
/// the protocol layer's.
pub fn diagram(position: &Shogi) -> String {
    text::diagram(&drawing(position), COLUMN)
}
