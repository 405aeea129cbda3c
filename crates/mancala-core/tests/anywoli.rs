//! Anywoli (AW) rule tests, each citing its rule id.

mod common;

use common::{play, position, snapshot, traced};
use mancala_core::{CaptureKind, EndReason, LastFour, Move, Options, Outcome, Position, Side, Step, Variant};

const AW: Variant = Variant::Anywoli;

fn opts() -> Options {
    Options::default()
}

/// A 24-pit board from `(pit, seeds)` pairs.
fn board(pairs: &[(usize, u32)]) -> Vec<u32> {
    let mut b = vec![0; 24];
    for &(pit, seeds) in pairs {
        b[pit] = seeds;
    }
    b
}

#[test]
fn aw1_four_per_pit_two_stores() {
    let pos = Position::new(AW, opts());
    assert_eq!(pos.board(), &[4; 24]);
    assert!(pos.rules().stores_on_board);
    assert_eq!(pos.legal_moves().pits(), &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
}

#[test]
fn aw3_relay_until_an_empty_pit() {
    // Pit 0's two seeds: 1, then 2 (1 → 2): relay 2 seeds into 3 and 4 (empty): stop.
    let pos = position(AW, opts(), &board(&[(0, 2), (2, 1), (15, 5)]), [44, 44], Side::South);
    let after = play(&pos, 0);
    assert_eq!(
        snapshot(&after),
        (board(&[(1, 1), (3, 1), (4, 1), (15, 5)]).iter().map(|&s| s as u8).collect(), [44, 44])
    );
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn aw4_mid_sow_four_goes_to_the_pits_owner() {
    // South sows pit 10: 11, 12 (3 → 4, not the last seed: North's four), 13 (empty): stop.
    let pos =
        position(AW, opts(), &board(&[(0, 1), (1, 2), (10, 3), (12, 3), (19, 2), (20, 1)]), [42, 42], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(10));
    let expected: Vec<u8> =
        board(&[(0, 1), (1, 2), (11, 1), (13, 1), (19, 2), (20, 1)]).iter().map(|&s| s as u8).collect();
    assert_eq!(snapshot(&after), (expected, [42, 46]));
    assert!(trace.0.contains(&Step::Capture { pit: 12, seeds: 4, to: Side::North, kind: CaptureKind::MidSow }));
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn aw5_final_four_goes_to_the_mover_who_moves_again() {
    // Pit 0's two seeds: 1, then 2 (3 → 4, last): South takes four and moves again.
    let pos = position(AW, opts(), &board(&[(0, 2), (2, 3), (5, 1), (15, 2), (20, 1)]), [44, 43], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(0));
    let expected: Vec<u8> = board(&[(1, 1), (5, 1), (15, 2), (20, 1)]).iter().map(|&s| s as u8).collect();
    assert_eq!(snapshot(&after), (expected, [48, 43]));
    assert_eq!(after.to_move(), Some(Side::South));
    assert!(trace.0.contains(&Step::ExtraMove { side: Side::South }));
    assert!(trace.0.contains(&Step::Capture { pit: 2, seeds: 4, to: Side::South, kind: CaptureKind::Final }));
}

#[test]
fn aw5_final_four_in_the_opponents_row_is_still_the_movers() {
    let pos = position(AW, opts(), &board(&[(5, 1), (10, 2), (12, 3), (15, 2), (20, 1)]), [44, 43], Side::South);
    let after = play(&pos, 10);
    assert_eq!(snapshot(&after).1, [48, 43]);
    assert_eq!(after.to_move(), Some(Side::South));
}

#[test]
fn aw5_extra_move_with_an_empty_row_is_passed() {
    // South's final four leaves South's row empty: the extra move passes to North.
    let pos = position(AW, opts(), &board(&[(11, 1), (12, 3), (15, 2), (20, 2), (21, 3)]), [43, 42], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(11));
    assert_eq!(snapshot(&after).1, [47, 42]);
    assert_eq!(after.to_move(), Some(Side::North));
    assert!(trace.0.contains(&Step::Pass { side: Side::South }));
}

#[test]
fn aw6_aw7_second_to_last_group_takes_the_last_four() {
    // South's final four leaves four on the board: South captured that group.
    let pos = position(AW, opts(), &board(&[(0, 2), (2, 3), (20, 3)]), [44, 44], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0; 24], [52, 44]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::FourLeft, Outcome::Win(Side::South)));
}

/// AW-6 before AW-5's extra move and its pass: South's final four leaves four
/// seeds, all in North's row, and South's row empty. The game ends at once
/// (four-left); AW-7.1 gives the four to South, who captured the last group.
#[test]
fn aw6_aw7_four_left_ends_before_the_extra_move_is_passed() {
    let pos = position(AW, opts(), &board(&[(10, 1), (11, 3), (15, 1), (20, 3)]), [44, 44], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(10));
    assert_eq!(snapshot(&after), (vec![0; 24], [52, 44]));
    assert!(!trace.0.iter().any(|s| matches!(s, Step::Pass { .. } | Step::ExtraMove { .. })));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::FourLeft, Outcome::Win(Side::South)));
}

