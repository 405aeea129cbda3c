//! The `save` target: see fuzz/README.md and `mancala_fuzz::save`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mancala_fuzz::save::run(data));
