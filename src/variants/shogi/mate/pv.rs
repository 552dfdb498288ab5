//! The mating line of a proven position, read back from the table, and its verification.
//!
//! Among the positions the search proved, the attacker takes the quickest mate and the defender
//! the longest resistance (a memoised minimax over the proven part of the table), so the line
//! is as short as the proof found allows; it is not guaranteed to be the shortest mate. A
//! position the table has lost on the way is proven again. The line is then replayed from the
//! root with the full rules and only returned when every move is legal, every attacker's move
//! gives check and the last position is checkmate.

use super::dfpn::Solver;
use super::mated_by;
use super::numbers::INFINITE;
use crate::core::Side;
use crate::game::{Game, Turn};
use crate::variants::shogi::{Shogi, ShogiMove};
use std::collections::HashMap;

/// What the line reader knows about a position.
#[derive(Clone, Copy, Debug)]
enum Line {
    /// On the path being read: reaching it again is a cycle, not a mate.
    Open,
    /// No mating line found from here (along the path that first reached it).
    Failed,
    /// Checkmate in `len` plies, starting with `mv` (none at checkmate itself).
    Mate { len: u16, mv: Option<ShogiMove> },
}

/// Reads mating lines out of a finished search.
struct Reader<'s, 'b> {
    solver: &'s mut Solver<'b>,
    attacker: Side,
    lines: HashMap<u64, Line>,
}

/// The mating line from `root` (proven by `solver`), verified; `None` when it cannot be read
/// (a lost position could not be proven again before the search was stopped).
pub(super) fn mating_line(solver: &mut Solver<'_>, root: &Shogi) -> Option<Vec<ShogiMove>> {
    let mut reader = Reader { solver, attacker: root.side(), lines: HashMap::new() };
    let mut pos = root.clone();
    reader.solver.path.clear();
    reader.read(&mut pos)?;
    let mut line = Vec::new();
    let mut pos = root.clone();
    while let Some(Line::Mate { mv: Some(mv), .. }) = reader.lines.get(&pos.key()).copied() {
        line.push(mv);
        pos.play(mv);
    }
    verify(root, &line).then_some(line)
}

impl Reader<'_, '_> {
    /// The plies to checkmate from `pos` by the best line in the proven part of the table.
    fn read(&mut self, pos: &mut Shogi) -> Option<u16> {
        let key = pos.key();
        match self.lines.get(&key) {
            Some(Line::Mate { len, .. }) => return Some(*len),
            Some(Line::Open | Line::Failed) => return None,
            None => {}
        }
        self.lines.insert(key, Line::Open);
        let found = match pos.turn() {
            Turn::Over(outcome) => (outcome == mated_by(self.attacker)).then_some((0, None)),
            _ if pos.side() == self.attacker => self.attack(pos),
            _ => self.defend(pos),
        };
        self.lines.insert(key, found.map_or(Line::Failed, |(len, mv)| Line::Mate { len, mv }));
        found.map(|(len, _)| len)
    }

    /// The checks of `pos` that lead to a position the table holds as proven.
    fn proven_checks(&self, pos: &Shogi) -> Vec<ShogiMove> {
        let mut checks = Vec::new();
        pos.generate_checks(&mut checks);
        checks.retain(|&mv| self.solver.table.get(pos.key_after(mv)).is_some_and(|n| n.is_proven()));
        checks
    }

    /// The quickest mate among the proven checks.
    fn attack(&mut self, pos: &mut Shogi) -> Option<(u16, Option<ShogiMove>)> {
        let mut candidates = self.proven_checks(pos);
        if candidates.is_empty() {
            // The table lost the proof: prove this position again.
            self.prove(pos);
            candidates = self.proven_checks(pos);
        }
        let mut best: Option<(u16, Option<ShogiMove>)> = None;
        for mv in candidates {
            if let Some(len) = self.child(pos, mv) {
                if best.is_none_or(|(shortest, _)| len + 1 < shortest) {
                    best = Some((len + 1, Some(mv)));
                }
            }
        }
        best
    }

    /// The longest resistance; every reply must be mated.
    fn defend(&mut self, pos: &mut Shogi) -> Option<(u16, Option<ShogiMove>)> {
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        let mut best: Option<(u16, Option<ShogiMove>)> = None;
        for mv in replies {
            let len = self.child(pos, mv)?;
            if best.is_none_or(|(longest, _)| len + 1 > longest) {
                best = Some((len + 1, Some(mv)));
            }
        }
        best
    }

    /// The plies to checkmate after `mv`, proving the position again if the table lost it.
    fn child(&mut self, pos: &mut Shogi, mv: ShogiMove) -> Option<u16> {
        let key = pos.key();
        pos.play(mv);
        self.solver.path.push(key);
        if !self.solver.table.get(pos.key()).is_some_and(|n| n.is_proven()) {
            self.prove(pos);
        }
        let len = self.read(pos);
        self.solver.path.pop();
        pos.undo();
        len
    }

    /// Searches `pos` to a decision (or until the search is stopped).
    fn prove(&mut self, pos: &mut Shogi) {
        if !self.solver.stopped() {
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
