//! The wasm face of the Mancala Atlas engine for the page: one opaque [`Game`] handle over
//! [`mancala_core::Game`], returning small copied values (plain JS objects
//! made with `serde-wasm-bindgen`), and a few free functions: the games'
//! metadata, the computer's levels, the opening ritual of Mangala IV (MG-3) and random seeds.
//! The search itself is not here: it runs in the page's worker, whose wasm (`mancala-worker`)
//! adds it to this crate, so the page's first load does not carry it.
//!
//! No rule lives here: legality, previews, traces and ends all come from
//! `mancala-core`; this crate only converts.

mod error;
mod save;

use mancala_ai::Level;
use mancala_core::ritual::{self, Parity, Role};
use mancala_core::{
    BySide, EndView, Move, Options, PlayError, Position, PositionView, Side, Trace, Variant, VariantInfo,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

pub use error::ReadError;
use save::{SAVE_FORMAT, Saved, StartView};
#[cfg(not(target_arch = "wasm32"))]
pub use save::{load_json, save_json};

/// A game in progress: its start, its moves, undo and redo.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Game {
    game: mancala_core::Game,
}

#[wasm_bindgen]
impl Game {
    /// A new game of `variant` (an id such as `"mangala-iv"`) with `options`
    /// (an object such as `{ first: "north", setup: { random: 7 } }`;
    /// missing fields take their defaults, `undefined` means all defaults).
    ///
    /// # Errors
    /// A [`ReadError`]: an unknown game id or a malformed option.
    #[wasm_bindgen(constructor)]
    pub fn new(variant: &str, options: JsValue) -> Result<Game, ReadError> {
        let variant = parse_variant(variant)?;
        let options = ReadError::options(&options)?;
        Ok(Game { game: mancala_core::Game::new(Position::new(variant, options)) })
    }

    /// The current position and history as a plain object (see `State`).
    ///
    /// # Errors
    /// Only if the value cannot be built, which does not happen.
    #[wasm_bindgen(unchecked_return_type = "State")]
    pub fn state(&self) -> Result<JsValue, JsError> {
        to_js(&self.view())
    }

