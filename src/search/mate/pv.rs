//! The mating line of a proven position, read back from the table, and its verification.
//!
//! The reader follows the proofs on real paths (so every legal move it sees is exact, history
//! included), within a budget of plies that falls by one at every move, starting from the
//! root's proven length: at the attacker's turn the proven check with the shortest recorded
//! mate within the budget that leads to a readable line, at the defender's the reply that
//! resists longest (every reply must be mated within the budget, or there is no line). The
//! budget keeps the reader out of cycles: proofs found at different times may each pass
//! through the other's position. A position the table has lost on the way is proven again,
//! and so is, within the budget, one whose recorded checks lead to no line (the positions of
//! its shorter proof lost: positions that differ only in the hands share a bucket). A proof
//! too large to walk every defence of (over 65,536 positions) is read along one line: at
//! the defender's turn the replies are read longest recorded mate first, until none left has
//! a recorded mate longer than the longest line read (a reply the table has lost is proven
//! again first), and a reply whose line cannot be read is trusted to the table. The line is
//! then replayed from the root with the rules and only returned when every move is legal,
//! every attacker's move gives check and the last position is the attacker's checkmate.

use super::dfpn::Solver;
use super::numbers::INFINITE;
use crate::game::{mated_by, Game, MateMove, Turn};
use std::collections::HashMap;

/// Positions the reader may visit before it gives up (reading every defence), or reads one
/// line only.
const READ_LIMIT: usize = 1 << 16;

/// The fewest nodes a search that proves a position again within the reader's budget may use.
const REPROVE_NODES: u64 = 1 << 16;

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
    /// The positions it may visit before it gives up (then reads one line, with no limit).
    read_limit: usize,
    /// Follow one line: the defender's reply with the longest recorded mate, not every reply.
    one_line: bool,
}

/// The move tokens of the mating line from `root` (proven by `solver`, which stands at
/// `root`), verified; `None` when it cannot be read (a lost position could not be proven again
/// within the budget or because the search was stopped) or fails verification.
pub(super) fn mating_line<G: Game>(solver: &mut Solver<'_>, root: &G) -> Option<Vec<String>> {
    read_line(solver, root, READ_LIMIT)
}

