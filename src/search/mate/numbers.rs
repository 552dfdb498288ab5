//! Proof and disproof numbers: what df-pn knows about one position.

use crate::game::{HandChange, MateHand};

/// The number of a decided position: a proven position has disproof number `INFINITE` and a
/// disproven one proof number `INFINITE`.
pub(super) const INFINITE: u32 = u32::MAX;

/// The largest number of an undecided position: sums saturate here, below [`INFINITE`].
const LARGEST: u32 = INFINITE - 1;

/// What the search knows about a position: the proof number `pn` (how many more leaves at least
/// must be proven to show the attacker mates) and the disproof number `dn` (the same for "no
/// mate"). `pn == 0`: proven, a mate in `len` plies by the proof found; `dn == 0`: disproven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub pn: u32,
    pub dn: u32,
    /// Plies to checkmate along the proof found (proven positions only).
    pub len: u16,
    /// A disproof that holds only on the path it was found on: it rests on a repetition of an
    /// earlier position of the path, a repetition result of the rules or the lack of room. The
    /// number is the path's hash (see [`super::dfpn`]).
    pub path: Option<u64>,
    /// Decided positions (not path-dependent): the proof holds for every attacker's hand that
    /// covers this one, the disproof for every attacker's hand this one covers.
    pub hand: MateHand,
}

impl Numbers {
    /// A position not searched yet.
    pub const UNKNOWN: Numbers = Numbers::open(1, 1);

    /// Proven: checkmate in `len` plies for an attacker holding at least `hand`.
    pub const fn proof(len: u16, hand: MateHand) -> Numbers {
        Numbers { pn: 0, dn: INFINITE, len, path: None, hand }
    }

    /// Disproven for an attacker holding at most `hand`.
    pub const fn disproof(hand: MateHand) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, path: None, hand }
    }

    /// Disproven on the path whose hash is `path` only.
    pub const fn disproof_on(path: u64) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, path: Some(path), hand: MateHand::NONE }
    }

    /// Undecided numbers, kept below [`INFINITE`].
    pub const fn open(pn: u32, dn: u32) -> Numbers {
        let pn = if pn < LARGEST { pn } else { LARGEST };
        let dn = if dn < LARGEST { dn } else { LARGEST };
        Numbers { pn, dn, len: 0, path: None, hand: MateHand::NONE }
    }

    #[inline]
    pub const fn is_proven(&self) -> bool {
        self.pn == 0
    }

    #[inline]
    pub const fn is_disproven(&self) -> bool {
        self.dn == 0
    }

    /// Whether this is a disproof for one path only.
    #[inline]
    pub const fn on_path(&self) -> bool {
        self.path.is_some()
    }

    #[inline]
    pub const fn is_decided(&self) -> bool {
        self.is_proven() || self.is_disproven()
    }

    /// A decision that holds whatever the path (a proof, or a disproof without a path).
    #[inline]
    pub const fn holds_everywhere(&self) -> bool {
        self.is_decided() && !self.on_path()
    }
}

/// The proof hand before a move that changed the attacker's hand by `change`, from the proof
/// hand `after` it: the attacker must hold the piece it drops, and gets the piece it captures.
pub(super) fn proof_hand_before(change: HandChange, after: MateHand) -> MateHand {
    match change {
        HandChange::Dropped(kind) => after.with(kind, after.count(kind).saturating_add(1)),
        HandChange::Captured(kind) => after.with(kind, after.count(kind).saturating_sub(1)),
        HandChange::None | HandChange::DefenderDropped(_) => after,
    }
}

/// The disproof hand before a move that changed the attacker's hand by `change`, from the
/// disproof hand `after` it, for a position where the attacker holds `hand`. A defender's drop
/// needs the defender to keep that piece, so the attacker may not hold more of it than now.
pub(super) fn disproof_hand_before(change: HandChange, after: MateHand, hand: MateHand) -> MateHand {
    match change {
        HandChange::DefenderDropped(kind) => after.with(kind, after.count(kind).min(hand.count(kind))),
        _ => proof_hand_before(change, after),
    }
}
