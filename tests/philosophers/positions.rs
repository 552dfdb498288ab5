//! Positions for the Philosopher's Chess tests: position strings built by hand (`build`), and
//! `Both`, one position held by the engine and the reference in step, every parse and every turn
//! given to both and every answer the tests read asserted to be the same in both.
//!
//! Squares are protocol squares (protocol-spec.md §13.1): files 6 (left) .. 1, ranks `a` (top,
//! Black's back rank) .. `f` (White's back rank).

use crate::games::engine;
use crate::reference::{index_of, Position};
use crate::results::result_of;
use crate::rule_options;
use std::collections::BTreeSet;
use tetsugaku::{AnyGame, Game, RuleValues, Variant};

/// The position string of `pieces` (`(square, letter)` pairs such as `("3d", "E")`), every other
/// square empty, with `side` to move, the Thought on `thought`, `count` consecutive mind-moves and
/// move number 1. Written here rather than borrowed from the reference, so a mistake in the
/// reference's writer cannot hide in the tests' inputs.
pub fn build(pieces: &[(&str, &str)], side: &str, thought: &str, count: u8) -> String {
    let mut grid = [[None::<&str>; 6]; 6];
    for (square, letter) in pieces {
        let i = index_of(square).unwrap_or_else(|| panic!("test bug: bad square {square}"));
        assert!(grid[i / 6][i % 6].is_none(), "test bug: {square} given twice");
        grid[i / 6][i % 6] = Some(letter);
    }
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut rank = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(letter) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push_str(letter);
                    }
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            rank
        })
        .collect();
    format!("{} {side} - {thought} {count} 1", ranks.join("/"))
}

/// The variant's name in the engine's catalogue.
pub const VARIANT: &str = "philosophers-chess";

/// The reference's legal turns as a sorted set (panics if it generated one twice).
pub fn reference_moves(position: &Position) -> BTreeSet<String> {
    let moves = position.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the reference generated a turn twice: {moves:?}");
    set
}

/// The engine's legal turns as a sorted set (panics if it generated one twice).
pub fn engine_moves(game: &AnyGame) -> BTreeSet<String> {
    let moves = game.legal_moves();
    let set: BTreeSet<String> = moves.iter().cloned().collect();
    assert_eq!(set.len(), moves.len(), "the engine generated a turn twice: {moves:?}");
    set
}

/// Whether the side to move is in check in the engine's position.
pub fn engine_in_check(game: &AnyGame) -> bool {
    tetsugaku::with_game!(game, g => g.in_check())
}

/// The engine's rule options: default, or `PhilosophersStalemate=loss`.
pub fn options(stalemate_loses: bool) -> RuleValues {
    if stalemate_loses {
        rule_options::rules(VARIANT, &["PhilosophersStalemate=loss"])
    } else {
        RuleValues::default()
    }
}

/// One position held by both implementations, kept in step: every parse and every turn goes to
/// both, and each answer the tests read (legal turns, result, check, acceptance of a position
/// string or a turn, the position string after a turn) is asserted to be the same in both. The
/// reference's other accessors (`at`, `to_move`, `record_len`, ...) are reached through `Deref`.
#[derive(Clone)]
pub struct Both {
    pub reference: Position,
    pub engine: AnyGame,
}

impl std::ops::Deref for Both {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.reference
    }
}

impl Both {
    /// The legal turns, the same in both (panics otherwise, or on a duplicate in either).
    pub fn moves(&self) -> BTreeSet<String> {
        let theirs = reference_moves(&self.reference);
        assert_eq!(
            engine_moves(&self.engine),
            theirs,
            "engine vs reference: legal turns of {}",
            self.position_string()
        );
        theirs
    }

    /// The legal turn tokens (as [`Both::moves`], as a list).
    pub fn legal_moves(&self) -> Vec<String> {
        self.moves().into_iter().collect()
    }

    /// The result word, the same in both.
    pub fn result(&self) -> Option<String> {
        let theirs = self.reference.result();
        assert_eq!(result_of(self.engine.turn()), theirs, "engine vs reference: result of {}", self.position_string());
        theirs
    }

