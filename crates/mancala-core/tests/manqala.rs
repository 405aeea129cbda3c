//! Al-manqala (AM) rule tests, each citing its rule id.

mod common;

use common::{play, position, snapshot, traced};
use mancala_core::{
    CaptureKind, EndReason, Game, Move, Options, Outcome, PlayError, Position, SetupError, Side, Step, Variant,
};

const AM: Variant = Variant::Manqala;

fn opts() -> Options {
    Options::default()
}

#[test]
fn am1_am2_seven_per_pit_any_non_empty_pit() {
    let pos = Position::new(AM, opts());
    assert_eq!(pos.board(), &[7; 14]);
    assert_eq!(pos.legal_moves().pits(), &[0, 1, 2, 3, 4, 5, 6]);
    assert!(!pos.rules().relay);
}

#[test]
fn am3_a_single_lap() {
    // Pit 0's two seeds fall into 1 and 2; pit 2 ends at 6: no capture, no relay.
    let pos = position(AM, opts(), &[2, 0, 5, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0], [44, 44], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0, 1, 6, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0], [44, 44]));
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn am5_capture_walks_back_across_rows_without_opposites() {
    // Pit 5's three seeds: 6 (3 → 4), 7 (1 → 2), 8 (1 → 2, last). Take 8, 7 and
    // 6; pit 5 is empty: stop. Opposite pits are never taken.
    let pos = position(AM, opts(), &[40, 0, 0, 0, 0, 3, 3, 1, 1, 0, 0, 0, 0, 2], [24, 24], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(5));
    assert_eq!(snapshot(&after), (vec![40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], [32, 24]));
    let captures: Vec<(u8, u8)> = trace
        .0
        .iter()
        .filter_map(|s| match *s {
            Step::Capture { pit, seeds, to: Side::South, kind: CaptureKind::Final } => Some((pit, seeds)),
            _ => None,
        })
        .collect();
    assert_eq!(captures, vec![(8, 2), (7, 2), (6, 4)]);
}

#[test]
fn am5_walk_wraps_from_pit_zero_to_the_last_pit() {
    // North's pit 12 sows 13 (1 → 2) and 0 (1 → 2, last): take 0, then 13;
    // pit 12 is empty: stop.
    let pos = position(AM, opts(), &[1, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 2, 1], [44, 44], Side::North);
    let after = play(&pos, 12);
    assert_eq!(snapshot(&after), (vec![0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0], [44, 48]));
    assert_eq!(after.to_move(), Some(Side::South));
}

#[test]
fn am5_no_capture_unless_the_last_pit_holds_two_or_four() {
    // Pit 8 ends at 3: nothing is taken, even though pit 7 holds 2.
    let pos = position(AM, opts(), &[40, 0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0, 1], [26, 26], Side::South);
    let after = play(&pos, 6);
    assert_eq!(snapshot(&after), (vec![40, 0, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 0, 1], [26, 26]));
}

#[test]
fn am4_must_feed_an_empty_opponent() {
    // North's row is empty: pit 0 (one seed, seven pits away) cannot reach it,
    // pit 6 can.
    let pos = position(AM, opts(), &[1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], [48, 48], Side::South);
    assert_eq!(pos.legal_moves().pits(), &[6]);
    assert_eq!(pos.play(Move::Sow(0)), Err(PlayError::MustFeed));
    assert_eq!(PlayError::MustFeed.to_string(), "you must feed your opponent");
}

#[test]
fn am6_starvation_gives_the_board_to_the_starving_player() {
    let pos = position(AM, opts(), &[1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [48, 48], Side::South);
    assert_eq!(snapshot(&pos), (vec![0; 14], [48, 50]));
    let end = pos.end().expect("over at once");
    assert_eq!((end.reason, end.outcome), (EndReason::Starvation, Outcome::Win(Side::North)));
}

#[test]
fn am7_empty_row_passes_then_am6_starvation() {
    // South takes pits 7 and 6, emptying North's row; North passes (AM-7);
    // South cannot feed (6 seeds 7 away, 4 seeds 6 away): North takes the rest.
    let pos = position(AM, opts(), &[6, 4, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0], [42, 42], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(5));
    assert_eq!(snapshot(&after), (vec![0; 14], [46, 52]));
    assert!(trace.0.contains(&Step::Pass { side: Side::North }));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::Starvation, Outcome::Win(Side::North)));
}

