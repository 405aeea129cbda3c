//! Why a move cannot be played, and why a setup is not a position: each with a stable id.

use core::fmt;

use crate::Pit;

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// No such pit on this board.
    NoSuchPit,
    /// The pit is in the opponent's row.
    NotYourPit,
    /// The pit holds no seeds.
    EmptyPit,
    /// The opponent's row is empty and another move feeds it (AM-4).
    MustFeed,
    /// The sowing would never end (C-5).
    Endless,
    /// Only the leftmost playable pit may be sown (MG-4): this one.
    Forced(Pit),
    /// Only Al-manqala has the split (AM-9).
    NoSplit,
}

impl PlayError {
    /// A stable id for translations: `game-over`, `no-such-pit`, `not-your-pit`, `empty-pit`,
    /// `must-feed`, `endless`, `forced` or `no-split`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            PlayError::GameOver => "game-over",
            PlayError::NoSuchPit => "no-such-pit",
            PlayError::NotYourPit => "not-your-pit",
            PlayError::EmptyPit => "empty-pit",
            PlayError::MustFeed => "must-feed",
            PlayError::Endless => "endless",
            PlayError::Forced(_) => "forced",
            PlayError::NoSplit => "no-split",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver => f.write_str("the game is over"),
            PlayError::NoSuchPit => f.write_str("there is no such pit on this board"),
            PlayError::NotYourPit => f.write_str("not your pit"),
            PlayError::EmptyPit => f.write_str("that pit is empty"),
            PlayError::MustFeed => f.write_str("you must feed your opponent"),
            PlayError::Endless => f.write_str("that sowing would never end"),
            PlayError::Forced(pit) => write!(f, "you must sow your leftmost pit ({pit})"),
            PlayError::NoSplit => f.write_str("only Al-manqala has the split"),
        }
    }
}

impl std::error::Error for PlayError {}

/// Why a setup is not a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The board has the wrong number of pits.
    PitCount { expected: usize, found: usize },
    /// Board and stores do not add up to the game's seeds (C-7).
    SeedTotal { expected: u32, found: u64 },
    /// Al-manqala captures only 2 or 4 at a time, so captured counts are even (AM-5).
    OddStores,
}

impl SetupError {
    /// A stable id for translations: `pit-count`, `seed-total` or `odd-stores`.
    #[must_use]
    pub const fn id(&self) -> &'static str {
        match self {
            SetupError::PitCount { .. } => "pit-count",
            SetupError::SeedTotal { .. } => "seed-total",
            SetupError::OddStores => "odd-stores",
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PitCount { expected, found } => {
                write!(f, "this board has {expected} pits, but {found} counts were given")
            }
            SetupError::SeedTotal { expected, found } => {
                write!(f, "this game has {expected} seeds, but board and stores hold {found}")
            }
            SetupError::OddStores => f.write_str("in Al-manqala captured seeds always come in even numbers"),
        }
    }
}

impl std::error::Error for SetupError {}
