//! A first shogi evaluation: material (hand pieces a little above their board value), piece
//! placement by advancement, and King safety (friendly golds and silvers near the King, enemy
//! pieces near it, weighted by the enemy's hand). From the side to move's point of view.

use super::bitboard::{bit, squares, Bitboard};
use super::board::Board;
use super::piece::{Kind, HAND_KINDS, KINDS};
use super::position::Shogi;
use super::square::{file_of, rank_of, square, Square, SQUARES};
use crate::core::{Score, Side};

/// Board values by `Kind as usize`: P L N S B R G K +P +L +N +S +B +R.
const BOARD_VALUE: [Score; KINDS] = [90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395];

/// Values in hand by `Kind as usize` (`Pawn`..`Gold`): a piece in hand can go anywhere.
const HAND_VALUE: [Score; HAND_KINDS] = [100, 345, 445, 545, 935, 1090, 590];

/// Placement bonus by how far a piece stands from its owner's back rank (0..8), for the kinds
/// whose advance matters: pawns, lances, knights, silvers.
const ADVANCE: [[Score; 9]; 4] = [
    [0, 0, 0, 4, 10, 16, 20, 24, 0],
    [4, 2, 0, 0, 2, 6, 10, 0, 0],
    [0, 0, 4, 12, 18, 22, 0, 0, 0],
    [0, 6, 12, 16, 18, 14, 8, 4, 0],
];

/// Friendly gold or silver within two squares of the King.
const DEFENDER: Score = 18;
/// Enemy piece (not pawn or King) within two squares of the King.
const ATTACKER: Score = 28;
/// Extra per enemy attacker and per non-pawn piece the enemy holds in hand (drop threats).
const ATTACKER_PER_HAND_PIECE: Score = 6;
/// Per rank the King has left its back rank.
const KING_ADVANCE: Score = 14;
/// Per file the King stands away from the centre file (castled Kings sit on the wings).
const KING_WING: Score = 6;

const fn box_table() -> [Bitboard; SQUARES] {
    let mut table = [0; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (file_of(sq) as i32, rank_of(sq) as i32);
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                let (tf, tr) = (f + df, r + dr);
                if tf >= 0 && tf < 9 && tr >= 0 && tr < 9 && (df != 0 || dr != 0) {
                    table[sq] |= bit(square(tf as usize, tr as usize));
                }
                dr += 1;
            }
            df += 1;
        }
        sq += 1;
    }
    table
}

/// The squares within two files and two ranks of each square (the square excluded).
const NEAR: [Bitboard; SQUARES] = box_table();

/// How many ranks `sq` lies beyond `side`'s back rank.
#[inline]
fn advance(side: Side, sq: Square) -> usize {
    match side {
        Side::First => 8 - rank_of(sq),
        Side::Second => rank_of(sq),
    }
}

/// The static evaluation of `position` from its side to move's point of view.
pub fn evaluate(position: &Shogi) -> Score {
    let board = position.board();
    let black = side_score(board, Side::First) - side_score(board, Side::Second);
    match position.side {
        Side::First => black,
        Side::Second => -black,
    }
}

/// Everything `side` owns: material, placement and its King's safety.
fn side_score(board: &Board, side: Side) -> Score {
    let mut score = 0;
    for sq in squares(board.side(side)) {
        let Some(piece) = board.piece_at(sq) else { continue };
        score += BOARD_VALUE[piece.kind.index()];
        if piece.kind.index() < 4 {
            score += ADVANCE[piece.kind.index()][advance(side, sq)];
        }
    }
    for kind in Kind::IN_HAND {
        score += HAND_VALUE[kind.index()] * board.hand(side).count(kind) as Score;
    }
    score + king_safety(board, side)
}

/// The safety of `side`'s King: defenders near it, the enemy near it, where it stands.
fn king_safety(board: &Board, side: Side) -> Score {
    let Some(king) = board.king_square(side) else { return 0 };
    let enemy = side.opponent();
    let near = NEAR[king];
    let defenders = (board.gold_movers() | board.kind(Kind::Silver)) & board.side(side) & near;
    let attackers = board.side(enemy) & near & !board.kind(Kind::Pawn) & !board.kind(Kind::King);
    let enemy_hand = board.hand(enemy);
    let hand_threat = enemy_hand.total() as Score - enemy_hand.count(Kind::Pawn) as Score;
    let attackers = attackers.count_ones() as Score;
    let defenders = (defenders.count_ones() as Score).min(4);
    defenders * DEFENDER
        - attackers * (ATTACKER + ATTACKER_PER_HAND_PIECE * hand_threat)
        - KING_ADVANCE * advance(side, king) as Score
        + KING_WING * (file_of(king) as Score - 4).abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_balanced_and_material_counts() {
        let start = Shogi::start();
        assert_eq!(evaluate(&start), 0);
        // Black without its rook is clearly worse, whoever is to move.
        let no_rook = Shogi::from_position_string("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b r 1");
        let no_rook = no_rook.unwrap_or_else(|e| panic!("{e}"));
        assert!(evaluate(&no_rook) < -1500, "{}", evaluate(&no_rook));
    }
}
