//! One search thread: iterative deepening with aspiration windows over a principal variation
//! search, quiescence on noisy moves (and on its first ply quiet checks that lose no material, in
//! games with check; it tries the table's move first, stands pat on at least the table's proven
//! bound, skips captures that cannot reach alpha by the futility margin unless they check, and
//! stores its results at depth 0), null-move pruning and late-move reductions where the game
//! allows, and expectimax with Star2 and Star1 cuts at chance nodes (`chance.rs`; ChanceProbCut,
//! `chance_probcut.rs`, as a mode). Near the horizon, at nodes off the principal variation and not
//! in check, moves are pruned: quiet moves past a count that grows with depth (late-move pruning),
//! moves whose exchange loses more than the depth left can make good (exchange pruning), and quiet
//! non-checking moves at a node evaluated far below alpha (futility, for games that declare a
//! margin). A check that does not lose the checking piece is searched one ply deeper; a node
//! without a table move one ply shallower (internal iterative reduction). Deeper, a capture that
//! stands a margin above beta in quiescence and in a search four plies shallower cuts the node
//! (ProbCut, for games that declare a futility margin).

use super::chance::Outcomes;
use super::chance_probcut::Estimate;
use super::eval_cache::EvalCache;
use super::ordering::{pick_next, Ordering, Ranked};
use super::tt::Bound;
use super::ChancePruning;
use super::Shared;
use crate::game::{Game, Turn};
use crate::vocabulary::score::{from_tt, is_decisive, loss_in, mate_plies, to_tt, win_in, DRAW, INFINITE, MATE_BOUND};
use crate::vocabulary::{Outcome, Score, Side};
use once_cell::sync::Lazy;
use std::sync::atomic::Ordering::Relaxed;

/// The deepest ply the search reaches (iterations plus extensions and quiescence).
pub const MAX_PLY: usize = 120;
/// Reverse futility pruning ([`Game::FUTILITY_MARGIN`]) works this many plies from the horizon.
const FUTILITY_DEPTH: i32 = 3;
/// Moves are pruned (late-move, exchange and futility pruning) this many plies from the horizon.
const SHALLOW_DEPTH: i32 = 4;
/// Exchange pruning: the loss per ply left beyond which a quiet or a noisy move is not searched
/// (in [`Game::exchange_gain`]'s units).
const SEE_QUIET: Score = 100;
const SEE_NOISY: Score = 150;
/// ProbCut works from this depth on; it tries at most this many captures (twice as many at an
/// expected cut node).
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_TRIES: usize = 2;
/// Internal iterative reduction applies from this depth on.
const IIR_DEPTH: i32 = 4;
/// Quiescence looks at most this many plies past the horizon.
const QUIESCENCE_PLIES: usize = 8;
/// Quiescence in check: quiet evasions tried once one evasion has escaped mate.
const QUIET_EVASIONS: usize = 2;
/// How many nodes the main thread searches between clock and node-limit checks: few enough that
/// nodes which generate thousands of moves (Shogammon quiescence with pieces in hand, up to
/// 25 µs a node) keep the gap between checks to a few milliseconds; a clock read costs about 25 ns.
const CHECK_CLOCK_EVERY: u64 = 128;
/// How many nodes a helper searches between publishing its count and offering its core to a
/// waiting helper.
const TAKE_TURNS_EVERY: u64 = 1024;

/// `REDUCTIONS[depth][move index]`: the late-move reduction in plies.
static REDUCTIONS: Lazy<Vec<[i32; 64]>> = Lazy::new(|| {
    (0..64)
        .map(|d| {
            let mut row = [0; 64];
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                if d > 0 {
                    *r = (0.6 + (d as f64).ln() * (i as f64).ln() / 2.2) as i32;
                }
            }
            row
        })
        .collect()
});

/// Where the table's move (its [`Game::encode`] code) stands in `moves`, if it is there.
fn table_move_index<G: Game>(moves: &[G::Move], code: Option<u32>) -> Option<usize> {
    let code = code?;
    moves.iter().position(|&mv| G::encode(mv) == code)
}

/// How many of `noisy` are true.
fn count_noisy(noisy: &[bool]) -> usize {
    noisy.iter().filter(|&&n| n).count()
}

/// A root move with the score and line of its last search.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    /// Its score in the pass under way (`-INFINITE` until searched, and when it failed low
    /// under a null window): the order of the root moves.
    pub score: Score,
    /// Its score at the end of the last completed iteration (the aspiration window's centre).
    pub previous: Score,
    /// What the last finished search of this move returned: what is reported for it.
    pub found: Option<Found>,
    pub pv: Vec<M>,
    pub seldepth: usize,
}

/// The result of a finished search of a root move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    pub score: Score,
    /// Whether `score` is the exact value or only a bound (an aspiration or null window failed).
    pub bound: Bound,
    /// The depth of the iteration that searched it.
    pub depth: u32,
}

