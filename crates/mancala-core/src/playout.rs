//! Random playouts: the engine's benchmark, the same natively and in wasm.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::{Move, NoObserver, Position, SplitMix64};

/// Plays random games to their real end, each move drawn uniformly among the
/// legal ones ([`crate::Children::choose`]), repetition (C-6) included, counted
/// by placement hash since the last capture as [`crate::Game`] does but
/// without keeping positions. Reuse one for many games: it keeps its table.
#[derive(Debug, Default)]
pub struct Playouts {
    seen: HashMap<u64, u8, BuildHasherDefault<Prehashed>>,
}

/// The table's keys are [`Position::placement_hash`]es, already mixed: used as they are.
#[derive(Debug, Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.0 = self.0.rotate_left(8) ^ u64::from(b));
    }
    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

impl Playouts {
    /// Plays one game from `start`, choosing uniformly among the legal moves,
    /// and calls `each` with every position and the move chosen there.
    /// Returns the number of moves.
    pub fn play(&mut self, start: Position, rng: &mut SplitMix64, mut each: impl FnMut(&Position, Move)) -> u64 {
        let mut pos = start;
        self.seen.clear();
        self.seen.insert(pos.placement_hash(), 1);
        let mut moves = 0;
        while !pos.is_over() {
            // C-8 leaves the player to move a legal move: `None` is not reached.
            let Some((m, next)) = pos.children().choose(rng) else { break };
            each(&pos, m);
            let stores = pos.stores();
            pos = next;
            moves += 1;
            if pos.stores() != stores {
                self.seen.clear();
            }
            let count = self.seen.entry(pos.placement_hash()).or_insert(0);
            *count += 1;
            if *count >= 3 {
                pos.end_by_repetition(&mut NoObserver);
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, Variant};

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
