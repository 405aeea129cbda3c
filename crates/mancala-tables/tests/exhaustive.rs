//! The tables against the plainest search (AN-1, AN-2): every board of at most four seeds of
//! every game, each player to move, valued by `search::exhaustive` (every line to its end or its
//! first repetition, no tables) and looked up in the tables: the values are equal and exact.

use mancala_core::{LastFour, Options, Position, Side, Variant};
use mancala_tables::{Bounds, Tables, search};

/// Calls `each` with every board of `seeds` seeds on `pits` pits.
fn boards(pits: usize, seeds: u8, each: &mut dyn FnMut(&[u8])) {
    fn fill(board: &mut [u8], at: usize, left: u8, each: &mut dyn FnMut(&[u8])) {
        if at + 1 == board.len() {
            board[at] = left;
            each(board);
            return;
        }
        for k in 0..=left {
            board[at] = k;
            fill(board, at + 1, left - k, each);
        }
    }
    fill(&mut vec![0; pits], 0, seeds, each);
}

/// The value of `board` with `turn` to move by the exhaustive search: the position the board
/// makes (C-8 applied: a pass or an end at once), from `turn`'s side.
fn searched(variant: Variant, options: Options, board: &[u8], turn: Side) -> i8 {
    let pos = Position::from_board(variant, options, board, turn);
    let v = search::exhaustive(&pos, &mut search::Line::default());
    let stores = pos.stores();
    let lead = i16::from(*stores.get(turn)) - i16::from(*stores.get(turn.other()));
    lead as i8
        + if pos.is_over() {
            0
        } else if pos.turn() == turn {
            v
        } else {
            -v
        }
}

/// Compares every entry of up to `most` seeds; returns how many were compared.
fn compare(variant: Variant, options: Options, most: usize) -> usize {
    let tables = Tables::build(variant, options, most);
    let pits = usize::from(variant.pits_per_row()) * 2;
    let mut compared = 0;
    let step = if variant == Variant::Anywoli {
        4
    } else if variant == Variant::Manqala {
        2
    } else {
        1
    };
    for seeds in (0..=most).step_by(step) {
        boards(pits, seeds as u8, &mut |board| {
            for turn in Side::ALL {
                let expected = searched(variant, options, board, turn);
                assert_eq!(tables.entry(board, turn), Some(Bounds::exact(expected)), "{board:?}, {turn} to move");
                compared += 1;
            }
        });
    }
    assert_eq!(compared, tables.positions());
    compared
}

/// AN-1, AN-2, SQ-3…SQ-5, C-6: Sadeqa III.
#[test]
fn sadeqa_tables_equal_the_exhaustive_search() {
    assert_eq!(compare(Variant::Sadeqa, Options::default(), 4), 9_690);
}

/// AN-1, AN-2, MG-4 (free choice), MG-5…MG-8, C-6: Mangala IV.
#[test]
fn mangala_tables_equal_the_exhaustive_search() {
    assert_eq!(compare(Variant::Mangala, Options { free_choice: true, ..Options::default() }, 4), 6_120);
}

/// AN-1, AN-2, AM-3…AM-7, AM-9 (the split at a repetition): Al-manqala, whose boards hold an
/// even number of seeds.
#[test]
fn manqala_tables_equal_the_exhaustive_search() {
    assert_eq!(compare(Variant::Manqala, Options::default(), 4), 4_972);
}

/// AN-1, AN-4, AW-6, AW-7: Anywoli's boards of 0 and 4 seeds (four end the game at once), by
/// each last-four rule that has tables.
#[test]
fn anywoli_tables_equal_the_exhaustive_search() {
    for last_four in [LastFour::SecondToLast, LastFour::Lot] {
        assert_eq!(compare(Variant::Anywoli, Options { last_four, ..Options::default() }, 4), 35_102);
    }
}
