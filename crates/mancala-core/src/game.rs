//! A game with its history: repetition (C-6), undo and redo.

use crate::{Move, NoObserver, Observer, PlayError, Position, REPETITION_LIMIT};

/// A game from its start: the positions after each move, the moves, and a
/// cursor that undo and redo move along. Two games are equal when they have the same line
/// (start, moves, redoable ones included) and the same cursor.
#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// `positions[i].placement_hash()`, for counting repetitions quickly.
    hashes: Vec<u64>,
    /// For each position, the first index with the same stores: stores only
    /// grow, so no earlier position can repeat it (C-6).
    since_capture: Vec<usize>,
    /// For each position, the one before it with the same placement hash: counting a
    /// placement's occurrences walks only these (C-6), not the whole stretch since the last
    /// capture, so a long game reads in linear time.
    earlier: Vec<Option<usize>>,
    /// For each placement hash, 1 + the last position with it, redoable ones included (0: none);
    /// a move drops the redoable ones first.
    latest: Latest,
    /// How many moves are played; later ones can be redone.
    cursor: usize,
}

impl Game {
    /// A game starting at `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            hashes: vec![start.placement_hash()],
            since_capture: vec![0],
            earlier: vec![None],
            latest: Game::first(start.placement_hash()),
            cursor: 0,
        }
    }

    fn first(hash: u64) -> Latest {
        let mut latest = Latest::default();
        *latest.value(hash) = 1;
        latest
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The moves played up to the current position.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// The positions from the start to the current one.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// Plays `m`, ending the game if its position occurs for the third time
    /// (C-6); moves that could have been redone are dropped.
    ///
    /// # Errors
    /// A [`PlayError`] if `m` is illegal; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<&Position, PlayError> {
        self.play_traced(m, &mut NoObserver)
    }

    /// [`Game::play`], telling `obs` every step, the repetition end included.
    ///
    /// # Errors
    /// A [`PlayError`] if `m` is illegal; the game is unchanged.
    pub fn play_traced<O: Observer>(&mut self, m: Move, obs: &mut O) -> Result<&Position, PlayError> {
        let mut next = self.position().play_traced(m, obs)?;
        let hash = next.placement_hash();
        let since =
            if next.stores == self.position().stores { self.since_capture[self.cursor] } else { self.cursor + 1 };
        self.drop_redoable();
        let before = (self.latest.get(hash) as usize).checked_sub(1);
        if !next.is_over() && self.count_placement(since, before, &next) + 1 >= usize::from(REPETITION_LIMIT) {
            next.end_by_repetition(obs);
        }
        self.positions.push(next);
        self.hashes.push(hash);
        self.since_capture.push(since);
        self.earlier.push(before);
        *self.latest.value(hash) = (self.cursor + 2) as u32;
        self.moves.push(m);
        self.cursor += 1;
        Ok(self.position())
    }

    /// Forgets the positions after the cursor.
    fn drop_redoable(&mut self) {
        for i in (self.cursor + 1..self.positions.len()).rev() {
            let hash = self.hashes[i];
            let latest = self.latest.value(hash);
            if *latest as usize == i + 1 {
                *latest = self.earlier[i].map_or(0, |before| before as u32 + 1);
            }
        }
        let kept = self.cursor + 1;
        self.positions.truncate(kept);
        self.hashes.truncate(kept);
        self.since_capture.truncate(kept);
        self.earlier.truncate(kept);
        self.moves.truncate(self.cursor);
    }

    /// Steps back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        let can = self.cursor > 0;
        self.cursor -= usize::from(can);
        can
    }

    /// Steps forward again after [`Game::undo`]; false if nothing to redo.
    pub fn redo(&mut self) -> bool {
        let can = self.cursor < self.moves.len();
        self.cursor += usize::from(can);
        can
    }

    /// Moves the cursor to just after `ply` moves (0 is the start); false if
    /// there are not that many.
    pub fn jump(&mut self, ply: usize) -> bool {
        let can = ply <= self.moves.len();
        if can {
            self.cursor = ply;
        }
        can
    }

    /// How often the current placement has occurred so far, this time
    /// included; the game ends when it reaches 3 (C-6).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        self.count_placement(self.since_capture[self.cursor], Some(self.cursor), self.position())
    }

    /// The positions with the placement of `pos` from `since` on, among `from` (on the line up
    /// to the cursor) and the positions before it with the same placement hash.
    fn count_placement(&self, since: usize, from: Option<usize>, pos: &Position) -> usize {
        let mut count = 0;
        let mut at = from;
        while let Some(i) = at.filter(|&i| i >= since) {
            count += usize::from(self.positions[i].same_placement(pos));
            at = self.earlier[i];
        }
        count
    }

    /// How many moves can be redone.
    #[must_use]
    pub fn redoable(&self) -> usize {
        self.moves.len() - self.cursor
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        // The rest is derived from the positions.
        (self.cursor, &self.moves, &self.positions) == (other.cursor, &other.moves, &other.positions)
    }
}

impl Eq for Game {}

/// For each placement hash, a number (a [`Game`]'s 1 + the last position with it; 0 for a hash
/// never set): open addressing with linear probing, at most half full; a hash once in stays.
/// (Repetition's counts, which playouts and the search add and take back, are `seen`'s.)
#[derive(Debug, Clone)]
struct Latest {
    slots: Vec<Option<(u64, u32)>>,
    len: usize,
}

impl Default for Latest {
    fn default() -> Latest {
        Latest { slots: vec![None; 64], len: 0 }
    }
}

impl Latest {
    /// The slot of `hash`, or the empty one where it goes.
    fn slot(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while let Some((h, _)) = self.slots[i]
            && h != hash
        {
            i = (i + 1) & mask;
        }
        i
    }

    /// The number kept for `hash`.
    fn get(&self, hash: u64) -> u32 {
        self.slots[self.slot(hash)].map_or(0, |(_, value)| value)
    }

    /// The number kept for `hash`, to change; a new hash starts at 0.
    fn value(&mut self, hash: u64) -> &mut u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![None; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            for (h, value) in old.into_iter().flatten() {
                let i = self.slot(h);
                self.slots[i] = Some((h, value));
            }
        }
        let i = self.slot(hash);
        self.len += usize::from(self.slots[i].is_none());
        let (_, value) = self.slots[i].get_or_insert((hash, 0));
        value
    }
}
