//! Random playouts: the engine's benchmark, the same natively and in wasm.

use crate::{Move, NoObserver, Position, REPETITION_LIMIT, SplitMix64};

/// Plays random games to their real end, each move drawn uniformly among the
/// legal ones ([`crate::Children::choose`]), repetition (C-6) included, counted
/// by placement hash since the last capture as [`crate::Game`] does but
/// without keeping positions. Reuse one for many games: it keeps its table.
#[derive(Debug, Default)]
pub struct Playouts {
    seen: Seen,
}

/// How often each placement hash occurred since the last capture: a table with open addressing
/// (linear probing, at most half full). Clearing bumps a stamp instead of wiping the slots, so
/// the table keeps its size without costing it at every capture.
#[derive(Debug)]
struct Seen {
    slots: Vec<Slot>,
    /// Slots with another stamp are empty.
    stamp: u32,
    len: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    hash: u64,
    stamp: u32,
    count: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen { slots: vec![Slot::default(); 64], stamp: 1, len: 0 }
    }
}

impl Seen {
    /// Forgets every placement.
    fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// Counts one more occurrence of `hash` ([`Position::placement_hash`], already mixed, so
    /// its low bits index the table) and returns how many there have been.
    fn add(&mut self, hash: u64) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                *slot = Slot { hash, stamp: self.stamp, count: 1 };
                self.len += 1;
                return 1;
            }
            if slot.hash == hash {
                slot.count += 1;
                return slot.count;
            }
            i = (i + 1) & mask;
        }
    }

    /// Takes back one occurrence of `hash`, counted last.
    fn forget(&mut self, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i].stamp == self.stamp {
            if self.slots[i].hash == hash {
                self.slots[i].count -= 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping the counts.
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

impl Playouts {
    /// Plays one game from `start`, choosing uniformly among the legal moves,
    /// and calls `each` with every position and the move chosen there.
    /// Returns the number of moves.
    pub fn play(&mut self, start: Position, rng: &mut SplitMix64, mut each: impl FnMut(&Position, Move)) -> u64 {
        let (mut pos, mut next) = (start, start);
        self.seen.clear();
        self.count(&mut pos);
        let mut moves = 0;
        while !pos.is_over() {
            // The positions after moves are made without proving that the next player can move
            // (C-8): drawing their move proves it, and sows it.
            let Some(m) = pos.children().draw(rng, false, &mut next) else {
                // Every pit they may sow is endless (C-5): no legal move after all.
                self.seen.forget(pos.placement_hash());
                pos.no_legal_move();
                self.count(&mut pos);
                continue;
            };
            each(&pos, m);
            let stores = pos.stores();
            pos = next;
            moves += 1;
            if pos.stores() != stores {
                self.seen.clear();
            }
            self.count(&mut pos);
        }
        moves
    }

    /// Counts `pos` (C-6) and ends the game at its third occurrence, once it is sure the player
    /// to move can move there (else C-8's pass or end comes first, and its position counts).
    fn count(&mut self, pos: &mut Position) {
        while !pos.is_over() && self.seen.add(pos.placement_hash()) >= u32::from(REPETITION_LIMIT) {
            if pos.proves_move() {
                pos.end_by_repetition(&mut NoObserver);
                return;
            }
            self.seen.forget(pos.placement_hash());
            pos.no_legal_move();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Variant};

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
        seen.clear();
        assert_eq!(seen.add(hashes[0]), 1);
        assert_eq!(seen.add(64), 1);
        assert_eq!(seen.add(0), 1); // a clash of low bits probes on
        assert_eq!(seen.add(64), 2);
        seen.forget(64);
        assert_eq!(seen.add(64), 2);
        assert_eq!(seen.add(0), 2);
    }

    /// Every move a playout chooses is legal (C-5 included: endless pits are drawn and
    /// rejected), and every game ends.
    #[test]
    fn playouts_choose_legal_moves() {
        let mut playouts = Playouts::default();
        let mut rng = SplitMix64::new(7);
        for variant in Variant::ALL {
            for free_choice in [false, true] {
                let start = Position::new(variant, Options { free_choice, ..Options::default() });
                for _ in 0..20 {
                    let mut seen = 0;
                    let moves = playouts.play(start, &mut rng, |pos, m| {
                        assert!(pos.is_legal(m), "{variant:?}: {m} is not legal in {pos:?}");
                        seen += 1;
                    });
                    assert_eq!(moves, seen);
                }
            }
        }
    }
}
