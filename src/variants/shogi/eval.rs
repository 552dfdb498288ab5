//! The shogi evaluation: material (in hand by how many of a kind are held), a piece-square table
//! for every kind (the King's included), golds/silvers/knights/promoted pieces by their distance
//! to both Kings (guards near their own, attackers near the enemy's), slider mobility, King
//! safety (enemy pieces near it, the squares next to it the enemy attacks, weighted by the
//! enemy's hand, those it attacks twice, and the squares where a piece from the enemy's hand
//! would check it safely or an enemy piece could move to check it safely, the enemy's attacks
//! on its flank), threats (pieces attacked by cheaper ones or attacked and undefended, apart
//! for the side to move and the other), the mobility of the stepping pieces and lances, and
//! the safe squares of the enemy's camp where pieces in hand could drop. From the side to
//! move's point of view.

use super::position::Shogi;
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::{bit, far_ranks, file_mask, squares, Bitboard};
use crate::variants::shogi_core::board::Board;
use crate::variants::shogi_core::drops::drop_targets;
use crate::variants::shogi_core::piece::{Kind, HAND_KINDS, KINDS};
use crate::variants::shogi_core::square::{file_of, rank_of, square, Square, SQUARES};
use crate::vocabulary::{Score, Side};
use std::sync::LazyLock;

/// Board values by `Kind as usize`: P L N S B R G K +P +L +N +S +B +R. What exchanges are
/// counted in (`exchange.rs`); the evaluation's own material is in its weights.
pub(crate) const BOARD_VALUE: [Score; KINDS] = [90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395];

/// Values in hand by `Kind as usize` (`Pawn`..`Gold`): a piece in hand can go anywhere.
pub(crate) const HAND_VALUE: [Score; HAND_KINDS] = [100, 345, 445, 545, 935, 1090, 590];

crate::weight_table! {
    /// The evaluation's weights (the constant is in `weights.rs`, which `arena tune` rewrites).
    pub struct Weights {
        /// Material on the board by `Kind as usize`: P L N S B R G K +P +L +N +S +B +R.
        pub board_value: [Score; KINDS],
        /// Material in hand by `Kind as usize` (`Pawn`..`Gold`): the first, second, third and
        /// each further piece of the kind held.
        pub hand_value: [[Score; HAND_HELD]; HAND_KINDS],
        /// Placement by `Kind as usize`, rank and file as the owner sees the board: row 0 is the
        /// far rank (the enemy's back rank), column 0 the left edge (file 9 for the first
        /// player, file 1 for the second).
        pub placement: [[[Score; 9]; 9]; KINDS],
        /// Per enemy piece (not pawn or King) within two squares of the King.
        pub attacker: Score,
        /// Extra per enemy attacker and per non-pawn piece the enemy holds in hand (drop threats).
        pub attacker_per_hand_piece: Score,
        /// Per square a rook, bishop, dragon or horse attacks.
        pub slider_mobility: Score,
        /// By King distance (the larger of the file and rank distances, 0..8) for a piece near
        /// its own King, by role: gold-movers, silvers, knights, horses and dragons. Pawns,
        /// lances, rooks and bishops get none.
        pub guard: [[Score; 9]; 5],
        /// The same near the enemy King.
        pub attack: [[Score; 9]; 5],
        /// Per piece of the side to move, by `Kind as usize`, that the enemy attacks with a
        /// cheaper piece or that stands attacked and undefended.
        pub threat_on_us: [Score; KINDS],
        /// The same for the pieces of the side not to move.
        pub threat_on_them: [Score; KINDS],
        /// By the number of squares next to the King that the enemy attacks (0..8).
        pub king_zone: [Score; 9],
        /// Per square next to the King the enemy attacks and per non-pawn piece in its hand.
        pub zone_per_hand_piece: Score,
        /// By `Kind as usize` (`Pawn`..`Gold`), per empty square where a piece of the kind the
        /// enemy holds in hand would check the King, defended by no piece but the King, and
        /// next to the King only where the enemy attacks it.
        pub safe_drop_check: [Score; HAND_KINDS],
        /// By [`CHECKING_KINDS`], per square from which an enemy piece of the kind could move
        /// to check the King: not the enemy's own, defended by no piece but the King, and
        /// next to the King only where a second enemy piece attacks it too.
        pub safe_move_check: [Score; CHECKING_KINDS.len()],
        /// Per square next to the King that the enemy attacks twice and no piece but the King
        /// defends.
        pub zone_twice: Score,
        /// By [`STEP_ROLES`] and by the squares a piece attacks (0..8) that are not its own
        /// King's and that no enemy pawn attacks: one entry per piece.
        pub step_mobility: [[Score; 9]; STEP_ROLES],
        /// Per attack of the enemy on the King's flank (the King's file and the files beside
        /// it, clamped inside the board, in its own five ranks): each square attacked counts
        /// once, and once more if attacked twice.
        pub flank_attack: Score,
        /// Per eighth of the square of those attacks.
        pub flank_attack_squared: Score,
        /// Per square of the King's flank that its own side attacks.
        pub flank_defence: Score,
        /// By `Kind as usize` (`Pawn`..`Gold`), per kind held: the empty squares of the enemy's
        /// five ranks that the enemy does not attack and where a piece of the kind may be
        /// dropped.
        pub drop_reach: [Score; HAND_KINDS],
    }
}

