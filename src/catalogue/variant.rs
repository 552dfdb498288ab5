use super::any::Family;
use crate::game::{RuleOption, RuleValues};
use once_cell::sync::Lazy;

/// A named variant the engine plays (protocol-spec.md §1).
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// The protocol name (`variant <name>`, `USI_Variant`).
    pub name: &'static str,
    /// The rule options the variant reads.
    pub options: &'static [&'static RuleOption],
    /// The position strings `bench` searches after the start position.
    pub bench: &'static [&'static str],
    /// The game that plays it.
    pub(crate) family: Family,
}

/// The variant plain USI GUIs and match runners get: they never send `variant`.
const DEFAULT: &str = "shogi";

/// Every variant, in the order `usi` lists them: the order of [`games!`](crate::games), each
/// game's variants in the order it declares them.
pub static VARIANTS: Lazy<Vec<Variant>> = Lazy::new(Family::all);

impl Variant {
    /// The variant called `name`.
    pub fn named(name: &str) -> Option<&'static Variant> {
        VARIANTS.iter().find(|v| v.name == name)
    }

    /// The default variant, `shogi`: plain USI GUIs and match runners never send `variant`.
    pub fn default_variant() -> &'static Variant {
        Variant::named(DEFAULT).unwrap_or(&VARIANTS[0])
    }

    /// The rule option called `name` if this variant reads it.
    pub fn rule_option(&self, name: &str) -> Option<&'static RuleOption> {
        self.options.iter().copied().find(|o| o.name == name)
    }

    /// Chooses the value written `text` for this variant's rule option `name` in `values`, or
    /// says why not (an option the variant does not read, or a value the option does not take).
    pub fn set_rule(&self, values: &mut RuleValues, name: &str, text: &str) -> Result<(), String> {
        let option = self.rule_option(name).ok_or_else(|| {
            let names: Vec<&str> = self.options.iter().map(|o| o.name).collect();
            match names.is_empty() {
                true => format!("variant {} has no rule options (not {name})", self.name),
                false => format!("variant {} has no rule option {name} (it has {})", self.name, names.join(", ")),
            }
        })?;
        values.set(option, option.parse(text)?);
        Ok(())
    }

    /// This variant's rule options from `NAME=VALUE` items (as the arena's `--rule` takes
    /// them), or what is wrong with the first bad item.
    pub fn rule_values<'a>(&self, items: impl IntoIterator<Item = &'a str>) -> Result<RuleValues, String> {
        let mut values = RuleValues::default();
        for item in items {
            let (name, text) = item.split_once('=').ok_or(format!("{item:?} is not NAME=VALUE"))?;
            self.set_rule(&mut values, name, text).map_err(|e| format!("{item}: {e}"))?;
        }
        Ok(values)
    }
}

/// Every rule option of the variants, each once, in the order of [`VARIANTS`].
pub fn rule_options() -> Vec<&'static RuleOption> {
    let mut options: Vec<&'static RuleOption> = Vec::new();
    for &option in VARIANTS.iter().flat_map(|v| v.options) {
        if !options.iter().any(|o| o.name == option.name) {
            options.push(option);
        }
    }
    options
}

/// The rule option called `name` (declared by any variant).
pub fn rule_option(name: &str) -> Option<&'static RuleOption> {
    rule_options().into_iter().find(|o| o.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_variant_is_shogi() {
        assert_eq!(Variant::default_variant().name, "shogi");
    }

    #[test]
    fn every_variant_is_listed_once_with_its_family() {
        for played in Family::all() {
            let listed: Vec<&Variant> = VARIANTS.iter().filter(|v| v.name == played.name).collect();
            assert_eq!(listed.len(), 1, "{}", played.name);
            assert_eq!(listed[0].family, played.family, "{}", played.name);
        }
    }

    #[test]
    fn rule_options_are_found_by_name_and_belong_to_their_variants() {
        let names: Vec<&str> = rule_options().iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            ["DaiHasamiJumps", "MakyekWin", "ShogammonDice", "ShogammonTurnLimit", "PhilosophersStalemate"]
        );
        let jumps = Variant::named("dai-hasami-step").and_then(|v| v.rule_option("DaiHasamiJumps"));
        assert!(jumps.is_some());
        assert!(Variant::named("hasami").and_then(|v| v.rule_option("DaiHasamiJumps")).is_none());
        assert!(rule_option("MakyekWin").is_some());
    }
}
