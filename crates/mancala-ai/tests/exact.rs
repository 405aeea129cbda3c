//! The search against an exhaustive minimax on tiny positions of every game:
//! with no budget it must solve them (`exact`) and find the same score.
//! The oracle plays with `Position::play` (checked) and applies repetition
//! (C-6) itself along its path, so it shares no code with the search but
//! the rules.

mod common;

use common::{deep, solve, solve_move, tiny};
use mancala_ai::{Computer, Limits, NoClock};
use mancala_core::{Options, SplitMix64, Variant};

/// Solves up to `cases` tiny positions; at least `need` must be small enough
/// for the oracle.
fn check(variant: Variant, options: Options, seeds: u32, window: u64, cases: usize, need: usize) {
    deep(move || check_on_this_thread(variant, options, seeds, window, cases, need));
}

fn check_on_this_thread(variant: Variant, options: Options, seeds: u32, window: u64, cases: usize, need: usize) {
    let mut rng = SplitMix64::new(u64::from(seeds) * 1000 + window);
    let mut computer = Computer::with_table_bits(14);
    let mut solved = 0;
    for case in 0..cases {
        let pos = tiny(variant, options, seeds, window, &mut rng);
        if pos.is_over() {
            continue;
        }
        let Some(expected) = solve(pos) else { continue };
        let thought =
            computer.think(&[pos], &Limits { nodes: Some(2_000_000), ..Limits::default() }, &mut NoClock).unwrap();
        assert!(thought.exact, "{variant:?} case {case}: not solved: {:?}", pos.to_setup());
        assert_eq!(thought.score, expected, "{variant:?} case {case}: {:?}", pos.to_setup());
        // The move played must achieve that score.
        let after = pos.play(thought.best).unwrap();
        let value = solve_move(&[], pos, after).unwrap();
        assert_eq!(value, expected, "{variant:?} case {case}: best move {} falls short", thought.best);
        solved += 1;
    }
    eprintln!("{variant:?}: {solved} of {cases} solved");
    assert!(solved >= need, "{variant:?}: only {solved} positions were small enough");
}

#[test]
fn mangala_forced_small_positions_are_solved() {
    // MG-4 forced play, MG-5..MG-7.
    check(Variant::Mangala, Options::default(), 9, 14, 40, 30);
}

#[test]
fn mangala_free_choice_small_positions_are_solved() {
    // MG-4 free choice, MG-5..MG-7.
    check(Variant::Mangala, Options { free_choice: true, ..Options::default() }, 3, 3, 200, 10);
}

#[test]
fn sadeqa_small_positions_are_solved() {
    // SQ-3..SQ-5.
    check(Variant::Sadeqa, Options::default(), 4, 5, 60, 25);
}

#[test]
fn manqala_small_positions_are_solved() {
    // AM-4..AM-8, and loops ended by C-6 with the AM-9 split.
    check(Variant::Manqala, Options::default(), 6, 5, 60, 20);
}

#[test]
fn anywoli_small_positions_are_solved() {
    // AW-3..AW-7: extra moves after a final four, passes, the last four.
    check(Variant::Anywoli, Options::default(), 5, 3, 400, 5);
}
