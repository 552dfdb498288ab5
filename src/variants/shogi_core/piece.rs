//! Piece kinds, promotion, and the letters of SFEN and USI.

use crate::vocabulary::Side;

/// A kind of piece. The unpromoted kinds come first (`Pawn`..`King`, 0..8); a promoted kind is
/// its unpromoted kind plus 8, so `kind as usize & 7` is the unpromoted kind of any promoted one.
/// The seven kinds that can be held in hand are `Pawn`..`Gold` (0..7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Bishop = 4,
    Rook = 5,
    Gold = 6,
    King = 7,
    ProPawn = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

/// The number of kinds (`Kind as usize` is below it).
pub const KINDS: usize = 14;

/// The number of kinds a hand can hold.
pub const HAND_KINDS: usize = 7;

impl Kind {
    /// Every kind, indexed by `Kind as usize`.
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Bishop,
        Kind::Rook,
        Kind::Gold,
        Kind::King,
        Kind::ProPawn,
        Kind::ProLance,
        Kind::ProKnight,
        Kind::ProSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kinds a hand can hold, in the canonical SFEN order `R B G S N L P`.
    pub const HAND_ORDER: [Kind; HAND_KINDS] =
        [Kind::Rook, Kind::Bishop, Kind::Gold, Kind::Silver, Kind::Knight, Kind::Lance, Kind::Pawn];

    /// The kinds a hand can hold, indexed by `Kind as usize`.
    pub const IN_HAND: [Kind; HAND_KINDS] =
        [Kind::Pawn, Kind::Lance, Kind::Knight, Kind::Silver, Kind::Bishop, Kind::Rook, Kind::Gold];

    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether this kind may promote (`P L N S B R`).
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this is a promoted kind.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind (`self` for kinds that cannot promote).
    #[inline]
    pub const fn promoted(self) -> Kind {
        if self.can_promote() {
            Kind::ALL[self as usize + 8]
        } else {
            self
        }
    }

    /// The unpromoted kind: what a captured piece becomes in hand.
    #[inline]
    pub const fn unpromoted(self) -> Kind {
        if self.is_promoted() {
            Kind::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// The upper-case letter of the unpromoted kind (`P L N S B R G K`).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            Kind::Pawn => 'P',
            Kind::Lance => 'L',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Bishop => 'B',
            Kind::Rook => 'R',
            Kind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind written with upper-case `letter`.
    pub fn from_letter(letter: char) -> Option<Kind> {
        Some(match letter {
            'P' => Kind::Pawn,
            'L' => Kind::Lance,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'B' => Kind::Bishop,
            'R' => Kind::Rook,
            'G' => Kind::Gold,
            'K' => Kind::King,
            _ => return None,
        })
    }
}

/// A piece on the board: its owner and its kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub side: Side,
    pub kind: Kind,
}

impl Piece {
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The SFEN spelling: optional `+`, then the letter, upper case for Black (`+P`, `k`).
    pub fn sfen(self) -> String {
        let letter = match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_maps_kinds_both_ways() {
        for kind in Kind::ALL {
            assert_eq!(Kind::ALL[kind.index()], kind);
            assert_eq!(kind.promoted().unpromoted(), kind.unpromoted());
            assert_eq!(kind.can_promote(), kind.promoted() != kind);
            assert_eq!(Kind::from_letter(kind.letter()), Some(kind.unpromoted()));
        }
        assert_eq!(Kind::Bishop.promoted(), Kind::Horse);
        assert_eq!(Kind::Dragon.unpromoted(), Kind::Rook);
        assert_eq!(Kind::Gold.promoted(), Kind::Gold);
        for (i, kind) in Kind::IN_HAND.into_iter().enumerate() {
            assert_eq!(kind.index(), i);
        }
        assert_eq!(Piece::new(Side::Second, Kind::ProKnight).sfen(), "+n");
        assert_eq!(Piece::new(Side::First, Kind::King).sfen(), "K");
    }
}