/// Value tiers for threats: a piece attacked by one of a lower tier is threatened.
#[inline]
fn tier(kind: Kind) -> usize {
    match kind {
        Kind::Pawn => 0,
        Kind::Lance | Kind::Knight => 1,
        Kind::Silver | Kind::Gold | Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => 2,
        Kind::Bishop | Kind::Horse => 3,
        Kind::Rook | Kind::Dragon => 4,
        Kind::King => 5,
    }
}

/// The number of tiers ([`tier`]).
const TIERS: usize = 6;

/// The kinds whose moves [`Weights::safe_move_check`] counts, a kind standing for the pieces
/// that attack like it: lances, knights, silvers, gold-movers, bishops and horses, rooks and
/// dragons.
const CHECKING_KINDS: [Kind; 6] = [Kind::Lance, Kind::Knight, Kind::Silver, Kind::Gold, Kind::Bishop, Kind::Rook];

/// The squares one side attacks: all of them, those attacked at least twice, by tier those
/// attacked by a piece of a lower tier, and by [`CHECKING_KINDS`] those the pieces of each kind
/// attack; and how many squares its rooks, bishops, dragons and horses reach as sliders.
struct Reach {
    all: Bitboard,
    twice: Bitboard,
    below: [Bitboard; TIERS],
    by_kind: [Bitboard; CHECKING_KINDS.len()],
    slider_squares: u32,
    /// [`Weights::step_mobility`] summed over the side's stepping pieces and lances.
    step_score: Score,
}

/// The rows of [`Weights::step_mobility`]: gold-movers, silvers, knights and lances.
const STEP_ROLES: usize = 4;

/// The row of [`Weights::step_mobility`] for lances, whose reach depends on the board.
const LANCE_ROLE: usize = 3;

/// By role (gold-movers, silvers, knights) and side, how many squares a piece on each square
/// attacks: eight but where the board's edges cut some off.
static STEP_REACH: LazyLock<[[[u8; SQUARES]; 2]; 3]> = LazyLock::new(|| {
    let sides = [Side::First, Side::Second];
    let count = |attack: fn(Side, Square) -> Bitboard| {
        sides.map(|side| std::array::from_fn(|sq| attack(side, sq).count_ones() as u8))
    };
    [count(attacks::gold), count(attacks::silver), count(attacks::knight)]
});

/// The squares `side`'s `pawns` attack. A pawn never stands on its far rank, so the shift never
/// leaves the file.
#[inline]
fn pawn_reach(side: Side, pawns: Bitboard) -> Bitboard {
    match side {
        Side::First => pawns >> 1,
        Side::Second => pawns << 1,
    }
}

/// By [`Side::index`], the five ranks farthest from the side: the other side's camp.
const FAR_FIVE: [Bitboard; 2] = [far_ranks(Side::First, 5), far_ranks(Side::Second, 5)];

/// The squares attacked at least once and at least twice, as pieces' attacks are added.
#[derive(Default)]
struct Cover {
    once: Bitboard,
    twice: Bitboard,
}

impl Cover {
    /// Adds the attacks of each of `pieces` (`attack` of its square); returns their union.
    fn each(&mut self, pieces: Bitboard, mut attack: impl FnMut(Square) -> Bitboard) -> Bitboard {
        squares(pieces).fold(0, |union, sq| union | self.add(attack(sq)))
    }

