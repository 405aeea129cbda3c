//! The saved-game format (version 1), apart from JS: [`Saved`] and the rules that read and write
//! it. [`crate::Game::save`] and [`crate::Game::load`] fill it with JS values; natively (tests,
//! the fuzzer in `fuzz/`) [`load_json`] and [`save_json`] fill it with `serde_json` values.

use mancala_core::{BySide, Move, Options, Position, Setup, Side};
use serde::{Deserialize, Serialize};

use crate::ReadError;

/// The version written into saved games; the reader reads this one only.
pub(crate) const SAVE_FORMAT: u32 = 1;

/// A saved game, format 1. Options and position stay JSON values (`V`) until the game is known,
/// so that a bad one is named as such.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct Saved<V: Value> {
    format: u32,
    variant: String,
    #[serde(default, skip_serializing_if = "Value::is_absent")]
    options: V,
    /// A set-up start ([`StartView`]); absent: the game's own layout.
    #[serde(default, skip_serializing_if = "Value::is_absent")]
    position: V,
    #[serde(default)]
    moves: Vec<String>,
    /// Moves played; the rest can be redone. Absent: all.
    #[serde(default)]
    ply: Option<usize>,
}

impl<V: Value> Saved<V> {
    /// A save in this version's format of `variant`'s game with these values.
    pub(crate) fn new(variant: &str, options: V, position: V, moves: Vec<String>, ply: Option<usize>) -> Self {
        Saved { format: SAVE_FORMAT, variant: variant.to_owned(), options, position, moves, ply }
    }
}

/// A save that is not a JSON object. serde would read an array as the fields in order (so
/// `[0, "5"]` was "format 0"); a save is an object.
pub(crate) fn not_an_object() -> ReadError {
    ReadError::Malformed("a saved game is a JSON object".to_owned())
}

/// A JSON value of a save as one reader sees it: a JS value in the browser, a `serde_json`
/// value natively.
pub(crate) trait Value: Default {
    /// Whether the value is absent (`undefined` or `null`).
    fn is_absent(&self) -> bool;
    /// The options this value holds, or which one is wrong; absent means the defaults.
    fn options(&self) -> Result<Options, ReadError>;
    /// The set-up start this value holds (it is not absent).
    fn start(self) -> Result<StartView, ReadError>;
    /// The value of `options`.
    fn of_options(options: &Options) -> Self;
    /// The value of a set-up start.
    fn of_start(start: &StartView) -> Self;
}

/// A start position other than the game's own layout: counts per pit (C-1 order), captured
/// seeds, and the player to move.
#[derive(Debug, Clone, Serialize, Deserialize, tsify::Tsify)]
pub(crate) struct StartView {
    board: Vec<u32>,
    stores: BySide<u32>,
    turn: Side,
}

/// The start of `game`, when it is not the game's own layout (a set-up position).
pub(crate) fn set_up(game: &mancala_core::Game) -> Option<StartView> {
    let start = game.start();
    (*start != Position::new(start.variant(), *start.options())).then(|| {
        let Setup { board, stores, turn, .. } = start.to_setup();
        StartView { board, stores, turn }
    })
}

/// `game` as a save: game, options, a set-up start if any, every move (undone ones included)
/// and how many are played.
pub(crate) fn write<V: Value>(game: &mancala_core::Game) -> Saved<V> {
    let mut all = game.clone();
    all.jump(all.moves().len() + all.redoable());
    Saved::new(
        game.start().variant().id(),
        V::of_options(game.start().options()),
        set_up(game).map(|start| V::of_start(&start)).unwrap_or_default(),
        all.moves().iter().map(ToString::to_string).collect(),
        Some(game.moves().len()),
    )
}

/// The game a save holds, every move replayed and checked.
///
/// # Errors
/// A [`ReadError`]: a format this version does not read, an unknown game, a malformed option, a
/// set-up position that does not fit the game, a move that is not a legal move at its point in
/// the game (named by its number), or a ply beyond the last move.
pub(crate) fn read<V: Value>(saved: Saved<V>) -> Result<mancala_core::Game, ReadError> {
    if saved.format != SAVE_FORMAT {
        return Err(ReadError::Format(saved.format));
    }
    let variant = crate::parse_variant(&saved.variant)?;
    let options = saved.options.options()?;
    let start = if saved.position.is_absent() {
        Position::new(variant, options)
    } else {
        let StartView { board, stores, turn } = saved.position.start()?;
        let setup = Setup { variant, options, board, stores, turn, memory: mancala_core::Memory::default() };
        Position::from_setup(&setup).map_err(ReadError::Setup)?
    };
    let mut game = mancala_core::Game::new(start);
    for (i, text) in saved.moves.iter().enumerate() {
        let (number, text) = (i + 1, text.clone());
        let Ok(mv) = text.parse::<Move>() else { return Err(ReadError::NotAMove { number, text }) };
        game.play(mv).map_err(|why| ReadError::Illegal { number, text, why })?;
    }
    let ply = saved.ply.unwrap_or(saved.moves.len());
    if !game.jump(ply) {
        return Err(ReadError::Ply { ply, moves: saved.moves.len() });
    }
    Ok(game)
}

/// Natively, a save's values are `serde_json` values. Unlike the JS reader, a bad option is
/// reported with serde's words ([`ReadError::Options`]), not named alone.
#[cfg(not(target_arch = "wasm32"))]
impl Value for serde_json::Value {
    fn is_absent(&self) -> bool {
        self.is_null()
    }
    fn options(&self) -> Result<Options, ReadError> {
        if self.is_null() {
            return Ok(Options::default());
        }
        Options::deserialize(self).map_err(|e| ReadError::Options(e.to_string()))
    }
    fn start(self) -> Result<StartView, ReadError> {
        serde_json::from_value(self).map_err(|e| ReadError::Position(e.to_string()))
    }
    fn of_options(options: &Options) -> Self {
        serde_json::to_value(options).unwrap_or_default()
    }
    fn of_start(start: &StartView) -> Self {
        serde_json::to_value(start).unwrap_or_default()
    }
}

/// Reads a save natively, as [`crate::Game::load`] does in the browser, with `serde_json` in place
/// of `JSON.parse` and `serde-wasm-bindgen` (for tests and the fuzzer).
///
/// # Errors
/// A [`ReadError`], as [`read`] gives, or [`ReadError::NotJson`] / [`ReadError::Malformed`].
#[cfg(not(target_arch = "wasm32"))]
pub fn load_json(text: &str) -> Result<mancala_core::Game, ReadError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|_| ReadError::NotJson)?;
    if !value.is_object() {
        return Err(not_an_object());
    }
    let saved = Saved::<serde_json::Value>::deserialize(value).map_err(|e| ReadError::Malformed(e.to_string()))?;
    read(saved)
}

/// Writes a save natively, as [`crate::Game::save`] does in the browser (but for the order of the
/// options' keys, sorted here).
#[cfg(not(target_arch = "wasm32"))]
#[must_use]
pub fn save_json(game: &mancala_core::Game) -> String {
    serde_json::to_string(&write::<serde_json::Value>(game)).unwrap_or_default()
}
