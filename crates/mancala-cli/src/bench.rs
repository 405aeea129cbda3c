//! `mancala bench`: random-playout speed of the engine, per game.

use std::time::Instant;

use mancala_core::{Move, Observer, Options, Pit, Position, Variant};
use serde_json::json;

use crate::args::Args;

/// A tiny xorshift generator: the benchmark must not measure its RNG.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Counts seeds dropped.
struct Sown(u64);

impl Observer for Sown {
    fn sow(&mut self, _pit: Pit) {
        self.0 += 1;
    }
}

/// Plays one random game from the start; returns the moves made, feeding
/// every move to `each`.
fn playout(variant: Variant, rng: &mut Rng, mut each: impl FnMut(&Position, Move)) -> u64 {
    let mut pos = Position::new(variant, Options::default());
    let mut moves = 0;
    // Without a history, repetition (C-6) is not seen: cap the game length.
    while !pos.is_over() && moves < 2000 {
        let legal = pos.legal_moves();
        let m = Move::Sow(legal.pits()[rng.below(legal.len())]);
        each(&pos, m);
        pos.play_unchecked(m);
        moves += 1;
    }
    moves
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let only: Option<Variant> = args.parsed("--game")?;
    let games: u64 = args.parsed("--games")?.unwrap_or(2000);
    let seed: u64 = args.parsed("--seed")?.unwrap_or(1);
    args.done()?;
    for variant in Variant::ALL.into_iter().filter(|v| only.is_none_or(|o| o == *v)) {
        let mut rng = Rng(seed | 1);
        let clock = Instant::now();
        let moves: u64 = (0..games).map(|_| playout(variant, &mut rng, |_, _| {})).sum();
        let secs = clock.elapsed().as_secs_f64();
        // The same games again, counting seeds (not timed: tracing costs more).
        let mut rng = Rng(seed | 1);
        let mut sown = Sown(0);
        for _ in 0..games {
            playout(variant, &mut rng, |pos, m| {
                let _ = pos.play_traced(m, &mut sown);
            });
        }
        println!(
            "{}",
            json!({
                "game": variant.id(),
                "games": games,
                "moves": moves,
                "seconds": secs,
                "games_per_s": games as f64 / secs,
                "moves_per_s": moves as f64 / secs,
                "seeds_per_s": sown.0 as f64 / secs,
            })
        );
    }
    Ok(())
}
