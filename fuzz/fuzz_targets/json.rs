//! The `json` target: see fuzz/README.md and `mancala_fuzz::json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::json::run(data));
