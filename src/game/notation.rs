//! What every game's notation shares (protocol-spec.md §7, §9.5): the fields of a position
//! string, the move number, board fields, hands in position strings and in `d` diagrams.

use super::{Game, GameError, MoveError, PositionError, PositionErrorKind, Turn};
use crate::vocabulary::Side;

/// The largest move number (2^63 − 1, protocol-spec.md §7): accepted in every position string;
/// the count stops there when more moves are played.
pub const MAX_MOVE_NUMBER: u64 = i64::MAX as u64;

/// The fields of a position string `<board> <side> <hand> [<move number>]`, split at blanks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fields<'a> {
    pub board: &'a str,
    pub side: &'a str,
    pub hand: &'a str,
    pub move_number: Option<&'a str>,
}

impl<'a> Fields<'a> {
    /// Splits `text` into its three or four fields; fewer or more is an error of the whole string.
    pub fn split(text: &'a str) -> Result<Fields<'a>, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields.as_slice() {
            &[board, side, hand] => Ok(Fields { board, side, hand, move_number: None }),
            &[board, side, hand, number] => Ok(Fields { board, side, hand, move_number: Some(number) }),
            [] | [_] | [_, _] => Err(PositionError::whole(text, PositionErrorKind::MissingFields)),
            _ => Err(PositionError::whole(text, PositionErrorKind::ExtraFields)),
        }
    }

    /// The side to move.
    pub fn side(&self) -> Result<Side, PositionError> {
        Side::from_letter(self.side).ok_or_else(|| PositionError::side(self.side))
    }

    /// The move number (1 when the field is omitted).
    pub fn move_number(&self) -> Result<MoveNumber, PositionError> {
        self.move_number.map_or(Ok(MoveNumber::FIRST), MoveNumber::parse)
    }
}

/// The move number of a position: the number it was given (1 to [`MAX_MOVE_NUMBER`]) plus the
/// moves played since, stopping at [`MAX_MOVE_NUMBER`]. Play and undo change it exactly back
/// (the moves played are counted, not the number), so a position printed by `d` is always
/// accepted again by `position sfen`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveNumber {
    given: u64,
    played: u64,
}

impl MoveNumber {
    /// The move number of a start position.
    pub const FIRST: MoveNumber = MoveNumber { given: 1, played: 0 };

    /// Reads a move-number field: decimal digits without a sign or leading zero, 1 to
    /// [`MAX_MOVE_NUMBER`].
    pub fn parse(text: &str) -> Result<MoveNumber, PositionError> {
        Some(text)
            .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) && !t.starts_with('0'))
            .and_then(|t| t.parse::<u64>().ok())
            .filter(|&n| (1..=MAX_MOVE_NUMBER).contains(&n))
            .map(|given| MoveNumber { given, played: 0 })
            .ok_or_else(|| PositionError::move_number(text, MAX_MOVE_NUMBER))
    }

    /// The number written in position strings: 1 to [`MAX_MOVE_NUMBER`].
    pub fn get(self) -> u64 {
        self.given.saturating_add(self.played).min(MAX_MOVE_NUMBER)
    }

    /// One move played.
    #[inline]
    pub fn advance(&mut self) {
        self.played += 1;
    }

    /// One move taken back (after [`advance`](MoveNumber::advance)).
    #[inline]
    pub fn retreat(&mut self) {
        self.played = self.played.saturating_sub(1);
    }
}

