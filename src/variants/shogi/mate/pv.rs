//! The mating line of a proven position, read back from the table, and its verification.
//!
//! The reader follows the proofs: at the attacker's turn the proven check with the shortest
//! recorded mate that leads to a readable line, at the defender's the reply that resists
//! longest (every reply must be mated, or there is no line). So the line is as short as the
//! proofs found allow; it is not guaranteed to be the shortest mate. A position the table has
//! lost on the way is proven again. The line is then replayed from the root with the full rules
//! and only returned when every move is legal, every attacker's move gives check and the last
//! position is checkmate.

use super::dfpn::Solver;
use super::mated_by;
use super::numbers::INFINITE;
use crate::game::{Game, Turn};
use crate::variants::shogi::{Shogi, ShogiMove};
use std::collections::HashMap;

/// Positions the reader may visit before it gives up (a proof riddled with cycles).
const READ_LIMIT: usize = 1 << 20;

/// What the line reader knows about a position.
#[derive(Clone, Copy, Debug)]
enum Line {
    /// On the path being read: reaching it again is a cycle, not a mate.
    Open,
    /// No mating line from here, whatever the path.
    Failed,
    /// Checkmate in `len` plies, starting with `mv` (none at checkmate itself).
    Mate { len: u16, mv: Option<ShogiMove> },
}

/// The result of reading one position.
#[derive(Clone, Copy, Debug)]
enum Read {
    /// Checkmate in this many plies, starting with the move (none at checkmate itself).
    Mate(u16, Option<ShogiMove>),
    /// No line; `cycle` when only because the line ran into the path being read (another path
    /// may still succeed, so this is not remembered).
    NoLine { cycle: bool },
}

/// Reads mating lines out of a finished search.
struct Reader<'s, 'b> {
    solver: &'s mut Solver<'b>,
    lines: HashMap<u64, Line>,
    visits: usize,
}

/// The mating line from `root` (proven by `solver`), verified; `None` when it cannot be read
/// (a lost position could not be proven again because the search was stopped, or the proof is
/// too tangled to read).
pub(super) fn mating_line(solver: &mut Solver<'_>, root: &Shogi) -> Option<Vec<ShogiMove>> {
    let mut reader = Reader { solver, lines: HashMap::new(), visits: 0 };
    let mut pos = root.clone();
    let Read::Mate(..) = reader.read(&mut pos) else { return None };
    let mut line = Vec::new();
    let mut pos = root.clone();
    while let Some(Line::Mate { mv: Some(mv), .. }) = reader.lines.get(&pos.key()).copied() {
        line.push(mv);
        pos.play(mv);
    }
    verify(root, &line).then_some(line)
}

impl Reader<'_, '_> {
    /// The mating line from `pos` in the proven part of the table.
    fn read(&mut self, pos: &mut Shogi) -> Read {
        let key = pos.key();
        match self.lines.get(&key) {
            Some(&Line::Mate { len, mv }) => return Read::Mate(len, mv),
            Some(Line::Open) => return Read::NoLine { cycle: true },
            Some(Line::Failed) => return Read::NoLine { cycle: false },
            None => {}
        }
        // Reading is quick (it follows proofs); a stop that arrives meanwhile waits for it.
        self.visits += 1;
        if self.visits > READ_LIMIT {
            return Read::NoLine { cycle: false };
        }
        self.lines.insert(key, Line::Open);
        let read = match pos.turn() {
            Turn::Over(outcome) if outcome == mated_by(self.solver.attacker) => Read::Mate(0, None),
            Turn::Over(_) => Read::NoLine { cycle: false },
            _ if pos.side() == self.solver.attacker => self.attack(pos),
            _ => self.defend(pos),
        };
        match read {
            Read::Mate(len, mv) => self.lines.insert(key, Line::Mate { len, mv }),
            Read::NoLine { cycle: false } => self.lines.insert(key, Line::Failed),
            Read::NoLine { cycle: true } => self.lines.remove(&key),
        };
        read
    }

    /// The checks of `pos` that lead to a position the table holds as proven, shortest
    /// recorded mate first.
    fn proven_checks(&self, pos: &Shogi) -> Vec<ShogiMove> {
        let key = self.solver.key(pos);
        let mut checks = Vec::new();
        pos.generate_checks(&mut checks);
        let mut proven: Vec<(u16, ShogiMove)> = checks
            .into_iter()
            .filter_map(|mv| {
                let (child, _) = key.after(pos, self.solver.attacker, mv);
                self.solver.table.get(child).filter(|n| n.is_proven()).map(|n| (n.len, mv))
            })
            .collect();
        proven.sort_by_key(|&(len, _)| len);
        proven.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The first proven check, shortest recorded mate first, whose line can be read.
    fn attack(&mut self, pos: &mut Shogi) -> Read {
        let mut candidates = self.proven_checks(pos);
        if candidates.is_empty() {
            // The table lost the proof: prove this position again.
            self.prove(pos);
            candidates = self.proven_checks(pos);
        }
        let mut cycle = false;
        for mv in candidates {
            match self.child(pos, mv) {
                Read::Mate(len, _) => return Read::Mate(len.saturating_add(1), Some(mv)),
                Read::NoLine { cycle: through } => cycle |= through,
            }
        }
        Read::NoLine { cycle }
    }

    /// The longest resistance; every reply must be mated.
    fn defend(&mut self, pos: &mut Shogi) -> Read {
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        let mut longest: Option<(u16, ShogiMove)> = None;
        for mv in replies {
            match self.child(pos, mv) {
                Read::Mate(len, _) if longest.is_none_or(|(most, _)| len >= most) => longest = Some((len, mv)),
                Read::Mate(..) => {}
                no_line @ Read::NoLine { .. } => return no_line,
            }
        }
        longest.map_or(Read::NoLine { cycle: false }, |(len, mv)| Read::Mate(len.saturating_add(1), Some(mv)))
    }

    /// The line after `mv`, proving the position again if the table lost it.
    fn child(&mut self, pos: &mut Shogi, mv: ShogiMove) -> Read {
        let key = self.solver.key(pos);
        self.solver.enter(pos, key, mv);
        if !self.solver.table.get(self.solver.key(pos)).is_some_and(|n| n.is_proven()) {
            self.prove(pos);
        }
        let read = self.read(pos);
        self.solver.leave(pos, mv);
        read
    }

    /// Searches `pos` to a decision (or until the search is stopped).
    fn prove(&mut self, pos: &mut Shogi) {
        if !self.solver.halted() {
            self.solver.search(pos, INFINITE, INFINITE);
        }
    }
}

/// Whether `line` is a forced-mate line from `root`: every move legal, every move of the side
/// to move at the root a check, and the final position checkmate of the other side.
pub(super) fn verify(root: &Shogi, line: &[ShogiMove]) -> bool {
    let attacker = root.side();
    let mut pos = root.clone();
    let mut legal = Vec::new();
    for (ply, &mv) in line.iter().enumerate() {
        legal.clear();
        pos.generate(&mut legal);
        if !legal.contains(&mv) {
            return false;
        }
        pos.play(mv);
        if ply % 2 == 0 && !pos.is_check() {
            return false;
        }
    }
    line.len() % 2 == 1 && pos.turn() == Turn::Over(mated_by(attacker))
}
