//! The checks behind the fuzz targets, one module per target. Each module is also included by
//! path into the plain tests that replay the committed corpus (`cargo test --workspace`), so the
//! fuzzer and the tests run the same code.

pub mod json;
pub mod play;
pub mod save;
