//! A slice of a match: the opening pairs one shard plays (`--shard I/N`, `--openings-range A-B`).
//! Records write it `A-B/M`: openings A to B (1-based, both included) of the match's M.

use std::fmt;

/// The openings `start..end` (0-based, end excluded) of a match of `of` openings; never empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    pub start: usize,
    pub end: usize,
    pub of: usize,
}

impl Slice {
    /// Every opening of a match of `of` openings.
    pub fn whole(of: usize) -> Slice {
        Slice { start: 0, end: of, of }
    }

    pub fn is_whole(&self) -> bool {
        self.start == 0 && self.end == self.of
    }

    /// Whether the 0-based opening index `opening` is in the slice.
    pub fn contains(&self, opening: usize) -> bool {
        (self.start..self.end).contains(&opening)
    }

    /// `--shard I/N`: the I-th (1-based) of N slices of as near equal size as can be of a match
    /// of `of` openings; the slices of I = 1..N cover the match once, in order.
    pub fn shard(text: &str, of: usize) -> Result<Slice, String> {
        let (index, count) = text.split_once('/').ok_or(format!("--shard {text}: expected I/N, e.g. 3/8"))?;
        let (index, count): (usize, usize) = match (index.parse(), count.parse()) {
            (Ok(i), Ok(n)) if (1..=n).contains(&i) => (i, n),
            _ => return Err(format!("--shard {text}: expected I/N with 1 <= I <= N")),
        };
        if count > of {
            return Err(format!("--shard {text}: the match has only {of} opening pairs to share out"));
        }
        Ok(Slice { start: (index - 1) * of / count, end: index * of / count, of })
    }

    /// `--openings-range A-B`: openings A to B (1-based, both included) of a match of `of`.
    pub fn range(text: &str, of: usize) -> Result<Slice, String> {
        let bad = || format!("--openings-range {text}: expected A-B with 1 <= A <= B <= {of} (the match's openings)");
        let (first, last) = text.split_once('-').ok_or_else(bad)?;
        match (first.parse::<usize>(), last.parse::<usize>()) {
            (Ok(a), Ok(b)) if 1 <= a && a <= b && b <= of => Ok(Slice { start: a - 1, end: b, of }),
            _ => Err(bad()),
        }
    }

    /// Reads the record form `A-B/M`.
    pub fn parse(text: &str) -> Result<Slice, String> {
        let bad = || format!("slice {text:?} is not A-B/M");
        let (range, of) = text.split_once('/').ok_or_else(bad)?;
        let of = of.parse().map_err(|_| bad())?;
        Slice::range(range, of).map_err(|_| bad())
    }

    /// The slice covering `self` and the one that follows it.
    pub fn joined(&self, next: &Slice) -> Slice {
        Slice { start: self.start, end: next.end, of: self.of }
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.start + 1, self.end, self.of)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_match_once_in_order() {
        for (of, count) in [(20, 8), (7, 7), (5, 2), (100, 3)] {
            let mut next = 0;
            for index in 1..=count {
                let slice = Slice::shard(&format!("{index}/{count}"), of).unwrap();
                assert_eq!(slice.start, next, "{of} openings in {count} shards");
                assert!(slice.end > slice.start && slice.end - slice.start >= of / count);
                next = slice.end;
            }
            assert_eq!(next, of);
        }
        for bad in ["0/4", "5/4", "4", "a/4", "1/0", "1/21"] {
            assert!(Slice::shard(bad, 20).is_err(), "{bad}");
        }
    }

    #[test]
    fn ranges_are_one_based_and_inclusive() {
        let slice = Slice::range("6-10", 20).unwrap();
        assert_eq!((slice.start, slice.end), (5, 10));
        assert!(slice.contains(5) && slice.contains(9) && !slice.contains(10) && !slice.contains(4));
        assert_eq!(slice.to_string(), "6-10/20");
        assert_eq!(Slice::parse("6-10/20"), Ok(slice));
        assert!(Slice::whole(20).is_whole() && !slice.is_whole());
        for bad in ["0-3", "4-3", "1-21", "3", "-3", "a-b"] {
            assert!(Slice::range(bad, 20).is_err(), "{bad}");
        }
        assert!(Slice::parse("1-5").is_err());
    }
}
