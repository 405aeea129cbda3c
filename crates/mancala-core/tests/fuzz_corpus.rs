//! The committed fuzz corpus (`fuzz/corpus/play`, `fuzz/corpus/json`) replayed as plain tests,
//! with the fuzz targets' own checks (`fuzz/src/*.rs`, included by path): what the fuzzer once
//! reached, every `cargo test` reaches again, without a fuzzer (see `fuzz/README.md`).

#[allow(dead_code)]
#[path = "../../../fuzz/src/play.rs"]
mod play;

#[cfg(feature = "serde")]
#[allow(dead_code)]
#[path = "../../../fuzz/src/json.rs"]
mod json;

use std::path::PathBuf;

/// `fuzz/corpus/<target>/`.
fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus").join(target)
}

/// Every input of a target's corpus, in name order; it must not be empty.
fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir(target);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a corpus entry").path();
            let name = path.file_name().expect("a file name").to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        })
        .collect();
    inputs.sort();
    assert!(!inputs.is_empty(), "{} is empty", dir.display());
    inputs
}

/// Runs a target's checks over its corpus, naming the input that fails.
fn replay(target: &str, run: fn(&[u8])) {
    for (name, data) in corpus(target) {
        eprintln!("fuzz/corpus/{target}/{name}");
        run(&data);
    }
}

/// C-5, C-7, C-8, C-6 and MG-4 over the `play` corpus: setups from bytes, then moves.
#[test]
fn play_corpus_keeps_every_invariant() {
    replay("play", play::run);
}

/// The core's JSON over the `json` corpus: what reads is legal and round-trips.
#[cfg(feature = "serde")]
#[test]
fn json_corpus_reads_legal_positions_that_round_trip() {
    replay("json", json::run);
}

/// Writes the `json` target's seeds: positions, setups and options of sample games, in JSON.
/// Run by hand (`cargo test -p mancala-core --features serde --test fuzz_corpus -- --ignored`)
/// to renew them (`fuzz/README.md` says how the fuzzer's own finds join them).
#[cfg(feature = "serde")]
#[test]
#[ignore = "writes fuzz/corpus/json/seed-*"]
fn write_json_seeds() {
    let dir = corpus_dir("json");
    for (i, game) in play::sample_games().iter().enumerate() {
        let pos = game.position();
        let name = format!("seed-{}-{i:02}", pos.variant().id());
        let write = |suffix: &str, text: String| std::fs::write(dir.join(format!("{name}-{suffix}")), text).unwrap();
        write("position", serde_json::to_string(pos).unwrap());
        if i % 4 == 0 {
            write("setup", serde_json::to_string_pretty(&pos.to_setup()).unwrap());
            write("options", serde_json::to_string(pos.options()).unwrap());
        }
    }
}
