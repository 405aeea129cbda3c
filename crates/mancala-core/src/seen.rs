//! A table from placement hashes to how often a placement occurred on a line of play, for
//! repetition (C-6): [`Repetitions`], for random playouts and the search. Open addressing with
//! linear probing, at most half full, a slot a word; a count that falls to 0 leaves the table
//! (backward-shift deletion), so a search that adds and takes back millions of positions keeps it
//! as small as its line; clearing bumps a stamp instead of wiping the slots (but every 255th
//! time), so a playout's frequent clears cost nothing. Hashes are
//! [`crate::Position::placement_hash`]es, already mixed, so their low bits index it; the table
//! tells them apart by 48 of their bits.

use crate::{Position, REPETITION_LIMIT};

/// How often each placement occurred on a line of play (C-6), for those who play lines without
/// keeping a [`crate::Game`]: random playouts and the search. Positions are told apart by 48 bits of
/// their [`Position::placement_hash`]. Adding and taking back allocate nothing once the table holds
/// the longest line (see [`Repetitions::with_capacity`]).
///
/// ```
/// use mancala_core::{Options, Position, Repetitions, Variant};
///
/// let start = Position::new(Variant::Sadeqa, Options::default());
/// let mut line = Repetitions::with_capacity(8);
/// assert_eq!((line.add(&start), line.add(&start)), (1, 2));
/// assert!(line.ends_game(&start)); // a third occurrence would end the game
/// line.forget(&start);
/// assert!(!line.ends_game(&start));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Repetitions {
    seen: Seen,
}

impl Repetitions {
    /// Room for a line of `positions` positions without growing.
    #[must_use]
    pub fn with_capacity(positions: usize) -> Repetitions {
        Repetitions { seen: Seen::with_capacity(positions) }
    }

    /// Forgets the whole line.
    pub fn clear(&mut self) {
        self.seen.clear();
    }

    /// Forgets the whole line and counts `pos` as its first position: what a capture does to
    /// C-6's counts (stores only grow, so no earlier position can repeat a later one), without
    /// a probe of the table it has just emptied.
    #[inline]
    pub fn restart(&mut self, pos: &Position) {
        self.seen.restart(pos.placement_hash());
    }

    /// Counts one more occurrence of `pos`; returns how many there have been.
    #[inline]
    pub fn add(&mut self, pos: &Position) -> u32 {
        self.seen.add(pos.placement_hash())
    }

    /// Takes back one occurrence of `pos`.
    #[inline]
    pub fn forget(&mut self, pos: &Position) {
        self.seen.forget(pos.placement_hash());
    }

    /// How often `pos` occurred.
    #[must_use]
    #[inline]
    pub fn count(&self, pos: &Position) -> u32 {
        self.seen.get(pos.placement_hash())
    }

    /// Whether one more occurrence of `pos` is the one that ends the game (C-6's third).
    #[must_use]
    #[inline]
    pub fn ends_game(&self, pos: &Position) -> bool {
        self.count(pos) + 1 >= u32::from(REPETITION_LIMIT)
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Seen {
    /// Each slot one word (8 bytes, so that a long line's table stays small in the cache):
    /// 48 bits of a hash (the low 40, its home slot among them, and the top 8), its stamp and its
    /// count a byte each in the 16 bits between.
    slots: Vec<u64>,
    /// Slots with another stamp are empty (0 never is one).
    stamp: u8,
    len: usize,
}

/// A slot's hash bits, its stamp and its count.
const HASH: u64 = !(0xFFFF << 40);
const STAMP: u64 = 0xFF << 40;
const COUNT: u64 = 0xFF << 48;
/// A count of one.
const ONE: u64 = 1 << 48;

impl Default for Seen {
    fn default() -> Seen {
        Seen::with_capacity(0)
    }
}

impl Seen {
    /// Room for `len` hashes without growing.
    pub(crate) fn with_capacity(len: usize) -> Seen {
        let size = (2 * len + 2).next_power_of_two().max(64);
        Seen { slots: vec![0; size], stamp: 1, len: 0 }
    }

    /// Forgets every hash.
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(0);
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// Forgets every hash but `hash`, counted once.
    #[inline(always)]
    pub(crate) fn restart(&mut self, hash: u64) {
        self.clear();
        let key = self.key(hash);
        let home = self.home(key);
        self.slots[home] = key | ONE;
        self.len = 1;
    }

    /// What the slot of `hash` holds but its count.
    fn key(&self, hash: u64) -> u64 {
        hash & HASH | u64::from(self.stamp) << 40
    }

    /// The slot where the probe for a hash (or the hash in a slot) starts.
    fn home(&self, hash: u64) -> usize {
        hash as usize & (self.slots.len() - 1)
    }

    /// Whether `slot` holds a hash (its stamp is the table's).
    fn live(&self, slot: u64) -> bool {
        (slot >> 40) as u8 == self.stamp
    }

    /// The slot of the hash whose [`Seen::key`] is `key` and true, or false and the empty slot
    /// where its probe ends (the table is at most half full, so there is one).
    #[inline(always)]
    fn find(&self, key: u64) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            // The slot's bits that differ from the key's: none but the count's in its own slot,
            // some of the stamp's in an empty one.
            let differ = self.slots[i] ^ key;
            if differ & STAMP != 0 {
                return (i, false);
            }
            if differ & !COUNT == 0 {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// The number kept for `hash`; 0 for a hash never counted. Inlined: the search asks it of
    /// every child.
    #[inline]
    pub(crate) fn get(&self, hash: u64) -> u32 {
        match self.find(self.key(hash)) {
            (i, true) => u32::from((self.slots[i] >> 48) as u8),
            (_, false) => 0,
        }
    }

    /// Counts one more occurrence of `hash` (up to 255) and returns how many there have been.
    /// Inlined: playouts count every position.
    #[inline(always)]
    pub(crate) fn add(&mut self, hash: u64) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let key = self.key(hash);
        let (i, found) = self.find(key);
        self.len += usize::from(!found);
        let count = (if found { u64::from((self.slots[i] >> 48) as u8) } else { 0 } + 1).min(0xFF);
        self.slots[i] = key | count << 48;
        count as u32
    }

    /// Takes back one occurrence of `hash`; at 0 the hash leaves the table.
    pub(crate) fn forget(&mut self, hash: u64) {
        if let (i, true) = self.find(self.key(hash)) {
            self.slots[i] -= ONE;
            if self.slots[i] & COUNT == 0 {
                self.remove(i);
            }
        }
    }

    /// Empties slot `hole`, moving back the later slots of its run that would no longer be
    /// found (backward-shift deletion: no tombstones).
    fn remove(&mut self, mut hole: usize) {
        let mask = self.slots.len() - 1;
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            if !self.live(self.slots[j]) {
                break;
            }
            let home = self.home(self.slots[j]);
            // Slot j may fill the hole unless its home lies cyclically in (hole, j].
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = self.slots[j];
                hole = j;
            }
        }
        self.slots[hole] = 0;
        self.len -= 1;
    }

