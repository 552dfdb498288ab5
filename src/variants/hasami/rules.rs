use super::geometry::{Geometry, EIGHT_BY_EIGHT, NINE_BY_NINE};
use crate::game::{RuleKind, RuleOption, RuleValues, VariantSpec};

/// How a player wins (checked only for the player who just moved).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Win {
    /// The opponent is left with at most this many men.
    Reduce { at_most: u32 },
    /// Five or more own men in an unbroken line outside the mover's two starting ranks;
    /// orthogonal lines always, diagonal ones when `diagonal`.
    Five { diagonal: bool },
}

/// The rule knobs that distinguish the named variants of the family (docs/rules/hasami.md), after the
/// rule options have been applied ([`RuleSet::with_options`]).
#[derive(Clone, Copy, Debug)]
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

/// `MakyekWin`: makyek is won by capturing every enemy man, or all but one (a ruling of docs/rules/hasami.md).
pub static MAKYEK_WIN: RuleOption = RuleOption {
    name: "MakyekWin",
    kind: RuleKind::Combo { default: "all", values: &["all", "all-but-one"] },
    about: "makyek is won by capturing all enemy men, or all but one",
};

/// `DaiHasamiJumps`: whether dai-hasami men may jump (`dai-hasami-step` is a forced
/// first-player win either way; docs/rules/hasami.md §7).
pub static DAI_HASAMI_JUMPS: RuleOption = RuleOption {
    name: "DaiHasamiJumps",
    kind: RuleKind::Check { default: true },
    about: "dai-hasami men may jump one adjacent man",
};

impl RuleSet {
    /// This rule set with the rule options applied (options a variant does not declare change
    /// nothing: the rule sets of other variants ignore them).
    pub fn with_options(&self, options: &RuleValues) -> RuleSet {
        let mut rules = *self;
        if self.jumps {
            rules.jumps = options.flag(&DAI_HASAMI_JUMPS);
        }
        if self.intervention && options.choice(&MAKYEK_WIN) == "all-but-one" {
            rules.win = Win::Reduce { at_most: 1 };
        }
        rules
    }
}

const fn variant(
    rules: &'static RuleSet,
    options: &'static [&'static RuleOption],
    bench: &'static [&'static str],
) -> VariantSpec<&'static RuleSet> {
    VariantSpec { name: rules.name, rules, options, bench }
}

const DAI_HASAMI: &[&RuleOption] = &[&DAI_HASAMI_JUMPS];

/// Every named variant of the family with the rule options it reads and its `bench`
/// middlegames (from depth-3 self-play games), in the order `usi` lists them.
pub static VARIANTS: [VariantSpec<&'static RuleSet>; 8] = [
    variant(&hasami_like("hasami", false, 1, &[1]), &[], &["2p3p2/1p1P5/4P3p/p5P2/2p6/P4P1p1/4p4/3P5/4P2PP b - 25"]),
    variant(&hasami_like("hasami-all", false, 0, &[1]), &[], &[]),
    variant(&hasami_like("hasami-step", true, 0, &[1]), &[], &[]),
    variant(
        &hasami_like("hasami-step18", true, 0, &[1, 2]),
        &[],
        &["1pp1p1p1p/p2p1p1p1/2p1p1p1p/pp1p1p1p1/P2P5/5P1P1/P1P1P1P1P/1P1P1P1P1/P1P1P1P1P b - 41"],
    ),
    variant(
        &dai_hasami("dai-hasami", false, false),
        DAI_HASAMI,
        &["ppppp1ppp/pp2pp1pp/5p3/3p5/2p1P4/2PP1Pp2/2P6/PP4PPP/PP1PPPPPP b - 11"],
    ),
    variant(
        &dai_hasami("dai-hasami-diag", false, true),
        DAI_HASAMI,
        &["p6p1/pp5pp/2pppp2p/2p6/1p1p3P1/3P1PP2/9/PP4P1P/PP2P1P1P b - 31"],
    ),
    variant(&dai_hasami("dai-hasami-step", true, true), DAI_HASAMI, &[]),
    variant(&makyek("makyek", 0), &[&MAKYEK_WIN], &["p1pppp1p/1p5p/p5pp/Ppp1ppPP/1PPp4/3PPP2/1P4P1/P1PPPP1P b - 17"]),
];
