use super::geometry::{squares, Geometry};
use super::rules::{RuleSet, Win};
use crate::game::notation::MoveNumber;
use crate::game::occurrences;
use crate::game::Tunable;
use crate::game::{Game, GameError, RuleValues, VariantSpec};
use crate::vocabulary::{zobrist_table, DrawReason, Outcome, Score, Side, WinReason};

/// A hasami-family move: a man goes from `from` to `to` (a slide, a step or a jump; the board
/// tells which). Squares are bitboard indices.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HasamiMove {
    pub from: u8,
    pub to: u8,
}

/// What `undo` needs to restore, besides the key (kept in the history).
#[derive(Clone, Copy, Debug)]
struct Undo {
    /// `None` for a null move.
    mv: Option<HasamiMove>,
    captured: u128,
    outcome: Option<Outcome>,
    reversible: u32,
    occurrences: u32,
}

const KEYS: [u64; 257] = zobrist_table(0x4A5A_5A11_0000_0001);
const SIDE_KEY: u64 = KEYS[256];

/// The zobrist key of a man of `side` on `sq`.
#[inline]
fn man_key(side: Side, sq: usize) -> u64 {
    KEYS[side.index() * 128 + sq]
}

/// A position of a hasami-family game with its repetition history.
#[derive(Clone, Debug)]
pub struct Hasami {
    pub(super) rules: RuleSet,
    /// The men of each side, indexed by [`Side::index`].
    pub(super) men: [u128; 2],
    pub(super) side: Side,
    key: u64,
    /// The move number of the position string (1 for the start position; stops at the limit).
    pub(super) move_number: MoveNumber,
    outcome: Option<Outcome>,
    /// Plies since the last capture (or null move): how far back a repetition can lie.
    reversible: u32,
    /// How often the position (board and side to move) has occurred, this time included.
    occurrences: u32,
    /// The keys of every earlier position of the game, oldest first.
    history: Vec<u64>,
    undos: Vec<Undo>,
}

impl Hasami {
    /// The start position of `rules`.
    pub fn start(rules: RuleSet) -> Hasami {
        let mut men = [0u128; 2];
        for &rank in rules.start_ranks {
            men[Side::First.index()] |= rules.geometry.rows(rules.geometry.height - rank, 1);
            men[Side::Second.index()] |= rules.geometry.rows(rank - 1, 1);
        }
        Hasami::from_parts(rules, men, Side::First, MoveNumber::FIRST)
    }

    /// A position from validated parts, judged as if the player not to move had just moved.
    pub(super) fn from_parts(rules: RuleSet, men: [u128; 2], side: Side, move_number: MoveNumber) -> Hasami {
        let mut position = Hasami {
            rules,
            men,
            side,
            key: 0,
            move_number,
            outcome: None,
            reversible: 0,
            occurrences: 1,
            history: Vec::new(),
            undos: Vec::new(),
        };
        position.key = position.key_from_scratch();
        position.outcome = position.judge();
        position
    }

    /// Parses a position string of `rules` (see `protocol-spec.md`).
    pub fn from_position_string(rules: RuleSet, text: &str) -> Result<Hasami, GameError> {
        super::position_string::parse_position(rules, text)
    }

