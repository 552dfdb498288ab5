//! Searching a position in-process on one thread (`search_once`) and the tokens of its legal moves
//! (`legal_tokens`), for the tests that check the search against history-dependent legality.

use tetsugaku::search::{search, Config, Control, Event, Limits, ScoreReport, Summary, TranspositionTable};
use tetsugaku::Game;

/// Searches `position` on one thread with `limits`, sharing `tt`: the summary and the last
/// score reported (the history-dependent legality tests search one position with and without
/// its history through one table).
pub fn search_once<G: Game>(position: &G, limits: &Limits, tt: &TranspositionTable) -> (Summary, Option<ScoreReport>) {
    let config = Config::default();
    let last = std::sync::Mutex::new(None);
    let summary = search(position, limits, &config, tt, &Control::new(false), &|event| {
        if let Event::Info(info) = event {
            *last.lock().unwrap_or_else(|e| e.into_inner()) = Some(info.score);
        }
    })
    .unwrap_or_else(|e| panic!("search refused: {e}"));
    let score = *last.lock().unwrap_or_else(|e| e.into_inner());
    (summary, score)
}

/// The tokens of every legal move of `position`, in generation order.
pub fn legal_tokens<G: Game>(position: &G) -> Vec<String> {
    let mut moves = Vec::new();
    position.generate(&mut moves);
    moves.into_iter().map(|mv| position.format_move(mv)).collect()
}
