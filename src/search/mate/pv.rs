//! The mating line of a proven position, read back from the table, and its verification.
//!
//! The reader follows the proofs on real paths (so every legal move it sees is exact, history
//! included), within a budget of plies that falls by one at every move, starting from the
//! root's proven length: at the attacker's turn the proven check with the shortest recorded
//! mate within the budget that leads to a readable line, at the defender's the reply that
//! resists longest (every reply must be mated within the budget, or there is no line). The
//! budget keeps the reader out of cycles: proofs found at different times may each pass
//! through the other's position. A position the table has lost on the way is proven again.
//! The line is then replayed from the root with the rules and only returned when every move is
//! legal, every attacker's move gives check and the last position is the attacker's
//! checkmate.

use super::dfpn::Solver;
use super::mated_by;
use super::numbers::INFINITE;
use crate::game::{Game, MateMove, Turn};
use std::collections::HashMap;

/// Positions the reader may visit before it gives up.
const READ_LIMIT: usize = 1 << 20;

/// What the line reader knows about a position.
#[derive(Clone, Copy, Debug)]
enum Line<M> {
    /// On the path being read: reaching it again is a cycle, not a mate.
    Open,
    /// No mating line from here within this many plies, whatever the path.
    Failed(u16),
    /// Checkmate in `len` plies, starting with `mv` (none at checkmate itself).
    Mate { len: u16, mv: Option<M> },
}

/// The result of reading one position.
#[derive(Clone, Copy, Debug)]
enum Read<M> {
    /// Checkmate in this many plies, starting with the move (none at checkmate itself).
    Mate(u16, Option<M>),
    /// No line; `cycle` when only because the line ran into the path being read (another path
    /// may still succeed, so this is not remembered).
    NoLine { cycle: bool },
}

/// Reads mating lines out of a finished search.
struct Reader<'s, 'b, M> {
    solver: &'s mut Solver<'b>,
    lines: HashMap<u64, Line<M>>,
    visits: usize,
}

/// The move tokens of the mating line from `root` (proven by `solver`, which stands at
/// `root`), verified; `None` when it cannot be read (a lost position could not be proven again
/// within the budget or because the search was stopped) or fails verification.
pub(super) fn mating_line<G: Game>(solver: &mut Solver<'_>, root: &G) -> Option<Vec<String>> {
    let proven = solver.table.get(solver.key(root)).filter(|n| n.is_proven()).map_or(u16::MAX, |n| n.len);
    let mut reader = Reader { solver, lines: HashMap::new(), visits: 0 };
    // Positions the table lost and proved again may need more plies than it recorded: then
    // any length will do (cycles are still caught on the path being read).
    let mut read = reader.read(&mut root.clone(), proven);
    if matches!(read, Read::NoLine { .. }) && proven < u16::MAX {
        reader.lines.clear();
        read = reader.read(&mut root.clone(), u16::MAX);
    }
    let Read::Mate(len, _) = read else { return None };
    let mut line = Vec::with_capacity(usize::from(len));
    let mut pos = root.clone();
    // A position keeps the shortest line read from it, so lengths fall along the line.
    while let Some(Line::Mate { mv: Some(mv), .. }) = reader.lines.get(&pos.key()).copied() {
        if line.len() >= usize::from(len) {
            return None;
        }
        line.push(mv);
        pos.play(mv);
    }
    verified_tokens(root, &line)
}

impl<M: Copy> Reader<'_, '_, M> {
    /// The mating line of at most `budget` plies from `pos`, the last position of the
    /// solver's path.
    fn read<G: Game<Move = M>>(&mut self, pos: &mut G, budget: u16) -> Read<M> {
        let key = pos.key();
        let known = self.lines.get(&key).copied();
        match known {
            Some(Line::Mate { len, mv }) if len <= budget => return Read::Mate(len, mv),
            Some(Line::Open) => return Read::NoLine { cycle: true },
            Some(Line::Failed(within)) if within >= budget => return Read::NoLine { cycle: false },
            _ => {}
        }
        // Reading is quick (it follows proofs); a stop that arrives meanwhile waits for it.
        self.visits += 1;
        if self.visits > READ_LIMIT {
            return Read::NoLine { cycle: false };
        }
        self.lines.insert(key, Line::Open);
        let read = match pos.turn() {
            Turn::Over(outcome) if outcome == mated_by(self.solver.attacker) => Read::Mate(0, None),
            _ if budget == 0 => Read::NoLine { cycle: false },
            Turn::Decide(side) if side == self.solver.attacker => self.attack(pos, budget),
            Turn::Decide(_) => self.defend(pos, budget),
            Turn::Over(_) | Turn::Chance(_) => Read::NoLine { cycle: false },
        };
        // Keep the shortest line known, and the widest failure.
        let keep = match (read, known) {
            (Read::Mate(len, _), Some(Line::Mate { len: shorter, mv: before })) if shorter < len => {
                Some(Line::Mate { len: shorter, mv: before })
            }
            (Read::Mate(len, mv), _) => Some(Line::Mate { len, mv }),
            (Read::NoLine { cycle: false }, Some(Line::Mate { len, mv })) => Some(Line::Mate { len, mv }),
            (Read::NoLine { cycle: false }, _) => Some(Line::Failed(budget)),
            (Read::NoLine { cycle: true }, before) => before,
        };
        match keep {
            Some(line) => self.lines.insert(key, line),
            None => self.lines.remove(&key),
        };
        read
    }

