//! Proof and disproof numbers: what df-pn knows about one position.

/// The number of a decided position: a proven position has disproof number `INFINITE` and a
/// disproven one proof number `INFINITE`.
pub(super) const INFINITE: u32 = u32::MAX;

/// The largest number of an undecided position: sums saturate here, below [`INFINITE`].
const LARGEST: u32 = INFINITE - 1;

/// What the search knows about a position: the proof number `pn` (how many more leaves at least
/// must be proven to show the attacker mates) and the disproof number `dn` (the same for "no
/// mate"). `pn == 0`: proven, a mate in `len` plies by the proof found; `dn == 0`: disproven.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Numbers {
    pub pn: u32,
    pub dn: u32,
    /// Plies to checkmate along the proof found (proven positions only).
    pub len: u16,
    /// A disproof that holds only for the path it was found on: it counted a repetition of an
    /// earlier position of the path as a failure, or a repetition result of the game history.
    pub rep: bool,
}

impl Numbers {
    /// A position not searched yet.
    pub const UNKNOWN: Numbers = Numbers { pn: 1, dn: 1, len: 0, rep: false };

    /// Proven: checkmate in `len` plies.
    pub const fn proof(len: u16) -> Numbers {
        Numbers { pn: 0, dn: INFINITE, len, rep: false }
    }

    /// Disproven; `rep` when the disproof depends on the path (see [`Numbers::rep`]).
    pub const fn disproof(rep: bool) -> Numbers {
        Numbers { pn: INFINITE, dn: 0, len: 0, rep }
    }

    /// Undecided numbers, kept below [`INFINITE`].
    pub fn open(pn: u32, dn: u32) -> Numbers {
        Numbers { pn: pn.min(LARGEST), dn: dn.min(LARGEST), len: 0, rep: false }
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
}
