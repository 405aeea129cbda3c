//! The wasm face in a real browser (headless Chromium): what the page sees.
#![cfg(target_arch = "wasm32")]

use mancala_wasm::{
    Game, letter_pit, levels, pit_letter, random_hidden, random_seed, ritual_chooser, ritual_seats, save_format,
    variants,
};
use serde::Deserialize;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct State {
    variant: String,
    board: Vec<u8>,
    stores: Stores,
    to_move: Option<String>,
    legal: Vec<u8>,
    can_split: bool,
    forced: Option<u8>,
    over: bool,
    end: Option<EndView>,
    ply: usize,
    moves: Vec<MoveView>,
}

#[derive(Debug, Deserialize, PartialEq)]
struct Stores {
    south: u8,
    north: u8,
}

#[derive(Debug, Deserialize)]
struct EndView {
    winner: Option<String>,
    reason: String,
}

#[derive(Debug, Deserialize)]
struct MoveView {
    /// A pit number, or "split".
    #[serde(rename = "move")]
    mv: serde_json::Value,
    side: String,
}

/// A trace step as the page reads it (fields are matched, not all read).
#[allow(dead_code)]
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum Step {
    Lift { pit: u8, seeds: u8, lap: u32 },
    Sow { pit: u8 },
    Capture { pit: u8, seeds: u8, to: String, kind: String },
    ExtraMove { side: String },
    Pass { side: String },
    End {},
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Preview {
    legal: bool,
    reason: Option<String>,
    forced: Option<u8>,
    trace: Option<Vec<Step>>,
    board: Vec<u8>,
}

/// The state with its `position`'s fields alongside the rest, as engine.js hands it to the page.
fn state(game: &Game) -> State {
    let raw: js_sys::Object = game.state().unwrap().into();
    let position: js_sys::Object = js_sys::Reflect::get(&raw, &"position".into()).unwrap().into();
    serde_wasm_bindgen::from_value(js_sys::Object::assign(&raw, &position).into()).unwrap()
}

/// The message of an error as the page's `catch` sees it.
fn message(err: impl Into<JsValue>) -> String {
    let value = err.into();
    js_sys::Reflect::get(&value, &"message".into()).unwrap().as_string().unwrap()
}

/// The `code` and `params` (as JSON) of an error, for the page's translations.
fn coded(err: impl Into<JsValue>) -> (String, String) {
    let value = err.into();
    let code = js_sys::Reflect::get(&value, &"code".into()).unwrap().as_string().unwrap();
    let params = js_sys::Reflect::get(&value, &"params".into()).unwrap();
    (code, js_sys::JSON::stringify(&params).unwrap().as_string().unwrap())
}

fn options(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

/// SQ-1, SQ-2: six per pit; any occupied pit of South's row is legal; South moves first (C-4).
#[wasm_bindgen_test]
fn a_new_game_is_a_plain_object() {
    let game = Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap();
    let s = state(&game);
    assert_eq!(s.variant, "sadeqa-iii");
    assert_eq!(s.board, vec![6; 16]);
    assert_eq!(s.stores, Stores { south: 0, north: 0 });
    assert_eq!(s.to_move.as_deref(), Some("south"));
    assert_eq!(s.legal, (0..8).collect::<Vec<u8>>());
    assert_eq!((s.over, s.ply, s.moves.len(), s.can_split), (false, 0, 0, false));
}

/// SQ-1 option and C-4 option, given as a JS object.
#[wasm_bindgen_test]
fn options_come_from_an_object() {
    let game = Game::new("sadeqa-iii", options(r#"{"sadeqaSeeds": "four", "first": "north"}"#)).unwrap();
    let s = state(&game);
    assert_eq!(s.board, vec![4; 16]);
    assert_eq!(s.to_move.as_deref(), Some("north"));
    assert_eq!(s.legal, (8..16).collect::<Vec<u8>>());
}

#[wasm_bindgen_test]
fn bad_games_and_options_are_named() {
    let err = Game::new("oware", JsValue::UNDEFINED).unwrap_err();
    assert_eq!(message(err), "unknown game \"oware\": choose mangala-iv, sadeqa-iii, al-manqala or anywoli");
    let err = Game::new("anywoli", options(r#"{"first": "west"}"#)).unwrap_err();
    assert_eq!(message(err.clone()), "bad game options: first cannot be \"west\"");
    assert_eq!(coded(err), ("bad-option".into(), r#"{"option":"first","value":"west"}"#.into()));
    let err = Game::load(
        r#"{"format": 1, "variant": "mangala-iv", "options": {"first": "north", "setup": {"random": "x"}}}"#,
    )
    .unwrap_err();
    assert_eq!(message(err.clone()), "bad game options: setup.random cannot be \"x\"");
    assert_eq!(coded(err), ("bad-option".into(), r#"{"option":"setup.random","value":"x"}"#.into()));
    let err = Game::new("anywoli", JsValue::from_str("west")).unwrap_err();
    assert!(message(err.clone()).starts_with("bad game options: invalid type: string \"west\""), "{}", message(err));
    assert_eq!(coded(err).0, "options");
    // serde's words for a number, written without Rust's float formatting (vendor/README.md).
    for (number, words) in [(2.5, "`2.5`"), (5.0, "`5.0`"), (-0.125, "`-0.125`")] {
        let err = Game::new("anywoli", JsValue::from_f64(number)).unwrap_err();
        let expected = format!("bad game options: invalid type: floating point {words}, expected ");
        assert!(message(err.clone()).starts_with(&expected), "{}", message(err));
    }
}

/// AM-2, AM-3: one lap from pit 0 (7 seeds) fills pits 1..=7; nothing makes 2 or 4 (AM-5).
#[wasm_bindgen_test]
fn play_returns_the_trace() {
    let mut game = Game::new("al-manqala", JsValue::UNDEFINED).unwrap();
    let trace: Vec<Step> = serde_wasm_bindgen::from_value(game.play("0").unwrap()).unwrap();
    assert_eq!(trace.len(), 8);
    assert!(matches!(trace[0], Step::Lift { pit: 0, seeds: 7, lap: 1 }));
    for (i, step) in trace[1..].iter().enumerate() {
        assert!(matches!(step, Step::Sow { pit } if usize::from(*pit) == i + 1), "{step:?}");
    }
    let s = state(&game);
    assert_eq!(s.board, vec![0, 8, 8, 8, 8, 8, 8, 8, 7, 7, 7, 7, 7, 7]);
    assert_eq!(s.to_move.as_deref(), Some("north"));
    assert_eq!((s.ply, s.moves.len(), s.moves[0].mv.clone(), s.moves[0].side.as_str()), (1, 1, 0.into(), "south"));
}

/// AW-4, AW-5 are in the trace as typed steps with kinds and receivers.
#[wasm_bindgen_test]
fn captures_are_traced_with_their_kind() {
    // Thirty moves of the leftmost legal pit: every capture names its kind and receiver.
    let mut game = Game::new("anywoli", JsValue::UNDEFINED).unwrap();
    let mut kinds = Vec::new();
    for _ in 0..30 {
        let s = state(&game);
        let Some(&pit) = s.legal.first() else { break };
        let trace: Vec<Step> = serde_wasm_bindgen::from_value(game.play(&pit.to_string()).unwrap()).unwrap();
        for step in trace {
            if let Step::Capture { kind, to, seeds, .. } = step {
                assert!(to == "south" || to == "north");
                assert!(seeds > 0);
                kinds.push(kind);
            }
        }
    }
    assert!(kinds.iter().all(|k| ["mid-sow", "final", "settle"].contains(&k.as_str())), "{kinds:?}");
    assert!(!kinds.is_empty());
}

#[wasm_bindgen_test]
fn illegal_moves_throw_the_engines_words() {
    let mut game = Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap();
    assert_eq!(message(game.play("9").unwrap_err()), "not your pit");
    assert_eq!(message(game.play("99").unwrap_err()), "there is no such pit on this board");
    assert_eq!(message(game.play("split").unwrap_err()), "only Al-manqala has the split");
    assert_eq!(message(game.play("x").unwrap_err()), "\"x\" is not a move: give a pit number or \"split\"");
    assert_eq!(state(&game).ply, 0);
}

/// MG-4: only the leftmost occupied pit may be sown; the preview says which.
#[wasm_bindgen_test]
fn preview_explains_a_forced_pit() {
    let game = Game::new("mangala-iv", JsValue::UNDEFINED).unwrap();
    let s = state(&game);
    assert_eq!((s.legal.clone(), s.forced), (vec![0], Some(0)));
    let p: Preview = serde_wasm_bindgen::from_value(game.preview("3").unwrap()).unwrap();
    assert_eq!((p.legal, p.reason.as_deref(), p.forced), (false, Some("forced"), Some(0)));
    assert!(p.trace.is_none());
    assert_eq!(p.board, vec![7; 14]);
    let p: Preview = serde_wasm_bindgen::from_value(game.preview("0").unwrap()).unwrap();
    assert!(p.legal);
    assert!(matches!(p.trace.as_deref(), Some([Step::Lift { pit: 0, seeds: 7, lap: 1 }, ..])));
    assert_ne!(p.board, vec![7; 14]);
    // The dry run left the game as it was.
    assert_eq!(state(&game).board, vec![7; 14]);
}

#[wasm_bindgen_test]
fn undo_redo_and_jump() {
    let mut game = Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap();
    game.play("2").unwrap();
    let first = state(&game);
    let north = first.legal[0];
    game.play(&north.to_string()).unwrap();
    assert!(game.undo());
    let s = state(&game);
    assert_eq!((s.ply, s.moves.len()), (1, 2));
    assert_eq!(s.board, first.board);
    assert!(game.redo());
    assert!(!game.redo());
    assert!(game.jump(0));
    assert_eq!(state(&game).board, vec![6; 16]);
    assert!(!game.jump(3));
    assert!(game.jump(2));
    assert_eq!(state(&game).ply, 2);
}

#[wasm_bindgen_test]
fn save_and_load_keep_everything() {
    let mut game = Game::new("mangala-iv", options(r#"{"setup": {"random": 12345}, "freeChoice": true}"#)).unwrap();
    let start = state(&game).board;
    assert_eq!(start.iter().map(|&s| u32::from(s)).sum::<u32>(), 98);
    assert_ne!(start, vec![7; 14]);
    let pit = state(&game).legal[1];
    game.play(&pit.to_string()).unwrap();
    let pit = state(&game).legal[0];
    game.play(&pit.to_string()).unwrap();
    game.undo();
    let text = game.save();
    let loaded = Game::load(&text).unwrap();
    let (a, b) = (state(&game), state(&loaded));
    assert_eq!((a.board, a.ply, a.moves.len()), (b.board, b.ply, b.moves.len()));
    assert_eq!(b.moves.len(), b.ply + 1);
    assert_eq!(loaded.save(), text);
}

#[wasm_bindgen_test]
fn load_rejects_bad_saves_with_clear_words() {
    let bad = |text: &str| message(Game::load(text).unwrap_err());
    assert_eq!(bad("{"), "the saved game is not valid JSON");
    // A save is an object: an array is not read as its fields in order (found by the save fuzzer).
    for text in [r#"[0,"5","9#","55"]"#, r#"[1,"anywoli"]"#, "7", r#""save""#, "null"] {
        assert_eq!(bad(text), "the saved game is malformed: a saved game is a JSON object", "{text}");
    }
    assert!(bad(r#"{"variant": "anywoli"}"#).starts_with("the saved game is malformed: "));
    assert_eq!(
        bad(r#"{"format": 2, "variant": "anywoli"}"#),
        "the saved game has format 2, but this version reads format 1"
    );
    assert!(bad(r#"{"format": 1, "variant": "chess"}"#).starts_with("unknown game \"chess\""));
    assert_eq!(
        bad(r#"{"format": 1, "variant": "sadeqa-iii", "moves": ["2", "3"]}"#),
        "move 2 (\"3\") cannot be played: not your pit"
    );
    assert_eq!(
        bad(r#"{"format": 1, "variant": "sadeqa-iii", "moves": ["2"], "ply": 5}"#),
        "the saved game is at move 5, but it has only 1 move"
    );
    assert_eq!(
        bad(r#"{"format": 1, "variant": "sadeqa-iii", "moves": ["2", "x"]}"#),
        "move 2 (\"x\") is not a move: give a pit number or \"split\""
    );
    // The page translates these from their code and details.
    let code = |text: &str| coded(Game::load(text).unwrap_err());
    assert_eq!(code("{"), ("not-json".into(), "{}".into()));
    assert_eq!(code(r#"{"format": 2, "variant": "anywoli"}"#), ("format".into(), r#"{"found":2,"reads":1}"#.into()));
    assert_eq!(code(r#"{"format": 1, "variant": "chess"}"#), ("unknown-game".into(), r#"{"name":"chess"}"#.into()));
    assert_eq!(
        code(r#"{"format": 1, "variant": "sadeqa-iii", "moves": ["2", "3"]}"#),
        ("illegal".into(), r#"{"number":2,"text":"3","why":"not-your-pit"}"#.into())
    );
    assert_eq!(
        code(r#"{"format": 1, "variant": "sadeqa-iii", "moves": ["2"], "ply": 5}"#),
        ("ply".into(), r#"{"ply":5,"n":1}"#.into())
    );
}

/// AM-9: the split is always available in Al-manqala and ends the game, dividing the board.
#[wasm_bindgen_test]
fn the_split_ends_al_manqala() {
    let mut game = Game::new("al-manqala", JsValue::UNDEFINED).unwrap();
    assert!(state(&game).can_split);
    let trace: Vec<Step> = serde_wasm_bindgen::from_value(game.play("split").unwrap()).unwrap();
    assert!(matches!(trace.last(), Some(Step::End {})));
    let s = state(&game);
    assert!(s.over);
    assert_eq!(s.stores, Stores { south: 49, north: 49 });
    let end = s.end.unwrap();
    assert_eq!((end.winner, end.reason.as_str()), (None, "split"));
    assert_eq!(s.to_move, None);
    assert!(!s.can_split);
}

/// MG-3: a right guess lets the guesser choose; the chooser takes a side.
#[wasm_bindgen_test]
fn the_ritual() {
    let role =
        |hidden, guess| serde_wasm_bindgen::from_value::<String>(ritual_chooser(hidden, guess).unwrap()).unwrap();
    assert_eq!(role(2, "even"), "guesser");
    assert_eq!(role(1, "odd"), "guesser");
    assert_eq!(role(1, "even"), "challenger");
    assert_eq!(message(ritual_chooser(3, "odd").unwrap_err()), "the challenger hides one or two counters");
    assert_eq!(message(ritual_chooser(1, "maybe").unwrap_err()), "a guess is \"odd\" or \"even\"");
    #[derive(Deserialize)]
    struct Seats {
        south: String,
        north: String,
    }
    let seats: Seats = serde_wasm_bindgen::from_value(ritual_seats("challenger", "north").unwrap()).unwrap();
    assert_eq!((seats.south.as_str(), seats.north.as_str()), ("guesser", "challenger"));
}

#[wasm_bindgen_test]
fn randomness_and_metadata() {
    for _ in 0..20 {
        assert!(random_seed().unwrap() < 1_000_000_000);
        assert!([1, 2].contains(&random_hidden().unwrap()));
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Info {
        id: String,
        pits_per_row: u8,
        seeds: u32,
        stores_on_board: bool,
    }
    let list: Vec<Info> = serde_wasm_bindgen::from_value(variants().unwrap()).unwrap();
    let facts: Vec<(&str, u8, u32, bool)> =
        list.iter().map(|v| (v.id.as_str(), v.pits_per_row, v.seeds, v.stores_on_board)).collect();
    assert_eq!(
        facts,
        [
            ("mangala-iv", 7, 98, false),
            ("sadeqa-iii", 8, 96, false),
            ("al-manqala", 7, 98, false),
            ("anywoli", 12, 96, true)
        ]
    );
}

/// The computer's levels as the chooser lists them (the worker plays them).
#[wasm_bindgen_test]
fn the_levels_weakest_first() {
    #[derive(Deserialize)]
    struct LevelJs {
        id: String,
        name: String,
    }
    let list: Vec<LevelJs> = serde_wasm_bindgen::from_value(levels().unwrap()).unwrap();
    let ids: Vec<&str> = list.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(ids, ["beginner", "easy", "medium", "hard", "expert"]);
    assert_eq!(list[4].name, "Expert");
}

/// AM-4 from a set-up position (C-1 order, stores, player to move): only a move that feeds
/// North is legal; the save keeps the position, and a position that does not fit is named:
/// the pit count (C-1), the seed total (C-7), Al-manqala's even stores (AM-5).
#[wasm_bindgen_test]
fn a_game_can_start_from_a_set_up_position() {
    let text = r#"{"format": 1, "variant": "al-manqala", "moves": ["6"],
        "position": {"board": [1,0,0,0,0,0,1,0,0,0,0,0,0,0], "stores": {"south": 48, "north": 48}, "turn": "south"}}"#;
    let game = Game::load(text).unwrap();
    let s = state(&game);
    assert_eq!(s.board, vec![1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.stores, Stores { south: 48, north: 48 });
    assert_eq!((s.to_move.as_deref(), s.legal.clone(), s.ply), (Some("north"), vec![7], 1));
    let saved: serde_json::Value = serde_json::from_str(&game.save()).unwrap();
    assert_eq!(
        saved["position"],
        serde_json::json!({"board": [1,0,0,0,0,0,1,0,0,0,0,0,0,0], "stores": {"south": 48, "north": 48}, "turn": "south"})
    );
    assert_eq!(Game::load(&game.save()).unwrap().save(), game.save());
    let start: serde_json::Value =
        serde_wasm_bindgen::from_value(js_sys::Reflect::get(&game.state().unwrap(), &"start".into()).unwrap()).unwrap();
    assert_eq!(start, saved["position"]);
    // The game's own layout saves no position.
    let fresh = Game::new("al-manqala", JsValue::UNDEFINED).unwrap();
    assert!(serde_json::from_str::<serde_json::Value>(&fresh.save()).unwrap().get("position").is_none());

    let at = |board: &str, stores: &str, moves: &str| {
        let text = format!(
            r#"{{"format": 1, "variant": "al-manqala", "moves": [{moves}], "position": {{"board": [{board}], "stores": {stores}, "turn": "south"}}}}"#
        );
        coded(Game::load(&text).unwrap_err())
    };
    let two = r#"{"south": 48, "north": 48}"#;
    assert_eq!(
        at("1,0,0,0,0,0,1,0,0,0,0,0,0,0", two, r#""0""#),
        ("illegal".into(), r#"{"number":1,"text":"0","why":"must-feed"}"#.into())
    );
    assert_eq!(at("1,0,0,0,0,0,1,0,0,0,0,0,0", two, ""), ("pit-count".into(), r#"{"expected":14,"found":13}"#.into()));
    assert_eq!(
        at("1,0,0,0,0,0,1,0,0,0,0,0,0,1", two, ""),
        ("seed-total".into(), r#"{"expected":98,"found":99}"#.into())
    );
    assert_eq!(
        at("1,0,0,0,0,0,1,0,0,0,0,0,0,0", r#"{"south": 47, "north": 49}"#, ""),
        ("odd-stores".into(), "{}".into())
    );
    assert_eq!(at("1,\"x\"", two, "").0, "position");
    assert_eq!(
        message(Game::load(&text.replace("48, \"north\": 48", "48, \"north\": 49")).unwrap_err()),
        "the position does not fit the game: this game has 98 seeds, but board and stores hold 99"
    );
}

/// The games as the page builds its chooser, links and texts from them: MG-3's ritual, AM-9's
/// split, C-6's third occurrence, and each game's options with their rules, values and defaults.
#[wasm_bindgen_test]
fn the_games_describe_their_options() {
    let list: serde_json::Value = serde_wasm_bindgen::from_value(variants().unwrap()).unwrap();
    let facts: Vec<(&str, bool, bool, u64)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (v["id"].as_str().unwrap(), v["ritual"] == true, v["split"] == true, v["repetition"].as_u64().unwrap())
        })
        .collect();
    assert_eq!(
        facts,
        [
            ("mangala-iv", true, false, 3),
            ("sadeqa-iii", false, false, 3),
            ("al-manqala", false, true, 3),
            ("anywoli", false, false, 3)
        ]
    );
    let keys = |i: usize| -> Vec<&str> {
        list[i]["options"].as_array().unwrap().iter().map(|o| o["key"].as_str().unwrap()).collect()
    };
    assert_eq!(keys(0), ["first", "setup", "freeChoice"]);
    assert_eq!(keys(1), ["first", "sadeqaSeeds"]);
    assert_eq!(keys(2), ["first"]);
    assert_eq!(keys(3), ["first", "lastFour", "lotSeed"]);
    assert_eq!(
        list[1]["options"][1],
        serde_json::json!({"key": "sadeqaSeeds", "rule": "SQ-1", "kind": "choice", "values": ["six", "four"], "default": "six"})
    );
    assert_eq!(
        list[3]["options"][2],
        serde_json::json!({"key": "lotSeed", "rule": "AW-7", "kind": "seed", "default": 0, "when": {"key": "lastFour", "value": "lot"}})
    );
    assert_eq!(
        list[0]["options"][2],
        serde_json::json!({"key": "freeChoice", "rule": "MG-4", "kind": "flag", "default": false})
    );
}

/// The move list's letters (South a…, North A…, each from its owner's left; C-1 numbering).
#[wasm_bindgen_test]
fn pit_letters_both_ways() {
    assert_eq!(
        (pit_letter(0, 7), pit_letter(6, 7), pit_letter(7, 7), pit_letter(23, 12)),
        ("a".into(), "g".into(), "A".into(), "L".into())
    );
    for n in [7, 8, 12] {
        for pit in 0..2 * n {
            assert_eq!(letter_pit(&pit_letter(pit, n), n).unwrap(), pit);
        }
    }
    assert_eq!(letter_pit("9", 8).unwrap(), 9);
    assert_eq!(message(letter_pit("I", 8).unwrap_err()), "\"I\" names no pit of this board");
    assert!(letter_pit("16", 8).is_err());
    assert!(letter_pit("split", 7).is_err());
}

/// A share link's game built by the wasm: letters, numbers as text or as numbers (as `state()`
/// lists moves), a ply, a set-up start; the save it writes is the one `Game.load` reads, and bad
/// moves are named as `load` names them.
#[wasm_bindgen_test]
fn replay_builds_a_linked_game() {
    let moves = |list: &[&str]| list.iter().map(|s| JsValue::from_str(s)).collect::<Vec<_>>();
    let mixed = vec![JsValue::from_str("c"), JsValue::from_str("A"), JsValue::from(1)];
    let game = Game::replay("sadeqa-iii", JsValue::UNDEFINED, mixed, Some(2), JsValue::UNDEFINED).unwrap();
    let s = state(&game);
    assert_eq!(
        (s.ply, s.moves.iter().map(|m| m.mv.clone()).collect::<Vec<_>>(), s.moves.len() > s.ply),
        (2, vec![2.into(), 8.into(), 1.into()], true)
    );
    let saved: serde_json::Value = serde_json::from_str(&game.save()).unwrap();
    assert_eq!(
        saved,
        serde_json::json!({"format": save_format(), "variant": "sadeqa-iii", "options": saved["options"].clone(), "moves": ["2", "8", "1"], "ply": 2})
    );
    let start =
        options(r#"{"board": [1,0,0,0,0,0,1,0,0,0,0,0,0,0], "stores": {"south": 48, "north": 48}, "turn": "south"}"#);
    let set_up = Game::replay("al-manqala", options(r#"{"first": "north"}"#), moves(&["g"]), None, start).unwrap();
    assert_eq!(state(&set_up).board, vec![1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
    assert_eq!(Game::load(&set_up.save()).unwrap().save(), set_up.save());
    let err = |variant: &str, list: &[&str]| {
        coded(Game::replay(variant, JsValue::UNDEFINED, moves(list), None, JsValue::UNDEFINED).unwrap_err())
    };
    assert_eq!(err("sadeqa-iii", &["c", "z"]), ("not-a-move".into(), r#"{"number":2,"text":"z"}"#.into()));
    assert_eq!(
        err("sadeqa-iii", &["c", "c"]),
        ("illegal".into(), r#"{"number":2,"text":"2","why":"not-your-pit"}"#.into())
    );
    assert_eq!(err("chess", &[]), ("unknown-game".into(), r#"{"name":"chess"}"#.into()));
    let number = |pit: f64| {
        coded(
            Game::replay("sadeqa-iii", JsValue::UNDEFINED, vec![JsValue::from(pit)], None, JsValue::UNDEFINED)
                .unwrap_err(),
        )
    };
    assert_eq!(number(16.0), ("illegal".into(), r#"{"number":1,"text":"16","why":"no-such-pit"}"#.into()));
    assert_eq!(number(300.0), ("not-a-move".into(), r#"{"number":1,"text":"300"}"#.into()));
    assert_eq!(number(2.5), ("not-a-move".into(), r#"{"number":1,"text":"2.5"}"#.into()));
    assert_eq!(save_format(), 1);
}
