//! Declared rule options: the rule switches a variant offers (rulings of docs/rules/ kept behind
//! options), declared once next to the rules they change. The engine's option list, `setoption`,
//! the session, the arena's `--rule NAME=VALUE`, game-record headers and `arena replay` all read
//! these declarations; a game reads the chosen values from [`RuleValues`].

use std::fmt;
use std::sync::Arc;

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
    /// A whole number from `min` to `max` (a USI `spin` option).
    Spin { default: i64, min: i64, max: i64 },
    /// Text in a grammar of the game's (a USI `string` option): `canonical` checks a value and
    /// writes it in its one canonical form, or says what is wrong; `default` is canonical.
    Text { default: &'static str, canonical: fn(&str) -> Result<String, String> },
}

/// A value of a rule option, checked against its declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleValue {
    Flag(bool),
    /// One of the declared words.
    Choice(&'static str),
    /// A number within the declared range.
    Number(i64),
    /// Text in its canonical form.
    Text(Arc<str>),
}

impl fmt::Display for RuleValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleValue::Flag(on) => write!(f, "{on}"),
            RuleValue::Choice(word) => f.write_str(word),
            RuleValue::Number(n) => write!(f, "{n}"),
            RuleValue::Text(text) => f.write_str(text),
        }
    }
}

/// Reads the value `text` of the spin option `name`: decimal digits, with a leading `-` only
/// where negative values exist (so no `+2`, and no `-0` when the minimum is 0), from `min` to
/// `max`; or what is wrong with it.
pub fn whole_number(name: &str, text: &str, min: i64, max: i64) -> Result<i64, String> {
    let digits = if min < 0 { text.strip_prefix('-').unwrap_or(text) } else { text };
    let number = Some(text)
        .filter(|_| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<i64>().ok())
        .ok_or_else(|| format!("option {name} needs a whole number, not {text}"))?;
    if !(min..=max).contains(&number) {
        return Err(format!("option {name} must be {min}..{max}, not {number}"));
    }
    Ok(number)
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
            RuleKind::Spin { default, .. } => RuleValue::Number(default),
            RuleKind::Text { default, .. } => RuleValue::Text(default.into()),
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
            RuleKind::Spin { min, max, .. } => whole_number(self.name, text, min, max).map(RuleValue::Number),
            RuleKind::Text { canonical, .. } => canonical(text)
                .map(|value| RuleValue::Text(value.into()))
                .map_err(|why| format!("option {}: {why}", self.name)),
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
        self.chosen
            .iter()
            .find(|(o, _)| o.name == option.name)
            .map_or_else(|| option.default_value(), |(_, v)| v.clone())
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

    /// The value of a [`RuleKind::Spin`] option (0 for any other kind).
    pub fn number(&self, option: &RuleOption) -> i64 {
        match self.get(option) {
            RuleValue::Number(n) => n,
            _ => 0,
        }
    }

    /// The value of a [`RuleKind::Text`] option, canonical (empty for any other kind).
    pub fn text(&self, option: &RuleOption) -> Arc<str> {
        match self.get(option) {
            RuleValue::Text(text) => text,
            _ => "".into(),
        }
    }

    /// Every option whose value is not its default, with that value, in the order chosen:
    /// what a controller must send (`setoption`) and a record must say to reproduce the rules.
    pub fn changed(&self) -> impl Iterator<Item = (&'static RuleOption, RuleValue)> + '_ {
        self.chosen.iter().cloned()
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

    static LIMIT: RuleOption =
        RuleOption { name: "Limit", kind: RuleKind::Spin { default: 0, min: 0, max: 100 }, about: "" };
    static TABLE: RuleOption = RuleOption {
        name: "Table",
        kind: RuleKind::Text {
            default: "a b",
            canonical: |text| Ok(text.split_whitespace().collect::<Vec<_>>().join(" ")),
        },
        about: "",
    };

    #[test]
    fn numbers_and_text_are_read_by_their_declaration() {
        assert_eq!(LIMIT.parse("100"), Ok(RuleValue::Number(100)));
        for bad in ["101", "-1", "+5", "-0", "", "1.5", "x"] {
            assert!(LIMIT.parse(bad).is_err(), "{bad}");
        }
        assert_eq!(TABLE.parse("b   c").map(|v| v.to_string()).as_deref(), Ok("b c"));
        let mut values = RuleValues::default();
        assert_eq!((values.number(&LIMIT), &*values.text(&TABLE)), (0, "a b"));
        values.set(&LIMIT, RuleValue::Number(7));
        values.set(&TABLE, RuleValue::Text("c d".into()));
        assert_eq!((values.number(&LIMIT), &*values.text(&TABLE)), (7, "c d"));
        let changed: Vec<String> = values.changed().map(|(o, v)| format!("{}={v}", o.name)).collect();
        assert_eq!(changed, ["Limit=7", "Table=c d"]);
        values.set(&TABLE, RuleValue::Text("a b".into()));
        values.set(&LIMIT, RuleValue::Number(0));
        assert_eq!(values, RuleValues::default());
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
