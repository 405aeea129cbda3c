//! The computer opponent of Mancala Atlas: a game-tree search over the rules
//! of [`mancala_core`], for all four games and every option.
//!
//! # The search
//! Iterative-deepening negamax with alpha-beta, principal-variation search,
//! a transposition table and move ordering by each child's evaluation
//! (`search.rs`). It negates a score only when the player to move really
//! changes (Anywoli's extra move, AW-5; passes), leaves passes, forced moves
//! (MG-4), endless moves (C-5) and automatic ends (C-8) to the core, applies
//! repetition (C-6) along the game's history plus the search path, and stops
//! deepening once a search has reached the true end of every line
//! ([`Thought::exact`]). The search is generic over [`Evaluate`]; the
//! standard evaluation ([`Tuned`]) is linear in a few board [`features`],
//! with weights per game fitted to self-play (`examples/tune.rs`).
//!
//! Nothing in the recursion allocates, and the clock is injected
//! ([`Clock`]; a closure `FnMut() -> f64` is one, [`NoClock`] never
//! advances), so the same code runs in a Web Worker, where
//! `performance.now()` is the clock.
//!
//! # Levels
//! [`Level::ALL`], weakest first; [`Level::limits`] gives each budget in a game:
//!
//! | level | how it chooses |
//! |---|---|
//! | Beginner | one move ahead, each move misjudged by up to ±3 seeds (seeded) |
//! | Easy | search, depth 2, at most 1 000 nodes |
//! | Medium | search, 10 000 nodes (Mangala IV: 1 000) |
//! | Hard | search, 60 000 nodes (Mangala IV: 15 000) |
//! | Expert | search, 600 000 nodes, capped at 1 s by the injected clock |
//!
//! Node budgets make a level's move the same for the same position, history
//! and seed, on any machine ([`NoClock`] never stops a search). Expert's cap
//! only matters on a slow device; with it, a move can depend on the clock.
//! [`Level::Greedy`] (take the biggest capture, ties at random) is a
//! yardstick for tests and `mancala match`. [`selfplay`] plays games between
//! players; its balanced openings keep lopsided random starts out of the
//! level measurements.
//!
//! # Use
//! ```
//! use mancala_ai::{Computer, Level, NoClock};
//! use mancala_core::{Game, Options, Position, Variant};
//!
//! let mut game = Game::new(Position::new(Variant::Sadeqa, Options::default()));
//! let mut engine = Computer::new();
//! let thought = engine.play(game.positions(), Level::Easy, 7, &mut NoClock).unwrap();
//! game.play(thought.best).unwrap();
//! assert_eq!(thought.pv[0], thought.best);
//! ```
//!
//! In the browser, keep one [`Computer`] in the worker and pass a clock:
//! `engine.think(game.positions(), &limits, &mut || js_sys::Date::now())`.
//! Decisions that are not moves: [`Computer::choose_side`] (Mangala IV's
//! ritual, MG-3), [`Computer::split_advice`] and [`Thought::propose_split`]
//! (Al-manqala's split, AM-9). Hints: [`Computer::hints`] gives one
//! [`PitHint`] per pit of the player to move.
//!
//! Scores are for the player to move, in centiseeds (100 = a seed); a
//! finished game scores ±[`WIN`] plus the margin ([`terminal_score`]).

mod clock;
mod computer;
pub mod eval;
mod level;
mod search;
pub mod selfplay;
mod table;

pub use clock::{Clock, NoClock};
pub use computer::{
    Computer, LOOP_PLIES, PitHint, SPLIT_MARGIN, SideChoice, SplitAdvice, Thought, plies_without_capture, split_score,
};
pub use eval::{Evaluate, Linear, SEED, Tuned, WIN, exact_score, features, terminal_score};
pub use level::{Level, ParseLevelError};
pub use search::{Limits, MAX_PLY, Searcher};

use mancala_core::Position;

/// Searches the last position of `history` with a fresh [`Computer`] (a
/// convenience; keep an engine to reuse its table).
pub fn think(history: &[Position], limits: &Limits, clock: &mut dyn Clock) -> Option<Thought> {
    Computer::new().think(history, limits, clock)
}