/// Iterations of fewer nodes than this (mostly answered by the transposition table) say
/// nothing about how long the next one takes.
const MEASURED_ITERATION_NODES: u64 = 4096;

/// How many times as long as the `last` iteration (in nodes) the next is expected to take: the
/// growth from the `previous` one to it, at least 2 (about 3 in shogi; over 100 in Shogammon,
/// where a ply of turns and a ply of rolls multiply). `None` when either iteration was too small
/// to tell.
fn iteration_growth(previous: u64, last: u64) -> Option<f64> {
    (previous >= MEASURED_ITERATION_NODES && last >= MEASURED_ITERATION_NODES)
        .then(|| (last as f64 / previous as f64).max(2.0))
}

/// One thread's search state.
pub struct Worker<'a, G: Game> {
    pub id: usize,
    shared: &'a Shared<'a>,
    game: G,
    pub root_moves: Vec<RootMove<G::Move>>,
    pub completed_depth: u32,
    /// The depth of the iteration under way.
    root_depth: i32,
    /// The best move of the last reported iteration (main thread).
    pub reported_best: Option<G::Move>,
    /// What was reported for it.
    pub reported_found: Option<Found>,
    /// How many iterations in a row have ended with the same best move (main thread).
    stable_iterations: usize,
    nodes: u64,
    /// The node count at which [`Worker::visit`] next checks the limits (main thread) or takes
    /// turns (helper). A threshold, not a multiple: the root counts its moves outside `visit`,
    /// so `visit` may see only counts of one parity.
    next_check: u64,
    seldepth: usize,
    stopped: bool,
    /// Main thread: the clock time (ms) at which a timed search is aborted. The budget's hard
    /// limit, brought down to its target ([`Budget::target`](super::limits::Budget::target))
    /// when the iteration under way is not expected to finish.
    deadline: Option<u64>,
    ordering: Ordering,
    evaluations: EvalCache,
    pv: Vec<Vec<G::Move>>,
    moves: Vec<Vec<G::Move>>,
    ranked: Vec<Ranked>,
    /// How many chance nodes searched with a null window enclose the node under search: below
    /// one, no node is on the principal variation, whatever its window.
    off_pv: u32,
    /// A draw's score for the side to move, by [`Side::index`]: the root position's
    /// [`Game::draw_value`] for the root side, its negative for the other.
    draw: [Score; 2],
}

impl<'a, G: Game> Worker<'a, G> {
    pub fn new(id: usize, shared: &'a Shared<'a>, game: G, root: &[G::Move]) -> Worker<'a, G> {
        let root_moves = root
            .iter()
            .map(|&mv| RootMove { mv, score: -INFINITE, previous: -INFINITE, found: None, pv: vec![mv], seldepth: 0 })
            .collect();
        let (root_side, draw_value) = (game.side(), game.draw_value());
        let mut draw = [DRAW; 2];
        draw[root_side.index()] = draw_value;
        draw[root_side.opponent().index()] = -draw_value;
        Worker {
            id,
            shared,
            game,
            root_moves,
            completed_depth: 0,
            root_depth: 0,
            reported_best: None,
            reported_found: None,
            stable_iterations: 0,
            nodes: 0,
            next_check: if id == 0 { CHECK_CLOCK_EVERY } else { TAKE_TURNS_EVERY },
            seldepth: 0,
            stopped: false,
            deadline: shared.budget.map(|b| b.hard),
            ordering: Ordering::new(MAX_PLY),
            evaluations: EvalCache::new(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            moves: vec![Vec::new(); MAX_PLY + 2],
            ranked: vec![Ranked::default(); MAX_PLY + 2],
            off_pv: 0,
            draw,
        }
    }

