//! Perfect endgames (issue 11 §3): inside the endgame tables the levels from Hard up play a move
//! of the best value (AN-1), over thousands of table positions of each game, and the search says
//! it is exact; the weaker levels keep their own play.

use std::sync::Arc;

use mancala_ai::{Computer, Level, NoClock, exact_score};
use mancala_core::{Move, Options, Position, Side, Variant};
use mancala_tables::Tables;

/// Every `stride`-th board of the tables, each player to move, that is not over.
fn positions(tables: &Tables, stride: usize) -> Vec<Position> {
    let (variant, options) = (tables.variant(), *tables.options());
    tables
        .boards()
        .step_by(stride)
        .flat_map(|board| [Side::South, Side::North].map(|turn| Position::from_board(variant, options, &board, turn)))
        .filter(|p| !p.is_over())
        .collect()
}

/// The best value of `pos`'s moves and the value of `chosen`, both exact from the tables.
fn values(tables: &Tables, pos: &Position, chosen: Move) -> (i8, i8) {
    let moves = tables.moves(pos).expect("in the tables");
    assert!(moves.iter().all(|(_, b)| b.is_exact()), "{:?}", pos.to_setup());
    let best = moves.iter().map(|(_, b)| b.lo).max().expect("a legal move");
    let value = moves.iter().find(|(m, _)| *m == chosen).map(|(_, b)| b.lo).expect("a legal move chosen");
    (best, value)
}

fn check(variant: Variant, options: Options, max_seeds: usize, stride: usize, need: usize) {
    let tables = Arc::new(Tables::build(variant, options, max_seeds));
    let mut computer = Computer::new();
    computer.set_tables(Some(Arc::clone(&tables)));
    let all = positions(&tables, stride);
    assert!(all.len() >= need, "{variant:?}: {} positions", all.len());
    for (i, pos) in all.iter().enumerate() {
        for level in [Level::Hard, Level::Expert] {
            let thought = computer.play(&[*pos], level, i as u64, &mut NoClock).expect("a move");
            let (best, value) = values(&tables, pos, thought.best);
            assert_eq!(value, best, "{variant:?} {level:?} {:?} played {}", pos.to_setup(), thought.best);
            assert!(thought.exact, "{variant:?} {level:?} {:?}", pos.to_setup());
            // The tables decided: one ply, each move valued from them, unless a child's value
            // holds only at the root of a line (AN-2) and the search went on.
            let rooted = pos.children().any(|(_, c)| tables.rooted(c.board(), c.turn()) == Some(true));
            assert!(
                rooted || thought.depth == 1,
                "{variant:?} {level:?} depth {}: {:?}",
                thought.depth,
                pos.to_setup()
            );
            assert_eq!(thought.score, exact_score(pos, i32::from(best)), "{variant:?} {:?}", pos.to_setup());
        }
    }
    eprintln!("{variant:?}: {} positions of at most {max_seeds} seeds, every move of the best value", all.len());
}

/// AN-1 in Sadeqa III: every position of at most 6 seeds sampled, Hard and Expert play a best move.
#[test]
fn sadeqa_endgames_are_played_perfectly() {
    check(Variant::Sadeqa, Options::default(), 6, 37, 2000);
}

/// AN-1 in Al-manqala (AM-8 ignored for values, AM-9's split not a move).
#[test]
fn al_manqala_endgames_are_played_perfectly() {
    check(Variant::Manqala, Options::default(), 8, 53, 2000);
}

/// AN-1 in Mangala IV with free choice (MG-4's forced play needs no table).
#[test]
fn mangala_free_choice_endgames_are_played_perfectly() {
    check(Variant::Mangala, Options { free_choice: true, ..Options::default() }, 6, 11, 2000);
}

/// AN-1, AN-4 in Anywoli: the 8-seed level (AW-7's default option), every board sampled.
#[test]
fn anywoli_endgames_are_played_perfectly() {
    check(Variant::Anywoli, Options::default(), 8, 4001, 2000);
}

/// The weaker levels keep their own play: they choose as they would without tables, and
/// Beginner's errors do not disappear.
#[test]
fn the_weaker_levels_are_not_made_perfect_by_the_tables() {
    let tables = Arc::new(Tables::build(Variant::Sadeqa, Options::default(), 6));
    let mut with = Computer::new();
    with.set_tables(Some(Arc::clone(&tables)));
    let mut without = Computer::new();
    let all = positions(&tables, 53);
    for level in [Level::Beginner, Level::Easy, Level::Medium] {
        for (i, p) in all.iter().enumerate() {
            let seed = i as u64;
            let (a, b) = (with.play(&[*p], level, seed, &mut NoClock), without.play(&[*p], level, seed, &mut NoClock));
            assert_eq!(a, b, "{level:?} {:?}", p.to_setup());
        }
    }
    let worse = all
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            let t = with.play(&[**p], Level::Beginner, *i as u64, &mut NoClock).expect("a move");
            let (best, value) = values(&tables, p, t.best);
            value < best
        })
        .count();
    assert!(worse > 0, "Beginner never erred in {} positions", all.len());
}