/// Reads a hand field (protocol-spec.md §11, the same in every game with hands): `-`, or items
/// `[count]letter`, the count omitted for 1 and written from 2 up to `most` without a leading
/// zero, each letter at most once. `piece` names the held piece of a letter (upper case for the
/// first player) or says why there is none. The pieces and their counts, in the order written.
pub fn read_hand<T>(
    text: &str,
    most: u32,
    mut piece: impl FnMut(char) -> Result<T, PositionErrorKind>,
) -> Result<Vec<(T, u32)>, PositionError> {
    let mut held = Vec::new();
    if text == "-" {
        return Ok(held);
    }
    let bad = |kind| PositionError::hand(text, kind);
    let mut seen = Vec::new();
    let mut count: Option<u32> = None;
    let mut digits = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            let n = digits.parse::<u32>().ok().filter(|&n| n <= most && !digits.starts_with('0'));
            count = Some(n.ok_or_else(|| bad(PositionErrorKind::BadHandCount { count: digits.clone() }))?);
            continue;
        }
        let held_piece = piece(c).map_err(bad)?;
        if seen.contains(&c) {
            return Err(bad(PositionErrorKind::RepeatedHandPiece { piece: c }));
        }
        seen.push(c);
        let n = match count.take() {
            None => 1,
            Some(n) if n >= 2 => n,
            Some(_) => return Err(bad(PositionErrorKind::BadHandCount { count: digits.clone() })),
        };
        digits.clear();
        held.push((held_piece, n));
    }
    if !digits.is_empty() {
        return Err(bad(PositionErrorKind::HandEndsWithCount));
    }
    Ok(held)
}

/// Writes a hand field: each held piece's letter (upper case for the first player) preceded by
/// its count when there are several, in the order given (the first player's first); `-` when
/// nobody holds anything.
pub fn hand_field(held: impl IntoIterator<Item = (char, u32)>) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for (letter, count) in held {
        if count > 1 {
            let _ = write!(text, "{count}");
        }
        if count > 0 {
            text.push(letter);
        }
    }
    if text.is_empty() {
        text.push('-');
    }
    text
}

/// Reads a board field written by [`board_field`] with one-digit runs (shogi, Philosopher's
/// Chess): `height` ranks separated by `/`, the top rank first, each of pieces and runs of empty
/// squares (a digit 1 to 9, two runs never adjacent) making `width` squares. `piece` reads the
/// piece starting at the next (non-digit) character, or returns the text it could not read;
/// `place(row, col, piece)` puts each piece read. A piece past the last file is counted, not
/// placed: its rank is then refused for its number of squares.
pub fn read_board_field<T>(
    text: &str,
    width: usize,
    height: usize,
    mut piece: impl FnMut(&mut std::iter::Peekable<std::str::Chars<'_>>) -> Result<T, String>,
    mut place: impl FnMut(usize, usize, T),
) -> Result<(), PositionError> {
    let bad = |kind| PositionError::board(text, kind);
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != height {
        return Err(bad(PositionErrorKind::RankCount { expected: height, found: ranks.len() }));
    }
    for (row, rank) in ranks.iter().enumerate() {
        let name = (b'a' + row as u8) as char;
        let mut col = 0usize;
        let mut after_run = false;
        let mut chars = rank.chars().peekable();
        while let Some(&c) = chars.peek() {
            if let Some(run) = c.to_digit(10) {
                chars.next();
                if run == 0 || after_run {
                    return Err(bad(PositionErrorKind::EmptyRun { rank: name }));
                }
                col += run as usize;
                after_run = true;
                continue;
            }
            after_run = false;
            let read = piece(&mut chars).map_err(|piece| bad(PositionErrorKind::UnknownPiece { rank: name, piece }))?;
            if col < width {
                place(row, col, read);
            }
            col += 1;
        }
        if col != width {
            return Err(bad(PositionErrorKind::RankSquares { rank: name, expected: width, found: col }));
        }
    }
    Ok(())
}

/// The board field of a position string: `height` ranks of `width` squares, the top rank
/// first, joined by `/`. `cell(row, col)` is the token of the piece on a square (`P`, `+p`) or
/// `None` when the square is empty; each run of empty squares is written as its length.
pub fn board_field<T: std::fmt::Display>(
    width: usize,
    height: usize,
    mut cell: impl FnMut(usize, usize) -> Option<T>,
) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for row in 0..height {
        if row > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for col in 0..width {
            let Some(token) = cell(row, col) else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                let _ = write!(text, "{empty}");
                empty = 0;
            }
            let _ = write!(text, "{token}");
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
    }
    text
}

