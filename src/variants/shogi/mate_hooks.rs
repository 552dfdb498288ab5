//! Shogi's hooks for the checkmate search (`go mate`): the attacker's hand apart from the board
//! key, so that the search's table can compare hands; the check generator, with the key after
//! every move computed without playing it; and the pieces a mate needs against interpositions
//! by drops (the mate in one is `mate_in_one`'s). Kinds are numbered as in a [`Hand`]
//! (`Kind::index`, pawn first).

use super::{Shogi, ShogiMove};
use crate::game::{Game, HandChange, MateGuess, MateHand, MateKey, MateMove, Turn};
use crate::variants::shogi_core::attacks;
use crate::variants::shogi_core::bitboard::{bit, first};
use crate::variants::shogi_core::hand::Hand;
use crate::variants::shogi_core::piece::Kind;
use crate::variants::shogi_core::square::{file_of, rank_of};
use crate::vocabulary::Side;

/// `hand` as the checkmate search counts it.
#[inline]
fn mate_hand(hand: &Hand) -> MateHand {
    MateHand::from_bits(hand.to_bits())
}

/// The checkmate search's number of `kind`.
#[inline]
fn number(kind: Kind) -> u8 {
    kind.index() as u8
}

impl Shogi {
    /// [`Game::mate_key`]: the pieces on the board with the side to move
    /// ([`board_key`](Shogi::board_key)), and the attacker's hand.
    #[inline]
    pub(super) fn attackers_mate_key(&self, attacker: Side) -> MateKey {
        MateKey { board: self.board_key(), hand: mate_hand(self.board.hand(attacker)) }
    }

    /// [`Game::mate_moves`]: the attacker's checks from the check generator, or every legal
    /// reply of the defender, each with its key.
    pub(super) fn checks_and_replies(&self, attacker: Side, key: MateKey, moves: &mut Vec<MateMove<ShogiMove>>) {
        if !matches!(self.turn(), Turn::Decide(_)) {
            return;
        }
        let mut legal = Vec::new();
        if self.side == attacker {
            self.generate_checks(&mut legal);
        } else {
            self.generate_moves(&mut legal);
        }
        moves.extend(legal.into_iter().map(|mv| self.mate_move(key, attacker, mv)));
    }

    /// The legal move `mv` with the key after it (the position's own is `key`) and what it
    /// does to the attacker's hand, without playing it.
    #[inline]
    pub(super) fn mate_move(&self, key: MateKey, attacker: Side, mv: ShogiMove) -> MateMove<ShogiMove> {
        let by_attacker = self.side == attacker;
        let change = match (mv.dropped(), self.board.piece_at(mv.to())) {
            (Some(kind), _) if by_attacker => HandChange::Dropped(number(kind)),
            (Some(kind), _) => HandChange::DefenderDropped(number(kind)),
            (None, Some(victim)) if by_attacker => HandChange::Captured(number(victim.kind.unpromoted())),
            (None, _) => HandChange::None,
        };
        let hand = match change {
            HandChange::Dropped(kind) => key.hand.with(kind, key.hand.count(kind).saturating_sub(1)),
            HandChange::Captured(kind) => key.hand.with(kind, key.hand.count(kind).saturating_add(1)),
            HandChange::None | HandChange::DefenderDropped(_) => key.hand,
        };
        let (order, group) = (self.mate_order(attacker, mv), self.mate_group(by_attacker, mv));
        MateMove { mv, key: MateKey { board: self.board_key_after(mv), hand }, change, order, group }
    }

    /// The piece `mv` moves or drops, as it stands after the move.
    pub(super) fn kind_after(&self, mv: ShogiMove) -> Option<Kind> {
        let kind =
            mv.dropped().or_else(|| mv.from().and_then(|from| self.board.piece_at(from)).map(|piece| piece.kind))?;
        Some(if mv.promotes() { kind.promoted() } else { kind })
    }

