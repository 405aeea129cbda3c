//! # Rules
//! Mangala IV, Gaziantep (`docs/rules.md`, MG):
//! - MG-1: 2×7, 98 seeds, no stores.
//! - MG-2: seven per pit, or a random spread from a numeric seed (`Setup`).
//! - MG-3: the opening ritual decides sides (`crate::ritual`).
//! - MG-4: sow the leftmost occupied pit whose move is not endless; the
//!   "free choice" option allows any (`Position::legal_moves`).
//! - MG-5: last pit holds 1: stop; 2 or 4: capture and stop; 3 or ≥ 5: relay.
//! - MG-6: capture the landing pit and its opposite, then backward while a
//!   pit holds 2 or 4, with its opposite.
//! - MG-7: no legal move: pass; neither can move: the game ends as by C-6.
//! - MG-8: ends when the board is empty, or by repetition.

use super::{LapEnd, Pits};
use crate::{EndReason, Observer, Position, Side};

/// MG-5: a last pit holding 3, or 5 and more, relays.
pub(super) const fn relays(seeds: u8) -> bool {
    matches!(seeds, 3 | 5..)
}

/// MG-5 and MG-6: a last pit holding 2 or 4 is captured with its opposite,
/// then backward while a pit holds 2 or 4; one that holds 1 just stops.
#[inline(always)]
pub(super) fn stop<O: Observer>(pits: &mut impl Pits, last: usize, mover: Side, obs: &mut O) -> LapEnd {
    let mut pit = last;
    while matches!(pits.seeds(pit), 2 | 4) {
        pits.take(pit, mover, obs);
        let (opposite, before) = (pits.pos().opposite(pit), pits.pos().before(pit));
        pits.take(opposite, mover, obs);
        pit = before;
    }
    LapEnd::Stop
}

/// MG-8: the game ends when the board is empty (before MG-7 could call it a
/// game in which neither player can move).
pub(super) fn check_board_empty<O: Observer>(pos: &mut Position, obs: &mut O) {
    if pos.board_is_empty() {
        pos.finish(EndReason::BoardEmpty, obs); // MG-8
    }
}
