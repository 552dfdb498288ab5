//! The Game contract: the one interface between a variant's rules and the generic search,
//! perft and protocol code. See `docs/game-contract.md` for how every game of docs/rules/ maps
//! onto it (compound turns, chance nodes, hands, history-dependent legality, stacks).

mod error;
mod mate;
pub mod notation;
mod perft;
mod places;
mod repetition;
mod rule;
mod weights;

pub use error::{GameError, MoveError, PositionError, PositionErrorKind, PositionField};
pub use mate::{
    beyond, mated_by, played_mate_in_one, played_mate_moves, HandChange, MateAnswer, MateBudget, MateGuess, MateHand,
    MateKey, MateMeter, MateMove, OneCheck,
};
pub use perft::{perft, perft_divide};
pub use places::token_places;
pub use repetition::occurrences;
pub use rule::{whole_number, RuleKind, RuleOption, RuleValue, RuleValues};
pub use weights::{Field, Tunable, WeightTable};

use crate::vocabulary::{Outcome, Score, Side};
use std::fmt::Debug;

/// Whose decision it is in a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// `Side` chooses one of the legal moves.
    Decide(Side),
    /// Chance picks one of the weighted outcomes ([`Game::generate`] lists them and
    /// [`Game::chance_weight`] weighs them); afterwards `Side` is to move. Scores at a chance
    /// node are from `Side`'s point of view.
    Chance(Side),
    /// The game is over; there are no legal moves.
    Over(Outcome),
}

/// One named variant a game type plays: its protocol name (`variant <name>`), the fixed rules
/// that make it that variant, and the rule options it reads.
#[derive(Debug)]
pub struct VariantSpec<R: 'static> {
    pub name: &'static str,
    pub rules: R,
    /// The rule options this variant declares, in the order `usi` lists them.
    pub options: &'static [&'static RuleOption],
    /// Position strings `bench` searches after the start position (middlegames of self-play).
    pub bench: &'static [&'static str],
}

