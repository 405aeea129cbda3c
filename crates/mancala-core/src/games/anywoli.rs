//! # Rules
//! Anywoli, Anuak, Gambela (`docs/rules.md`, AW):
//! - AW-1: 2×12, four per pit (96), two stores never sown into.
//! - AW-2: sow any occupied pit; no legal move: pass; neither can move: the
//!   game ends as by C-6.
//! - AW-3: last seed into an empty pit ends the move; making four: AW-5;
//!   otherwise relay.
//! - AW-4: a four made by any other seed goes at once to the pit's owner
//!   (in the sowing loop, `Rules::mid_sow_fours`).
//! - AW-5: a four made by the last seed goes to the mover, who moves again.
//! - AW-6: the game ends when no seeds or only four remain; also C-6.
//! - AW-7: the last four go to the captor of the group that left them, to
//!   the first final-seed captor, or by lot.
//! - AW-8: most seeds wins; 48–48 draws.

use super::{LapEnd, Pits};
use crate::rng::SplitMix64;
use crate::{EndReason, LastFour, Observer, Position, Side};

/// AW-3: a last seed that makes neither 1 (an empty pit) nor 4 relays.
pub(super) const fn relays(seeds: u8) -> bool {
    !matches!(seeds, 1 | 4)
}

/// AW-3 and AW-5: an empty pit ends the move; a four goes to the mover, who
/// moves again.
#[inline(always)]
pub(super) fn stop<O: Observer>(pits: &mut impl Pits, last: usize, mover: Side, obs: &mut O) -> LapEnd {
    if pits.seeds(last) != 4 {
        return LapEnd::Stop;
    }
    pits.take(last, mover, obs);
    pits.pos().first_final.get_or_insert(mover);
    LapEnd::ExtraMove
}

/// AW-6 and AW-7: after a move (before its extra move), no seeds left end
/// the game; four seeds left go to one player and end it.
pub(super) fn check_end<O: Observer>(pos: &mut Position, mover: Side, obs: &mut O) {
    match pos.seeds_on_board() {
        0 => pos.finish(EndReason::BoardEmpty, obs), // AW-6
        4 => {
            let taker = last_four_taker(pos).unwrap_or(mover);
            pos.settle_all(taker, obs);
            pos.finish(EndReason::FourLeft, obs); // AW-6, AW-7
        }
        _ => {}
    }
}

/// Who takes the last four (AW-7); `None` only for a set-up position in
/// which nobody has captured.
fn last_four_taker(pos: &Position) -> Option<Side> {
    match pos.options.last_four {
        LastFour::SecondToLast => pos.last_capture,
        LastFour::FirstFinal => pos.first_final.or(pos.last_capture),
        LastFour::Lot => Some(lot(pos.options.lot_seed)),
    }
}

/// The lot of AW-7.3: the same seed always draws the same side.
pub(crate) fn lot(seed: u64) -> Side {
    if SplitMix64::new(seed).next_u64() & 1 == 0 { Side::South } else { Side::North }
}
