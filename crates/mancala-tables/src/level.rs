//! One level of the tables: every board of one seed count, each player to move. Its moves that
//! capture nothing stay in the level; their strongly connected components, found by an
//! iterative Tarjan, are solved sinks first, so that every move leads to a solved entry or
//! into the component itself (`loops`).

use mancala_core::{Position, Side};

use crate::loops::{Graph, Loops};
use crate::{Bounds, Tables, lead, move_value, net};

/// No move out of the level yet: below every value, and never negated.
pub(crate) const NONE: Bounds = Bounds { lo: i8::MIN, hi: i8::MIN };

/// The entries of one seed count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Level {
    /// By board rank, South to move then North.
    pub(crate) entries: Vec<Bounds>,
    /// One bit an entry: whether it was found by a search over the lines from it (on a cycle,
    /// the bounds of the game played forever differing).
    rooted: Vec<u64>,
    /// One bit an entry: whether it lies on a cycle of moves without capture.
    cycle: Vec<u64>,
}

impl Level {
    /// `n` entries, each still without a value, for a file to fill in (`file`).
    pub(crate) fn empty(n: usize) -> Level {
        Level { entries: vec![NONE; n], rooted: vec![0; n.div_ceil(64)], cycle: vec![0; n.div_ceil(64)] }
    }

    /// Sets entry `index`: its value, whether it lies on a cycle and whether a search over lines
    /// found it.
    pub(crate) fn set(&mut self, index: usize, value: Bounds, on_cycle: bool, rooted: bool) {
        self.entries[index] = value;
        if on_cycle {
            set(&mut self.cycle, index);
        }
        if rooted {
            set(&mut self.rooted, index);
        }
    }

    /// Whether entry `index` was found by a search over the lines from it.
    pub(crate) fn rooted(&self, index: usize) -> bool {
        bit(&self.rooted, index)
    }

    /// Whether entry `index` lies on a cycle.
    pub(crate) fn on_cycle(&self, index: usize) -> bool {
        bit(&self.cycle, index)
    }
}

fn bit(bits: &[u64], index: usize) -> bool {
    bits[index / 64] >> (index % 64) & 1 == 1
}

fn set(bits: &mut [u64], index: usize) {
    bits[index / 64] |= 1 << (index % 64);
}

/// What building a level found and cost.
#[derive(Debug, Clone, Default)]
pub struct LevelStats {
    /// Seeds on every board of the level.
    pub seeds: usize,
    /// Entries: boards × 2 players to move.
    pub positions: usize,
    /// Moves without capture, inside the level.
    pub moves_within: usize,
    /// Strongly connected components with a cycle.
    pub components: usize,
    /// Entries on a cycle (in those components).
    pub in_cycles: usize,
    /// Entries of the largest component.
    pub largest: usize,
    /// Components by size: `[i]` counts those of `2^i ..= 2^(i+1) - 1` entries.
    pub sizes: [usize; 32],
    /// Entries whose value is exact.
    pub exact: usize,
    /// Entries on a cycle solved by a search over the lines from them.
    pub searched: usize,
    /// Entries whose search went over its budget: they keep bounds.
    pub given_up: usize,
    /// Seconds to build the level (0 in wasm32-unknown-unknown, which has no clock for std).
    pub seconds: f64,
}

/// The moves of a level: for each entry its best move out of the level (captures and ends,
/// [`NONE`] if it has none) and its moves within it, by entry index.
pub(crate) struct Moves {
    pub(crate) out: Vec<Bounds>,
    pub(crate) start: Vec<u32>,
    pub(crate) within: Vec<u32>,
}

/// Builds the level of `seeds` seeds on the solved lower levels of `tables`.
pub(crate) fn build(tables: &Tables, seeds: usize) -> (Level, LevelStats) {
    // Timed where the platform has a clock: std's Instant panics in wasm32-unknown-unknown.
    #[cfg(not(target_arch = "wasm32"))]
    let clock = std::time::Instant::now();
    let moves = expand(tables, seeds);
    let n = moves.out.len();
    let mut stats = LevelStats { seeds, positions: n, moves_within: moves.within.len(), ..LevelStats::default() };
    let mut level = Level { entries: vec![NONE; n], rooted: vec![0; n.div_ceil(64)], cycle: vec![0; n.div_ceil(64)] };
    let mut loops = Loops::new(tables, seeds);
    components(&moves, |component, local, inside| {
        let v = component[0] as usize;
        let own = &moves.within[moves.start[v] as usize..moves.start[v + 1] as usize];
        if component.len() == 1 && !own.contains(&(v as u32)) {
            level.entries[v] =
                own.iter().fold(moves.out[v], |best, &w| best.max(seen_from(v, w, level.entries[w as usize])));
            return;
        }
        let graph = Graph { out: &moves.out, start: &moves.start, within: &moves.within, inside, local };
        loops.solve(&graph, component, &mut level.entries, &mut stats, |v| set(&mut level.rooted, v));
        for &v in component {
            set(&mut level.cycle, v as usize);
        }
    });
    stats.exact = level.entries.iter().filter(|b| b.is_exact()).count();
    #[cfg(not(target_arch = "wasm32"))]
    {
        stats.seconds = clock.elapsed().as_secs_f64();
    }
    debug_assert!(level.entries.iter().all(|&b| b != NONE && b.lo <= b.hi));
    (level, stats)
}

