//! One search in progress ([`Run`]): the negamax recursion over each ply's children, in the
//! move order of [`Order`], with the transposition table, repetition (C-6) along the path and
//! C-8's proof left to the children the search reaches.

use mancala_core::{Move, NoObserver, Position, Side};

use super::{INF, MAX_PLY, NO_PIT, RootMove, Searcher};
use crate::Clock;
use crate::eval::{Evaluate, exact_score, terminal_score};
use crate::table::{EXACT, Entry, Keys, LOWER, PROVEN, UPPER};

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

    /// The index of the next child to search among the first `n`, which leaves the order. All
    /// twelve are compared (those past `n` are never set), a loop of fixed length without a
    /// branch whose exit the processor would have to guess.
    fn take_first(&mut self, n: usize) -> usize {
        debug_assert!(self.0[n..].iter().all(|&v| v == i64::MIN));
        let first = self.0.iter().fold(i64::MIN, |a, &b| a.max(b));
        let i = 15 - (first & 15) as usize;
        self.0[i] = i64::MIN;
        i
    }
}

/// No child's index (a row has at most 12 pits).
const NO_INDEX: usize = 12;

/// One search in progress.
pub(super) struct Run<'a, E: Evaluate + ?Sized> {
    pub(super) s: &'a mut Searcher,
    /// The transposition keys of the game's positions.
    pub(super) keys: Keys,
    pub(super) eval: &'a E,
    pub(super) clock: &'a mut dyn Clock,
    pub(super) nodes: u64,
    pub(super) max_nodes: u64,
    pub(super) deadline: Option<f64>,
    pub(super) next_check: u64,
    pub(super) stopped: bool,
    pub(super) horizon: bool,
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
    /// but no legal move (every one endless) is all but unknown. Also returns the index of the
    /// child of `tt_pit` (the table's move), if there is one: found on the way by a conditional
    /// move, not by a second loop whose exit the processor would have to guess.
    pub(super) fn children(&mut self, pos: &Position, ply: usize, tt_pit: u8) -> (usize, Option<usize>) {
        let (kids, pits, line) = (&mut self.s.kids[ply], &mut self.s.pits[ply], &self.s.line);
        let mut children = pos.children();
        let mut tt_index = NO_INDEX;
        // Each child is sown into its slot; a row has at most 12 pits.
        for (n, (child, slot)) in kids.iter_mut().zip(pits).enumerate() {
            let Some(Move::Sow(pit)) = children.next_unproven_into(child) else {
                return (n, (tt_index != NO_INDEX).then_some(tt_index));
            };
            self.nodes += 1;
            if !child.is_over() && line.ends_game(child, ply + 1) {
                child.end_by_repetition(&mut NoObserver);
            }
            *slot = pit;
            tt_index = if pit == tt_pit { n } else { tt_index };
        }
        (12, (tt_index != NO_INDEX).then_some(tt_index))
    }

    /// Proves that the player to move in child `i` of `ply` has a legal move, else applies C-8
    /// (and C-6 to the position that makes); true if the child changed. A position whose player
    /// has no legal move is never on the line (C-8 turned it into another), so the repetition
    /// found before the proof stands.
    pub(super) fn settle(&mut self, ply: usize, i: usize) -> bool {
        let child = &mut self.s.kids[ply][i];
        let changed = child.settle_no_move();
        if changed && !child.is_over() && self.s.line.ends_game(child, ply + 1) {
            child.end_by_repetition(&mut NoObserver);
        }
        changed
    }

    /// The score of `pos`, a child searched without the proof that its player can move (C-8:
    /// [`Run::settle`] was left to its expansion) whose player has no legal move after all: the
    /// search of the position C-8 makes of it, as the parent would have searched it had it
    /// proven it, for `pos`'s player to move. Only the proven position is on the line (C-6).
    fn unproven(&mut self, pos: &Position, depth: i32, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.s.line.leave(ply);
        let mut settled = *pos;
        settled.settle_no_move();
        if !settled.is_over() && self.s.line.ends_game(&settled, ply) {
            settled.end_by_repetition(&mut NoObserver);
        }
        let mover = pos.turn();
        let score = if settled.is_over() {
            terminal_score(&settled, mover)
        } else {
            self.child_score(&settled, mover, depth, alpha, beta, ply)
        };
        self.s.line.enter(pos, ply);
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
    pub(super) fn static_value(&self, child: &Position, mover: Side, ply: usize) -> i32 {
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
        self.s.line.enter(child, ply);
        let score = if child.turn() == mover {
            self.negamax(child, depth, alpha, beta, ply)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply)
        };
        self.s.line.leave(ply);
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
    pub(super) fn root(&mut self, root: &Position, moves: &mut [RootMove], depth: i32, every_move: bool) -> usize {
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
        let (n, tt_index) = self.children(pos, ply, tt_pit);
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
        let tt_first = if next > 0 { tt_index } else { None };
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
    use mancala_core::{BySide, Options, Setup, SplitMix64, Variant};

    /// The score, principal variation and nodes of a search of `child` to `depth` for `mover`,
    /// its parent's player, as a child at ply 1 of a game that began at the start.
    fn child_search(child: &Position, mover: Side, depth: i32, defer: bool) -> (i32, Vec<u8>, u64) {
        let mut s = Searcher::new(12);
        s.defer_proofs = defer;
        s.line.start(&[Position::new(child.variant(), *child.options())]);
        let mut clock = NoClock;
        let mut run = Run {
            s: &mut s,
            keys: Keys::of(child),
            eval: &Tuned,
            clock: &mut clock,
            nodes: 0,
            max_nodes: u64::MAX,
            deadline: None,
            next_check: 0,
            stopped: false,
            horizon: false,
        };
        run.s.pv_len[1] = 1;
        let score = run.child_score(child, mover, depth, -INF, INF, 1);
        (score, run.s.pv[1][1..run.s.pv_len[1]].to_vec(), run.nodes)
    }

    /// C-8 left to a searched child's expansion ([`Run::unproven`]): a child whose player has
    /// sowable pits, every one endless (C-5), is searched as the position C-8 makes of it, as a
    /// search that proves first searches it: the same score, line and nodes at depths 1 to 5. The
    /// children are the core's endless fixtures with the player's other pits taken away (random
    /// play all but never makes one): Sadeqa III's pit 3, where the game ends (SQ-5: the last
    /// mover, North, takes the board), and Mangala IV's pit 7, where North passes (MG-7).
    #[test]
    fn a_child_whose_every_sowable_pit_is_endless_is_searched_as_c8_makes_it() {
        let fixtures = [
            (Variant::Sadeqa, vec![1, 0, 1, 2, 0, 1, 0, 1, 2, 1, 0, 2, 1, 0, 1, 0], [42, 41], Side::South, 3),
            (Variant::Mangala, vec![4, 6, 5, 1, 0, 2, 4, 18, 1, 6, 5, 1, 6, 5], [6, 28], Side::North, 7),
        ];
        for (variant, board, [south, north], turn, pit) in fixtures {
            let setup =
                Setup { board, stores: BySide { south, north }, turn, ..Setup::new(variant, Options::default()) };
            let mut child = Position::from_setup(&setup).expect("valid");
            child.keep_sowable_for_tests(&[pit]);
            let mut settled = child;
            assert!(settled.settle_no_move(), "{child:?}");
            let mover = turn.other();
            for depth in 1..=5 {
                let proven = if settled.is_over() {
                    (terminal_score(&settled, mover), vec![], 0)
                } else {
                    child_search(&settled, mover, depth, false)
                };
                assert_eq!(child_search(&child, mover, depth, true), proven, "{variant:?} at depth {depth}");
            }
            if variant == Variant::Sadeqa {
                assert_eq!(settled.stores(), BySide { south: 42, north: 54 });
                assert_eq!(child_search(&child, mover, 3, true).0, crate::eval::WIN + 1200);
            } else {
                assert_eq!(settled.turn(), Side::South);
            }
        }
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
