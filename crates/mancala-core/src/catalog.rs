//! What each game is and lets the players choose, as data: the wasm's `variants()` and the
//! command line's `mancala games` publish it, and the page builds its chooser, links and texts
//! from it instead of knowing the games itself.

use crate::Variant;

/// The placement count that ends a game: its third occurrence (C-6).
pub const REPETITION_LIMIT: u8 = 3;

/// The values an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum OptionKind {
    /// One of the spec's `values`.
    Choice,
    /// On or off.
    Flag,
    /// A whole number below 10⁹ that replays a random draw.
    Seed,
    /// Mangala IV's layout: `"even"` or `{ random: seed }` (MG-2).
    Setup,
}

/// An option's default value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum OptionValue {
    /// A choice's id, or the layout `"even"`.
    Text(&'static str),
    /// A flag.
    Flag(bool),
    /// A seed.
    Number(u64),
}

/// An option that only applies while another option has a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub struct When {
    /// The other option's key.
    pub key: &'static str,
    /// The value it must have.
    pub value: &'static str,
}

/// One option of a game: its key in [`crate::Options`]' serde form, the rule that defines it,
/// its values and its default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
pub struct OptionSpec {
    /// The field of the options object (`first`, `setup`, `freeChoice`, …).
    pub key: &'static str,
    /// The rule id in `docs/rules.md`.
    pub rule: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// A choice's values, in the order to offer them.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub values: Option<&'static [&'static str]>,
    /// The value when the option is not given (that of `Options::default()`).
    pub default: OptionValue,
    /// The option applies only while another one has a value.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub when: Option<When>,
}

const FIRST: OptionSpec = OptionSpec {
    key: "first",
    rule: "C-4",
    kind: OptionKind::Choice,
    values: Some(&["south", "north"]),
    default: OptionValue::Text("south"),
    when: None,
};
const SETUP: OptionSpec = OptionSpec {
    key: "setup",
    rule: "MG-2",
    kind: OptionKind::Setup,
    values: None,
    default: OptionValue::Text("even"),
    when: None,
};
const FREE_CHOICE: OptionSpec = OptionSpec {
    key: "freeChoice",
    rule: "MG-4",
    kind: OptionKind::Flag,
    values: None,
    default: OptionValue::Flag(false),
    when: None,
};
const SADEQA_SEEDS: OptionSpec = OptionSpec {
    key: "sadeqaSeeds",
    rule: "SQ-1",
    kind: OptionKind::Choice,
    values: Some(&["six", "four"]),
    default: OptionValue::Text("six"),
    when: None,
};
const LAST_FOUR: OptionSpec = OptionSpec {
    key: "lastFour",
    rule: "AW-7",
    kind: OptionKind::Choice,
    values: Some(&["second-to-last", "first-final", "lot"]),
    default: OptionValue::Text("second-to-last"),
    when: None,
};
const LOT_SEED: OptionSpec = OptionSpec {
    key: "lotSeed",
    rule: "AW-7",
    kind: OptionKind::Seed,
    values: None,
    default: OptionValue::Number(0),
    when: Some(When { key: "lastFour", value: "lot" }),
};

impl Variant {
    /// The options this game reads, in the order to offer them; the other fields of
    /// [`crate::Options`] are ignored by it.
    #[must_use]
    pub const fn options(self) -> &'static [OptionSpec] {
        match self {
            Variant::Mangala => &[FIRST, SETUP, FREE_CHOICE],
            Variant::Sadeqa => &[FIRST, SADEQA_SEEDS],
            Variant::Manqala => &[FIRST],
            Variant::Anywoli => &[FIRST, LAST_FOUR, LOT_SEED],
        }
    }

    /// Whether the players choose sides by the counters' ritual before the game (MG-3).
    #[must_use]
    pub const fn has_ritual(self) -> bool {
        matches!(self, Variant::Mangala)
    }

    /// Whether the players may agree to split the board (AM-9).
    #[must_use]
    pub const fn has_split(self) -> bool {
        matches!(self, Variant::Manqala)
    }
}

/// A game as the page and the command line describe it: `{ id, name, pitsPerRow, seeds,
/// storesOnBoard, relay, ritual, split, repetition, options }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct VariantInfo {
    /// The id of links, saves and the command line.
    pub id: &'static str,
    /// The display name.
    pub name: &'static str,
    /// Pits in each row (MG-1, SQ-1, AM-1, AW-1).
    pub pits_per_row: u8,
    /// Seeds with the default options (C-7).
    pub seeds: u32,
    /// Whether the board has stores at its ends (AW-1).
    pub stores_on_board: bool,
    /// Whether a lap may continue by relay (C-3).
    pub relay: bool,
    /// The side-choosing ritual (MG-3).
    pub ritual: bool,
    /// The agreed split (AM-9).
    pub split: bool,
    /// The occurrence of a placement that ends the game (C-6).
    pub repetition: u8,
    /// What the players may choose.
    pub options: &'static [OptionSpec],
}

impl VariantInfo {
    /// The description of `variant`, with its default options.
    #[must_use]
    pub fn of(variant: Variant) -> VariantInfo {
        let rules = variant.rules(&crate::Options::default());
        VariantInfo {
            id: variant.id(),
            name: variant.name(),
            pits_per_row: rules.pits_per_row,
            seeds: rules.seeds,
            stores_on_board: rules.stores_on_board,
            relay: rules.relay,
            ritual: variant.has_ritual(),
            split: variant.has_split(),
            repetition: REPETITION_LIMIT,
            options: variant.options(),
        }
    }

    /// Every game, in the order to list them.
    #[must_use]
    pub fn all() -> [VariantInfo; 4] {
        Variant::ALL.map(VariantInfo::of)
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;
    use crate::Options;

    /// Each spec's key is a field of the options, its default is `Options::default()`'s, and each
    /// of a choice's values reads (C-4, MG-2, MG-4, SQ-1, AW-7).
    #[test]
    fn specs_match_the_options_type() {
        let defaults = serde_json::to_value(Options::default()).unwrap();
        for variant in Variant::ALL {
            for spec in variant.options() {
                let default = serde_json::to_value(spec.default).unwrap();
                assert_eq!(defaults[spec.key], default, "{variant}: {}", spec.key);
                for value in spec.values.unwrap_or(&[]) {
                    let one = serde_json::json!({ spec.key: value });
                    let read: Options = serde_json::from_value(one.clone()).unwrap();
                    assert_eq!(serde_json::to_value(read).unwrap()[spec.key], one[spec.key]);
                }
            }
        }
    }
}
