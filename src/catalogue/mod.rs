//! The catalogue: every game the engine plays, above the rules engines (`crate::variants`) and
//! below the engine facade. [`AnyGame`] (the one run-time match over games), the variant list
//! and the dispatch are generated from **one list**, [`games!`](crate::games): adding a game is
//! writing its module (a [`Game`](crate::game::Game) implementation, which declares its named
//! variants and their rule options) and adding one line there.

mod any;
mod variant;

pub use any::AnyGame;
pub use variant::{rule_option, rule_options, Variant, VARIANTS};

/// THE list of games: one line per [`Game`](crate::game::Game) type, `ArmName(path::Type)`, in
/// the order `usi` lists their variants (the rulebook's games, then the reference variants).
/// Every other list (the [`AnyGame`] enum, [`with_game!`](crate::with_game), the variant
/// table, construction) is generated from it by passing it to `$callback`.
#[doc(hidden)]
#[macro_export]
macro_rules! games {
    ($callback:ident { $($args:tt)* }) => {
        $crate::$callback! {
            [
                Hasami($crate::variants::hasami::Hasami),
                Ito($crate::variants::ito::Ito),
                Shogammon($crate::variants::shogammon::Shogammon),
                Philosophers($crate::variants::philosophers::Philosophers),
                Checkers($crate::variants::checkers::Checkers),
                Shogi($crate::variants::shogi::Shogi),
            ]
            $($args)*
        }
    };
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`] (by reference or by
/// mutable reference, as `$any` is): the body is compiled once per game.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        $crate::games!(__with_game_arms { ($any) $g ($body) })
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    ([$($arm:ident($game:ty)),* $(,)?] ($any:expr) $g:ident ($body:expr)) => {
        match $any {
            $($crate::catalogue::AnyGame::$arm($g) => $body,)*
        }
    };
}
