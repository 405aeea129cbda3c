//! C-1: the players are alike. North to move on a board is South to move on the board turned
//! round (each pit `i` read as pit `i + n`), so every North entry equals the South entry of the
//! turned board: a check of the whole tables that does not go through their moves.

use mancala_core::{Options, Position, Side, Variant};
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

/// The search's one look-up gives what the three separate ones give (AN-1, AN-2): the entry,
/// whether a line search found it, whether it lies on a cycle; and nothing for an ended game.
#[test]
fn one_look_up_is_the_three() {
    let tables = Tables::build(Variant::Mangala, Options { free_choice: true, ..Options::default() }, 3);
    let (mut found, mut rooted, mut cycles) = (0, 0, 0);
    let free = Options { free_choice: true, ..Options::default() };
    for board in tables.boards() {
        for turn in [Side::South, Side::North] {
            let pos = Position::from_board(Variant::Mangala, free, &board, turn);
            let Some(l) = tables.look_up(&pos) else {
                assert!(pos.is_over(), "{board:?}");
                continue;
            };
            assert_eq!(Some(l.value), tables.value(&pos));
            assert_eq!(Some(l.rooted), tables.rooted(pos.board(), pos.turn()));
            assert_eq!(Some(l.on_cycle), tables.on_cycle(pos.board(), pos.turn()));
            found += 1;
            rooted += usize::from(l.rooted);
            cycles += usize::from(l.on_cycle);
        }
    }
    // Some of each kind, so the comparison means something (one seed round the board: rooted).
    assert!(found > 100 && rooted > 0 && cycles > 0, "{found} {rooted} {cycles}");
}
