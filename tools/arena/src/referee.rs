//! The referee: the tetsugaku library's rules applied to a game in progress. It checks every
//! move, rolls the dice at chance nodes, and says when and how the game ended.

use crate::dice::Dice;
use tetsugaku::{AnyGame, Outcome, RuleValues, Turn, Variant};

/// A game from its start position, with every item played so far (moves and rolls, in protocol
/// notation).
#[derive(Clone, Debug)]
pub struct Referee {
    game: AnyGame,
    /// The position string the game started from, or `None` for the variant's start position.
    start: Option<String>,
    items: Vec<String>,
    /// Moves played (rolls excluded).
    plies: usize,
}

impl Referee {
    /// A game of `variant` from `start` (`None`: the start position).
    pub fn new(variant: &str, rules: &RuleValues, start: Option<&str>) -> Result<Referee, String> {
        let known = Variant::named(variant).ok_or_else(|| format!("unknown variant {variant}"))?;
        let game = AnyGame::new(known, rules, start).map_err(|e| e.to_string())?;
        Ok(Referee { game, start: start.map(String::from), items: Vec::new(), plies: 0 })
    }

    pub fn turn(&self) -> Turn {
        self.game.turn()
    }

    /// The outcome, once the rules have ended the game.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.game.turn() {
            Turn::Over(outcome) => Some(outcome),
            _ => None,
        }
    }

    /// Plays `item` (a move, or a roll at a chance node) if it is legal; otherwise changes
    /// nothing and says why.
    pub fn play(&mut self, item: &str) -> Result<(), String> {
        let turn = self.game.turn();
        if let Turn::Over(outcome) = turn {
            return Err(format!("{item} after the game ended ({outcome})"));
        }
        self.game.play_token(item).map_err(|e| e.to_string())?;
        self.items.push(item.to_string());
        self.plies += usize::from(matches!(turn, Turn::Decide(_)));
        Ok(())
    }

    /// At a chance node, draws the outcome from `dice` and plays it; returns the item.
    pub fn roll(&mut self, dice: &mut Dice) -> Result<String, String> {
        let outcomes = self.game.chance_outcomes();
        let item = dice.draw(&outcomes).ok_or("no chance outcome to draw from")?.to_string();
        self.play(&item)?;
        Ok(item)
    }

    /// A uniformly random legal move (openings).
    pub fn random_move(&self, dice: &mut Dice) -> Option<String> {
        dice.pick(&self.game.legal_moves())
    }

    /// How many moves (rolls excluded) have been played since the start position.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Everything played since the start position.
    pub fn items(&self) -> &[String] {
        &self.items
    }

    /// The start position string, `None` for the variant's start position.
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The position string of the game so far.
    /// The current position as a picture.
    pub fn drawing(&self) -> tetsugaku::drawing::Drawing {
        self.game.drawing()
    }

    pub fn position_string(&self) -> String {
        self.game.position_string()
    }

    /// The USI `position` command for the game so far.
    pub fn position_command(&self) -> String {
        let mut command = match &self.start {
            None => String::from("position startpos"),
            Some(text) => format!("position sfen {text}"),
        };
        if !self.items.is_empty() {
            command += " moves ";
            command += &self.items.join(" ");
        }
        command
    }
}
