//! The worker's wasm in a real browser (headless Chromium): the computer player as the page's
//! worker asks it (`www/js/ai.worker.js`).
#![cfg(target_arch = "wasm32")]

use mancala_worker::{Computer, Game};
use serde::Deserialize;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// A move as the page reads it: a pit number or "split".
#[derive(Debug, Deserialize, PartialEq)]
#[serde(untagged)]
enum PageMove {
    Pit(u8),
    Split(String),
}

#[derive(Debug, Deserialize)]
struct Thought {
    #[serde(rename = "move")]
    mv: PageMove,
    pv: Vec<PageMove>,
}

#[derive(Debug, Deserialize)]
struct State {
    position: Legal,
}

#[derive(Debug, Deserialize)]
struct Legal {
    legal: Vec<u8>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase")]
struct Hint {
    pit: u8,
    score: Option<i32>,
    best: bool,
    exact: bool,
    pv: Vec<PageMove>,
    captures: u8,
    gives: u8,
    extra_move: bool,
    exposes: u8,
    illegal: Option<String>,
}

fn legal(game: &Game) -> Vec<u8> {
    serde_wasm_bindgen::from_value::<State>(game.state().unwrap()).unwrap().position.legal
}

fn message(err: impl Into<JsValue>) -> String {
    let value = err.into();
    js_sys::Reflect::get(&value, &"message".into()).unwrap().as_string().unwrap()
}

fn options(json: &str) -> JsValue {
    js_sys::JSON::parse(json).unwrap()
}

fn hints(ai: &mut Computer, game: &Game, level: &str) -> Vec<Hint> {
    serde_wasm_bindgen::from_value(ai.hints(game, level).unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn the_computer_plays_a_legal_move() {
    let mut ai = Computer::new();
    let mut game = Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap();
    for id in ["beginner", "medium"] {
        let t: Thought = serde_wasm_bindgen::from_value(ai.think(&game, id, 7).unwrap()).unwrap();
        let PageMove::Pit(pit) = t.mv else { panic!("{t:?}") };
        assert!(legal(&game).contains(&pit));
        assert_eq!(t.pv.first(), Some(&t.mv));
        game.play(&pit.to_string()).unwrap();
    }
    assert_eq!(
        message(ai.think(&game, "grandmaster", 1).unwrap_err()).split(':').next(),
        Some("unknown level \"grandmaster\"")
    );
    let split = Game::new("al-manqala", JsValue::UNDEFINED).unwrap();
    let _: Thought = serde_wasm_bindgen::from_value(ai.think(&split, "easy", 1).unwrap()).unwrap();
}

/// MG-9: with seven per pit and forced play, the first mover wins; the computer takes South.
#[wasm_bindgen_test]
fn the_computer_chooses_the_winning_side_in_the_ritual() {
    let mut ai = Computer::new();
    let game = Game::new("mangala-iv", JsValue::UNDEFINED).unwrap();
    assert_eq!(ai.choose_side(&game, "easy").unwrap(), "south");
    let game = Game::new("mangala-iv", options(r#"{"first": "north"}"#)).unwrap();
    assert_eq!(ai.choose_side(&game, "easy").unwrap(), "north");
    // AM-9: only Al-manqala has a split to weigh.
    let sadeqa = Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap();
    assert!(!ai.accepts_split(&sadeqa, "south", "easy").unwrap());
}

/// AM-4: North's row is empty, so of South's two seeds only pit 6's feeds North; pit 0's sows
/// within South's row (`must-feed`), pits 1–5 are empty. Two seeds: the search sees every line
/// to its end, so the one legal move's score is exact.
#[wasm_bindgen_test]
fn hints_name_every_pit_of_the_mover() {
    let text = r#"{"format": 1, "variant": "al-manqala", "moves": [],
        "position": {"board": [1,0,0,0,0,0,1,0,0,0,0,0,0,0], "stores": {"south": 48, "north": 48}, "turn": "south"}}"#;
    let game = Game::load(text).unwrap();
    let mut ai = Computer::new();
    let list = hints(&mut ai, &game, "hard");
    assert_eq!(list.iter().map(|h| h.pit).collect::<Vec<_>>(), (0..7).collect::<Vec<u8>>());
    let why: Vec<Option<&str>> = list.iter().map(|h| h.illegal.as_deref()).collect();
    let empty = Some("empty-pit");
    assert_eq!(why, [Some("must-feed"), empty, empty, empty, empty, empty, None]);
    let feed = &list[6];
    assert!(feed.best && feed.exact && feed.score.is_some(), "{feed:?}");
    assert_eq!((feed.captures, feed.gives, feed.extra_move), (0, 0, false));
    assert_eq!(feed.pv.first(), Some(&PageMove::Pit(6)));
    assert!(list[..6].iter().all(|h| h.score.is_none() && !h.best && h.pv.is_empty()));
}

/// MG-4: with forced play only the leftmost sowable pit may be sown; hints say so of the others.
#[wasm_bindgen_test]
fn hints_under_forced_play_point_to_the_forced_pit() {
    let game = Game::new("mangala-iv", JsValue::UNDEFINED).unwrap();
    let mut ai = Computer::new();
    let list = hints(&mut ai, &game, "easy");
    let scored: Vec<u8> = list.iter().filter(|h| h.score.is_some()).map(|h| h.pit).collect();
    assert_eq!(scored, legal(&game));
    assert_eq!(scored.len(), 1);
    assert!(list.iter().filter(|h| h.score.is_none()).all(|h| h.illegal.as_deref() == Some("forced")));
    assert!(message(ai.hints(&game, "grandmaster").unwrap_err()).starts_with("unknown level"));
}

/// Issue 11 §3, AN-1, SQ-5: within the worker's endgame tables (built on first need) the hint is
/// exact. South's one seed sows into North's empty pit 8; North moves it on and, South having no
/// move, takes it (SQ-5): one seed net to North, so South wins 49–47 by two.
#[wasm_bindgen_test]
fn hints_in_an_endgame_are_exact_from_the_tables() {
    let text = r#"{"format": 1, "variant": "sadeqa-iii", "moves": [],
        "position": {"board": [0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0], "stores": {"south": 49, "north": 46}, "turn": "south"}}"#;
    let game = Game::load(text).unwrap();
    let mut ai = Computer::new();
    let list = hints(&mut ai, &game, "hard");
    let sown = &list[7];
    assert_eq!((sown.pit, sown.score, sown.best, sown.exact), (7, Some(100_000 + 2 * 100), true, true), "{sown:?}");
    assert!(list[..7].iter().all(|h| h.illegal.as_deref() == Some("empty-pit")));
    let t: Thought = serde_wasm_bindgen::from_value(ai.think(&game, "expert", 1).unwrap()).unwrap();
    assert_eq!(t.mv, PageMove::Pit(7));
}

/// Issue 11 §1, AN-1, SQ-5: the worker names the shipped file for a position its quick tables
/// (Sadeqa III ≤ 7 seeds) do not hold and the file does (≤ 10; none past it, nor for forced
/// Mangala IV, MG-4), decodes a tables file in the browser, and then its hint is exact from it; a
/// damaged file is refused in words and the search goes on without it.
#[wasm_bindgen_test]
fn a_tables_file_is_decoded_and_used() {
    let save = |board: &str, stores: &str| {
        let text = format!(
            r#"{{"format": 1, "variant": "sadeqa-iii", "moves": [],
            "position": {{"board": [{board}], "stores": {{{stores}}}, "turn": "south"}}}}"#
        );
        Game::load(&text).unwrap()
    };
    let one = save("0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0", r#""south": 49, "north": 46"#);
    let nine = save("1,1,1,0,0,1,1,0,0,1,0,0,1,1,1,0", r#""south": 43, "north": 44"#);
    let mut ai = Computer::new();
    assert_eq!(ai.tables_file(&nine).as_deref(), Some("sadeqa-iii.bin"));
    assert_eq!(ai.tables_file(&one), None, "the quick tables hold it");
    assert_eq!(ai.tables_file(&Game::new("sadeqa-iii", JsValue::UNDEFINED).unwrap()), None);
    assert_eq!(ai.tables_file(&Game::new("mangala-iv", JsValue::UNDEFINED).unwrap()), None);
    let bytes = mancala_tables::Tables::build(mancala_core::Variant::Sadeqa, mancala_core::Options::default(), 3)
        .to_file()
        .unwrap();
    let mut bad = bytes.clone();
    bad[40] ^= 1;
    assert_eq!(message(ai.use_tables_file(&bad, 1).unwrap_err()), "the tables file is damaged (checksum)");
    assert_eq!(message(ai.use_tables_file(b"not a tables file", 1).unwrap_err()), "not an endgame tables file");
    ai.use_tables_file(&bytes, 1).unwrap();
    let sown = &hints(&mut ai, &one, "hard")[7];
    assert_eq!((sown.pit, sown.score, sown.exact), (7, Some(100_000 + 2 * 100), true), "{sown:?}");
}
