//! The search against an exhaustive minimax on tiny positions of every game:
//! with no budget it must solve them (`exact`) and find the same score.
//! The oracle plays with `Position::play` (checked) and applies repetition
//! (C-6) itself along its path, so it shares no code with the search but
//! the rules.

use std::collections::HashMap;

use mancala_ai::{Engine, Limits, NoClock, Rng, terminal_score};
use mancala_core::{BySide, Options, Position, Setup, Side, Variant};

/// Seeds captured so far: they only grow, so positions with different
/// totals can never be repetitions of one another (C-6).
fn captured(pos: &Position) -> u32 {
    u32::from(pos.stores().south) + u32::from(pos.stores().north)
}

/// The value of the last position of `path` for its player to move, by
/// full minimax (no pruning); `None` if that takes more than `budget`
/// positions or a line longer than [`ORACLE_PLIES`]. A position just after
/// a capture cannot repeat anything before it, so its value does not
/// depend on the path: those (and only those) are remembered in `memo`.
fn oracle(path: &mut Vec<Position>, memo: &mut HashMap<Position, i32>, budget: &mut u64) -> Option<i32> {
    let pos = *path.last().unwrap();
    let fresh = path.len() < 2 || captured(&path[path.len() - 2]) != captured(&pos);
    if fresh {
        if let Some(&v) = memo.get(&pos) {
            return Some(v);
        }
    }
    if path.len() > ORACLE_PLIES {
        return None;
    }
    let mover = pos.turn();
    let mut best = i32::MIN;
    for m in pos.legal_moves().iter() {
        let mut child = pos.play(m).unwrap();
        if !child.is_over() && path.iter().filter(|p| p.same_placement(&child)).count() >= 2 {
            child.end_by_repetition(&mut mancala_core::NoObserver);
        }
        *budget = budget.checked_sub(1)?;
        let score = if child.is_over() {
            terminal_score(&child, mover)
        } else {
            path.push(child);
            let v = oracle(path, memo, budget);
            path.pop();
            let v = v?;
            if child.turn() == mover { v } else { -v }
        };
        best = best.max(score);
    }
    if fresh {
        memo.insert(pos, best);
    }
    Some(best)
}

/// Positions the oracle may visit per case, and the longest line it
/// follows; bigger trees are skipped.
const ORACLE_BUDGET: u64 = 40_000;
const ORACLE_PLIES: usize = 200;

/// A position of `variant` with `seeds` seeds on the board, at random in
/// `window` adjacent pits (captures come sooner), the rest in the stores,
/// either player to move.
fn tiny(variant: Variant, options: Options, seeds: u32, window: u64, rng: &mut Rng) -> Position {
    let mut setup = Setup::new(variant, options);
    let total: u32 = setup.board.iter().sum();
    let len = setup.board.len() as u64;
    setup.board.fill(0);
    let offset = rng.below(len);
    for _ in 0..seeds {
        setup.board[((offset + rng.below(window)) % len) as usize] += 1;
    }
    let rest = total - seeds;
    let south = if variant == Variant::Manqala {
        // Even (AM-5) and both under fifty (AM-8).
        let low = rest.saturating_sub(48);
        low + 2 * rng.below(u64::from((rest.min(48) - low) / 2 + 1)) as u32
    } else {
        rng.below(u64::from(rest + 1)) as u32
    };
    setup.stores = BySide { south, north: rest - south };
    setup.turn = if rng.below(2) == 0 { Side::South } else { Side::North };
    Position::from_setup(&setup).unwrap()
}

/// Runs `f` on a thread with a large stack: unoptimised test builds have
/// big frames, and both searches go 200 plies deep.
fn deep(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap();
}

/// Solves up to `cases` tiny positions; at least `need` must be small enough
/// for the oracle.
fn check(variant: Variant, options: Options, seeds: u32, window: u64, cases: usize, need: usize) {
    deep(move || check_on_this_thread(variant, options, seeds, window, cases, need));
}

fn check_on_this_thread(variant: Variant, options: Options, seeds: u32, window: u64, cases: usize, need: usize) {
    let mut rng = Rng::new(u64::from(seeds) * 1000 + window);
    let mut engine = Engine::with_table_bits(14);
    let mut solved = 0;
    for case in 0..cases {
        let pos = tiny(variant, options, seeds, window, &mut rng);
        if pos.is_over() {
            continue;
        }
        let Some(expected) = oracle(&mut vec![pos], &mut HashMap::new(), &mut ORACLE_BUDGET.clone()) else { continue };
        let thought =
            engine.think(&[pos], &Limits { nodes: Some(2_000_000), ..Limits::default() }, &mut NoClock).unwrap();
        assert!(thought.exact, "{variant:?} case {case}: not solved: {:?}", pos.to_setup());
        assert_eq!(thought.score, expected, "{variant:?} case {case}: {:?}", pos.to_setup());
        // The move played must achieve that score.
        let after = pos.play(thought.best).unwrap();
        let value = if after.is_over() {
            terminal_score(&after, pos.turn())
        } else {
            let v = oracle(&mut vec![pos, after], &mut HashMap::new(), &mut ORACLE_BUDGET.clone()).unwrap();
            if after.turn() == pos.turn() { v } else { -v }
        };
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
