//! SplitMix64: the small, replayable generator behind random setups (MG-2)
//! and the lot (AW-7), so that a numeric seed always gives the same result;
//! also the one the search, matches, benchmarks and tests draw from.

/// A reproducible stream of pseudo-random numbers; every seed works.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator for `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (Lemire's multiply-high; bias below 2⁻⁵⁸).
    pub fn below(&mut self, n: u64) -> u64 {
        let x = self.next_u64();
        // wasm has no 64-bit multiply-high: a 128-bit product is a call to a 128 × 128-bit
        // multiplication, a cost in every playout move. Small `n` (the pits to draw among) need
        // only two 64-bit products, which give the same number.
        #[cfg(target_arch = "wasm32")]
        if n >> 32 == 0 {
            return high_by_small(x, n);
        }
        ((u128::from(x) * u128::from(n)) >> 64) as u64
    }
}

/// The high 64 bits of `x × n` for `n` below 2³², from 32-bit halves of `x`: with
/// `x = a·2³² + b`, `⌊x·n / 2⁶⁴⌋ = ⌊(a·n + ⌊b·n / 2³²⌋) / 2³²⌋`, and that sum stays below 2⁶⁴.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
fn high_by_small(x: u64, n: u64) -> u64 {
    ((x >> 32) * n + (((x & 0xFFFF_FFFF) * n) >> 32)) >> 32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The multiply-high wasm uses for small ranges is the 128-bit product's, at the extremes and
    /// for a million random numbers.
    #[test]
    fn the_small_multiply_high_is_the_wide_one() {
        let mut rng = SplitMix64::new(11);
        let extremes = [0, 1, u64::MAX, u64::MAX - 1, 1 << 63, (1 << 32) - 1, 1 << 32];
        let xs = extremes.into_iter().chain((0..1_000_000).map(|_| rng.next_u64()));
        for (i, x) in xs.enumerate() {
            for n in [1, 2, 7, 12, 24, u64::from(u32::MAX), i as u64 % (1 << 32)] {
                assert_eq!(high_by_small(x, n), ((u128::from(x) * u128::from(n)) >> 64) as u64, "{x} {n}");
            }
        }
    }
}
