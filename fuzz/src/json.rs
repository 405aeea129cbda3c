//! The `json` target's checks: the core's serde reading of `Position`, `Setup`, `Options` and
//! `Move` from arbitrary bytes. What reads is legal and writes back to what reads the same.
//!
//! Shared, as a path module, by the fuzz target and the corpus replay
//! (`crates/mancala-core/tests/fuzz_corpus.rs`); it uses `mancala_core` (with its `serde` feature),
//! `serde`, `serde_json` and its sibling module `play`.

use mancala_core::{Move, Options, Position, Setup, Variant};

use super::play::{check_position, check_setup};

/// The target: every type read from the same bytes.
pub fn run(data: &[u8]) {
    check_position_json(data);
    if let Ok(options) = serde_json::from_slice::<Options>(data) {
        assert_eq!(reread(&options), options, "options round-trip");
        for variant in Variant::ALL {
            check_position(&Position::new(variant, options));
        }
    }
    if let Ok(m) = serde_json::from_slice::<Move>(data) {
        assert_eq!(reread(&m), m, "a move round-trips");
    }
}

/// Reads `data` as a [`Setup`] and as a [`Position`]: the position reads exactly when the setup
/// does and `from_setup` accepts it (its error then is the one reported), as `from_setup` makes
/// it; it is legal, and it writes back to a setup that reads the same.
pub fn check_position_json(data: &[u8]) {
    let setup = serde_json::from_slice::<Setup>(data);
    let read = serde_json::from_slice::<Position>(data);
    let pos = match (setup, read) {
        (Ok(setup), read) => {
            assert_eq!(reread(&setup), setup, "a setup round-trips");
            let made = check_setup(&setup);
            match (made, read) {
                (Some(made), Ok(pos)) => {
                    assert_eq!(pos, made, "reading is from_setup");
                    pos
                }
                (None, Err(err)) => {
                    let why = Position::from_setup(&setup).expect_err("refused");
                    assert!(err.to_string().contains(&why.to_string()), "{err} names {why}");
                    return;
                }
                (made, read) => panic!("from_setup gives {made:?} but reading gives {read:?}"),
            }
        }
        (Err(_), Ok(pos)) => panic!("a position read from what is no setup: {pos:?}"),
        (Err(_), Err(_)) => return,
    };
    check_round_trip(&pos);
}

/// A position written and read back is the same position, but for why a finished game ended:
/// its board is settled, and reading recomputes the end from what is left (`Position`'s docs).
/// Written and read once more, it stays as it is.
pub fn check_round_trip(pos: &Position) {
    let back: Position = reread(pos);
    assert_eq!(back.to_setup(), pos.to_setup(), "the same board, stores, turn and memory");
    assert_eq!(back.outcome(), pos.outcome(), "the same outcome");
    if !pos.is_over() {
        assert_eq!(back, *pos, "an unfinished position round-trips exactly");
    }
    assert_eq!(reread(&back), back, "a position read back is a fixed point");
}

/// `value` written as JSON and read back.
fn reread<T: serde::Serialize + serde::de::DeserializeOwned>(value: &T) -> T {
    let text = serde_json::to_vec(value).expect("every value writes");
    serde_json::from_slice(&text)
        .unwrap_or_else(|e| panic!("{} does not read back: {e}", String::from_utf8_lossy(&text)))
}
