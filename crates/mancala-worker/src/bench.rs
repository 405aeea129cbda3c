//! The engine's benchmarks in the browser, for `cargo xtask bench`: the same
//! random games as `mancala bench` (same generator, seed and options), so the
//! two speeds compare like with like, and the endgame tables built or decoded
//! (issue 11). The caller times them.

use mancala_core::{Options, Playouts, Position, SplitMix64, Variant};
use wasm_bindgen::prelude::*;

/// Plays `games` random games of `variant` (an id such as `"anywoli"`) to
/// their real end from seed `seed`, as `mancala bench --game ID --games N
/// --seed S` does, and returns the number of moves played (the same number
/// natively: a check that both ran the same games).
///
/// # Errors
/// An unknown game id.
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(variant: &str, games: u32, seed: u32) -> Result<f64, JsError> {
    let variant: Variant = variant.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    // As `mancala bench`: Mangala IV's forced play would repeat one game, so free choice.
    let start = Position::new(variant, Options { free_choice: variant == Variant::Mangala, ..Options::default() });
    let mut playouts = Playouts::default();
    let mut rng = SplitMix64::new(u64::from(seed));
    let moves: u64 = (0..games).map(|_| playouts.play(start, &mut rng, |_, _| {})).sum();
    Ok(moves as f64)
}

/// Builds the quick tables the worker builds for `variant` (`quick_tables`; Mangala IV with free
/// choice, MG-4), for `cargo xtask bench` to time: `[most seeds, entries]`, empty if the game has
/// none.
///
/// # Errors
/// An unknown game id.
#[wasm_bindgen(js_name = benchQuickTables)]
pub fn bench_quick_tables(variant: &str) -> Result<Vec<f64>, JsError> {
    let variant: Variant = variant.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let Some(seeds) = crate::computer::quick_tables(variant, &options) else { return Ok(Vec::new()) };
    Ok(vec![seeds as f64, mancala_tables::Tables::build(variant, options, seeds).positions() as f64])
}

/// Decodes a whole tables file (`Tables::from_file`), for `cargo xtask bench` to time; returns
/// its entries.
///
/// # Errors
/// A file that is not tables this build reads.
#[wasm_bindgen(js_name = decodeTables)]
pub fn decode_tables(bytes: &[u8]) -> Result<f64, JsError> {
    let tables = mancala_tables::Tables::from_file(bytes).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(tables.positions() as f64)
}
