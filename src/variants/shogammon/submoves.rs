//! The sub-moves one die allows (docs/rules/shogammon.md §1–§3) on a board with points: moves
//! of the top pieces of the die's types and drops of them. Each is a [`ShogiMove`]; promotion
//! choices are separate sub-moves.

use super::dice::DieTable;
use super::points::Board;
use crate::variants::shogi_core::attacks::attacks;
use crate::variants::shogi_core::bitboard::{bit, squares, Bitboard, BOARD};
use crate::variants::shogi_core::drops::drop_targets;
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::promotion::promotion_masks;
use crate::vocabulary::Side;

/// Calls `visit` with every sub-move of `side` for `die` whose destination is in `allowed`:
/// board moves of top pieces (sliders stop at the first piece, friend or foe), each promotion
/// choice once (promotion optional or compulsory as in shogi), then drops onto empty squares
/// (dead-piece rule, and no second unpromoted pawn on a file, a pawn under a point included).
/// Stops and returns `true` as soon as `visit` does.
fn visit_sub_moves(
    board: &Board,
    side: Side,
    die: u8,
    table: &DieTable,
    allowed: Bitboard,
    visit: &mut impl FnMut(ShogiMove) -> bool,
) -> bool {
    let tops = board.tops();
    let occupied = tops.occupied();
    for from in squares(tops.side(side)) {
        let Some(piece) = tops.piece_at(from) else { continue };
        if table.die_of(piece.kind) != die {
            continue;
        }
        let (may, must) = promotion_masks(side, piece.kind, from);
        for to in squares(attacks(side, piece.kind, from, occupied) & allowed) {
            if must & bit(to) == 0 && visit(ShogiMove::board(from, to, false)) {
                return true;
            }
            if may & bit(to) != 0 && visit(ShogiMove::board(from, to, true)) {
                return true;
            }
        }
    }
    let own_pawns = tops.pieces(side, Kind::Pawn) | board.under_pieces(side, Kind::Pawn);
    for kind in Kind::IN_HAND {
        if table.die_of(kind) != die || tops.hand(side).count(kind) == 0 {
            continue;
        }
        for to in squares(drop_targets(side, kind, BOARD & !occupied & allowed, own_pawns)) {
            if visit(ShogiMove::drop(kind, to)) {
                return true;
            }
        }
    }
    false
}

/// Every whole sub-move of `side` for `die`: onto empty squares, friendly singles (a point
/// forms) and enemy singles (captures); never onto a point.
pub fn sub_moves(
    board: &Board,
    side: Side,
    die: u8,
    table: &DieTable,
    visit: &mut impl FnMut(ShogiMove) -> bool,
) -> bool {
    visit_sub_moves(board, side, die, table, !board.points(), visit)
}

/// The board moves of `side` for `die` onto an enemy point: first halves of a point capture,
/// legal only when another piece completes the capture with the other die.
pub fn half_captures(
    board: &Board,
    side: Side,
    die: u8,
    table: &DieTable,
    visit: &mut impl FnMut(ShogiMove) -> bool,
) -> bool {
    let enemy_points = board.points() & board.tops().side(side.opponent());
    visit_sub_moves(board, side, die, table, enemy_points, visit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogammon::dice::DEFAULT_TABLE;
    use crate::variants::shogammon::position_string::parse;

    fn count(text: &str, side: Side, die: u8) -> usize {
        let parts = parse(text).unwrap_or_else(|e| panic!("{e}"));
        let table = DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}"));
        let mut n = 0;
        sub_moves(&parts.board, side, die, &table, &mut |_| {
            n += 1;
            false
        });
        n
    }

    /// From the start, by hand: die 1, nine pawn steps; 2, each Lance one step or onto its Pawn
    /// and each Knight onto either Pawn in front (points) = 8; 3, each Silver to three squares,
    /// one of them onto the Bishop or the Rook = 6; 4, each Gold
    /// three forward and two sideways onto the Silver and the King = 10; 5, the Bishop onto the
    /// four pieces around it, the Rook to 1h, 3h..8h (onto the Bishop), 2g and 2i = 13; 6, the
    /// King to 4h 5h 6h and onto both Golds = 5.
    #[test]
    fn start_sub_moves_per_die() {
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - - 1";
        let counts: Vec<usize> = (1..=6).map(|die| count(start, Side::First, die)).collect();
        assert_eq!(counts, [9, 8, 6, 10, 13, 5]);
        let counts: Vec<usize> = (1..=6).map(|die| count(start, Side::Second, die)).collect();
        assert_eq!(counts, [9, 8, 6, 10, 13, 5]);
    }

    /// Only the top of a point moves; no move lands on an enemy point except as a half capture;
    /// a pawn under a point counts for the two-pawn rule of drops. Black: [PK] on 5e (the Pawn
    /// under the King) and a Pawn in hand; White: a point of two Golds on 5d, King 5a.
    #[test]
    fn points_move_only_their_top_and_block_drops_of_a_second_pawn() {
        let text = "4k4/9/9/4[gg]4/4[PK]4/9/9/9/9 b P 61 1";
        // Die 1: Pawn drops on the eight other files, ranks b to i (rank a is dead) = 64; none
        // on file 5, and the Pawn under the King does not move.
        assert_eq!(count(text, Side::First, 1), 64);
        // Die 6: the King to its seven neighbours other than the enemy point on 5d.
        assert_eq!(count(text, Side::First, 6), 7);
        let parts = parse(text).unwrap_or_else(|e| panic!("{e}"));
        let table = DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}"));
        let mut halves = Vec::new();
        half_captures(&parts.board, Side::First, 6, &table, &mut |mv| {
            halves.push(mv.usi());
            false
        });
        assert_eq!(halves, ["5e5d"]);
    }
}
