//! Legal move generation for standard shogi: pins and check evasion handled up front, so every
//! move produced is legal. One generator feeds three sinks: a move list, a counter (perft's
//! last ply: popcounts, no list), and an "is there any move" probe that stops at the first.

use super::position::Shogi;
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::{bit, first, squares, Bitboard, BOARD};
use crate::variants::shogi_core::board::Board;
use crate::variants::shogi_core::drops::drop_targets;
use crate::variants::shogi_core::moves::ShogiMove;
use crate::variants::shogi_core::piece::{Kind, KINDS};
use crate::variants::shogi_core::promotion::promotion_masks;
use crate::variants::shogi_core::square::Square;

/// Receives the legal moves of a position, grouped by piece.
trait Sink {
    /// Set when the sink only needs to know whether a move exists.
    const ANY: bool = false;

    /// The piece on `from` moves to each square of `targets`. On squares of `may` it may
    /// promote, on squares of `must` (a subset of `may`) it must.
    fn board_moves(&mut self, from: Square, targets: Bitboard, may: Bitboard, must: Bitboard);

    /// A piece of `kind` is dropped on each square of `targets`.
    fn drops(&mut self, kind: Kind, targets: Bitboard);

    /// Whether an [`ANY`](Sink::ANY) sink has seen a move.
    fn found(&self) -> bool {
        false
    }
}

/// Appends the moves, promotion first where both exist.
struct List<'a>(&'a mut Vec<ShogiMove>);

impl Sink for List<'_> {
    #[inline]
    fn board_moves(&mut self, from: Square, targets: Bitboard, may: Bitboard, must: Bitboard) {
        for to in squares(targets) {
            if may & bit(to) != 0 {
                self.0.push(ShogiMove::board(from, to, true));
            }
            if must & bit(to) == 0 {
                self.0.push(ShogiMove::board(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        for to in squares(targets) {
            self.0.push(ShogiMove::drop(kind, to));
        }
    }
}

/// Counts the moves.
struct Count(u64);

impl Sink for Count {
    #[inline]
    fn board_moves(&mut self, _from: Square, targets: Bitboard, may: Bitboard, must: Bitboard) {
        self.0 += ((targets & !must).count_ones() + (targets & may).count_ones()) as u64;
    }

    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.0 += targets.count_ones() as u64;
    }
}

/// Notes whether any move exists.
struct Any(bool);

impl Sink for Any {
    const ANY: bool = true;

    #[inline]
    fn board_moves(&mut self, _from: Square, targets: Bitboard, _may: Bitboard, _must: Bitboard) {
        // Every target square holds at least one legal move (promoting or not).
        self.0 |= targets != 0;
    }

    #[inline]
    fn drops(&mut self, _kind: Kind, targets: Bitboard) {
        self.0 |= targets != 0;
    }

    #[inline]
    fn found(&self) -> bool {
        self.0
    }
}

/// Appends the captures and the promotions: promoting moves, and captures that do not promote.
struct Noisy<'a> {
    moves: &'a mut Vec<ShogiMove>,
    enemy: Bitboard,
}

impl Sink for Noisy<'_> {
    #[inline]
    fn board_moves(&mut self, from: Square, targets: Bitboard, may: Bitboard, must: Bitboard) {
        for to in squares(targets & (self.enemy | may)) {
            if may & bit(to) != 0 {
                self.moves.push(ShogiMove::board(from, to, true));
            }
            if self.enemy & !must & bit(to) != 0 {
                self.moves.push(ShogiMove::board(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, _kind: Kind, _targets: Bitboard) {}
}

/// Appends the moves that give check (a checkmate search's attacking moves): a piece arriving
/// where it attacks the enemy King (promoted or not), or a piece leaving the line between the
/// enemy King and one of the mover's sliders (a discovered check).
struct Checks<'a> {
    moves: &'a mut Vec<ShogiMove>,
    board: &'a Board,
    /// The enemy King's square.
    king: Square,
    /// Per kind (`Kind as usize`): the squares from which a piece of that kind of the mover
    /// attacks the enemy King, under the current occupancy.
    check_squares: [Bitboard; KINDS],
    /// The mover's pieces whose departure from the line to the enemy King uncovers a check.
    discoverers: Bitboard,
}

impl<'a> Checks<'a> {
    fn new(position: &'a Shogi, moves: &'a mut Vec<ShogiMove>) -> Option<Checks<'a>> {
        let board = &position.board;
        let us = position.side;
        let them = us.opponent();
        let king = board.king_square(them)?;
        let occupied = board.occupied();
        // A piece of ours on `sq` attacks the King exactly when the same piece of theirs on the
        // King's square would attack `sq`.
        let check_squares = Kind::ALL.map(|kind| attacks::attacks(them, kind, king, occupied));
        let discoverers = board.blockers(them, king, occupied) & board.side(us);
        Some(Checks { moves, board, king, check_squares, discoverers })
    }
}

impl Sink for Checks<'_> {
    #[inline]
    fn board_moves(&mut self, from: Square, targets: Bitboard, may: Bitboard, must: Bitboard) {
        let Some(piece) = self.board.piece_at(from) else { return };
        // The mover's own path to the King never runs through `from` (that would already be
        // check), so the current occupancy gives its checking squares after the move too.
        let plain = self.check_squares[piece.kind.index()];
        let promoted = self.check_squares[piece.kind.promoted().index()];
        let discovered = if self.discoverers & bit(from) != 0 { !attacks::line(self.king, from) } else { 0 };
        for to in squares(targets & (plain | promoted | discovered)) {
            let to_bit = bit(to);
            if may & to_bit != 0 && (promoted | discovered) & to_bit != 0 {
                self.moves.push(ShogiMove::board(from, to, true));
            }
            if must & to_bit == 0 && (plain | discovered) & to_bit != 0 {
                self.moves.push(ShogiMove::board(from, to, false));
            }
        }
    }

    #[inline]
    fn drops(&mut self, kind: Kind, targets: Bitboard) {
        for to in squares(targets & self.check_squares[kind.index()]) {
            self.moves.push(ShogiMove::drop(kind, to));
        }
    }
}

/// The kinds other than King whose moves are generated one piece at a time. The four promoted
/// small pieces move as golds and are generated with them.
const MOVERS: [Kind; 9] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Horse,
    Kind::Dragon,
    Kind::Gold,
];

