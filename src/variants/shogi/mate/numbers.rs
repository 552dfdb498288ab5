//! Proof and disproof numbers: what df-pn knows about one position.

use crate::variants::shogi_core::hand::Hand;

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
    /// A disproof that holds only for the path it was found on: it counted a repetition of an
    /// earlier position of the path as a failure, or a repetition result of the game history.
    /// The number is the path's key, a hash of the moves from the root: a strict search
    /// believes the disproof again only on that path (see [`super::dfpn`]).
    pub rep: Option<u64>,
    /// Decided positions (without `rep`): the proof holds for every attacker's hand that covers
    /// this one, the disproof for every attacker's hand this one covers (same board).
    pub hand: Hand,
}

impl Numbers {
    /// A position not searched yet.
    pub const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1, len: 0, rep: None, hand: Hand::EMPTY };

    /// Proven: checkmate in `len` plies for an attacker holding at least `hand`.
    pub const fn proof(len: u16, hand: Hand) -> Numbers {
        Numbers { pn: 0, dn: INFINITE, len, rep: None, hand }
    }

    /// Disproven for an attacker holding at most `hand`.
    pub const fn disproof(hand: Hand) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, rep: None, hand }
    }

    /// Disproven for the path with key `path` only (see [`Numbers::rep`]).
    pub const fn repetition(path: u64) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, rep: Some(path), hand: Hand::EMPTY }
    }

    /// Undecided numbers, kept below [`INFINITE`].
    pub fn open(pn: u32, dn: u32) -> Numbers {
        Numbers { pn: pn.min(LARGEST), dn: dn.min(LARGEST), len: 0, rep: None, hand: Hand::EMPTY }
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
    pub const fn is_repetition(&self) -> bool {
        self.rep.is_some()
    }

    #[inline]
    pub const fn is_decided(&self) -> bool {
        self.is_proven() || self.is_disproven()
    }
}
