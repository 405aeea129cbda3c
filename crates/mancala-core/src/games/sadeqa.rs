//! # Rules
//! Sadeqa III, Welega (`docs/rules.md`, SQ):
//! - SQ-1: 2×8, six per pit (96), or four (64) as an option.
//! - SQ-2: sow any occupied pit of your row.
//! - SQ-3: relay while the last seed falls into an occupied pit.
//! - SQ-4: ending in an empty pit of your own row captures the opposite pit.
//! - SQ-5: no legal move at the start of a turn ends the game; the seeds
//!   left go to the player who made the last move. Also by repetition. An
//!   empty board is such an end (no-move); a move never empties it, since a
//!   capture leaves the seed that landed (SQ-4).

use super::{LapEnd, Pits};
use crate::{Observer, Position, Side};

/// SQ-3: a last seed that falls into an occupied pit relays.
pub(super) const fn relays(seeds: u8) -> bool {
    seeds > 1
}

/// SQ-4: a last seed in an empty pit of the mover's row captures the opposite pit.
#[inline(always)]
pub(super) fn stop<O: Observer>(pits: &mut impl Pits, last: usize, mover: Side, obs: &mut O) -> LapEnd {
    let pos = pits.pos();
    let (own, opposite) = (pos.owner(last) == mover, pos.opposite(last));
    pits.take_if(own, opposite, mover, obs);
    LapEnd::Stop
}

/// SQ-5: the player who made the last move takes what is left. With no move
/// made yet (a set-up position), that is the player not to move.
pub(super) fn no_move<O: Observer>(pos: &mut Position, obs: &mut O) {
    let taker = pos.last_mover.unwrap_or(pos.turn.other());
    pos.settle_all(taker, obs);
    pos.finish(crate::EndReason::NoMove, obs);
}