impl Shogi {
    /// Appends the legal moves (the game must not be over).
    pub(super) fn generate_moves(&self, moves: &mut Vec<ShogiMove>) {
        self.legal(&mut List(moves));
    }

    /// Appends the legal captures and promotions.
    pub(super) fn generate_noisy_legal(&self, moves: &mut Vec<ShogiMove>) {
        let enemy = self.board.side(self.side.opponent());
        self.legal(&mut Noisy { moves, enemy });
    }

    /// Appends the legal moves that give check.
    pub(super) fn generate_checks(&self, moves: &mut Vec<ShogiMove>) {
        if let Some(mut checks) = Checks::new(self, moves) {
            self.legal(&mut checks);
        }
    }

    /// The number of legal moves.
    pub(super) fn count_generated(&self) -> u64 {
        let mut count = Count(0);
        self.legal(&mut count);
        count.0
    }

    /// Whether the side to move has a legal move.
    pub(super) fn has_legal_move(&self) -> bool {
        let mut any = Any(false);
        self.legal(&mut any);
        any.0
    }

    /// Feeds every legal move of the side to move to `sink`: piece moves, drops, King moves. A
    /// sink that only asks whether there is one tries the King's moves first in check (most
    /// often the way out).
    fn legal<S: Sink>(&self, sink: &mut S) {
        let king_first = S::ANY && self.checkers != 0;
        if king_first {
            self.king_moves(sink);
            if sink.found() {
                return;
            }
        }
        let board = &self.board;
        let us = self.side;
        // A side without a King (a tsume attacker) is never in check and has nothing pinned.
        let king = board.king_square(us);
        let own = board.side(us);
        let occupied = board.occupied();
        if self.checkers.count_ones() <= 1 {
            // Out of check anything goes; in check, capture the checker or interpose.
            let (targets, drop_squares) = match king {
                Some(king) if self.checkers != 0 => {
                    let shield = attacks::between(king, first(self.checkers));
                    (shield | self.checkers, shield)
                }
                _ => (BOARD & !own, BOARD & !occupied),
            };
            let pinned = king.map_or(0, |king| board.pinned(us, king, occupied));
            for kind in MOVERS {
                let pieces = if kind == Kind::Gold { board.gold_movers() & own } else { board.pieces(us, kind) };
                for from in squares(pieces) {
                    let mut to = attacks::attacks(us, kind, from, occupied) & targets;
                    if let Some(king) = king.filter(|_| pinned & bit(from) != 0) {
                        to &= attacks::line(king, from);
                    }
                    if to != 0 {
                        let (may, must) = promotion_masks(us, kind, from);
                        sink.board_moves(from, to, may, must);
                        if S::ANY {
                            return;
                        }
                    }
                }
            }
            self.drops(sink, drop_squares);
            if S::ANY && sink.found() {
                return;
            }
        }
        if !king_first {
            self.king_moves(sink);
        }
    }

