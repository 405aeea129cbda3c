//! The components of a level with a cycle (AN-2): a line that comes back to a position already on
//! it is scored as if the game ended there by repetition, with C-6's settlement. Inside a
//! component no move captures, so a line's value is where it leaves the component (a move whose
//! value is known) or the settlement of the position it repeats: values depend on the line.
//!
//! Two bounds hold (values from South's side, South maximising): replacing each
//! settlement by the component's least (greatest) one can only lower (raise) the value, and with
//! one settlement `c` everywhere the value is that of the game played forever, an endless game
//! scoring `c` (a player who plays one move a position loses nothing by it, so the first cycle
//! is as good as any). That game is solved by attractors, threshold by threshold (`forever`).
//! These bounds hold for the component's entries as roots of lines, which is what the tables
//! hold. Where they differ, a search over the lines from the entry finds the exact value
//! (`line`), within a budget of positions.

use mancala_core::{NoObserver, Position, Side};

use crate::level::{LevelStats, NONE, seen_from};
use crate::{Bounds, Tables, lead};

/// A level's moves and the component being solved, as `level` keeps them.
pub(crate) struct Graph<'a> {
    /// Each entry's best move out of the level, from its player to move's side.
    pub(crate) out: &'a [Bounds],
    /// Where each entry's moves within the level start in `within`.
    pub(crate) start: &'a [u32],
    /// The entries the moves within the level lead to.
    pub(crate) within: &'a [u32],
    /// Whether an entry is in the component (for an entry a move from it leads to).
    pub(crate) inside: &'a [bool],
    /// The place in the component of each of its entries.
    pub(crate) local: &'a [u32],
}

/// Positions a search over the lines from one entry may visit before it gives up.
pub const LINE_BUDGET: u64 = 1 << 16;

/// Values beyond every value (at most the seeds of the level either way).
const BELOW: i8 = i8::MIN + 1;
const ABOVE: i8 = i8::MAX;

/// The solver of a level's components, its buffers reused from one component to the next.
#[derive(Debug)]
pub(crate) struct Loops<'t> {
    tables: &'t Tables,
    seeds: usize,
    /// Per place in the component: whether North moves there (and minimises).
    north: Vec<bool>,
    /// The best move out of the component, from South's side (the most for South, the least for
    /// North), if any.
    exit: Vec<Option<Bounds>>,
    /// The settlement of a repetition there (C-6), from South's side.
    settle: Vec<i8>,
    /// Moves inside the component, by place: successors and predecessors.
    succ_start: Vec<u32>,
    succ: Vec<u32>,
    pred_start: Vec<u32>,
    pred: Vec<u32>,
    /// The bounds of each place as the root of a line (`forever`), from South's side.
    low: Vec<i8>,
    high: Vec<i8>,
    /// Buffers of `forever` and `line`.
    count: Vec<u32>,
    joined: Vec<bool>,
    ready: Vec<bool>,
    queue: Vec<u32>,
    events: Vec<(i8, u32)>,
    on_line: Vec<bool>,
    visited: u64,
}

/// Which end of the exits' bounds a pass uses.
#[derive(Debug, Clone, Copy)]
enum End {
    Low,
    High,
}

impl End {
    fn of(self, b: Bounds) -> i8 {
        match self {
            End::Low => b.lo,
            End::High => b.hi,
        }
    }
}

