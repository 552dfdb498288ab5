//! The variant list and the rule options each variant reads.

use crate::errors::{RuleOptionError, VariantError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use tetsugaku::game::{RuleKind, RuleOption as LibRuleOption, RuleValues};
use tetsugaku::{Variant as LibVariant, VARIANTS};

/// A rule option a variant reads: a rule switch of docs/rules/ (set with `Game(rules={...})`).
#[pyclass(module = "tetsugaku", name = "RuleOption", frozen)]
pub struct RuleOption {
    /// The option name, as `setoption` and `Game(rules=...)` take it.
    #[pyo3(get)]
    name: &'static str,
    /// The USI option type: "check", "combo", "spin" or "string".
    #[pyo3(get)]
    kind: &'static str,
    /// The default value, written as the engine writes it.
    #[pyo3(get)]
    default: String,
    /// What the option does, in one sentence.
    #[pyo3(get)]
    about: &'static str,
    /// The values a "combo" option takes ("true"/"false" for "check"; empty otherwise).
    #[pyo3(get)]
    values: Vec<&'static str>,
}

impl RuleOption {
    fn of(option: &LibRuleOption) -> RuleOption {
        let (kind, values) = match option.kind {
            RuleKind::Check { .. } => ("check", vec!["true", "false"]),
            RuleKind::Combo { values, .. } => ("combo", values.to_vec()),
            RuleKind::Spin { .. } => ("spin", Vec::new()),
            RuleKind::Text { .. } => ("string", Vec::new()),
        };
        RuleOption { name: option.name, kind, default: option.default_value().to_string(), about: option.about, values }
    }
}

#[pymethods]
impl RuleOption {
    fn __repr__(&self) -> String {
        format!("RuleOption(name={:?}, kind={:?}, default={:?})", self.name, self.kind, self.default)
    }
}

/// A variant the engine plays (protocol-spec.md §1).
#[pyclass(module = "tetsugaku", name = "Variant", frozen)]
pub struct Variant {
    /// The protocol name (`variant <name>`), as `Game(...)` takes it.
    #[pyo3(get)]
    name: &'static str,
    /// The rule options the variant reads, in the engine's order.
    #[pyo3(get)]
    rule_options: Vec<Py<RuleOption>>,
}

#[pymethods]
impl Variant {
    fn __repr__(&self) -> String {
        format!("Variant({:?})", self.name)
    }
}

/// Every variant the engine plays, in the order `usi` lists them.
#[pyfunction]
pub fn variants(py: Python<'_>) -> PyResult<Vec<Variant>> {
    VARIANTS
        .iter()
        .map(|variant| {
            let rule_options =
                variant.options.iter().map(|o| Py::new(py, RuleOption::of(o))).collect::<PyResult<Vec<_>>>()?;
            Ok(Variant { name: variant.name, rule_options })
        })
        .collect()
}

/// The variant called `name`, or `VariantError` listing the names.
pub fn named(name: &str) -> PyResult<&'static LibVariant> {
    LibVariant::named(name).ok_or_else(|| {
        let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        VariantError::new_err(format!("no variant {name:?} (variants: {})", names.join(", ")))
    })
}

/// The rule values chosen by `rules` (option name to value: a str, or a bool or int written as
/// the engine writes them), or `RuleOptionError` for the first bad entry.
pub fn rule_values(variant: &LibVariant, rules: Option<&Bound<'_, PyDict>>) -> PyResult<RuleValues> {
    let mut values = RuleValues::default();
    let Some(rules) = rules else { return Ok(values) };
    for (name, value) in rules.iter() {
        let name: String =
            name.extract().map_err(|_| RuleOptionError::new_err(format!("rule option names are str, not {name}")))?;
        let text = if value.is_instance_of::<PyBool>() {
            // Python writes True; the engine reads true.
            if value.is_truthy()? {
                "true".to_string()
            } else {
                "false".to_string()
            }
        } else if let Ok(text) = value.extract::<String>() {
            text
        } else if let Ok(number) = value.extract::<i64>() {
            number.to_string()
        } else {
            return Err(RuleOptionError::new_err(format!(
                "rule option {name}: a value is a str, bool or int, not {value}"
            )));
        };
        variant.set_rule(&mut values, &name, &text).map_err(RuleOptionError::new_err)?;
    }
    Ok(values)
}

/// The values of every rule option `variant` reads, by name.
pub fn rules_read(variant: &LibVariant, values: &RuleValues) -> Vec<(&'static str, String)> {
    variant.options.iter().map(|o| (o.name, values.get(o).to_string())).collect()
}
