//! Iterative-deepening negamax with alpha-beta, principal-variation search,
//! a transposition table and move ordering by the evaluation of each child.
//!
//! Turns do not always alternate (Anywoli's extra move, AW-5; passes, MG-7,
//! AM-7, AW-2): the core's `play_unchecked` already hands the turn to whoever
//! really moves next, so a child's score is negated only when its player to
//! move differs from the parent's. Repetition (C-6) is counted by the core's
//! [`Repetitions`] over the game's history plus the search path, and a third
//! occurrence ends the game with the core's loop settlement. Leaves that are not the true end set a
//! "horizon" flag; an iteration that never touched it solved the position
//! exactly, and deepening stops.
//!
//! Inside the endgame tables ([`Searcher::set_tables`]) a position's value is known exactly
//! (AN-1): the search takes it instead of searching on, for the root's moves (their value is
//! their net plus the entry they lead to) and, deeper, wherever no line before the position can
//! change its value (an entry on no cycle, AN-2).
//!
//! Nothing in the recursion allocates: each ply's children, the path and
//! the principal variations live in memory reserved when the searcher is
//! made (which also keeps stack frames small, for wasm's small stack).

use std::sync::Arc;

use mancala_core::{Move, NoObserver, Options, Position, Repetitions, Side, Variant};
use mancala_tables::Tables;

use crate::Clock;
use crate::eval::{Evaluate, exact_score, terminal_score};
use crate::table::{EXACT, Entry, Keys, LOWER, PROVEN, UPPER};

/// The deepest the search goes, in plies from the root.
pub const MAX_PLY: usize = 256;

/// Above every score.
const INF: i32 = 1_000_000_000;

/// No move (a pit index never used).
const NO_PIT: u8 = u8::MAX;

/// Budget for a root with a single legal move: the move is known, the score
/// only informs.
const SINGLE_MOVE_NODES: u64 = 20_000;

/// What stops the search; `None` is no limit. With none at all the search
/// runs until it has solved the position or reached [`MAX_PLY`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: Option<u8>,
    /// Positions to visit at most (deterministic).
    pub nodes: Option<u64>,
    /// Milliseconds of thinking, read from the injected [`Clock`].
    pub time_ms: Option<f64>,
}

/// A root move and what the search found for it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RootMove {
    pub pit: u8,
    pub child: Position,
    /// Exact in the "every move" mode; otherwise exact for the best move and
    /// an upper bound for the others.
    pub score: i32,
    pv: [u8; MAX_PLY],
    pv_len: usize,
}

impl RootMove {
    pub fn pv(&self) -> impl Iterator<Item = Move> + '_ {
        self.pv[..self.pv_len].iter().map(|&p| Move::Sow(p))
    }
}

/// The result of a search: root moves best first.
#[derive(Debug, Clone)]
pub(crate) struct Analysis {
    pub moves: Vec<RootMove>,
    pub depth: u8,
    pub nodes: u64,
    pub exact: bool,
}

/// The search's memory, reusable from one move to the next (the table is
/// cleared for each search, so results never depend on earlier ones).
#[derive(Debug, Clone)]
pub struct Searcher {
    table: Vec<Entry>,
    /// The game's history and the search path, for repetition (C-6).
    line: Repetitions,
    /// Endgame tables to probe, if any (for their game and options only).
    tables: Option<Arc<Tables>>,
    pv: Vec<[u8; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    killers: [[u8; 2]; MAX_PLY],
    /// Each ply's children and their pits.
    kids: Vec<[Position; 12]>,
    pits: Vec<[u8; 12]>,
    /// Whether a child searched further leaves C-8's proof to its own expansion
    /// ([`Run::unproven`]); off only to test that this changes no search.
    defer_proofs: bool,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(Searcher::DEFAULT_TABLE_BITS)
    }
}

impl Searcher {
    /// 2^18 entries of 16 bytes: 4 MiB.
    pub const DEFAULT_TABLE_BITS: u8 = 18;

