/// One of the two players. `First` moves first and sits at the bottom of every diagram
/// (Black in shogi-like games, written `b`; `Second` is written `w`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: the index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The protocol letter: `b` for the first player, `w` for the second.
    pub const fn letter(self) -> char {
        match self {
            Side::First => 'b',
            Side::Second => 'w',
        }
    }

    /// Parses the protocol letter (`b` or `w`).
    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "b" => Some(Side::First),
            "w" => Some(Side::Second),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip_and_opponent_is_an_involution() {
        for side in Side::ALL {
            assert_eq!(Side::from_letter(&side.letter().to_string()), Some(side));
            assert_eq!(side.opponent().opponent(), side);
            assert_ne!(side.opponent(), side);
        }
        assert_eq!(Side::from_letter("x"), None);
        assert_eq!(std::mem::size_of::<Side>(), 1);
    }
}
