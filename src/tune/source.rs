//! Writing a fitted weight table back into its game's `weights.rs`.

/// Replaces the constant `name` in `source` (from its `pub const name:` line to the `};` that
/// ends it) with `constant`; `None` when `source` has no such constant.
pub fn replace_constant(source: &str, name: &str, constant: &str) -> Option<String> {
    let start = source.find(&format!("pub const {name}: "))?;
    let end =
        start + source[start..].find("\n};").map(|i| i + 3).or_else(|| source[start..].find("};").map(|i| i + 2))?;
    Some(format!("{}{}{}", &source[..start], constant, &source[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_is_replaced_in_place() {
        let file = "// head\npub const SAMPLE: Sample = Sample {\n    one: 7,\n};\n// tail\n";
        let constant = "pub const SAMPLE: Sample = Sample {\n    one: 9,\n};";
        assert_eq!(replace_constant(file, "SAMPLE", constant), Some(format!("// head\n{constant}\n// tail\n")));
        assert_eq!(replace_constant(file, "OTHER", constant), None);
    }
}
