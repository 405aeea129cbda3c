//! Values on tiny boards, checked by hand (each test names its rules), against the tables.

use mancala_core::{LastFour, Move, Options, Position, Side, Variant};
use mancala_tables::{Bounds, Tables, search};

/// A position of `variant` made from its board alone (AN-1: stores do not matter).
fn at(variant: Variant, options: Options, pits: &[(usize, u8)], turn: Side) -> Position {
    Position::from_board(variant, options, &board_of(pits, usize::from(variant.pits_per_row()) * 2), turn)
}

fn free() -> Options {
    Options { free_choice: true, ..Options::default() }
}

/// AN-1, SQ-4, SQ-5: South's one seed in pit 0 sows into empty pit 1 of South's own row and takes
/// the 3 opposite it (pit 14); North, with an empty row, has no move, and South, who moved last,
/// takes the seed left: South wins all 4.
#[test]
fn sadeqa_capture_then_the_last_mover_takes_the_rest() {
    let tables = Tables::build(Variant::Sadeqa, Options::default(), 4);
    let pos = at(Variant::Sadeqa, Options::default(), &[(0, 1), (14, 3)], Side::South);
    assert_eq!(tables.value(&pos), Some(Bounds::exact(4)));
    assert_eq!(tables.moves(&pos), Some(vec![(Move::Sow(0), Bounds::exact(4))]));
}

/// AN-1, SQ-5: South sows its one seed into North's empty pit 8 (no capture: not South's row);
/// North's only move sows it into its own empty pit 9, capturing the empty pit 6; South has no
/// move, and North, who moved last, takes the seed: -1 for South. With North to move on that
/// board North has no move at once, and South (the player not to move) takes it: -1 for North.
#[test]
fn sadeqa_one_seed_goes_to_the_last_mover() {
    let tables = Tables::build(Variant::Sadeqa, Options::default(), 1);
    let pos = at(Variant::Sadeqa, Options::default(), &[(7, 1)], Side::South);
    assert_eq!(tables.value(&pos), Some(Bounds::exact(-1)));
    assert_eq!(tables.on_cycle(pos.board(), Side::South), Some(false));
    assert_eq!(tables.entry(pos.board(), Side::North), Some(Bounds::exact(-1)));
}

/// AN-2, C-6, MG-5, MG-7: in Mangala IV (free choice) one seed never captures (the pit it falls
/// into holds 1); it goes round the board, the player whose row is empty passing, until the line
/// comes back to its first position, where the repetition gives each player their own row: the
/// player to move, who holds the seed, gains it. With the seed in the other row, the player to
/// move passes first: -1.
#[test]
fn mangala_one_seed_loops_back_to_its_owner() {
    let tables = Tables::build(Variant::Mangala, free(), 1);
    for pit in 0..14 {
        let owner = if pit < 7 { Side::South } else { Side::North };
        for turn in Side::ALL {
            let mut board = [0u8; 14];
            board[pit] = 1;
            let expected = if turn == owner { 1 } else { -1 };
            assert_eq!(tables.entry(&board, turn), Some(Bounds::exact(expected)), "pit {pit}, {turn}");
            assert_eq!(tables.rooted(&board, turn), Some(turn == owner), "pit {pit}, {turn}");
            // A pass (the other player's row is empty) is no position of a line: on no cycle.
            assert_eq!(tables.on_cycle(&board, turn), Some(turn == owner), "pit {pit}, {turn}");
        }
    }
    // The one move from pit 6 hands the seed to North, whose position is worth +1 to North as
    // the root of its own lines; with South's position on the line the seed comes back: +1.
    let pos = at(Variant::Mangala, free(), &[(6, 1)], Side::South);
    let after = pos.play(Move::Sow(6)).expect("legal");
    assert_eq!((after.turn(), tables.value(&after)), (Side::North, Some(Bounds::exact(1))));
    assert_eq!(tables.moves(&pos), Some(vec![(Move::Sow(6), Bounds::exact(1))]));
}

/// AN-2, AM-4, AM-9: two seeds six or seven pits apart (South's pit 6, North's pit 13) chase
/// each other round the board and never meet: each player holds one, or two with the other
/// row empty, and then must feed it (AM-4), so every move is forced and no sowing ever makes 2
/// or 4. The line comes back to its start and the split (AM-9, C-6) gives each half: 0.
#[test]
fn manqala_loops_split_evenly() {
    let tables = Tables::build(Variant::Manqala, Options::default(), 4);
    let chase = at(Variant::Manqala, Options::default(), &[(6, 1), (13, 1)], Side::South);
    assert_eq!(tables.value(&chase), Some(Bounds::exact(0)));
    assert_eq!(search::exhaustive(&chase, &mut search::Line::default()), 0);
}

