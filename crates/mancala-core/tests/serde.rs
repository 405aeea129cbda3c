//! The serde forms used by saves and the wasm face.
#![cfg(feature = "serde")]

use mancala_core::{Move, Options, Position, Step, Trace, Variant};

#[test]
fn options_use_camel_case_and_defaults() {
    let options: Options = serde_json::from_str(r#"{"first":"north","freeChoice":true,"setup":{"random":7}}"#).unwrap();
    assert_eq!(options.first, mancala_core::Side::North);
    assert!(options.free_choice);
    assert_eq!(options.setup, mancala_core::MangalaSetup::Random(7));
    assert_eq!(serde_json::from_str::<Options>("{}").unwrap(), Options::default());
    assert!(serde_json::from_str::<Options>(r#"{"lastFour":"coin"}"#).is_err());
}

#[test]
fn positions_round_trip_and_are_checked_when_read() {
    let pos = Position::new(Variant::Anywoli, Options::default()).play(Move::Sow(3)).unwrap();
    let text = serde_json::to_string(&pos).unwrap();
    let back: Position = serde_json::from_str(&text).unwrap();
    assert_eq!(back, pos);
    let broken = text.replacen("[5,5", "[6,5", 1);
    assert_ne!(broken, text);
    let err = serde_json::from_str::<Position>(&broken).unwrap_err();
    assert!(err.to_string().contains("this game has 96 seeds, but board and stores hold 97"), "{err}");
}

#[test]
fn trace_steps_are_tagged() {
    let mut trace = Trace::default();
    Position::new(Variant::Manqala, Options::default()).play_traced(Move::Sow(6), &mut trace).unwrap();
    let json = serde_json::to_value(&trace).unwrap();
    assert_eq!(json[0], serde_json::json!({"type": "lift", "pit": 6, "seeds": 7, "lap": 1}));
    assert_eq!(json[1], serde_json::json!({"type": "sow", "pit": 7}));
    assert_eq!(trace.0.len(), 8);
    assert!(matches!(trace.0[7], Step::Sow { pit: 13 }));
}

/// A move is its pit number (C-1) or the text "split" (AM-9), as the page and the CLI write it.
#[test]
fn moves_are_numbers_or_split() {
    assert_eq!(serde_json::to_string(&[Move::Sow(12), Move::Split]).unwrap(), r#"[12,"split"]"#);
    assert_eq!(
        serde_json::from_str::<Vec<Move>>(r#"[0, "split", 23]"#).unwrap(),
        [Move::Sow(0), Move::Split, Move::Sow(23)]
    );
    for bad in [r#""3""#, r#""Split""#, "-1", "256", r#"{"sow": 3}"#, "null"] {
        assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
    }
}
