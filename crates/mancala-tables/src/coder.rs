//! An adaptive binary range coder (the kind LZMA uses): each bit is coded with the probability
//! its context has learnt so far, so a bit that its context makes nearly certain costs a small
//! fraction of a bit. Small and without dependencies, for the worker's wasm.

/// Bits of a probability.
const BITS: u32 = 12;
/// The probability of a zero bit that a context starts with: one half.
const HALF: u16 = 1 << (BITS - 1);
/// How fast a context learns: it moves 1/2^SHIFT of the way towards each bit it sees.
const SHIFT: u32 = 4;
/// Below this the range is widened by a byte.
const TOP: u32 = 1 << 24;

/// The learnt probabilities of a set of contexts.
#[derive(Debug, Clone)]
pub(crate) struct Contexts(Vec<u16>);

impl Contexts {
    /// `n` contexts, each at one half.
    pub(crate) fn new(n: usize) -> Contexts {
        Contexts(vec![HALF; n])
    }

    /// Context `c`'s probability (scaled to `BITS`) of a zero, learning `bit`.
    fn learn(&mut self, c: usize, bit: bool) -> u32 {
        let p = &mut self.0[c];
        let before = u32::from(*p);
        if bit {
            *p -= *p >> SHIFT;
        } else {
            *p += ((1 << BITS) - *p) >> SHIFT;
        }
        before
    }
}

/// Writes bits into bytes.
#[derive(Debug, Default)]
pub(crate) struct Encoder {
    low: u64,
    range: u32,
    /// The last byte not yet written (a carry may still reach it) and the 0xFF bytes after it.
    cache: u8,
    pending: u64,
    out: Vec<u8>,
}

impl Encoder {
    pub(crate) fn new() -> Encoder {
        Encoder { range: u32::MAX, pending: 1, ..Encoder::default() }
    }

    /// Codes `bit` in context `c` of `contexts`.
    pub(crate) fn bit(&mut self, contexts: &mut Contexts, c: usize, bit: bool) {
        let bound = (self.range >> BITS) * contexts.learn(c, bit);
        if bit {
            self.low += u64::from(bound);
            self.range -= bound;
        } else {
            self.range = bound;
        }
        while self.range < TOP {
            self.range <<= 8;
            self.shift_low();
        }
    }

    fn shift_low(&mut self) {
        if self.low < 0xFF00_0000 || self.low >= 1 << 32 {
            let carry = (self.low >> 32) as u8;
            let mut byte = self.cache;
            while self.pending > 0 {
                self.out.push(byte.wrapping_add(carry));
                byte = 0xFF;
                self.pending -= 1;
            }
            self.cache = (self.low >> 24) as u8;
        }
        self.pending += 1;
        self.low = (self.low & 0x00FF_FFFF) << 8;
    }

    /// The bytes, every bit coded flushed into them.
    pub(crate) fn finish(mut self) -> Vec<u8> {
        for _ in 0..5 {
            self.shift_low();
        }
        // The first byte is always the initial cache, zero: drop it.
        self.out.remove(0);
        self.out
    }
}

/// Reads the bits an [`Encoder`] wrote; past the end it reads zero bytes (a truncated file
/// decodes to garbage that the checks after it refuse, never to a panic).
#[derive(Debug)]
pub(crate) struct Decoder<'a> {
    code: u32,
    range: u32,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Decoder<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Decoder<'a> {
        let mut d = Decoder { code: 0, range: u32::MAX, bytes, at: 0 };
        for _ in 0..4 {
            d.code = d.code << 8 | u32::from(d.next());
        }
        d
    }

    fn next(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// Whether the bytes read went past the end of the input (by more than the flush's slack).
    pub(crate) fn overran(&self) -> bool {
        self.at > self.bytes.len() + 4
    }

    /// The bit coded in context `c` of `contexts`.
    pub(crate) fn bit(&mut self, contexts: &mut Contexts, c: usize) -> bool {
        let p = u32::from(contexts.0[c]);
        let bound = (self.range >> BITS) * p;
        let bit = self.code >= bound;
        if bit {
            self.code -= bound;
            self.range -= bound;
        } else {
            self.range = bound;
        }
        contexts.learn(c, bit);
        while self.range < TOP {
            self.range <<= 8;
            self.code = self.code << 8 | u32::from(self.next());
        }
        bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bits in a few contexts, skewed and not, come back as they were coded, and the skewed
    /// ones cost far less than a bit each.
    #[test]
    fn round_trip() {
        let mut state = 12345u64;
        let mut bits = Vec::new();
        for i in 0..100_000 {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let c = i % 3;
            let bit = match c {
                0 => state >> 63 == 1,
                1 => (state >> 33).is_multiple_of(50),
                _ => true,
            };
            bits.push((c, bit));
        }
        let mut contexts = Contexts::new(3);
        let mut enc = Encoder::new();
        for &(c, bit) in &bits {
            enc.bit(&mut contexts, c, bit);
        }
        let bytes = enc.finish();
        // One third at a bit each, one third at about 0.15 bits, one third at almost nothing.
        assert!(bytes.len() < 100_000 / 8 * 4 / 10, "{} bytes", bytes.len());
        let mut contexts = Contexts::new(3);
        let mut dec = Decoder::new(&bytes);
        for &(c, bit) in &bits {
            assert_eq!(dec.bit(&mut contexts, c), bit);
        }
        assert!(!dec.overran());
    }
}