    /// Adds one piece's attacks (or those of pieces that never attack a square together).
    fn add(&mut self, attack: Bitboard) -> Bitboard {
        self.twice |= self.once & attack;
        self.once |= attack;
        attack
    }
}

impl Reach {
    /// The squares a piece other than the King attacks.
    #[inline]
    fn by_pieces(&self) -> Bitboard {
        self.below[TIERS - 1]
    }

    /// The reach of each side, indexed by [`Side::index`].
    fn both(board: &Board, mobility: &[[Score; 9]; STEP_ROLES]) -> [Reach; 2] {
        [Reach::of(board, Side::First, mobility), Reach::of(board, Side::Second, mobility)]
    }

    /// What `side`'s pieces on `board` attack, and their step mobility scored by `mobility`.
    fn of(board: &Board, side: Side, mobility: &[[Score; 9]; STEP_ROLES]) -> Reach {
        let occupied = board.occupied();
        let own = board.side(side);
        let mine = |kinds: Bitboard| own & kinds;
        let mut cover = Cover::default();
        let enemy = side.opponent();
        let area = !(pawn_reach(enemy, board.side(enemy) & board.kind(Kind::Pawn)) | mine(board.kind(Kind::King)));
        // A step piece's mobility is its reach less the few squares outside the area.
        let step_reach = &*STEP_REACH;
        let index = side.index();
        let mut step_score = 0;
        let mut step = |role: usize, sq: Square, reach: Bitboard| {
            let count = if role == LANCE_ROLE {
                (reach & area).count_ones() as usize
            } else {
                let outside = reach & !area;
                step_reach[role][index][sq] as usize - if outside == 0 { 0 } else { outside.count_ones() as usize }
            };
            step_score += mobility[role][count];
            reach
        };
        // Two pawns never attack the same square.
        let pawn = cover.add(pawn_reach(side, mine(board.kind(Kind::Pawn))));
        let lance =
            cover.each(mine(board.kind(Kind::Lance)), |sq| step(LANCE_ROLE, sq, attacks::lance(side, sq, occupied)));
        let knight = cover.each(mine(board.kind(Kind::Knight)), |sq| step(2, sq, attacks::knight(side, sq)));
        let silver = cover.each(mine(board.kind(Kind::Silver)), |sq| step(1, sq, attacks::silver(side, sq)));
        let gold = cover.each(mine(board.gold_movers()), |sq| step(0, sq, attacks::gold(side, sq)));
        let mut slider_squares = 0;
        let mut slide = |reach: Bitboard| {
            slider_squares += reach.count_ones();
            reach
        };
        let bishops = cover.each(mine(board.kind(Kind::Bishop)), |sq| slide(attacks::bishop(sq, occupied)))
            | cover.each(mine(board.kind(Kind::Horse)), |sq| slide(attacks::bishop(sq, occupied)) | attacks::king(sq));
        let rooks = cover.each(mine(board.kind(Kind::Rook)), |sq| slide(attacks::rook(sq, occupied)))
            | cover.each(mine(board.kind(Kind::Dragon)), |sq| slide(attacks::rook(sq, occupied)) | attacks::king(sq));
        let king = cover.each(mine(board.kind(Kind::King)), attacks::king);
        let by_tier = [pawn, lance | knight, silver | gold, bishops, rooks, king];
        let mut below = [0; TIERS];
        for t in 1..TIERS {
            below[t] = below[t - 1] | by_tier[t - 1];
        }
        Reach {
            all: below[TIERS - 1] | by_tier[TIERS - 1],
            twice: cover.twice,
            below,
            by_kind: [lance, knight, silver, gold, bishops, rooks],
            slider_squares,
            step_score,
        }
    }
}

/// `weights[kind]` summed over `victim`'s pieces (the King aside) that the enemy attacks with a
/// cheaper piece, or attacks while `victim` does not defend them.
fn threats(board: &Board, victim: Side, reach: &[Reach; 2], weights: &[Score; KINDS]) -> Score {
    let (own, enemy) = (&reach[victim.index()], &reach[victim.opponent().index()]);
    let mut score = 0;
    for sq in squares(board.side(victim) & enemy.all & !board.kind(Kind::King)) {
        let Some(piece) = board.piece_at(sq) else { continue };
        if enemy.below[tier(piece.kind)] & bit(sq) != 0 || own.all & bit(sq) == 0 {
            score += weights[piece.kind.index()];
        }
    }
    score
}

