//! The packed move of shogi-like games and its USI spelling (`7g7f`, `8h2b+`, `P*5e`).

use super::piece::{Kind, HAND_KINDS};
use super::square::{parse_square, square_name, Square, SQUARES};

/// A move in 15 bits: destination (bits 0-6), origin square or `81 + kind` for a drop (bits
/// 7-13), promotion (bit 14). Two different moves of one position always differ in these bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShogiMove(u16);

const PROMOTE: u16 = 1 << 14;

impl ShogiMove {
    /// The board move `from` -> `to`, promoting when `promote`.
    #[inline]
    pub const fn board(from: Square, to: Square, promote: bool) -> ShogiMove {
        ShogiMove((from as u16) << 7 | to as u16 | if promote { PROMOTE } else { 0 })
    }

    /// The drop of `kind` (an unpromoted, non-King kind) on `to`.
    #[inline]
    pub const fn drop(kind: Kind, to: Square) -> ShogiMove {
        ShogiMove(((SQUARES + kind.index()) as u16) << 7 | to as u16)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        (self.0 & 0x7F) as Square
    }

    /// The origin square of a board move, `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        let from = ((self.0 >> 7) & 0x7F) as usize;
        if from < SQUARES {
            Some(from)
        } else {
            None
        }
    }

    /// The dropped kind of a drop, `None` for a board move.
    #[inline]
    pub const fn dropped(self) -> Option<Kind> {
        let from = ((self.0 >> 7) & 0x7F) as usize;
        if from >= SQUARES && from < SQUARES + HAND_KINDS {
            Some(Kind::IN_HAND[from - SQUARES])
        } else {
            None
        }
    }

    /// Whether the moving piece promotes.
    #[inline]
    pub const fn promotes(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The 15-bit code (unique among the moves of one position).
    #[inline]
    pub const fn code(self) -> u32 {
        self.0 as u32
    }

    /// The USI token.
    pub fn usi(self) -> String {
        match (self.from(), self.dropped()) {
            (Some(from), _) => {
                let plus = if self.promotes() { "+" } else { "" };
                format!("{}{}{plus}", square_name(from), square_name(self.to()))
            }
            (None, Some(kind)) => format!("{}*{}", kind.letter(), square_name(self.to())),
            (None, None) => "?".to_string(),
        }
    }

    /// Parses the syntax of a USI move token (legality is the position's business):
    /// `<square><square>[+]` or `<piece letter>*<square>` with `P L N S G B R`.
    pub fn parse_usi(text: &str) -> Option<ShogiMove> {
        if let Some((piece, to)) = text.split_once('*') {
            let mut letters = piece.chars();
            let kind = Kind::from_letter(letters.next()?).filter(|&k| k != Kind::King && letters.next().is_none())?;
            return Some(ShogiMove::drop(kind, parse_square(to)?));
        }
        let (squares, promote) = match text.strip_suffix('+') {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        let from = parse_square(squares.get(..2)?)?;
        let to = parse_square(squares.get(2..)?)?;
        (from != to).then(|| ShogiMove::board(from, to, promote))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for token in ["7g7f", "8h2b+", "8h2b", "P*5e", "R*1a", "G*9i", "1a9i+"] {
            let mv = ShogiMove::parse_usi(token).unwrap_or_else(|| panic!("{token}"));
            assert_eq!(mv.usi(), token);
        }
        for bad in ["7g7g", "7g7", "7g7f++", "K*5e", "p*5e", "P*5", "PP*5e", "*5e", "P*", "", "0a1a", "7g7f+x"] {
            assert_eq!(ShogiMove::parse_usi(bad), None, "{bad}");
        }
        let drop = ShogiMove::drop(Kind::Gold, 40);
        assert_eq!((drop.from(), drop.dropped(), drop.to(), drop.promotes()), (None, Some(Kind::Gold), 40, false));
        let promote = ShogiMove::board(70, 1, true);
        assert_eq!((promote.from(), promote.dropped(), promote.to()), (Some(70), None, 1));
        assert!(promote.code() < 1 << 15);
    }
}
