//! Whole games in and out: a new game, a game loaded from text, the game saved as text, and the
//! engine options. The engine judges everything; what it refuses changes nothing.

use std::collections::BTreeMap;

use super::{tell, Controller};
use crate::engine_process::Fault;
use crate::game::Game;
use crate::messages::{GameResult, Reply};
use crate::record::{self, Players, Reading};
use crate::usi_option::Catalogue;

impl Controller {
    /// A new game: `rules` name rule options (the others take their defaults); `start` is
    /// `startpos`, `sfen <position string>` or a bare position string, perhaps with moves.
    pub(super) async fn new_game(
        &mut self,
        variant: String,
        rules: BTreeMap<String, String>,
        start: Option<String>,
        moves: Vec<String>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        if let Some(unknown) = rules.keys().find(|name| !self.catalogue.is_rule(name)) {
            return tell(out, Reply::error(format!("{unknown:?} is not a rule option of the engine")));
        }
        let loaded = match start.as_deref().map(record::read_position).transpose() {
            Ok(loaded) => loaded.unwrap_or_default(),
            Err(e) => return tell(out, Reply::error(e)),
        };
        let rules = self.catalogue.rule_options.iter().map(|name| {
            let value = rules.get(name).cloned().unwrap_or_else(|| default_of(&self.catalogue, name));
            (name.clone(), value)
        });
        let moves: Vec<String> = loaded.moves.into_iter().chain(moves).collect();
        self.adopt(Game::new(&variant, rules.collect(), loaded.start, &moves), out).await
    }

