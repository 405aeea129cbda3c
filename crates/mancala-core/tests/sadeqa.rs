//! Sadeqa III (SQ) rule tests, each citing its rule id.

mod common;

use common::{play, position, snapshot, traced};
use mancala_core::{
    CaptureKind, EndReason, Move, Options, Outcome, PlayError, Position, SadeqaSeeds, Side, Step, Variant,
};

const SQ: Variant = Variant::Sadeqa;

fn opts() -> Options {
    Options::default()
}

#[test]
fn sq1_six_per_pit_or_four() {
    assert_eq!(Position::new(SQ, opts()).board(), &[6; 16]);
    let four = Position::new(SQ, Options { sadeqa_seeds: SadeqaSeeds::Four, ..opts() });
    assert_eq!(four.board(), &[4; 16]);
    assert_eq!(four.rules().seeds, 64);
}

#[test]
fn sq2_any_occupied_pit_of_the_row() {
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 5, 0], [40, 45], Side::South);
    assert_eq!(pos.legal_moves().pits(), &[0, 7]);
    assert_eq!(pos.play(Move::Sow(1)), Err(PlayError::EmptyPit));
    assert_eq!(pos.play(Move::Sow(8)), Err(PlayError::NotYourPit));
    assert_eq!(pos.play(Move::Sow(16)), Err(PlayError::NoSuchPit));
}

#[test]
fn sq4_empty_pit_of_own_row_captures_the_opposite() {
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 5, 0], [40, 45], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0, 1, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 0, 0], [45, 45]));
    assert_eq!(after.to_move(), Some(Side::North));
    assert_eq!(after.legal_moves().pits(), &[8]);
}

#[test]
fn sq4_empty_opposite_captures_nothing() {
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 5, 0, 0], [40, 45], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0, 1, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 5, 0, 0], [40, 45]));
}

#[test]
fn sq4_ending_in_the_opponents_row_captures_nothing() {
    // Pit 7's three seeds: 8 (2 → 3), 9, 10; pit 10 was empty and is North's.
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 0, 0, 3, 2, 0, 0, 0, 0, 0, 5, 0], [40, 45], Side::South);
    let after = play(&pos, 7);
    assert_eq!(snapshot(&after), (vec![1, 0, 0, 0, 0, 0, 0, 0, 3, 1, 1, 0, 0, 0, 5, 0], [40, 45]));
}

#[test]
fn sq3_relay_from_an_occupied_pit() {
    // 0 → pit 1 (2 → 3): relay 3 seeds into 2, 3, 4; pit 4 was empty and is
    // South's: take pit 11.
    let pos = position(SQ, opts(), &[1, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0, 0], [44, 44], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [48, 44]));
    assert_eq!(after.to_move(), Some(Side::North));
}

#[test]
fn sq3_c2_big_hand_sows_the_origin_and_relays_lap_by_lap() {
    // 17 seeds from pit 0 go round (origin included, C-2) and end on pit 1,
    // which then holds 2: eight relays of two seeds (C-3) run round the
    // board until the last seed falls into the emptied pit 1; pit 14 is taken.
    let mut board = [0; 16];
    board[0] = 17;
    let pos = position(SQ, opts(), &board, [40, 39], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(0));
    assert_eq!(snapshot(&after), (vec![2, 1, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 0, 0], [42, 39]));
    // Untraced play adds the whole round arithmetically and must agree.
    assert_eq!(pos.play(Move::Sow(0)), Ok(after));
    let lifts: Vec<(u8, u8, u32)> = trace
        .0
        .iter()
        .filter_map(|s| match *s {
            Step::Lift { pit, seeds, lap } => Some((pit, seeds, lap)),
            _ => None,
        })
        .collect();
    assert_eq!(
        lifts,
        vec![(0, 17, 1), (1, 2, 2), (3, 2, 3), (5, 2, 4), (7, 2, 5), (9, 2, 6), (11, 2, 7), (13, 2, 8), (15, 2, 9)]
    );
    let sows = trace.0.iter().filter(|s| matches!(s, Step::Sow { .. })).count();
    assert_eq!(sows, 17 + 8 * 2);
    assert_eq!(trace.0.last(), Some(&Step::Capture { pit: 14, seeds: 2, to: Side::South, kind: CaptureKind::Final }));
}

#[test]
fn sq5_no_move_ends_and_the_last_mover_takes_the_rest() {
    // South's capture empties North's row: North cannot move, the game ends and
    // South, who moved last, takes the seeds left (pits 1 and 5).
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0], [40, 50], Side::South);
    let after = play(&pos, 0);
    assert_eq!(snapshot(&after), (vec![0; 16], [46, 50]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::NoMove, Outcome::Win(Side::North)));
}

/// SQ-4, SQ-5: a capture that takes every seed but its own leaves the seed
/// that landed, so a Sadeqa III move never empties the board; North, left
/// without seeds, has no move and South takes the last seed (no-move).
#[test]
fn sq4_sq5_a_capture_of_all_the_rest_leaves_the_landing_seed() {
    let pos = position(SQ, opts(), &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0], [46, 46], Side::South);
    let (after, trace) = traced(&pos, Move::Sow(0));
    assert!(trace.0.contains(&Step::Capture { pit: 14, seeds: 3, to: Side::South, kind: CaptureKind::Final }));
    assert!(trace.0.contains(&Step::Capture { pit: 1, seeds: 1, to: Side::South, kind: CaptureKind::Settle }));
    assert_eq!(snapshot(&after), (vec![0; 16], [50, 46]));
    let end = after.end().expect("over");
    assert_eq!((end.reason, end.outcome), (EndReason::NoMove, Outcome::Win(Side::South)));
}

/// SQ-5: Sadeqa III's ends are no-move and repetition (C-6); "board empty" is
/// not one of them. A set-up empty board leaves the player to move (South)
/// without a move: no-move, and North, who did not move, takes nothing.
#[test]
fn sq5_an_empty_board_ends_as_no_move() {
    let pos = position(SQ, opts(), &[0; 16], [50, 46], Side::South);
    assert_eq!(snapshot(&pos), (vec![0; 16], [50, 46]));
    let end = pos.end().expect("over at once");
    assert_eq!((end.reason, end.outcome), (EndReason::NoMove, Outcome::Win(Side::South)));
    assert_eq!(pos.to_move(), None);
}

#[test]
fn sq5_no_move_in_a_set_up_position_goes_to_the_player_not_to_move() {
    let pos = position(SQ, opts(), &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0], [46, 46], Side::South);
    assert_eq!(snapshot(&pos), (vec![0; 16], [46, 50]));
    assert_eq!(pos.end().map(|e| e.reason), Some(EndReason::NoMove));
    assert_eq!(pos.to_move(), None);
}

#[test]
fn sq_c5_endless_move_is_illegal() {
    // Pit 3 starts a wave of two-seed relays that never dies out.
    let pos = position(SQ, opts(), &[1, 0, 1, 2, 0, 1, 0, 1, 2, 1, 0, 2, 1, 0, 1, 0], [42, 41], Side::South);
    assert_eq!(pos.play(Move::Sow(3)), Err(PlayError::Endless));
    assert!(!pos.is_legal(Move::Sow(3)));
    assert_eq!(pos.legal_moves().pits(), &[0, 2, 5, 7]);
    assert_eq!(PlayError::Endless.to_string(), "that sowing would never end");
    // play_unchecked never hangs and leaves the position as it was.
    let mut same = pos;
    same.play_unchecked(Move::Sow(3));
    assert_eq!(same, pos);
}
