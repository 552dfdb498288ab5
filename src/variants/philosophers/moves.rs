//! Sub-moves and whole turns, packed, with their tokens (protocol-spec.md §13.3–§13.4).

use super::mind::Thought;
use super::piece::{inventor_square_index, square_index, square_name, Kind, SQUARES};

/// One sub-move: a Field move (with the piece a pawn promotes to) or a mind-move.
///
/// Bits 0–5: from (0..36 Field square, 36 + [`Thought::index`] for a mind-move); 6–11: to;
/// 12–13: promotion (0 none, 1 Rook, 2 Knight, 3 Philosopher); bit 14: the sub-move captures
/// (set by the generator, a function of the position). Never 0: from and to always differ.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct SubMove(u16);

/// The pieces a pawn promotes to, in promotion-code order 1..=3.
pub const PROMOTIONS: [Kind; 3] = [Kind::Rook, Kind::Knight, Kind::Philosopher];

const MIND: u16 = SQUARES as u16;
const CAPTURE: u16 = 1 << 14;
/// The bits that say which sub-move it is (without the capture flag).
const WHAT: u16 = CAPTURE - 1;

impl SubMove {
    /// A Field move from `from` to `to`, promoting to `promotion` (one of [`PROMOTIONS`]).
    #[inline]
    pub fn field(from: usize, to: usize, promotion: Option<Kind>, captures: bool) -> SubMove {
        let promo = promotion.and_then(|kind| PROMOTIONS.iter().position(|&p| p == kind)).map_or(0, |i| i as u16 + 1);
        SubMove(from as u16 | (to as u16) << 6 | promo << 12 | if captures { CAPTURE } else { 0 })
    }

    /// A mind-move.
    #[inline]
    pub fn mind(from: Thought, to: Thought) -> SubMove {
        SubMove((MIND + from.index() as u16) | (MIND + to.index() as u16) << 6)
    }

    #[inline]
    pub fn is_mind(self) -> bool {
        self.0 & 0x3f >= MIND
    }

    /// The origin square (Field moves).
    #[inline]
    pub fn from(self) -> usize {
        (self.0 & 0x3f) as usize
    }

    /// The destination square (Field moves).
    #[inline]
    pub fn to(self) -> usize {
        (self.0 >> 6 & 0x3f) as usize
    }

    /// The Thought's destination (mind-moves).
    #[inline]
    pub fn thought_to(self) -> Thought {
        Thought::from_index(self.to())
    }

    /// The piece a pawn promotes to.
    #[inline]
    pub fn promotion(self) -> Option<Kind> {
        match self.0 >> 12 & 3 {
            0 => None,
            code => Some(PROMOTIONS[code as usize - 1]),
        }
    }

    /// Whether the sub-move takes a piece.
    #[inline]
    pub fn captures(self) -> bool {
        self.0 & CAPTURE != 0
    }

    /// Whether the sub-move takes a piece or promotes (what makes a turn noisy).
    #[inline]
    pub fn is_noisy(self) -> bool {
        self.captures() || self.promotion().is_some()
    }

    /// The sub-move without the capture flag: what a token names.
    #[inline]
    pub fn what(self) -> SubMove {
        SubMove(self.0 & WHAT)
    }

    /// The canonical token: `4e4d`, `4b4a=H`, `mo1o2`.
    pub fn token(self) -> String {
        if self.is_mind() {
            let from = Thought::from_index(self.from());
            return format!("m{}{}", from.name(), self.thought_to().name());
        }
        let promotion = self.promotion().map_or(String::new(), |kind| format!("={}", kind.letter()));
        format!("{}{}{promotion}", square_name(self.from()), square_name(self.to()))
    }

    /// Reads one sub-move, canonical (`4e4d`, `4b4a=H`, `mo1o2`) or the inventor's (`c5-c4`,
    /// `c2-c1ph`, `mo1-o2`); without the capture flag. `None` if it is neither.
    pub fn parse(text: &str) -> Option<SubMove> {
        if let Some(mind) = text.strip_prefix('m') {
            let (from, to) = mind.split_once('-').unwrap_or((mind.get(..2)?, mind.get(2..)?));
            return Some(SubMove::mind(Thought::from_name(from)?, Thought::from_name(to)?));
        }
        if let Some((from, rest)) = text.split_once('-') {
            let to = rest.get(..2)?;
            let promotion = match rest.get(2..)? {
                "" => None,
                "pr" => Some(Kind::Rook),
                "pn" => Some(Kind::Knight),
                "ph" => Some(Kind::Philosopher),
                _ => return None,
            };
            return Some(SubMove::field(inventor_square_index(from)?, inventor_square_index(to)?, promotion, false));
        }
        // The inventor's promotion item may also complete a canonical square pair.
        let promotion = match text.get(4..)? {
            "" => None,
            "=R" | "pr" => Some(Kind::Rook),
            "=N" | "pn" => Some(Kind::Knight),
            "=H" | "ph" => Some(Kind::Philosopher),
            _ => return None,
        };
        Some(SubMove::field(square_index(text.get(..2)?)?, square_index(text.get(2..4)?)?, promotion, false))
    }
}

