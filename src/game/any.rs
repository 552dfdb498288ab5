use super::registry::{Family, RuleOptions, Variant};
use super::{perft_divide, Game, GameError, MateAnswer, MateBudget, Turn};
use crate::variants::hasami::Hasami;
use crate::variants::shogi::{self, Shogi};

/// A position of any implemented game: the one place where the game is matched at run time.
/// Everything behind it (search, perft) is compiled once per game.
// One `AnyGame` exists per session (searches clone the concrete game once per thread), so the
// size difference between the games' positions costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Hasami(Hasami),
    Shogi(Shogi),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`].
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::game::AnyGame::Hasami($g) => $body,
            $crate::game::AnyGame::Shogi($g) => $body,
        }
    };
}

impl AnyGame {
    /// The start position of `variant` (with `position = None`) or the position string given.
    pub fn new(variant: &Variant, options: &RuleOptions, position: Option<&str>) -> Result<AnyGame, GameError> {
        match variant.family {
            Some(Family::Hasami(rules)) => {
                let rules = Variant::hasami_rules(rules, options);
                Ok(AnyGame::Hasami(match position {
                    None => Hasami::start(rules),
                    Some(text) => Hasami::from_position_string(rules, text)?,
                }))
            }
            Some(Family::Shogi) => Ok(AnyGame::Shogi(match position {
                None => Shogi::start(),
                Some(text) => Shogi::from_position_string(text)?,
            })),
            None => Err(GameError::not_implemented(variant.name)),
        }
    }

    /// Plays the move written `token`, or changes nothing and says why not.
    pub fn play_token(&mut self, token: &str) -> Result<(), GameError> {
        with_game!(self, g => {
            let mv = g.parse_move(token)?;
            g.play(mv);
            Ok(())
        })
    }

    /// The tokens of every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<String> {
        with_game!(self, g => {
            let mut moves = Vec::new();
            g.generate(&mut moves);
            moves.into_iter().map(|mv| g.format_move(mv)).collect()
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
    pub fn side(&self) -> crate::core::Side {
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

    /// Whether the game has a checkmate search (`go mate`).
    pub fn has_mate_search(&self) -> bool {
        matches!(self, AnyGame::Shogi(_))
    }

    /// Searches for a forced checkmate by the side to move (blocking; `budget` stops it).
    pub fn search_mate(&self, budget: &MateBudget<'_>) -> MateAnswer {
        match self {
            AnyGame::Shogi(g) => shogi::mate::search(g, budget),
            AnyGame::Hasami(_) => MateAnswer::NotImplemented,
        }
    }

    /// `perft` split by root move (see [`perft_divide`]).
    pub fn perft_divide(&self, depth: u32) -> Vec<(String, u64)> {
        with_game!(self, g => perft_divide(g, depth))
    }
}
