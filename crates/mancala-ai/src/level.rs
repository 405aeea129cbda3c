//! The levels of the computer opponent, each a fixed budget so that a game
//! replays the same for the same seed.

use core::fmt;
use core::str::FromStr;

use mancala_core::Variant;

use crate::Limits;

/// How strong the computer plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Level {
    /// A yardstick, not offered to players: takes the move that captures
    /// the most at once (ties at random), blind to everything else.
    Greedy,
    /// Looks one move ahead, no further, and misjudges small differences
    /// (a random error of up to three seeds per move): it takes big captures
    /// it sees, but walks into replies and misses quiet gains.
    Beginner,
    /// A shallow search: sees the reply to its move.
    Easy,
    /// A real search with a small budget.
    Medium,
    /// A real search with six or more times Medium's budget.
    Hard,
    /// A real search with ten or more times Hard's budget, bounded to a
    /// second per move by the clock on slow devices.
    Expert,
}

impl Level {
    /// The levels offered to players, weakest first.
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The id used on the command line and in saves.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Level::Greedy => "greedy",
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The display name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Level::Greedy => "Greedy",
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
        }
    }

    /// The search budget in `variant`. Greedy and Beginner look one move
    /// ahead; the others search with a node budget (deterministic); Expert's
    /// time cap only matters with a real clock on a slow machine.
    ///
    /// Easy's node cap is a bound only: depth 2 stops sooner. Mangala IV
    /// (free choice) gets smaller Medium and Hard budgets: its
    /// search stops gaining strength at about ten plies, so the levels are
    /// spaced lower to stay distinct (`docs/ai-evidence.md`, §5a).
    #[must_use]
    pub const fn limits(self, variant: Variant) -> Limits {
        let mangala = matches!(variant, Variant::Mangala);
        match self {
            Level::Greedy | Level::Beginner => Limits { depth: Some(1), nodes: None, time_ms: None },
            Level::Easy => Limits { depth: Some(2), nodes: Some(1_000), time_ms: None },
            Level::Medium => Limits { depth: None, nodes: Some(if mangala { 1_000 } else { 10_000 }), time_ms: None },
            Level::Hard => Limits { depth: None, nodes: Some(if mangala { 15_000 } else { 60_000 }), time_ms: None },
            Level::Expert => Limits { depth: None, nodes: Some(600_000), time_ms: Some(1_000.0) },
        }
    }

    /// Whether the level chooses by searching (not Greedy, not Beginner).
    #[must_use]
    pub const fn searches(self) -> bool {
        !matches!(self, Level::Greedy | Level::Beginner)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A level id that is not one of the levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level \"{}\": choose beginner, easy, medium, hard, expert or greedy", self.0)
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        [Level::Greedy, Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Expert]
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| ParseLevelError(s.to_owned()))
    }
}
