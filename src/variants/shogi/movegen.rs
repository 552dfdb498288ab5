//! Legal move generation for standard shogi: pins and check evasion handled up front, so every
//! move produced is legal. One generator feeds three sinks: a move list, a counter (perft's
//! last ply: popcounts, no list), and an "is there any move" probe that stops at the first.

use super::attacks;
use super::bitboard::{bit, first, squares, Bitboard, BOARD};
use super::drops::drop_targets;
use super::moves::ShogiMove;
use super::piece::Kind;
use super::position::Shogi;
use super::promotion::promotion_masks;
use super::square::Square;

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
    pub(super) fn generate_legal(&self, moves: &mut Vec<ShogiMove>) {
        self.legal(&mut List(moves));
    }

    /// Appends the legal captures and promotions.
    pub(super) fn generate_noisy_legal(&self, moves: &mut Vec<ShogiMove>) {
        let enemy = self.board.side(self.side.opponent());
        self.legal(&mut Noisy { moves, enemy });
    }

    /// The number of legal moves.
    pub(super) fn count_legal(&self) -> u64 {
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

    /// Feeds every legal move of the side to move to `sink`: piece moves, drops, King moves.
    fn legal<S: Sink>(&self, sink: &mut S) {
        let board = &self.board;
        let us = self.side;
        let Some(king) = board.king_square(us) else { return };
        let own = board.side(us);
        let occupied = board.occupied();
        if self.checkers.count_ones() <= 1 {
            // Out of check anything goes; in check, capture the checker or interpose.
            let (targets, drop_squares) = if self.checkers == 0 {
                (BOARD & !own, BOARD & !occupied)
            } else {
                let shield = attacks::between(king, first(self.checkers));
                (shield | self.checkers, shield)
            };
            let pinned = board.pinned(us, king, occupied);
            for kind in MOVERS {
                let pieces = if kind == Kind::Gold { board.gold_movers() & own } else { board.pieces(us, kind) };
                for from in squares(pieces) {
                    let mut to = attacks::attacks(us, kind, from, occupied) & targets;
                    if pinned & bit(from) != 0 {
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
        let them = us.opponent();
        let without_king = occupied ^ bit(king);
        let mut safe = 0;
        for to in squares(attacks::king(king) & !own) {
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
