//! Writes one game's tables as a file (`Tables::to_file`) and reads it back, for measuring the
//! file's size and the decoding time (docs/tables.md):
//! `cargo run --release -p mancala-tables --example pack -- GAME MAX_SEEDS FILE`; `-- read FILE`
//! only decodes a file.

use std::time::Instant;

use mancala_core::{Options, Variant};
use mancala_tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [read, file] = &args[..] {
        assert_eq!(read, "read", "usage: pack read FILE");
        let bytes = std::fs::read(file).expect("read");
        let clock = Instant::now();
        let tables = Tables::from_file(&bytes).expect("decodes");
        println!("{file}: {} entries decoded in {:.2} s", tables.positions(), clock.elapsed().as_secs_f64());
        return;
    }
    let [game, max, file] = &args[..] else { panic!("usage: pack GAME MAX_SEEDS FILE | pack read FILE") };
    let variant: Variant = game.parse().expect("a game id");
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let clock = Instant::now();
    let tables = Tables::build(variant, options, max.parse().expect("a seed count"));
    let built = clock.elapsed().as_secs_f64();
    let clock = Instant::now();
    let bytes = tables.to_file().expect("encodes");
    let encoded = clock.elapsed().as_secs_f64();
    std::fs::write(file, &bytes).expect("written");
    let clock = Instant::now();
    let back = Tables::from_file(&bytes).expect("decodes");
    let decoded = clock.elapsed().as_secs_f64();
    assert!(tables.same_entries(&back), "decoded as built");
    println!(
        "{game} ≤ {max}: {} entries, {} bytes ({:.3} bits an entry), build {built:.1} s, encode {encoded:.1} s, decode {decoded:.1} s",
        tables.positions(),
        bytes.len(),
        bytes.len() as f64 * 8.0 / tables.positions() as f64
    );
}
