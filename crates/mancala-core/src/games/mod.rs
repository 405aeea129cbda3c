//! Behaviour that is really code, one module per game, chosen by `match`.

mod anywoli;
pub(crate) use anywoli::lot;
mod mangala;
mod manqala;
mod sadeqa;

use crate::moves::PitSet;
use crate::{CaptureKind, Observer, Position, Side, Variant};

/// How a move ends once a lap has stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LapEnd {
    /// The move ends.
    Stop,
    /// The move ends and the mover moves again (AW-5).
    ExtraMove,
}

/// Whether a lap whose last seed leaves `seeds` in its pit relays (C-3, MG-5,
/// SQ-3, AW-3; Al-manqala sows one lap, AM-3). It depends on that count
/// alone, and a relay takes nothing.
pub(crate) fn relays(variant: Variant, seeds: u8) -> bool {
    relay_row(variant).is_some_and(|row| row[usize::from(seeds)])
}

/// [`relays`] for every count in `variant`, or `None` in a game whose laps never relay: the lap
/// loop reads its game's row, no `match` a lap, and a game with none has no loop.
pub(crate) const fn relay_row(variant: Variant) -> Option<&'static [bool; 256]> {
    match variant {
        Variant::Manqala => None, // AM-3: Al-manqala sows one lap
        _ => Some(&RELAYS[variant as usize]),
    }
}

/// [`relays`] as a table, a row per game in [`Variant`] order (Al-manqala's unread).
static RELAYS: [[bool; 256]; 4] = {
    let mut rows = [[false; 256]; 4];
    let mut seeds = 0;
    while seeds < 256 {
        rows[Variant::Mangala as usize][seeds] = mangala::relays(seeds as u8);
        rows[Variant::Sadeqa as usize][seeds] = sadeqa::relays(seeds as u8);
        rows[Variant::Anywoli as usize][seeds] = anywoli::relays(seeds as u8);
        seeds += 1;
    }
    rows
};

/// The board a move's end is decided on: the position's own pits, or the pits a lap table
/// sowed, not yet written back to the position (`crate::sow`).
pub(crate) trait Pits {
    /// The position, for all but its pits' seeds.
    fn pos(&mut self) -> &mut Position;
    /// The seeds in `pit`.
    fn seeds(&self, pit: usize) -> u8;
    /// Moves every seed of `pit` to `to`'s store: a move's final capture.
    fn take<O: Observer>(&mut self, pit: usize, to: Side, obs: &mut O);
    /// [`Pits::take`] if `take`: for a capture as likely as not, which a lap table's lanes
    /// take without a branch.
    fn take_if<O: Observer>(&mut self, take: bool, pit: usize, to: Side, obs: &mut O) {
        if take {
            self.take(pit, to, obs);
        }
    }
}

impl Pits for Position {
    fn pos(&mut self) -> &mut Position {
        self
    }

    fn seeds(&self, pit: usize) -> u8 {
        self.board[pit]
    }

    fn take<O: Observer>(&mut self, pit: usize, to: Side, obs: &mut O) {
        Position::take(self, pit, to, CaptureKind::Final, obs);
    }
}

/// Applies the game's rule for the pit where the last seed of a lap that
/// does not relay fell: the captures of a move's end.
#[inline(always)]
pub(crate) fn stop<O: Observer>(pits: &mut impl Pits, last: usize, mover: Side, obs: &mut O) -> LapEnd {
    match pits.pos().variant {
        Variant::Mangala => mangala::stop(pits, last, mover, obs),
        Variant::Sadeqa => sadeqa::stop(pits, last, mover, obs),
        Variant::Manqala => manqala::stop(pits, last, mover, obs),
        Variant::Anywoli => anywoli::stop(pits, last, mover, obs),
    }
}

/// Whether `side` may sow `pit` as far as the game's own restrictions go
/// (feeding, AM-4); the pit is known to be theirs and occupied.
pub(crate) fn feeds_if_needed(pos: &Position, side: Side, pit: usize) -> bool {
    pos.variant != Variant::Manqala || manqala::feeds_if_needed(pos, side, pit)
}

/// [`feeds_if_needed`] for `side`'s occupied pits `pits`, the opponent's
/// being `theirs`: the pits it allows.
pub(crate) fn feeding(pos: &Position, side: Side, pits: PitSet, theirs: PitSet) -> PitSet {
    if pos.variant == Variant::Manqala { manqala::feeding(pos, side, pits, theirs) } else { pits }
}

/// Applies the game's rule when the player to move has no legal move (C-8);
/// ends the game or passes. `occupied` is the board's [`Position::occupied`].
pub(crate) fn no_move<O: Observer>(pos: &mut Position, occupied: u32, obs: &mut O) {
    match pos.variant {
        Variant::Mangala | Variant::Anywoli => pos.pass_or_stalemate(occupied, obs),
        Variant::Sadeqa => sadeqa::no_move(pos, obs),
        Variant::Manqala => manqala::no_move(pos, occupied, obs),
    }
}

/// Ends the game if one of its own ends holds after a move (MG-8, AM-8,
/// AW-6). Sadeqa III has none here: an empty board leaves the next player
/// without a move (SQ-5), which `no_move` applies. Inlined into every move in wasm: a call in
/// the playout loop makes V8 store and reload the loop's values around it.
#[cfg_attr(target_arch = "wasm32", inline(always))]
pub(crate) fn check_end<O: Observer>(pos: &mut Position, mover: Side, obs: &mut O) {
    match pos.variant {
        Variant::Mangala => mangala::check_board_empty(pos, obs),
        Variant::Manqala => manqala::check_fifty(pos, obs),
        Variant::Anywoli => anywoli::check_end(pos, mover, obs),
        Variant::Sadeqa => {}
    }
}

/// How the seeds left on the board are given out at a repetition (C-6).
pub(crate) fn settle_loop<O: Observer>(pos: &mut Position, obs: &mut O) {
    match pos.variant {
        Variant::Manqala => pos.settle_split(obs),
        _ => pos.settle_own_rows(obs),
    }
}
