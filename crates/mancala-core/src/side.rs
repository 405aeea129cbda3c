//! The two players and per-side data.

use core::fmt;
use core::str::FromStr;

/// A player, named by the row they own (C-1): South owns the low pit indices.
/// South is the default: it moves first unless the setup says otherwise (C-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Side {
    #[default]
    South,
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `"south"` or `"north"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A side name that is neither `south` nor `north`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSideError;

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a side is \"south\" or \"north\"")
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => Err(ParseSideError),
        }
    }
}

/// One value per side, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub struct BySide<T> {
    pub south: T,
    pub north: T,
}

impl<T> BySide<T> {
    /// The value of `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }
}
