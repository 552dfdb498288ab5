use super::EngineError;
use crate::catalogue::{rule_option, rule_options, Variant, VARIANTS};
use crate::game::{whole_number, RuleKind, RuleOption, RuleValue, RuleValues};
use crate::search::Skill;

/// The type and range of an engine option, as `usi` announces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: &'static str,
        vars: Vec<&'static str>,
    },
    /// Free text (`type string`).
    Text {
        default: &'static str,
    },
}

/// One engine option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: OptionKind,
}

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size (`USI_Hash`, MiB).
    pub hash_mib: usize,
    pub ponder: bool,
    pub threads: usize,
    pub multipv: usize,
    /// Milliseconds kept back from every time budget (`MoveOverhead`).
    pub move_overhead: u64,
    /// The strength level, 0–20 (`Skill Level`; 20: full strength).
    pub skill_level: i64,
    /// Whether `elo` chooses the level instead of `skill_level` (`USI_LimitStrength`).
    pub limit_strength: bool,
    /// The strength asked for when `limit_strength` is on (`USI_Elo`).
    pub elo: i64,
    /// Whether `go mate` answers its first proof without looking for shorter mates
    /// (`MateFirstProof`).
    pub mate_first_proof: bool,
    /// Rule options (declared by the variants), applied at the next `variant` or `position`.
    pub rules: RuleValues,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: 64,
            ponder: true,
            threads: 1,
            multipv: 1,
            move_overhead: 100,
            skill_level: 20,
            limit_strength: false,
            elo: ELO_DEFAULT,
            mate_first_proof: false,
            rules: RuleValues::default(),
        }
    }
}

impl Options {
    /// The level the search plays at: `USI_Elo`'s when `USI_LimitStrength` is on, else
    /// `Skill Level`'s.
    pub fn skill(&self) -> Skill {
        if self.limit_strength {
            Skill::from_elo(self.elo as f64)
        } else {
            Skill::new(self.skill_level as f64)
        }
    }
}

/// `USI_Elo`'s range and default (protocol-spec.md §8.3).
const ELO_MIN: i64 = 800;
const ELO_MAX: i64 = 2800;
const ELO_DEFAULT: i64 = 1500;

/// Every option, in the order `usi` lists them: the engine's own, then the rule options the
/// implemented variants declare.
pub fn option_specs() -> Vec<OptionSpec> {
    let spin = |name, default, min, max| OptionSpec { name, kind: OptionKind::Spin { default, min, max } };
    vec![
        spin("USI_Hash", 64, 1, 65_536),
        OptionSpec { name: "USI_Ponder", kind: OptionKind::Check { default: true } },
        spin("Threads", 1, 1, 256),
        spin("MultiPV", 1, 1, 500),
        spin("MoveOverhead", 100, 0, 10_000),
        spin("Skill Level", 20, 0, 20),
        OptionSpec { name: "USI_LimitStrength", kind: OptionKind::Check { default: false } },
        spin("USI_Elo", ELO_DEFAULT, ELO_MIN, ELO_MAX),
        OptionSpec { name: "MateFirstProof", kind: OptionKind::Check { default: false } },
        OptionSpec {
            name: "USI_Variant",
            kind: OptionKind::Combo {
                default: Variant::default_variant().name,
                vars: VARIANTS.iter().map(|v| v.name).collect(),
            },
        },
    ]
    .into_iter()
    .chain(rule_options().into_iter().map(rule_spec))
    .collect()
}

/// How `usi` announces a rule option.
fn rule_spec(option: &'static RuleOption) -> OptionSpec {
    let kind = match option.kind {
        RuleKind::Check { default } => OptionKind::Check { default },
        RuleKind::Combo { default, values } => OptionKind::Combo { default, vars: values.to_vec() },
        RuleKind::Spin { default, min, max } => OptionKind::Spin { default, min, max },
        RuleKind::Text { default, .. } => OptionKind::Text { default },
    };
    OptionSpec { name: option.name, kind }
}

/// A validated option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Number(i64),
    Flag(bool),
    Choice(&'static str),
    /// A value of a rule option.
    Rule(&'static RuleOption, RuleValue),
}

/// Finds option `name` (exactly as `usi` lists it) and checks `value` against its type.
pub fn validate(name: &str, value: Option<&str>) -> Result<(&'static str, Value), EngineError> {
    let spec = option_specs()
        .into_iter()
        .find(|s| s.name == name)
        .ok_or_else(|| EngineError::new(format!("unknown option '{name}'")))?;
    let value = value.ok_or_else(|| EngineError::new(format!("option {} needs a value", spec.name)))?;
    if let Some(option) = rule_option(spec.name) {
        return Ok((option.name, Value::Rule(option, option.parse(value).map_err(EngineError::new)?)));
    }
    let checked = match spec.kind {
        OptionKind::Spin { min, max, .. } => {
            Value::Number(whole_number(spec.name, value, min, max).map_err(EngineError::new)?)
        }
        OptionKind::Check { .. } => match value {
            "true" => Value::Flag(true),
            "false" => Value::Flag(false),
            _ => return Err(EngineError::new(format!("option {} must be true or false, not {value}", spec.name))),
        },
        OptionKind::Combo { vars, .. } => Value::Choice(
            vars.into_iter()
                .find(|v| *v == value)
                .ok_or_else(|| EngineError::new(format!("option {} has no value {value}", spec.name)))?,
        ),
        // Only rule options have text values, and they were read above.
        OptionKind::Text { .. } => return Err(EngineError::new(format!("option {} takes no value here", spec.name))),
    };
    Ok((spec.name, checked))
}