impl<'t> Loops<'t> {
    pub(crate) fn new(tables: &'t Tables, seeds: usize) -> Loops<'t> {
        Loops {
            tables,
            seeds,
            north: Vec::new(),
            exit: Vec::new(),
            settle: Vec::new(),
            succ_start: Vec::new(),
            succ: Vec::new(),
            pred_start: Vec::new(),
            pred: Vec::new(),
            low: Vec::new(),
            high: Vec::new(),
            count: Vec::new(),
            joined: Vec::new(),
            ready: Vec::new(),
            queue: Vec::new(),
            events: Vec::new(),
            on_line: Vec::new(),
            visited: 0,
        }
    }

    /// Solves a component whose entries' moves out of it lead to solved entries: writes each
    /// entry's value as the root of a line (AN-2) into `entries`, and calls `rooted` with those
    /// whose value depends on the line before them.
    pub(crate) fn solve(
        &mut self,
        g: &Graph<'_>,
        component: &[u32],
        entries: &mut [Bounds],
        stats: &mut LevelStats,
        mut rooted: impl FnMut(usize),
    ) {
        self.load(g, component, entries);
        let settle_low = self.settle.iter().copied().min().unwrap_or(0);
        let settle_high = self.settle.iter().copied().max().unwrap_or(0);
        let mut out = std::mem::take(&mut self.low);
        self.forever(End::Low, settle_low, &mut out);
        self.low = out;
        let mut out = std::mem::take(&mut self.high);
        self.forever(End::High, settle_high, &mut out);
        self.high = out;
        let exits_exact = self.exit.iter().flatten().all(|b| b.is_exact());
        for (i, &v) in component.iter().enumerate() {
            let mut south = Bounds { lo: self.low[i], hi: self.high[i] };
            if !south.is_exact() {
                rooted(v as usize);
                let lo = self.root(i, End::Low);
                let hi = if exits_exact { lo } else { self.root(i, End::High) };
                match lo.zip(hi) {
                    Some((lo, hi)) => {
                        south = Bounds { lo, hi };
                        stats.searched += 1;
                    }
                    None => stats.given_up += 1,
                }
            }
            entries[v as usize] = if self.north[i] { south.neg() } else { south };
        }
        let size = component.len();
        stats.components += 1;
        stats.in_cycles += size;
        stats.largest = stats.largest.max(size);
        stats.sizes[size.ilog2() as usize] += 1;
    }

    /// Reads the component into places `0 .. len`.
    fn load(&mut self, g: &Graph<'_>, component: &[u32], entries: &[Bounds]) {
        let size = component.len();
        for buffer in [&mut self.succ_start, &mut self.succ, &mut self.pred_start, &mut self.pred] {
            buffer.clear();
        }
        self.north.clear();
        self.exit.clear();
        self.settle.clear();
        for &v in component {
            let v = v as usize;
            let north = v & 1 == 1;
            let mut exit = g.out[v];
            self.succ_start.push(self.succ.len() as u32);
            for &w in &g.within[g.start[v] as usize..g.start[v + 1] as usize] {
                if g.inside[w as usize] {
                    self.succ.push(g.local[w as usize]);
                } else {
                    exit = exit.max(seen_from(v, w, entries[w as usize]));
                }
            }
            self.north.push(north);
            self.exit.push((exit != NONE).then(|| if north { exit.neg() } else { exit }));
            self.settle.push(self.settlement(v));
        }
        self.succ_start.push(self.succ.len() as u32);
        // Predecessors: count, place, fill.
        self.pred_start.resize(size + 1, 0);
        for &w in &self.succ {
            self.pred_start[w as usize + 1] += 1;
        }
        for i in 0..size {
            self.pred_start[i + 1] += self.pred_start[i];
        }
        self.pred.resize(self.succ.len(), 0);
        self.count.clear();
        self.count.extend_from_slice(&self.pred_start[..size]);
        for x in 0..size {
            for k in self.succ_start[x]..self.succ_start[x + 1] {
                let w = self.succ[k as usize] as usize;
                self.pred[self.count[w] as usize] = x as u32;
                self.count[w] += 1;
            }
        }
        for buffer in [&mut self.low, &mut self.high] {
            buffer.clear();
            buffer.resize(size, 0);
        }
        self.on_line.clear();
        self.on_line.resize(size, false);
    }

    /// The settlement of a repetition at entry `v` (C-6), from South's side.
    fn settlement(&self, v: usize) -> i8 {
        let t = self.tables;
        let board = t.board(self.seeds, v / 2);
        let turn = if v & 1 == 1 { Side::North } else { Side::South };
        let mut pos = Position::from_board(t.variant, t.options, &board[..t.boards.pits()], turn);
        pos.end_by_repetition(&mut NoObserver);
        lead(&pos, Side::South)
    }

    fn successors(&self, x: usize) -> core::ops::Range<usize> {
        self.succ_start[x] as usize..self.succ_start[x + 1] as usize
    }

    fn predecessors(&self, x: usize) -> core::ops::Range<usize> {
        self.pred_start[x] as usize..self.pred_start[x + 1] as usize
    }

    /// The value of the game played forever, an endless game scoring `c` and each move out
    /// scoring its `end` bound, into `out`. Above `c`: South's attractor of the exits worth at
    /// least `t`, for `t` falling; below `c`: North's of those worth at most `t`, for `t`
    /// rising; the rest is worth `c`.
    fn forever(&mut self, end: End, c: i8, out: &mut [i8]) {
        out.fill(c);
        for south in [true, false] {
            // `south`: the maximiser's pass. `mine` is true where the attracting player moves.
            let size = self.north.len();
            self.joined.clear();
            self.joined.resize(size, false);
            self.ready.clear();
            self.ready.resize(size, false);
            self.count.clear();
            self.events.clear();
            for x in 0..size {
                let mine = self.north[x] != south;
                self.count.push(self.successors(x).len() as u32);
                match self.exit[x].map(|b| end.of(b)) {
                    // A value that beats `c` for the attracting player.
                    Some(e) if (south && e > c) || (!south && e < c) => {
                        self.events.push((if south { -e } else { e }, x as u32));
                    }
                    // The other player has no exit at all: nothing stops them joining.
                    None if !mine => self.ready[x] = true,
                    _ => {}
                }
            }
            self.events.sort_unstable();
            let mut k = 0;
            while k < self.events.len() {
                let key = self.events[k].0;
                let t = if south { -key } else { key };
                while k < self.events.len() && self.events[k].0 == key {
                    let x = self.events[k].1 as usize;
                    k += 1;
                    self.ready[x] = true;
                    let mine = self.north[x] != south;
                    if !self.joined[x] && (mine || self.count[x] == 0) {
                        self.join(x, t, c, out);
                    }
                }
                while let Some(y) = self.queue.pop() {
                    for p in self.predecessors(y as usize) {
                        let x = self.pred[p] as usize;
                        if self.joined[x] {
                            continue;
                        }
                        let mine = self.north[x] != south;
                        self.count[x] -= 1;
                        if mine || (self.count[x] == 0 && self.ready[x]) {
                            self.join(x, t, c, out);
                        }
                    }
                }
            }
        }
    }

    /// `x` joins the attractor of the exits worth `t` (or better for the attracting player).
    fn join(&mut self, x: usize, t: i8, c: i8, out: &mut [i8]) {
        // Determinacy: no place is in both players' attractors.
        debug_assert_eq!(out[x], c, "place {x} joins both attractors");
        self.joined[x] = true;
        out[x] = t;
        self.queue.push(x as u32);
    }

    /// The value of place `i` as the root of a line, the exits at their `end` bound; `None`
    /// past the budget.
    fn root(&mut self, i: usize, end: End) -> Option<i8> {
        self.visited = 0;
        let value = self.line(i, end, self.low[i] - 1, self.high[i] + 1);
        if value.is_none() {
            self.on_line.fill(false);
        }
        value
    }

    /// The value of place `x` after the line of the places marked `on_line` (AN-2), searched
    /// with alpha-beta in the window `alpha .. beta`. The bounds of the game played forever hold
    /// at the root only: inside a line, the places on it end the game when reached, which can
    /// take from a player the way out those bounds count on.
    fn line(&mut self, x: usize, end: End, alpha: i8, beta: i8) -> Option<i8> {
        self.visited += 1;
        if self.visited > LINE_BUDGET {
            return None;
        }
        self.on_line[x] = true;
        let north = self.north[x];
        let mut best = self.exit[x].map_or(if north { ABOVE } else { BELOW }, |b| end.of(b));
        for k in self.successors(x) {
            if (!north && best >= beta) || (north && best <= alpha) {
                break;
            }
            let y = self.succ[k] as usize;
            let value = if self.on_line[y] {
                self.settle[y]
            } else if north {
                self.line(y, end, alpha, beta.min(best))?
            } else {
                self.line(y, end, alpha.max(best), beta)?
            };
            best = if north { best.min(value) } else { best.max(value) };
        }
        self.on_line[x] = false;
        Some(best)
    }
}
