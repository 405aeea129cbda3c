//! Compares the tables with the plain search over lines (`search::exhaustive`) on random boards
//! of one level, beyond what the tests can afford: `cargo run --release -p mancala-tables
//! --example sample -- GAME SEEDS COUNT [SEED]`. Prints how many agree and the time.

use mancala_core::{Options, Position, Side, SplitMix64, Variant};
use mancala_tables::{Bounds, Tables, search};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("a game id");
    let seeds: usize = args[1].parse().expect("a seed count");
    let count: usize = args[2].parse().expect("a count");
    let mut rng = SplitMix64::new(args.get(3).map_or(1, |s| s.parse().expect("a seed")));
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let tables = Tables::build(variant, options, seeds);
    let pits = usize::from(variant.pits_per_row()) * 2;
    let clock = std::time::Instant::now();
    let (mut agree, mut differ) = (0, 0);
    for _ in 0..count {
        let mut board = vec![0u8; pits];
        for _ in 0..seeds {
            board[rng.below(pits as u64) as usize] += 1;
        }
        let turn = if rng.below(2) == 0 { Side::South } else { Side::North };
        let pos = Position::from_board(variant, options, &board, turn);
        if pos.is_over() || pos.turn() != turn {
            continue;
        }
        let v = search::exhaustive(&pos, &mut search::Line::default());
        if tables.value(&pos) == Some(Bounds::exact(v)) {
            agree += 1;
        } else {
            differ += 1;
            println!("{board:?} {turn}: tables {:?}, search {v}", tables.value(&pos));
        }
    }
    println!("{agree} agree, {differ} differ, {:.1}s", clock.elapsed().as_secs_f64());
}
