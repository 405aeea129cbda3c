//! A small deterministic generator (xorshift64*) for the levels that choose
//! at random and for match openings: the same seed gives the same game.

/// A reproducible stream of pseudo-random numbers.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (every seed works, zero included).
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mixed = (seed ^ 0x6a09_e667_f3bc_c909).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Rng(mixed | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0 .. n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `-spread ..= spread`.
    pub fn spread(&mut self, spread: i32) -> i32 {
        let width = 2 * u64::from(spread.unsigned_abs()) + 1;
        self.below(width) as i32 - spread
    }
}