    /// Whether `mv` moves a pawn, bishop or rook that could promote on it without promoting, or
    /// a lance to the second rank without promoting: never better than promoting.
    fn declines_promotion(&self, mv: ShogiMove) -> bool {
        let (Some(from), false) = (mv.from(), mv.promotes()) else { return false };
        let Some(piece) = self.board.piece_at(from) else { return false };
        let zone = crate::variants::shogi_core::promotion::zone(self.side);
        let in_zone = zone & (bit(from) | bit(mv.to())) != 0;
        let second_rank = if self.side == Side::First { 1 } else { 7 };
        match piece.kind {
            Kind::Pawn | Kind::Bishop | Kind::Rook => in_zone,
            Kind::Lance => rank_of(mv.to()) == second_rank,
            _ => false,
        }
    }

    /// The order of `mv` among moves with equal numbers, lowest first (KomoringHeights' brief
    /// evaluation): strong pieces near the defender's King first, a declined promotion last;
    /// but the defender's drops near its King first and the cheapest piece first. Drops wait
    /// in their groups in this order (as KomoringHeights delays them in the order its move
    /// generator lists them, pawns first): the attacker mostly takes an interposed piece, and
    /// a proof that does not need the pawn taken settles the interpositions of the other
    /// pieces by hand superiority, where one that needs the bishop taken settles none.
    fn mate_order(&self, attacker: Side, mv: ShogiMove) -> i32 {
        // Pawn, lance, knight, silver, bishop, rook, gold, King, the four promoted steppers,
        // horse, dragon.
        const WORTH: [i32; 14] = [10, 20, 20, 30, 50, 50, 50, 80, 50, 50, 50, 50, 80, 80];
        let worth = self.kind_after(mv).map_or(0, |kind| WORTH[kind as usize]);
        let distance = self.board.king_square(attacker.opponent()).map_or(0, |king| {
            let (files, ranks) = (file_of(king).abs_diff(file_of(mv.to())), rank_of(king).abs_diff(rank_of(mv.to())));
            files.max(ranks) as i32
        });
        if mv.dropped().is_some() && self.side != attacker {
            return worth + 10 * distance;
        }
        let declined = if self.declines_promotion(mv) { 1000 } else { 0 };
        declined - worth + 10 * distance
    }

    /// The group `mv` waits in: the defender's drops by square, except that the drops onto
    /// squares no piece of the defender guards, which do not check, all wait in one group
    /// (futile interpositions, after KomoringHeights); a move that declines a promotion with
    /// the same move promoting (listed first).
    fn mate_group(&self, by_attacker: bool, mv: ShogiMove) -> Option<u32> {
        const SQUARES: u32 = 81;
        const UNGUARDED_DROPS: u32 = SQUARES + SQUARES * SQUARES;
        match mv.from() {
            None if !by_attacker && self.futile_drop(mv) => Some(UNGUARDED_DROPS),
            None if !by_attacker => Some(mv.to() as u32),
            Some(from)
                if self.declines_promotion(mv)
                    || (mv.promotes() && self.declines_promotion(ShogiMove::board(from, mv.to(), false))) =>
            {
                Some(SQUARES + from as u32 * SQUARES + mv.to() as u32)
            }
            _ => None,
        }
    }

    /// Whether the drop `mv` goes where no piece of the side dropping guards and gives no
    /// check: an interposition the attacker mostly takes for free.
    fn futile_drop(&self, mv: ShogiMove) -> bool {
        let (us, to, occupied) = (self.side, mv.to(), self.board.occupied());
        let Some(kind) = mv.dropped() else { return false };
        let checks = self
            .board
            .king_square(us.opponent())
            .is_some_and(|king| attacks::attacks(us, kind, to, occupied) & bit(king) != 0);
        !checks && self.board.attackers_to(to, us, occupied) == 0
    }

