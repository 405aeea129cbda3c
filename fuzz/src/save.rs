//! The `save` target's checks: the saved-game reader of the wasm face (`Game.load`), natively
//! (`mancala_wasm::load_json`: the same reading with `serde_json` in place of `JSON.parse`), fed
//! any text. It refuses with the right kind of error or gives a game that is legal at every step
//! and writes back to the same save.
//!
//! Shared, as a path module, by the fuzz target and the corpus replay
//! (`crates/mancala-wasm/tests/fuzz_corpus.rs`); it uses `mancala_core`, `mancala_wasm`,
//! `serde_json` and its sibling module `play`.

use mancala_core::Game;
use mancala_wasm::{ReadError, load_json, save_json};

use super::play::{check_position, total};

/// The target: the bytes as text (a JS string is always text).
pub fn run(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        check_save(text);
    }
}

/// Reads `text` as a save and checks the verdict; the game, if it reads.
pub fn check_save(text: &str) -> Option<Game> {
    let json: Option<serde_json::Value> = serde_json::from_str(text).ok();
    let game = match load_json(text) {
        Ok(game) => game,
        Err(err) => {
            check_refusal(&err, json.as_ref());
            return None;
        }
    };
    let json = json.expect("a save that reads is JSON");
    assert_eq!(json["format"], 1, "only format 1 reads");
    let moves = json["moves"].as_array().map_or(0, Vec::len);
    assert_eq!(game.moves().len() + game.redoable(), moves, "every move is kept");
    assert_eq!(game.moves().len(), json["ply"].as_u64().map_or(moves, |p| p as usize), "at the saved ply");
    let mut all = game.clone();
    all.jump(moves);
    for pos in all.positions() {
        assert_eq!(total(pos), pos.rules().seeds, "C-7 along the saved line");
    }
    check_position(game.start());
    check_position(game.position());
    check_rewrite(&game);
    Some(game)
}

/// A refusal fits the text: not JSON exactly when it is not, a format error naming the format.
fn check_refusal(err: &ReadError, json: Option<&serde_json::Value>) {
    assert!(!err.to_string().is_empty() && !err.code().is_empty());
    assert_eq!(json.is_none(), *err == ReadError::NotJson, "{err}");
    if let ReadError::Format(found) = err {
        assert_eq!(json.map(|v| &v["format"]), Some(&serde_json::Value::from(*found)));
        assert_ne!(*found, 1);
    }
    if let ReadError::NotAMove { number, .. } | ReadError::Illegal { number, .. } = err {
        let moves = json.and_then(|v| v["moves"].as_array()).map_or(0, Vec::len);
        assert!((1..=moves).contains(number), "move {number} of {moves}");
    }
}

/// The game written as a save reads back as the same game, and writes the same text again. A
/// set-up start that is already over reads back with its end recomputed from its settled board
/// (as `Position`'s serde does), so only its board, stores and outcome must be the same.
fn check_rewrite(game: &Game) {
    let text = save_json(game);
    let back = load_json(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    if game.start().is_over() {
        assert!(game.moves().is_empty() && back.moves().is_empty(), "a finished game takes no move");
        assert_eq!(back.start().to_setup(), game.start().to_setup());
        assert_eq!(back.start().outcome(), game.start().outcome());
    } else {
        assert_eq!(back, *game, "{text} reads back as the same game");
    }
    assert_eq!(save_json(&back), text, "a save read back writes the same text");
}
