//! Move tokens with reasons for refusing illegal ones, and the `d` diagram.

use super::drawing::drawing;
use super::moves::{square_name, ItoMove};
use super::piece::{targets, SQUARES};
use super::position::Ito;
use crate::drawing::text;
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};

/// Finds the legal move written `text` (`1n1m`, `N*1k`, `+N*1k`), or says why there is none.
pub fn parse_move(position: &Ito, text: &str) -> Result<ItoMove, GameError> {
    let written =
        ItoMove::parse_token(text).ok_or_else(|| MoveError::malformed(text, "a move such as 1n1m, N*1k or +N*1k"));
    find_legal(position, text, written, |&mv, legal| legal == mv, |&mv, _| Some(why_illegal(position, mv)))
}

/// Why the well-formed move `mv` is not legal in `position` (whose game goes on).
fn why_illegal(position: &Ito, mv: ItoMove) -> String {
    let board = position.board();
    let us = position.side;
    let to = mv.to();
    let target = square_name(to);
    match (mv.from(), mv.dropped()) {
        (None, Some((kind, _))) if board.in_hand(us, kind) == 0 => {
            return format!("{} has no {} in hand", us.letter(), kind.letter());
        }
        (None, _) if board.at(to).is_some() => return format!("{target} is occupied"),
        (None, _) if board.drop_squares(us) & 1 << to == 0 => {
            return format!("{target} is not in front of {}'s King", us.letter());
        }
        (Some(from), _) => {
            let origin = square_name(from);
            let Some(piece) = board.at(from).filter(|p| p.side == us) else {
                return format!("no piece of {} on {origin}", us.letter());
            };
            if board.side(us) & 1 << to != 0 {
                return format!("{target} holds a piece of {}", us.letter());
            }
            if targets(piece, from, board.occupied(), board.side(us)) & 1 << to == 0 {
                return format!("the piece on {origin} cannot reach {target}");
            }
        }
        _ => {}
    }
    position.judge_move(mv).err().map_or("not a legal move".to_string(), |refusal| refusal.words().to_string())
}

/// A diagram column: the widest cell (a flipped face `+N`, a square name `1k`, a square number
/// `21`) and a space.
const COLUMN: usize = 3;

/// The line for humans (`d`): the drawing's grid as `drawing::text` writes it, the square names
/// from `1a` (the second player's end) to `1u` over the pieces (Black's upper case, White's lower
/// case, a flipped face with `+`, empty squares `.`); under them the rulebook's square numbers
/// 21..1 in the same columns; then both hands, Black's first.
pub fn diagram(position: &Ito) -> String {
    let drawing = drawing(position);
    let mut lines = text::grid_lines(&drawing.grids, COLUMN);
    lines.push(text::columns((1..=SQUARES).rev(), COLUMN));
    lines.extend(drawing.caption_lines());
    lines.join("\n")
}
