//! Labelled positions kept on disk (`arena tune --save-labels` / `--labels`): labelling by a
//! reference engine takes minutes, fitting takes seconds, so one labelled set serves many fits.
//!
//! The file is text: record-style headers (`[Variant "shogi"]`, the rule options that differ
//! from their defaults, `[Labeller "..."]`), then one line per position,
//! `train|held <label> <position string>`, the label being the expected result for the first
//! player (0 to 1).

use crate::label::Labelled;
use std::fmt::Write as _;
use tetsugaku::{RuleValues, Variant};

/// A variant's labelled positions: those fitted and those held out to check the fit.
#[derive(Debug, PartialEq)]
pub struct LabelSet {
    pub variant: String,
    pub rules: RuleValues,
    /// Who labelled them (the engine's name and limit), for the reader.
    pub labeller: String,
    pub train: Labelled,
    pub held: Labelled,
}

impl LabelSet {
    /// The file's text.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "[Variant \"{}\"]", self.variant);
        for (option, value) in self.rules.changed() {
            let _ = writeln!(text, "[{} \"{value}\"]", option.name);
        }
        let _ = writeln!(text, "[Labeller \"{}\"]", self.labeller.replace('"', "'"));
        for (kind, set) in [("train", &self.train), ("held", &self.held)] {
            for (position, label) in set {
                let _ = writeln!(text, "{kind} {label} {position}");
            }
        }
        text
    }

    /// Reads a file's text; errors name the line.
    pub fn parse(text: &str) -> Result<LabelSet, String> {
        let mut headers = Vec::new();
        let (mut train, mut held) = (Vec::new(), Vec::new());
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            let fault = |what: &str| format!("label file line {}: {what}: {line}", number + 1);
            if line.is_empty() {
                continue;
            }
            if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (key, value) = inner.split_once(' ').ok_or_else(|| fault("a header without a value"))?;
                let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"'));
                headers.push((key.to_string(), value.ok_or_else(|| fault("an unquoted header value"))?.to_string()));
                continue;
            }
            let mut fields = line.splitn(3, ' ');
            let into = match fields.next() {
                Some("train") => &mut train,
                Some("held") => &mut held,
                _ => return Err(fault("neither a header nor a train or held line")),
            };
            let label: f64 = fields.next().and_then(|l| l.parse().ok()).ok_or_else(|| fault("no label"))?;
            if !(0.0..=1.0).contains(&label) {
                return Err(fault("a label outside 0..1"));
            }
            let position = fields.next().ok_or_else(|| fault("no position"))?;
            into.push((position.to_string(), label));
        }
        let header = |key: &str| headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        let variant = header("Variant").ok_or("label file: no [Variant] header")?;
        let known = Variant::named(&variant).ok_or_else(|| format!("label file: unknown variant {variant}"))?;
        let mut rules = RuleValues::default();
        for &option in known.options {
            if let Some(text) = header(option.name) {
                rules.set(option, option.parse(&text).map_err(|e| format!("label file header {}: {e}", option.name))?);
            }
        }
        let labeller = header("Labeller").unwrap_or_default();
        Ok(LabelSet { variant, rules, labeller, train, held })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_label_set_reads_back_as_written() {
        let dai_hasami = Variant::named("dai-hasami").unwrap_or_else(|| panic!("no dai-hasami"));
        let mut rules = RuleValues::default();
        let jumps = dai_hasami.options[0];
        rules.set(jumps, jumps.parse("false").unwrap_or_else(|e| panic!("{e}")));
        let set = LabelSet {
            variant: "dai-hasami".into(),
            rules,
            labeller: "ref \"x\" nodes=10".into(),
            train: vec![("position one b 1".into(), 0.25), ("position two w 3".into(), 1.0)],
            held: vec![("position three b 5".into(), 0.5)],
        };
        let back = LabelSet::parse(&set.text()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.rules, set.rules);
        assert_eq!((back.train, back.held), (set.train, set.held));
        assert_eq!(back.labeller, "ref 'x' nodes=10");
    }

    #[test]
    fn a_bad_line_is_named() {
        let fault = LabelSet::parse("[Variant \"shogi\"]\ntrain 1.5 lnsgkgsnl/9 b - 1\n");
        assert!(fault.is_err_and(|e| e.contains("line 2") && e.contains("outside")));
        assert!(LabelSet::parse("train 0.5 x\n").is_err_and(|e| e.contains("no [Variant]")));
        assert!(LabelSet::parse("[Variant \"shogi\"]\nmaybe 0.5 x\n").is_err_and(|e| e.contains("line 2")));
    }
}
