//! Shared by the tests: an exhaustive minimax oracle, tiny random
//! positions, and a thread with a big stack for deep searches.
#![allow(dead_code)]

use std::collections::HashMap;

use mancala_ai::terminal_score;
use mancala_core::{BySide, Options, Position, Setup, Side, SplitMix64, Variant};

/// Seeds captured so far: they only grow, so positions with different
/// totals can never be repetitions of one another (C-6).
pub fn captured(pos: &Position) -> u32 {
    u32::from(pos.stores().south) + u32::from(pos.stores().north)
}

/// The value of the last position of `path` for its player to move, by
/// full minimax (no pruning); `None` if that takes more than `budget`
/// positions or a line longer than [`ORACLE_PLIES`]. A position just after
/// a capture cannot repeat anything before it, so its value does not
/// depend on the path: those (and only those) are remembered in `memo`.
pub fn oracle(path: &mut Vec<Position>, memo: &mut HashMap<Position, i32>, budget: &mut u64) -> Option<i32> {
    let pos = *path.last().unwrap();
    let fresh = path.len() < 2 || captured(&path[path.len() - 2]) != captured(&pos);
    if fresh && let Some(&v) = memo.get(&pos) {
        return Some(v);
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
pub const ORACLE_BUDGET: u64 = 40_000;
pub const ORACLE_PLIES: usize = 200;

/// A position of `variant` with `seeds` seeds on the board, at random in
/// `window` adjacent pits (captures come sooner), the rest in the stores,
/// either player to move.
pub fn tiny(variant: Variant, options: Options, seeds: u32, window: u64, rng: &mut SplitMix64) -> Position {
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
pub fn deep(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 << 20).spawn(f).unwrap().join().unwrap();
}

/// The oracle's value of `pos` with a fresh memo and the default budget.
pub fn solve(pos: Position) -> Option<i32> {
    oracle(&mut vec![pos], &mut HashMap::new(), &mut ORACLE_BUDGET.clone())
}

/// The oracle's value of the move from `pos` to `after`, for the player to
/// move at `pos` (`history` is what came before `pos`).
pub fn solve_move(history: &[Position], pos: Position, after: Position) -> Option<i32> {
    if after.is_over() {
        return Some(terminal_score(&after, pos.turn()));
    }
    let mut path = history.to_vec();
    path.extend([pos, after]);
    let v = oracle(&mut path, &mut HashMap::new(), &mut ORACLE_BUDGET.clone())?;
    Some(if after.turn() == pos.turn() { v } else { -v })
}