    /// The checks of `pos` that lead to a position the table holds as proven within `within`
    /// plies, shortest recorded mate first.
    fn proven_checks<G: Game<Move = M>>(&self, pos: &mut G, within: u16) -> Vec<M> {
        let mut checks = Vec::new();
        pos.mate_moves(self.solver.attacker, self.solver.key(pos), &mut checks);
        let table = &self.solver.table;
        let proven_len =
            |check: &MateMove<M>| table.get(check.key).filter(|n| n.is_proven() && n.len <= within).map(|n| n.len);
        let mut proven: Vec<(u16, M)> =
            checks.iter().filter_map(|check| proven_len(check).map(|len| (len, check.mv))).collect();
        proven.sort_by_key(|&(len, _)| len);
        proven.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The first proven check within the budget, shortest recorded mate first, whose line can
    /// be read.
    fn attack<G: Game<Move = M>>(&mut self, pos: &mut G, budget: u16) -> Read<M> {
        let mut candidates = self.proven_checks(pos, budget - 1);
        if candidates.is_empty() {
            // The table lost the proof: prove this position again.
            self.prove(pos);
            candidates = self.proven_checks(pos, budget - 1);
        }
        let mut cycle = false;
        for mv in candidates {
            match self.child(pos, mv, budget - 1) {
                Read::Mate(len, _) => return Read::Mate(len.saturating_add(1), Some(mv)),
                Read::NoLine { cycle: through } => cycle |= through,
            }
        }
        Read::NoLine { cycle }
    }

    /// The longest resistance; every reply must be mated within the budget.
    fn defend<G: Game<Move = M>>(&mut self, pos: &mut G, budget: u16) -> Read<M> {
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        let mut longest: Option<(u16, M)> = None;
        for mv in replies {
            match self.child(pos, mv, budget - 1) {
                Read::Mate(len, _) if longest.is_none_or(|(most, _)| len >= most) => longest = Some((len, mv)),
                Read::Mate(..) => {}
                no_line @ Read::NoLine { .. } => return no_line,
            }
        }
        longest.map_or(Read::NoLine { cycle: false }, |(len, mv)| Read::Mate(len.saturating_add(1), Some(mv)))
    }

    /// The line of at most `budget` plies after `mv`, proving the position again if the table
    /// lost it.
    fn child<G: Game<Move = M>>(&mut self, pos: &mut G, mv: M, budget: u16) -> Read<M> {
        self.solver.enter(pos, self.solver.key(pos), mv);
        if !self.solver.table.get(self.solver.key(pos)).is_some_and(|n| n.is_proven()) {
            self.prove(pos);
        }
        let read = self.read(pos, budget);
        self.solver.leave(pos, mv);
        read
    }

    /// Searches `pos` to a decision (or until the search is stopped).
    fn prove<G: Game<Move = M>>(&mut self, pos: &mut G) {
        if !self.solver.halted() {
            self.solver.search(pos, INFINITE, INFINITE);
        }
    }
}

/// The tokens of `line` if it is a forced-mate line from `root`: every move legal, every move
/// of the side to move at the root a check, and the final position checkmate by that side.
pub(super) fn verified_tokens<G: Game>(root: &G, line: &[G::Move]) -> Option<Vec<String>> {
    let attacker = root.side();
    let mut pos = root.clone();
    let mut legal = Vec::new();
    let mut tokens = Vec::with_capacity(line.len());
    for (ply, &mv) in line.iter().enumerate() {
        legal.clear();
        pos.generate(&mut legal);
        if !legal.contains(&mv) {
            return None;
        }
        tokens.push(pos.format_move(mv));
        pos.play(mv);
        if ply % 2 == 0 && !pos.in_check() {
            return None;
        }
    }
    (line.len() % 2 == 1 && pos.turn() == Turn::Over(mated_by(attacker))).then_some(tokens)
}
