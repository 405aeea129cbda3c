//! `mancala bench`: random-playout speed of the engine, per game.

use std::time::Instant;

use mancala_core::{Move, Observer, Options, Pit, Playouts, Position, SplitMix64, Variant};
use serde_json::json;

use crate::args::Args;

/// Counts seeds dropped and the laps of the current move.
#[derive(Default)]
struct Sown {
    seeds: u64,
    laps: u32,
}

impl Observer for Sown {
    fn lift(&mut self, _pit: Pit, _seeds: u8, lap: u32) {
        self.laps = lap;
    }
    fn sow(&mut self, _pit: Pit) {
        self.seeds += 1;
    }
}

/// The median time of `f` in nanoseconds over `runs` batches of `batch` calls.
fn median_ns<T>(runs: usize, batch: u32, mut f: impl FnMut() -> T) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let clock = Instant::now();
            for _ in 0..batch {
                std::hint::black_box(f());
            }
            clock.elapsed().as_nanos() as f64 / f64::from(batch)
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// The options a random playout uses: Mangala IV's forced play would repeat
/// one game, so it is benchmarked with free choice.
fn bench_options(variant: Variant) -> Options {
    Options { free_choice: variant == Variant::Mangala, ..Options::default() }
}

pub fn run(args: &mut Args) -> Result<(), String> {
    let only: Option<Variant> = args.parsed("--game")?;
    let games: u64 = args.parsed("--games")?.unwrap_or(2000);
    let seed: u64 = args.parsed("--seed")?.unwrap_or(1);
    args.done()?;
    for variant in Variant::ALL.into_iter().filter(|v| only.is_none_or(|o| o == *v)) {
        let mut playouts = Playouts::default();
        let start = Position::new(variant, bench_options(variant));
        // Untimed first, a quarter as many games with another seed: a process's first games pay
        // for cold caches and untrained branch predictors, and the wasm's are timed warm too.
        let mut rng = SplitMix64::new(seed.wrapping_add(1));
        for _ in 0..games.div_ceil(4) {
            playouts.play(start, &mut rng, |_, _| {});
        }
        let mut rng = SplitMix64::new(seed);
        let clock = Instant::now();
        let moves: u64 = (0..games).map(|_| playouts.play(start, &mut rng, |_, _| {})).sum();
        let secs = clock.elapsed().as_secs_f64();
        // The same games again, counting seeds and finding the move with the
        // most laps (not timed: tracing costs more).
        let mut rng = SplitMix64::new(seed);
        let mut sown = Sown::default();
        let mut longest = (0, Position::new(variant, Options::default()), Move::Split);
        for _ in 0..games {
            playouts.play(start, &mut rng, |pos, m| {
                let _ = pos.play_traced(m, &mut sown);
                if sown.laps > longest.0 {
                    longest = (sown.laps, *pos, m);
                }
            });
        }
        // Playing that move checks it for endless sowing (C-5) as it sows.
        let (laps, pos, m) = longest;
        let relay_ns = median_ns(11, 2000, || pos.play(m));
        println!(
            "{}",
            json!({
                "game": variant.id(),
                "games": games,
                "moves": moves,
                "seconds": secs,
                "games_per_s": games as f64 / secs,
                "moves_per_s": moves as f64 / secs,
                "seeds_per_s": sown.seeds as f64 / secs,
                "longest_relay_laps": laps,
                "longest_relay_play_ns": relay_ns,
            })
        );
    }
    Ok(())
}
