//! Builds one game's tables and prints each level's figures: `cargo run --release -p
//! mancala-tables --example levels -- GAME MAX_SEEDS [verify]`.

use mancala_core::{Options, Variant};
use mancala_tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant: Variant = args[0].parse().expect("a game id");
    let max: usize = args[1].parse().expect("a seed count");
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let clock = std::time::Instant::now();
    let tables = Tables::build_with(variant, options, max, |s| {
        let sizes: Vec<String> =
            s.sizes.iter().enumerate().filter(|(_, c)| **c > 0).map(|(i, c)| format!("{}:{c}", 1 << i)).collect();
        println!(
            "seeds {:2} positions {:9} within {:9} comps {:7} in-cycles {:8} largest {:6} exact {:9} searched {:7} given-up {:6} {:7.2}s sizes {}",
            s.seeds,
            s.positions,
            s.moves_within,
            s.components,
            s.in_cycles,
            s.largest,
            s.exact,
            s.searched,
            s.given_up,
            s.seconds,
            sizes.join(" ")
        );
    });
    println!("built {} positions in {:.2}s", tables.positions(), clock.elapsed().as_secs_f64());
    if args.get(2).is_some_and(|a| a == "verify") {
        let clock = std::time::Instant::now();
        let failures = tables.verify(10);
        println!("verify: {} failures in {:.2}s {:?}", failures.len(), clock.elapsed().as_secs_f64(), failures);
    }
}
