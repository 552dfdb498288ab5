//! The Ito Shogi evaluation, from the side to move's point of view: material for both faces
//! and in hand, mobility, pressure on the squares around the enemy King (leapers and cannons
//! reach it from afar), pieces close to the enemy King, the King's own guards in front of it and
//! its distance from home, the King's open neighbours, and drops aimed at a King short of guards.
//!
//! Its weights are in `weights.rs`; docs/strength.md lists every change tried.

use super::board::Board;
use super::piece::{targets, Kind, Line, Piece, SQUARES};
use super::position::Ito;
use crate::vocabulary::{Score, Side};

crate::weight_table! {
    /// The evaluation's weights (the constant is in `weights.rs`, which `arena tune` rewrites).
    pub struct Weights {
        /// Values on the line by `Kind as usize`, unflipped then flipped face: King, Ramshead /
        /// Bishop, Silver / Gold Cannon, Goose / Phoenix, Lance / Howling Dog, Knight / Heavenly
        /// Horse, Iron / Silver General, Pawn / Go-Between.
        pub value: [[Score; 2]; Kind::COUNT],
        /// Values in hand by hand index: a held piece may be dropped with either face.
        pub hand_value: [Score; 7],
        /// Per square a piece can move to.
        pub mobility: Score,
        /// Per attack on a square next to the enemy King (or the King's own square).
        pub zone_attack: Score,
        /// Per square next to one's own King that is empty and attacked by the enemy.
        pub open_neighbour: Score,
        /// Per piece the enemy holds, when one's King has an empty square in front of it.
        pub drop_threat: Score,
        /// For having the move.
        pub tempo: Score,
        /// Per piece by hand index of its kind (either face) standing 1, 2, 3 or 4 squares from
        /// the enemy King.
        pub near_king: [[Score; 4]; 7],
        /// Per own piece on the first, second and third square in front of the own King.
        pub guard: [Score; 3],
        /// By the King's distance from its own end of the line: 0, 1, 2, 3, 4, 5 or more squares.
        pub king_out: [Score; 6],
    }
}

/// The King's square and the squares next to it (one step either way).
#[inline]
fn zone(king: usize) -> Line {
    let around = (1 << king) | (1 << king) << 1 | (1 << king) >> 1;
    around & ((1 << SQUARES) - 1)
}

/// The square `steps` squares in front of `side`'s King on `king` (toward the enemy's end), if
/// on the line.
#[inline]
fn ahead(side: Side, king: usize, steps: usize) -> Option<usize> {
    match side {
        Side::First => (king + steps < SQUARES).then_some(king + steps),
        Side::Second => king.checked_sub(steps),
    }
}

/// `side`'s material, mobility and pressure on the enemy King.
fn side_score(board: &Board, side: Side, w: &Weights) -> Score {
    let occupied = board.occupied();
    let own = board.side(side);
    let enemy_king = board.king(side.opponent());
    let enemy_zone = zone(enemy_king);
    let mut score = 0;
    let mut pieces = own;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let Some(piece @ Piece { kind, flipped, .. }) = board.at(from) else { continue };
        score += w.value[kind as usize][flipped as usize];
        if kind != Kind::King {
            let reach = targets(piece, from, occupied, own);
            score +=
                w.mobility * reach.count_ones() as Score + w.zone_attack * (reach & enemy_zone).count_ones() as Score;
            let distance = from.abs_diff(enemy_king);
            if (1..=4).contains(&distance) {
                score += w.near_king[kind.hand_index()][distance - 1];
            }
        }
    }
    let king = board.king(side);
    for (step, weight) in w.guard.iter().enumerate() {
        if ahead(side, king, step + 1).is_some_and(|square| own & 1 << square != 0) {
            score += weight;
        }
    }
    let out = match side {
        Side::First => king,
        Side::Second => SQUARES - 1 - king,
    };
    score += w.king_out[out.min(5)];
    for kind in Kind::HELD {
        score += w.hand_value[kind.hand_index()] * board.in_hand(side, kind) as Score;
    }
    score - king_danger(board, side, w)
}

