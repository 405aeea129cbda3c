//! Repetition (C-6) along the search's line: the game's history, then the path from the root.
//!
//! The search asks of every child whether it occurs for the third time, and puts every child it
//! searches on the path and takes it off again. Counts of the line's placements by a few bits of
//! their hashes answer the first, nearly always, with one read (a bucket that holds fewer than two
//! positions holds no two of the child's placement), and the path, a stack, changes them by one
//! addition; only a bucket holding two or more has its positions counted exactly.

use mancala_core::{Position, REPETITION_LIMIT, Repetitions};

use super::MAX_PLY;

/// How many buckets count the line's placements (a power of two).
const BUCKETS: usize = 2048;

/// The game's history and the search's path, for C-6.
#[derive(Debug, Clone)]
pub(super) struct Line {
    /// The game so far, the root last.
    history: Repetitions,
    /// The [`Position::placement_hash`] of the path's position at each ply (the root's at 0).
    hashes: [u64; MAX_PLY + 1],
    /// How many positions of the history and of the path (past the root) fall in each bucket.
    buckets: Vec<u16>,
}

impl Default for Line {
    fn default() -> Line {
        Line { history: Repetitions::default(), hashes: [0; MAX_PLY + 1], buckets: vec![0; BUCKETS] }
    }
}

/// The bucket of a placement hash.
fn bucket(hash: u64) -> usize {
    hash as usize & (BUCKETS - 1)
}

impl Line {
    /// Makes the line `history` (the game so far, the root last), the path the root alone.
    pub(super) fn start(&mut self, history: &[Position]) {
        self.history = Repetitions::with_capacity(history.len());
        self.buckets.fill(0);
        for p in history {
            self.history.add(p);
            self.hashes[0] = p.placement_hash();
            self.buckets[bucket(self.hashes[0])] += 1;
        }
    }

    /// Whether `pos`, a position at `ply` (≥ 1) after the path's positions before it, occurs there
    /// for the third time (C-6). Inlined: the search asks it of every child.
    #[inline(always)]
    pub(super) fn ends_game(&self, pos: &Position, ply: usize) -> bool {
        let hash = pos.placement_hash();
        self.buckets[bucket(hash)] + 1 >= u16::from(REPETITION_LIMIT)
            && self.count(pos, hash, ply) + 1 >= u32::from(REPETITION_LIMIT)
    }

    /// How often `pos` (whose hash is `hash`) occurred on the line before `ply`.
    #[cold]
    #[inline(never)]
    fn count(&self, pos: &Position, hash: u64, ply: usize) -> u32 {
        self.history.count(pos) + self.hashes[1..ply].iter().filter(|&&h| h == hash).count() as u32
    }

    /// Puts `pos` on the path at `ply` (≥ 1), after the positions before it.
    #[inline]
    pub(super) fn enter(&mut self, pos: &Position, ply: usize) {
        let hash = pos.placement_hash();
        self.hashes[ply] = hash;
        self.buckets[bucket(hash)] += 1;
    }

    /// Takes the position at `ply` off the path.
    #[inline]
    pub(super) fn leave(&mut self, ply: usize) {
        self.buckets[bucket(self.hashes[ply])] -= 1;
    }
}