    /// Doubles the table, keeping the numbers: rare, so out of line.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let bigger = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        let stamp = u64::from(self.stamp) << 40;
        for slot in old.into_iter().filter(|&s| s & STAMP == stamp) {
            let mut i = self.home(slot);
            while self.live(self.slots[i]) {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C-6's counts: each hash counted on its own, growing keeps the counts, clearing forgets them.
    #[test]
    fn the_table_counts_placements_until_cleared() {
        let mut seen = Seen::default();
        let hashes: Vec<u64> = (0..1000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1 << 63).collect();
        for &h in &hashes {
            assert_eq!(seen.add(h), 1);
        }
        assert_eq!(seen.add(hashes[0]), 2);
        assert_eq!(seen.add(hashes[999]), 2);
        assert_eq!(seen.add(hashes[0]), 3);
        assert!(seen.slots.len() >= 2000);
        assert_eq!((seen.get(hashes[0]), seen.get(hashes[1]), seen.get(5)), (3, 1, 0));
        seen.clear();
        assert_eq!(seen.add(hashes[0]), 1);
        assert_eq!(seen.add(64), 1);
        assert_eq!(seen.add(0), 1); // a clash of low bits probes on
        assert_eq!(seen.add(64), 2);
        seen.forget(64);
        assert_eq!(seen.add(64), 2);
        assert_eq!(seen.add(0), 2);
    }

    /// C-6's line restarted (as by a capture): every hash forgotten but the one counted once,
    /// and a hash of the same home slot probes past it.
    #[test]
    fn restarting_keeps_one_hash_counted_once() {
        let mut seen = Seen::default();
        for h in [1u64, 2, 3, 65, 2] {
            seen.add(h);
        }
        seen.restart(65);
        assert_eq!((seen.get(1), seen.get(2), seen.get(3), seen.get(65), seen.len), (0, 0, 0, 1, 1));
        assert_eq!(seen.add(65), 2);
        assert_eq!(seen.add(1), 1); // 1 and 65 share a home slot among 64
        assert_eq!((seen.get(1), seen.get(65), seen.len), (1, 2, 2));
    }

    /// A count that falls to 0 leaves the table, and every other hash of its run stays found.
    #[test]
    fn forgetting_to_zero_removes_and_keeps_the_rest() {
        let mut seen = Seen::with_capacity(16);
        let size = seen.slots.len() as u64;
        // Hashes sharing low bits (one long run, wrapping past the end) and others.
        let hashes: Vec<u64> = (0..12u64).map(|i| (size - 3) + (i % 3) + i * size).collect();
        for &h in &hashes {
            seen.add(h);
        }
        for (n, &h) in hashes.iter().enumerate() {
            seen.forget(h);
            assert_eq!(seen.get(h), 0, "{n}");
            assert_eq!(seen.len, hashes.len() - n - 1);
            assert!(hashes[n + 1..].iter().all(|&k| seen.get(k) == 1), "{n}");
        }
        // Millions of adds and take-backs keep the table at its size.
        for i in 0..1_000_000u64 {
            let h = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            seen.add(h);
            seen.forget(h);
        }
        assert_eq!((seen.len, seen.slots.len() as u64), (0, size));
    }
}