    /// [`Game::mate_guess`]: the df-pn+ guess at the numbers after the legal move `mv`, by the
    /// attacker or not, from who guards its square (after GPS Shogi's liberty estimator, as
    /// KomoringHeights uses it): a check onto a square the defender guards twice is harder to
    /// prove, one the attacker supports more than the defender guards harder to disprove; a
    /// capture is the defender's best hope, a King move a plain one, a move onto a square the
    /// attacker guards more than the defender a weak one.
    pub(super) fn guess_after(&self, by_attacker: bool, mv: ShogiMove) -> MateGuess {
        const U: u32 = MateGuess::UNIT;
        let (mover, to, occupied) = (self.side, mv.to(), self.board.occupied());
        let ours = self.board.attackers_to(to, mover, occupied).count_ones() + u32::from(mv.dropped().is_some());
        let theirs = self.board.attackers_to(to, mover.opponent(), occupied).count_ones();
        let victim = self.board.piece_at(to);
        if by_attacker {
            let pn = U + if theirs >= 2 { U } else { 0 };
            return match victim {
                _ if ours > theirs => MateGuess { pn, dn: 2 * U },
                Some(piece) if matches!(piece.kind.unpromoted(), Kind::Gold | Kind::Silver) => {
                    MateGuess { pn, dn: 2 * U }
                }
                _ => MateGuess { pn: pn + U, dn: U },
            };
        }
        let king_moves = mv.from().is_some_and(|from| self.board.king_square(mover) == Some(from));
        match () {
            _ if victim.is_some() => MateGuess { pn: 2 * U, dn: U },
            _ if king_moves => MateGuess::EVEN,
            _ if ours > theirs => MateGuess { pn: 2 * U, dn: U },
            _ => MateGuess { pn: U, dn: 2 * U },
        }
    }

