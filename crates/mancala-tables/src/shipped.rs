//! The tables the site ships (issue 11 §1's defaults): one file a game under `tables/`, made by
//! `mancala tables --shipped` at build time and fetched by the computer's worker when a position
//! first comes within it.

use mancala_core::{LastFour, Options, Variant};

/// The most seeds on the board in `variant`'s shipped tables (issue 11's targets).
#[must_use]
pub const fn max_seeds(variant: Variant) -> usize {
    match variant {
        Variant::Mangala => 11,
        Variant::Sadeqa => 10,
        Variant::Manqala => 12,
        Variant::Anywoli => 8,
    }
}

/// Whether the shipped tables give the values of `variant` played with `options`, which is
/// whether a tables file can hold them: where there are tables ([`crate::no_tables`]), but not
/// Anywoli's lot (AW-7.3, AN-4), whose North entries are not South's turned round (C-1).
#[must_use]
pub fn covers(variant: Variant, options: &Options) -> bool {
    crate::no_tables(variant, options).is_none() && !(variant == Variant::Anywoli && options.last_four == LastFour::Lot)
}

/// The name of `variant`'s file under `tables/`.
#[must_use]
pub fn file_name(variant: Variant) -> String {
    format!("{}.bin", variant.id())
}

/// Every shipped file: the game and the options its tables are built with.
pub fn all() -> impl Iterator<Item = (Variant, Options)> {
    let options = Options { free_choice: true, ..Options::default() };
    Variant::ALL.into_iter().filter(move |v| covers(*v, &options)).map(move |v| (v, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_file_a_game_with_the_options_it_covers() {
        let files: Vec<(String, usize)> = all().map(|(v, _)| (file_name(v), max_seeds(v))).collect();
        let want = [("mangala-iv.bin", 11), ("sadeqa-iii.bin", 10), ("al-manqala.bin", 12), ("anywoli.bin", 8)];
        assert_eq!(files, want.map(|(f, k)| (f.to_owned(), k)));
        assert!(all().all(|(v, o)| covers(v, &o)));
        // MG-4: forced play has no tables; AW-7.2 and the lot (AW-7.3) are not these.
        assert!(!covers(Variant::Mangala, &Options::default()));
        assert!(!covers(Variant::Anywoli, &Options { last_four: LastFour::FirstFinal, ..Options::default() }));
        assert!(!covers(Variant::Anywoli, &Options { last_four: LastFour::Lot, ..Options::default() }));
    }
}
