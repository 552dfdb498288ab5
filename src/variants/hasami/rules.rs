use super::geometry::{Geometry, EIGHT_BY_EIGHT, NINE_BY_NINE};

/// How a player wins (checked only for the player who just moved).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Win {
    /// The opponent is left with at most this many men.
    Reduce { at_most: u32 },
    /// Five or more own men in an unbroken line outside the mover's two starting ranks;
    /// orthogonal lines always, diagonal ones when `diagonal`.
    Five { diagonal: bool },
}

/// The rule knobs that distinguish the named variants of the family (docs/rules/hasami.md).
#[derive(Debug)]
pub struct RuleSet {
    /// The variant's protocol name.
    pub name: &'static str,
    pub geometry: &'static Geometry,
    /// The player's own ranks filled with men at the start (1 = own back rank).
    pub start_ranks: &'static [usize],
    /// Men move one square orthogonally instead of sliding like a rook.
    pub step_only: bool,
    /// Men may jump one orthogonally adjacent man (dai-hasami).
    pub jumps: bool,
    pub win: Win,
    /// Intervention capture (makyek): landing between two enemy men captures both.
    pub intervention: bool,
    /// Draw when both players have fewer than five men (dai-hasami).
    pub material_draw: bool,
    /// Each player's two starting ranks (where five-in-a-row men do not count), by side index.
    pub home_two: [u128; 2],
}

/// Each player's two nearest ranks on `geo`: the first player's at the bottom.
const fn home_two(geo: &Geometry) -> [u128; 2] {
    [geo.rows(geo.height - 2, 2), geo.rows(0, 2)]
}

const fn hasami_like(name: &'static str, step_only: bool, at_most: u32, ranks: &'static [usize]) -> RuleSet {
    RuleSet {
        name,
        geometry: &NINE_BY_NINE,
        start_ranks: ranks,
        step_only,
        jumps: false,
        win: Win::Reduce { at_most },
        intervention: false,
        material_draw: false,
        home_two: home_two(&NINE_BY_NINE),
    }
}

const fn dai_hasami(name: &'static str, step_only: bool, diagonal: bool) -> RuleSet {
    RuleSet {
        name,
        geometry: &NINE_BY_NINE,
        start_ranks: &[1, 2],
        step_only,
        jumps: true,
        win: Win::Five { diagonal },
        intervention: false,
        material_draw: true,
        home_two: home_two(&NINE_BY_NINE),
    }
}

const fn makyek(name: &'static str, at_most: u32) -> RuleSet {
    RuleSet {
        name,
        geometry: &EIGHT_BY_EIGHT,
        start_ranks: &[1, 3],
        step_only: false,
        jumps: false,
        win: Win::Reduce { at_most },
        intervention: true,
        material_draw: false,
        home_two: home_two(&EIGHT_BY_EIGHT),
    }
}

/// Every named variant of the family, in the order `usi` lists them.
pub static RULE_SETS: [RuleSet; 8] = [
    hasami_like("hasami", false, 1, &[1]),
    hasami_like("hasami-all", false, 0, &[1]),
    hasami_like("hasami-step", true, 0, &[1]),
    hasami_like("hasami-step18", true, 0, &[1, 2]),
    dai_hasami("dai-hasami", false, false),
    dai_hasami("dai-hasami-diag", false, true),
    dai_hasami("dai-hasami-step", true, true),
    makyek("makyek", 0),
];

/// Makyek under the alternative reading "capture all but one" (option `MakyekWin`).
pub static MAKYEK_ALL_BUT_ONE: RuleSet = makyek("makyek", 1);
