//! A first shogi evaluation: material (hand pieces a little above their board value), piece
//! placement by advancement, golds/silvers/knights/promoted pieces by their distance to both
//! Kings (guards near their own, attackers near the enemy's), slider mobility, and King safety
//! (enemy pieces near it, weighted by the enemy's hand). From the side to move's point of view.

use super::attacks;
use super::bitboard::{bit, squares, Bitboard};
use super::board::Board;
use super::piece::{Kind, HAND_KINDS, KINDS};
use super::position::Shogi;
use super::square::{file_of, rank_of, square, Square, SQUARES};
use crate::core::{Score, Side};

/// Board values by `Kind as usize`: P L N S B R G K +P +L +N +S +B +R.
pub(crate) const BOARD_VALUE: [Score; KINDS] = [90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395];

/// Values in hand by `Kind as usize` (`Pawn`..`Gold`): a piece in hand can go anywhere.
pub(crate) const HAND_VALUE: [Score; HAND_KINDS] = [100, 345, 445, 545, 935, 1090, 590];

/// Placement bonus by how far a piece stands from its owner's back rank (0..8), for the kinds
/// whose advance matters: pawns, lances, knights, silvers.
const ADVANCE: [[Score; 9]; 4] = [
    [0, 0, 0, 4, 10, 16, 20, 24, 0],
    [4, 2, 0, 0, 2, 6, 10, 0, 0],
    [0, 0, 4, 12, 18, 22, 0, 0, 0],
    [0, 6, 12, 16, 18, 14, 8, 4, 0],
];

/// Enemy piece (not pawn or King) within two squares of the King.
const ATTACKER: Score = 28;
/// Extra per enemy attacker and per non-pawn piece the enemy holds in hand (drop threats).
const ATTACKER_PER_HAND_PIECE: Score = 6;
/// Per rank the King has left its back rank.
const KING_ADVANCE: Score = 14;
/// Per file the King stands away from the centre file (castled Kings sit on the wings).
const KING_WING: Score = 6;
/// Per square a rook, bishop, dragon or horse attacks.
const SLIDER_MOBILITY: Score = 2;

/// Bonus by King distance (the larger of the file and rank distances, 0..8) for a piece near
/// its own King (guard) and near the enemy King (attack), by role: gold-movers, silvers,
/// knights, horses and dragons. Pawns, lances, rooks and bishops get none.
const GUARD: [[Score; 9]; 5] = [
    [0, 30, 15, 5, 0, 0, 0, 0, 0],
    [0, 25, 12, 4, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 20, 10, 0, 0, 0, 0, 0, 0],
    [0, 10, 5, 0, 0, 0, 0, 0, 0],
];
const ATTACK: [[Score; 9]; 5] = [
    [0, 35, 20, 8, 0, 0, 0, 0, 0],
    [0, 30, 15, 6, 0, 0, 0, 0, 0],
    [0, 10, 20, 10, 0, 0, 0, 0, 0],
    [0, 40, 25, 10, 4, 0, 0, 0, 0],
    [0, 40, 25, 10, 4, 0, 0, 0, 0],
];

/// The row of [`GUARD`] and [`ATTACK`] for `kind`, if it has one.
#[inline]
fn role(kind: Kind) -> Option<usize> {
    match kind {
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => Some(0),
        Kind::Silver => Some(1),
        Kind::Knight => Some(2),
        Kind::Horse => Some(3),
        Kind::Dragon => Some(4),
        _ => None,
    }
}

/// The King distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> usize {
    file_of(a).abs_diff(file_of(b)).max(rank_of(a).abs_diff(rank_of(b)))
}

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

/// Everything `side` owns: material, placement, the pieces guarding its King and attacking the
/// enemy King, slider mobility, and its King's safety.
fn side_score(board: &Board, side: Side) -> Score {
    let mut score = 0;
    let occupied = board.occupied();
    let own_king = board.king_square(side);
    let enemy_king = board.king_square(side.opponent());
    for sq in squares(board.side(side)) {
        let Some(piece) = board.piece_at(sq) else { continue };
        let kind = piece.kind;
        score += BOARD_VALUE[kind.index()];
        if kind.index() < 4 {
            score += ADVANCE[kind.index()][advance(side, sq)];
        }
        if let Some(role) = role(kind) {
            score += own_king.map_or(0, |k| GUARD[role][distance(sq, k)]);
            score += enemy_king.map_or(0, |k| ATTACK[role][distance(sq, k)]);
        }
        let reach = match kind {
            Kind::Rook | Kind::Dragon => attacks::rook(sq, occupied),
            Kind::Bishop | Kind::Horse => attacks::bishop(sq, occupied),
            _ => 0,
        };
        score += SLIDER_MOBILITY * reach.count_ones() as Score;
    }
    for kind in Kind::IN_HAND {
        score += HAND_VALUE[kind.index()] * board.hand(side).count(kind) as Score;
    }
    score + king_safety(board, side)
}

/// The safety of `side`'s King: the enemy near it (worse with pieces in the enemy's hand), and
/// where it stands.
fn king_safety(board: &Board, side: Side) -> Score {
    let Some(king) = board.king_square(side) else { return 0 };
    let enemy = side.opponent();
    let attackers = board.side(enemy) & NEAR[king] & !board.kind(Kind::Pawn) & !board.kind(Kind::King);
    let enemy_hand = board.hand(enemy);
    let hand_threat = enemy_hand.total() as Score - enemy_hand.count(Kind::Pawn) as Score;
    let attackers = attackers.count_ones() as Score;
    -attackers * (ATTACKER + ATTACKER_PER_HAND_PIECE * hand_threat) - KING_ADVANCE * advance(side, king) as Score
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
