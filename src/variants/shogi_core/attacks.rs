//! Attack tables: the squares each piece attacks from each square, computed at compile time.
//!
//! Step pieces use one table per side. Sliders use rays: the eight directions are numbered so
//! that direction `d` and `d ^ 1` are opposite, the even one pointing to lower square indices.
//! A line (file, rank or diagonal) through a square is the pair of rays `2k` (lower part) and
//! `2k + 1` (upper part); its attacks under an occupancy come from the obstruction-difference
//! trick (the highest blocker below and the lowest blocker above bound the attacked segment),
//! a handful of `u128` operations with no table lookups beyond the two rays.

use super::bitboard::{bit, Bitboard};
use super::piece::Kind;
use super::square::{file_of, rank_of, square, Square, SQUARES};
use crate::vocabulary::Side;

/// `(file step, rank step)` of each direction; index deltas -1, +1, -9, +9, -8, +8, -10, +10.
const DIRECTIONS: [(i32, i32); 8] = [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1), (-1, -1), (1, 1)];

/// Direction 0 points to rank `a`: Black's forward direction. Direction 1 is White's.
const fn forward(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

/// No direction joins the two squares.
const NO_DIRECTION: u8 = 8;

/// The square `(file + df, rank + dr)` from `sq`, if it is on the board.
const fn offset(sq: Square, df: i32, dr: i32) -> Option<Square> {
    let f = file_of(sq) as i32 + df;
    let r = rank_of(sq) as i32 + dr;
    if f < 0 || f > 8 || r < 0 || r > 8 {
        None
    } else {
        Some(square(f as usize, r as usize))
    }
}

/// The set of squares at the given offsets from every square; offsets are written for Black
/// (rank step -1 = forward) and mirrored for White.
const fn step_table(steps: &[(i32, i32)]) -> [[Bitboard; SQUARES]; 2] {
    let mut table = [[0; SQUARES]; 2];
    let mut sq = 0;
    while sq < SQUARES {
        let mut i = 0;
        while i < steps.len() {
            let (df, dr) = steps[i];
            if let Some(to) = offset(sq, df, dr) {
                table[0][sq] |= bit(to);
            }
            if let Some(to) = offset(sq, df, -dr) {
                table[1][sq] |= bit(to);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const PAWN: [[Bitboard; SQUARES]; 2] = step_table(&[(0, -1)]);
const KNIGHT: [[Bitboard; SQUARES]; 2] = step_table(&[(-1, -2), (1, -2)]);
const SILVER: [[Bitboard; SQUARES]; 2] = step_table(&[(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)]);
const GOLD: [[Bitboard; SQUARES]; 2] = step_table(&[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)]);
const KING: [[Bitboard; SQUARES]; 2] =
    step_table(&[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]);

const fn ray_table() -> [[Bitboard; 8]; SQUARES] {
    let mut table = [[0; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut at = offset(sq, df, dr);
            while let Some(to) = at {
                table[sq][d] |= bit(to);
                at = offset(to, df, dr);
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `RAYS[sq][d]`: the squares from `sq` (excluded) to the edge in direction `d`.
const RAYS: [[Bitboard; 8]; SQUARES] = ray_table();

const fn direction_table() -> [[u8; SQUARES]; SQUARES] {
    let mut table = [[NO_DIRECTION; SQUARES]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 8 {
            let mut to = 0;
            while to < SQUARES {
                if RAYS[sq][d] & bit(to) != 0 {
                    table[sq][to] = d as u8;
                }
                to += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// `DIRECTION[a][b]`: the direction from `a` to `b`, or [`NO_DIRECTION`].
static DIRECTION: [[u8; SQUARES]; SQUARES] = direction_table();

/// The squares a pawn of `side` on `sq` attacks.
#[inline]
pub fn pawn(side: Side, sq: Square) -> Bitboard {
    PAWN[side.index()][sq]
}

/// The squares a knight of `side` on `sq` attacks.
#[inline]
pub fn knight(side: Side, sq: Square) -> Bitboard {
    KNIGHT[side.index()][sq]
}

/// The squares a silver of `side` on `sq` attacks.
#[inline]
pub fn silver(side: Side, sq: Square) -> Bitboard {
    SILVER[side.index()][sq]
}

/// The squares a gold (or a piece moving as gold) of `side` on `sq` attacks.
#[inline]
pub fn gold(side: Side, sq: Square) -> Bitboard {
    GOLD[side.index()][sq]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    KING[0][sq]
}

/// The attacks along line `k` (0 file, 1 rank, 2 and 3 diagonals) from `sq` under `occupied`.
#[inline]
fn line_attacks(sq: Square, k: usize, occupied: Bitboard) -> Bitboard {
    let lower = RAYS[sq][2 * k];
    let upper = RAYS[sq][2 * k + 1];
    let below = lower & occupied;
    let above = upper & occupied;
    // Everything from the highest blocker below (or square 0) upwards ...
    let from_blocker_below = !0u128 << (127 - (below | 1).leading_zeros());
    // ... up to and including the lowest blocker above (or everything when there is none).
    let lowest_above = above & above.wrapping_neg();
    (lower | upper) & from_blocker_below.wrapping_add(lowest_above << 1)
}

/// The squares a lance of `side` on `sq` attacks under `occupied`.
#[inline]
pub fn lance(side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
    match side {
        Side::First => {
            let ray = RAYS[sq][0];
            ray & (!0u128 << (127 - ((ray & occupied) | 1).leading_zeros()))
        }
        Side::Second => {
            let ray = RAYS[sq][1];
            let blockers = ray & occupied;
            ray & ((blockers & blockers.wrapping_neg()) << 1).wrapping_sub(1)
        }
    }
}

/// The squares a bishop on `sq` attacks under `occupied`.
#[inline]
pub fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(sq, 2, occupied) | line_attacks(sq, 3, occupied)
}

/// The squares a rook on `sq` attacks under `occupied`.
#[inline]
pub fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
    line_attacks(sq, 0, occupied) | line_attacks(sq, 1, occupied)
}

/// The squares a bishop on `sq` attacks on an empty board.
#[inline]
pub fn bishop_rays(sq: Square) -> Bitboard {
    RAYS[sq][4] | RAYS[sq][5] | RAYS[sq][6] | RAYS[sq][7]
}

/// The squares a rook on `sq` attacks on an empty board.
#[inline]
pub fn rook_rays(sq: Square) -> Bitboard {
    RAYS[sq][0] | RAYS[sq][1] | RAYS[sq][2] | RAYS[sq][3]
}

/// The squares a lance of `side` on `sq` attacks on an empty board.
#[inline]
pub fn lance_ray(side: Side, sq: Square) -> Bitboard {
    RAYS[sq][forward(side)]
}

/// The squares a piece of `side` and `kind` on `sq` attacks under `occupied`.
#[inline]
pub fn attacks(side: Side, kind: Kind, sq: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        Kind::Pawn => pawn(side, sq),
        Kind::Lance => lance(side, sq, occupied),
        Kind::Knight => knight(side, sq),
        Kind::Silver => silver(side, sq),
        Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => gold(side, sq),
        Kind::Bishop => bishop(sq, occupied),
        Kind::Rook => rook(sq, occupied),
        Kind::King => king(sq),
        Kind::Horse => bishop(sq, occupied) | king(sq),
        Kind::Dragon => rook(sq, occupied) | king(sq),
    }
}

/// The squares strictly between `a` and `b` when they share a line, else none.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    let d = DIRECTION[a][b] as usize;
    if d == NO_DIRECTION as usize {
        0
    } else {
        RAYS[a][d] & RAYS[b][d ^ 1]
    }
}

/// The whole line through `a` and `b` (both included) when they share one, else none.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    let d = DIRECTION[a][b] as usize;
    if d == NO_DIRECTION as usize {
        0
    } else {
        RAYS[a][d] | RAYS[a][d ^ 1] | bit(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi_core::square::parse_square;

    fn sq(name: &str) -> Square {
        parse_square(name).expect("a square name")
    }

    fn set(names: &[&str]) -> Bitboard {
        names.iter().fold(0, |acc, n| acc | bit(sq(n)))
    }

    /// Slides square by square: the reference for the bit tricks.
    fn walk(from: Square, d: usize, occupied: Bitboard) -> Bitboard {
        let (df, dr) = DIRECTIONS[d];
        let mut attacked = 0;
        let mut at = offset(from, df, dr);
        while let Some(to) = at {
            attacked |= bit(to);
            if occupied & bit(to) != 0 {
                break;
            }
            at = offset(to, df, dr);
        }
        attacked
    }

    #[test]
    fn step_pieces_point_the_right_way() {
        assert_eq!(pawn(Side::First, sq("7g")), set(&["7f"]));
        assert_eq!(pawn(Side::Second, sq("3c")), set(&["3d"]));
        assert_eq!(knight(Side::First, sq("8i")), set(&["9g", "7g"]));
        assert_eq!(silver(Side::First, sq("5e")), set(&["6d", "5d", "4d", "6f", "4f"]));
        assert_eq!(gold(Side::Second, sq("5e")), set(&["6f", "5f", "4f", "6e", "4e", "5d"]));
        assert_eq!(king(sq("1a")), set(&["2a", "1b", "2b"]));
    }

    #[test]
    fn sliders_match_a_square_by_square_walk() {
        let mut rng = crate::vocabulary::SplitMix64::new(0x5106_1A77);
        for _ in 0..2000 {
            let occupied =
                (rng.next() as u128 | (rng.next() as u128) << 64) & crate::variants::shogi_core::bitboard::BOARD;
            let occupied = occupied & (rng.next() as u128 | (rng.next() as u128) << 64);
            let from = rng.below(SQUARES);
            let rook_walk = (0..4).fold(0, |acc, d| acc | walk(from, d, occupied));
            let bishop_walk = (4..8).fold(0, |acc, d| acc | walk(from, d, occupied));
            assert_eq!(rook(from, occupied), rook_walk);
            assert_eq!(bishop(from, occupied), bishop_walk);
            assert_eq!(lance(Side::First, from, occupied), walk(from, 0, occupied));
            assert_eq!(lance(Side::Second, from, occupied), walk(from, 1, occupied));
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("5i"), sq("5e")), set(&["5h", "5g", "5f"]));
        assert_eq!(between(sq("1a"), sq("3c")), set(&["2b"]));
        assert_eq!(between(sq("1a"), sq("2c")), 0);
        assert_eq!(between(sq("4d"), sq("5d")), 0);
        assert_eq!(line(sq("1a"), sq("2c")), 0);
        assert_eq!(line(sq("5e"), sq("5a")).count_ones(), 9);
        assert_eq!(line(sq("9a"), sq("8b")), set(&["9a", "8b", "7c", "6d", "5e", "4f", "3g", "2h", "1i"]));
    }
}
