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

use mancala_core::{Move, Options, Position, Variant};
use mancala_tables::Tables;

use crate::Clock;
use crate::eval::Evaluate;
use crate::table::{Entry, Keys};

mod line;
mod run;
use line::Line;
use run::Run;

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
    line: Line,
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
            line: Line::default(),
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
        self.line.start(history);
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
        let (n, _) = run.children(&root, 0, NO_PIT);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tuned;
    use crate::clock::NoClock;
    use mancala_core::{BySide, Setup, Side, SplitMix64};

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
}