    /// A searcher whose transposition table holds `2^bits` entries (16 bytes
    /// each; `bits` is clamped to 10 ..= 26).
    #[must_use]
    pub fn new(bits: u8) -> Searcher {
        Searcher {
            table: vec![Entry::default(); 1 << bits.clamp(10, 26)],
            line: Repetitions::default(),
            tables: None,
            pv: vec![[NO_PIT; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            killers: [[NO_PIT; 2]; MAX_PLY],
            kids: vec![[Position::new(Variant::Sadeqa, Options::default()); 12]; MAX_PLY],
            pits: vec![[NO_PIT; 12]; MAX_PLY],
            defer_proofs: true,
        }
    }

    /// Probes `tables` from now on (`None`: none); they serve positions of their own game and
    /// options only.
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// Searches the last position of `history` (the game so far, start
    /// first). With `every_move`, each root move gets an exact score (for
    /// hints); otherwise only the best is exact. `None` if the game is over
    /// or the history empty.
    pub(crate) fn analyse<E: Evaluate + ?Sized>(
        &mut self,
        history: &[Position],
        limits: &Limits,
        eval: &E,
        clock: &mut dyn Clock,
        every_move: bool,
    ) -> Option<Analysis> {
        let root = *history.last()?;
        if root.is_over() {
            return None;
        }
        self.table.fill(Entry::default());
        self.killers = [[NO_PIT; 2]; MAX_PLY];
        // Room for the whole line, so the recursion never grows the table.
        self.line = Repetitions::with_capacity(history.len() + MAX_PLY + 1);
        for p in history {
            self.line.add(p);
        }
        let deadline = limits.time_ms.map(|t| clock.now_ms() + t);
        let mut run = Run {
            s: self,
            keys: Keys::of(&root),
            eval,
            clock,
            nodes: 0,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            deadline,
            next_check: 0,
            stopped: false,
            horizon: false,
        };
        let mover = root.turn();
        let n = run.children(&root, 0);
        let mut moves = Vec::with_capacity(n);
        for i in 0..n {
            run.settle(0, i);
            let (pit, child) = (run.s.pits[0][i], run.s.kids[0][i]);
            let score = run.static_value(&child, mover, 1);
            moves.push(RootMove { pit, child, score, pv: [pit; MAX_PLY], pv_len: 1 });
        }
        if moves.len() == 1 && !every_move {
            run.max_nodes = run.max_nodes.min(SINGLE_MOVE_NODES);
        }
        moves.sort_by_key(|m| core::cmp::Reverse(m.score));
        let mut analysis = Analysis { moves, depth: 0, nodes: 0, exact: false };
        let max_depth = limits.depth.map_or(MAX_PLY - 1, |d| usize::from(d).clamp(1, MAX_PLY - 1));
        for depth in 1..=max_depth {
            run.horizon = false;
            let mut moves = analysis.moves.clone();
            let done = run.root(&root, &mut moves, depth as i32, every_move);
            if done == moves.len() {
                moves.sort_by_key(|m| core::cmp::Reverse(m.score));
                analysis.moves = moves;
                analysis.depth = depth as u8;
                analysis.exact = !run.horizon;
                if analysis.exact {
                    break;
                }
            } else {
                // A partial iteration: the first move searched was the last
                // iteration's best, so a completed move that beats it is
                // better (not in the every-move mode, whose scores must all
                // come from one depth).
                let best = moves[..done].iter().max_by_key(|m| m.score);
                if let Some(&best) = best
                    && !every_move
                    && done > 0
                    && best.pit != moves[0].pit
                    && best.score > moves[0].score
                {
                    analysis.moves.retain(|m| m.pit != best.pit);
                    analysis.moves.insert(0, best);
                    analysis.depth = depth as u8;
                }
                break;
            }
            if run.stopped {
                break;
            }
        }
        analysis.nodes = run.nodes;
        Some(analysis)
    }
}

/// The move order of a node's children, searched best first: each child's order value and its
/// index in one number (the higher value first, then the lower index, as a stable sort orders
/// them), so that the next child is the greatest number left, found without branches.
struct Order([i64; 12]);

impl Default for Order {
    fn default() -> Order {
        Order([i64::MIN; 12])
    }
}

impl Order {
    /// The order value of the child of `pit` valued `value`: the table's move first, a killer 50
    /// ahead.
    fn value(pit: u8, value: i32, tt_pit: u8, killers: [u8; 2]) -> i32 {
        let killer = i32::from(pit == killers[0] || pit == killers[1]);
        if pit == tt_pit { i32::MAX } else { value.saturating_add(50 * killer) }
    }

    /// Sets child `i`'s order value (`i` < 12).
    fn set(&mut self, i: usize, value: i32) {
        self.0[i] = i64::from(value) << 4 | (15 - i) as i64;
    }

    /// The index of the next child to search among the first `n`, which leaves the order.
    fn take_first(&mut self, n: usize) -> usize {
        let first = self.0[..n].iter().fold(i64::MIN, |a, &b| a.max(b));
        let i = 15 - (first & 15) as usize;
        self.0[i] = i64::MIN;
        i
    }
}

/// One search in progress.
struct Run<'a, E: Evaluate + ?Sized> {
    s: &'a mut Searcher,
    /// The transposition keys of the game's positions.
    keys: Keys,
    eval: &'a E,
    clock: &'a mut dyn Clock,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<f64>,
    next_check: u64,
    stopped: bool,
    horizon: bool,
}

impl<E: Evaluate + ?Sized> Run<'_, E> {
    /// Whether the budget is spent.
    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            if self.nodes >= self.max_nodes {
                self.stopped = true;
            } else if self.deadline.is_some() && self.nodes >= self.next_check {
                self.next_check = self.nodes + 512;
                self.stopped = self.deadline.is_some_and(|d| self.clock.now_ms() >= d);
            }
        }
        self.stopped
    }

    /// Plays every legal move of `pos` into `kids[ply]`, their pits into `pits[ply]`, with
    /// repetition (C-6) applied against the history and the path; returns how many. The core's
    /// `children` sows each move once, the sowing that shows it is not endless (C-5). Whether a
    /// child's player can move (C-8) is proven only for the children the search reaches
    /// ([`Run::settle`]; a child searched further, by its own children: [`Run::unproven`]): most
    /// are cut off, valued for the move order only, and a child whose player has sowable pits
    /// but no legal move (every one endless) is all but unknown.
    fn children(&mut self, pos: &Position, ply: usize) -> usize {
        let (kids, pits, line) = (&mut self.s.kids[ply], &mut self.s.pits[ply], &self.s.line);
        let mut children = pos.children();
        // Each child is sown into its slot; a row has at most 12 pits.
        for (n, (child, slot)) in kids.iter_mut().zip(pits).enumerate() {
            let Some(Move::Sow(pit)) = children.next_unproven_into(child) else { return n };
            self.nodes += 1;
            if !child.is_over() && line.ends_game(child) {
                child.end_by_repetition(&mut NoObserver);
            }
            *slot = pit;
        }
        12
    }

    /// Proves that the player to move in child `i` of `ply` has a legal move, else applies C-8
    /// (and C-6 to the position that makes); true if the child changed. A position whose player
    /// has no legal move is never on the line (C-8 turned it into another), so the repetition
    /// found before the proof stands.
    fn settle(&mut self, ply: usize, i: usize) -> bool {
        let child = &mut self.s.kids[ply][i];
        let changed = child.settle_no_move();
        if changed && !child.is_over() && self.s.line.ends_game(child) {
            child.end_by_repetition(&mut NoObserver);
        }
        changed
    }

    /// The score of `pos`, a child searched without the proof that its player can move (C-8:
    /// [`Run::settle`] was left to its expansion) whose player has no legal move after all: the
    /// search of the position C-8 makes of it, as the parent would have searched it had it
    /// proven it, for `pos`'s player to move. Only the proven position is on the line (C-6).
    fn unproven(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.s.line.forget(pos);
        let mut settled = *pos;
        settled.settle_no_move();
        if !settled.is_over() && self.s.line.ends_game(&settled) {
            settled.end_by_repetition(&mut NoObserver);
        }
        let mover = pos.turn();
        let score = if settled.is_over() {
            terminal_score(&settled, mover)
        } else {
            self.child_score(&settled, mover, depth, alpha, beta, ply)
        };
        self.s.line.add(pos);
        score
    }

    /// The exact score of `pos`, `ply` plies from the root, for its player to move from the
    /// tables. A root move's value is its net plus the entry it leads to (AN-1), so at ply 1
    /// every exact entry serves but those found by a search over lines from them (their value
    /// holds only at the root of a line, AN-2); deeper, only an entry on no cycle, whose value no
    /// line before it can change.
    fn probe(&self, pos: &Position, ply: usize) -> Option<i32> {
        let found = self.s.tables.as_deref()?.look_up(pos)?;
        if !found.value.is_exact() || found.rooted || (ply > 1 && found.on_cycle) {
            return None;
        }
        Some(exact_score(pos, i32::from(found.value.lo)))
    }

    /// The static value of a child at `ply` for `mover`: the true score if it is
    /// over or in the tables, else the evaluation, negated if the turn passed. Inlined: the
    /// search asks it of every child.
    #[inline(always)]
    fn static_value(&self, child: &Position, mover: Side, ply: usize) -> i32 {
        if child.is_over() {
            terminal_score(child, mover)
        } else {
            let e = self.probe(child, ply).unwrap_or_else(|| self.eval.evaluate(child));
            if child.turn() == mover { e } else { -e }
        }
    }

    /// The score of a child that is not over, for `mover`, searched with the
    /// window `(alpha, beta)` as `mover` sees it.
    fn child_score(&mut self, child: &Position, mover: Side, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.s.line.add(child);
        let score = if child.turn() == mover {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        };
        self.s.line.forget(child);
        score
    }

    /// Principal-variation search of a child after the first: a null window
    /// first, the full window only if the child may be better.
    fn pvs(&mut self, child: &Position, mover: Side, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        if beta - alpha == 1 {
            return self.child_score(child, mover, depth, alpha, beta, ply);
        }
        let score = self.child_score(child, mover, depth, alpha, alpha + 1, ply);
        if score > alpha && score < beta && !self.stopped {
            self.child_score(child, mover, depth, alpha, beta, ply)
        } else {
            score
        }
    }

    /// Copies the child's principal variation behind `pit` at `ply`.
    fn update_pv(&mut self, ply: usize, pit: u8, searched: bool) {
        self.s.pv[ply][ply] = pit;
        let end = if searched { self.s.pv_len[ply + 1].max(ply + 1) } else { ply + 1 };
        if searched {
            let (head, tail) = self.s.pv.split_at_mut(ply + 1);
            head[ply][ply + 1..end].copy_from_slice(&tail[0][ply + 1..end]);
        }
        self.s.pv_len[ply] = end;
    }

    /// One iteration at the root; returns how many moves were completed
    /// before the budget ran out. Scores go into `moves`.
    fn root(&mut self, root: &Position, moves: &mut [RootMove], depth: i32, every_move: bool) -> usize {
        let mover = root.turn();
        let mut alpha = -INF;
        let depth = if moves.len() == 1 { depth + 1 } else { depth };
        for (i, rm) in moves.iter_mut().enumerate() {
            self.s.pv_len[1] = 1;
            let child = rm.child;
            let score = if child.is_over() {
                terminal_score(&child, mover)
            } else if every_move {
                self.child_score(&child, mover, depth - 1, -INF, INF, 1)
            } else if i == 0 {
                self.child_score(&child, mover, depth - 1, alpha, INF, 1)
            } else {
                self.pvs(&child, mover, depth - 1, alpha, INF, 1)
            };
            if self.stopped {
                return i;
            }
            rm.score = score;
            if score > alpha || every_move {
                let end = if child.is_over() { 1 } else { self.s.pv_len[1].max(1) };
                rm.pv[0] = rm.pit;
                rm.pv[1..end].copy_from_slice(&self.s.pv[1][1..end]);
                rm.pv_len = end;
            }
            if score > alpha && !every_move {
                alpha = score;
            }
        }
        moves.len()
    }

    fn negamax(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.s.pv_len[ply] = ply;
        if self.out_of_budget() {
            return 0;
        }
        if let Some(score) = self.probe(pos, ply) {
            return score;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            self.horizon = true;
            return self.eval.evaluate(pos);
        }
        let key = self.keys.key(pos);
        let slot = (key as usize) & (self.s.table.len() - 1);
        let entry = self.s.table[slot];
        let mut tt_pit = NO_PIT;
        if entry.key == key && entry.flags != 0 {
            tt_pit = entry.pit;
            let proven = entry.flags & PROVEN != 0;
            if proven || i32::from(entry.depth) >= depth {
                let bound = entry.flags & EXACT;
                if bound == EXACT || (bound == LOWER && entry.score >= beta) || (bound == UPPER && entry.score <= alpha)
                {
                    self.horizon |= !proven;
                    return entry.score;
                }
            }
        }
        let outer = core::mem::replace(&mut self.horizon, false);
        let mover = pos.turn();
        let n = self.children(pos, ply);
        if n == 0 {
            // No legal move after all: C-8's proof was left to this expansion.
            self.horizon = outer;
            return self.unproven(pos, depth, alpha, beta, ply);
        }
        let pits = self.s.pits[ply];
        // A forced move costs no depth (MG-4's forced play is one long line).
        let next = if n == 1 { depth } else { depth - 1 };
        let mut values = [0i32; 12];
        let mut order = Order::default();
        let killers = self.s.killers[ply];
        // The table's move is searched first: where the children are searched further, the
        // others are valued (for the order only) once it has not cut the search off.
        let tt_first = if next > 0 { pits[..n].iter().position(|&p| p == tt_pit) } else { None };
        if n == 1 {
            // A single child has no order to find, and a value to take only if it is over.
            if self.s.kids[ply][0].is_over() {
                values[0] = self.static_value(&self.s.kids[ply][0], mover, ply + 1);
            }
            order.set(0, 0);
        } else {
            for (i, &pit) in pits[..n].iter().enumerate().filter(|&(i, _)| tt_first.is_none_or(|t| t == i)) {
                values[i] = self.static_value(&self.s.kids[ply][i], mover, ply + 1);
                order.set(i, Order::value(pit, values[i], tt_pit, killers));
            }
        }
        // Whether a child searched further may leave C-8's proof to its expansion: not where the
        // tables are probed (they are probed before it) nor where the child would be a leaf.
        let defer = self.s.defer_proofs && self.s.tables.is_none() && ply + 2 < MAX_PLY;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_pit = NO_PIT;
        for k in 0..n {
            if k == 1
                && let Some(t) = tt_first
            {
                for (i, &pit) in pits[..n].iter().enumerate().filter(|&(i, _)| i != t) {
                    values[i] = self.static_value(&self.s.kids[ply][i], mover, ply + 1);
                    order.set(i, Order::value(pit, values[i], tt_pit, killers));
                }
            }
            let i = order.take_first(n);
            // A child searched further proves C-8 by its own expansion ([`Run::unproven`]).
            let expands = next > 0 && defer && !self.s.kids[ply][i].is_over();
            if !expands && self.settle(ply, i) {
                values[i] = self.static_value(&self.s.kids[ply][i], mover, ply + 1);
            }
            let over = self.s.kids[ply][i].is_over();
            let searched = !over && next > 0;
            let score = if over {
                values[i]
            } else if next == 0 {
                // The children are leaves: their value is known already (exactly, in the tables).
                self.horizon |= self.probe(&self.s.kids[ply][i], ply + 1).is_none();
                values[i]
            } else {
                let child = self.s.kids[ply][i];
                if k == 0 {
                    self.child_score(&child, mover, next, alpha, beta, ply + 1)
                } else {
                    self.pvs(&child, mover, next, alpha, beta, ply + 1)
                }
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_pit = pits[i];
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, pits[i], searched);
                    if score >= beta {
                        if killers[0] != pits[i] {
                            self.s.killers[ply] = [pits[i], killers[0]];
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        let proven = if self.horizon { 0 } else { PROVEN };
        self.s.table[slot] =
            Entry { key, score: best, depth: depth.min(255) as u8, pit: best_pit, flags: bound | proven };
        self.horizon |= outer;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tuned;
    use crate::clock::NoClock;
    use mancala_core::{BySide, Setup, SplitMix64};

    /// C-8's proof left to a searched child's expansion changes no search: the same moves,
    /// scores, lines, depths and nodes as proving each child first, from boards of the relaying
    /// games (C-3) where endless sowings (C-5) are common: Sadeqa III's endless board of the
    /// core's tests with a few pits changed, sparse random Anywoli boards.
    #[test]
    fn deferred_proofs_change_no_search() {
        let mut rng = SplitMix64::new(5);
        let limits = Limits { nodes: Some(2000), ..Limits::default() };
        let (mut deferred, mut proven) = (Searcher::new(12), Searcher::new(12));
        proven.defer_proofs = false;
        let summary = |a: Option<Analysis>| {
            a.map(|a| {
                let moves: Vec<_> = a.moves.iter().map(|m| (m.pit, m.score, m.pv().collect::<Vec<_>>())).collect();
                (moves, a.depth, a.nodes, a.exact)
            })
        };
        let mut searched = 0;
        for variant in [Variant::Sadeqa, Variant::Anywoli] {
            let mut setup = Setup::new(variant, Options::default());
            let total: u32 = setup.board.iter().sum();
            for round in 0..1000 {
                if variant == Variant::Sadeqa {
                    setup.board = vec![1, 0, 1, 2, 0, 1, 0, 1, 2, 1, 0, 2, 1, 0, 1, 0];
                    for _ in 0..round % 4 {
                        setup.board[rng.below(16) as usize] = rng.below(4) as u32;
                    }
                } else {
                    let sparse = 1 + round as u64 % 4;
                    setup
                        .board
                        .iter_mut()
                        .for_each(|s| *s = if rng.below(sparse) == 0 { rng.below(4) as u32 } else { 0 });
                }
                let left = total - setup.board.iter().sum::<u32>();
                setup.stores = BySide { south: left / 2, north: left - left / 2 };
                setup.turn = if round % 2 == 0 { Side::South } else { Side::North };
                let Ok(pos) = Position::from_setup(&setup) else { continue };
                let a = deferred.analyse(&[pos], &limits, &Tuned, &mut NoClock, false);
                let b = proven.analyse(&[pos], &limits, &Tuned, &mut NoClock, false);
                assert_eq!(summary(a), summary(b), "{pos:?}");
                searched += 1;
            }
        }
        assert!(searched > 1500, "{searched}");
    }

    /// The move order takes the children as a stable sort by decreasing order value puts them
    /// (equal values in index order), with values from few distinct ones to the extremes.
    #[test]
    fn the_move_order_is_a_stable_sort_best_first() {
        let mut rng = SplitMix64::new(8);
        for round in 0..2000 {
            let n = 1 + round % 12;
            let values: Vec<i32> = (0..n)
                .map(|_| match rng.below(4) {
                    0 => i32::MAX,
                    1 => -(rng.below(3) as i32),
                    _ => rng.below(300_000) as i32 - 150_000,
                })
                .collect();
            let mut order = Order::default();
            for (i, &v) in values.iter().enumerate() {
                order.set(i, v);
            }
            let mut sorted: Vec<usize> = (0..n).collect();
            sorted.sort_by_key(|&i| core::cmp::Reverse(values[i]));
            let taken: Vec<usize> = (0..n).map(|_| order.take_first(n)).collect();
            assert_eq!(taken, sorted, "{values:?}");
        }
    }
}
