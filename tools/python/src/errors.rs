//! The exceptions of the module, and the one place where a [`GameError`] becomes one.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tetsugaku::game::{MoveError, PositionField};
use tetsugaku::GameError;

create_exception!(
    _tetsugaku,
    TetsugakuError,
    PyValueError,
    "Base class of every error the rules raise (a ValueError)."
);
create_exception!(_tetsugaku, VariantError, TetsugakuError, "No variant has that name.");
create_exception!(
    _tetsugaku,
    RuleOptionError,
    TetsugakuError,
    "The variant reads no rule option of that name, or the option takes no such value."
);
create_exception!(
    _tetsugaku,
    PositionError,
    TetsugakuError,
    "The position string is not a position of the variant; `.field` names the field at fault \
     (whole, board, side, hand, move_number or extra)."
);
create_exception!(
    _tetsugaku,
    BadMoveError,
    TetsugakuError,
    "The move token is malformed (not a move of the variant's notation); `.token` is the token."
);
create_exception!(
    _tetsugaku,
    IllegalMoveError,
    TetsugakuError,
    "The move token is well formed but not legal here (or the game is over); the message is the \
     engine's reason, `.token` is the token."
);
create_exception!(_tetsugaku, UndoError, TetsugakuError, "Nothing has been played since the start: nothing to undo.");

/// The Python name of a position field (the `.field` of [`PositionError`]).
pub fn field_name(field: PositionField) -> &'static str {
    match field {
        PositionField::Whole => "whole",
        PositionField::Board => "board",
        PositionField::Side => "side",
        PositionField::Hand => "hand",
        PositionField::MoveNumber => "move_number",
        PositionField::Extra => "extra",
    }
}

/// An exception instance of type `T` with the message `message` and the attribute `name` set.
fn with_attribute<T: pyo3::PyTypeInfo>(message: String, name: &str, value: &str) -> PyErr {
    let error = PyErr::new::<T, _>(message);
    Python::attach(|py| {
        // Setting an attribute on a fresh exception instance cannot fail in practice; if it
        // did, the exception is still raised, only without the attribute.
        let _ = error.value(py).setattr(name, value);
    });
    error
}

/// The exception for a refused position string.
pub fn position_error(error: GameError) -> PyErr {
    match error {
        GameError::Position(e) => {
            with_attribute::<PositionError>(format!("bad position: {e}"), "field", field_name(e.field))
        }
        // A refusal with no typed field is about the string as a whole.
        other => with_attribute::<PositionError>(other.to_string(), "field", "whole"),
    }
}

/// The exception for a refused move token.
pub fn move_error(token: &str, error: GameError) -> PyErr {
    match &error {
        GameError::Move(MoveError::Malformed { .. }) => {
            with_attribute::<BadMoveError>(error.to_string(), "token", token)
        }
        _ => with_attribute::<IllegalMoveError>(error.to_string(), "token", token),
    }
}

/// Adds the exception classes to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("TetsugakuError", py.get_type::<TetsugakuError>())?;
    module.add("VariantError", py.get_type::<VariantError>())?;
    module.add("RuleOptionError", py.get_type::<RuleOptionError>())?;
    module.add("PositionError", py.get_type::<PositionError>())?;
    module.add("BadMoveError", py.get_type::<BadMoveError>())?;
    module.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    module.add("UndoError", py.get_type::<UndoError>())?;
    Ok(())
}