    /// The rules this position is played by (rule options applied).
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }

    #[inline]
    pub(super) fn geometry(&self) -> &'static Geometry {
        self.rules.geometry
    }

    /// The men of `side`.
    #[inline]
    pub fn men(&self, side: Side) -> u128 {
        self.men[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.men[0] | self.men[1]
    }

    /// Whether `side` has an unbroken line of five men outside its own two starting ranks.
    pub fn has_five(&self, men: u128, side: Side) -> bool {
        let Win::Five { diagonal } = self.rules.win else { return false };
        let m = men & !self.rules.home_two[side.index()];
        let lines = if diagonal { 4 } else { 2 };
        self.geometry().five_lines[..lines].iter().any(|&(step, starts)| {
            let mut x = m & starts;
            for k in 1..5 {
                x &= m >> (k * step);
            }
            x != 0
        })
    }

    /// Whether `mv` by the side to move makes a five in a row (a new line must pass through
    /// the landing square).
    pub fn completes_five(&self, mv: HasamiMove) -> bool {
        let Win::Five { diagonal } = self.rules.win else { return false };
        let side = self.side;
        let men = (self.men(side) ^ (1 << mv.from) ^ (1 << mv.to)) & !self.rules.home_two[side.index()];
        let to = mv.to as usize;
        if men & (1 << to) == 0 {
            return false;
        }
        // A new line needs a friendly man next to the landing square.
        let geo = self.geometry();
        let near = geo.neighbours(to) | if diagonal { geo.diagonal_neighbours(to) } else { 0 };
        if men & near == 0 {
            return false;
        }
        self.has_five(men, side)
    }

    /// How the game stands after the player not to move has just moved (docs/rules/hasami.md order:
    /// the mover's win, the material draw, repetition, then no legal move for the player to move).
    fn judge(&self) -> Option<Outcome> {
        let mover = self.side.opponent();
        let won = match self.rules.win {
            Win::Reduce { at_most } => self.men(self.side).count_ones() <= at_most,
            Win::Five { .. } => self.has_five(self.men(mover), mover),
        };
        if won {
            let reason = match self.rules.win {
                Win::Reduce { .. } => WinReason::Capture,
                Win::Five { .. } => WinReason::Five,
            };
            return Some(Outcome::Win { winner: mover, reason });
        }
        if self.rules.material_draw && self.men[0].count_ones() < 5 && self.men[1].count_ones() < 5 {
            return Some(Outcome::Draw(DrawReason::Material));
        }
        if self.occurrences >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if !self.has_moves() {
            return Some(Outcome::Win { winner: mover, reason: WinReason::NoMoves });
        }
        None
    }

    /// Whether the game is won by taking men (not by five in a row).
    fn is_capture_game(&self) -> bool {
        matches!(self.rules.win, Win::Reduce { .. })
    }

    /// The men the move `from -> to` by the side to move would capture.
    #[inline]
    pub fn captures_of(&self, mv: HasamiMove) -> u128 {
        let own = self.men(self.side) ^ (1 << mv.from) ^ (1 << mv.to);
        super::capture::captures(&self.rules, own, self.men(self.side.opponent()), mv.to as usize)
    }
}

impl Tunable for Hasami {
    type Weights = super::eval::Weights;
    const WEIGHTS_FILE: &'static str = "src/variants/hasami/weights.rs";

    fn weights(&self) -> (&'static str, &'static Self::Weights) {
        super::eval::weights(self)
    }

    fn evaluate_with(&self, weights: &Self::Weights) -> Score {
        super::eval::evaluate(self, weights)
    }
}

impl Game for Hasami {
    type Move = HasamiMove;
    type Rules = &'static RuleSet;
    const NULL_MOVE_OK: bool = true;

