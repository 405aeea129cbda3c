//! C-1: the players are alike. North to move on a board is South to move on the board turned
//! round (each pit `i` read as pit `i + n`), so every North entry equals the South entry of the
//! turned board: a check of the whole tables that does not go through their moves.

use mancala_core::{Options, Side, Variant};
use mancala_tables::Tables;

/// Every board of `tables`, turned round, has North's entry as South's.
fn symmetric(tables: &Tables) -> usize {
    let mut boards = 0;
    for board in tables.boards() {
        let pits = board.len();
        let turned: Vec<u8> = (0..pits).map(|i| board[(i + pits / 2) % pits]).collect();
        assert_eq!(tables.entry(&board, Side::North), tables.entry(&turned, Side::South), "{board:?}");
        boards += 1;
    }
    boards
}

/// C-1, AN-1, AN-2: Sadeqa III (≤ 5 seeds), Mangala IV (free choice, ≤ 5), Al-manqala (≤ 6)
/// and Anywoli (≤ 4).
#[test]
fn north_to_move_is_south_to_move_turned_round() {
    let free = Options { free_choice: true, ..Options::default() };
    for (variant, options, most, boards) in [
        (Variant::Sadeqa, Options::default(), 5, 20_349),
        (Variant::Mangala, free, 5, 11_628),
        (Variant::Manqala, Options::default(), 6, 29_618),
        (Variant::Anywoli, Options::default(), 4, 17_551),
    ] {
        assert_eq!(symmetric(&Tables::build(variant, options, most)), boards, "{variant:?}");
    }
}
