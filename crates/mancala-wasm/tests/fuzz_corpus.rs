//! The committed corpus of the `save` fuzz target (`fuzz/corpus/save`) replayed natively as a
//! plain test, with the target's own checks (`fuzz/src/save.rs`, included by path): the saved-game
//! reader of `Game.load`, as `mancala_wasm::load_json` reads it (see `fuzz/README.md`).
#![cfg(not(target_arch = "wasm32"))]

#[allow(dead_code)]
#[path = "../../../fuzz/src/play.rs"]
mod play;

#[allow(dead_code)]
#[path = "../../../fuzz/src/save.rs"]
mod save;

use std::path::PathBuf;

/// `fuzz/corpus/save/`.
fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/save")
}

/// Every save of the corpus reads, or is refused, as the fuzz target checks; the seeds (valid
/// saves of every game) read.
#[test]
fn save_corpus_reads_or_is_refused_cleanly() {
    let dir = corpus_dir();
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    assert!(!names.is_empty(), "{} is empty", dir.display());
    for path in names {
        eprintln!("{}", path.display());
        let data = std::fs::read(&path).unwrap();
        let seed = path.file_name().unwrap().to_string_lossy().starts_with("seed-");
        let read = std::str::from_utf8(&data).ok().and_then(save::check_save);
        assert!(read.is_some() || !seed, "a seed save reads");
    }
}

/// Writes the `save` target's seeds: a valid save of each sample game. Run by hand
/// (`cargo test -p mancala-wasm --test fuzz_corpus -- --ignored`) to renew them.
#[test]
#[ignore = "writes fuzz/corpus/save/seed-*"]
fn write_save_seeds() {
    for (i, game) in play::sample_games().iter().enumerate() {
        let name = format!("seed-{}-{i:02}.json", game.start().variant().id());
        std::fs::write(corpus_dir().join(name), mancala_wasm::save_json(game)).unwrap();
    }
}
