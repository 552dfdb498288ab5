//! Turn tokens with reasons for refusing illegal ones, and the `d` diagram of both boards.

use super::board::Board;
use super::drawing::drawing;
use super::mind::Thought;
use super::moves::{PhilosophersMove, SubMove};
use super::piece::{last_row, row, square_name, Kind};
use super::position::Philosophers;
use crate::drawing::text;
use crate::game::notation::find_legal;
use crate::game::{GameError, MoveError};
use crate::vocabulary::Side;

/// What a turn token looks like, for `malformed move` errors.
const EXPECTED: &str = "a turn such as 4e4d, 4b4a=H, mo1o2 or 2c2d,2d2e (or the inventor's c5-c4, c2-c1ph, mo1-o2)";

/// Finds the legal turn written `text` (canonical or the inventor's notation per sub-move), or
/// says why there is none.
pub fn parse_move(position: &Philosophers, text: &str) -> Result<PhilosophersMove, GameError> {
    let written = PhilosophersMove::parse(text).ok_or_else(|| MoveError::malformed(text, EXPECTED));
    find_legal(
        position,
        text,
        written,
        |turn, legal| legal.what() == turn.what(),
        |&turn, _| Some(why_illegal(position, turn)),
    )
}

/// Why the well-formed turn `turn` is not legal in `position` (whose game goes on): the first
/// sub-move that breaks a rule, and the rule.
fn why_illegal(position: &Philosophers, turn: PhilosophersMove) -> String {
    let us = position.side;
    let first = turn.first();
    if let Err(reason) = offered(&position.board, us, first, |board, visit| board.sub_moves(us, &mut { visit })) {
        return reason;
    }
    if let Err(refusal) = position.judge_sub(&position.board, first, position.checked) {
        return refusal.words().to_string();
    }
    let Some(second) = turn.second() else { return "not a legal turn".to_string() };
    let mut after = position.board;
    after.make(first);
    why_second_illegal(position, first, &after, second)
}

/// Why `second` cannot follow the legal sub-move `first` (after which the board is `after`).
fn why_second_illegal(position: &Philosophers, first: SubMove, after: &Board, second: SubMove) -> String {
    let us = position.side;
    if position.board.pieces(us, Kind::Enlightened) == 0 {
        return format!("{} has no Enlightened Philosopher, so a turn is one move", us.letter());
    }
    if !position.continues_after(first) {
        return "only a mind-move or an Enlightened Philosopher's move may be followed by a second move".to_string();
    }
    if let Err(reason) = offered(after, us, second, |board, visit| board.sub_moves(us, &mut { visit })) {
        return format!("second move: {reason}");
    }
    if offered(after, us, second, |board, visit| position.second_sub_moves(first, board, &mut { visit })).is_err() {
        return match first.is_mind() {
            true => "after a mind-move only an Enlightened Philosopher or the Thought may move".to_string(),
            false => "after an Enlightened Philosopher's move only the same piece or the Thought may move".to_string(),
        };
    }
    match position.judge_sub(after, second, false) {
        Err(refusal) => format!("second move: {}", refusal.words()),
        Ok(_) => "not a legal turn".to_string(),
    }
}

/// `Ok` if `generate` (a pseudo-legal sub-move generator on `board`) offers `sub`; otherwise why
/// `sub` is not a move on `board` at all (or, when it is, that it is not offered here).
fn offered(
    board: &Board,
    us: Side,
    sub: SubMove,
    generate: impl FnOnce(&Board, &mut dyn FnMut(SubMove) -> bool) -> bool,
) -> Result<(), String> {
    if generate(board, &mut |s: SubMove| s.what() == sub.what()) {
        return Ok(());
    }
    Err(why_not_a_move(board, us, sub))
}

/// Why `sub` is not a pseudo-legal sub-move of `us` on `board`.
fn why_not_a_move(board: &Board, us: Side, sub: SubMove) -> String {
    if sub.is_mind() {
        let from = Thought::from_index(sub.from());
        return if from != board.thought() {
            format!("the Thought is on {}, not {}", board.thought().name(), from.name())
        } else if !from.neighbours().contains(&sub.thought_to()) {
            format!(
                "the Thought moves one square orthogonally, not from {} to {}",
                from.name(),
                sub.thought_to().name()
            )
        } else if board.philosophers() == 0 {
            "no Philosopher is on the Field, so the Thought may not move".to_string()
        } else if !board.mind_moves_allowed() {
            "two mind-moves were just made: no third may follow".to_string()
        } else {
            "this mind-move is not allowed here".to_string()
        };
    }
    let (from, to) = (sub.from(), sub.to());
    let Some(piece) = board.at(from).filter(|p| p.side == us) else {
        return format!("no piece of {} on {}", us.letter(), square_name(from));
    };
    if board.targets(piece.side, from) & 1 << to == 0 {
        return format!("the piece on {} cannot move to {}", square_name(from), square_name(to));
    }
    let must_promote = piece.kind == Kind::Pawn && row(to) == last_row(piece.side);
    match (must_promote, sub.promotion()) {
        (true, None) => "a pawn reaching its last rank must promote (=R, =N or =H)".to_string(),
        (false, Some(_)) => "only a pawn reaching its last rank promotes".to_string(),
        _ => "not a legal move".to_string(),
    }
}

/// A diagram column: a piece's letter and a space.
const COLUMN: usize = 2;

/// Both boards for humans (`d`, protocol-spec.md §13.4.1), as `drawing::text` writes the
/// drawing's grids side by side: the Field with the file numbers above and each rank's letter at
/// its right, White's pieces upper case, empty squares `.`; the Mind to its right beside the first
/// two ranks, its columns `o` and `d` and rows 1 and 2, the Thought as `t`; then the number of
/// mind-moves just made.
pub fn diagram(position: &Philosophers) -> String {
    text::diagram(&drawing(position), COLUMN)
}
