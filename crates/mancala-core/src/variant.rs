//! The four games, their options and the plain data of their rules.

use core::fmt;
use core::str::FromStr;

use crate::Side;

/// One of the four games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub enum Variant {
    /// Mangala IV, Gaziantep (MG).
    #[cfg_attr(feature = "serde", serde(rename = "mangala-iv"))]
    Mangala,
    /// Sadeqa III, Welega (SQ).
    #[cfg_attr(feature = "serde", serde(rename = "sadeqa-iii"))]
    Sadeqa,
    /// Al-manqala, Galilee (AM).
    #[cfg_attr(feature = "serde", serde(rename = "al-manqala"))]
    Manqala,
    /// Anywoli, Gambela (AW).
    #[cfg_attr(feature = "serde", serde(rename = "anywoli"))]
    Anywoli,
}

impl Variant {
    /// Every game, in the order the page lists them.
    pub const ALL: [Variant; 4] = [Variant::Mangala, Variant::Sadeqa, Variant::Manqala, Variant::Anywoli];

    /// The stable id used in links, saves and the command line.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Mangala => "mangala-iv",
            Variant::Sadeqa => "sadeqa-iii",
            Variant::Manqala => "al-manqala",
            Variant::Anywoli => "anywoli",
        }
    }

    /// The display name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Mangala => "Mangala IV",
            Variant::Sadeqa => "Sadeqa III",
            Variant::Manqala => "Al-manqala",
            Variant::Anywoli => "Anywoli",
        }
    }

    /// Pits in each row (MG-1, SQ-1, AM-1, AW-1).
    #[must_use]
    pub const fn pits_per_row(self) -> u8 {
        match self {
            Variant::Mangala | Variant::Manqala => 7,
            Variant::Sadeqa => 8,
            Variant::Anywoli => 12,
        }
    }

    /// The rules of this game with these options, as plain data.
    #[must_use]
    pub fn rules(self, options: &Options) -> Rules {
        let n = self.pits_per_row();
        let per_pit = match self {
            Variant::Mangala | Variant::Manqala => 7,
            Variant::Sadeqa => match options.sadeqa_seeds {
                SadeqaSeeds::Six => 6,
                SadeqaSeeds::Four => 4,
            },
            Variant::Anywoli => 4,
        };
        Rules {
            pits_per_row: n,
            seeds: u32::from(n) * 2 * per_pit,
            stores_on_board: self == Variant::Anywoli,
            relay: crate::games::relay_row(self).is_some(),
            mid_sow_fours: self == Variant::Anywoli,
            forced_leftmost: self == Variant::Mangala && !options.free_choice,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game id that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError(pub String);

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game \"{}\": choose mangala-iv, sadeqa-iii, al-manqala or anywoli", self.0)
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL.into_iter().find(|v| v.id() == s).ok_or_else(|| ParseVariantError(s.to_owned()))
    }
}

/// The rules of a game as data; behaviour that is really code lives in
/// `games/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// `n`: pits in each row.
    pub pits_per_row: u8,
    /// Every seed of the game: board plus stores (C-7).
    pub seeds: u32,
    /// Whether the board has stores at its ends (AW-1).
    pub stores_on_board: bool,
    /// Whether a lap may continue by relay (C-3); Al-manqala sows one lap (AM-3).
    pub relay: bool,
    /// Whether fours made mid-sow are captured by the pit's owner (AW-4).
    pub mid_sow_fours: bool,
    /// Whether the mover must sow their leftmost playable pit (MG-4).
    pub forced_leftmost: bool,
}

/// How Mangala IV's seeds are laid out (MG-2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum MangalaSetup {
    /// Seven in every pit.
    #[default]
    Even,
    /// The 98 seeds spread at random, replayably, from this seed.
    Random(u64),
}

/// Seeds per pit in Sadeqa III (SQ-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SadeqaSeeds {
    #[default]
    Six,
    /// Pankhurst's Game 91.
    Four,
}

/// Who takes Anywoli's last four seeds (AW-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum LastFour {
    /// The captor of the group that left four on the board.
    #[default]
    SecondToLast,
    /// The maker of the game's first final-seed capture, else `SecondToLast`.
    FirstFinal,
    /// A draw from the game's lot seed.
    Lot,
}

impl LastFour {
    /// The id used on the command line and in links.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            LastFour::SecondToLast => "second-to-last",
            LastFour::FirstFinal => "first-final",
            LastFour::Lot => "lot",
        }
    }
}

impl FromStr for LastFour {
    type Err = String;
    fn from_str(s: &str) -> Result<LastFour, String> {
        [LastFour::SecondToLast, LastFour::FirstFinal, LastFour::Lot]
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| format!("unknown last-four rule \"{s}\": choose second-to-last, first-final or lot"))
    }
}

/// Every option of every game; each game reads only its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct Options {
    /// Who moves first (C-4).
    pub first: Side,
    /// Mangala IV's layout (MG-2).
    pub setup: MangalaSetup,
    /// Mangala IV's house rule: sow any occupied pit (MG-4).
    pub free_choice: bool,
    /// Sadeqa III's seeds per pit (SQ-1).
    pub sadeqa_seeds: SadeqaSeeds,
    /// Anywoli's last-four rule (AW-7).
    pub last_four: LastFour,
    /// The seed of Anywoli's lot (AW-7.3).
    pub lot_seed: u64,
}
