//! The tables as a file (`Tables::to_file`, `Tables::from_file`): what is decoded is what was
//! built, entry by entry, and a damaged or foreign file is refused with its reason.

use mancala_core::{LastFour, Options, Side, Variant};
use mancala_tables::{FileError, Tables, file};

/// Every entry of `a` and `b` equal: value (AN-1, AN-2), whether on a cycle, whether rooted,
/// both players to move.
fn same(a: &Tables, b: &Tables) -> usize {
    assert_eq!(
        (a.variant(), a.options(), a.max_seeds(), a.positions()),
        (b.variant(), b.options(), b.max_seeds(), b.positions())
    );
    let mut n = 0;
    for board in a.boards() {
        for side in Side::ALL {
            let key = |t: &Tables| (t.entry(&board, side), t.on_cycle(&board, side), t.rooted(&board, side));
            assert_eq!(key(a), key(b), "{board:?} {side:?}");
            n += 1;
        }
    }
    n
}

/// AN-1, AN-2, C-1: encoded and decoded, the tables of every game (Mangala IV with free choice,
/// MG-4, with the entries its line search finds, its one-seed boards) are the tables built, entry
/// by entry, in less than a bit an entry.
#[test]
fn round_trip() {
    let free = Options { free_choice: true, ..Options::default() };
    for (variant, options, most) in [
        (Variant::Sadeqa, Options::default(), 6),
        (Variant::Mangala, free, 6),
        (Variant::Manqala, Options::default(), 8),
        (Variant::Anywoli, Options::default(), 4),
    ] {
        let tables = Tables::build(variant, options, most);
        let bytes = tables.to_file().unwrap_or_else(|e| panic!("{variant:?} {options:?}: {e}"));
        let back = Tables::from_file(&bytes).expect("decodes");
        assert_eq!(same(&tables, &back), tables.positions(), "{variant:?}");
        assert!(
            bytes.len() * 8 < tables.positions(),
            "{variant:?}: {} bytes for {} entries",
            bytes.len(),
            tables.positions()
        );
    }
}

/// AN-1, AN-2: the levels up to a position's seeds, decoded alone (the decoding stops there), are
/// the tables built to those seeds, entry by entry; past the file's most, the whole file.
#[test]
fn the_levels_below_a_position_alone() {
    for (variant, most, step) in [(Variant::Manqala, 8, 2), (Variant::Sadeqa, 5, 1)] {
        let bytes = Tables::build(variant, Options::default(), most).to_file().expect("encodes");
        for seeds in [0, 3, 4, most, 40] {
            let part = Tables::from_file_to(&bytes, seeds).expect("decodes");
            let top = seeds.min(most) / step * step;
            let built = Tables::build(variant, Options::default(), top);
            assert_eq!(same(&part, &built), built.positions(), "{variant:?} to {seeds}");
        }
    }
}

/// AW-7.3: the lot gives the last four to one side whoever moves, so North to move is not South
/// to move turned round (C-1), and the file, which holds South's entries only, refuses them.
#[test]
fn the_lot_has_no_file() {
    let lot = Options { last_four: LastFour::Lot, lot_seed: 7, ..Options::default() };
    let err = Tables::build(Variant::Anywoli, lot, 4).to_file().expect_err("refused");
    assert_eq!(err, "a board of 4 seeds: North's entry is not South's turned round (C-1)");
}

/// A damaged file (one bit flipped anywhere, cut short, another magic or format version) is
/// refused, each with its reason, and never panics.
#[test]
fn damaged_files_are_refused() {
    let tables = Tables::build(Variant::Sadeqa, Options::default(), 4);
    let bytes = tables.to_file().expect("encodes");
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        let err = Tables::from_file(&bad).expect_err("refused");
        let expected = match i {
            0..8 => FileError::NotTables,
            8 => FileError::Version(file::VERSION ^ 0x10),
            _ => FileError::Corrupt,
        };
        assert_eq!(err, expected, "byte {i}");
    }
    for cut in [0, 5, 9, bytes.len() / 2, bytes.len() - 1] {
        assert!(Tables::from_file(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    assert_eq!(FileError::Version(9).to_string(), format!("tables file format 9, this build reads {}", file::VERSION));
}