/// The row of [`Weights::guard`] and [`Weights::attack`] for `kind`, if it has one.
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

/// The pieces of a kind in hand that [`Weights::hand_value`] values one by one; further pieces
/// are each worth the last.
pub const HAND_HELD: usize = 4;

/// Row and column of `sq` in [`Weights::placement`] as `side` sees the board.
#[inline]
fn seen_by(side: Side, sq: Square) -> (usize, usize) {
    match side {
        Side::First => (rank_of(sq), 8 - file_of(sq)),
        Side::Second => (8 - rank_of(sq), file_of(sq)),
    }
}

/// The static evaluation of `position` from its side to move's point of view, with `w`.
pub fn evaluate(position: &Shogi, w: &Weights) -> Score {
    let board = position.board();
    let reach = Reach::both(board, &w.step_mobility);
    let black = side_score(board, Side::First, &reach, w) - side_score(board, Side::Second, &reach, w);
    let us = position.side;
    let view = match us {
        Side::First => black,
        Side::Second => -black,
    };
    view + threats(board, us, &reach, &w.threat_on_us) + threats(board, us.opponent(), &reach, &w.threat_on_them)
}

/// Everything `side` owns: material, placement, the pieces guarding its King and attacking the
/// enemy King, slider mobility, and its King's safety.
fn side_score(board: &Board, side: Side, reach: &[Reach; 2], w: &Weights) -> Score {
    let mut score = 0;
    let own_king = board.king_square(side);
    let enemy_king = board.king_square(side.opponent());
    for sq in squares(board.side(side)) {
        let Some(piece) = board.piece_at(sq) else { continue };
        let kind = piece.kind;
        let (row, column) = seen_by(side, sq);
        score += w.board_value[kind.index()] + w.placement[kind.index()][row][column];
        if let Some(role) = role(kind) {
            score += own_king.map_or(0, |k| w.guard[role][distance(sq, k)]);
            score += enemy_king.map_or(0, |k| w.attack[role][distance(sq, k)]);
        }
    }
    score += w.slider_mobility * reach[side.index()].slider_squares as Score;
    score += reach[side.index()].step_score;
    score += drop_reach(board, side, reach, &w.drop_reach);
    for kind in Kind::IN_HAND {
        let held = board.hand(side).count(kind) as usize;
        let values = &w.hand_value[kind.index()];
        score += values[..held.min(HAND_HELD)].iter().sum::<Score>()
            + values[HAND_HELD - 1] * held.saturating_sub(HAND_HELD) as Score;
    }
    score + king_safety(board, side, reach, w)
}

/// The safety of `side`'s King: the enemy near it, worse with pieces in the enemy's hand (where
/// it stands is in [`Weights::placement`]).
fn king_safety(board: &Board, side: Side, reach: &[Reach; 2], w: &Weights) -> Score {
    let Some(king) = board.king_square(side) else { return 0 };
    let enemy = side.opponent();
    let attackers = board.side(enemy) & NEAR[king] & !board.kind(Kind::Pawn) & !board.kind(Kind::King);
    let enemy_hand = board.hand(enemy);
    let hand_threat = enemy_hand.total() as Score - enemy_hand.count(Kind::Pawn) as Score;
    let attackers = attackers.count_ones() as Score;
    let zone = (attacks::king(king) & reach[enemy.index()].all).count_ones() as usize;
    let drop_checks = safe_drop_checks(board, side, king, reach, &w.safe_drop_check);
    let move_checks = safe_move_checks(board, side, king, reach, &w.safe_move_check);
    let pressed = pressed_squares(side, king, reach) as Score;
    -attackers * (w.attacker + w.attacker_per_hand_piece * hand_threat)
        + w.king_zone[zone]
        + w.zone_per_hand_piece * zone as Score * hand_threat
        + drop_checks
        + move_checks
        + w.zone_twice * pressed
        + flank(side, king, reach, w)
}

