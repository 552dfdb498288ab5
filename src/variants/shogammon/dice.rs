//! The dice (docs/rules/shogammon.md): which piece types each die number moves (the
//! `ShogammonDice` option, protocol-spec.md §8.2) and the 21 distinct rolls of two dice.

use crate::variants::shogi_core::piece::{Kind, KINDS};

/// The letters of the eight base piece types, in the order the option's value is written.
const LETTERS: [char; 8] = ['P', 'L', 'N', 'S', 'G', 'B', 'R', 'K'];

/// The default die table: `1:P 2:LN 3:S 4:G 5:BR 6:K`.
pub const DEFAULT_TABLE: &str = "1:P 2:LN 3:S 4:G 5:BR 6:K";

/// Which die number moves each base piece type.
///
/// Invariant: every base type has exactly one die, and every die at least one type.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DieTable {
    /// The die (1..=6) of each kind by `Kind::index`, a promoted kind's that of its base type
    /// (looked up for every piece the move generator and the evaluation meet).
    die_of: [u8; KINDS],
}

impl DieTable {
    /// Reads an option value: six groups `<die>:<letters>` separated by blanks, every die 1..6
    /// exactly once (in any order), every letter of `P L N S G B R K` exactly once over the
    /// whole value, at least one letter per die; or what is wrong with it.
    pub fn parse(text: &str) -> Result<DieTable, String> {
        let mut die_of = [0u8; 8];
        let mut dice_seen = [false; 7];
        let groups: Vec<&str> = text.split_whitespace().collect();
        if groups.len() != 6 {
            return Err(format!("expected six groups such as 2:LN, got {}", groups.len()));
        }
        for group in groups {
            let (die, letters) = group.split_once(':').ok_or_else(|| format!("{group} is not <die>:<letters>"))?;
            let die = match die.as_bytes() {
                &[d @ b'1'..=b'6'] => d - b'0',
                _ => return Err(format!("{die} is not a die number 1 to 6")),
            };
            if std::mem::replace(&mut dice_seen[die as usize], true) {
                return Err(format!("die {die} is given twice"));
            }
            if letters.is_empty() {
                return Err(format!("die {die} moves no piece type"));
            }
            for letter in letters.chars() {
                let index = LETTERS.iter().position(|&l| l == letter).ok_or_else(|| {
                    format!("{letter} is not one of the piece letters {}", LETTERS.iter().collect::<String>())
                })?;
                if die_of[index] != 0 {
                    return Err(format!("{letter} is given twice"));
                }
                die_of[index] = die;
            }
        }
        if let Some(missing) = die_of.iter().position(|&d| d == 0) {
            return Err(format!("{} has no die", LETTERS[missing]));
        }
        let of_letter = |letter| LETTERS.iter().position(|&l| l == letter).map_or(0, |i| die_of[i]);
        Ok(DieTable { die_of: Kind::ALL.map(|kind| of_letter(kind.letter())) })
    }

    /// The canonical option value: dice ascending, letters in the order `P L N S G B R K`.
    pub fn canonical(&self) -> String {
        let group = |die: u8| {
            let letters: String = LETTERS
                .into_iter()
                .filter(|&letter| Kind::from_letter(letter).is_some_and(|kind| self.die_of(kind) == die))
                .collect();
            format!("{die}:{letters}")
        };
        (1..=6).map(group).collect::<Vec<_>>().join(" ")
    }

    /// The die number that moves (or drops) a piece of `kind`; a promoted piece answers to its
    /// base type.
    #[inline]
    pub fn die_of(&self, kind: Kind) -> u8 {
        self.die_of[kind.index()]
    }
}

/// The canonicaliser of the `ShogammonDice` option's text.
pub fn canonical_table(text: &str) -> Result<String, String> {
    DieTable::parse(text).map(|table| table.canonical())
}

/// A roll of two dice, the higher first (`61`, `33`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Roll {
    high: u8,
    low: u8,
}

impl Roll {
    /// The 21 distinct rolls in the canonical order `11 21 22 31 32 33 41 ... 66`.
    pub fn all() -> impl Iterator<Item = Roll> {
        (1..=6u8).flat_map(|high| (1..=high).map(move |low| Roll { high, low }))
    }

    /// Reads `61` or `16` (either order); `None` unless two digits 1 to 6.
    pub fn parse(text: &str) -> Option<Roll> {
        match text.as_bytes() {
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] => {
                let (a, b) = (a - b'0', b - b'0');
                Some(Roll { high: a.max(b), low: a.min(b) })
            }
            _ => None,
        }
    }

    /// The dice, higher first.
    pub fn dice(self) -> (u8, u8) {
        (self.high, self.low)
    }

    pub fn is_double(self) -> bool {
        self.high == self.low
    }

    /// Its position in [`Roll::all`] (0..21).
    pub fn index(self) -> usize {
        let (h, l) = (self.high as usize, self.low as usize);
        h * (h - 1) / 2 + l - 1
    }

    /// How many of the 36 equally likely ordered throws give it: 1 for a double, 2 otherwise.
    pub fn weight(self) -> u32 {
        if self.is_double() {
            1
        } else {
            2
        }
    }

    /// The canonical token, higher die first.
    pub fn token(self) -> String {
        format!("{}{}", self.high, self.low)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_table_reads_back_and_answers_for_promoted_pieces() {
        let table = DieTable::parse(DEFAULT_TABLE).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(table.canonical(), DEFAULT_TABLE);
        assert_eq!((table.die_of(Kind::Pawn), table.die_of(Kind::ProPawn)), (1, 1));
        assert_eq!((table.die_of(Kind::Knight), table.die_of(Kind::Lance)), (2, 2));
        assert_eq!((table.die_of(Kind::Horse), table.die_of(Kind::Dragon), table.die_of(Kind::King)), (5, 5, 6));
        assert_eq!(canonical_table("6:K 5:RB 4:G 3:S 2:NL 1:P").as_deref(), Ok(DEFAULT_TABLE));
    }

    #[test]
    fn bad_tables_are_refused() {
        for bad in [
            "",
            "1:P 2:LN 3:S 4:G 5:BR",
            "1:P 2:LN 3:S 4:G 5:BR 5:K",
            "1:P 2:LN 3:S 4:G 5:BR 6:",
            "1:PK 2:LN 3:S 4:G 5:BR 6:K",
            "1:P 2:LN 3:S 4:G 5:B 6:K",
            "1:P 2:LN 3:S 4:G 5:BR 7:K",
            "1:P 2:LN 3:S 4:G 5:BR 6:Q",
            "1:p 2:LN 3:S 4:G 5:BR 6:K",
            "1P 2:LN 3:S 4:G 5:BR 6:K",
        ] {
            assert!(DieTable::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_21_rolls_have_their_order_weights_and_tokens() {
        let rolls: Vec<Roll> = Roll::all().collect();
        assert_eq!(rolls.len(), 21);
        assert_eq!(rolls.iter().map(|r| r.weight()).sum::<u32>(), 36);
        for (i, roll) in rolls.iter().enumerate() {
            assert_eq!(roll.index(), i);
            assert_eq!(Roll::parse(&roll.token()), Some(*roll));
        }
        assert_eq!(rolls[..4].iter().map(|r| r.token()).collect::<Vec<_>>(), ["11", "21", "22", "31"]);
        assert_eq!(Roll::parse("16"), Roll::parse("61"));
        for bad in ["", "6", "70", "611", "a1", "06"] {
            assert_eq!(Roll::parse(bad), None, "{bad}");
        }
    }
}
