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
        let (mut pos, mut next) = (start, start);
        self.seen.clear();
        self.count(&mut pos);
        let mut moves = 0;
        while !pos.is_over() {
            // The positions after moves are made without proving that the next player can move
            // (C-8): drawing their move proves it, and sows it.
            let Some(m) = pos.children().draw(rng, false, &mut next) else {
                // Every pit they may sow is endless (C-5): no legal move after all.
                self.seen.forget(&pos);
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
        while !pos.is_over() && self.seen.add(pos) >= u32::from(REPETITION_LIMIT) {
            if pos.proves_move() {
                pos.end_by_repetition(&mut NoObserver);
                return;
            }
            self.seen.forget(pos);
            pos.no_legal_move();
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