/// The King's flank ([`Weights::flank_attack`]) for a King on each file index.
const fn flank_table() -> [Bitboard; 9] {
    let mut table = [0; 9];
    let mut f = 0;
    while f < 9 {
        let centre = if f < 1 {
            1
        } else if f > 7 {
            7
        } else {
            f
        };
        table[f] = file_mask(centre - 1) | file_mask(centre) | file_mask(centre + 1);
        f += 1;
    }
    table
}

/// The three files of the King's flank by the King's file index.
const FLANK_FILES: [Bitboard; 9] = flank_table();

/// The attacks on and defence of the flank of `side`'s King on `king`.
fn flank(side: Side, king: Square, reach: &[Reach; 2], w: &Weights) -> Score {
    let (defence, offence) = (&reach[side.index()], &reach[side.opponent().index()]);
    let flank = FLANK_FILES[file_of(king)] & FAR_FIVE[side.opponent().index()];
    let attacked = offence.all & flank;
    let pressure = (attacked.count_ones() + (attacked & offence.twice).count_ones()) as Score;
    w.flank_attack * pressure
        + w.flank_attack_squared * (pressure * pressure / 8)
        + w.flank_defence * (defence.all & flank).count_ones() as Score
}

/// `weights[kind]` per kind in `side`'s hand, per empty square of the enemy's five ranks that
/// the enemy does not attack and where a piece of the kind may be dropped.
fn drop_reach(board: &Board, side: Side, reach: &[Reach; 2], weights: &[Score; HAND_KINDS]) -> Score {
    let hand = board.hand(side);
    if hand.total() == 0 {
        return 0;
    }
    let open = !board.occupied() & FAR_FIVE[side.index()] & !reach[side.opponent().index()].all;
    let own_pawns = board.side(side) & board.kind(Kind::Pawn);
    hand.kinds()
        .map(|kind| weights[kind.index()] * drop_targets(side, kind, open, own_pawns).count_ones() as Score)
        .sum()
}

/// The squares next to `side`'s King on `king` that the enemy attacks twice and no piece of
/// `side` but the King defends.
fn pressed_squares(side: Side, king: Square, reach: &[Reach; 2]) -> u32 {
    let (defence, offence) = (&reach[side.index()], &reach[side.opponent().index()]);
    (attacks::king(king) & offence.twice & !defence.by_pieces()).count_ones()
}

/// `weights[i]` per square from which an enemy piece attacking like `CHECKING_KINDS[i]` could
/// move to check `side`'s King on `king` safely: a square the enemy does not occupy, that no
/// piece of `side` but the King defends and that, next to the King, a second enemy piece
/// attacks too. (Pins and promotions on the way are not looked at.)
fn safe_move_checks(
    board: &Board,
    side: Side,
    king: Square,
    reach: &[Reach; 2],
    weights: &[Score; CHECKING_KINDS.len()],
) -> Score {
    let enemy = side.opponent();
    let (defence, offence) = (&reach[side.index()], &reach[enemy.index()]);
    let occupied = board.occupied();
    let safe = !board.side(enemy) & !defence.by_pieces() & (offence.twice | !attacks::king(king));
    CHECKING_KINDS
        .iter()
        .zip(offence.by_kind)
        .zip(weights)
        .map(|((&kind, movers), &w)| {
            w * (attacks::attacks(side, kind, king, occupied) & movers & safe).count_ones() as Score
        })
        .sum()
}

