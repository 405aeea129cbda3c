//! The transposition table's entries and keys.

use core::hash::{Hash, Hasher};

use mancala_core::Position;

/// What the search learnt of a position: its key, a score with its bound, the depth searched
/// and the best pit.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    pub pit: u8,
    pub flags: u8,
}

pub(crate) const LOWER: u8 = 1;
pub(crate) const UPPER: u8 = 2;
pub(crate) const EXACT: u8 = LOWER | UPPER;
/// The subtree reached the true end everywhere: the bound holds at any depth.
pub(crate) const PROVEN: u8 = 4;

/// The transposition-table key of a position: everything the future of the
/// game depends on (derived `Hash` of the whole position).
pub(crate) fn key_of(pos: &Position) -> u64 {
    let mut h = FastHasher(0);
    pos.hash(&mut h);
    h.finish()
}

/// The keys of one game's positions (one game, options and rules): [`key_of`]'s values, the
/// part of the hash that no move changes taken once (`Position::hash_play` hashes the rest).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Keys(u64);

impl Keys {
    /// The keys of the positions of `pos`'s game.
    pub(crate) fn of(pos: &Position) -> Keys {
        let mut h = FastHasher(0);
        (pos.variant(), pos.options(), pos.rules()).hash(&mut h);
        Keys(h.0)
    }

    /// The key of `pos`, a position of the game: `key_of(pos)`.
    pub(crate) fn key(self, pos: &Position) -> u64 {
        let mut h = FastHasher(self.0);
        pos.hash_play(&mut h);
        h.finish()
    }
}

/// A multiply-rotate hasher with a final mix, for table keys.
struct FastHasher(u64);

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{LastFour, Options, Playouts, SplitMix64, Variant};

    /// A game's keys are the whole positions' keys, along random games of every game.
    #[test]
    fn keys_of_a_game_are_the_keys_of_its_positions() {
        let mut playouts = Playouts::default();
        let mut rng = SplitMix64::new(4);
        let mut checked = 0;
        for variant in Variant::ALL {
            let options = Options { free_choice: true, last_four: LastFour::Lot, lot_seed: 3, ..Options::default() };
            let start = Position::new(variant, options);
            let keys = Keys::of(&start);
            for _ in 0..20 {
                playouts.play(start, &mut rng, |pos, _| {
                    assert_eq!(keys.key(pos), key_of(pos), "{pos:?}");
                    checked += 1;
                });
            }
        }
        assert!(checked > 5_000, "{checked}");
    }
}
