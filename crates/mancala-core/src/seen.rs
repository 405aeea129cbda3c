//! A table from placement hashes to a small number, for repetition (C-6): how often a placement
//! occurred on a line of play ([`Repetitions`]: random playouts, the search), or the last position
//! with it (a [`crate::Game`]'s line). Open addressing with linear probing, at most half full; a
//! count that falls to 0 leaves the table (backward-shift deletion), so a search that adds and
//! takes back millions of positions keeps it as small as its line; clearing bumps a stamp instead
//! of wiping the slots, so a playout's frequent clears cost nothing. Hashes are
//! [`crate::Position::placement_hash`]es, already mixed, so their low bits index it.

use crate::{Position, REPETITION_LIMIT};

/// How often each placement occurred on a line of play (C-6), for those who play lines without
/// keeping a [`crate::Game`]: random playouts and the search. Positions are told apart by their
/// [`Position::placement_hash`]. Adding and taking back allocate nothing once the table holds
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
    slots: Vec<Slot>,
    /// Slots with another stamp are empty.
    stamp: u32,
    len: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    hash: u64,
    stamp: u32,
    value: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen { slots: vec![Slot::default(); 64], stamp: 1, len: 0 }
    }
}

impl Seen {
    /// Room for `len` hashes without growing.
    pub(crate) fn with_capacity(len: usize) -> Seen {
        Seen { slots: vec![Slot::default(); (2 * len + 2).next_power_of_two().max(64)], stamp: 1, len: 0 }
    }

    /// Forgets every hash.
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The number kept for `hash`; 0 for a hash never set. Inlined: the search asks it of every
    /// child.
    #[inline]
    pub(crate) fn get(&self, hash: u64) -> u32 {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.stamp {
            if self.slots[i].hash == hash {
                return self.slots[i].value;
            }
            i = (i + 1) & mask;
        }
        0
    }

    /// The number kept for `hash`, to change; a new hash starts at 0. Inlined: playouts count
    /// every position.
    #[inline]
    pub(crate) fn value(&mut self, hash: u64) -> &mut u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.stamp && self.slots[i].hash != hash {
            i = (i + 1) & mask;
        }
        if self.slots[i].stamp != self.stamp {
            self.slots[i] = Slot { hash, stamp: self.stamp, value: 0 };
            self.len += 1;
        }
        &mut self.slots[i].value
    }

    /// Counts one more occurrence of `hash` and returns how many there have been.
    #[inline]
    pub(crate) fn add(&mut self, hash: u64) -> u32 {
        let count = self.value(hash);
        *count += 1;
        *count
    }

    /// Takes back one occurrence of `hash`; at 0 the hash leaves the table.
    pub(crate) fn forget(&mut self, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.stamp {
            if self.slots[i].hash == hash {
                self.slots[i].value = self.slots[i].value.saturating_sub(1);
                if self.slots[i].value == 0 {
                    self.remove(i);
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Empties slot `hole`, moving back the later slots of its run that would no longer be
    /// found (backward-shift deletion: no tombstones).
    fn remove(&mut self, mut hole: usize) {
        let mask = self.slots.len() - 1;
        let mut j = hole;
        loop {
            j = (j + 1) & mask;
            if self.slots[j].stamp != self.stamp {
                break;
            }
            let home = self.slots[j].hash as usize & mask;
            // Slot j may fill the hole unless its home lies cyclically in (hole, j].
            if (j.wrapping_sub(home) & mask) >= (j.wrapping_sub(hole) & mask) {
                self.slots[hole] = self.slots[j];
                hole = j;
            }
        }
        self.slots[hole].stamp = self.stamp.wrapping_sub(1);
        self.len -= 1;
    }

    /// Doubles the table, keeping the numbers: rare, so out of line.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let bigger = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        let (stamp, mask) = (self.stamp, self.slots.len() - 1);
        for slot in old.into_iter().filter(|s| s.stamp == stamp) {
            let mut i = slot.hash as usize & mask;
            while self.slots[i].stamp == stamp {
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
