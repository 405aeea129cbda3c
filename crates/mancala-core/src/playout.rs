//! Random playouts: the engine's benchmark, the same natively and in wasm.

use std::collections::HashMap;

use crate::{Move, NoObserver, Position, SplitMix64};

/// Plays random games to their real end, repetition (C-6) included, counted
/// by placement hash since the last capture as [`crate::Game`] does but
/// without keeping positions. Reuse one for many games: it keeps its table.
#[derive(Debug, Default)]
pub struct Playouts {
    seen: HashMap<u64, u8>,
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
            let legal = pos.legal_moves();
            let m = Move::Sow(legal.pits()[rng.below(legal.len() as u64) as usize]);
            each(&pos, m);
            let stores = pos.stores();
            pos.play_unchecked(m);
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
