//! The clock the search reads, injected by the caller: `std::time::Instant`
//! does not exist on `wasm32-unknown-unknown`, where the page passes
//! `performance.now()` instead.

/// Milliseconds from any fixed origin.
pub trait Clock {
    /// The time now, in milliseconds.
    fn now_ms(&mut self) -> f64;
}

impl<F: FnMut() -> f64> Clock for F {
    fn now_ms(&mut self) -> f64 {
        self()
    }
}

/// A clock that never advances: time limits never trigger, so only node and
/// depth budgets stop the search, and every result is reproducible.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&mut self) -> f64 {
        0.0
    }
}
