//! One JSON view of a position, the same on the command line and in the page (`serde` feature):
//! `{ board, stores: { south, north }, toMove, legal, over, end: { winner, reason } | null }`.

use serde::Serialize;

use crate::{BySide, End, Position, Side};

/// A position as the command line prints it and the page's `state()` holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PositionView {
    /// Seeds in each pit, C-1's order.
    pub board: Vec<u8>,
    /// Seeds each player has captured.
    pub stores: BySide<u8>,
    /// Who really moves next, passes and automatic ends applied (C-8); `null` once over.
    pub to_move: Option<Side>,
    /// The pits the player to move may sow.
    pub legal: Vec<u8>,
    /// Whether the game is over.
    pub over: bool,
    /// How it ended.
    pub end: Option<EndView>,
}

/// The end of a game, flat: `{ winner: "south" | "north" | null, reason }` (`null`: a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify), tsify(missing_as_null))]
pub struct EndView {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// [`crate::EndReason::id`].
    pub reason: &'static str,
}

impl From<End> for EndView {
    fn from(end: End) -> EndView {
        EndView { winner: end.outcome.winner(), reason: end.reason.id() }
    }
}

impl From<&Position> for PositionView {
    fn from(pos: &Position) -> PositionView {
        PositionView {
            board: pos.board().to_vec(),
            stores: pos.stores(),
            to_move: pos.to_move(),
            legal: pos.legal_moves().pits().to_vec(),
            over: pos.is_over(),
            end: pos.end().map(EndView::from),
        }
    }
}
