//! Position strings of the hasami family (protocol-spec.md §10.1).

use super::position::Hasami;
use super::rules::RuleSet;
use crate::game::notation::{board_field, Fields};
use crate::game::{Game, GameError, PositionError, PositionErrorKind};
use crate::vocabulary::Side;

/// Parses `<board> <side> <hand> [<move number>]`; the hand must be `-`.
pub fn parse_position(rules: RuleSet, text: &str) -> Result<Hasami, GameError> {
    let fields = Fields::split(text)?;
    let men = parse_board(&rules, fields.board)?;
    let side = fields.side()?;
    if fields.hand != "-" {
        let variant = rules.name.to_string();
        return Err(PositionError::hand(fields.hand, PositionErrorKind::NoHands { variant }).into());
    }
    let move_number = fields.move_number()?;
    Ok(Hasami::from_parts(rules, men, side, move_number))
}

/// The men of each side on the board field `board`: ranks top first, each `P`, `p` or a run of
/// empty squares (no leading zero), adding up to the board width.
fn parse_board(rules: &RuleSet, board: &str) -> Result<[u128; 2], PositionError> {
    let geo = rules.geometry;
    let bad = |kind| PositionError::board(board, kind);
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.height {
        return Err(bad(PositionErrorKind::RankCount { expected: geo.height, found: rows.len() }));
    }
    let mut men = [0u128; 2];
    for (row, text) in rows.iter().enumerate() {
        let rank = (b'a' + row as u8) as char;
        let mut col = 0usize;
        let mut run: Option<usize> = None;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if run.is_none() && d == 0 {
                    return Err(bad(PositionErrorKind::EmptyRun { rank }));
                }
                run = Some(run.unwrap_or(0).saturating_mul(10).saturating_add(d as usize));
                continue;
            }
            col = end_run(col, run.take());
            let side = match c {
                'P' => Side::First,
                'p' => Side::Second,
                _ => return Err(bad(PositionErrorKind::UnknownPiece { rank, piece: c.to_string() })),
            };
            // A man past the last file is counted, not placed: the rank is refused below.
            if col < geo.width {
                men[side.index()] |= 1 << (row * geo.width + col);
            }
            col = col.saturating_add(1);
        }
        col = end_run(col, run);
        if col != geo.width {
            return Err(bad(PositionErrorKind::RankSquares { rank, expected: geo.width, found: col }));
        }
    }
    Ok(men)
}

/// Adds a pending run of empty squares to the column count.
fn end_run(col: usize, run: Option<usize>) -> usize {
    col.saturating_add(run.unwrap_or(0))
}

/// The position string of `position`.
pub fn position_string(position: &Hasami) -> String {
    let geo = position.geometry();
    let board = board_field(geo.width, geo.height, |row, col| {
        let bit = 1u128 << (row * geo.width + col);
        if position.men(Side::First) & bit != 0 {
            Some('P')
        } else if position.men(Side::Second) & bit != 0 {
            Some('p')
        } else {
            None
        }
    });
    format!("{board} {} - {}", position.side().letter(), position.move_number.get())
}
