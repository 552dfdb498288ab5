//! The game the server holds for one page: variant, rule options, start, the items played, and
//! which of its positions is on view. It knows no rules: the engine judges every item.

/// What the server knows of how an item was entered, learnt from the `places` reply of the
/// position before it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The places of the move (empty for a roll, a `pass`, or a token the reply did not list).
    pub places: Vec<String>,
    /// Whether the item was a roll of a chance node.
    pub roll: bool,
}

/// One item of the move list: a move token (or a roll item) as the engine accepted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub token: String,
    /// `None` until the server has asked the engine (items loaded from text).
    pub entry: Option<Entry>,
}

/// A game: where it starts and the items played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub variant: String,
    /// Every rule option the engine declares, with the value this game is played by.
    pub rules: Vec<(String, String)>,
    /// `None` for `startpos`, else the position string it starts from.
    pub start: Option<String>,
    pub items: Vec<Item>,
    /// The position on view: the one after `items[..ply]` (`ply <= items.len()`).
    pub ply: usize,
}

impl Game {
    /// A game from the start position, or from `start`, with `tokens` played; on view at its end.
    pub fn new(variant: &str, rules: Vec<(String, String)>, start: Option<String>, tokens: &[String]) -> Game {
        let items: Vec<Item> = tokens.iter().map(|t| Item { token: t.clone(), entry: None }).collect();
        Game { variant: variant.to_string(), rules, start, ply: items.len(), items }
    }

    /// The USI `position` command of the position after the first `ply` items.
    pub fn position_command(&self, ply: usize) -> String {
        let mut command = match &self.start {
            None => String::from("position startpos"),
            Some(text) => format!("position sfen {text}"),
        };
        let tokens = self.tokens();
        if let Some(played) = tokens.get(..ply.min(tokens.len())).filter(|t| !t.is_empty()) {
            command += " moves ";
            command += &played.join(" ");
        }
        command
    }

    /// The `position` command of the position on view.
    pub fn view_command(&self) -> String {
        self.position_command(self.ply)
    }

    /// The `position` command of the whole game, with every item.
    pub fn full_command(&self) -> String {
        self.position_command(self.items.len())
    }

    /// The `position` command with `token` played after the position on view.
    pub fn command_with(&self, token: &str) -> String {
        let command = self.view_command();
        if self.ply == 0 {
            format!("{command} moves {token}")
        } else {
            format!("{command} {token}")
        }
    }

    /// The items' tokens, in order.
    pub fn tokens(&self) -> Vec<String> {
        self.items.iter().map(|i| i.token.clone()).collect()
    }

    /// Plays `item` after the position on view: later items are dropped, the new one is on view.
    pub fn play(&mut self, item: Item) {
        self.items.truncate(self.ply);
        self.items.push(item);
        self.ply = self.items.len();
    }

    /// Takes the game back to its first `ply` items (no-op beyond the end); the end is on view.
    pub fn truncate(&mut self, ply: usize) {
        self.items.truncate(ply);
        self.ply = self.items.len();
    }

    /// The value of the rule option `name` in this game.
    pub fn rule(&self, name: &str) -> Option<&str> {
        self.rules.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> Game {
        Game::new("shogi", Vec::new(), None, &["7g7f".to_string(), "3c3d".to_string()])
    }

    #[test]
    fn position_commands() {
        let mut game = game();
        assert_eq!(game.full_command(), "position startpos moves 7g7f 3c3d");
        assert_eq!(game.position_command(0), "position startpos");
        assert_eq!(game.command_with("8h2b+"), "position startpos moves 7g7f 3c3d 8h2b+");
        game.ply = 0;
        assert_eq!(game.command_with("2g2f"), "position startpos moves 2g2f");
        let from_sfen = Game::new("hasami", Vec::new(), Some("9/9/9/9/9/9/9/9/PPPPPPPPP w - 1".into()), &[]);
        assert_eq!(from_sfen.full_command(), "position sfen 9/9/9/9/9/9/9/9/PPPPPPPPP w - 1");
    }

    #[test]
    fn play_from_an_earlier_position_drops_the_rest() {
        let mut game = game();
        game.ply = 1;
        game.play(Item { token: "8c8d".into(), entry: None });
        assert_eq!(game.tokens(), ["7g7f", "8c8d"]);
        assert_eq!(game.ply, 2);
        game.truncate(5);
        assert_eq!(game.ply, 2);
        game.truncate(0);
        assert!(game.items.is_empty() && game.ply == 0);
    }
}
