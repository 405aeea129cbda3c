//! # Rules
//! Al-manqala, Galilee (`docs/rules.md`, AM):
//! - AM-1: 2×7, seven per pit (98); captures are set aside.
//! - AM-2: sow any non-empty pit of your row.
//! - AM-3: one lap, no relay.
//! - AM-4: if the opponent's row is empty, a move that drops a seed there
//!   must be chosen when one exists.
//! - AM-5: the landing pit at 2 or 4 is taken, then backward along the
//!   sowing path every pit at 2 or 4 until one is not; no opposite pits.
//! - AM-6: an empty opponent that cannot be fed takes every seed left.
//! - AM-7: a player whose row is empty passes (app convention).
//! - AM-8: 50 captured wins at once; the board is left unscored (the end is
//!   fifty even when that capture empties the board).
//! - AM-9: an agreed split (`Move::Split`) divides the board equally;
//!   repetition applies it.
//! - AM-10: 50 or more wins, 49–49 draws.

use super::{LapEnd, Pits};
use crate::moves::PitSet;
use crate::{EndReason, Observer, Position, Side};

/// AM-5.
#[inline(always)]
pub(super) fn stop<O: Observer>(pits: &mut impl Pits, last: usize, mover: Side, obs: &mut O) -> LapEnd {
    let mut pit = last;
    while matches!(pits.seeds(pit), 2 | 4) {
        pits.take(pit, mover, obs);
        pit = pits.pos().before(pit);
    }
    LapEnd::Stop
}

/// AM-4: when the opponent's row is empty, a move must reach it.
pub(super) fn feeds_if_needed(pos: &Position, side: Side, pit: usize) -> bool {
    !pos.row_is_empty(side.other()) || reaches(pos, side, pit)
}

/// AM-4 for `side`'s occupied pits, `theirs` the opponent's: when those are none, the pits
/// whose move reaches them.
pub(super) fn feeding(pos: &Position, side: Side, pits: PitSet, theirs: PitSet) -> PitSet {
    if theirs.is_empty() { pits.filter(|pit| reaches(pos, side, pit)) } else { pits }
}

/// Whether sowing `pit` drops a seed into the opponent's row.
fn reaches(pos: &Position, side: Side, pit: usize) -> bool {
    let len = pos.len();
    let n = len / 2;
    let their_first = match side {
        Side::South => n,
        Side::North => 0,
    };
    let distance = (their_first + len - pit) % len;
    usize::from(pos.board[pit]) >= distance
}

/// AM-6 and AM-7: an empty row passes; an opponent who cannot be fed takes
/// every seed left.
pub(super) fn no_move<O: Observer>(pos: &mut Position, occupied: u32, obs: &mut O) {
    if pos.row_is_empty(pos.turn) {
        obs.pass(pos.turn);
        pos.turn = pos.turn.other();
        if pos.can_move(occupied) {
            return;
        }
    }
    let starving = pos.turn.other();
    pos.settle_all(starving, obs);
    pos.finish(EndReason::Starvation, obs);
}

/// AM-8: fifty captured ends the game at once, before AM-6 and AM-7 are
/// looked at. It is the end even when that capture empties the board: "board
/// empty" is no Al-manqala end. (An empty board always means fifty: captures
/// are even, so 98 captured cannot be 49–49.)
pub(super) fn check_fifty<O: Observer>(pos: &mut Position, obs: &mut O) {
    if pos.stores.south >= 50 || pos.stores.north >= 50 {
        pos.finish(EndReason::Fifty, obs); // AM-8, also when the board is empty
    }
}
