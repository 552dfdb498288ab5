//! How the checkmate search names a position: the pieces on the board with the side to move,
//! and the attacker's hand. Within one search no piece leaves the game, so the defender's hand
//! follows from these two; keeping the attacker's hand apart lets the table compare hands
//! (a proof holds for every bigger attacker's hand, a disproof for every smaller one).

use crate::game::Game;
use crate::variants::shogi::{Shogi, ShogiMove};
use crate::variants::shogi_core::hand::Hand;
use crate::variants::shogi_core::piece::Kind;
use crate::vocabulary::Side;

/// A position as the checkmate search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key {
    /// [`Shogi::board_key`]: the pieces on the board and the side to move.
    pub board: u64,
    /// The attacker's hand.
    pub hand: Hand,
}

/// What a move does to the attacker's hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HandChange {
    None,
    /// The attacker dropped a piece of this kind.
    Dropped(Kind),
    /// The attacker captured a piece that goes to hand as this kind.
    Captured(Kind),
    /// The defender dropped a piece of this kind (the attacker's hand is unchanged).
    DefenderDropped(Kind),
}

impl Key {
    /// The key of `pos`, in which `attacker` is the attacking side.
    pub fn of(pos: &Shogi, attacker: Side) -> Key {
        Key { board: pos.board_key(), hand: *pos.board().hand(attacker) }
    }

    /// The key after the legal move `mv` of `pos` (whose key is `self`), and what the move did
    /// to the attacker's hand.
    pub fn after(self, pos: &Shogi, attacker: Side, mv: ShogiMove) -> (Key, HandChange) {
        let board = pos.board_key_after(mv);
        let by_attacker = pos.side() == attacker;
        let mut hand = self.hand;
        let change = match (mv.dropped(), pos.board().piece_at(mv.to())) {
            (Some(kind), _) if by_attacker => {
                hand.take(kind);
                HandChange::Dropped(kind)
            }
            (Some(kind), _) => HandChange::DefenderDropped(kind),
            (None, Some(victim)) if by_attacker => {
                let kind = victim.kind.unpromoted();
                hand.add(kind);
                HandChange::Captured(kind)
            }
            (None, _) => HandChange::None,
        };
        (Key { board, hand }, change)
    }
}

impl HandChange {
    /// The proof hand before the move, from the proof hand `after` it: the attacker must hold
    /// the piece it drops, and gets the piece it captures.
    pub fn proof_before(self, after: Hand) -> Hand {
        let mut before = after;
        match self {
            HandChange::Dropped(kind) => before.set(kind, after.count(kind).saturating_add(1)),
            HandChange::Captured(kind) => before.set(kind, after.count(kind).saturating_sub(1)),
            HandChange::None | HandChange::DefenderDropped(_) => {}
        }
        before
    }

    /// The disproof hand before the move, from the disproof hand `after` it, for a position
    /// where the attacker holds `hand`. A defender's drop needs the defender to keep that
    /// piece, so the attacker may not hold more of it than now.
    pub fn disproof_before(self, after: Hand, hand: Hand) -> Hand {
        let mut before = after;
        match self {
            HandChange::Dropped(kind) => before.set(kind, after.count(kind).saturating_add(1)),
            HandChange::Captured(kind) => before.set(kind, after.count(kind).saturating_sub(1)),
            HandChange::DefenderDropped(kind) => before.set(kind, after.count(kind).min(hand.count(kind))),
            HandChange::None => {}
        }
        before
    }
}
