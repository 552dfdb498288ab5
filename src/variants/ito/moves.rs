//! Ito Shogi's move, packed in 11 bits, its protocol token (protocol-spec.md §12.4) and the
//! square names `1a`..`1u`.

use super::piece::{Kind, SQUARES};

/// A board move (`from` → `to`; a capture flips the mover, which the token does not write) or a
/// drop of a held kind showing one of its faces.
///
/// Bits 0–4: the destination; bits 5–9: the origin square (0..21) or, for a drop, 21 + the
/// kind's hand index; bit 10: a drop of the flipped face.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ItoMove(u16);

/// The first origin value that names a dropped kind instead of a square.
const DROP: u16 = SQUARES as u16;

impl ItoMove {
    /// The piece on `from` moves to `to`.
    #[inline]
    pub const fn step(from: usize, to: usize) -> ItoMove {
        ItoMove(to as u16 | (from as u16) << 5)
    }

    /// A `kind` from hand (not the King) is placed on `to`, showing its flipped face if `flipped`.
    #[inline]
    pub const fn drop(kind: Kind, to: usize, flipped: bool) -> ItoMove {
        ItoMove(to as u16 | (DROP + kind.hand_index() as u16) << 5 | (flipped as u16) << 10)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> usize {
        (self.0 & 31) as usize
    }

    /// The origin square of a board move; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<usize> {
        let from = (self.0 >> 5) & 31;
        if from < DROP {
            Some(from as usize)
        } else {
            None
        }
    }

    /// The dropped kind and whether it shows its flipped face; `None` for a board move.
    #[inline]
    pub fn dropped(self) -> Option<(Kind, bool)> {
        let from = (self.0 >> 5) & 31;
        let kind = *Kind::HELD.get(from.checked_sub(DROP)? as usize)?;
        Some((kind, self.0 >> 10 & 1 == 1))
    }

    /// The move's code: unique among all moves, 11 bits.
    #[inline]
    pub const fn code(self) -> u32 {
        self.0 as u32
    }

    /// The protocol token: `1n1m`, `N*1k`, `+N*1k`.
    pub fn token(self) -> String {
        match self.dropped() {
            Some((kind, flipped)) => {
                format!("{}{}*{}", if flipped { "+" } else { "" }, kind.letter(), square_name(self.to()))
            }
            None => format!("{}{}", square_name(self.from().unwrap_or_default()), square_name(self.to())),
        }
    }

    /// Reads a token's syntax (not whether the move is legal anywhere): `None` unless it is a
    /// board move `<square><square>` or a drop `[+]<letter>*<square>` of a held kind.
    pub fn parse_token(text: &str) -> Option<ItoMove> {
        if let Some((piece, square)) = text.split_once('*') {
            let (flipped, letter) = match piece.strip_prefix('+') {
                Some(letter) => (true, letter),
                None => (false, piece),
            };
            let mut letters = letter.chars();
            let kind = letters.next().and_then(Kind::from_letter).filter(|&k| k != Kind::King)?;
            if letters.next().is_some() {
                return None;
            }
            return Some(ItoMove::drop(kind, square_index(square)?, flipped));
        }
        let (from, to) = (text.get(..2)?, text.get(2..)?);
        Some(ItoMove::step(square_index(from)?, square_index(to)?))
    }
}

/// The protocol name of square `index` (rulebook square `index + 1`): `1u` for 0 .. `1a` for 20.
pub fn square_name(index: usize) -> String {
    format!("1{}", (b'a' + (SQUARES - 1 - index) as u8) as char)
}

/// The square named `name` (`1a`..`1u`).
pub fn square_index(name: &str) -> Option<usize> {
    match name.as_bytes() {
        [b'1', rank @ b'a'..=b'u'] => Some(SQUARES - 1 - (rank - b'a') as usize),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_from_the_second_players_end() {
        assert_eq!(square_name(0), "1u");
        assert_eq!(square_name(20), "1a");
        assert_eq!(square_index("1n"), Some(7));
        for name in ["1v", "2a", "1", "1aa", "", "1A"] {
            assert_eq!(square_index(name), None, "{name}");
        }
    }

    #[test]
    fn tokens_round_trip_and_codes_are_distinct() {
        let mut codes = std::collections::HashSet::new();
        for to in 0..SQUARES {
            for from in 0..SQUARES {
                let mv = ItoMove::step(from, to);
                assert_eq!((mv.from(), mv.to(), mv.dropped()), (Some(from), to, None));
                assert_eq!(ItoMove::parse_token(&mv.token()), Some(mv));
                assert!(codes.insert(mv.code()));
            }
            for kind in Kind::HELD {
                for flipped in [false, true] {
                    let mv = ItoMove::drop(kind, to, flipped);
                    assert_eq!((mv.from(), mv.to(), mv.dropped()), (None, to, Some((kind, flipped))));
                    assert_eq!(ItoMove::parse_token(&mv.token()), Some(mv));
                    assert!(codes.insert(mv.code()) && mv.code() < 1 << 11);
                }
            }
        }
        assert_eq!(ItoMove::drop(Kind::Knight, 10, true).token(), "+N*1k");
        for bad in ["K*1k", "+K*1k", "X*1a", "1a", "1n1m+", "", "N*1v", "++N*1k", "NN*1k", "n*1k", "1v1a"] {
            assert_eq!(ItoMove::parse_token(bad), None, "{bad}");
        }
    }
}