#[test]
fn am8_fifty_captured_ends_at_once_leaving_the_board() {
    let pos = position(AM, opts(), &[0, 0, 0, 0, 0, 3, 3, 1, 1, 0, 0, 0, 0, 2], [44, 44], Side::South);
    let after = play(&pos, 5);
    assert_eq!(snapshot(&after), (vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], [52, 44]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::Fifty, Outcome::Win(Side::South)));
}

/// AM-8: the capture that reaches fifty also empties the board. The game ends
/// by fifty, not "board empty", which is no Al-manqala end; a set-up empty
/// board reads the same way.
#[test]
fn am8_fifty_that_empties_the_board_is_still_fifty() {
    // Pit 5's two seeds: 6 (1 → 2), 7 (1 → 2, last): take 7, then 6; pit 5 is
    // empty: stop. South has 50 and nothing is left on the board.
    let pos = position(AM, opts(), &[0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0], [46, 48], Side::South);
    let after = play(&pos, 5);
    assert_eq!(snapshot(&after), (vec![0; 14], [50, 48]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::Fifty, Outcome::Win(Side::South)));
    assert_eq!(after.to_move(), None);
    let empty = position(AM, opts(), &[0; 14], [48, 50], Side::South);
    assert_eq!(empty.end().map(|e| (e.reason, e.outcome)), Some((EndReason::Fifty, Outcome::Win(Side::North))));
}

/// AM-8 before AM-6: the capture that reaches fifty also leaves North's row
/// empty and South unable to feed it. Fifty ends the game at once, so North
/// does not take the two seeds left (they stay on the board, unscored).
#[test]
fn am8_am6_fifty_while_starving_the_opponent_is_fifty() {
    // Pit 6's seed makes pit 7 hold 2: take it; North's row is empty, and
    // neither pit 0 (7 pits away) nor pit 5 (2 pits away) could feed it.
    let pos = position(AM, opts(), &[1, 0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0], [48, 46], Side::South);
    let after = play(&pos, 6);
    assert_eq!(snapshot(&after), (vec![1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], [50, 46]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::Fifty, Outcome::Win(Side::South)));
}

#[test]
fn am9_am10_agreed_split_divides_the_board_equally_and_49_49_draws() {
    let pos = Position::new(AM, opts());
    assert!(pos.is_legal(Move::Split));
    let (after, trace) = traced(&pos, Move::Split);
    assert_eq!(snapshot(&after), (vec![0; 14], [49, 49]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::Split, Outcome::Draw));
    let settled: u32 =
        trace.0.iter().map(|s| if let Step::Capture { seeds, .. } = s { u32::from(*seeds) } else { 0 }).sum();
    assert_eq!(settled, 98);
    // Uneven rows: South's row holds 10, North's 2; each still gets 6.
    let pos = position(AM, opts(), &[4, 6, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0], [42, 44], Side::North);
    assert_eq!(snapshot(&pos.play(Move::Split).unwrap()).1, [48, 50]);
    // Only Al-manqala has it.
    assert_eq!(Position::new(Variant::Sadeqa, opts()).play(Move::Split), Err(PlayError::NoSplit));
}

#[test]
fn am9_c6_repetition_applies_the_split() {
    // One seed each, chasing: the first legal move every time; the third
    // occurrence of a position ends the game with the board divided.
    let start = position(AM, opts(), &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1], [48, 48], Side::South);
    let mut game = Game::new(start);
    while let Some(m) = game.position().legal_moves().iter().next() {
        game.play(m).unwrap();
    }
    let pos = game.position();
    let end = pos.end().expect("over");
    assert_eq!(end.reason, EndReason::Repetition);
    assert_eq!(snapshot(pos), (vec![0; 14], [49, 49]));
    // The chase repeats as a whole cycle: the position before the last move
    // was at its second occurrence too (C-6).
    assert!(game.undo());
    assert_eq!(game.occurrences(), 2);
}

#[test]
fn am_setup_rejects_odd_captured_counts() {
    let setup = mancala_core::Setup {
        variant: AM,
        options: opts(),
        board: vec![7; 14],
        stores: mancala_core::BySide { south: 0, north: 0 },
        turn: Side::South,
        memory: Default::default(),
    };
    assert!(Position::from_setup(&setup).is_ok());
    let odd = mancala_core::Setup {
        board: vec![7, 7, 7, 7, 7, 7, 6, 7, 7, 7, 7, 7, 7, 7],
        stores: mancala_core::BySide { south: 1, north: 0 },
        ..setup
    };
    assert_eq!(Position::from_setup(&odd), Err(SetupError::OddStores));
}
