//! USI move tokens with reasons for refusing illegal ones, and the `d` diagram.

use super::attacks;
use super::bitboard::{bit, files_of};
use super::moves::ShogiMove;
use super::piece::Kind;
use super::position::Shogi;
use super::promotion::{dead_squares, promotion_masks};
use super::sfen::hands_string;
use super::square::{file_of, square, square_name};
use crate::game::{Game, GameError, Turn};
use std::fmt::Write;

/// Finds the legal move written `text` (`7g7f`, `8h2b+`, `8h2b`, `P*5e`), or says why there is
/// none.
pub fn parse_move(position: &Shogi, text: &str) -> Result<ShogiMove, GameError> {
    let Some(mv) = ShogiMove::parse_usi(text) else {
        return Err(GameError::new(format!("malformed move {text}: expected a move such as 7g7f, 8h2b+ or P*5e")));
    };
    if let Turn::Over(outcome) = position.turn() {
        return Err(GameError::new(format!("illegal move {text}: the game is over ({outcome})")));
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if moves.contains(&mv) {
        return Ok(mv);
    }
    Err(GameError::new(format!("illegal move {text}: {}", why_illegal(position, mv))))
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

/// The board for humans: Black (upper case) at the bottom, files 9..1 left to right, then both
/// hands and the state of the game.
pub fn diagram(position: &Shogi) -> String {
    let board = position.board();
    let mut text = String::new();
    let _ = writeln!(text, "   9  8  7  6  5  4  3  2  1");
    for rank in 0..9 {
        text.push(' ');
        for column in 0..9 {
            let cell = board.piece_at(square(8 - column, rank)).map_or(".".to_string(), |p| p.sfen());
            let _ = write!(text, "{cell:>3}");
        }
        let _ = writeln!(text, "  {}", (b'a' + rank as u8) as char);
    }
    let _ = writeln!(text, " hands {}", hands_string(board));
    let state = match position.turn() {
        Turn::Over(outcome) => outcome.to_string(),
        _ if position.is_check() => "ongoing, in check".to_string(),
        _ => "ongoing".to_string(),
    };
    let _ = write!(text, " variant shogi, side to move: {}, result: {state}", position.side.letter());
    text
}
