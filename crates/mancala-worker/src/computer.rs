//! The computer player for the page's Web Worker: one [`Computer`] per worker
//! keeps the search's table from move to move. It reads the game through the
//! [`Game`] handle (its whole history, for repetition, C-6) and answers with
//! small copied values.

use std::sync::Arc;

use mancala_ai::Level;
use mancala_core::{Options, Side, Variant};
use mancala_tables::{Tables, shipped};
use mancala_wasm::{Game, to_js};
use wasm_bindgen::prelude::*;

fn level(id: &str) -> Result<Level, JsError> {
    id.parse().map_err(|e| JsError::new(&format!("{e}")))
}

/// The clock of the search's time limit: the page's or the worker's `performance.now()`
/// (monotonic, finer than a millisecond), else the system clock.
fn clock() -> impl FnMut() -> f64 {
    let performance: Option<web_sys::Performance> =
        js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok().and_then(|p| p.dyn_into().ok());
    move || performance.as_ref().map_or_else(js_sys::Date::now, web_sys::Performance::now)
}

/// The most seeds of the endgame tables the worker builds for a game (issue 11 §3), once a
/// position first needs them: tables that build in about a second natively (docs/tables.md), so
/// the first move of an endgame waits little. None: no tables (Mangala IV's forced play is played
/// out, MG-4; Anywoli's first level worth a table, 8 seeds, takes a minute).
pub(crate) fn quick_tables(variant: Variant, options: &Options) -> Option<usize> {
    let seeds = match variant {
        Variant::Mangala | Variant::Manqala => 8,
        Variant::Sadeqa => 7,
        Variant::Anywoli => return None,
    };
    mancala_tables::no_tables(variant, options).is_none().then_some(seeds)
}

/// The computer player.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Computer {
    computer: mancala_ai::Computer,
}

#[wasm_bindgen]
impl Computer {
    #[wasm_bindgen(constructor)]
    #[must_use]
    pub fn new() -> Computer {
        Computer::default()
    }

    /// The move `level` (`"beginner"` … `"expert"`) plays for the player to
    /// move in `game`: `{ move, score, depth, nodes, pv, exact, proposeSplit }`.
    /// The same `seed` gives the same move.
    ///
    /// # Errors
    /// An unknown level, or a game that is over.
    #[wasm_bindgen(unchecked_return_type = "Thought")]
    pub fn think(&mut self, game: &Game, level_id: &str, seed: u32) -> Result<JsValue, JsError> {
        let level = level(level_id)?;
        self.tables_for(game);
        let thought = self
            .computer
            .play(game.history(), level, u64::from(seed), &mut clock())
            .ok_or_else(|| JsError::new("the game is over"))?;
        to_js(&thought)
    }

    /// A hint for every pit of the player to move in `game`, searched as `level` searches:
    /// `[{ pit, score, best, captures, gives, extraMove, exposes, illegal }]` (`score` in
    /// centiseeds for the mover, `null` for an illegal pit, whose `illegal` says why); empty
    /// once the game is over.
    ///
    /// # Errors
    /// An unknown level.
    #[wasm_bindgen(unchecked_return_type = "PitHint[]")]
    pub fn hints(&mut self, game: &Game, level_id: &str) -> Result<JsValue, JsError> {
        let limits = level(level_id)?.limits(game.start().variant());
        self.tables_for(game);
        to_js(&self.computer.hints(game.history(), &limits, &mut clock()))
    }

    /// The name of the tables file (under the site's `tables/`) to fetch for `game`'s position:
    /// if the site ships one that holds it, the tables in use do not, and the quick tables the
    /// worker builds (in a second or two) would not either. The worker fetches it and hands it
    /// to [`Computer::use_tables_file`].
    #[wasm_bindgen(js_name = tablesFile)]
    #[must_use]
    pub fn tables_file(&self, game: &Game) -> Option<String> {
        let pos = game.history().last()?;
        let (variant, seeds) = (pos.variant(), pos.seeds_on_board() as usize);
        let held = self.computer.tables().is_some_and(|t| t.value(pos).is_some());
        let within = shipped::covers(variant, pos.options()) && seeds <= shipped::max_seeds(variant);
        let quick = quick_tables(variant, pos.options()).is_some_and(|q| seeds <= q);
        (within && !pos.is_over() && !held && !quick).then(|| shipped::file_name(variant))
    }

    /// Decodes the levels up to `seeds` seeds of a tables file (`Tables::from_file_to`: no move
    /// adds seeds to the board, and the decoding stops there) and uses them from now on, in place
    /// of those in use.
    ///
    /// # Errors
    /// A file that is not tables this build reads (damaged, of another format or other rules),
    /// named in the message; the search then goes on without them, with the quick tables it
    /// builds when a position needs them.
    #[wasm_bindgen(js_name = useTablesFile)]
    pub fn use_tables_file(&mut self, bytes: &[u8], seeds: u32) -> Result<(), JsError> {
        // The tables in use go first: the decoding needs their memory at its peak.
        self.computer.set_tables(None);
        let tables = Tables::from_file_to(bytes, seeds as usize).map_err(|e| JsError::new(&e.to_string()))?;
        self.computer.set_tables(Some(Arc::new(tables)));
        Ok(())
    }

    /// Mangala IV's ritual (MG-3): the side the computer takes at the start
    /// of `game`, `"south"` or `"north"`.
    ///
    /// # Errors
    /// An unknown level.
    #[wasm_bindgen(js_name = chooseSide)]
    pub fn choose_side(&mut self, game: &Game, level_id: &str) -> Result<String, JsError> {
        let limits = level(level_id)?.limits(game.start().variant());
        let choice = self.computer.choose_side(game.start(), &limits, &mut clock());
        Ok(choice.side.name().to_owned())
    }

    /// Al-manqala (AM-9): whether `side` (`"south"` or `"north"`) accepts
    /// splitting the board now, proposed at any time: only if the split is at
    /// least as good for it as playing on (in a loop, within three seeds of
    /// its search's expectation). False in other games and once over.
    ///
    /// # Errors
    /// An unknown level or side.
    #[wasm_bindgen(js_name = acceptsSplit)]
    pub fn accepts_split(&mut self, game: &Game, side: &str, level_id: &str) -> Result<bool, JsError> {
        let limits = level(level_id)?.limits(game.start().variant());
        let side: Side = side.parse().map_err(|e| JsError::new(&format!("{e}")))?;
        Ok(self.computer.split_advice(game.history(), side, &limits, &mut clock()).is_some_and(|a| a.accept))
    }
}

impl Computer {
    /// Builds the game's endgame tables when its position first comes within them (and keeps
    /// them for the game's rules: a new game of other rules builds its own).
    fn tables_for(&mut self, game: &Game) {
        let Some(pos) = game.history().last() else { return };
        let Some(seeds) = quick_tables(pos.variant(), pos.options()) else { return };
        let serves = |t: &Arc<Tables>| t.value(pos).is_some();
        if pos.is_over() || pos.seeds_on_board() as usize > seeds || self.computer.tables().is_some_and(serves) {
            return;
        }
        self.computer.set_tables(Some(Arc::new(Tables::build(pos.variant(), *pos.options(), seeds))));
    }
}
