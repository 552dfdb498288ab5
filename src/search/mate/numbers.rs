//! Proof and disproof numbers: what df-pn knows about one position.

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
    /// A disproof that holds only on the path it was found on (it rests on a repetition of the
    /// path, a repetition result of the rules, or the lack of room on a long path). Proofs and
    /// other disproofs hold whatever the path.
    pub path: Option<OnPath>,
}

/// What a path-dependent disproof depends on ([`super::dfpn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OnPath {
    /// The hash of the path it was found on: it is believed again on that path only.
    pub hash: u64,
    /// The depth (the root is 1) of the shallowest position of the path it rests on; 0 when it
    /// rests on the whole path (the lack of room, or the game's history).
    pub anchor: u16,
}

impl Numbers {
    /// A position not searched yet.
    pub const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1, len: 0, path: None };

    /// Proven: checkmate in `len` plies.
    pub const fn proof(len: u16) -> Numbers {
        Numbers { pn: 0, dn: INFINITE, len, path: None }
    }

    /// Disproven, whatever the path.
    pub const DISPROOF: Numbers = Numbers { pn: INFINITE, dn: 0, len: 0, path: None };

    /// Disproven on the path whose hash is `hash` only, resting on its positions from depth
    /// `anchor` on.
    pub const fn disproof_on(hash: u64, anchor: u16) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, path: Some(OnPath { hash, anchor }) }
    }

    /// Undecided numbers, kept below [`INFINITE`].
    pub fn open(pn: u32, dn: u32) -> Numbers {
        Numbers { pn: pn.min(LARGEST), dn: dn.min(LARGEST), len: 0, path: None }
    }

    #[inline]
    pub const fn is_proven(&self) -> bool {
        self.pn == 0
    }

    #[inline]
    pub const fn is_disproven(&self) -> bool {
        self.dn == 0
    }

    #[inline]
    pub const fn is_decided(&self) -> bool {
        self.is_proven() || self.is_disproven()
    }

    /// A decision that holds whatever the path (a proof, or a disproof without a path).
    #[inline]
    pub const fn holds_everywhere(&self) -> bool {
        self.is_decided() && self.path.is_none()
    }
}