/// AN-1, AM-5, AM-6, AM-7: South's pit 0 sows into pit 1, making 2, which South takes (pit 0,
/// now empty, stops the walk back); North's only move, pit 7, sows 8 and 9; South's row is empty
/// (AM-7: South passes) and North cannot feed it (AM-6): South, starving, takes the last 2. All
/// 4 seeds are South's.
#[test]
fn manqala_capture_then_starvation() {
    let tables = Tables::build(Variant::Manqala, Options::default(), 4);
    let pos = at(Variant::Manqala, Options::default(), &[(0, 1), (1, 1), (7, 2)], Side::South);
    assert_eq!(tables.value(&pos), Some(Bounds::exact(4)));
    // With North's row empty South must feed (AM-4) and cannot: North takes both at once (AM-6).
    let starved = at(Variant::Manqala, Options::default(), &[(0, 1), (1, 1)], Side::South);
    assert!(starved.is_over());
    assert_eq!(tables.entry(&board_of(&[(0, 1), (1, 1)], 14), Side::South), Some(Bounds::exact(-2)));
}

/// AN-1, AM-8: the same capture with 48 captured already reaches fifty, which ends the game and
/// leaves the last 2 unscored; values ignore AM-8, so the move is still worth all 4.
#[test]
fn manqala_values_ignore_fifty() {
    let tables = Tables::build(Variant::Manqala, Options::default(), 4);
    let mut setup = mancala_core::Setup::new(Variant::Manqala, Options::default());
    setup.board = board_of(&[(0, 1), (1, 1), (7, 2)], 14).into_iter().map(u32::from).collect();
    setup.stores = mancala_core::BySide { south: 48, north: 46 };
    let pos = Position::from_setup(&setup).expect("a position");
    assert_eq!(pos.play(Move::Sow(0)).map(|p| p.end().map(|e| e.reason)), Ok(Some(mancala_core::EndReason::Fifty)));
    assert_eq!(tables.value(&pos), Some(Bounds::exact(4)));
    assert_eq!(tables.moves(&pos).expect("in the tables")[0], (Move::Sow(0), Bounds::exact(4)));
}

/// AN-1, AW-5, AW-6, AW-7.1: South's one seed in pit 0 falls into pit 1, making four with its
/// last seed: South takes them and would move again, but four seeds are left (North's pit 20),
/// which ends the game, and the captor of the group that left them takes them too: +8. (The
/// search over every line: Anywoli's 8-seed tables take a minute to build, see
/// `anywoli_tables_hold_the_last_four`.)
#[test]
fn anywoli_second_to_last_group_takes_the_last_four() {
    let pos = at(Variant::Anywoli, Options::default(), &[(0, 1), (1, 3), (20, 4)], Side::South);
    assert_eq!(search::exhaustive(&pos, &mut search::Line::default()), 8);
}

/// AN-1, AW-7.1: [`anywoli_second_to_last_group_takes_the_last_four`] in the 8-seed tables.
/// About a minute in release: `cargo test --release -p mancala-tables -- --ignored`.
#[test]
#[ignore = "builds Anywoli's 8-seed level (15.8 million entries)"]
fn anywoli_tables_hold_the_last_four() {
    let tables = Tables::build(Variant::Anywoli, Options::default(), 8);
    let pos = at(Variant::Anywoli, Options::default(), &[(0, 1), (1, 3), (20, 4)], Side::South);
    assert_eq!(tables.value(&pos), Some(Bounds::exact(8)));
    assert_eq!(tables.moves(&pos).expect("in the tables")[0], (Move::Sow(0), Bounds::exact(8)));
}

/// AN-4, AW-7.3: with the lot, the draw decides who takes the last four: four seeds on the board
/// end the game at once (AW-6), and a lot that draws South gives South all four, where the
/// default rule (AW-7.1, nobody having captured) gives them to the player who is not to move.
/// Tables of one rule do not answer for a position of another.
#[test]
fn anywoli_lot_tables_answer_only_for_their_lot() {
    let lot = |seed| Options { last_four: LastFour::Lot, lot_seed: seed, ..Options::default() };
    let seed =
        (0..).find(|&s| at(Variant::Anywoli, lot(s), &[], Side::South).lot_draw() == Side::South).expect("a seed");
    let four = board_of(&[(0, 1), (1, 3)], 24);
    let by_lot = Tables::build(Variant::Anywoli, lot(seed), 4);
    let by_rule = Tables::build(Variant::Anywoli, Options::default(), 4);
    assert_eq!(by_lot.entry(&four, Side::South), Some(Bounds::exact(4)));
    assert_eq!(by_rule.entry(&four, Side::South), Some(Bounds::exact(-4)));
    let over = at(Variant::Anywoli, lot(seed), &[(0, 1), (1, 3)], Side::South);
    assert_eq!(by_lot.value(&over), Some(Bounds::exact(0)), "a game over is worth nothing more");
    assert_eq!(by_rule.value(&over), None);
}

fn board_of(pits: &[(usize, u8)], len: usize) -> Vec<u8> {
    let mut board = vec![0u8; len];
    for &(pit, seeds) in pits {
        board[pit] = seeds;
    }
    board
}
