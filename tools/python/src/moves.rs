//! Moves (and chance outcomes) as tokens, and game results.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::PyString;
use tetsugaku::Outcome;

/// A move or chance outcome (a Shogammon roll) of a variant, as its token.
///
/// `str(move)` is the token. Moves compare equal to moves of the same variant with the same
/// token, and to the token itself (`"7g7f" in game.legal_moves` works); the hash is the token's.
#[pyclass(module = "tetsugaku", name = "Move", frozen)]
#[derive(Clone)]
pub struct Move {
    /// The move token, as the engine writes it (`moves`, `bestmove`) and reads it.
    #[pyo3(get)]
    pub token: String,
    /// The variant the move belongs to.
    #[pyo3(get)]
    pub variant: &'static str,
}

#[pymethods]
impl Move {
    fn __str__(&self) -> &str {
        &self.token
    }

    fn __repr__(&self) -> String {
        format!("Move({:?})", self.token)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.token).hash()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let py = other.py();
        let equal = if let Ok(other) = other.cast::<Move>() {
            let other = other.get();
            Some(other.token == self.token && other.variant == self.variant)
        } else if let Ok(token) = other.extract::<String>() {
            Some(token == self.token)
        } else {
            None
        };
        match (op, equal) {
            (CompareOp::Eq, Some(equal)) => equal.into_pyobject(py).map(|b| b.to_owned().into_any().unbind()),
            (CompareOp::Ne, Some(equal)) => (!equal).into_pyobject(py).map(|b| b.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
        .unwrap_or_else(|_| py.NotImplemented())
    }
}

/// How a game ended (protocol-spec.md §9.7).
#[pyclass(module = "tetsugaku", name = "Result", frozen)]
pub struct GameResult {
    /// "b" or "w", the winner; None for a draw.
    #[pyo3(get)]
    winner: Option<&'static str>,
    /// The reason word of the `result` reply: "capture", "no-moves", "repetition", ...
    #[pyo3(get)]
    reason: &'static str,
}

impl GameResult {
    /// The result of `outcome`.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Win { winner, reason } => {
                GameResult { winner: Some(crate::game::letter(winner)), reason: reason.word() }
            }
            Outcome::Draw(reason) => GameResult { winner: None, reason: reason.word() },
        }
    }
}

#[pymethods]
impl GameResult {
    /// The payload of the engine's `result` reply: "b capture", "draw repetition", ...
    fn __str__(&self) -> String {
        format!("{} {}", self.winner.unwrap_or("draw"), self.reason)
    }

    fn __repr__(&self) -> String {
        format!(
            "Result(winner={}, reason={:?})",
            self.winner.map_or("None".to_string(), |w| format!("{w:?}")),
            self.reason
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<GameResult>().is_ok_and(|o| o.get().winner == self.winner && o.get().reason == self.reason)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.__str__()).hash()
    }
}