/// Entry `w`'s value from the side of entry `v`'s player to move (the low bit of an index is
/// the player to move).
pub(crate) fn seen_from(v: usize, w: u32, value: Bounds) -> Bounds {
    if (v ^ w as usize) & 1 == 1 { value.neg() } else { value }
}

/// Plays every move of every entry of the level once. An entry whose player to move cannot move
/// (C-8) passes or ends at once: it has the one move "to" the position after that.
fn expand(tables: &Tables, seeds: usize) -> Moves {
    let pits = tables.boards.pits();
    let n = tables.boards.count(seeds) * 2;
    // Up to 3.1 moves within the level an entry in the default tables (Anywoli's 8 seeds): room
    // for 3.5, so that the largest array is not copied into one twice its size as it fills.
    let within = Vec::with_capacity(n * 7 / 2);
    let mut moves = Moves { out: vec![NONE; n], start: Vec::with_capacity(n + 1), within };
    for rank in 0..n / 2 {
        let board = tables.board(seeds, rank);
        for turn in Side::ALL {
            let v = rank * 2 + turn as usize;
            moves.start.push(moves.within.len() as u32);
            let pos = Position::from_board(tables.variant, tables.options, &board[..pits], turn);
            if pos.is_over() {
                // The end at once, its settlement from the empty stores (SQ-5, AM-6, AW-6, MG-7).
                moves.out[v] = Bounds::exact(lead(&pos, turn));
            } else if pos.turn() != turn {
                moves.within.push(index(tables, &pos)); // a pass (MG-7, AM-7, AW-2): nothing taken
            } else {
                for (_, after) in pos.children() {
                    if !after.is_over() && after.seeds_on_board() as usize == seeds {
                        debug_assert_eq!(net(&pos, &after, turn), 0, "a move within a level captures nothing");
                        moves.within.push(index(tables, &after));
                    } else {
                        let then = if after.is_over() { Bounds::exact(0) } else { lower(tables, &after) };
                        moves.out[v] = moves.out[v].max(move_value(&pos, &after, then));
                    }
                }
            }
        }
    }
    moves.start.push(moves.within.len() as u32);
    moves
}

/// The index of `pos` in its level.
fn index(tables: &Tables, pos: &Position) -> u32 {
    (tables.boards.rank(pos.board()) * 2 + pos.turn() as usize) as u32
}

/// The entry of `pos`, in a level already built.
fn lower(tables: &Tables, pos: &Position) -> Bounds {
    let seeds = pos.seeds_on_board() as usize;
    tables.levels[seeds / tables.step()].entries[index(tables, pos) as usize]
}

/// Calls `each` with every strongly connected component of the moves within the level, sinks
/// first (Tarjan's order), with a map in which each entry of the component has its place in it,
/// and the entries still on Tarjan's stack: those of the component, for a move from it. An
/// explicit stack replaces recursion (millions of entries).
pub(crate) fn components(moves: &Moves, mut each: impl FnMut(&[u32], &[u32], &[bool])) {
    let n = moves.out.len();
    let mut t = Tarjan { order: vec![UNSEEN; n], low: vec![0; n], on_stack: vec![false; n], ..Tarjan::default() };
    for root in 0..n as u32 {
        if t.order[root as usize] != UNSEEN {
            continue;
        }
        t.visit(root, moves);
        while let Some(&(v, next)) = t.calls.last() {
            let vi = v as usize;
            if next < moves.start[vi + 1] {
                t.calls.last_mut().expect("a call").1 += 1;
                let w = moves.within[next as usize] as usize;
                // One read at a random place: a finished entry's order is DONE (not on the stack).
                match t.order[w] {
                    UNSEEN => t.visit(w as u32, moves),
                    DONE => {}
                    order => t.low[vi] = t.low[vi].min(order),
                }
                continue;
            }
            t.calls.pop();
            if let Some(&(u, _)) = t.calls.last() {
                t.low[u as usize] = t.low[u as usize].min(t.low[vi]);
            }
            if t.low[vi] == t.order[vi] {
                let from = t.stack.iter().rposition(|&w| w == v).expect("on the stack");
                // Off the stack, an entry's low is read no more: it becomes its place in the component.
                for (place, &w) in t.stack[from..].iter().enumerate() {
                    t.low[w as usize] = place as u32;
                }
                each(&t.stack[from..], &t.low, &t.on_stack);
                for &w in &t.stack[from..] {
                    t.on_stack[w as usize] = false;
                    t.order[w as usize] = DONE;
                }
                t.stack.truncate(from);
            }
        }
    }
}

/// Not yet visited.
const UNSEEN: u32 = u32::MAX;
/// Visited, and in a component already (off the stack).
const DONE: u32 = u32::MAX - 1;

/// Tarjan's state: visit order and low links by entry, the stack of entries not yet in a
/// component, and the calls a recursion would make.
#[derive(Default)]
struct Tarjan {
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// An entry and its next move to follow.
    calls: Vec<(u32, u32)>,
    counter: u32,
}

impl Tarjan {
    fn visit(&mut self, v: u32, moves: &Moves) {
        self.order[v as usize] = self.counter;
        self.low[v as usize] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.calls.push((v, moves.start[v as usize]));
    }
}
