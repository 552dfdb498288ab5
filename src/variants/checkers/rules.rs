//! The rule knobs that tell the three checkers games apart (docs/rules/checkers.md), one row per
//! variant, and the types that carry each row into the move generator at compile time.

use super::geometry::{Geometry, EIGHT, NINE};
use crate::game::VariantSpec;

/// How a Man captures.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ManCapture {
    /// Short jumps along the two forward diagonals (enryo, English checkers).
    ForwardDiagonals,
    /// Short jumps along all four diagonals and the four-square orthogonal jump along ranks and
    /// files (philosophy-checkers).
    EightWays,
}

/// One variant's rules.
#[derive(Clone, Copy, Debug)]
pub struct RuleSet {
    /// The variant's protocol name.
    pub name: &'static str,
    pub geometry: &'static Geometry,
    /// Each side has a royal King; taking it wins (enryo, philosophy-checkers).
    pub royal_king: bool,
    pub man_capture: ManCapture,
    /// The Prince slides and captures at long range in eight directions (philosophy-checkers);
    /// otherwise it steps and short-jumps along the diagonals.
    pub flying_prince: bool,
    /// Only the capture sequences that take the most pieces are legal.
    pub majority: bool,
    /// A Man that reaches the far rank by a jump promotes and its move ends there; otherwise it
    /// goes on capturing as a Man and promotes only if its move ends on the far rank.
    pub promotion_ends_capture: bool,
    /// The most pieces a side can have (its start position's count).
    pub most_pieces: u32,
    /// The start position.
    pub start: &'static str,
}

/// The start position of the 9x9 games.
const NINE_START: &str = "m1m1k1m1m/1m1m1m1m1/m1m1m1m1m/9/9/9/M1M1M1M1M/1M1M1M1M1/M1M1K1M1M b - 1";

/// Philosophy Shogi Checkers.
pub const ENRYO: RuleSet = RuleSet {
    name: "enryo",
    geometry: &NINE,
    royal_king: true,
    man_capture: ManCapture::ForwardDiagonals,
    flying_prince: false,
    majority: false,
    promotion_ends_capture: true,
    most_pieces: 14,
    start: NINE_START,
};

/// Philosophy Checkers.
pub const PHILOSOPHY: RuleSet = RuleSet {
    name: "philosophy-checkers",
    geometry: &NINE,
    royal_king: true,
    man_capture: ManCapture::EightWays,
    flying_prince: true,
    majority: true,
    promotion_ends_capture: false,
    most_pieces: 14,
    start: NINE_START,
};

/// English checkers.
pub const ENGLISH: RuleSet = RuleSet {
    name: "checkers",
    geometry: &EIGHT,
    royal_king: false,
    man_capture: ManCapture::ForwardDiagonals,
    flying_prince: false,
    majority: false,
    promotion_ends_capture: true,
    most_pieces: 12,
    start: "1m1m1m1m/m1m1m1m1/1m1m1m1m/8/8/M1M1M1M1/1M1M1M1M/M1M1M1M1 b - 1",
};

/// A rule set known at compile time: the move generator is compiled once per variant, so every
/// knob is a constant there.
pub trait Rules {
    const SET: RuleSet;
}

/// [`ENRYO`] as a type.
pub struct Enryo;
/// [`PHILOSOPHY`] as a type.
pub struct Philosophy;
/// [`ENGLISH`] as a type.
pub struct English;

impl Rules for Enryo {
    const SET: RuleSet = ENRYO;
}
impl Rules for Philosophy {
    const SET: RuleSet = PHILOSOPHY;
}
impl Rules for English {
    const SET: RuleSet = ENGLISH;
}

/// Which of the three rule sets a position plays (the run-time tag behind [`specialise!`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    Enryo,
    Philosophy,
    English,
}

impl Kind {
    /// The rule set of this kind.
    pub const fn rules(self) -> &'static RuleSet {
        match self {
            Kind::Enryo => &ENRYO,
            Kind::Philosophy => &PHILOSOPHY,
            Kind::English => &ENGLISH,
        }
    }
}

/// Evaluates `$body` with the type `$r` bound to the [`Rules`] type of the [`Kind`] `$kind`:
/// one match at run time, a body compiled per variant.
macro_rules! specialise {
    ($kind:expr, $r:ident => $body:expr) => {
        match $kind {
            $crate::variants::checkers::rules::Kind::Enryo => {
                type $r = $crate::variants::checkers::rules::Enryo;
                $body
            }
            $crate::variants::checkers::rules::Kind::Philosophy => {
                type $r = $crate::variants::checkers::rules::Philosophy;
                $body
            }
            $crate::variants::checkers::rules::Kind::English => {
                type $r = $crate::variants::checkers::rules::English;
                $body
            }
        }
    };
}
pub(super) use specialise;

/// The three variants with their `bench` middlegames (from self-play games), in the order `usi`
/// lists them.
pub static VARIANTS: [VariantSpec<Kind>; 3] = [
    VariantSpec {
        name: ENRYO.name,
        rules: Kind::Enryo,
        options: &[],
        bench: &["m1m1+M1m1m/3k5/m1m1M3m/9/M8/9/4M1M2/1M1M1K3/M1M3M1M w - 26"],
    },
    VariantSpec {
        name: PHILOSOPHY.name,
        rules: Kind::Philosophy,
        options: &[],
        bench: &["m1m1k1+M1m/3m3m1/m3m3m/9/9/9/9/1M1M1M1M1/M3K1M1M w - 20"],
    },
    VariantSpec {
        name: ENGLISH.name,
        rules: Kind::English,
        options: &[],
        bench: &["3+M3m/2m5/8/m5m1/1M6/2M3M1/8/2M3M1 b - 35"],
    },
];
