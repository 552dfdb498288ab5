//! The result word of a position (`b capture`, `draw repetition`, ...) as the protocol's `result`
//! prints it, for comparing the engine with a reference that writes the same words.

use tetsugaku::Turn;

/// The result word of a turn (`b capture`, `draw repetition`, ...), `None` while ongoing.
pub fn result_of(turn: Turn) -> Option<String> {
    match turn {
        Turn::Over(outcome) => Some(outcome.to_string()),
        Turn::Decide(_) => None,
        Turn::Chance(_) => panic!("result_of: a chance turn (these games have no chance nodes)"),
    }
}
