//! The `play` target: see fuzz/README.md and `mancala_fuzz::play`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::play::run(data));