    /// Loads a game from text; a record of several games asks the page to choose.
    pub(super) async fn load(&mut self, text: &str, number: Option<u64>, out: &mut Vec<Reply>) -> Result<(), Fault> {
        let loaded = match record::read(text, number) {
            Err(e) => return tell(out, Reply::error(e)),
            Ok(Reading::Choose(games)) => return tell(out, Reply::Choose { games }),
            Ok(Reading::Game(loaded)) => loaded,
        };
        // A record says its rule options (those it omits have their defaults); a position line
        // is read with the current game's variant and rules.
        let record = loaded.variant.is_some();
        let rules = self.catalogue.rule_options.iter().map(|name| {
            let header = loaded.headers.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.clone());
            let kept = self.game.rule(name).filter(|_| !record).map(String::from);
            (name.clone(), header.or(kept).unwrap_or_else(|| default_of(&self.catalogue, name)))
        });
        let variant = loaded.variant.clone().unwrap_or_else(|| self.game.variant.clone());
        self.adopt(Game::new(&variant, rules.collect(), loaded.start, &loaded.moves), out).await
    }

    /// Makes `game` the game if the engine accepts all of it; else `refused` and no change.
    async fn adopt(&mut self, game: Game, out: &mut Vec<Reply>) -> Result<(), Fault> {
        if let Err(e) = self.well_formed(&game) {
            return tell(out, Reply::error(e));
        }
        self.halt(out).await?;
        let errors = self.configure(&game).await?;
        if let Some(error) = errors.into_iter().next() {
            out.push(Reply::Refused { message: error });
            let old = self.game.clone();
            self.configure(&old).await?;
            return self.analyse().await;
        }
        self.game = game;
        self.engine.send("usinewgame").await?;
        self.publish(out).await
    }

    /// Refuses what could not be sent as one command line each: a variant the engine does not
    /// list, items that are not one token, rule values with line breaks.
    fn well_formed(&self, game: &Game) -> Result<(), String> {
        let variants = &self.catalogue.variants;
        if !variants.is_empty() && !variants.contains(&game.variant) {
            return Err(format!("unknown variant {:?}", game.variant));
        }
        if let Some(item) = game.items.iter().find(|i| !is_token(&i.token)) {
            return Err(format!("a move is one token, not {:?}", item.token));
        }
        match game.rules.iter().find(|(_, value)| !is_line(value)) {
            Some((name, value)) => Err(format!("rule option {name}: {value:?} is not a one-line value")),
            None => Ok(()),
        }
    }

    /// The game as a position line and an arena record block.
    pub(super) async fn save(
        &mut self,
        first: Option<String>,
        second: Option<String>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        let result = match &self.view {
            Some(view) if self.game.ply == self.game.items.len() => result_payload(&view.result),
            _ => self.final_result(out).await?,
        };
        let changed: Vec<(String, String)> = self
            .game
            .rules
            .iter()
            .filter(|(name, value)| *value != default_of(&self.catalogue, name))
            .cloned()
            .collect();
        let players = Players {
            first: first.unwrap_or_else(|| "first player".into()),
            second: second.unwrap_or_else(|| "second player".into()),
        };
        let record = record::write_record(&self.game, &changed, &players, &result);
        tell(out, Reply::Saved { position: self.game.full_command(), record })
    }

    /// The `result` payload of the game's last position (the position on view is set again).
    async fn final_result(&mut self, out: &mut Vec<Reply>) -> Result<String, Fault> {
        self.halt(out).await?;
        self.engine.send(&self.game.full_command()).await?;
        let line = self.engine.query("result", |l| l.starts_with("result ")).await?;
        self.engine.send(&self.game.view_command()).await?;
        self.analyse().await?;
        Ok(line.last().and_then(|l| l.strip_prefix("result ")).unwrap_or("ongoing").to_string())
    }

    /// Sets engine options (not rule options, `USI_Variant` or `MultiPV`); the engine judges
    /// the values, and a refused one is reported and not kept.
    pub(super) async fn set_options(
        &mut self,
        values: BTreeMap<String, String>,
        out: &mut Vec<Reply>,
    ) -> Result<(), Fault> {
        let fixed = |name: &str| name == "USI_Variant" || name == "MultiPV" || self.catalogue.is_rule(name);
        if let Some(name) = values.keys().find(|name| self.catalogue.option(name).is_none() || fixed(name)) {
            return tell(out, Reply::error(format!("{name:?} is not an engine option the page may set")));
        }
        if let Some(value) = values.values().find(|v| !is_line(v)) {
            return tell(out, Reply::error(format!("an option value is one line, not {value:?}")));
        }
        self.halt(out).await?;
        for (name, value) in values {
            self.engine.send(&format!("setoption name {name} value {value}")).await?;
            match self.errors().await?.into_iter().next() {
                Some(error) => out.push(Reply::Refused { message: error }),
                None => {
                    self.options.retain(|(n, _)| *n != name);
                    self.options.push((name, value));
                }
            }
        }
        self.analyse().await
    }
}

/// Whether `text` is one protocol token: ASCII, no blanks or control characters.
pub(super) fn is_token(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_graphic())
}

/// Whether `text` can be the value of one command line: ASCII without control characters.
fn is_line(text: &str) -> bool {
    text.chars().all(|c| c.is_ascii() && !c.is_ascii_control())
}

/// The default value of option `name`.
pub(super) fn default_of(catalogue: &Catalogue, name: &str) -> String {
    catalogue.option(name).map(|o| o.default.clone()).unwrap_or_default()
}

/// The payload of the `result` reply (`ongoing`, `b checkmate`, ...).
fn result_payload(result: &GameResult) -> String {
    if result.reason.is_empty() {
        result.winner.clone()
    } else {
        format!("{} {}", result.winner, result.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_lines() {
        assert!(is_token("7g7f") && is_token("2c2d,2d2e") && is_token("+N*1k"));
        for bad in ["", "7g7f 3c3d", "7g7f\nquit", "７g"] {
            assert!(!is_token(bad), "{bad:?}");
        }
        assert!(is_line("1:P 2:LN 3:S 4:G 5:BR 6:K") && is_line(""));
        assert!(!is_line("all\nquit") && !is_line("a\rb"));
    }
}
