//! `Game`: a position of a variant and the moves played since its start.

use crate::errors::{move_error, position_error, UndoError};
use crate::moves::{GameResult, Move};
use crate::variants::{named, rule_values, rules_read};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::collections::HashMap;
use tetsugaku::drawing::svg::render_from;
use tetsugaku::protocol::display_lines;
use tetsugaku::{AnyGame, RuleValues, Side, Turn, Variant};

/// The letter of `side`: "b" for the first player, "w" for the second.
pub fn letter(side: Side) -> &'static str {
    match side {
        Side::First => "b",
        Side::Second => "w",
    }
}

/// A game of a variant: the start position (or a position string), the moves played since,
/// and the rules (legal moves, results, chance outcomes) of the engine, in-process.
///
/// `Game("shogi")` starts a game; `Game("shogi", rules={"MakyekWin": "all"}, position="<position
/// string>", moves=["7g7f", ...])` sets rule options, starts from a position and plays moves.
/// Raises VariantError, RuleOptionError, PositionError, BadMoveError or IllegalMoveError.
#[pyclass(module = "tetsugaku", name = "Game")]
#[derive(Clone)]
pub struct Game {
    variant: &'static Variant,
    values: RuleValues,
    /// The position string given, or None for the start position.
    start: Option<String>,
    game: AnyGame,
    /// The tokens played since the start, one [`AnyGame::play_token`] each.
    played: Vec<String>,
}

/// The token of a `Move` or str argument.
fn token_of(item: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(mv) = item.cast::<Move>() {
        return Ok(mv.get().token.clone());
    }
    item.extract::<String>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!("a move is a Move or a str token, not {}", item.get_type()))
    })
}

impl Game {
    fn to_move(&self, token: String) -> Move {
        Move { token, variant: self.variant.name }
    }