/// A position of one game, with the history its rules need (repetition keys, undo records).
///
/// Contract every implementation keeps (checked by the random-walk tests):
/// - [`generate`](Game::generate) appends exactly the legal moves (whole turns; a checkers
///   multi-jump or a Philosopher's Chess double move is one move), and none once the game is over;
/// - [`play`] then [`undo`] restores the position exactly, key included;
/// - [`key`](Game::key) is maintained incrementally and equals a key computed from scratch; it
///   covers every piece of state that changes what is legal (side to move, hands, dice, ...);
/// - [`format_move`](Game::format_move) and [`parse_move`](Game::parse_move) round-trip for
///   every legal move, and [`position_string`](Game::position_string) round-trips through the
///   variant's parser.
///
/// [`play`]: Game::play
/// [`undo`]: Game::undo
pub trait Game: Clone + Send + Sync + 'static {
    /// One move (a whole turn) or one chance outcome, small and copyable.
    type Move: Copy + Eq + Send + Sync + Debug + 'static;

    /// What tells this type's named variants apart (a rule table; `()` for a single variant).
    type Rules: Copy + Send + Sync + Debug + 'static;

    /// Every named variant this type plays. The catalogue (`crate::catalogue`) lists them.
    fn variants() -> &'static [VariantSpec<Self::Rules>];

    /// The start position of the variant with `rules`, under the rule options `options`.
    fn start(rules: Self::Rules, options: &RuleValues) -> Self;

    /// The position written `text` (the variant's position string, `protocol-spec.md`),
    /// validated, with a fresh history; or what is wrong with it.
    fn from_position_string(rules: Self::Rules, options: &RuleValues, text: &str) -> Result<Self, GameError>;

    /// Whether any position of this game is a chance node ([`Turn::Chance`]); games with dice
    /// set it. When `false`, perft skips asking for the turn where only chance would matter.
    const CHANCE: bool = false;

    /// Whether passing (a null move) is a sound pruning device in this game. When `true`,
    /// [`play_null`](Game::play_null) must be implemented.
    const NULL_MOVE_OK: bool = false;

    /// Reverse futility pruning: a non-PV node within 3 plies of the horizon, not in check,
    /// whose evaluation is at least beta plus this margin per ply left is taken as a
    /// fail-high. The same margin prunes quiet moves at nodes evaluated that far below alpha,
    /// one and a half times it is ProbCut's margin above beta (from 5 plies), and quiescence
    /// skips a capture that does not check when the evaluation plus its exchange gain plus
    /// this margin stays at or below alpha (delta pruning).
    /// `None` (the default): none of these is used. A game sets it, in its evaluation's units,
    /// once an `arena` match has shown that it gains.
    const FUTILITY_MARGIN: Option<Score> = None;

    /// The null move's reduction grows by a ply for each this much the evaluation stands
    /// above beta, up to three plies. `None` (the default): a reduction by depth alone. A game
    /// sets it, in its evaluation's units, once an `arena` match has shown that it gains.
    const NULL_MOVE_MARGIN: Option<Score> = None;

    /// The search's selectivity beyond the classic PVS: late-move pruning, check extensions and
    /// internal iterative reduction (`search/worker.rs`). On by default: they gained in shogi
    /// and dai-hasami; a game where an `arena` match shows a loss turns them off (Ito).
    const SELECTIVE_SEARCH: bool = true;

    /// The deepest `bench` searches this game's positions (a whole turn per depth can make the
    /// common bench depth far too slow, as with Shogammon's 21 rolls between turns).
    const MAX_BENCH_DEPTH: u32 = u32::MAX;

    /// How the game has ended, or `None` while it goes on (`play` judges it and keeps it).
    fn outcome(&self) -> Option<Outcome>;

    /// Whose decision it is, or how the game ended. The default: [`outcome`](Game::outcome) if
    /// the game is over, else the side to move decides; games with chance nodes or with an end
    /// judged only here override it.
    #[inline]
    fn turn(&self) -> Turn {
        match self.outcome() {
            Some(outcome) => Turn::Over(outcome),
            None => Turn::Decide(self.side()),
        }
    }

    /// The player whose turn it is (or would be, once the game is over).
    fn side(&self) -> Side;

    /// Appends every legal move (or every chance outcome at a chance node) to `moves`; none once
    /// the game is over.
    #[inline]
    fn generate(&self, moves: &mut Vec<Self::Move>) {
        if self.outcome().is_none() {
            self.generate_legal(moves);
        }
    }

    /// [`generate`](Game::generate) for a game that goes on: what each game writes.
    fn generate_legal(&self, moves: &mut Vec<Self::Move>);

    /// The number of legal moves (0 once the game is over).
    #[inline]
    fn count_moves(&self) -> u64 {
        match self.outcome() {
            Some(_) => 0,
            None => self.count_legal(),
        }
    }

    /// [`count_moves`](Game::count_moves) for a game that goes on; games override it with a
    /// faster count (perft bulk counting).
    fn count_legal(&self) -> u64 {
        let mut moves = Vec::new();
        self.generate_legal(&mut moves);
        moves.len() as u64
    }

    /// The relative weight of a chance outcome (only called at chance nodes).
    fn chance_weight(&self, _outcome: Self::Move) -> u32 {
        1
    }

    /// Plays a legal move (or chance outcome). Playing anything not just generated for this
    /// position is a logic error.
    fn play(&mut self, mv: Self::Move);

    /// Takes back the last [`play`](Game::play) or [`play_null`](Game::play_null).
    fn undo(&mut self);

    /// Passes the turn (only called when [`NULL_MOVE_OK`](Game::NULL_MOVE_OK)).
    fn play_null(&mut self) {}

    /// Whether the side to move is in check (games with check). The search never passes
    /// ([`play_null`](Game::play_null)) in check.
    fn in_check(&self) -> bool {
        false
    }

    /// Whether the position occurred before in the game, the same side to move, where the
    /// rules draw a repeated position: the search then scores it as the draw either player
    /// could steer it into by repeating (a repetition found in the search needs no third
    /// occurrence). `false` (the default): only the rules' own draws count. The hasami family's
    /// capture games say `true` (docs/strength.md, "Progress in the capture games").
    fn repeats(&self) -> bool {
        false
    }

    /// What a draw is worth to the side to move when this position is the root of a search,
    /// in evaluation units; the search scores every draw in its tree with this value for that
    /// side and its negative for the other. 0 (the default): a draw is even. The hasami
    /// family's capture games raise it as a spell without a capture grows
    /// (`variants/hasami/quiet_spell.rs`).
    fn draw_value(&self) -> Score {
        0
    }

    /// The zobrist key of the position (everything that changes what is legal).
    fn key(&self) -> u64;

    /// The key computed from the position alone, not incrementally: always equal to
    /// [`key`](Game::key) (the contract tests compare them after every move).
    fn key_from_scratch(&self) -> u64;

    /// A compact code for `mv`, unique among the moves of any one position; stored in the
    /// transposition table and used to index history tables.
    fn encode(mv: Self::Move) -> u32;

    /// Appends the legal moves that give check (any order); quiescence tries the quiet ones
    /// that lose no material on its first ply, so a mate by a quiet check at the horizon is
    /// seen. Games without check append nothing (the default).
    fn checking_moves(&self, _moves: &mut Vec<Self::Move>) {}

    /// Whether `mv` changes material or decides the game (searched by quiescence).
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// Appends exactly the legal moves for which [`is_noisy`](Game::is_noisy) holds (what
    /// quiescence searches). Games override it to skip quiet moves wholesale.
    fn generate_noisy(&self, moves: &mut Vec<Self::Move>) {
        let start = moves.len();
        self.generate(moves);
        keep_noisy(self, moves, start);
    }

    /// The material a noisy move wins once the exchange it starts on its destination is over
    /// (static exchange evaluation, in evaluation units): orders noisy moves best first and lets
    /// quiescence skip the losing ones (negative). The default, 0, treats all noisy moves alike.
    fn exchange_gain(&self, _mv: Self::Move) -> Score {
        0
    }

    /// Replaces `noisy` with [`is_noisy`](Game::is_noisy) of each move of `moves`, in order.
    /// Games override it to share work between the moves of one position.
    fn mark_noisy(&self, moves: &[Self::Move], noisy: &mut Vec<bool>) {
        noisy.clear();
        noisy.extend(moves.iter().map(|&mv| self.is_noisy(mv)));
    }

    /// A static evaluation from the point of view of the side to move.
    fn evaluate(&self) -> Score;

    /// The protocol token of a legal move.
    fn format_move(&self, mv: Self::Move) -> String;

    /// The places a user clicks to enter the legal move `mv` on a board, in order
    /// (protocol-spec.md §9.8): board squares by their names in move tokens, a piece in hand as
    /// its position-string letter and `*`. The default reads them from the move's token
    /// ([`token_places`]); a game whose tokens do not follow that grammar overrides it.
    fn places(&self, mv: Self::Move) -> Vec<String> {
        token_places(&self.format_move(mv), self.side())
    }

    /// Finds the legal move written `text`. The default compares against every legal move's
    /// canonical token; games that accept other notations override it.
    fn parse_move(&self, text: &str) -> Result<Self::Move, GameError> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.into_iter().find(|&mv| self.format_move(mv) == text).ok_or_else(|| MoveError::illegal(text).into())
    }

    /// Whether `item`, in a `position ... moves` list, completes the item before it instead of
    /// being a move of its own (Philosopher's Chess: the inventor's separate promotion items
    /// `pr`, `pn`, `ph`). The two are joined by concatenation and parsed as one token.
    fn is_suffix_item(_item: &str) -> bool {
        false
    }

    /// The position string (`protocol-spec.md`) of the current position.
    fn position_string(&self) -> String;

    /// The game's part of the `d` reply (protocol-spec.md §9.5): the board, the grids of
    /// [`drawing`](Game::drawing) as `crate::drawing::text` writes them in the game's column
    /// width, then in games with pieces in hand one line per player (the drawing's hand
    /// lines, [`crate::drawing::Drawing::caption_lines`]).
    /// Only that: the protocol adds the lines every game shares (variant, side to move, result,
    /// `side`/`sfen`/`key`). No line may start with `side `, `sfen ` or `key `.
    fn diagram(&self) -> String;

    /// The position as a picture ([`crate::drawing`]): the same boards, pieces and hands as
    /// [`diagram`](Game::diagram), for `d svg` and match reports.
    fn drawing(&self) -> crate::drawing::Drawing;

    /// Whether the game offers the checkmate search of `go mate` (`crate::search::mate`, one
    /// df-pn for every game with check). The five hooks below make it faster in a game that
    /// implements them; their defaults are right for every game.
    const MATE_SEARCH: bool = false;

    /// Attacker's hand: how the checkmate search names this position, `attacker` attacking. A
    /// game with pieces in hand may give the key without the attacker's hand, and that hand
    /// apart, so that the search's table can compare hands: a mate then holds for every
    /// attacker's hand that covers the one it needs, and a failure for every hand it covers.
    /// That asks of the game: a bigger attacker's hand (so a smaller defender's one) never
    /// helps the defender, except by interpositions the game counts in
    /// [`interposition_guard`](Game::interposition_guard); holding more of a kind it holds opens
    /// the attacker no new move; and within one search no piece leaves the game. The default:
    /// the whole [`key`](Game::key), no hand.
    fn mate_key(&self, _attacker: Side) -> MateKey {
        MateKey { board: self.key(), hand: MateHand::NONE }
    }

    /// Check generation: appends the moves the checkmate search tries here, each with the
    /// [`mate_key`](Game::mate_key) after it (the position's own is `key`) and what it does to
    /// the attacker's hand: at `attacker`'s turn exactly the legal moves that give check, at the
    /// defender's every legal move. Leaves the position as it was. The default plays every
    /// legal move to see ([`played_mate_moves`]).
    fn mate_moves(&mut self, attacker: Side, _key: MateKey, moves: &mut Vec<MateMove<Self::Move>>) {
        played_mate_moves(self, attacker, moves);
    }

    /// Mate in one: at `attacker`'s turn (the position named `key`), a check that the rules
    /// answer with the attacker's checkmate, or whether there is no check at all. Leaves the
    /// position as it was. The default plays each of [`mate_moves`](Game::mate_moves) to see
    /// ([`played_mate_in_one`]).
    fn mate_in_one(&mut self, attacker: Side, key: MateKey) -> OneCheck<Self::Move> {
        played_mate_in_one(self, attacker, key)
    }

    /// df-pn+: a first guess at the numbers of the position `mv` (one of
    /// [`mate_moves`](Game::mate_moves) here) leads to, asked only for a position the search
    /// has not met yet. The default: no idea either way.
    fn mate_guess(&self, _attacker: Side, _mv: Self::Move) -> MateGuess {
        MateGuess::EVEN
    }

    /// Interposition: for the defender to move in check, the part of the attacker's `hand` a mate
    /// of this position needs kept, whatever the replies need (in shogi, when a drop could
    /// interpose, every piece of the kinds the defender does not hold, so that it still holds
    /// none of them). The default, nothing, is right with the default [`mate_key`](Game::mate_key).
    fn interposition_guard(&self, _attacker: Side, _hand: MateHand) -> MateHand {
        MateHand::NONE
    }
}

/// Removes the quiet moves from `moves[start..]`, keeping the order of the others (quiescence
/// searches in generation order).
pub fn keep_noisy<G: Game>(game: &G, moves: &mut Vec<G::Move>, start: usize) {
    let mut kept = start;
    for read in start..moves.len() {
        if game.is_noisy(moves[read]) {
            moves[kept] = moves[read];
            kept += 1;
        }
    }
    moves.truncate(kept);
}