    /// [`Game::interposition_guard`]: for the defender in check, the attacker holding `hand`:
    /// when a drop could interpose (one checker, not adjacent), the attacker must keep every
    /// piece of the kinds the defender does not hold.
    pub(super) fn interposition_guard_for(&self, attacker: Side, hand: MateHand) -> MateHand {
        let defender = attacker.opponent();
        let Some(king) = self.board.king_square(defender) else { return MateHand::NONE };
        if self.checkers.count_ones() != 1 || attacks::between(king, first(self.checkers)) == 0 {
            return MateHand::NONE;
        }
        let held = self.board.hand(defender);
        let lacking = Kind::IN_HAND.into_iter().filter(|&kind| held.count(kind) == 0).map(number);
        lacking.fold(MateHand::NONE, |guard, kind| guard.with(kind, hand.count(kind)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{played_mate_in_one, played_mate_moves, OneCheck};

    /// Positions with drops, captures, promotions, discovered checks and checks to answer.
    const POSITIONS: [&str; 4] = [
        "8k/7p1/1r7/5bS2/7N1/9/9/9/8K b RSNLb4g2s2n3l17p 1",
        "5n1k1/5ps2/7p1/8N/7P1/9/9/9/K8 b RBrb4g3s2n4l15p 1",
        "1+P2Ss2l/1+S5b1/k1p4p1/1p+r1G2n1/p7p/P1N2S3/KPP1PP+pBP/7+r1/LNg6 b GNL2Pgl3p 1",
        "8k/9/9/7s1/8K/9/9/9/8R b - 1",
    ];

    /// Every position one attacker's check and one reply deep from `sfen`, with the attacker.
    fn walk(sfen: &str) -> Vec<(Shogi, Side)> {
        let root = Shogi::from_position_string(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let attacker = root.side;
        let mut positions = vec![root.clone()];
        let mut checks = Vec::new();
        root.generate_checks(&mut checks);
        for check in checks {
            let mut pos = root.clone();
            pos.play(check);
            let mut replies = Vec::new();
            pos.generate(&mut replies);
            positions.extend(replies.into_iter().map(|reply| {
                let mut next = pos.clone();
                next.play(reply);
                next
            }));
            positions.push(pos);
        }
        positions.into_iter().map(|pos| (pos, attacker)).collect()
    }

    #[test]
    fn unguarded_interpositions_wait_in_one_group() {
        // The rook checks down the file; the King guards 5b only; a gold on 5h would check.
        let mut pos = Shogi::from_position_string("4k4/9/9/9/9/9/9/9/4RK3 w gp 1").unwrap_or_else(|e| panic!("{e}"));
        let key = pos.mate_key(Side::First);
        let mut replies = Vec::new();
        pos.mate_moves(Side::First, key, &mut replies);
        let group_of = |usi: &str| replies.iter().find(|r| r.mv.usi() == usi).map(|r| r.group);
        let futile = group_of("P*5h").flatten();
        assert!(futile.is_some());
        for drop in ["G*5c", "P*5c", "G*5g", "P*5g"] {
            assert_eq!(group_of(drop).flatten(), futile, "{drop}");
        }
        // Guarded by the King, or checking: grouped by square, apart from the futile ones.
        let guarded = group_of("G*5b").flatten();
        assert!(guarded.is_some() && guarded != futile);
        assert_eq!(group_of("P*5b").flatten(), guarded);
        let checking = group_of("G*5h").flatten();
        assert!(checking.is_some() && checking != futile && checking != guarded);
        assert_eq!(group_of("5a4b"), Some(None));
    }

    #[test]
    fn interpositions_wait_cheapest_piece_first_and_checks_come_strongest_first() {
        let mut pos =
            Shogi::from_position_string("4k4/9/9/9/9/9/9/9/4RK3 w gbplns 1").unwrap_or_else(|e| panic!("{e}"));
        let key = pos.mate_key(Side::First);
        let mut replies = Vec::new();
        pos.mate_moves(Side::First, key, &mut replies);
        let order = |usi: &str| replies.iter().find(|r| r.mv.usi() == usi).map_or(i32::MAX, |r| r.order);
        // On one square the pawn is interposed first, the gold and the bishop last; nearer the
        // King first.
        for square in ["5b", "5c", "5g"] {
            let drops = ["P", "L", "S", "G"].map(|piece| order(&format!("{piece}*{square}")));
            assert!(drops.windows(2).all(|pair| pair[0] < pair[1]), "{square}: {drops:?}");
            assert!(order(&format!("S*{square}")) < order(&format!("B*{square}")), "{square}");
        }
        assert!(order("G*5b") < order("P*5g"));
        // The attacker's checks: strong pieces first.
        let mut pos = Shogi::from_position_string("4k4/9/9/9/9/9/9/9/5K3 b GP 1").unwrap_or_else(|e| panic!("{e}"));
        let key = pos.mate_key(Side::First);
        let mut checks = Vec::new();
        pos.mate_moves(Side::First, key, &mut checks);
        let order = |usi: &str| checks.iter().find(|c| c.mv.usi() == usi).map_or(i32::MAX, |c| c.order);
        assert!(order("G*5b") < order("P*5b"));
    }

    #[test]
    fn the_mating_check_is_the_one_found_by_playing_every_check() {
        let (mut mates, mut no_mates, mut no_checks) = (0, 0, 0);
        let attacking = POSITIONS.into_iter().flat_map(walk).filter(|(pos, attacker)| pos.side == *attacker);
        for (mut pos, attacker) in attacking {
            let key = pos.mate_key(attacker);
            let fast = pos.mate_in_one(attacker, key);
            let played = played_mate_in_one(&mut pos, attacker, key);
            let at = pos.position_string();
            match (fast, played) {
                (OneCheck::Mates(fast), OneCheck::Mates(played)) => {
                    assert_eq!((fast.mv, fast.key, fast.change), (played.mv, played.key, played.change), "{at}");
                    mates += 1;
                }
                (OneCheck::NoMate, OneCheck::NoMate) => no_mates += 1,
                (OneCheck::NoCheck, OneCheck::NoCheck) => no_checks += 1,
                (fast, played) => panic!("{at}: {fast:?} against {played:?}"),
            }
        }
        // The positions have all three answers.
        assert!(mates > 0 && no_mates > 0 && no_checks > 0, "{mates} {no_mates} {no_checks}");
    }

    #[test]
    fn the_hooks_name_the_positions_the_moves_lead_to() {
        for (mut pos, attacker) in POSITIONS.into_iter().flat_map(walk) {
            let key = pos.mate_key(attacker);
            let (mut hooked, mut played) = (Vec::new(), Vec::new());
            pos.mate_moves(attacker, key, &mut hooked);
            played_mate_moves(&mut pos, attacker, &mut played);
            let moves = |list: &[MateMove<ShogiMove>]| {
                let mut moves: Vec<u32> = list.iter().map(|m| m.mv.code()).collect();
                moves.sort_unstable();
                moves
            };
            assert_eq!(moves(&hooked), moves(&played), "{}", pos.position_string());
            for next in hooked {
                pos.play(next.mv);
                assert_eq!(next.key, pos.mate_key(attacker), "{} {}", next.mv.usi(), pos.position_string());
                pos.undo();
            }
        }
    }
}
