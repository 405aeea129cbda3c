//! The rules of four traditional two-row mancala games, as `docs/rules.md`
//! states them: Mangala IV (Gaziantep), Sadeqa III (Welega), Al-manqala
//! (Galilee) and Anywoli (Gambela).
//!
//! Where the common rules live (each game's own rules are in `games/`, one module a game):
//!
//! | rule | what | module |
//! |---|---|---|
//! | C-1 | board, pits and their numbering | `moves`, `side` |
//! | C-2 | sowing | `sow` |
//! | C-3 | relay (multi-lap) sowing | `sow` |
//! | C-4 | first player | `variant` ([`Options::first`]), `setup` |
//! | C-5 | endless moves | `sow`, `children` |
//! | C-6 | repetition | `game`, `seen` ([`Repetitions`]: playouts and the search), `end` ([`REPETITION_LIMIT`] in `catalog`) |
//! | C-7 | result | `end` |
//! | C-8 | passing and "no move" | `position`, `end` |
//!
//! A [`Position`] is always legal; make one with [`Position::new`] or from an
//! editable [`Setup`]. Play a [`Move`] with [`Position::play`] (checked),
//! [`Position::play_unchecked`] (for search) or [`Position::play_traced`]
//! (for animation); [`Position::children`] gives every legal move with the
//! position after it, sowing each once. [`Game`] adds the history: repetition (C-6), undo, redo.
//!
//! ```
//! use mancala_core::{Move, Options, Position, Variant};
//!
//! let start = Position::new(Variant::Sadeqa, Options::default());
//! let after = start.play(Move::Sow(2)).unwrap();
//! assert_eq!(after.board().iter().map(|&s| u32::from(s)).sum::<u32>()
//!     + u32::from(after.stores().south) + u32::from(after.stores().north), 96);
//! ```

mod catalog;
mod children;
mod end;
mod error;
mod game;
mod games;
mod moves;
mod playout;
mod position;
pub mod ritual;
mod rng;
mod seen;
mod setup;
mod side;
mod sow;
mod trace;
mod variant;
#[cfg(feature = "serde")]
mod view;

pub use catalog::{OptionKind, OptionSpec, OptionValue, REPETITION_LIMIT, VariantInfo, When};
pub use children::Children;
pub use end::{End, EndReason, Outcome};
pub use error::{PlayError, SetupError};
pub use game::Game;
pub use moves::{Move, MoveList, ParseMoveError, Pit};
pub use playout::Playouts;
pub use position::Position;
pub use rng::SplitMix64;
pub use seen::Repetitions;
pub use setup::{Memory, Setup};
pub use side::{BySide, ParseSideError, Side};
pub use trace::{CaptureKind, NoObserver, Observer, Step, Trace};
pub use variant::{LastFour, MangalaSetup, Options, ParseVariantError, Rules, SadeqaSeeds, Variant};
#[cfg(feature = "serde")]
pub use view::{EndView, PositionView};

/// Sowing laps after which a move that has not ended is endless (C-5).
pub const MAX_LAPS: u32 = 10_000;

/// The most pits a board has (2×12, Anywoli).
pub const MAX_PITS: usize = 24;

/// Counts the move sequences of exactly `depth` moves from `pos` (a finished
/// game has none): the perft numbers other implementations can check
/// against `tests/fixtures/perft.txt`. Repetition (C-6), which needs the
/// history, is not applied.
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal = pos.legal_moves();
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            perft(&child, depth - 1)
        })
        .sum()
}