/// A whole turn: one sub-move, or two in the order played.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PhilosophersMove {
    first: SubMove,
    /// `None` when the turn has one sub-move.
    second: Option<SubMove>,
}

impl PhilosophersMove {
    #[inline]
    pub fn single(first: SubMove) -> PhilosophersMove {
        PhilosophersMove { first, second: None }
    }

    #[inline]
    pub fn double(first: SubMove, second: SubMove) -> PhilosophersMove {
        PhilosophersMove { first, second: Some(second) }
    }

    #[inline]
    pub fn first(self) -> SubMove {
        self.first
    }

    #[inline]
    pub fn second(self) -> Option<SubMove> {
        self.second
    }

    /// The sub-moves in the order played.
    pub fn subs(self) -> impl Iterator<Item = SubMove> {
        std::iter::once(self.first).chain(self.second)
    }

    /// Whether a sub-move takes a piece or promotes.
    #[inline]
    pub fn is_noisy(self) -> bool {
        self.subs().any(SubMove::is_noisy)
    }

    /// The code: the two 15-bit sub-moves side by side (0 for a missing second one). Unique by
    /// construction, since a sub-move is never 0.
    #[inline]
    pub fn code(self) -> u32 {
        self.first.0 as u32 | (self.second.map_or(0, |s| s.0) as u32) << 15
    }

    /// The turn without capture flags: what a token names.
    pub fn what(self) -> PhilosophersMove {
        PhilosophersMove { first: self.first.what(), second: self.second.map(SubMove::what) }
    }

    /// The canonical token: the sub-moves joined by `,`.
    pub fn token(self) -> String {
        self.subs().map(SubMove::token).collect::<Vec<_>>().join(",")
    }

    /// Reads a turn: one or two sub-moves joined by `,`, each canonical or the inventor's.
    pub fn parse(text: &str) -> Option<PhilosophersMove> {
        let mut parts = text.split(',');
        let first = SubMove::parse(parts.next()?)?;
        let second = parts.next().map(SubMove::parse);
        match (second, parts.next()) {
            (None, None) => Some(PhilosophersMove::single(first)),
            (Some(Some(second)), None) => Some(PhilosophersMove::double(first, second)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back_in_both_notations() {
        for token in ["4e4d", "4b4a=H", "1e6f=N", "mo1o2", "md2d1", "2c2d,2d2e", "2c2d,mo1o2", "mo1o2,mo2d2"] {
            let turn = PhilosophersMove::parse(token);
            assert_eq!(turn.map(PhilosophersMove::token).as_deref(), Some(token));
        }
        let pairs = [("c5-c4", "4e4d"), ("c2-c1ph", "4b4a=H"), ("mo1-o2", "mo1o2"), ("e3-e4,mo1-d1", "2c2d,mo1d1")];
        for (inventor, canonical) in pairs {
            assert_eq!(PhilosophersMove::parse(inventor).map(PhilosophersMove::token).as_deref(), Some(canonical));
        }
        for bad in [
            "",
            "4e",
            "4e4d=Q",
            "4e4d=h",
            "mo1o3",
            "m01o2",
            "c5c4",
            "c5-c4pq",
            "7a6a",
            "4e4d,",
            "a,b,c",
            "4e4d,4d4c,4c4b",
        ] {
            assert_eq!(PhilosophersMove::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn codes_keep_the_sub_moves_apart() {
        let a = SubMove::field(1, 2, None, true);
        let b = SubMove::mind(Thought::O1, Thought::D1);
        assert_ne!(PhilosophersMove::double(a, b).code(), PhilosophersMove::double(b, a).code());
        assert_ne!(PhilosophersMove::single(a).code(), PhilosophersMove::double(a, b).code());
        assert!(a.captures() && !a.what().captures() && !b.captures() && b.is_mind());
    }
}
