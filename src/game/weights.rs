//! Evaluation weights: every game's evaluation reads its weights from one table ([`Tunable`]: a
//! [`weight_table!`](crate::weight_table) struct in the game's `weights.rs`), a struct of scores
//! and arrays of scores that the tuner (`crate::tune`, `arena tune`) sees as one flat list of
//! named numbers and writes back as the Rust source of a constant.

use super::Game;
use crate::vocabulary::Score;

/// A game whose evaluation is [`evaluate_with`](Tunable::evaluate_with) a weight table.
pub trait Tunable: Game {
    type Weights: WeightTable;
    /// The file (from the repository's root) that holds the game's weight constants.
    const WEIGHTS_FILE: &'static str;
    /// The table this position's rules evaluate with, and the name of its constant in
    /// [`WEIGHTS_FILE`](Tunable::WEIGHTS_FILE).
    fn weights(&self) -> (&'static str, &'static Self::Weights);
    /// The static evaluation with `weights` instead of the game's own; from the side to move's
    /// point of view. With [`weights`](Tunable::weights)' table it equals [`Game::evaluate`].
    fn evaluate_with(&self, weights: &Self::Weights) -> Score;
}

/// A score or a (nested) array of scores in a weight table.
pub trait Field {
    /// How many scores it holds.
    fn count(&self) -> usize;
    /// Appends its scores, in index order.
    fn flatten(&self, out: &mut Vec<Score>);
    /// Takes its scores from `values`, in index order.
    fn load(&mut self, values: &mut dyn Iterator<Item = Score>);
    /// Its Rust source (`12`, `[1, 2, 3]`, arrays of arrays one row a line), indented by `indent`
    /// on continuation lines.
    fn write(&self, indent: usize, out: &mut String);
}

impl Field for Score {
    fn count(&self) -> usize {
        1
    }
    fn flatten(&self, out: &mut Vec<Score>) {
        out.push(*self);
    }
    fn load(&mut self, values: &mut dyn Iterator<Item = Score>) {
        if let Some(v) = values.next() {
            *self = v;
        }
    }
    fn write(&self, _indent: usize, out: &mut String) {
        out.push_str(&self.to_string());
    }
}

impl<T: Field, const N: usize> Field for [T; N] {
    fn count(&self) -> usize {
        self.iter().map(Field::count).sum()
    }
    fn flatten(&self, out: &mut Vec<Score>) {
        self.iter().for_each(|f| f.flatten(out));
    }
    fn load(&mut self, values: &mut dyn Iterator<Item = Score>) {
        self.iter_mut().for_each(|f| f.load(values));
    }
    fn write(&self, indent: usize, out: &mut String) {
        // Rows of scores stay on one line; arrays of arrays put each row on its own.
        let nested = self.first().is_some_and(|f| f.count() > 1);
        out.push('[');
        for (i, f) in self.iter().enumerate() {
            if nested {
                out.push('\n');
                out.push_str(&" ".repeat(indent + 4));
            } else if i > 0 {
                out.push(' ');
            }
            f.write(indent + 4, out);
            if nested || i + 1 < N {
                out.push(',');
            }
        }
        if nested {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
        }
        out.push(']');
    }
}

/// A struct of weights ([`weight_table!`](crate::weight_table) derives it): its fields in
/// declaration order.
pub trait WeightTable: Clone + Send + Sync + 'static {
    /// The struct's name, as written in source.
    const NAME: &'static str;
    /// Every field with its name, in declaration order.
    fn fields(&self) -> Vec<(&'static str, &dyn Field)>;
    /// The same, mutable.
    fn fields_mut(&mut self) -> Vec<(&'static str, &mut dyn Field)>;

    /// Every score, field after field.
    fn values(&self) -> Vec<Score> {
        let mut out = Vec::new();
        self.fields().into_iter().for_each(|(_, f)| f.flatten(&mut out));
        out
    }

    /// The name of every score: the field's, with its flat index for arrays (`advance[12]`).
    fn names(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, field) in self.fields() {
            match field.count() {
                1 => out.push(name.to_string()),
                n => out.extend((0..n).map(|i| format!("{name}[{i}]"))),
            }
        }
        out
    }

    /// A copy holding `values` (as [`values`](WeightTable::values) orders them).
    fn with_values(&self, values: &[Score]) -> Self {
        let mut table = self.clone();
        let mut it = values.iter().copied();
        table.fields_mut().into_iter().for_each(|(_, f)| f.load(&mut it));
        table
    }

    /// The source of a constant `name` holding this table:
    /// `pub const NAME: Struct = Struct { ... };`.
    fn source(&self, name: &str) -> String {
        let mut out = format!("pub const {name}: {} = {} {{\n", Self::NAME, Self::NAME);
        for (field, value) in self.fields() {
            out.push_str(&format!("    {field}: "));
            value.write(4, &mut out);
            out.push_str(",\n");
        }
        out.push_str("};");
        out
    }
}

/// Declares a weight table: a struct whose fields are scores or arrays of scores, with
/// [`WeightTable`] implemented for it.
#[macro_export]
macro_rules! weight_table {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($(#[$fmeta:meta])* pub $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        $vis struct $name {
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl $crate::game::WeightTable for $name {
            const NAME: &'static str = stringify!($name);
            fn fields(&self) -> Vec<(&'static str, &dyn $crate::game::Field)> {
                vec![$((stringify!($field), &self.$field as &dyn $crate::game::Field),)*]
            }
            fn fields_mut(&mut self) -> Vec<(&'static str, &mut dyn $crate::game::Field)> {
                vec![$((stringify!($field), &mut self.$field as &mut dyn $crate::game::Field),)*]
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::weight_table! {
        struct Sample {
            pub one: Score,
            pub row: [Score; 3],
            pub grid: [[Score; 2]; 2],
        }
    }

    const SAMPLE: Sample = Sample { one: 7, row: [1, -2, 3], grid: [[4, 5], [6, 8]] };

    #[test]
    fn a_table_is_a_flat_named_list_of_scores() {
        assert_eq!(SAMPLE.values(), vec![7, 1, -2, 3, 4, 5, 6, 8]);
        assert_eq!(SAMPLE.names()[..3], ["one", "row[0]", "row[1]"]);
        assert_eq!(SAMPLE.names()[7], "grid[3]");
        let changed = SAMPLE.with_values(&[0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(changed.grid, [[4, 5], [6, 7]]);
        assert_eq!(changed.one, 0);
    }

    #[test]
    fn a_table_writes_its_source() {
        let source = SAMPLE.with_values(&[9, 1, 2, 3, 4, 5, 6, 7]).source("SAMPLE");
        assert_eq!(
            source,
            "pub const SAMPLE: Sample = Sample {\n    one: 9,\n    row: [1, 2, 3],\n    grid: [\n        [4, 5],\n        [6, 7],\n    ],\n};"
        );
    }
}