/// What every game's [`Game::parse_move`] does around its own reading of a token: `written` is
/// the token `text` as the game reads it (or why it is malformed); a finished game refuses every
/// move; else the legal move for which `is(written, move)` holds, or the refusal with the reason
/// `why(written, legal moves)` gives (`None`: no reason).
pub fn find_legal<G: Game, W>(
    position: &G,
    text: &str,
    written: Result<W, MoveError>,
    is: impl Fn(&W, G::Move) -> bool,
    why: impl FnOnce(&W, &[G::Move]) -> Option<String>,
) -> Result<G::Move, GameError> {
    let written = written?;
    if let Turn::Over(outcome) = position.turn() {
        return Err(MoveError::after_end(text, outcome).into());
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    if let Some(&mv) = moves.iter().find(|&&mv| is(&written, mv)) {
        return Ok(mv);
    }
    Err(match why(&written, &moves) {
        Some(reason) => MoveError::illegal_because(text, reason),
        None => MoveError::illegal(text),
    }
    .into())
}

/// Plays the items of a `position ... moves` list (protocol-spec §13.4, §14.3) in order. Each
/// item is one move token, except that an item the game calls a suffix
/// ([`Game::is_suffix_item`]) is joined to the item before it, and at a chance node an item
/// `outcome:move` is the outcome then the move. On a refused item: its number (from 1) and why;
/// the moves before it stay played.
pub fn play_items<G: Game>(game: &mut G, items: &[&str]) -> Result<(), (usize, GameError)> {
    let mut index = 0;
    while index < items.len() {
        let number = index + 1;
        let mut token = items[index].to_string();
        if let Some(suffix) = items.get(index + 1).filter(|&&next| G::is_suffix_item(next)) {
            token.push_str(suffix);
            index += 1;
        }
        // At a chance node, `outcome:move` is the two items `outcome move` (protocol-spec §14.3).
        let (outcome, token) = match token.split_once(':') {
            Some((outcome, rest)) if matches!(game.turn(), Turn::Chance(_)) => (Some(outcome), rest),
            _ => (None, token.as_str()),
        };
        if let Some(outcome) = outcome {
            let mv = game.parse_move(outcome).map_err(|error| (number, error))?;
            game.play(mv);
        }
        let mv = game.parse_move(token).map_err(|error| (number, error))?;
        game.play(mv);
        index += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PositionField;

    #[test]
    fn move_numbers_from_1_to_the_limit_are_read_and_the_count_stops_at_the_limit() {
        assert_eq!(MoveNumber::parse("1").map(MoveNumber::get), Ok(1));
        let mut last = MoveNumber::parse("9223372036854775807").expect("the limit is a move number");
        assert_eq!(last.get(), MAX_MOVE_NUMBER);
        last.advance();
        last.advance();
        assert_eq!(last.get(), MAX_MOVE_NUMBER, "the count stops at the limit");
        last.retreat();
        last.retreat();
        assert_eq!(last, MoveNumber::parse("9223372036854775807").expect("the limit"), "undo restores exactly");
        let mut near = MoveNumber::parse("9223372036854775806").expect("below the limit");
        near.advance();
        near.advance();
        assert_eq!(near.get(), MAX_MOVE_NUMBER);
        near.retreat();
        assert_eq!(near.get(), MAX_MOVE_NUMBER);
        near.retreat();
        assert_eq!(near.get(), MAX_MOVE_NUMBER - 1);
    }

    #[test]
    fn bad_move_numbers_are_errors_of_the_move_number_field() {
        for text in ["0", "-1", "+1", "01", "x", "1.5", "", "9223372036854775808", "18446744073709551616"] {
            let error = MoveNumber::parse(text).expect_err(text);
            assert_eq!(error.field, PositionField::MoveNumber, "{text}");
            assert_eq!(error.text, text);
            assert_eq!(error.kind, PositionErrorKind::BadMoveNumber { max: MAX_MOVE_NUMBER });
        }
    }

    #[test]
    fn fields_are_three_or_four() {
        let fields = Fields::split("9/9 b - 7").expect("four fields");
        assert_eq!((fields.board, fields.side, fields.hand, fields.move_number), ("9/9", "b", "-", Some("7")));
        assert_eq!(Fields::split("9/9 b").map_err(|e| e.kind), Err(PositionErrorKind::MissingFields));
        assert_eq!(Fields::split("9/9 b - 1 1").map_err(|e| e.kind), Err(PositionErrorKind::ExtraFields));
        assert_eq!(Fields::split("9/9 x -").and_then(|f| f.side()).map_err(|e| e.field), Err(PositionField::Side));
    }
}
