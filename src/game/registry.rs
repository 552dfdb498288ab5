use crate::variants::hasami::{self, RuleSet};

/// A named game the engine knows, implemented or only specified (protocol-spec.md).
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// The protocol name (`variant <name>`, `USI_Variant`).
    pub name: &'static str,
    /// The rules engine, or `None` while the game is only specified.
    pub(crate) family: Option<Family>,
}

/// Which rules engine plays a variant.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Family {
    Hasami(&'static RuleSet),
    /// Standard shogi.
    Shogi,
}

/// Rule choices the user can switch with options (rulings of docs/rules/ kept behind options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleOptions {
    /// Makyek is won by leaving the opponent one man, not none (`MakyekWin all-but-one`).
    pub makyek_all_but_one: bool,
}

const fn hasami(index: usize) -> Variant {
    let rules = &hasami::RULE_SETS[index];
    Variant { name: rules.name, family: Some(Family::Hasami(rules)) }
}

const fn specified(name: &'static str) -> Variant {
    Variant { name, family: None }
}

/// Every variant, in the order `usi` lists them (the order of the games in docs/rules/, then the reference variants).
pub static VARIANTS: [Variant; 15] = [
    hasami(0),
    hasami(1),
    hasami(2),
    hasami(3),
    hasami(4),
    hasami(5),
    hasami(6),
    hasami(7),
    specified("ito"),
    specified("shogammon"),
    specified("philosophers-chess"),
    specified("enryo"),
    specified("philosophy-checkers"),
    Variant { name: "shogi", family: Some(Family::Shogi) },
    specified("checkers"),
];

/// Where `shogi` stands in [`VARIANTS`].
const SHOGI: usize = 13;

impl Variant {
    /// The variant called `name`.
    pub fn named(name: &str) -> Option<&'static Variant> {
        VARIANTS.iter().find(|v| v.name == name)
    }

    /// The default variant, `shogi`: plain USI GUIs and match runners never send `variant`.
    pub fn default_variant() -> &'static Variant {
        &VARIANTS[SHOGI]
    }

    /// Whether the engine plays this variant yet.
    pub fn is_implemented(&self) -> bool {
        self.family.is_some()
    }

    /// The rule set of a hasami-family variant under `options`.
    pub(crate) fn hasami_rules(rules: &'static RuleSet, options: &RuleOptions) -> &'static RuleSet {
        if rules.name == "makyek" && options.makyek_all_but_one {
            &hasami::MAKYEK_ALL_BUT_ONE
        } else {
            rules
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_variant_is_shogi() {
        assert_eq!(Variant::default_variant().name, "shogi");
        assert!(Variant::default_variant().is_implemented());
    }
}
