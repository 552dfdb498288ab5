//! The Mind and the Thought (docs/rules/philosophers-chess.md §4–§5): four squares, and where
//! the Thought may go from each.

/// The Thought's square on the Mind: column `o` (orthogonal) or `d` (diagonal), row 1 (one
/// step) or 2 (a leap of two).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Thought {
    O1,
    O2,
    D1,
    D2,
}

impl Thought {
    pub const ALL: [Thought; 4] = [Thought::O1, Thought::O2, Thought::D1, Thought::D2];

    /// 0..=3 in the order o1 o2 d1 d2.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Thought square of an index (only the low two bits are read).
    #[inline]
    pub const fn from_index(index: usize) -> Thought {
        Thought::ALL[index & 3]
    }

    /// The square's name (`o1`), the same in the protocol and the inventor's notation.
    pub fn name(self) -> &'static str {
        match self {
            Thought::O1 => "o1",
            Thought::O2 => "o2",
            Thought::D1 => "d1",
            Thought::D2 => "d2",
        }
    }

    /// The square named `name`.
    pub fn from_name(name: &str) -> Option<Thought> {
        Thought::ALL.into_iter().find(|thought| thought.name() == name)
    }

    /// The two squares one orthogonal step away (o1–o2, o1–d1, o2–d2, d1–d2).
    #[inline]
    pub const fn neighbours(self) -> [Thought; 2] {
        // Flipping the row bit or the column bit.
        let i = self.index();
        [Thought::from_index(i ^ 1), Thought::from_index(i ^ 2)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thought_steps_orthogonally() {
        assert_eq!(Thought::O1.neighbours(), [Thought::O2, Thought::D1]);
        assert_eq!(Thought::D2.neighbours(), [Thought::D1, Thought::O2]);
        for thought in Thought::ALL {
            assert_eq!(Thought::from_name(thought.name()), Some(thought));
            assert!(!thought.neighbours().contains(&thought));
        }
    }
}