    /// Iterative deepening until a limit or `stop`. The main thread (`id` 0) watches the clock
    /// and calls `report(self)` after every completed iteration.
    pub fn iterate(&mut self, report: &dyn Fn(&Worker<'a, G>)) {
        let limits = self.shared.limits;
        let max_depth = limits.depth.unwrap_or(MAX_PLY as u32 - 10).clamp(1, MAX_PLY as u32 - 10);
        let lines = self.shared.multipv.min(self.root_moves.len());
        let mut previous_nodes = 0;
        for depth in 1..=max_depth {
            // Lazy SMP: odd helpers search one ply deeper, so threads spread over depths.
            let search_depth = (depth + (self.id as u32 & 1)).min(max_depth) as i32;
            self.root_depth = search_depth;
            for root in &mut self.root_moves {
                root.previous = root.score;
            }
            let iteration_start = self.shared.control.clock_ms();
            let nodes_before = self.nodes;
            for line in 0..lines {
                self.seldepth = 0;
                self.search_line(search_depth, line);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = search_depth as u32;
            let iteration_ms = self.shared.control.clock_ms().saturating_sub(iteration_start);
            let iteration_nodes = self.nodes - nodes_before;
            if self.id == 0 {
                report(self);
                let best = Some(self.root_moves[0].mv);
                self.stable_iterations = if self.reported_best == best { self.stable_iterations + 1 } else { 0 };
                self.reported_best = best;
                self.reported_found = self.root_moves[0].found;
                let growth = iteration_growth(previous_nodes, iteration_nodes);
                if self.iteration_ends_search(iteration_ms, growth) {
                    break;
                }
            }
            previous_nodes = iteration_nodes;
        }
        self.flush_nodes();
    }

    /// Searches root move `line` (MultiPV index) and the moves after it, with aspiration.
    fn search_line(&mut self, depth: i32, line: usize) {
        let previous = self.root_moves[line].previous;
        let mut delta = 30;
        let (mut alpha, mut beta) = if depth >= 4 && !is_decisive(previous) && previous > -INFINITE {
            ((previous - delta).max(-INFINITE), (previous + delta).min(INFINITE))
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let best = self.search_root(depth, alpha, beta, line);
            self.root_moves[line..].sort_by_key(|r| std::cmp::Reverse(r.score));
            if self.stopped {
                break;
            }
            if best <= alpha && alpha > -INFINITE {
                beta = (alpha + beta) / 2;
                alpha = (best - delta).max(-INFINITE);
            } else if best >= beta && beta < INFINITE {
                beta = (best + delta).min(INFINITE);
            } else {
                break;
            }
            delta += delta / 2;
        }
        self.root_moves[..=line].sort_by_key(|r| std::cmp::Reverse(r.score));
    }

    /// The root node: every root move from index `line` on, in their current order.
    fn search_root(&mut self, depth: i32, mut alpha: Score, beta: Score, line: usize) -> Score {
        let mut best = -INFINITE;
        for root in &mut self.root_moves[line..] {
            root.score = -INFINITE;
        }
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            self.nodes += 1;
            self.game.play(mv);
            // The window of the search whose score counts.
            let (mut low, mut high) = (alpha, beta);
            let score = if i == line {
                -self.search(depth - 1, 1, -beta, -alpha, false)
            } else {
                (low, high) = (alpha, alpha + 1);
                let mut s = -self.search(depth - 1, 1, -alpha - 1, -alpha, true);
                if s > alpha && s < beta && !self.stopped {
                    (low, high) = (alpha, beta);
                    s = -self.search(depth - 1, 1, -beta, -alpha, false);
                }
                s
            };
            self.game.undo();
            if self.stopped {
                break;
            }
            let bound = if score <= low {
                Bound::Upper
            } else if score >= high {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.root_moves[i].found = Some(Found { score, bound, depth: depth as u32 });
            if i == line || score > alpha {
                let root = &mut self.root_moves[i];
                root.score = score;
                root.seldepth = self.seldepth;
                root.pv.clear();
                root.pv.push(mv);
                root.pv.extend_from_slice(&self.pv[1]);
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Whether the main thread should stop after a completed iteration that took
    /// `iteration_ms`, the next one expected to take `growth` times as long (`None`: unknown):
    /// the target time has passed, there is only one move, or the result is decided and proven
    /// well beyond its distance. The next iteration may run on to the hard limit only when it is
    /// expected to finish by then; otherwise it is searched until the target time (its first
    /// root moves still improve the answer), so the reserve is not spent on an iteration that
    /// cannot complete.
    fn iteration_ends_search(&mut self, iteration_ms: u64, growth: Option<f64>) -> bool {
        let shared = self.shared;
        if shared.control.pondering() || shared.limits.infinite {
            return false;
        }
        let Some(budget) = shared.budget else { return false };
        let now = shared.control.clock_ms();
        let target = budget.target(self.stable_iterations);
        let finishes = growth.is_some_and(|g| now as f64 + g * iteration_ms as f64 <= budget.hard as f64);
        self.deadline = Some(if finishes { budget.hard } else { target });
        let best = self.root_moves[0].score;
        self.root_moves.len() == 1
            || now >= target
            || (is_decisive(best) && self.completed_depth as i32 > 2 * mate_plies(best).abs() + 2)
    }

    /// The static evaluation of the position (from the cache when it was evaluated before).
    #[inline]
    fn evaluate(&mut self) -> Score {
        let game = &self.game;
        self.evaluations.get_or(game.key(), || game.evaluate())
    }

    /// The score of a finished game for the side to move at `ply`.
    #[inline]
    fn outcome_score(&self, outcome: Outcome, side: Side, ply: usize) -> Score {
        match outcome {
            Outcome::Win { winner, .. } if winner == side => win_in(ply),
            Outcome::Win { .. } => loss_in(ply),
            Outcome::Draw(_) => self.draw[side.index()],
        }
    }

    /// Counts a node and publishes the count: the main thread every [`CHECK_CLOCK_EVERY`] nodes,
    /// then checking the limits; a helper every [`TAKE_TURNS_EVERY`] nodes, then handing its core
    /// on to a waiting helper (`cores.rs`).
    #[inline]
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.flush_nodes();
            if self.id == 0 {
                self.next_check = self.nodes + CHECK_CLOCK_EVERY;
                self.check_limits();
            } else {
                self.next_check = self.nodes + TAKE_TURNS_EVERY;
                self.shared.cores.take_turns(self.id);
            }
        }
        if !self.stopped && self.shared.control.halted() && (self.id != 0 || self.has_answer()) {
            self.stopped = true;
        }
        self.stopped
    }

    fn flush_nodes(&self) {
        self.shared.nodes[self.id].store(self.nodes, Relaxed);
    }

    /// Whether the main thread has a searched move to play: a root move with a score found in
    /// this search. Until then neither a limit nor `stop` ends it, so that every answer comes
    /// with a score the search found (in practice the first root move at depth 1 takes well
    /// under a millisecond; a quiescence explosion there may overstep the clock).
    fn has_answer(&self) -> bool {
        self.completed_depth > 0 || self.root_moves.iter().any(|r| r.found.is_some())
    }

    /// Main thread only: halts every thread at the hard time limit or the node limit, once
    /// there is a searched move to play ([`Worker::has_answer`]), and at a weakened level's node
    /// cap once an iteration is complete (every root move searched). The clock does not run while
    /// pondering (it starts at `ponderhit`) nor in an `infinite` search; the node limits count
    /// every node since `go`, pondering included.
    fn check_limits(&mut self) {
        let shared = self.shared;
        if !self.has_answer() {
            return;
        }
        let out_of_time = !shared.control.pondering()
            && !shared.limits.infinite
            && self.deadline.is_some_and(|deadline| shared.control.clock_ms() >= deadline);
        let out_of_nodes = shared.limits.nodes.is_some_and(|n| shared.total_nodes() >= n)
            || shared.node_cap.is_some_and(|n| self.completed_depth > 0 && shared.total_nodes() >= n);
        if out_of_time || out_of_nodes {
            shared.control.halt();
        }
    }

    /// Principal variation search of a non-root node. `cut` marks an expected cut node
    /// (null-window child of a PV node).
    fn search(&mut self, depth: i32, ply: usize, mut alpha: Score, mut beta: Score, cut: bool) -> Score {
        // Step 1. Limits, terminal positions, chance nodes, horizon.
        self.pv[ply].clear();
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = match self.game.turn() {
            Turn::Over(outcome) => {
                return self.outcome_score(outcome, self.game.side(), ply);
            }
            // At the horizon a chance node is evaluated before its roll, as a leaf.
            Turn::Chance(_) if depth <= 0 => return self.evaluate(),
            Turn::Chance(_) => return self.chance(depth, ply, alpha, beta, cut),
            Turn::Decide(side) => side,
        };
        if self.game.repeats() {
            return self.draw[side.index()];
        }
        if depth <= 0 {
            return self.quiescence(ply, 0, alpha, beta);
        }
        if ply >= MAX_PLY {
            return self.evaluate();
        }
        let pv_node = beta - alpha > 1 && self.off_pv == 0;

        // Step 2. Mate-distance pruning.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // Step 3. Transposition table.
        let key = self.game.key();
        let hit = self.shared.tt.probe(key);
        let tt_move = hit.and_then(|h| h.mv);
        if let Some(s) = hit.filter(|_| !pv_node).and_then(|h| h.cutoff(depth, ply, alpha, beta)) {
            return s;
        }

        // Step 3b. Internal iterative reduction: a node the table knows no move for is searched
        // one ply shallower (its move ordering is poor, and a later, deeper visit finds the
        // table's move).
        let reduce = G::SELECTIVE_SEARCH && depth >= IIR_DEPTH && tt_move.is_none();
        let depth = if reduce { depth - 1 } else { depth };

        // Step 4. Reverse futility: near the horizon, an evaluation at least beta plus
        // the game's margin for each ply left is taken as the node's fail-high.
        let futile = G::FUTILITY_MARGIN.filter(|_| depth <= FUTILITY_DEPTH);
        let null_move = G::NULL_MOVE_OK && cut && depth >= 3;
        let eval = ((futile.is_some() || null_move) && !pv_node && !is_decisive(beta) && !self.game.in_check())
            .then(|| self.evaluate());
        if let (Some(eval), Some(margin)) = (eval, futile) {
            if eval - margin * depth >= beta {
                return eval;
            }
        }

        // Step 5. Null move: if passing still fails high, the node is very likely a cut node.
        if let Some(eval) = eval.filter(|_| null_move) {
            if eval >= beta {
                // One ply more for each of the game's margins the evaluation stands above beta,
                // up to three.
                let margins = G::NULL_MOVE_MARGIN.map_or(0, |margin| ((eval - beta) / margin).min(3));
                let reduction = 3 + depth / 4 + margins;
                self.game.play_null();
                let s = -self.search(depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
                self.game.undo();
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if is_decisive(s) { beta } else { s };
                }
            }
        }

        // Step 5b. ProbCut: a capture that wins enough to stand a margin above beta in
        // quiescence and then in a search four plies shallower very likely refutes the node.
        if let Some(margin) = G::FUTILITY_MARGIN.filter(|_| !pv_node && depth >= PROBCUT_DEPTH && !is_decisive(beta)) {
            if !self.game.in_check() {
                let eval = eval.unwrap_or_else(|| self.evaluate());
                if let Some(s) = self.probcut(depth, ply, beta + margin * 3 / 2, eval, cut) {
                    return s;
                }
                if self.stopped {
                    return 0;
                }
            }
        }

        // Step 6. Move loop.
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ranked = std::mem::take(&mut self.ranked[ply]);
        moves.clear();
        self.game.generate(&mut moves);
        // The table's move is searched before the others are ranked: when it refutes the node,
        // ranking (which classifies every move) is never paid for.
        let tt_first = match table_move_index::<G>(&moves, tt_move) {
            Some(index) => {
                moves.swap(0, index);
                true
            }
            None => {
                self.ordering.rank(&self.game, side.index(), ply, &moves, &mut ranked);
                false
            }
        };
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried: Vec<u32> = Vec::new();
        let in_check = self.game.in_check();
        // Moves may be pruned at shallow depth at a node that is not on the principal variation
        // and not in check, once a move has kept it from being lost.
        let shallow = !pv_node && !in_check && depth <= SHALLOW_DEPTH;
        let node_eval = match (shallow, G::FUTILITY_MARGIN) {
            (true, Some(_)) => eval.or_else(|| Some(self.evaluate())),
            _ => None,
        };
        // The noisy moves not yet picked (known once the moves are ranked).
        let mut noisy_left = if tt_first { 0 } else { count_noisy(&ranked.noisy) };
        for i in 0..moves.len() {
            if tt_first && i == 1 {
                self.ordering.rank(&self.game, side.index(), ply, &moves, &mut ranked);
                noisy_left = count_noisy(&ranked.noisy[1..]);
            }
            let prunable = shallow && i > 0 && best > -MATE_BOUND;
            // Step 6a. Late-move pruning: past a number of quiet moves that grows with depth,
            // the rest are not searched; once no noisy move is left either, the node is done
            // (without picking, one by one, the quiet moves it would skip).
            let late = G::SELECTIVE_SEARCH && prunable && quiets_tried.len() as i32 >= 3 + depth * depth;
            if late && noisy_left == 0 {
                break;
            }
            if !(tt_first && i == 0) {
                pick_next(&mut moves, &mut ranked, i);
                noisy_left -= usize::from(ranked.noisy[i]);
            }
            let mv = moves[i];
            let quiet = if tt_first && i == 0 { !self.game.is_noisy(mv) } else { !ranked.noisy[i] };
            if late && quiet {
                continue;
            }
            // Step 6b. Exchange pruning: a move that loses more material than the depth left
            // can make good. The gain is computed only where a rule needs it (here, or for the
            // check extension below): exchange evaluation is dear.
            let mut gain = prunable.then(|| self.game.exchange_gain(mv));
            if gain.is_some_and(|gain| gain < -(if quiet { SEE_QUIET } else { SEE_NOISY }) * depth) {
                continue;
            }
            self.game.play(mv);
            let gives_check = self.game.in_check();
            // A check the extension below may lengthen, if it does not lose the checking piece.
            let may_extend = G::SELECTIVE_SEARCH && gives_check && (ply as i32) < 2 * self.root_depth;
            if may_extend && gain.is_none() {
                self.game.undo();
                gain = Some(self.game.exchange_gain(mv));
                self.game.play(mv);
            }
            // Step 6c. Futility: a quiet move that does not check, at a node whose evaluation is
            // at least the game's margin per ply below alpha.
            if let (true, Some(e), Some(margin)) = (prunable && quiet && !gives_check, node_eval, G::FUTILITY_MARGIN) {
                if e + margin * depth <= alpha {
                    self.game.undo();
                    continue;
                }
            }
            // Step 6d. Check extension: a check that does not lose the checking piece.
            let extension = i32::from(may_extend && gain.is_some_and(|gain| gain >= 0));
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.search(new_depth, ply + 1, -beta, -alpha, false)
            } else {
                // Late-move reduction for quiet moves searched late.
                let reduction = if quiet && depth >= 3 && i >= 3 {
                    let r = REDUCTIONS[depth.min(63) as usize][i.min(63)] + i32::from(!pv_node);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.search(new_depth - reduction, ply + 1, -alpha - 1, -alpha, true);
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.search(new_depth, ply + 1, -alpha - 1, -alpha, !cut);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.search(new_depth, ply + 1, -beta, -alpha, false);
                }
                s
            };
            self.game.undo();
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = Some(mv);
                    alpha = score;
                    self.extend_pv(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.ordering.reward(side.index(), ply, depth, G::encode(mv), &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets_tried.push(G::encode(mv));
            }
        }
        self.moves[ply] = moves;
        self.ranked[ply] = ranked;
        if self.stopped {
            return 0;
        }

        // Step 7. Store the result.
        let bound = Bound::of(best, original_alpha, beta);
        self.shared.tt.store(key, best_move.map(G::encode), to_tt(best, ply), depth, bound);
        best
    }

    /// ProbCut's captures at a node of `depth` evaluated `eval`: the noisy moves whose exchange
    /// gain could lift the evaluation to `raised`, best gain first, at most
    /// [`PROBCUT_TRIES`] of them (twice as many at an expected `cut` node). The first whose
    /// quiescence and then whose search four plies shallower stand at `raised` or above gives
    /// the node's fail-high value.
    fn probcut(&mut self, depth: i32, ply: usize, raised: Score, eval: Score, cut: bool) -> Option<Score> {
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        self.game.generate_noisy(&mut moves);
        let threshold = raised - eval;
        let mut gains: Vec<(Score, G::Move)> =
            moves.iter().map(|&mv| (self.game.exchange_gain(mv), mv)).filter(|&(gain, _)| gain >= threshold).collect();
        self.moves[ply] = moves;
        gains.sort_by_key(|&(gain, _)| std::cmp::Reverse(gain));
        let tries = PROBCUT_TRIES * if cut { 2 } else { 1 };
        for &(_, mv) in gains.iter().take(tries) {
            self.game.play(mv);
            let mut s = -self.quiescence(ply + 1, 0, -raised, -raised + 1);
            if s >= raised && !self.stopped {
                s = -self.search(depth - 4, ply + 1, -raised, -raised + 1, !cut);
            }
            self.game.undo();
            if self.stopped {
                return None;
            }
            if s >= raised {
                return Some(s);
            }
        }
        None
    }

    /// Quiescence: stand pat on the evaluation, then try noisy moves only. In check (games with
    /// check) there is no standing pat: every evasion is tried, so a mate is seen as one.
    fn quiescence(&mut self, ply: usize, qply: usize, mut alpha: Score, beta: Score) -> Score {
        self.pv[ply].clear();
        if self.visit() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        match self.game.turn() {
            Turn::Over(outcome) => {
                return self.outcome_score(outcome, self.game.side(), ply);
            }
            Turn::Chance(_) => return self.evaluate(),
            Turn::Decide(_) => {}
        }
        // The table: any entry decides a node off the principal variation (quiescence stores
        // at depth 0, below every search).
        let key = self.game.key();
        let pv_node = beta - alpha > 1 && self.off_pv == 0;
        let hit = self.shared.tt.probe(key);
        if let Some(s) = hit.filter(|_| !pv_node).and_then(|h| h.cutoff(0, ply, alpha, beta)) {
            return s;
        }
        let original_alpha = alpha;
        let evading = self.game.in_check() && ply < MAX_PLY && qply < QUIESCENCE_PLIES;
        // Standing pat is worth at least what the table has proven of the node.
        let proven = hit.filter(|h| h.bound != Bound::Upper).map(|h| from_tt(h.score, ply));
        let stand_pat = if evading { loss_in(ply) } else { self.evaluate().max(proven.unwrap_or(-INFINITE)) };
        if !evading && (stand_pat >= beta || ply >= MAX_PLY || qply >= QUIESCENCE_PLIES) {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut best = stand_pat;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut ranked = std::mem::take(&mut self.ranked[ply]);
        moves.clear();
        if evading {
            self.game.generate(&mut moves);
            self.ordering.rank(&self.game, self.game.side().index(), ply, &moves, &mut ranked);
        } else {
            self.game.generate_noisy(&mut moves);
            Ordering::rank_noisy(&self.game, &moves, &mut ranked);
        }
        // The table's move first.
        if let Some(index) = table_move_index::<G>(&moves, hit.and_then(|h| h.mv)) {
            ranked.scores[index] = i32::MAX;
        }
        let mut quiet_evasions = 0;
        for i in 0..moves.len() {
            pick_next(&mut moves, &mut ranked, i);
            // Material-losing exchanges are not worth a look (they come last), and once one
            // evasion has escaped mate, two quiet evasions are enough.
            if !evading && ranked.loses(i) {
                break;
            }
            if evading && !ranked.noisy[i] {
                if best > -MATE_BOUND && quiet_evasions >= QUIET_EVASIONS {
                    break;
                }
                quiet_evasions += 1;
            }
            // Delta pruning (games with a futility margin): a capture whose exchange gain
            // cannot lift the evaluation to alpha, even by the margin, unless it checks.
            if let (false, Some(margin), Some(gain)) = (evading, G::FUTILITY_MARGIN, ranked.gain(i)) {
                let hope = stand_pat + gain + margin;
                if hope <= alpha {
                    self.game.play(moves[i]);
                    let checks = self.game.in_check();
                    self.game.undo();
                    if !checks {
                        best = best.max(hope);
                        continue;
                    }
                }
            }
            if self.quiescence_move(moves[i], ply, qply, (&mut alpha, beta), &mut best) {
                break;
            }
        }
        // On the first ply, quiet checks that lose no material (games with check): the child
        // tries every evasion, so a mate at the horizon is seen.
        if !evading && qply == 0 && alpha < beta && !self.stopped {
            moves.clear();
            self.game.checking_moves(&mut moves);
            for &mv in &moves {
                if self.game.is_noisy(mv) || self.game.exchange_gain(mv) < 0 {
                    continue;
                }
                if self.quiescence_move(mv, ply, qply, (&mut alpha, beta), &mut best) {
                    break;
                }
            }
        }
        self.ranked[ply] = ranked;
        self.moves[ply] = moves;
        if self.stopped {
            return 0;
        }
        let best_move = self.pv[ply].first().map(|&mv| G::encode(mv));
        self.shared.tt.store(key, best_move, to_tt(best, ply), 0, Bound::of(best, original_alpha, beta));
        best
    }

    /// Searches `mv` from a quiescence node at `ply` with the window `(alpha, beta)`, raising
    /// `best`, `alpha` and the line as it improves them. Whether the node is done: a cutoff, or
    /// the search stopped.
    fn quiescence_move(
        &mut self,
        mv: G::Move,
        ply: usize,
        qply: usize,
        (alpha, beta): (&mut Score, Score),
        best: &mut Score,
    ) -> bool {
        self.game.play(mv);
        let score = -self.quiescence(ply + 1, qply + 1, -beta, -*alpha);
        self.game.undo();
        if self.stopped {
            return true;
        }
        if score > *best {
            *best = score;
            if score > *alpha {
                *alpha = score;
                self.extend_pv(ply, mv);
                return *alpha >= beta;
            }
        }
        false
    }

    /// A chance node: the weighted mean of the outcomes' values (expectimax), searched as
    /// `Config.chance` says (default Star2: the table's bounds and probes, then Star1 cuts,
    /// `chance.rs`; or ChanceProbCut first, `chance_probcut.rs`); with Star1 or Star2 exactly
    /// the mean when it lies inside `(alpha, beta)`, else a fail-soft bound on the side it lies
    /// (stored in the table like a decision node's). The side to move is the same before and after the roll, so values are
    /// not negated, and a roll uses up no depth and no ply. Outcomes of weight 0 cannot happen
    /// and are not searched. Its principal variation is empty: a line stops where chance
    /// decides. `cut` (an expected cut node) passes on to the outcomes, which fail high with
    /// their node.
    fn chance(&mut self, depth: i32, ply: usize, alpha: Score, beta: Score, cut: bool) -> Score {
        // ChanceProbCut's search keeps late-move pruning below a chance node searched with a
        // null window, whatever windows Star1 gives its rolls.
        let off_pv = u32::from(beta - alpha == 1 && matches!(self.shared.chance, ChancePruning::ProbCut(_)));
        self.off_pv += off_pv;
        let value = self.expectation(depth, ply, alpha, beta, cut);
        self.off_pv -= off_pv;
        self.pv[ply].clear();
        value
    }

    fn expectation(&mut self, depth: i32, ply: usize, alpha: Score, beta: Score, cut: bool) -> Score {
        // Step 1. The outcomes that can happen (an outcome of weight 0 cannot), each worth a
        // loss or a win at this ply at worst and best; what the table knows of the node.
        let mut moves = Vec::new();
        self.game.generate(&mut moves);
        moves.retain(|&mv| self.game.chance_weight(mv) > 0);
        if moves.is_empty() {
            return self.game.evaluate();
        }
        let mut outcomes = Outcomes::new(loss_in(ply), win_in(ply));
        for &mv in &moves {
            outcomes.push(self.game.chance_weight(mv));
        }
        let mode = self.shared.chance;
        if mode == ChancePruning::Plain {
            return self.plain_expectation(&moves, depth, ply, outcomes);
        }
        let key = self.game.key();
        if let Some(s) = self.shared.tt.probe(key).and_then(|h| h.cutoff(depth, ply, alpha, beta)) {
            return s;
        }

        // Step 1b. ChanceProbCut: a search some turns shallower, beyond the window by its
        // margin, is taken as the node's cut.
        if let Some(estimate) = match mode {
            ChancePruning::ProbCut(estimates) => estimates.at(depth),
            _ => None,
        } {
            if let Some(s) = self.chance_probcut(depth, ply, alpha, beta, estimate, cut) {
                return s;
            }
            if self.stopped {
                return 0;
            }
        }

        // Step 2. Star2: bounds for every roll before any is searched: what the table knows of
        // the position after it, then a probe of the roll's first turn up to the threshold that
        // would let the node fail high (any value it proves is a lower bound of the roll's).
        if mode != ChancePruning::Star1 {
            for (i, &mv) in moves.iter().enumerate() {
                self.game.play(mv);
                let hit = self.shared.tt.probe(self.game.key());
                self.game.undo();
                if let Some(h) = hit.filter(|h| h.depth >= depth) {
                    let s = from_tt(h.score, ply);
                    if h.bound != Bound::Upper {
                        outcomes.at_least(i, s);
                    }
                    if h.bound != Bound::Lower {
                        outcomes.at_most(i, s);
                    }
                }
            }
            for (i, &mv) in moves.iter().enumerate() {
                if let Some(value) = outcomes.cut(alpha, beta) {
                    return value;
                }
                // The threshold that lets the node fail high with the others at their lower
                // bounds; while none can yet (the others may still be losses), the node's own
                // beta: if every roll reaches it, so does their mean.
                let (_, b) = outcomes.window(i, alpha, beta);
                let b = if b > win_in(ply) { beta } else { b };
                if outcomes.is_exact(i) || b > win_in(ply) {
                    continue;
                }
                let a = outcomes.least(i);
                self.game.play(mv);
                let probed = self.probe(depth, ply, a, b);
                self.game.undo();
                if self.stopped {
                    return 0;
                }
                if let Some(s) = probed.filter(|&s| s > a) {
                    outcomes.at_least(i, s);
                }
            }
        }

        // Step 3. Star1: each outcome searched with the window that decides the node, which
        // stops as soon as its bounds have left (alpha, beta).
        let mut value = None;
        for (i, &mv) in moves.iter().enumerate() {
            value = outcomes.cut(alpha, beta);
            if value.is_some() {
                break;
            }
            if outcomes.is_exact(i) {
                continue;
            }
            let window = outcomes.window(i, alpha, beta);
            self.game.play(mv);
            let s = self.search(depth, ply, window.0, window.1, cut);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            outcomes.searched(i, s, window);
        }
        // Every outcome is exact unless the node was cut: the lower value is the value.
        let value = value.or_else(|| outcomes.cut(alpha, beta)).unwrap_or_else(|| outcomes.lower());

        // Step 4. Store the result (a fail-soft bound outside the window, as decision nodes do).
        self.shared.tt.store(key, None, to_tt(value, ply), depth, Bound::of(value, alpha, beta));
        value
    }

    /// ChanceProbCut at the chance node of `depth` searched with `(alpha, beta)`: the node itself
    /// searched `estimate.reduction` turns shallower (at depth 0 or less, evaluated) with the
    /// window the estimate tests, and its fail-high or fail-low if the shallow value lies beyond
    /// it (`chance_probcut.rs`). `None`: no cut (or the search stopped).
    fn chance_probcut(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        estimate: Estimate,
        cut: bool,
    ) -> Option<Score> {
        let (low, high) = estimate.window(alpha, beta)?;
        let shallow = self.search(depth - estimate.reduction, ply, low, high, cut);
        if self.stopped {
            return None;
        }
        estimate.verdict(shallow, alpha, beta)
    }

    /// Star2's probe of a decision node just after a roll: its first turn (the table's, else the
    /// best ranked) searched with the window `(a, b)`, `a` being what is known of the node's value
    /// so far (a loss at first) and `b` the threshold that decides the chance node. A result
    /// `> a` is a lower bound of the node's value: a fail-high at `b`, or the turn's exact value
    /// (at the horizon, the evaluation after it), which still raises the chance node's lower
    /// bound when it falls short of `b`. `None` when the game is over or there is no turn.
    fn probe(&mut self, depth: i32, ply: usize, a: Score, b: Score) -> Option<Score> {
        let Turn::Decide(side) = self.game.turn() else { return None };
        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        self.game.generate(&mut moves);
        let tt_move = self.shared.tt.probe(self.game.key()).and_then(|h| h.mv);
        let first = match table_move_index::<G>(&moves, tt_move) {
            Some(index) => Some(moves[index]),
            None => {
                let mut ranked = std::mem::take(&mut self.ranked[ply]);
                self.ordering.rank(&self.game, side.index(), ply, &moves, &mut ranked);
                if !moves.is_empty() {
                    pick_next(&mut moves, &mut ranked, 0);
                }
                self.ranked[ply] = ranked;
                moves.first().copied()
            }
        };
        self.moves[ply] = moves;
        let mv = first?;
        self.game.play(mv);
        let s = -self.search(depth - 1, ply + 1, -b, -a, a + 1 == b);
        self.game.undo();
        Some(s)
    }

    /// Plain expectimax at a chance node: every roll searched with a full window, the weighted
    /// mean returned (the yardstick Star1 and Star2 are measured and tested against).
    fn plain_expectation(&mut self, moves: &[G::Move], depth: i32, ply: usize, mut outcomes: Outcomes) -> Score {
        for (i, &mv) in moves.iter().enumerate() {
            self.game.play(mv);
            let s = self.search(depth, ply, -INFINITE, INFINITE, false);
            self.game.undo();
            if self.stopped {
                return 0;
            }
            outcomes.searched(i, s, (-INFINITE, INFINITE));
        }
        outcomes.lower()
    }

    /// The principal variation at `ply` becomes `mv` followed by the one found below it.
    fn extend_pv(&mut self, ply: usize, mv: G::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The node count of this thread so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}
