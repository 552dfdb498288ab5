//! The `option name ... type ...` lines of the engine's `usi` reply, read into data for the page.

use serde::Serialize;
use std::collections::BTreeMap;

/// One option the engine declared, as the page needs it to draw a control.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UsiOption {
    /// The option's name, possibly with blanks (`Skill Level`).
    pub name: String,
    /// `spin`, `check`, `combo`, `string`, `button` or `filename`.
    pub kind: String,
    /// The default value, `""` when the line gives none.
    pub default: String,
    /// Bounds of a spin option.
    pub min: Option<i64>,
    pub max: Option<i64>,
    /// The values of a combo option, in the engine's order.
    pub vars: Vec<String>,
}

const KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

impl UsiOption {
    /// Reads one `option name <id> type <t> [default <x>] [min <a>] [max <b>] [var <v>]*` line.
    /// `None` when the line is not an option line. A string option's default is the rest of the
    /// line (it may hold blanks); every other field is read up to the next keyword.
    pub fn parse(line: &str) -> Option<UsiOption> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.first() != Some(&"option") || tokens.get(1) != Some(&"name") {
            return None;
        }
        let mut fields: Vec<(&str, Vec<&str>)> = vec![("name", Vec::new())];
        let mut string_default = false;
        for token in &tokens[2..] {
            let in_string_default = string_default && fields.last().is_some_and(|(k, _)| *k == "default");
            if KEYWORDS.contains(token) && !in_string_default {
                fields.push((token, Vec::new()));
            } else if let Some((key, values)) = fields.last_mut() {
                values.push(token);
                if *key == "type" && *token == "string" {
                    string_default = true;
                }
            }
        }
        let joined = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| v.join(" "));
        let number = |key: &str| joined(key).and_then(|v| v.parse().ok());
        let name = joined("name").filter(|n| !n.is_empty())?;
        Some(UsiOption {
            name,
            kind: joined("type")?,
            default: joined("default").unwrap_or_default(),
            min: number("min"),
            max: number("max"),
            vars: fields.iter().filter(|(k, _)| *k == "var").map(|(_, v)| v.join(" ")).collect(),
        })
    }
}

/// What the engine's `usi` reply declares.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Catalogue {
    /// `id name` of the engine.
    pub engine: String,
    /// Every option, in the engine's order.
    pub options: Vec<UsiOption>,
    /// The variants, from the `USI_Variant` combo (empty for an engine without it).
    pub variants: Vec<String>,
    /// The variant selected when the engine starts: the combo's default.
    pub default_variant: String,
    /// The rule options: the options listed after `USI_Variant` (protocol-spec §8.1).
    pub rule_options: Vec<String>,
    /// The rule options each variant reads, from the engine's `rules` reply (protocol-spec
    /// §9.9).
    pub variant_rules: BTreeMap<String, Vec<String>>,
}

impl Catalogue {
    /// Reads the lines of a `usi` reply (up to `usiok`).
    pub fn from_usi(lines: &[String]) -> Catalogue {
        let options: Vec<UsiOption> = lines.iter().filter_map(|l| UsiOption::parse(l)).collect();
        let variant_at = options.iter().position(|o| o.name == "USI_Variant");
        let variant = variant_at.map(|i| &options[i]);
        Catalogue {
            engine: lines.iter().find_map(|l| l.strip_prefix("id name ")).unwrap_or("engine").trim().to_string(),
            variants: variant.map(|o| o.vars.clone()).unwrap_or_default(),
            default_variant: variant.map(|o| o.default.clone()).unwrap_or_default(),
            rule_options: variant_at.map_or(Vec::new(), |i| options[i + 1..].iter().map(|o| o.name.clone()).collect()),
            options,
            variant_rules: BTreeMap::new(),
        }
    }

    /// Takes in the lines of a `rules` reply (`rules <variant> <option>...`); other lines are
    /// passed over.
    pub fn read_rules(&mut self, lines: &[String]) {
        for line in lines {
            let mut words = line.split_whitespace();
            if let (Some("rules"), Some(variant)) = (words.next(), words.next()) {
                self.variant_rules.insert(variant.to_string(), words.map(str::to_string).collect());
            }
        }
    }

    /// The option named `name`, if the engine declared it.
    pub fn option(&self, name: &str) -> Option<&UsiOption> {
        self.options.iter().find(|o| o.name == name)
    }

    /// Whether `name` is one of the rule options.
    pub fn is_rule(&self, name: &str) -> bool {
        self.rule_options.iter().any(|r| r == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_combo_string_and_blank_names() {
        let spin = UsiOption::parse("option name USI_Hash type spin default 64 min 1 max 65536").expect("option");
        assert_eq!(
            (spin.kind.as_str(), spin.default.as_str(), spin.min, spin.max),
            ("spin", "64", Some(1), Some(65536))
        );
        let combo =
            UsiOption::parse("option name MakyekWin type combo default all var all var all-but-one").expect("option");
        assert_eq!(combo.vars, ["all", "all-but-one"]);
        let string = UsiOption::parse("option name ShogammonDice type string default 1:P 2:LN 3:S 4:G 5:BR 6:K")
            .expect("option");
        assert_eq!(string.default, "1:P 2:LN 3:S 4:G 5:BR 6:K");
        let level = UsiOption::parse("option name Skill Level type spin default 20 min 0 max 20").expect("option");
        assert_eq!(level.name, "Skill Level");
        assert!(UsiOption::parse("id name Tetsugaku").is_none());
        assert!(UsiOption::parse("option name").is_none());
    }

    #[test]
    fn rule_options_follow_the_variant_combo() {
        let lines: Vec<String> = [
            "id name Tetsugaku 0.1.0",
            "option name MultiPV type spin default 1 min 1 max 500",
            "option name USI_Variant type combo default shogi var hasami var shogi",
            "option name MakyekWin type combo default all var all var all-but-one",
            "usiok",
        ]
        .map(String::from)
        .to_vec();
        let catalogue = Catalogue::from_usi(&lines);
        assert_eq!(catalogue.engine, "Tetsugaku 0.1.0");
        assert_eq!(catalogue.variants, ["hasami", "shogi"]);
        assert_eq!(catalogue.default_variant, "shogi");
        assert_eq!(catalogue.rule_options, ["MakyekWin"]);
        assert!(catalogue.is_rule("MakyekWin") && !catalogue.is_rule("MultiPV"));
    }
}