/// `weights[kind]` per empty square where a piece of that kind from the enemy's hand, dropped,
/// would check `side`'s King on `king` safely: no piece of `side` but the King defends the
/// square, and next to the King the enemy attacks it too.
fn safe_drop_checks(
    board: &Board,
    side: Side,
    king: Square,
    reach: &[Reach; 2],
    weights: &[Score; HAND_KINDS],
) -> Score {
    let enemy = side.opponent();
    let (defence, offence) = (&reach[side.index()], &reach[enemy.index()]);
    let occupied = board.occupied();
    let open = !occupied & !defence.by_pieces() & (offence.all | !attacks::king(king));
    board
        .hand(enemy)
        .kinds()
        .map(|kind| weights[kind.index()] * (attacks::attacks(side, kind, king, occupied) & open).count_ones() as Score)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::shogi::weights::WEIGHTS;
    use crate::variants::shogi_core::square::square_name;

    /// `text` (a shogi position string) with the colours swapped: the board turned half a
    /// turn (ranks and, within each, its squares and runs of empty squares in reverse order),
    /// every piece and hand changing owner, the other side to move.
    fn colours_swapped(text: &str) -> String {
        let fields: Vec<&str> = text.split(' ').collect();
        let swap = |c: char| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() };
        let rows: Vec<String> = fields[0]
            .split('/')
            .rev()
            .map(|row| {
                // Tokens: a piece with its promotion mark, or a run of empty squares.
                let mut tokens: Vec<String> = Vec::new();
                let mut promoted = false;
                for c in row.chars() {
                    match c {
                        '+' => promoted = true,
                        _ => {
                            tokens.push(format!("{}{}", if promoted { "+" } else { "" }, swap(c)));
                            promoted = false;
                        }
                    }
                }
                tokens.into_iter().rev().collect()
            })
            .collect();
        let side = if fields[1] == "b" { "w" } else { "b" };
        let hand: String = if fields[2] == "-" { "-".into() } else { fields[2].chars().map(swap).collect() };
        format!("{} {side} {hand} {}", rows.join("/"), fields[3])
    }

    #[test]
    fn either_side_sees_the_same_evaluation_of_its_own_game() {
        // Castles on both wings, promoted pieces near both Kings, pieces in hand.
        for text in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "ln1gk2nl/3s1s3/pr1pppp1b/6g1p/2R6/1pGB5/P1NPPPP1P/1P1S1S3/L3K1G+pL b n3p 41",
            "l2k2gnl/1+r3sG2/3p1pp1b/1s1np1g1p/pN7/3B5/P1PPPPP1P/1pS2S3/L2RK2GL b n4p 81",
            "ln5nl/1r1g1kg2/p1sppp1p1/2p3s1p/1p5P1/2PSP4/PPB2PP1P/2G2S1R1/LN1K1G1NL w B2p 44",
        ] {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let swapped = colours_swapped(text);
            let mirror = Shogi::from_position_string(&swapped).unwrap_or_else(|e| panic!("{swapped}: {e}"));
            assert_eq!(evaluate(&position, &WEIGHTS), evaluate(&mirror, &WEIGHTS), "{text} against {swapped}");
        }
    }

    /// `text` as a position and its reach, for the feature tests.
    fn board_and_reach(text: &str) -> (Board, [Reach; 2]) {
        let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let board = position.board().clone();
        let reach = Reach::both(&board, &WEIGHTS.step_mobility);
        (board, reach)
    }

    #[test]
    fn the_flank_counts_enemy_attacks_in_the_kings_three_files_and_own_five_ranks() {
        // White's rook on 5e attacks 4e and 6e along rank e and 5f to 5i down the file: six
        // squares of the flank of Black's King on 5i (files 4-6, ranks e-i), none twice. The
        // King itself defends 4h, 5h, 6h, 4i and 6i.
        let (_, reach) = board_and_reach("4k4/9/9/9/4r4/9/9/9/4K4 b - 1");
        let only = |attack, squared, defence| {
            let w = Weights { flank_attack: attack, flank_attack_squared: squared, flank_defence: defence, ..WEIGHTS };
            flank(Side::First, square(4, 8), &reach, &w)
        };
        assert_eq!((only(1, 0, 0), only(0, 1, 0), only(0, 0, 1)), (6, 36 / 8, 5));
        // A King on file 1 has the flank of files 1-3; it defends 2h, 1h and 2i.
        let (_, reach) = board_and_reach("4k4/9/9/9/9/9/9/9/8K b - 1");
        let w = Weights { flank_attack: 0, flank_attack_squared: 0, flank_defence: 1, ..WEIGHTS };
        assert_eq!(flank(Side::First, square(0, 8), &reach, &w), 3);
    }

    #[test]
    fn drop_reach_counts_safe_empty_squares_of_the_enemy_camp_where_the_kind_may_drop() {
        // Black holds a pawn and a knight; White's King on 5a attacks 4b, 5b and 6b. The pawn
        // may drop on ranks b-e (36 squares) but the three attacked; the knight on ranks c-e.
        let (board, reach) = board_and_reach("4k4/9/9/9/9/9/9/9/4K4 b PN 1");
        let count = |kind: Kind| {
            let mut only = [0; HAND_KINDS];
            only[kind.index()] = 1;
            drop_reach(&board, Side::First, &reach, &only)
        };
        assert_eq!((count(Kind::Pawn), count(Kind::Knight), count(Kind::Gold)), (33, 27, 0));
        // A black pawn on file 5 (nifu) takes rank b-e of that file away from the pawn.
        let (board, reach) = board_and_reach("4k4/9/9/9/9/9/4P4/9/4K4 b PN 1");
        assert_eq!(drop_reach(&board, Side::First, &reach, &[1, 0, 0, 0, 0, 0, 0]), 33 - 3);
    }

    #[test]
    fn step_mobility_leaves_out_squares_enemy_pawns_attack() {
        // Weights that name the role and the mobility: ten per role, one per square.
        let mobility: [[Score; 9]; STEP_ROLES] =
            std::array::from_fn(|role| std::array::from_fn(|m| (10 * role + m) as Score));
        let score = |text: &str| {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            Reach::of(position.board(), Side::First, &mobility).step_score
        };
        // Black's silver on 5e attacks 4d, 5d, 6d, 4f and 6f; White's pawn on 5c attacks 5d.
        assert_eq!(score("4k4/9/4p4/9/4S4/9/9/9/4K4 b - 1"), 14);
        // A gold on 9i (the corner) attacks 9h, 8h and 8i.
        assert_eq!(score("4k4/9/9/9/9/9/9/9/G3K4 b - 1"), 3);
        // A gold beside its King (6i) does not count the King's square: 7h, 6h, 5h and 7i.
        assert_eq!(score("4k4/9/9/9/9/9/9/9/3GK4 b - 1"), 4);
        // A lance on 1i sees up the file to White's pawn on 1c, which it attacks: 1h to 1c,
        // less 1d, which the pawn attacks.
        assert_eq!(score("4k4/9/8p/9/9/9/9/9/4K3L b - 1"), 30 + 5);
    }

    #[test]
    fn a_drop_check_is_safe_where_only_the_king_defends_and_the_enemy_supports_it_next_to_him() {
        // Black's King on 5i, White's pawn on 5g covering 5h; White holds a rook, a gold and a
        // knight. Gold: of its five checking squares next to the King only 5h is supported.
        // Knight: 4g and 6g. Rook: 5h, and 3i to 1i and 7i to 9i (4i and 6i unsupported).
        let count = |text: &str, kind: Kind| {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
            let board = position.board();
            let reach = Reach::both(board, &WEIGHTS.step_mobility);
            let king = board.king_square(Side::First).unwrap_or_else(|| panic!("no King"));
            let mut only: [Score; HAND_KINDS] = [0; HAND_KINDS];
            only[kind.index()] = 1;
            safe_drop_checks(board, Side::First, king, &reach, &only)
        };
        let text = "4k4/9/9/9/9/9/4p4/9/4K4 b rgn 1";
        let counts = [Kind::Gold, Kind::Knight, Kind::Rook, Kind::Bishop].map(|kind| count(text, kind));
        assert_eq!(counts, [1, 2, 7, 0]);
        // A black gold on 4i defends 5h and 3i and blocks the rook's line to 1i: the gold's one
        // check goes, and the rook keeps 7i to 9i.
        let text = "4k4/9/9/9/9/9/4p4/9/4KG3 b rgn 1";
        assert_eq!((count(text, Kind::Gold), count(text, Kind::Rook)), (0, 3));
    }

    #[test]
    fn a_move_check_is_safe_where_only_the_king_defends_and_a_second_piece_supports_it_next_to_him() {
        // Black's King on 5i; White's gold on 4g and pawn on 5g, knight on 7e, rook on 1e. Gold:
        // 4h and 5h check, and only 5h is attacked twice (the pawn too). Knight: 6g. Rook: 1i
        // (5g is White's own pawn). 5h is the one square next to the King attacked twice.
        let count = |text: &str| {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
            let board = position.board();
            let reach = Reach::both(board, &WEIGHTS.step_mobility);
            let king = board.king_square(Side::First).unwrap_or_else(|| panic!("no King"));
            let by_kind = std::array::from_fn(|i| {
                let mut only = [0; CHECKING_KINDS.len()];
                only[i] = 1;
                safe_move_checks(board, Side::First, king, &reach, &only)
            });
            (by_kind, pressed_squares(Side::First, king, &reach))
        };
        // Lance, knight, silver, gold, bishop, rook.
        assert_eq!(count("4k4/9/9/9/2n5r/9/4pg3/9/4K4 b - 1"), ([0, 1, 0, 1, 0, 1], 1));
        // A black gold on 6i defends 5h: the gold's check and the pressed square go.
        assert_eq!(count("4k4/9/9/9/2n5r/9/4pg3/9/3GK4 b - 1"), ([0, 1, 0, 0, 0, 1], 0));
    }

    #[test]
    fn twice_is_where_two_pieces_attack() {
        // Black's pawns on 7g and 5g attack 7f and 5f, the silver on 6h 7g, 6g, 5g, 7i and 5i,
        // the King on 5i the squares around it: no square twice. A gold on 6i attacks 7h, 6h
        // and 5h (the King's 6h and 5h), 7i and 5i (the silver's).
        let twice = |text: &str| {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
            let reach = Reach::of(position.board(), Side::First, &WEIGHTS.step_mobility);
            let mut names: Vec<String> = squares(reach.twice).map(square_name).collect();
            names.sort();
            names
        };
        assert!(twice("4k4/9/9/9/9/9/2P1P4/3S5/4K4 b - 1").is_empty());
        assert_eq!(twice("4k4/9/9/9/9/9/2P1P4/3S5/3GK4 b - 1"), ["5h", "5i", "6h", "7i"]);
    }

    #[test]
    fn reach_is_what_every_piece_attacks_by_tier() {
        for text in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "l2k2gnl/1+r3sG2/3p1pp1b/1s1np1g1p/pN7/3B5/P1PPPPP1P/1pS2S3/L2RK2GL b n4p 81",
            "ln5nl/1r1g1kg2/p1sppp1p1/2p3s1p/1p5P1/2PSP4/PPB2PP1P/2G2S1R1/LN1K1G1NL w B2p 44",
            "4k4/9/9/4p1s2/4R1G2/5S3/9/1+B5+R1/4K4 b - 1",
        ] {
            let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
            let board = position.board();
            for side in [Side::First, Side::Second] {
                let reach = Reach::of(board, side, &WEIGHTS.step_mobility);
                let mut below = [0; TIERS];
                let mut all = 0;
                for sq in squares(board.side(side)) {
                    let kind = board.piece_at(sq).unwrap_or_else(|| panic!("{text}: no piece")).kind;
                    let hit = attacks::attacks(side, kind, sq, board.occupied());
                    all |= hit;
                    below.iter_mut().skip(tier(kind) + 1).for_each(|b| *b |= hit);
                }
                assert_eq!((reach.all, reach.below), (all, below), "{text}, {side:?}");
            }
        }
    }

    #[test]
    fn pieces_attacked_by_cheaper_ones_or_left_loose_are_threatened() {
        // Black: a rook a pawn attacks (threatened), a gold a silver attacks but a silver
        // defends (safe), that silver (unattacked). White: the pawn and the silver, both
        // attacked and undefended (threatened), and the King.
        let text = "4k4/9/9/4p1s2/4R1G2/5S3/9/9/4K4 b - 1";
        let position = Shogi::from_position_string(text).unwrap_or_else(|e| panic!("{e}"));
        let board = position.board();
        let reach = Reach::both(board, &WEIGHTS.step_mobility);
        let by_kind: [Score; KINDS] = std::array::from_fn(|k| 1 << k);
        assert_eq!(threats(board, Side::First, &reach, &by_kind), 1 << Kind::Rook.index());
        assert_eq!(
            threats(board, Side::Second, &reach, &by_kind),
            (1 << Kind::Pawn.index()) + (1 << Kind::Silver.index())
        );
    }

    #[test]
    fn the_start_position_is_balanced_and_material_counts() {
        let start = Shogi::start();
        assert_eq!(evaluate(&start, &WEIGHTS), 0);
        // Black without its rook is clearly worse, whoever is to move.
        let no_rook = Shogi::from_position_string("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b r 1");
        let no_rook = no_rook.unwrap_or_else(|e| panic!("{e}"));
        assert!(evaluate(&no_rook, &WEIGHTS) < -1500, "{}", evaluate(&no_rook, &WEIGHTS));
    }
}
