//! Random playouts of one game, untimed: the fixed workload whose instructions per move
//! `cargo xtask bench --only engine-callgrind` counts under valgrind (the same games as
//! `mancala bench --game GAME --games N --seed S`).
//!
//! `cargo run --release -p mancala-core --example playouts -- GAME GAMES [SEED]` prints
//! `GAME GAMES MOVES`.

use mancala_core::{Options, Playouts, Position, SplitMix64, Variant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(game), Some(games)) = (args.first(), args.get(1)) else {
        eprintln!("usage: playouts GAME GAMES [SEED]");
        std::process::exit(2);
    };
    let variant: Variant = game.parse().unwrap_or_else(|e| panic!("{e}"));
    let games: u64 = games.parse().expect("GAMES is a number");
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("SEED is a number"));
    // As `mancala bench`: Mangala IV's forced play would repeat one game, so free choice.
    let start = Position::new(variant, Options { free_choice: variant == Variant::Mangala, ..Options::default() });
    let mut playouts = Playouts::default();
    let mut rng = SplitMix64::new(seed);
    let moves: u64 = (0..games).map(|_| playouts.play(start, &mut rng, |_, _| {})).sum();
    println!("{} {games} {moves}", variant.id());
}
