//! The wasm face.
