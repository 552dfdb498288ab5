//! The engine's positions by variant name: the start position or a position string, with or
//! without rule options.

use tetsugaku::{AnyGame, RuleValues, Variant};

/// The engine's position of `variant`: the start position, or the position string given.
pub fn engine(variant: &str, position: Option<&str>) -> AnyGame {
    engine_with(variant, &RuleValues::default(), position)
}

/// Like [`engine`], with rule options.
pub fn engine_with(variant: &str, options: &RuleValues, position: Option<&str>) -> AnyGame {
    let v = Variant::named(variant).unwrap_or_else(|| panic!("unknown variant {variant}"));
    AnyGame::new(v, options, position).unwrap_or_else(|e| panic!("{variant}: {position:?} rejected: {e}"))
}
