//! The wasm face of the Mancala Atlas engine: one opaque [`Game`] handle over
//! [`mancala_core::Game`], returning small copied values (plain JS objects
//! made with `serde-wasm-bindgen`), and a few free functions: the games'
//! metadata, the opening ritual of Mangala IV (MG-3) and random seeds.
//!
//! No rule lives here: legality, previews, traces and ends all come from
//! `mancala-core`; this crate only converts.

mod ai;
mod bench;
mod error;
mod save;

use mancala_core::ritual::{self, Parity, Role};
use mancala_core::{BySide, End, Move, Options, Outcome, PlayError, Position, Side, Trace, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

pub use ai::{Ai, levels};
pub use error::ReadError;
use save::{SAVE_FORMAT, Saved, StartView};
#[cfg(not(target_arch = "wasm32"))]
pub use save::{load_json, save_json};

/// The options each game reads (`shared/rules.md`), in the order the page
/// shows them.
fn option_names(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Mangala => &["first", "setup", "freeChoice"],
        Variant::Sadeqa => &["first", "sadeqaSeeds"],
        Variant::Manqala => &["first"],
        Variant::Anywoli => &["first", "lastFour", "lotSeed"],
    }
}

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
                    reason: Some(error_id(err)),
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

    /// A game from [`Game::save`]'s text, every move replayed and checked.
    ///
    /// # Errors
    /// A [`ReadError`]: text that is not JSON, a format this version does
    /// not read, an unknown game, a malformed option, a set-up position
    /// that does not fit the game, or a move that is not a legal move at its
    /// point in the game (named by its number).
    pub fn load(text: &str) -> Result<Game, ReadError> {
        let value = js_sys::JSON::parse(text).map_err(|_| ReadError::NotJson)?;
        let saved: Saved<Js> = from_js(value).map_err(|e| ReadError::Malformed(error::words(&e)))?;
        Ok(Game { game: save::read(saved)? })
    }
}

impl Game {
    /// The positions from the start to the current one (for the search).
    pub(crate) fn history(&self) -> &[Position] {
        self.game.positions()
    }

    /// The start position.
    pub(crate) fn start(&self) -> &Position {
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
            .map(|(mv, pair)| MoveView { mv: mv.to_string(), side: pair[0].turn(), stores: pair[1].stores() })
            .collect();
        let legal: Vec<u8> = pos.legal_moves().pits().to_vec();
        let forced = (pos.rules().forced_leftmost && legal.len() == 1).then(|| legal[0]);
        let seen = self.game.occurrences();
        State {
            variant: pos.variant().id(),
            options: *start.options(),
            pits_per_row: pos.rules().pits_per_row,
            seeds: pos.rules().seeds,
            stores_on_board: pos.rules().stores_on_board,
            board: pos.board().to_vec(),
            stores: pos.stores(),
            to_move: pos.to_move(),
            turn: pos.turn(),
            legal,
            can_split: !pos.is_over() && pos.is_legal(Move::Split),
            forced,
            over: pos.is_over(),
            end: pos.end().map(EndView::from),
            ply: played,
            moves: history,
            can_undo: played > 0,
            can_redo: self.game.redoable() > 0,
            seen,
            lot: (pos.variant() == Variant::Anywoli && start.options().last_four == mancala_core::LastFour::Lot)
                .then(|| pos.lot_draw()),
            start_board: start.board().to_vec(),
            start: save::set_up(&self.game),
        }
    }
}

/// The shape of [`Game::state`].
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct State {
    variant: &'static str,
    options: Options,
    pits_per_row: u8,
    /// Every seed of the game (C-7).
    seeds: u32,
    stores_on_board: bool,
    board: Vec<u8>,
    stores: BySide<u8>,
    /// Who moves next; `null` once over.
    to_move: Option<Side>,
    turn: Side,
    /// Pits the player to move may sow.
    legal: Vec<u8>,
    /// Whether the split (AM-9) may be proposed now.
    can_split: bool,
    /// The one pit the player must sow (MG-4), if play is forced.
    forced: Option<u8>,
    over: bool,
    end: Option<EndView>,
    /// Moves played up to this position.
    ply: usize,
    /// Every move, undone ones included.
    moves: Vec<MoveView>,
    can_undo: bool,
    can_redo: bool,
    /// How often this placement has occurred so far, this time included (C-6).
    seen: usize,
    /// The side Anywoli's lot gives the last four, when the lot decides (AW-7).
    lot: Option<Side>,
    start_board: Vec<u8>,
    /// The start, when the game began from a set-up position.
    start: Option<StartView>,
}

/// One move of the history: what was played, by whom, and the stores after.
#[derive(Debug, Serialize)]
struct MoveView {
    #[serde(rename = "move")]
    mv: String,
    side: Side,
    stores: BySide<u8>,
}

/// The end of a game, flat: `{ winner: "south" | "north" | null, reason }`.
#[derive(Debug, Serialize)]
struct EndView {
    winner: Option<Side>,
    reason: &'static str,
}

impl From<End> for EndView {
    fn from(end: End) -> EndView {
        EndView {
            winner: match end.outcome {
                Outcome::Win(side) => Some(side),
                Outcome::Draw => None,
            },
            reason: end.reason.id(),
        }
    }
}

/// The shape of [`Game::preview`].
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
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

/// The stable id of a [`PlayError`], for the page's translations.
fn error_id(err: PlayError) -> &'static str {
    match err {
        PlayError::GameOver => "game-over",
        PlayError::NoSuchPit => "no-such-pit",
        PlayError::NotYourPit => "not-your-pit",
        PlayError::EmptyPit => "empty-pit",
        PlayError::MustFeed => "must-feed",
        PlayError::Endless => "endless",
        PlayError::Forced(_) => "forced",
        PlayError::NoSplit => "no-split",
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

pub(crate) fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
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

/// One game's metadata for the chooser.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct VariantInfo {
    id: &'static str,
    name: &'static str,
    pits_per_row: u8,
    /// Seeds with the default options.
    seeds: u32,
    stores_on_board: bool,
    relay: bool,
    /// The option fields this game reads.
    options: &'static [&'static str],
}

/// The four games: `[{ id, name, pitsPerRow, seeds, storesOnBoard, relay,
/// options }]`, in the order to list them.
///
/// # Errors
/// Never in practice.
#[wasm_bindgen]
pub fn variants() -> Result<JsValue, JsError> {
    let list: Vec<VariantInfo> = Variant::ALL
        .into_iter()
        .map(|v| {
            let rules = v.rules(&Options::default());
            VariantInfo {
                id: v.id(),
                name: v.name(),
                pits_per_row: rules.pits_per_row,
                seeds: rules.seeds,
                stores_on_board: rules.stores_on_board,
                relay: rules.relay,
                options: option_names(v),
            }
        })
        .collect();
    to_js(&list)
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