#[test]
fn aw7_a_mid_sow_group_counts_for_the_pits_owner() {
    // South's mid-sow four in pit 12 goes to North and leaves four: North takes them.
    let pos = position(AW, opts(), &board(&[(10, 3), (12, 3), (20, 2)]), [44, 44], Side::South);
    let after = play(&pos, 10);
    assert_eq!(snapshot(&after), (vec![0; 24], [44, 52]));
    assert_eq!(after.outcome(), Some(Outcome::Win(Side::North)));
}

/// South's final four (the game's first, extra move), then South's mid-sow
/// four for North that leaves four on the board.
fn two_captures(last_four: LastFour, lot_seed: u64) -> Position {
    let options = Options { last_four, lot_seed, ..opts() };
    let pos = position(AW, options, &board(&[(0, 2), (2, 3), (10, 3), (12, 3), (20, 1)]), [42, 42], Side::South);
    let mid = play(&pos, 0);
    assert_eq!(mid.to_move(), Some(Side::South));
    play(&mid, 10)
}

#[test]
fn aw7_rule_one_second_to_last() {
    let end = two_captures(LastFour::SecondToLast, 0);
    assert_eq!(snapshot(&end), (vec![0; 24], [46, 50]));
}

#[test]
fn aw7_rule_two_first_final_capture() {
    let end = two_captures(LastFour::FirstFinal, 0);
    assert_eq!(snapshot(&end), (vec![0; 24], [50, 46]));
    assert_eq!(end.end().map(|e| e.reason), Some(EndReason::FourLeft));
}

#[test]
fn aw7_rule_three_lot_is_replayable() {
    let mut winners = Vec::new();
    for seed in 0..16 {
        let end = two_captures(LastFour::Lot, seed);
        let drawn = end.lot_draw();
        let expected = if drawn == Side::South { [50, 46] } else { [46, 50] };
        assert_eq!(snapshot(&end).1, expected);
        assert_eq!(two_captures(LastFour::Lot, seed).lot_draw(), drawn);
        winners.push(drawn);
    }
    assert!(winners.contains(&Side::South) && winners.contains(&Side::North));
}

/// AW-6 at the four-or-none coincidence: the mid-sow four (AW-4) leaves four
/// seeds, but the move is not over; its final four (AW-5) takes them, so the
/// move ends with none left: board-empty, and AW-7 gives nothing.
#[test]
fn aw6_aw8_board_empty_after_two_groups_and_48_48_draws() {
    // Pit 11's two seeds: 12 (3 → 4, North's mid-sow four), 13 (3 → 4, South's
    // final four): no seeds remain.
    let pos = position(AW, opts(), &board(&[(11, 2), (12, 3), (13, 3)]), [44, 44], Side::South);
    let after = play(&pos, 11);
    assert_eq!(snapshot(&after), (vec![0; 24], [48, 48]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::BoardEmpty, Outcome::Draw));
}

#[test]
fn aw2_an_empty_row_passes() {
    // South is to move with an empty row: South passes at once (C-8).
    let pos = position(AW, opts(), &board(&[(15, 2), (16, 3), (20, 3)]), [44, 44], Side::South);
    assert_eq!(pos.to_move(), Some(Side::North));
    assert_eq!(pos.legal_moves().pits(), &[15, 16, 20]);
}
