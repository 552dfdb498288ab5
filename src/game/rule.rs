//! Declared rule options: the rule switches a variant offers (rulings of docs/rules/ kept behind
//! options), declared once next to the rules they change. The engine's option list, `setoption`,
//! the session, the arena's `--rule NAME=VALUE`, game-record headers and `arena replay` all read
//! these declarations; a game reads the chosen values from [`RuleValues`].

use std::fmt;

/// One rule option, as a variant declares it.
#[derive(Debug)]
pub struct RuleOption {
    /// The option name (`setoption name <name>`, `--rule <name>=...`, record header).
    pub name: &'static str,
    pub kind: RuleKind,
    /// What the option does, in one sentence (shown in docs and error messages).
    pub about: &'static str,
}

/// The type of a rule option and its default.
#[derive(Debug)]
pub enum RuleKind {
    /// `true` or `false` (a USI `check` option).
    Check { default: bool },
    /// One of fixed words (a USI `combo` option); `default` is one of `values`.
    Combo { default: &'static str, values: &'static [&'static str] },
}

/// A value of a rule option, checked against its declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleValue {
    Flag(bool),
    /// One of the declared words.
    Choice(&'static str),
}

impl fmt::Display for RuleValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleValue::Flag(on) => write!(f, "{on}"),
            RuleValue::Choice(word) => f.write_str(word),
        }
    }
}

/// Options are identified by name (one declaration may serve several variants).
impl PartialEq for RuleOption {
    fn eq(&self, other: &RuleOption) -> bool {
        self.name == other.name
    }
}

impl Eq for RuleOption {}

impl RuleOption {
    /// The value used while none was chosen.
    pub fn default_value(&self) -> RuleValue {
        match self.kind {
            RuleKind::Check { default } => RuleValue::Flag(default),
            RuleKind::Combo { default, .. } => RuleValue::Choice(default),
        }
    }

    /// Reads `text` as a value of this option (exactly as `usi` lists its values), or says why not.
    pub fn parse(&self, text: &str) -> Result<RuleValue, String> {
        match self.kind {
            RuleKind::Check { .. } => match text {
                "true" => Ok(RuleValue::Flag(true)),
                "false" => Ok(RuleValue::Flag(false)),
                _ => Err(format!("option {} must be true or false, not {text}", self.name)),
            },
            RuleKind::Combo { values, .. } => values
                .iter()
                .find(|&&word| word == text)
                .map(|&word| RuleValue::Choice(word))
                .ok_or_else(|| format!("option {} has no value {text}", self.name)),
        }
    }
}

/// The chosen values of rule options; an option never chosen has its declared default.
/// Values may be held for options a variant does not declare: it ignores them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleValues {
    /// Chosen values that differ from their option's default, in the order chosen.
    chosen: Vec<(&'static RuleOption, RuleValue)>,
}

impl RuleValues {
    /// Chooses `value` (checked by [`RuleOption::parse`]) for `option`.
    pub fn set(&mut self, option: &'static RuleOption, value: RuleValue) {
        self.chosen.retain(|(o, _)| o.name != option.name);
        if value != option.default_value() {
            self.chosen.push((option, value));
        }
    }

    /// The value of `option`: the chosen one or its default.
    pub fn get(&self, option: &RuleOption) -> RuleValue {
        self.chosen.iter().find(|(o, _)| o.name == option.name).map_or(option.default_value(), |&(_, v)| v)
    }

    /// The value of a [`RuleKind::Check`] option.
    pub fn flag(&self, option: &RuleOption) -> bool {
        matches!(self.get(option), RuleValue::Flag(true))
    }

    /// The value of a [`RuleKind::Combo`] option (its default for any other kind).
    pub fn choice(&self, option: &RuleOption) -> &'static str {
        match (self.get(option), &option.kind) {
            (RuleValue::Choice(word), _) => word,
            (_, RuleKind::Combo { default, .. }) => default,
            _ => "",
        }
    }

    /// Every option whose value is not its default, with that value, in the order chosen:
    /// what a controller must send (`setoption`) and a record must say to reproduce the rules.
    pub fn changed(&self) -> impl Iterator<Item = (&'static RuleOption, RuleValue)> + '_ {
        self.chosen.iter().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SWITCH: RuleOption = RuleOption { name: "Switch", kind: RuleKind::Check { default: true }, about: "" };
    static WORD: RuleOption =
        RuleOption { name: "Word", kind: RuleKind::Combo { default: "a", values: &["a", "b-c"] }, about: "" };

    #[test]
    fn values_are_checked_against_the_declaration() {
        assert_eq!(SWITCH.parse("false"), Ok(RuleValue::Flag(false)));
        assert!(SWITCH.parse("False").is_err());
        assert_eq!(WORD.parse("b-c"), Ok(RuleValue::Choice("b-c")));
        assert!(WORD.parse("b").is_err());
    }

    #[test]
    fn unchosen_options_have_their_default_and_only_changes_are_listed() {
        let mut values = RuleValues::default();
        assert!(values.flag(&SWITCH));
        assert_eq!(values.choice(&WORD), "a");
        values.set(&WORD, RuleValue::Choice("b-c"));
        values.set(&SWITCH, RuleValue::Flag(true));
        assert_eq!(values.choice(&WORD), "b-c");
        let changed: Vec<String> = values.changed().map(|(o, v)| format!("{}={v}", o.name)).collect();
        assert_eq!(changed, ["Word=b-c"]);
        values.set(&WORD, RuleValue::Choice("a"));
        assert_eq!(values, RuleValues::default());
    }
}
