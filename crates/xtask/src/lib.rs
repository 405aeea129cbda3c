//! The build tool's parts, as a library for `main.rs`, the benchmarks (`crates/mancala-bench`)
//! and the fuzz campaigns (`crates/mancala-fuzzing`).

pub mod budgets;
pub mod dist;
pub mod serve;
pub mod single;
pub mod suite;
pub mod tools;
pub mod util;