    /// Whether the side to move is in check, the same in both.
    pub fn in_check(&self) -> bool {
        let theirs = self.reference.in_check();
        assert_eq!(engine_in_check(&self.engine), theirs, "engine vs reference: check in {}", self.position_string());
        theirs
    }

    /// Plays the turn `token` on both; both accept it (and then agree on the position string)
    /// or both refuse it (the reference's reason is returned). Either way a refusal changes
    /// nothing.
    pub fn play(&mut self, token: &str) -> Result<(), String> {
        let before = self.position_string();
        let ours = self.engine.play_token(token);
        let theirs = self.reference.play(token);
        match (ours, theirs) {
            (Ok(()), Ok(())) => {
                let after = self.position_string();
                assert_eq!(self.engine.position_string(), after, "engine vs reference: {token} from {before}");
                Ok(())
            }
            (Err(_), Err(reason)) => {
                assert_eq!(self.engine.position_string(), before, "the engine changed on refusing {token}");
                Err(reason)
            }
            (Ok(()), Err(reason)) => {
                panic!("{token} from {before}: the engine plays it, the reference refuses: {reason}")
            }
            (Err(reason), Ok(())) => {
                panic!("{token} from {before}: the reference plays it, the engine refuses: {reason}")
            }
        }
    }

    /// Plays the items of a `position ... moves` list on both (`pr`/`pn`/`ph` items join the move
    /// before them); both accept the list or both refuse it.
    pub fn play_items(&mut self, items: &[&str]) -> Result<(), String> {
        let ours = self.engine.play_items(items);
        let theirs = self.reference.play_items(items);
        match (ours, theirs) {
            (Ok(()), Ok(())) => {
                let after = self.position_string();
                assert_eq!(self.engine.position_string(), after, "engine vs reference: after {items:?}");
                Ok(())
            }
            (Err(_), Err(reason)) => Err(reason),
            (Ok(()), Err(reason)) => panic!("{items:?}: the engine plays them, the reference refuses: {reason}"),
            (Err((n, reason)), Ok(())) => panic!("{items:?}: the engine refuses item {n}: {reason}"),
        }
    }
}

/// Parses `text` in both implementations (`stalemate_loses`: option `PhilosophersStalemate=loss`);
/// both accept it, with the same position string written back, or both refuse it (the
/// reference's reason is returned).
pub fn try_parse_with(text: &str, stalemate_loses: bool) -> Result<Both, String> {
    let variant = Variant::named(VARIANT).expect("the variant is in the catalogue");
    let ours = AnyGame::new(variant, &options(stalemate_loses), Some(text));
    let theirs = Position::parse_with(text, stalemate_loses);
    match (ours, theirs) {
        (Ok(engine), Ok(reference)) => {
            assert_eq!(
                engine.position_string(),
                reference.position_string(),
                "engine vs reference: {text:?} read back"
            );
            Ok(Both { reference, engine })
        }
        (Err(_), Err(reason)) => Err(reason),
        (Ok(_), Err(reason)) => panic!("{text:?}: the engine accepts it, the reference refuses: {reason}"),
        (Err(reason), Ok(_)) => panic!("{text:?}: the reference accepts it, the engine refuses: {reason}"),
    }
}

/// [`try_parse_with`] with the default rules.
pub fn try_parse(text: &str) -> Result<Both, String> {
    try_parse_with(text, false)
}

/// Parses `text` in both (panicking with the reason if it is refused).
pub fn parse(text: &str) -> Both {
    try_parse(text).unwrap_or_else(|e| panic!("{text} rejected: {e}"))
}

/// Parses `text` in both under `PhilosophersStalemate=loss`.
pub fn parse_with_loss(text: &str) -> Both {
    try_parse_with(text, true).unwrap_or_else(|e| panic!("{text} rejected: {e}"))
}

/// The start position in both.
pub fn start() -> Both {
    let both = Both { reference: Position::start(), engine: engine(VARIANT, None) };
    assert_eq!(both.engine.position_string(), both.reference.position_string());
    both
}

/// Plays `tokens` in order on both (panicking on a refused one).
pub fn play_all(position: &mut Both, tokens: &[&str]) {
    for token in tokens {
        position.play(token).unwrap_or_else(|e| panic!("{token}: {e}"));
    }
}