/// [`mating_line`], walking every defence while it visits at most `read_limit` positions.
pub(super) fn read_line<G: Game>(solver: &mut Solver<'_>, root: &G, read_limit: usize) -> Option<Vec<String>> {
    let proven = solver.table.mate_len(solver.key(root)).unwrap_or(u16::MAX);
    let mut reader = Reader { solver, lines: HashMap::new(), visits: 0, read_limit, one_line: false };
    // Positions the table lost and proved again may need more plies than it recorded: then
    // any length will do (cycles are still caught on the path being read). A proof too large
    // to walk every defence of is read along one line, the longest defence by the mates
    // recorded.
    let budgets: &[u16] = if proven < u16::MAX { &[proven, u16::MAX] } else { &[u16::MAX] };
    let mut read = Read::NoLine { cycle: false };
    let mut too_large = false;
    for one_line in [false, true] {
        for &budget in budgets {
            if matches!(read, Read::NoLine { .. }) && one_line == too_large {
                reader.restart(one_line);
                read = reader.read(&mut root.clone(), budget);
                too_large |= reader.visits > reader.read_limit;
            }
        }
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

impl<M: Copy + PartialEq> Reader<'_, '_, M> {
    /// Forgets what was read, to read again following one line or every defence.
    fn restart(&mut self, one_line: bool) {
        self.lines.clear();
        self.visits = 0;
        self.one_line = one_line;
        if one_line {
            self.read_limit = usize::MAX;
        }
    }

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
        if self.visits > self.read_limit {
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
        let proven_len = |check: &MateMove<M>| table.mate_len(check.key).filter(|&len| len <= within);
        let mut proven: Vec<(u16, M)> =
            checks.iter().filter_map(|check| proven_len(check).map(|len| (len, check.mv))).collect();
        proven.sort_by_key(|&(len, _)| len);
        proven.into_iter().map(|(_, mv)| mv).collect()
    }

    /// The first proven check within the budget, shortest recorded mate first, whose line can
    /// be read. When none can, the positions of a shorter proof may have been lost from the
    /// table (positions that differ only in the hands share a bucket): the position is proven
    /// again within the budget, and the checks that proof adds are tried.
    fn attack<G: Game<Move = M>>(&mut self, pos: &mut G, budget: u16) -> Read<M> {
        let tried = self.proven_checks(pos, budget - 1);
        let mut cycle = false;
        if let Some(mate) = self.first_line(pos, tried.iter().copied(), budget, &mut cycle) {
            return mate;
        }
        if self.visits > self.read_limit {
            return Read::NoLine { cycle };
        }
        self.prove_within(pos, budget);
        let added: Vec<M> = self.proven_checks(pos, budget - 1).into_iter().filter(|mv| !tried.contains(mv)).collect();
        self.first_line(pos, added, budget, &mut cycle).unwrap_or(Read::NoLine { cycle })
    }

    /// The line within the budget through the first of `moves` from `pos` that leads to one;
    /// `cycle` learns whether a move failed only by running into the path being read.
    fn first_line<G: Game<Move = M>>(
        &mut self,
        pos: &mut G,
        moves: impl IntoIterator<Item = M>,
        budget: u16,
        cycle: &mut bool,
    ) -> Option<Read<M>> {
        for mv in moves {
            match self.child(pos, mv, budget - 1) {
                Read::Mate(len, _) => return Some(Read::Mate(len.saturating_add(1), Some(mv))),
                Read::NoLine { cycle: through } => *cycle |= through,
            }
        }
        None
    }

    /// The longest resistance; every reply must be mated within the budget. A reader that
    /// follows one line only takes the replies by their recorded mates, longest first, and
    /// reads the first that it can.
    fn defend<G: Game<Move = M>>(&mut self, pos: &mut G, budget: u16) -> Read<M> {
        let mut replies = Vec::new();
        pos.generate(&mut replies);
        if self.one_line {
            return self.longest_recorded(pos, replies, budget);
        }
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

    /// The longest line of `replies` from `pos` within the budget, read longest recorded mate
    /// first, until no reply left has a recorded mate longer than the longest line read (a
    /// recorded mate is an upper bound of the line read from it). A reply the table has lost
    /// is proven again first: its mate may be the longest (one that cannot be proven comes
    /// last); a reply whose line cannot be read is trusted to the table.
    fn longest_recorded<G: Game<Move = M>>(&mut self, pos: &mut G, replies: Vec<M>, budget: u16) -> Read<M> {
        let mut recorded: Vec<(u16, M)> = replies
            .into_iter()
            .map(|mv| {
                self.enter_proven(pos, mv);
                let len = self.solver.table.mate_len(self.solver.key(pos)).unwrap_or(0);
                self.solver.leave(pos, mv);
                (len, mv)
            })
            .collect();
        recorded.sort_by_key(|&(len, _)| std::cmp::Reverse(len));
        let (mut longest, mut cycle) = (None::<(u16, M)>, false);
        for (len, mv) in recorded {
            if longest.is_some_and(|(read, _)| read >= len) {
                break;
            }
            match self.child(pos, mv, budget - 1) {
                Read::Mate(read, _) if longest.is_none_or(|(most, _)| read > most) => longest = Some((read, mv)),
                Read::Mate(..) => {}
                Read::NoLine { cycle: through } => cycle |= through,
            }
        }
        longest.map_or(Read::NoLine { cycle }, |(len, mv)| Read::Mate(len.saturating_add(1), Some(mv)))
    }

    /// The line of at most `budget` plies after `mv`, proving the position again if the table
    /// lost it.
    fn child<G: Game<Move = M>>(&mut self, pos: &mut G, mv: M, budget: u16) -> Read<M> {
        self.enter_proven(pos, mv);
        let read = self.read(pos, budget);
        self.solver.leave(pos, mv);
        read
    }

    /// Plays `mv` from `pos` on the solver's path and proves the position it leads to again if
    /// the table holds no proof of it.
    fn enter_proven<G: Game<Move = M>>(&mut self, pos: &mut G, mv: M) {
        self.solver.enter(pos, self.solver.key(pos), mv);
        if self.solver.table.mate_len(self.solver.key(pos)).is_none() {
            self.prove(pos);
        }
    }

    /// Searches `pos` to a decision (or until the search is stopped).
    fn prove<G: Game<Move = M>>(&mut self, pos: &mut G) {
        if !self.solver.halted() {
            self.solver.search(pos, INFINITE, INFINITE);
        }
    }

    /// Searches `pos` for mates of at most `plies` plies (a proof the table holds that is
    /// longer counts as unknown), with at most as many nodes as the search has used so far
    /// (at least [`REPROVE_NODES`]).
    fn prove_within<G: Game<Move = M>>(&mut self, pos: &mut G, plies: u16) {
        if self.solver.halted() {
            return;
        }
        let depth = u16::try_from(self.solver.depth()).unwrap_or(u16::MAX);
        let nodes = self.solver.meter.nodes().max(REPROVE_NODES);
        self.solver.limit(Some(depth.saturating_add(plies)), nodes);
        self.solver.search(pos, INFINITE, INFINITE);
        self.solver.limit(None, 0);
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
