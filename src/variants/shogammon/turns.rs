//! Whole turns for a known roll (docs/rules/shogammon.md §1–§3 and the binding readings): both
//! orders of the dice, each die used if it can be at that moment, the second die judged after
//! the first sub-move, point captures as two sub-moves of different pieces, a King capture
//! ending the turn, `pass` when no die can be used; the union over both orders, each sub-move
//! sequence once.

use super::dice::{DieTable, Roll};
use super::points::Board;
use super::submoves::{half_captures, sub_moves};
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::{Kind, Piece};
use crate::vocabulary::Side;

/// A turn: up to two sub-moves in the order the dice were used; none is `pass`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Turn {
    subs: [Option<ShogiMove>; 2],
}

impl Turn {
    pub const PASS: Turn = Turn { subs: [None, None] };

    fn of(first: ShogiMove, second: Option<ShogiMove>) -> Turn {
        Turn { subs: [Some(first), second] }
    }

    /// The code: the two 15-bit sub-move codes side by side (0 for `pass`).
    pub fn code(self) -> u32 {
        let code = |sub: Option<ShogiMove>| sub.map_or(0, ShogiMove::code);
        code(self.subs[0]) | code(self.subs[1]) << 15
    }

    /// The sub-moves in order.
    pub fn subs(self) -> impl Iterator<Item = ShogiMove> {
        self.subs.into_iter().flatten()
    }

    /// The token: `pass`, or the sub-moves joined by `,` (`7g7f,5i5h`).
    pub fn token(self) -> String {
        match self.subs {
            [None, _] => "pass".to_string(),
            _ => self.subs().map(ShogiMove::usi).collect::<Vec<_>>().join(","),
        }
    }
}

/// What a sub-move took: nothing, a piece (or two, from a point), or the King.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Taken {
    Nothing,
    Pieces,
    King,
}

/// Plays the whole sub-move `mv` of `side` on `board` (not a half capture): the mover leaves its
/// square (a lower piece there becomes a single), promotes if chosen, takes an enemy single
/// (to hand unpromoted, a King excepted) or forms a point on a friendly single.
pub fn make_sub(board: &mut Board, side: Side, mv: ShogiMove) -> Taken {
    let to = mv.to();
    let piece = match (mv.from(), mv.dropped()) {
        (Some(from), _) => board.lift(from),
        (None, Some(kind)) => {
            board.take_from_hand(side, kind);
            Some(Piece::new(side, kind))
        }
        (None, None) => None,
    };
    let Some(mut piece) = piece else { return Taken::Nothing };
    if mv.promotes() {
        piece.kind = piece.kind.promoted();
    }
    let taken = match board.tops().piece_at(to) {
        Some(enemy) if enemy.side != side => take_all(board, side, to),
        _ => Taken::Nothing,
    };
    board.land(to, piece);
    taken
}

/// Clears the enemy square `to` (a single or a point) into `side`'s hand.
fn take_all(board: &mut Board, side: Side, to: usize) -> Taken {
    let (top, lower) = board.clear(to);
    let mut taken = Taken::Pieces;
    for piece in top.into_iter().chain(lower) {
        match piece.kind {
            Kind::King => taken = Taken::King,
            kind => board.add_to_hand(side, kind.unpromoted()),
        }
    }
    taken
}

/// Plays a point capture: `first` and `second`, two different pieces of `side`, land on the
/// enemy point; both enemy pieces go to hand (a King is taken) and the two attackers form a
/// point there, the second on top.
pub fn make_point_capture(board: &mut Board, side: Side, first: ShogiMove, second: ShogiMove) -> Taken {
    let lift = |board: &mut Board, mv: ShogiMove| {
        let from = mv.from()?;
        let mut piece = board.lift(from)?;
        if mv.promotes() {
            piece.kind = piece.kind.promoted();
        }
        Some(piece)
    };
    let (Some(a), Some(b)) = (lift(board, first), lift(board, second)) else { return Taken::Nothing };
    let taken = take_all(board, side, first.to());
    board.land(first.to(), a);
    board.land(first.to(), b);
    taken
}

/// Every legal turn of `side` for `roll`, each sub-move sequence once, in the order of their
/// codes.
pub fn legal_turns(board: &Board, side: Side, roll: Roll, table: &DieTable) -> Vec<Turn> {
    let (high, low) = roll.dice();
    let orders: &[(u8, u8)] = if high == low { &[(high, low)] } else { &[(high, low), (low, high)] };
    let mut turns = Vec::new();
    for &(d1, d2) in orders {
        let mut firsts = Vec::new();
        sub_moves(board, side, d1, table, &mut |mv| {
            firsts.push(mv);
            false
        });
        let mut halves = Vec::new();
        half_captures(board, side, d1, table, &mut |half| {
            let completions = completions(board, side, half, d2, table);
            halves.extend(completions.into_iter().map(|second| Turn::of(half, Some(second))));
            false
        });
        if firsts.is_empty() && halves.is_empty() {
            // The first die is lost; the second is used if it can be.
            let before = turns.len();
            sub_moves(board, side, d2, table, &mut |mv| {
                turns.push(Turn::of(mv, None));
                false
            });
            if turns.len() == before {
                turns.push(Turn::PASS);
            }
            continue;
        }
        turns.extend(halves);
        for first in firsts {
            let mut after = board.clone();
            if make_sub(&mut after, side, first) == Taken::King {
                turns.push(Turn::of(first, None));
                continue;
            }
            let before = turns.len();
            sub_moves(&after, side, d2, table, &mut |second| {
                turns.push(Turn::of(first, Some(second)));
                false
            });
            if turns.len() == before {
                turns.push(Turn::of(first, None));
            }
        }
    }
    turns.sort_unstable_by_key(|turn| turn.code());
    turns.dedup();
    turns
}

/// The second halves of the point capture begun by `half`: board moves for `die` by another
/// piece onto the same enemy point, with the first attacker lifted off its square.
fn completions(board: &Board, side: Side, half: ShogiMove, die: u8, table: &DieTable) -> Vec<ShogiMove> {
    let mut lifted = board.clone();
    if let Some(from) = half.from() {
        lifted.lift(from);
    }
    let mut seconds = Vec::new();
    half_captures(&lifted, side, die, table, &mut |second| {
        if second.to() == half.to() {
            seconds.push(second);
        }
        false
    });
    seconds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogammon::dice::DEFAULT_TABLE;
    use crate::variants::shogammon::position_string::parse;

    /// The turns from the start for every roll, as the independent reference of the tests
    /// counts them (tests/shogammon/cross_check.rs; 11, 21, 33, 52, 55, 61 and 66 also worked
    /// out there by hand).
    #[test]
    fn start_turns_per_roll() {
        let start = parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1")
            .unwrap_or_else(|e| panic!("{e}"));
        let table = DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}"));
        let counts: Vec<(String, usize)> = Roll::all()
            .map(|roll| (roll.token(), legal_turns(&start.board, Side::First, roll, &table).len()))
            .collect();
        let expected = [
            ("11", 81),
            ("21", 140),
            ("22", 62),
            ("31", 108),
            ("32", 96),
            ("33", 48),
            ("41", 180),
            ("42", 160),
            ("43", 114),
            ("44", 104),
            ("51", 237),
            ("52", 197),
            ("53", 126),
            ("54", 240),
            ("55", 173),
            ("61", 90),
            ("62", 80),
            ("63", 60),
            ("64", 82),
            ("65", 121),
            ("66", 34),
        ];
        let expected: Vec<(String, usize)> = expected.iter().map(|&(r, n)| (r.to_string(), n)).collect();
        assert_eq!(counts, expected);
    }
}
