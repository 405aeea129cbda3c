//! The build tool's parts, as a library for `main.rs` and the benchmarks (`crates/mancala-bench`).

pub mod budgets;
pub mod dist;
pub mod fuzz;
pub mod serve;
pub mod single;
pub mod site;
pub mod suite;
pub mod tools;
pub mod util;
