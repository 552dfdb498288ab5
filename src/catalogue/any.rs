use super::variant::Variant;
use crate::game::notation::play_items;
use crate::game::{perft_divide, Game, GameError, MateAnswer, MateBudget, RuleValues, Turn};
use crate::with_game;

/// Defines [`AnyGame`] and [`Family`] from the list of games ([`games!`](crate::games)).
#[doc(hidden)]
#[macro_export]
macro_rules! __define_games {
    ([$($arm:ident($game:ty)),* $(,)?]) => {
        /// A position of any game: the one place where the game is matched at run
        /// time. Everything behind it (search, perft) is compiled once per game.
        // One `AnyGame` exists per session (searches clone the concrete game once per thread),
        // so the size difference between the games' positions costs nothing worth a box.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($arm($game),)*
        }

        /// Which game type plays a variant: the arm, and the index of the variant in that
        /// type's [`Game::variants`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Family {
            $($arm(usize),)*
        }

        $(
            /// The concrete game inside an [`AnyGame`], or the `AnyGame` back if it holds another.
            impl TryFrom<AnyGame> for $game {
                type Error = AnyGame;
                fn try_from(any: AnyGame) -> Result<$game, AnyGame> {
                    match any {
                        AnyGame::$arm(game) => Ok(game),
                        #[allow(unreachable_patterns)]
                        other => Err(other),
                    }
                }
            }
        )*

        impl Family {
            /// Every variant of every game, in the list's order.
            pub(crate) fn all() -> Vec<Variant> {
                let mut all = Vec::new();
                $(
                    let variants = <$game as Game>::variants().iter().enumerate();
                    all.extend(variants.map(|(i, v)| Variant {
                        name: v.name,
                        options: v.options,
                        bench: v.bench,
                        family: Family::$arm(i),
                    }));
                )*
                all
            }

            /// The start position (`None`) or the position written `text`, under `options`.
            pub(crate) fn position(self, options: &RuleValues, text: Option<&str>) -> Result<AnyGame, GameError> {
                match self {
                    $(Family::$arm(index) => {
                        let spec = <$game as Game>::variants().get(index).ok_or_else(|| {
                            GameError::new(format!("no variant number {index} in {}", stringify!($arm)))
                        })?;
                        Ok(AnyGame::$arm(match text {
                            None => <$game as Game>::start(spec.rules, options),
                            Some(text) => <$game as Game>::from_position_string(spec.rules, options, text)?,
                        }))
                    })*
                }
            }
        }
    };
}

crate::games!(__define_games {});

impl AnyGame {
    /// The start position of `variant` (with `position = None`) or the position string given,
    /// under the rule options `options` (those the variant does not declare are ignored).
    pub fn new(variant: &Variant, options: &RuleValues, position: Option<&str>) -> Result<AnyGame, GameError> {
        variant.family.position(options, position)
    }

    /// Plays the move written `token`, or changes nothing and says why not.
    pub fn play_token(&mut self, token: &str) -> Result<(), GameError> {
        with_game!(self, g => {
            let mv = g.parse_move(token)?;
            g.play(mv);
            Ok(())
        })
    }

    /// The token of the legal move written `token`, as [`legal_moves`](AnyGame::legal_moves)
    /// writes it, or why it is not one (changes nothing).
    pub fn parse_token(&self, token: &str) -> Result<String, GameError> {
        with_game!(self, g => g.parse_move(token).map(|mv| g.format_move(mv)))
    }

    /// Takes back the last move (or chance outcome) played by [`play_token`](AnyGame::play_token)
    /// or [`play_items`](AnyGame::play_items). The caller keeps count: with nothing played since
    /// the position was set up, this is a logic error.
    pub fn undo(&mut self) {
        with_game!(self, g => g.undo())
    }

    /// Whether the side to move is in check (always `false` in games without check).
    pub fn in_check(&self) -> bool {
        with_game!(self, g => g.in_check())
    }

    /// Plays the items of a `position ... moves` list in order ([`play_items`]: the item
    /// grammar of protocol-spec §13.4 and §14.3). On a refused item: its number (from 1) and
    /// why; the moves before it stay played, so callers that must change nothing work on a copy.
    pub fn play_items(&mut self, items: &[&str]) -> Result<(), (usize, GameError)> {
        with_game!(self, g => play_items(g, items))
    }

    /// The tokens of every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, g => {
            let mut moves = Vec::new();
            g.generate(&mut moves);
            moves.into_iter().map(|mv| g.format_move(mv)).collect()
        })
    }

    /// Every legal move's token with the places a user clicks to enter it ([`Game::places`]),
    /// in generation order; empty at a chance node.
    pub fn move_places(&self) -> Vec<(String, Vec<String>)> {
        with_game!(self, g => {
            if !matches!(g.turn(), Turn::Decide(_)) {
                return Vec::new();
            }
            let mut moves = Vec::new();
            g.generate(&mut moves);
            moves.into_iter().map(|mv| (g.format_move(mv), g.places(mv))).collect()
        })
    }

    /// At a chance node, every outcome's token with its relative weight, in generation order
    /// (what a referee draws from); empty elsewhere.
    pub fn chance_outcomes(&self) -> Vec<(String, u32)> {
        with_game!(self, g => {
            if !matches!(g.turn(), Turn::Chance(_)) {
                return Vec::new();
            }
            let mut outcomes = Vec::new();
            g.generate(&mut outcomes);
            outcomes.into_iter().map(|mv| (g.format_move(mv), g.chance_weight(mv))).collect()
        })
    }

    pub fn turn(&self) -> Turn {
        with_game!(self, g => g.turn())
    }

    /// The player whose turn it is (or would be, once the game is over).
    pub fn side(&self) -> crate::vocabulary::Side {
        with_game!(self, g => g.side())
    }

    pub fn key(&self) -> u64 {
        with_game!(self, g => g.key())
    }

    pub fn position_string(&self) -> String {
        with_game!(self, g => g.position_string())
    }

    pub fn diagram(&self) -> String {
        with_game!(self, g => g.diagram())
    }

    /// The position as a picture ([`Game::drawing`]).
    pub fn drawing(&self) -> crate::drawing::Drawing {
        with_game!(self, g => g.drawing())
    }

    /// Whether the game has a checkmate search (`go mate`).
    pub fn has_mate_search(&self) -> bool {
        fn has<G: Game>(_: &G) -> bool {
            G::MATE_SEARCH
        }
        with_game!(self, g => has(g))
    }

    /// Searches for a forced checkmate by the side to move ([`crate::search::mate::search`],
    /// blocking; `budget` stops it); a game without a checkmate search answers
    /// [`MateAnswer::NotImplemented`].
    pub fn search_mate(&self, budget: &MateBudget<'_>) -> MateAnswer {
        fn search<G: Game>(game: &G, budget: &MateBudget<'_>) -> MateAnswer {
            if G::MATE_SEARCH {
                crate::search::mate::search(game, budget)
            } else {
                MateAnswer::NotImplemented
            }
        }
        with_game!(self, g => search(g, budget))
    }

    /// `perft` split by root move (see [`perft_divide`]).
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        with_game!(self, g => perft_divide(g, depth))
    }
}
