//! How a game ends: the outcome (C-7), the reason, and the settlements that end it (C-6, C-8,
//! SQ-5, AM-6, AM-9, AW-7).

use crate::games;
use crate::moves::PitSet;
use crate::{BySide, CaptureKind, Observer, Pit, Position, Side};

/// Who won (C-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Outcome {
    Win(Side),
    Draw,
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(side) => Some(side),
            Outcome::Draw => None,
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    /// No seeds left on the board (MG-8, AW-6); not an end of Sadeqa III
    /// (SQ-5: no-move) or Al-manqala (AM-8: fifty).
    BoardEmpty,
    /// The player to move had no legal move (SQ-5), or neither had (MG-7, AW-2).
    NoMove,
    /// The opponent's row was empty and could not be fed (AM-6).
    Starvation,
    /// A player captured fifty (AM-8).
    Fifty,
    /// A position occurred for the third time (C-6).
    Repetition,
    /// Only four seeds were left (AW-6).
    FourLeft,
    /// The players agreed to split the board (AM-9).
    Split,
}

impl EndReason {
    /// The id used in JSON: `board-empty`, `no-move`, …
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::BoardEmpty => "board-empty",
            EndReason::NoMove => "no-move",
            EndReason::Starvation => "starvation",
            EndReason::Fifty => "fifty",
            EndReason::Repetition => "repetition",
            EndReason::FourLeft => "four-left",
            EndReason::Split => "split",
        }
    }
}

/// The end of a game: its outcome and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub struct End {
    pub outcome: Outcome,
    pub reason: EndReason,
}

impl Position {
    /// MG-7 and AW-2: pass; if the other player cannot move either, the game
    /// ends as by repetition. `occupied` is the board's [`Position::occupied`].
    pub(crate) fn pass_or_stalemate<O: Observer>(&mut self, occupied: u32, obs: &mut O) {
        obs.pass(self.turn);
        self.turn = self.turn.other();
        if !self.can_move(occupied) {
            self.settle_own_rows(obs);
            self.finish(EndReason::NoMove, obs);
        }
    }

    /// Ends the game by repetition (C-6), settling the board by the game's
    /// loop rule. [`Game`](crate::Game) calls it on a third occurrence; a
    /// search that tracks its own path calls it the same way. Does nothing
    /// if the game is already over.
    pub fn end_by_repetition<O: Observer>(&mut self, obs: &mut O) {
        if self.end.is_some() {
            return;
        }
        games::settle_loop(self, obs);
        self.finish(EndReason::Repetition, obs);
    }

    /// Records the end; the outcome follows from the stores (C-7).
    pub(crate) fn finish<O: Observer>(&mut self, reason: EndReason, obs: &mut O) {
        let outcome = match self.stores.south.cmp(&self.stores.north) {
            core::cmp::Ordering::Greater => Outcome::Win(Side::South),
            core::cmp::Ordering::Less => Outcome::Win(Side::North),
            core::cmp::Ordering::Equal => Outcome::Draw,
        };
        let end = End { outcome, reason };
        self.end = Some(end);
        self.sowable = PitSet::default();
        obs.end(end);
    }

    /// Each player takes the seeds in their own row (C-6).
    pub(crate) fn settle_own_rows<O: Observer>(&mut self, obs: &mut O) {
        for pit in 0..self.len() {
            self.take(pit, self.owner(pit), CaptureKind::Settle, obs);
        }
    }

    /// `side` takes every seed on the board (SQ-5, AM-6, AW-7).
    pub(crate) fn settle_all<O: Observer>(&mut self, side: Side, obs: &mut O) {
        for pit in 0..self.len() {
            self.take(pit, side, CaptureKind::Settle, obs);
        }
    }

    /// The board divided equally (AM-9): pit by pit, each player takes from
    /// their own row first until they hold half.
    pub(crate) fn settle_split<O: Observer>(&mut self, obs: &mut O) {
        let half = (self.seeds_on_board() / 2) as u8;
        let mut due = BySide { south: half, north: half };
        for side in Side::ALL {
            for pit in self.row(side) {
                for taker in [side, side.other()] {
                    let seeds = self.board[pit].min(*due.get(taker));
                    if seeds > 0 {
                        self.board[pit] -= seeds;
                        *due.get_mut(taker) -= seeds;
                        *self.stores.get_mut(taker) += seeds;
                        obs.capture(pit as Pit, seeds, taker, CaptureKind::Settle);
                    }
                }
            }
        }
    }
}
