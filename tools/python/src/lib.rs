//! `tetsugaku._tetsugaku`: the rules of every Tetsugaku variant for Python, in-process (the
//! library's [`tetsugaku::AnyGame`], no engine process). The pure-Python package `tetsugaku`
//! re-exports it; `_tetsugaku.pyi` types it.

mod errors;
mod game;
mod moves;
mod variants;

use pyo3::prelude::*;

/// The rules of the Tetsugaku variants: legal moves, results, positions, diagrams and pictures.
#[pymodule]
fn _tetsugaku(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<game::Game>()?;
    module.add_class::<moves::Move>()?;
    module.add_class::<moves::GameResult>()?;
    module.add_class::<variants::Variant>()?;
    module.add_class::<variants::RuleOption>()?;
    module.add_function(wrap_pyfunction!(variants::variants, module)?)?;
    errors::register(module)?;
    Ok(())
}
