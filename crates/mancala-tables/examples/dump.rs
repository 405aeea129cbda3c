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
    // The players are alike (C-1): North to move on a board is South to move on the board turned
    // round, so South's entries alone are the tables; check that, and write them.
    let pits = usize::from(variant.pits_per_row()) * 2;
    let south: Vec<u8> = bytes.iter().step_by(2).copied().collect();
    let mut asymmetric = 0;
    let mut k = 0;
    for board in tables.boards() {
        let turned: Vec<u8> = (0..pits).map(|i| board[(i + pits / 2) % pits]).collect();
        let north = tables.entry(&board, mancala_core::Side::North);
        asymmetric += usize::from(north != tables.entry(&turned, mancala_core::Side::South));
        k += 1;
    }
    std::fs::write(format!("{file}.south"), &south).expect("written");
    // South's on-cycle bits, a byte each (0 or 1, 2 if also rooted), for measuring their cost.
    let cycle: Vec<u8> = tables
        .boards()
        .map(|b| {
            let s = mancala_core::Side::South;
            u8::from(tables.on_cycle(&b, s) == Some(true)) + u8::from(tables.rooted(&b, s) == Some(true))
        })
        .collect();
    std::fs::write(format!("{file}.cycle"), &cycle).expect("written");
    println!("{k} boards, {asymmetric} whose North entry is not South's on the board turned round");
}