    /// Plays `mv` (a pit number as text, or `"split"`) and returns its trace:
    /// an array of steps `{ type: "lift" | "sow" | "capture" | "extra-move" |
    /// "pass" | "end", … }`.
    ///
    /// # Errors
    /// A move that is not legal here, with the engine's readable reason
    /// ("not your pit", …); the game is unchanged.
    #[wasm_bindgen(unchecked_return_type = "Trace")]
    pub fn play(&mut self, mv: &str) -> Result<JsValue, JsError> {
        let mv = parse_move(mv)?;
        let mut trace = Trace::default();
        self.game.play_traced(mv, &mut trace).map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&trace)
    }

    /// A dry run of `mv` from the current position (see `Preview`): whether
    /// it is legal and why not, its trace and the position after it. The
    /// game is unchanged.
    ///
    /// # Errors
    /// Only if `mv` is not a move at all.
    #[wasm_bindgen(unchecked_return_type = "Preview")]
    pub fn preview(&self, mv: &str) -> Result<JsValue, JsError> {
        let mv = parse_move(mv)?;
        let mut probe = self.game.clone();
        let mut trace = Trace::default();
        let preview = match probe.play_traced(mv, &mut trace) {
            Ok(after) => Preview {
                legal: true,
                reason: None,
                message: None,
                forced: None,
                trace: Some(trace),
                board: after.board().to_vec(),
                stores: after.stores(),
                to_move: after.to_move(),
                end: after.end().map(EndView::from),
            },
            Err(err) => {
                let now = self.game.position();
                Preview {
                    legal: false,
                    reason: Some(err.id()),
                    message: Some(err.to_string()),
                    forced: match err {
                        PlayError::Forced(pit) => Some(pit),
                        _ => None,
                    },
                    trace: None,
                    board: now.board().to_vec(),
                    stores: now.stores(),
                    to_move: now.to_move(),
                    end: now.end().map(EndView::from),
                }
            }
        };
        to_js(&preview)
    }

    /// Mangala IV's ritual (MG-3) under forced play (MG-4): how the game from its start ends,
    /// played out (see `PositionView`), so each side choice's result is known; `null` unless play
    /// is forced.
    ///
    /// # Errors
    /// Only if the value cannot be built, which does not happen.
    #[wasm_bindgen(js_name = forcedEnd, unchecked_return_type = "PositionView | null")]
    pub fn forced_end(&self) -> Result<JsValue, JsError> {
        to_js(&ritual::forced_end(self.game.start()).as_ref().map(PositionView::from))
    }

    /// Steps back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Replays the next undone move; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.game.redo()
    }

    /// Shows the position after `ply` moves (0 is the start), keeping the
    /// later moves for redo; false if the game has fewer moves.
    pub fn jump(&mut self, ply: usize) -> bool {
        self.game.jump(ply)
    }

    /// The game as versioned JSON text: game, options, a set-up start if
    /// any, every move (undone ones included) and how many are played.
    pub fn save(&self) -> String {
        let saved: Saved<Js> = save::write(&self.game);
        // Every value above is a string or a small number, so both steps succeed.
        let value = serde_wasm_bindgen::Serializer::json_compatible().serialize_map_friendly(&saved);
        value.ok().and_then(|v| js_sys::JSON::stringify(&v).ok()).and_then(|s| s.as_string()).unwrap_or_default()
    }

    /// A game of `variant` with `options` (as [`Game::new`] takes them) from `start`
    /// (`undefined`: the game's own layout; else `{ board, stores: { south, north }, turn }`),
    /// `moves` (moves as `state()` lists them, or as a link writes them: pit numbers, letters as
    /// the move list shows them, or `split`) replayed and checked, and `ply` of them played
    /// (`undefined`: all). A share link's game, built here so that no JS writes the save format.
    ///
    /// # Errors
    /// The [`ReadError`] that [`Game::load`] gives for the same game.
    pub fn replay(
        variant: &str,
        options: JsValue,
        #[wasm_bindgen(unchecked_param_type = "(Move | string)[]")] moves: Vec<JsValue>,
        ply: Option<usize>,
        start: JsValue,
    ) -> Result<Game, ReadError> {
        let n = parse_variant(variant)?.pits_per_row();
        let moves = moves
            .into_iter()
            .enumerate()
            .map(|(i, value)| {
                // A number is a pit as `state()` gives it (written as JS writes it, so that the wasm
                // needs no float formatting); text is read as the notation.
                let text = match value.dyn_ref::<js_sys::Number>() {
                    Some(pit) => pit.to_string_with_radix(10).map(String::from).unwrap_or_default(),
                    None => value.as_string().unwrap_or_default(),
                };
                match Move::from_notation(&text, n) {
                    Ok(mv) => Ok(mv.to_string()),
                    Err(_) => Err(ReadError::NotAMove { number: i + 1, text }),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let saved = Saved::new(variant, Js(options), Js(start), moves, ply);
        Ok(Game { game: save::read(saved)? })
    }

    /// A game from [`Game::save`]'s text, every move replayed and checked.
    ///
    /// # Errors
    /// A [`ReadError`]: text that is not JSON, a format this version does
    /// not read, an unknown game, a malformed option, a set-up position
    /// that does not fit the game, or a move that is not a legal move at its
    /// point in the game (named by its number).
    pub fn load(text: &str) -> Result<Game, ReadError> {
        let value = js_sys::JSON::parse(text).map_err(|_| ReadError::NotJson)?;
        if !value.is_object() || js_sys::Array::is_array(&value) {
            return Err(save::not_an_object());
        }
        let saved: Saved<Js> = from_js(value).map_err(|e| ReadError::Malformed(error::words(&e)))?;
        Ok(Game { game: save::read(saved)? })
    }
}

impl Game {
    /// The positions from the start to the current one (for the search).
    #[must_use]
    pub fn history(&self) -> &[Position] {
        self.game.positions()
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        self.game.start()
    }

    fn view(&self) -> State {
        let pos = self.game.position();
        let start = self.game.start();
        let played = self.game.moves().len();
        let mut all = self.game.clone();
        all.jump(played + all.redoable());
        let history = all
            .moves()
            .iter()
            .zip(all.positions().windows(2))
            .map(|(&mv, pair)| MoveView { mv, side: pair[0].turn(), stores: pair[1].stores() })
            .collect();
        let position = PositionView::from(pos);
        let forced = (pos.rules().forced_leftmost && position.legal.len() == 1).then(|| position.legal[0]);
        let seen = self.game.occurrences();
        State {
            variant: pos.variant().id(),
            options: *start.options(),
            seeds: pos.rules().seeds,
            position,
            turn: pos.turn(),
            can_split: !pos.is_over() && pos.is_legal(Move::Split),
            forced,
            ply: played,
            moves: history,
            seen,
            lot: pos.lot(),
            start: save::set_up(&self.game),
        }
    }
}

/// The shape of [`Game::state`].
#[derive(Debug, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
struct State {
    variant: &'static str,
    options: Options,
    /// Every seed of the game (C-7).
    seeds: u32,
    /// Board, stores, who moves, legal pits and the end: the command line's view (nested, not
    /// flattened: serde's flatten costs the page 1.2 kB gzipped; engine.js spreads it).
    position: PositionView,
    turn: Side,
    /// Whether the split (AM-9) may be proposed now.
    can_split: bool,
    /// The one pit the player must sow (MG-4), if play is forced.
    forced: Option<u8>,
    /// Moves played up to this position.
    ply: usize,
    /// Every move, undone ones included.
    moves: Vec<MoveView>,
    /// How often this placement has occurred so far, this time included (C-6).
    seen: usize,
    /// The side Anywoli's lot gives the last four, when the lot decides (AW-7).
    lot: Option<Side>,
    /// The start, when the game began from a set-up position.
    start: Option<StartView>,
}

/// One move of the history: what was played, by whom, and the stores after.
#[derive(Debug, Serialize, tsify::Tsify)]
struct MoveView {
    #[serde(rename = "move")]
    mv: Move,
    side: Side,
    stores: BySide<u8>,
}

/// The shape of [`Game::preview`].
#[derive(Debug, Serialize, tsify::Tsify)]
#[serde(rename_all = "camelCase")]
#[tsify(missing_as_null)]
struct Preview {
    legal: bool,
    /// Why not, as an id: `not-your-pit`, `empty-pit`, `must-feed`,
    /// `endless`, `forced`, `game-over`, `no-such-pit`, `no-split`.
    reason: Option<&'static str>,
    /// Why not, in the engine's English.
    message: Option<String>,
    /// The pit that must be sown instead (MG-4).
    forced: Option<u8>,
    trace: Option<Trace>,
    /// The position after the move (the current one if illegal).
    board: Vec<u8>,
    stores: BySide<u8>,
    to_move: Option<Side>,
    end: Option<EndView>,
}

/// A JS value of a save (`undefined` when absent), kept as it is until the game is known.
#[derive(Debug, Serialize, Deserialize)]
#[serde(transparent)]
struct Js(#[serde(with = "serde_wasm_bindgen::preserve")] JsValue);

impl Default for Js {
    fn default() -> Js {
        Js(JsValue::UNDEFINED)
    }
}

impl save::Value for Js {
    fn is_absent(&self) -> bool {
        self.0.is_undefined() || self.0.is_null()
    }
    fn options(&self) -> Result<Options, ReadError> {
        ReadError::options(&self.0)
    }
    fn start(self) -> Result<StartView, ReadError> {
        from_js(self.0).map_err(|e| ReadError::Position(error::words(&e)))
    }
    fn of_options(options: &Options) -> Js {
        Js(to_js(options).unwrap_or(JsValue::UNDEFINED))
    }
    fn of_start(start: &StartView) -> Js {
        Js(to_js(start).unwrap_or(JsValue::UNDEFINED))
    }
}

fn parse_move(text: &str) -> Result<Move, JsError> {
    text.parse().map_err(|e| JsError::new(&format!("{e}")))
}

fn parse_variant(id: &str) -> Result<Variant, ReadError> {
    id.parse().map_err(|_| ReadError::UnknownGame(id.to_owned()))
}

fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, serde_wasm_bindgen::Error> {
    serde_wasm_bindgen::from_value(value)
}

/// `value` as a plain JS value, as every function of this crate (and the worker's) returns one:
/// JSON-compatible (objects, not `Map`s).
///
/// # Errors
/// A value serde cannot describe, which none of ours is.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::Serializer::json_compatible().serialize_map_friendly(value)
}

/// Serializing with a configured serializer, as a method.
trait SerializeWith {
    fn serialize_map_friendly<T: Serialize + ?Sized>(&self, value: &T) -> Result<JsValue, JsError>;
}

impl SerializeWith for serde_wasm_bindgen::Serializer {
    fn serialize_map_friendly<T: Serialize + ?Sized>(&self, value: &T) -> Result<JsValue, JsError> {
        value.serialize(self).map_err(|e| JsError::new(&e.to_string()))
    }
}

/// The four games, in the order to list them: `[{ id, name, pitsPerRow, seeds, storesOnBoard,
/// relay, ritual, split, repetition, options }]`, each option `{ key, rule, kind, values?,
/// default, when? }` ([`mancala_core::VariantInfo`]).
///
/// # Errors
/// Never in practice.
#[wasm_bindgen(unchecked_return_type = "VariantInfo[]")]
pub fn variants() -> Result<JsValue, JsError> {
    to_js(&VariantInfo::all())
}

/// The computer's levels, weakest first: `[{ id, name }]` (the worker plays them).
///
/// # Errors
/// Never in practice.
#[wasm_bindgen(unchecked_return_type = "{ id: string; name: string }[]")]
pub fn levels() -> Result<JsValue, JsError> {
    /// One level for the chooser.
    #[derive(Serialize)]
    struct LevelJs {
        id: &'static str,
        name: &'static str,
    }
    let list: Vec<LevelJs> = Level::ALL.iter().map(|l| LevelJs { id: l.id(), name: l.name() }).collect();
    to_js(&list)
}

/// The version of the save format that [`Game::save`] writes and [`Game::load`] reads.
#[wasm_bindgen(js_name = saveFormat)]
#[must_use]
pub fn save_format() -> u32 {
    SAVE_FORMAT
}

/// The letter of `pit` on a board of `pits_per_row` pits a row: South `a`, `b`, … and North
/// `A`, `B`, …, each from its owner's left (the move list's notation).
#[wasm_bindgen(js_name = pitLetter)]
#[must_use]
pub fn pit_letter(pit: u8, pits_per_row: u8) -> String {
    Move::Sow(pit).notation(pits_per_row)
}

/// The pit a letter (or a pit number) names on a board of `pits_per_row` pits a row.
///
/// # Errors
/// Text that names no pit of that board.
#[wasm_bindgen(js_name = letterPit)]
pub fn letter_pit(text: &str, pits_per_row: u8) -> Result<u8, JsError> {
    match Move::from_notation(text, pits_per_row) {
        Ok(Move::Sow(pit)) if pit < 2 * pits_per_row => Ok(pit),
        _ => Err(JsError::new(&format!("\"{text}\" names no pit of this board"))),
    }
}

/// MG-3: who decides the sides, `"challenger"` or `"guesser"`, when
/// `hidden` counters (1 or 2) were hidden and `guess` (`"odd"` or `"even"`)
/// was said.
///
/// # Errors
/// `hidden` not 1 or 2, or a guess that is neither odd nor even.
#[wasm_bindgen(js_name = ritualChooser)]
pub fn ritual_chooser(hidden: u8, guess: &str) -> Result<JsValue, JsError> {
    let guess: Parity =
        from_js(JsValue::from_str(guess)).map_err(|_| JsError::new("a guess is \"odd\" or \"even\""))?;
    let role =
        ritual::chooser(hidden, guess).ok_or_else(|| JsError::new("the challenger hides one or two counters"))?;
    to_js(&role)
}

/// MG-3: which role sits on each side, `{ south, north }`, once `chooser`
/// (`"challenger"` or `"guesser"`) has taken `side` (`"south"` or `"north"`).
///
/// # Errors
/// A role or side that is not one.
#[wasm_bindgen(js_name = ritualSeats)]
pub fn ritual_seats(chooser: &str, side: &str) -> Result<JsValue, JsError> {
    let chooser: Role =
        from_js(JsValue::from_str(chooser)).map_err(|_| JsError::new("a role is \"challenger\" or \"guesser\""))?;
    let side: Side = side.parse().map_err(|e| JsError::new(&format!("{e}")))?;
    to_js(&ritual::seats(chooser, side))
}

/// One or two counters, hidden by a computer challenger (MG-3).
///
/// # Errors
/// If the browser gives no randomness.
#[wasm_bindgen(js_name = randomHidden)]
pub fn random_hidden() -> Result<u8, JsError> {
    Ok(1 + (random_u64()? & 1) as u8)
}

/// A fresh seed for a random setup (MG-2) or a lot (AW-7), below 10⁹ so a
/// player can read, type and share it.
///
/// # Errors
/// If the browser gives no randomness.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed() -> Result<u32, JsError> {
    Ok((random_u64()? % 1_000_000_000) as u32)
}

fn random_u64() -> Result<u64, JsError> {
    getrandom::u64().map_err(|e| JsError::new(&format!("no randomness available: {e}")))
}
