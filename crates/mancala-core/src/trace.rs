//! What a move does, step by step, for the page's animation.

use crate::{End, Pit, Side};

/// Why seeds went to a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum CaptureKind {
    /// A four made by a seed that was not the last of its lap (AW-4).
    MidSow,
    /// The capture that ends a move (MG-6, SQ-4, AM-5, AW-5).
    Final,
    /// Seeds left on the board, given out as the game ends (SQ-5, AM-6,
    /// AM-9, AW-7, C-6).
    Settle,
}

/// Receives each step of a move as the engine makes it. Every method does
/// nothing by default, so [`NoObserver`] costs the search nothing.
pub trait Observer {
    /// Whether this observer wants every seed: when it does not, whole laps
    /// round the board are added arithmetically where the rules allow.
    const SEEDS: bool = true;
    /// `seeds` lifted from `pit` to start lap `lap` (1 for the first).
    fn lift(&mut self, _pit: Pit, _seeds: u8, _lap: u32) {}
    /// One seed dropped into `pit`.
    fn sow(&mut self, _pit: Pit) {}
    /// `seeds` taken from `pit` into `to`'s store.
    fn capture(&mut self, _pit: Pit, _seeds: u8, _to: Side, _kind: CaptureKind) {}
    /// `side` moves again at once (AW-5).
    fn extra_move(&mut self, _side: Side) {}
    /// `side` has no legal move and passes (MG-7, AM-7, AW-2).
    fn pass(&mut self, _side: Side) {}
    /// The game is over.
    fn end(&mut self, _end: End) {}
}

/// The observer that records nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const SEEDS: bool = false;
}

/// One step of a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "kebab-case"))]
pub enum Step {
    Lift { pit: Pit, seeds: u8, lap: u32 },
    Sow { pit: Pit },
    Capture { pit: Pit, seeds: u8, to: Side, kind: CaptureKind },
    ExtraMove { side: Side },
    Pass { side: Side },
    End { end: End },
}

/// Every step of a move, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Trace(pub Vec<Step>);

impl Observer for Trace {
    fn lift(&mut self, pit: Pit, seeds: u8, lap: u32) {
        self.0.push(Step::Lift { pit, seeds, lap });
    }
    fn sow(&mut self, pit: Pit) {
        self.0.push(Step::Sow { pit });
    }
    fn capture(&mut self, pit: Pit, seeds: u8, to: Side, kind: CaptureKind) {
        self.0.push(Step::Capture { pit, seeds, to, kind });
    }
    fn extra_move(&mut self, side: Side) {
        self.0.push(Step::ExtraMove { side });
    }
    fn pass(&mut self, side: Side) {
        self.0.push(Step::Pass { side });
    }
    fn end(&mut self, end: End) {
        self.0.push(Step::End { end });
    }
}