    fn variants() -> &'static [VariantSpec<&'static RuleSet>] {
        &super::rules::VARIANTS
    }

    fn start(rules: &'static RuleSet, options: &RuleValues) -> Hasami {
        Hasami::start(rules.with_options(options))
    }

    fn from_position_string(rules: &'static RuleSet, options: &RuleValues, text: &str) -> Result<Hasami, GameError> {
        Hasami::from_position_string(rules.with_options(options), text)
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    #[inline]
    fn side(&self) -> Side {
        self.side
    }

    fn generate_legal(&self, moves: &mut Vec<HasamiMove>) {
        self.generate_moves(moves);
    }

    fn count_legal(&self) -> u64 {
        self.count_generated()
    }

    fn play(&mut self, mv: HasamiMove) {
        let us = self.side;
        let them = us.opponent();
        let captured = self.captures_of(mv);
        self.undos.push(Undo {
            mv: Some(mv),
            captured,
            outcome: self.outcome,
            reversible: self.reversible,
            occurrences: self.occurrences,
        });
        self.history.push(self.key);
        self.men[us.index()] ^= (1 << mv.from) | (1 << mv.to);
        self.key ^= man_key(us, mv.from as usize) ^ man_key(us, mv.to as usize);
        if captured != 0 {
            self.men[them.index()] ^= captured;
            for sq in squares(captured) {
                self.key ^= man_key(them, sq);
            }
            self.reversible = 0;
        } else {
            self.reversible += 1;
        }
        self.side = them;
        self.key ^= SIDE_KEY;
        self.move_number.advance();
        self.occurrences = occurrences(&self.history, self.key, self.reversible);
        self.outcome = self.judge();
    }

    fn undo(&mut self) {
        let Some(undo) = self.undos.pop() else { return };
        let Some(key) = self.history.pop() else { return };
        let mover = self.side.opponent();
        if let Some(mv) = undo.mv {
            self.men[mover.index()] ^= (1 << mv.from) | (1 << mv.to);
            self.men[self.side.index()] |= undo.captured;
            self.move_number.retreat();
        }
        self.side = mover;
        self.key = key;
        self.outcome = undo.outcome;
        self.reversible = undo.reversible;
        self.occurrences = undo.occurrences;
    }

    fn play_null(&mut self) {
        self.undos.push(Undo {
            mv: None,
            captured: 0,
            outcome: self.outcome,
            reversible: self.reversible,
            occurrences: self.occurrences,
        });
        self.history.push(self.key);
        self.side = self.side.opponent();
        self.key ^= SIDE_KEY;
        // A pass is no real game event: no repetition is counted across it.
        self.reversible = 0;
        self.occurrences = 1;
        self.outcome =
            (!self.has_moves()).then_some(Outcome::Win { winner: self.side.opponent(), reason: WinReason::NoMoves });
    }

    #[inline]
    fn key(&self) -> u64 {
        self.key
    }

    fn key_from_scratch(&self) -> u64 {
        let mut key = if self.side == Side::Second { SIDE_KEY } else { 0 };
        for side in Side::ALL {
            for sq in squares(self.men(side)) {
                key ^= man_key(side, sq);
            }
        }
        key
    }

    #[inline]
    fn encode(mv: HasamiMove) -> u32 {
        (mv.from as u32) << 7 | mv.to as u32
    }

    fn is_noisy(&self, mv: HasamiMove) -> bool {
        if self.captures_of(mv) != 0 {
            return true;
        }
        self.completes_five(mv)
    }

    fn generate_noisy(&self, moves: &mut Vec<HasamiMove>) {
        if self.outcome.is_some() {
            return;
        }
        let start = moves.len();
        self.generate_to(self.noisy_targets(), moves);
        crate::game::keep_noisy(self, moves, start);
    }

    fn mark_noisy(&self, moves: &[HasamiMove], noisy: &mut Vec<bool>) {
        let targets = self.noisy_targets();
        noisy.clear();
        noisy.extend(moves.iter().map(|&mv| targets & (1 << mv.to) != 0 && self.is_noisy(mv)));
    }

    fn repeats(&self) -> bool {
        self.occurrences >= 2 && self.is_capture_game()
    }

    fn draw_value(&self) -> Score {
        if self.is_capture_game() {
            super::quiet_spell::draw_value(self.reversible)
        } else {
            0
        }
    }

    fn evaluate(&self) -> Score {
        super::eval::evaluate(self, super::eval::weights(self).1)
    }

    fn format_move(&self, mv: HasamiMove) -> String {
        let geo = self.geometry();
        format!("{}{}", geo.square_name(mv.from as usize), geo.square_name(mv.to as usize))
    }

    fn parse_move(&self, text: &str) -> Result<HasamiMove, GameError> {
        super::notation::parse_move(self, text)
    }

    fn position_string(&self) -> String {
        super::position_string::position_string(self)
    }

    fn diagram(&self) -> String {
        super::notation::diagram(self)
    }

    fn drawing(&self) -> crate::drawing::Drawing {
        super::drawing::drawing(self)
    }
}
