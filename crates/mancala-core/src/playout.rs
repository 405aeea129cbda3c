//! Random playouts: the engine's benchmark, the same natively and in wasm.

use crate::{Move, NoObserver, Position, REPETITION_LIMIT, Repetitions, SplitMix64};

/// Plays random games to their real end, each move drawn uniformly among the
/// legal ones ([`crate::Children::choose`]), repetition (C-6) included, counted
/// since the last capture by [`Repetitions`] (as the search counts them)
/// without keeping positions. Reuse one for many games: it keeps its table.
#[derive(Debug, Default)]
pub struct Playouts {
    seen: Repetitions,
}

impl Playouts {
    /// Plays one game from `start`, choosing uniformly among the legal moves,
    /// and calls `each` with every position and the move chosen there.
    /// Returns the number of moves.
    pub fn play(&mut self, start: Position, rng: &mut SplitMix64, mut each: impl FnMut(&Position, Move)) -> u64 {
        // Two positions, the current one and the next, trade places after each move: no copy.
        let (mut a, mut b) = (start, start);
        let (mut pos, mut next) = (&mut a, &mut b);
        self.seen.clear();
        self.count(pos);
        // The sowable pits of `pos`, carried from the move that made it.
        let mut pits = pos.sowable;
        let mut moves = 0;
        while !pos.is_over() {
            // The positions after moves are made without proving that the next player can move
            // (C-8): drawing their move proves it, and sows it.
            let drawn = pos.children_among(pits).draw(rng, false, next);
            pits = next.sowable;
            let Some(m) = drawn else {
                // Every pit they may sow is endless (C-5): no legal move after all.
                self.seen.forget(pos);
                pos.no_legal_move();
                self.count(pos);
                pits = pos.sowable;
                continue;
            };
            each(pos, m);
            core::mem::swap(&mut pos, &mut next);
            moves += 1;
            if pos.stores() == next.stores() {
                if self.count(pos) {
                    pits = pos.sowable; // a pass or the end (C-6, C-8)
                }
            } else {
                // A capture: no earlier position can repeat this one (C-6); its line starts anew.
                self.seen.restart(pos);
            }
        }
        moves
    }

    /// Counts `pos` (C-6); at its third occurrence [`Playouts::repeated`] ends the game, and
    /// this returns true (`pos` may have changed).
    #[inline(always)]
    fn count(&mut self, pos: &mut Position) -> bool {
        let third = !pos.is_over() && self.seen.add(pos) >= u32::from(REPETITION_LIMIT);
        if third {
            self.repeated(pos);
        }
        third
    }

    /// Ends the game at a third occurrence of `pos` (C-6), once it is sure the player to move
    /// can move there (else C-8's pass or end comes first, and its position counts): rare, so
    /// kept out of the playout loop.
    #[cold]
    #[inline(never)]
    fn repeated(&mut self, pos: &mut Position) {
        loop {
            if pos.proves_move() {
                pos.end_by_repetition(&mut NoObserver);
                return;
            }
            self.seen.forget(pos);
            pos.no_legal_move();
            if pos.is_over() || self.seen.add(pos) < u32::from(REPETITION_LIMIT) {
                return;
            }
        }
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
