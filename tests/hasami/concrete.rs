//! The concrete hasami-family position inside an [`AnyGame`], for the tests that call the `Game`
//! trait on it directly (`play`, `undo`, perft).

use tetsugaku::variants::hasami::Hasami;
use tetsugaku::AnyGame;

/// The concrete hasami-family position inside an [`AnyGame`] (panics for other games).
pub fn concrete(game: &AnyGame) -> &Hasami {
    match game {
        AnyGame::Hasami(h) => h,
        _ => panic!("not a hasami-family game"),
    }
}

/// The concrete hasami-family position inside an [`AnyGame`], mutably (for `Game::play`/`undo`).
pub fn concrete_mut(game: &mut AnyGame) -> &mut Hasami {
    match game {
        AnyGame::Hasami(h) => h,
        _ => panic!("not a hasami-family game"),
    }
}