    /// Feeds the King's legal moves to `sink` (a sink that asks whether there is one: a
    /// single safe square at most).
    fn king_moves<S: Sink>(&self, sink: &mut S) {
        let board = &self.board;
        let us = self.side;
        let Some(king) = board.king_square(us) else { return };
        let them = us.opponent();
        let without_king = board.occupied() ^ bit(king);
        let mut safe = 0;
        for to in squares(attacks::king(king) & !board.side(us)) {
            if board.attackers_to(to, them, without_king) == 0 {
                safe |= bit(to);
                if S::ANY {
                    break;
                }
            }
        }
        sink.board_moves(king, safe, 0, 0);
    }

    /// Feeds the legal drops on `empty` (empty squares that answer a check, if any).
    fn drops<S: Sink>(&self, sink: &mut S, empty: Bitboard) {
        let us = self.side;
        let hand = self.board.hand(us);
        if hand.is_empty() || empty == 0 {
            return;
        }
        let own_pawns = self.board.pieces(us, Kind::Pawn);
        for kind in hand.kinds() {
            let mut to = drop_targets(us, kind, empty, own_pawns);
            if kind == Kind::Pawn {
                // The one square where a pawn drop gives check: in front of the enemy King.
                if let Some(their_king) = self.board.king_square(us.opponent()) {
                    let check = attacks::pawn(us.opponent(), their_king);
                    if to & check != 0 && self.is_pawn_drop_mate(first(check)) {
                        to &= !check;
                    }
                }
            }
            if to != 0 {
                sink.drops(kind, to);
                if S::ANY {
                    return;
                }
            }
        }
    }

    /// Whether a pawn of the side to move dropped on `to` (giving check) would leave the
    /// opponent no legal reply: no piece but the King can take it (pinned pieces cannot, the
    /// pawn on the board), and the King has no safe square (taking the pawn included). A
    /// contact check cannot be interposed.
    pub(super) fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let board = &self.board;
        let us = self.side;
        let them = us.opponent();
        let Some(their_king) = board.king_square(them) else { return false };
        let occupied = board.occupied() | bit(to);
        let takers = board.attackers_to(to, them, occupied) & !bit(their_king);
        if takers & !board.pinned(them, their_king, occupied) != 0 {
            return false;
        }
        let without_king = occupied ^ bit(their_king);
        squares(attacks::king(their_king) & !board.side(them))
            .all(|escape| board.attackers_to(escape, us, without_king) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::vocabulary::SplitMix64;

    /// Random walks from tsume-like and game positions: the checks are exactly the legal moves
    /// after which the opponent is in check, and `board_key_after` is the board key after playing.
    #[test]
    fn checks_are_the_checking_legal_moves_and_board_keys_after_match() {
        let starts = [
            super::super::position::START,
            "9/5Pk2/9/8R/8B/9/9/9/K8 b 2Srb4g2s4n4l17p 1",
            "9/1+R+N1kP2S/6pn1/9/9/5+B3/1R2S4/3p5/K8 b NPb4g2sn4l14p 1",
            "l6nl/3+R1pk2/3p3gp/p1p3p2/1p1nsN3/2P3P1P/PP1P1S3/1SG2GK2/LN6L b BGPrbs4p 1",
            "8k/6G2/7S1/9/9/9/9/9/K8 b PL 1",
        ];
        let mut rng = SplitMix64::new(0xC4EC_5001);
        let (mut positions, mut checks_seen) = (0, 0);
        for start in starts {
            for _ in 0..20 {
                let mut pos = Shogi::from_position_string(start).expect("a valid position");
                for _ in 0..40 {
                    let mut legal = Vec::new();
                    pos.generate(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let mut expected = Vec::new();
                    for &mv in &legal {
                        let after = pos.board_key_after(mv);
                        pos.play(mv);
                        assert_eq!(after, pos.board_key(), "board_key_after {} in {}", mv.usi(), pos.position_string());
                        if pos.is_check() {
                            expected.push(mv.code());
                        }
                        pos.undo();
                    }
                    let mut checks = Vec::new();
                    pos.generate_checks(&mut checks);
                    let mut got: Vec<u32> = checks.iter().map(|mv| mv.code()).collect();
                    got.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(got, expected, "checks of {}", pos.position_string());
                    positions += 1;
                    checks_seen += expected.len();
                    pos.play(legal[rng.below(legal.len())]);
                }
            }
        }
        assert!(positions > 1000 && checks_seen > 1000, "{positions} positions, {checks_seen} checks");
    }
}
