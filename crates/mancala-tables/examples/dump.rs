//! Writes one game's tables as one byte an entry (the exact value as a signed byte, -128 for an
//! entry known only by bounds), levels in order, boards in rank order, South to move then
//! North: `cargo run --release -p mancala-tables --example dump -- GAME MAX_SEEDS FILE`, for
//! measuring what the tables weigh raw and compressed (docs/tables.md).

use mancala_core::{Options, Variant};
use mancala_tables::Tables;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, max, file] = &args[..] else { panic!("usage: dump GAME MAX_SEEDS FILE") };
    let variant: Variant = game.parse().expect("a game id");
    let options = Options { free_choice: variant == Variant::Mangala, ..Options::default() };
    let tables = Tables::build(variant, options, max.parse().expect("a seed count"));
    let bytes: Vec<u8> = tables.entries().map(|b| if b.is_exact() { b.lo as u8 } else { 0x80 }).collect();
    std::fs::write(file, &bytes).expect("written");
    println!("{} entries, {} inexact", bytes.len(), bytes.iter().filter(|&&b| b == 0x80).count());
}
