//! Rule options of a variant from `NAME=VALUE` items, as `setoption` and the arena's `--rule` take
//! them.

use tetsugaku::{RuleValues, Variant};

/// Rule options of `variant` from `NAME=VALUE` items (panics on an option it does not read).
pub fn rules(variant: &str, items: &[&str]) -> RuleValues {
    let v = Variant::named(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
    v.rule_values(items.iter().copied()).unwrap_or_else(|e| panic!("{variant}: {e}"))
}