    /// Plays `token` or changes nothing and raises.
    fn play_token(&mut self, token: &str) -> PyResult<Move> {
        let canonical = self.game.parse_token(token).map_err(|e| move_error(token, e))?;
        self.game.play_token(&canonical).map_err(|e| move_error(token, e))?;
        self.played.push(canonical.clone());
        Ok(self.to_move(canonical))
    }
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (variant, rules = None, position = None, moves = None))]
    fn new(
        variant: &str,
        rules: Option<&Bound<'_, PyDict>>,
        position: Option<String>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let variant = named(variant)?;
        let values = rule_values(variant, rules)?;
        let start = position.filter(|p| p.trim() != "startpos");
        let game = AnyGame::new(variant, &values, start.as_deref()).map_err(position_error)?;
        let mut game = Game { variant, values, start, game, played: Vec::new() };
        if let Some(moves) = moves {
            for item in moves.try_iter()? {
                game.play_token(&token_of(&item?)?)?;
            }
        }
        Ok(game)
    }

    /// The variant's name.
    #[getter]
    fn variant(&self) -> &'static str {
        self.variant.name
    }

    /// The value of every rule option the variant reads, by name (defaults included).
    #[getter]
    fn rules(&self) -> HashMap<&'static str, String> {
        rules_read(self.variant, &self.values).into_iter().collect()
    }

    /// "startpos", or the position string the game started from.
    #[getter]
    fn start(&self) -> String {
        self.start.clone().unwrap_or_else(|| "startpos".to_string())
    }

    /// The tokens played since the start, chance outcomes (Shogammon rolls) included.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.played.clone()
    }

    /// The legal moves in the engine's order; empty at a chance node (see `rolls`) and once
    /// the game is over.
    #[getter]
    fn legal_moves(&self) -> Vec<Move> {
        match self.game.turn() {
            Turn::Decide(_) => self.game.legal_moves().into_iter().map(|t| self.to_move(t)).collect(),
            Turn::Chance(_) | Turn::Over(_) => Vec::new(),
        }
    }

    /// At a chance node, every outcome (a roll) with its relative weight; empty elsewhere.
    /// Play one with `play(token)`.
    #[getter]
    fn rolls(&self) -> Vec<(Move, u32)> {
        self.game.chance_outcomes().into_iter().map(|(t, w)| (self.to_move(t), w)).collect()
    }

    /// Every legal move with the places (squares, hand pieces) a user clicks to enter it, in
    /// the engine's order (the `places` command); empty at a chance node.
    #[getter]
    fn places(&self) -> Vec<(Move, Vec<String>)> {
        self.game.move_places().into_iter().map(|(t, p)| (self.to_move(t), p)).collect()
    }

    /// The move written `token` if it is legal here (the token as the engine writes it);
    /// raises BadMoveError (malformed) or IllegalMoveError (not legal, with the engine's reason).
    fn parse_move(&self, token: &str) -> PyResult<Move> {
        self.game.parse_token(token).map(|t| self.to_move(t)).map_err(|e| move_error(token, e))
    }

    /// Plays a move or chance outcome (a Move or a token) and returns it; on an error raises
    /// (BadMoveError, IllegalMoveError) and changes nothing.
    fn play(&mut self, item: &Bound<'_, PyAny>) -> PyResult<Move> {
        let token = token_of(item)?;
        self.play_token(&token)
    }

    /// Takes back the last move played and returns it; raises UndoError at the start.
    fn undo(&mut self) -> PyResult<Move> {
        let token =
            self.played.pop().ok_or_else(|| UndoError::new_err("nothing to undo: no move played since the start"))?;
        self.game.undo();
        Ok(self.to_move(token))
    }

    /// An independent copy of the game.
    fn copy(&self) -> Game {
        self.clone()
    }

    fn __copy__(&self) -> Game {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Game {
        self.clone()
    }

    /// The number of items played since the start.
    fn __len__(&self) -> usize {
        self.played.len()
    }

    /// The number of items played since the start (as `len(game)`).
    #[getter]
    fn ply(&self) -> usize {
        self.played.len()
    }

    /// "b" or "w": the player to move (or who would be, once the game is over).
    #[getter]
    fn side_to_move(&self) -> &'static str {
        letter(self.game.side())
    }

    /// The position string of the current position (what `position sfen` takes).
    #[getter]
    fn position(&self) -> String {
        self.game.position_string()
    }

    /// The position's hash key (the `key` line of `d`, as an int).
    #[getter]
    fn key(&self) -> u64 {
        self.game.key()
    }

    /// How the game ended, or None while it goes on.
    #[getter]
    fn result(&self) -> Option<GameResult> {
        match self.game.turn() {
            Turn::Over(outcome) => Some(GameResult::of(outcome)),
            Turn::Decide(_) | Turn::Chance(_) => None,
        }
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        matches!(self.game.turn(), Turn::Over(_))
    }

    /// Whether the side to move is in check (always False in games without check).
    #[getter]
    fn in_check(&self) -> bool {
        self.game.in_check()
    }

    /// Whether chance decides next (a Shogammon roll): see `rolls`.
    #[getter]
    fn is_chance(&self) -> bool {
        matches!(self.game.turn(), Turn::Chance(_))
    }

    /// The number of leaf nodes `depth` plies ahead (the engine's `go perft`), computed
    /// without holding the GIL.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.perft_divide(py, depth).values().sum()
    }

    /// `perft(depth - 1)` after each legal move (or chance outcome), by token.
    fn perft_divide(&self, py: Python<'_>, depth: u32) -> HashMap<String, u64> {
        let game = self.game.clone();
        py.detach(move || game.perft_divide(depth)).into_iter().collect()
    }

    /// The engine's reply to `d`: the diagram, variant, side to move, result, then the `side`,
    /// `sfen` and `key` lines, joined with newlines.
    fn diagram(&self) -> String {
        display_lines(self.variant.name, &self.game).join("\n")
    }

    /// The position as an SVG document (the engine's `d svg`); `flip` puts the second player
    /// at the bottom.
    #[pyo3(signature = (flip = false))]
    fn svg(&self, flip: bool) -> String {
        render_from(&self.game.drawing(), &[], if flip { Side::Second } else { Side::First })
    }

    /// The picture Jupyter shows.
    fn _repr_svg_(&self) -> String {
        self.svg(false)
    }

    fn __str__(&self) -> String {
        self.diagram()
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let moves = PyList::new(py, &self.played).map(|l| l.to_string()).unwrap_or_default();
        match &self.start {
            None => format!("Game({:?}, moves={moves})", self.variant.name),
            Some(p) => format!("Game({:?}, position={p:?}, moves={moves})", self.variant.name),
        }
    }
}
