//! Position strings, move tokens and the `d` diagram of the hasami family (protocol-spec.md).

use super::position::{Hasami, HasamiMove};
use super::rules::RuleSet;
use crate::core::Side;
use crate::game::{Game, GameError, Turn};
use std::fmt::Write;

/// Parses `<board> <side> <hand> [<move number>]`; the hand must be `-`.
pub fn parse_position(rules: RuleSet, text: &str) -> Result<Hasami, GameError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, side, hand, number) = match fields.as_slice() {
        [board, side, hand] => (*board, *side, *hand, None),
        [board, side, hand, number] => (*board, *side, *hand, Some(*number)),
        [] | [_] | [_, _] => return Err(GameError::new("position string needs a board, a side to move and a hand")),
        _ => return Err(GameError::new("position string has too many fields")),
    };
    let men = parse_board(&rules, board)?;
    let side =
        Side::from_letter(side).ok_or_else(|| GameError::new(format!("side to move must be b or w, not {side}")))?;
    if hand != "-" {
        return Err(GameError::new(format!("{} has no pieces in hand: hand must be -, not {hand}", rules.name)));
    }
    let move_number = match number {
        None => 1,
        Some(n) => Some(n)
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0'))
            .and_then(|n| n.parse::<u64>().ok())
            .filter(|&n| (1..u64::MAX / 2).contains(&n))
            .ok_or_else(|| GameError::new(format!("move number must be a positive number below 2^63, not {n}")))?,
    };
    Ok(Hasami::from_parts(rules, men, side, move_number))
}

fn parse_board(rules: &RuleSet, board: &str) -> Result<[u128; 2], GameError> {
    let geo = rules.geometry;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != geo.height {
        return Err(GameError::new(format!("board must have {} ranks, not {}", geo.height, rows.len())));
    }
    let mut men = [0u128; 2];
    for (row, text) in rows.iter().enumerate() {
        let rank = row + 1;
        let mut col = 0usize;
        let mut run: Option<usize> = None;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                if run.is_none() && d == 0 {
                    return Err(GameError::new(format!("empty-square count starting with 0 in board rank {rank}")));
                }
                run = Some(run.unwrap_or(0).saturating_mul(10).saturating_add(d as usize));
                continue;
            }
            col = end_run(col, run.take());
            let side = match c {
                'P' => Side::First,
                'p' => Side::Second,
                _ => return Err(GameError::new(format!("unexpected character {c:?} in board rank {rank}"))),
            };
            if col >= geo.width {
                return Err(GameError::new(format!("board rank {rank} has more than {} squares", geo.width)));
            }
            men[side.index()] |= 1 << (row * geo.width + col);
            col += 1;
        }
        col = end_run(col, run);
        if col != geo.width {
            return Err(GameError::new(format!("board rank {rank} must have {} squares, not {col}", geo.width)));
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
    let mut text = String::new();
    for row in 0..geo.height {
        if row > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for col in 0..geo.width {
            let bit = 1u128 << (row * geo.width + col);
            let letter = if position.men(Side::First) & bit != 0 {
                'P'
            } else if position.men(Side::Second) & bit != 0 {
                'p'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                let _ = write!(text, "{empty}");
                empty = 0;
            }
            text.push(letter);
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
    }
    let _ = write!(text, " {} - {}", position.side().letter(), position.move_number);
    text
}

/// Finds the legal move written `<from><to>` (`5i5e`).
pub fn parse_move(position: &Hasami, text: &str) -> Result<HasamiMove, GameError> {
    let geo = position.geometry();
    let split = text.find(|c: char| c.is_ascii_lowercase()).map(|i| i + 1);
    let squares = split.and_then(|i| Some((geo.parse_square(text.get(..i)?)?, geo.parse_square(text.get(i..)?)?)));
    let Some((from, to)) = squares else {
        return Err(GameError::new(format!("malformed move {text}: expected <from><to> such as 5i5e")));
    };
    if let Turn::Over(outcome) = position.turn() {
        return Err(GameError::new(format!("illegal move {text}: the game is over ({outcome})")));
    }
    let mut moves = Vec::new();
    position.generate(&mut moves);
    moves
        .into_iter()
        .find(|mv| mv.from as usize == from && mv.to as usize == to)
        .ok_or_else(|| GameError::new(format!("illegal move {text}")))
}

/// The board for humans: first player's men `P` at the bottom, second player's `p`.
pub fn diagram(position: &Hasami) -> String {
    let geo = position.geometry();
    let mut text = String::new();
    let files: Vec<String> = (1..=geo.width).rev().map(|f| f.to_string()).collect();
    let _ = writeln!(text, "  {}", files.join(" "));
    for row in 0..geo.height {
        let cells: Vec<&str> = (0..geo.width)
            .map(|col| {
                let bit = 1u128 << (row * geo.width + col);
                if position.men(Side::First) & bit != 0 {
                    "P"
                } else if position.men(Side::Second) & bit != 0 {
                    "p"
                } else {
                    "."
                }
            })
            .collect();
        let _ = writeln!(text, "  {} {}", cells.join(" "), (b'a' + row as u8) as char);
    }
    let _ = write!(
        text,
        "variant {}, {} to move, men b {} w {}",
        position.rules().name,
        position.side().letter(),
        position.men(Side::First).count_ones(),
        position.men(Side::Second).count_ones()
    );
    text
}
