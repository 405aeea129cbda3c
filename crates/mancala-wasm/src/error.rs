//! Why a game cannot be started or read: a stable code with its details,
//! thrown to JS as an `Error` whose `message` is English and whose `code`
//! and `params` let the page say the same in the player's language
//! (`www/i18n/<lang>.json`, under `load`).

use core::fmt;

use mancala_core::{Options, PlayError, SetupError};
use wasm_bindgen::{JsCast, JsValue};

/// Why [`crate::Game::new`] or [`crate::Game::load`] refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The saved game is not JSON.
    NotJson,
    /// The saved game's JSON lacks a field or has one of the wrong kind.
    Malformed(String),
    /// A save format this version does not read.
    Format(u32),
    /// No game has this id.
    UnknownGame(String),
    /// This option cannot take this value (JSON text, or the bare string).
    BadOption { name: String, value: String },
    /// The options are not an object of options.
    Options(String),
    /// The set-up position lacks a field or has one of the wrong kind.
    Position(String),
    /// The set-up position does not fit the game.
    Setup(SetupError),
    /// The move numbered `number` (from 1) is not a move at all.
    NotAMove { number: usize, text: String },
    /// The move numbered `number` (from 1) is not legal at its point.
    Illegal { number: usize, text: String, why: PlayError },
    /// The save is at a move beyond its last.
    Ply { ply: usize, moves: usize },
}

impl ReadError {
    /// The stable id the page translates.
    pub fn code(&self) -> &'static str {
        match self {
            ReadError::NotJson => "not-json",
            ReadError::Malformed(_) => "malformed",
            ReadError::Format(_) => "format",
            ReadError::UnknownGame(_) => "unknown-game",
            ReadError::BadOption { .. } => "bad-option",
            ReadError::Options(_) => "options",
            ReadError::Position(_) => "position",
            ReadError::Setup(err) => err.id(),
            ReadError::NotAMove { .. } => "not-a-move",
            ReadError::Illegal { .. } => "illegal",
            ReadError::Ply { .. } => "ply",
        }
    }

    /// The details, as the placeholders of the page's strings.
    fn params(&self) -> Vec<(&'static str, JsValue)> {
        let text = |s: &str| JsValue::from_str(s);
        let number = |n: usize| JsValue::from_f64(n as f64);
        match self {
            ReadError::NotJson => vec![],
            ReadError::Malformed(detail) | ReadError::Options(detail) | ReadError::Position(detail) => {
                vec![("detail", text(detail))]
            }
            ReadError::Setup(SetupError::PitCount { expected, found }) => {
                vec![("expected", number(*expected)), ("found", number(*found))]
            }
            ReadError::Setup(SetupError::SeedTotal { expected, found }) => {
                vec![("expected", (*expected).into()), ("found", JsValue::from_f64(*found as f64))]
            }
            ReadError::Setup(SetupError::OddStores) => vec![],
            ReadError::Format(found) => vec![("found", (*found).into()), ("reads", crate::SAVE_FORMAT.into())],
            ReadError::UnknownGame(name) => vec![("name", text(name))],
            ReadError::BadOption { name, value } => vec![("option", text(name)), ("value", text(value))],
            ReadError::NotAMove { number: n, text: t } => vec![("number", number(*n)), ("text", text(t))],
            ReadError::Illegal { number: n, text: t, why } => {
                vec![("number", number(*n)), ("text", text(t)), ("why", text(why.id()))]
            }
            ReadError::Ply { ply, moves } => vec![("ply", number(*ply)), ("n", number(*moves))],
        }
    }

    /// The options in `value`, or which one is wrong. `undefined` and `null`
    /// are the defaults.
    pub fn options(value: &JsValue) -> Result<Options, ReadError> {
        if value.is_undefined() || value.is_null() {
            return Ok(Options::default());
        }
        let err = match serde_wasm_bindgen::from_value(value.clone()) {
            Ok(options) => return Ok(options),
            Err(err) => err,
        };
        // Name the first option that is wrong on its own.
        if value.is_object() {
            for entry in js_sys::Object::entries(value.unchecked_ref()).iter() {
                let pair: js_sys::Array = entry.unchecked_into();
                let (name, field) = (pair.get(0), pair.get(1));
                let alone = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&alone, &name, &field);
                if serde_wasm_bindgen::from_value::<Options>(alone.into()).is_ok() {
                    continue;
                }
                let mut name = name.as_string().unwrap_or_default();
                let mut field = field;
                // A random setup's number is the part that can be wrong.
                if name == "setup"
                    && field.is_object()
                    && let Ok(random) = js_sys::Reflect::get(&field, &"random".into())
                    && !random.is_undefined()
                {
                    name.push_str(".random");
                    field = random;
                }
                let value = field.as_string().unwrap_or_else(|| {
                    js_sys::JSON::stringify(&field).ok().and_then(|s| s.as_string()).unwrap_or_default()
                });
                return Err(ReadError::BadOption { name, value });
            }
        }
        Err(ReadError::Options(words(&err)))
    }
}

/// A deserialization error's message, without the "Error: " of its JS form.
pub fn words(err: &serde_wasm_bindgen::Error) -> String {
    let text = err.to_string();
    text.strip_prefix("Error: ").unwrap_or(&text).to_owned()
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotJson => f.write_str("the saved game is not valid JSON"),
            ReadError::Malformed(detail) => write!(f, "the saved game is malformed: {detail}"),
            ReadError::Format(found) => {
                write!(f, "the saved game has format {found}, but this version reads format {}", crate::SAVE_FORMAT)
            }
            ReadError::UnknownGame(name) => {
                write!(f, "unknown game \"{name}\": choose mangala-iv, sadeqa-iii, al-manqala or anywoli")
            }
            ReadError::BadOption { name, value } => write!(f, "bad game options: {name} cannot be \"{value}\""),
            ReadError::Options(detail) => write!(f, "bad game options: {detail}"),
            ReadError::Position(detail) => write!(f, "the position is malformed: {detail}"),
            ReadError::Setup(err) => write!(f, "the position does not fit the game: {err}"),
            ReadError::NotAMove { number, text } => {
                write!(f, "move {number} (\"{text}\") is not a move: give a pit number or \"split\"")
            }
            ReadError::Illegal { number, text, why } => write!(f, "move {number} (\"{text}\") cannot be played: {why}"),
            ReadError::Ply { ply, moves } => {
                write!(
                    f,
                    "the saved game is at move {ply}, but it has only {moves} move{}",
                    if *moves == 1 { "" } else { "s" }
                )
            }
        }
    }
}

impl From<ReadError> for JsValue {
    /// An `Error` with the English message, `code` and `params`.
    fn from(err: ReadError) -> JsValue {
        let error = js_sys::Error::new(&err.to_string());
        let params = js_sys::Object::new();
        for (key, value) in err.params() {
            let _ = js_sys::Reflect::set(&params, &key.into(), &value);
        }
        let _ = js_sys::Reflect::set(&error, &"code".into(), &err.code().into());
        let _ = js_sys::Reflect::set(&error, &"params".into(), &params);
        error.into()
    }
}