/// How exposed `side`'s King is: its empty neighbours the enemy attacks, and the enemy's pieces
/// in hand when the square in front of it is empty.
fn king_danger(board: &Board, side: Side, w: &Weights) -> Score {
    let king = board.king(side);
    let enemy = side.opponent();
    let mut open = zone(king) & !(1 << king) & !board.occupied();
    let mut danger = 0;
    while open != 0 {
        let square = open.trailing_zeros() as usize;
        open &= open - 1;
        if board.attacked(square, enemy) {
            danger += w.open_neighbour;
        }
    }
    if ahead(side, king, 1).is_some_and(|square| board.at(square).is_none()) {
        let held: u8 = Kind::HELD.into_iter().map(|kind| board.in_hand(enemy, kind)).sum();
        danger += w.drop_threat * held as Score;
    }
    danger
}

/// The evaluation of `position` for its side to move, with `w`.
pub fn evaluate(position: &Ito, w: &Weights) -> Score {
    let board = position.board();
    let us = position.side;
    side_score(board, us, w) - side_score(board, us.opponent(), w) + w.tempo
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every weight 0: a test sets the one it looks at.
    fn zero() -> Weights {
        Weights {
            value: [[0; 2]; Kind::COUNT],
            hand_value: [0; 7],
            mobility: 0,
            zone_attack: 0,
            open_neighbour: 0,
            drop_threat: 0,
            tempo: 0,
            near_king: [[0; 4]; 7],
            guard: [0; 3],
            king_out: [0; 6],
        }
    }

    /// The evaluation of the line given square by square from `1a` (the second player's end)
    /// with the first player to move.
    fn eval(squares: [&str; SQUARES], w: &Weights) -> Score {
        let text = format!("{} b - 1", squares.join("/"));
        let position = Ito::from_position_string(&text).expect("a valid test position");
        evaluate(&position, w)
    }

    /// The empty line with both Kings at home and `pieces` placed, counted from `1a`.
    fn line(pieces: &[(usize, &'static str)]) -> [&'static str; SQUARES] {
        let mut squares = ["1"; SQUARES];
        squares[0] = "k";
        squares[SQUARES - 1] = "K";
        for &(at, token) in pieces {
            squares[at] = token;
        }
        squares
    }

    #[test]
    fn near_king_counts_each_piece_by_its_distance_to_the_enemy_king() {
        let mut w = zero();
        w.near_king[Kind::Knight.hand_index()][1] = 1;
        // A first-player Knight two squares from the second player's King, then six away.
        assert_eq!(eval(line(&[(2, "N")]), &w), 1);
        assert_eq!(eval(line(&[(6, "N")]), &w), 0);
        // The second player's Knight two squares from the first player's King counts against.
        assert_eq!(eval(line(&[(SQUARES - 3, "n")]), &w), -1);
    }

    #[test]
    fn guard_counts_own_pieces_in_front_of_the_king() {
        let mut w = zero();
        w.guard = [1, 10, 100];
        // Pieces on the first and third squares in front of the first player's King.
        assert_eq!(eval(line(&[(SQUARES - 2, "P"), (SQUARES - 4, "I")]), &w), 101);
        // An enemy piece in front is no guard.
        assert_eq!(eval(line(&[(SQUARES - 2, "p")]), &w), 0);
    }

    #[test]
    fn king_out_weighs_the_kings_distance_from_home() {
        let mut w = zero();
        w.king_out = [0, 0, 1, 0, 0, 0];
        // The first player's King two squares out, the second player's at home.
        let mut squares = line(&[]);
        squares[SQUARES - 1] = "1";
        squares[SQUARES - 3] = "K";
        assert_eq!(eval(squares, &w), 1);
        w.king_out = [7, 0, 0, 0, 0, 0];
        assert_eq!(eval(squares, &w), -7);
    }
}
