//! Hand-worked Shogammon cases shared by tests/shogammon/cross_check.rs, which checks them on
//! the reference generator (where the derivations are written out), and tests/shogammon/rules.rs,
//! which checks them on the engine.

/// Turns from the start for each roll, counted by hand (`reference_start_rolls`).
pub const START_TURNS: [(&str, usize); 7] =
    [("11", 81), ("21", 140), ("33", 48), ("52", 197), ("55", 173), ("61", 90), ("66", 34)];

/// The turns from the start for `roll` in [`START_TURNS`].
pub fn start_turns(roll: &str) -> usize {
    START_TURNS.iter().find(|&&(r, _)| r == roll).map_or_else(|| panic!("test bug: no roll {roll}"), |&(_, n)| n)
}

/// Position strings that break one rule of protocol-spec §14.1 each.
pub const INVALID_POSITIONS: [(&str, &str); 16] = [
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "roll field missing"),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 70 1", "bad die"),
    ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 6 1", "one die"),
    ("4k4/9/9/9/9/9/9/9/4[GKS]3 b - - 1", "three in a point"),
    ("4k4/9/9/9/9/9/9/9/3[Gk]K3 b - - 1", "mixed point"),
    ("9/9/9/9/9/9/9/9/9 b - - 1", "no Kings"),
    ("4k4/9/9/9/9/9/4P4/4P4/4K4 b - - 1", "nifu"),
    ("4k4/9/9/9/9/9/4[PG]4/4P4/4K4 b - - 1", "nifu in a point"),
    ("4k4/9/9/9/9/9/9/9/4K4 b K - 1", "King in hand"),
    ("4k4/9/9/9/9/9/9/9/4[KK]4 b - - 1", "two Kings"),
    ("P3k4/9/9/9/9/9/9/9/4K4 b - - 1", "dead pawn"),
    ("4k4/9/9/9/9/9/9/9/4K4 b - - 0", "move number 0"),
    ("4k4/9/9/9/9/9/9/9/4K4 x - - 1", "bad side"),
    ("4k4/9/9/9/9/9/9/9/4K4 b 1P - 1", "count 1"),
    ("4k4/9/9/9/9/9/9/9/4K4 b 02P - 1", "leading zero"),
    ("4k4/9/9/9/9/9/9/9/4K4 b 19P - 1", "too many pawns"),
];

/// A die that must be lost (`reference_die_must_be_lost`): Black King 5i, Pawn 5h, roll 61.
/// Order 1-6: the pawn steps, then the King has 5 moves. Order 6-1: the King first; climbing
/// onto the pawn (`5i5h`, a point `[PK]`) leaves die 1 unusable, so `5i5h` stands alone;
/// otherwise the pawn steps after it (4 turns).
pub const DIE_LOST: (&str, [&str; 10]) = (
    "8k/9/9/9/9/9/9/4P4/4K4 b - 61 1",
    [
        "5h5g,5i4h",
        "5h5g,5i5h",
        "5h5g,5i6h",
        "5h5g,5i4i",
        "5h5g,5i6i",
        "5i5h",
        "5i4h,5h5g",
        "5i6h,5h5g",
        "5i4i,5h5g",
        "5i6i,5h5g",
    ],
);
