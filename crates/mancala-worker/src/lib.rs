//! The wasm of the page's Web Worker: everything the page's wasm has (`mancala-wasm`, re-exported:
//! the worker reads the game from its save), plus the search: the computer player's moves,
//! hints, Mangala IV's side choice (MG-3) and Al-manqala's split (AM-9), and the playout
//! benchmark. Heavy work lives here so that the page's own first load stays small.

mod bench;
mod computer;

pub use bench::{bench_playouts, bench_quick_tables, decode_tables};
pub use computer::Computer;
pub use mancala_wasm::*;
