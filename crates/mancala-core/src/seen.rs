//! A table from placement hashes to a small number, for repetition (C-6): how often a placement
//! occurred since the last capture (random playouts), or the last position with it (a
//! [`crate::Game`]'s line). Open addressing with linear probing, at most half full; clearing
//! bumps a stamp instead of wiping the slots, so a playout's frequent clears cost nothing.
//! Hashes are [`crate::Position::placement_hash`]es, already mixed, so their low bits index it.

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
    /// Forgets every hash.
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The number kept for `hash`; 0 for a hash never set.
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

    /// The number kept for `hash`, to change; a new hash starts at 0.
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
    pub(crate) fn add(&mut self, hash: u64) -> u32 {
        let count = self.value(hash);
        *count += 1;
        *count
    }

    /// Takes back one occurrence of `hash`, counted last.
    pub(crate) fn forget(&mut self, hash: u64) {
        let count = self.value(hash);
        *count = count.saturating_sub(1);
    }

    /// Doubles the table, keeping the numbers.
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
}
