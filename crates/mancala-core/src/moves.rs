//! Moves and fixed-capacity move lists.

use core::fmt;
use core::str::FromStr;

/// A pit index, `0 .. 2n` as in C-1.
pub type Pit = u8;

/// A move: sow from a pit, or apply Al-manqala's agreed split (AM-9). With the `serde`
/// feature it is the pit's number or the text `"split"`, as the page and the CLI write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Sow(Pit),
    Split,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Sow(pit) => write!(f, "{pit}"),
            Move::Split => f.write_str("split"),
        }
    }
}

/// The TypeScript of a serialized [`Move`] (its serde is written by hand).
#[cfg(feature = "tsify")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const MOVE_TS: &str = r#"/** A pit number (C-1) or Al-manqala's agreed split (AM-9). */
export type Move = number | "split";
/** A pit's index, 0 … 2n − 1 (C-1). */
export type Pit = number;"#;

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::Sow(pit) => s.serialize_u8(*pit),
            Move::Split => s.serialize_str("split"),
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        /// Reads a pit number or `"split"`.
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Move;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a pit number or \"split\"")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Move, E> {
                Pit::try_from(v).map(Move::Sow).map_err(|_| E::invalid_value(serde::de::Unexpected::Unsigned(v), &self))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Move, E> {
                if v == "split" { Ok(Move::Split) } else { Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)) }
            }
        }
        d.deserialize_any(Visit)
    }
}

/// A move that is neither a pit number nor `split`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a move: give a pit number or \"split\"", self.0)
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let s = s.trim();
        if s == "split" {
            return Ok(Move::Split);
        }
        s.parse::<Pit>().map(Move::Sow).map_err(|_| ParseMoveError(s.to_owned()))
    }
}

impl Move {
    /// Reads a move in the notation the page's move list shows, on a board of `pits_per_row`
    /// pits a row: a pit's letter (South `a`, `b`, … from South's left, pits `0 .. n`; North `A`,
    /// `B`, … from North's left, pits `n .. 2n`, as C-1 numbers them), a pit number, or `split`.
    ///
    /// ```
    /// use mancala_core::Move;
    /// assert_eq!(Move::from_notation("c", 8), Ok(Move::Sow(2)));
    /// assert_eq!(Move::from_notation("E", 8), Ok(Move::Sow(12)));
    /// assert_eq!(Move::from_notation("12", 8), Ok(Move::Sow(12)));
    /// assert!(Move::from_notation("I", 8).is_err());
    /// ```
    pub fn from_notation(text: &str, pits_per_row: u8) -> Result<Move, ParseMoveError> {
        let t = text.trim();
        // A letter's place in its row, and the row's first pit.
        let letter = match *t.as_bytes() {
            [c @ b'a'..=b'z'] => Some((c - b'a', 0)),
            [c @ b'A'..=b'Z'] => Some((c - b'A', pits_per_row)),
            _ => None,
        };
        match letter {
            Some((place, first)) if place < pits_per_row => Ok(Move::Sow(first + place)),
            Some(_) => Err(ParseMoveError(t.to_owned())),
            None => t.parse(),
        }
    }

    /// The move in that notation: a pit's letter, or `split`; a pit beyond the board
    /// (`2 × pits_per_row` or more) as its number.
    ///
    /// ```
    /// use mancala_core::Move;
    /// assert_eq!(Move::Sow(2).notation(8), "c");
    /// assert_eq!(Move::Sow(12).notation(8), "E");
    /// assert_eq!(Move::Split.notation(7), "split");
    /// ```
    #[must_use]
    pub fn notation(self, pits_per_row: u8) -> String {
        match self {
            Move::Sow(pit) if pits_per_row <= 26 && pit < pits_per_row => char::from(b'a' + pit).to_string(),
            Move::Sow(pit) if pits_per_row <= 26 && pit < 2 * pits_per_row => {
                char::from(b'A' + pit - pits_per_row).to_string()
            }
            other => other.to_string(),
        }
    }
}

/// Up to twelve sowing moves, without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    pits: [Pit; 12],
    len: u8,
}

impl MoveList {
    pub(crate) const fn new() -> Self {
        MoveList { pits: [0; 12], len: 0 }
    }

    pub(crate) fn push(&mut self, pit: Pit) {
        if let Some(slot) = self.pits.get_mut(usize::from(self.len)) {
            *slot = pit;
            self.len += 1;
        }
    }

    /// The pits, in increasing order.
    #[must_use]
    pub fn pits(&self) -> &[Pit] {
        &self.pits[..usize::from(self.len)]
    }

    /// How many moves.
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        self.pits().iter().map(|&p| Move::Sow(p))
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.pits()).finish()
    }
}

/// `BYTE_POP[b]`: how many bits of `b` are set.
static BYTE_POP: [u8; 256] = {
    let mut pop = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        pop[b] = (b as u8).count_ones() as u8;
        b += 1;
    }
    pop
};

/// `BYTE_NTH[b]`: the set bits of `b`, lowest first, a byte each (byte `i` the `i`-th lowest,
/// from 0), so that one word read for `b` alone holds whichever the draw picks.
static BYTE_NTH: [u64; 256] = {
    let mut nth = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut i) = (0, 0);
        while bit < 8 {
            if b & 1 << bit != 0 {
                nth[b] |= (bit as u64) << (8 * i);
                i += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    nth
};

/// A set of pits as bits (pit `i` is bit `i`): the sowable pits of a row on the hot path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct PitSet(pub(crate) u32);

impl PitSet {
    /// The bytes of `word` that are not zero, byte `i` as bit `i`: the top bit of each non-zero
    /// byte, gathered into one byte by a multiplication.
    pub(crate) fn nonzero_bytes(word: u64) -> u32 {
        const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let tops = (((word & LOW) + LOW) | word) & !LOW;
        ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
    }

    /// The first sixteen pits that hold seeds, from the board's first two words (pits 0–7 and
    /// 8–15, a byte a pit).
    pub(crate) fn occupied16(low: u64, high: u64) -> u32 {
        PitSet::nonzero_bytes(low) | PitSet::nonzero_bytes(high) << 8
    }

    /// How many pits, for a set within the first sixteen (a row's pits counted from its first,
    /// [`PitSet::counted_from`]): two byte-table reads (the portable x86-64 build has no population count).
    pub(crate) fn len(self) -> u32 {
        debug_assert!(self.0 >> 16 == 0, "a set beyond the first sixteen pits: {:#x}", self.0);
        let [a, b, _, _] = self.0.to_le_bytes();
        u32::from(BYTE_POP[usize::from(a)] + BYTE_POP[usize::from(b)])
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest pit.
    pub(crate) fn first(self) -> Option<usize> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }

    /// The `i`-th lowest pit (from 0) of a set within the first sixteen; `i` is below
    /// [`PitSet::len`]. Without a branch on `i` (a random draw's index, which no predictor
    /// guesses): the byte that holds it, found by comparing `i` with the pits of the low byte, then
    /// that byte's `i`-th bit. Both bytes' bits are read by the set alone, before `i` is known.
    pub(crate) fn nth(self, i: u32) -> usize {
        debug_assert!(self.0 >> 16 == 0, "a set beyond the first sixteen pits: {:#x}", self.0);
        let [a, b, _, _] = self.0.to_le_bytes();
        let (bits_a, bits_b) = (BYTE_NTH[usize::from(a)], BYTE_NTH[usize::from(b)]);
        let below_b = u32::from(BYTE_POP[usize::from(a)]);
        let high = i >= below_b;
        let (bits, rank) = core::hint::select_unpredictable(high, (bits_b, i.wrapping_sub(below_b)), (bits_a, i));
        8 * usize::from(high) + usize::from(bits.wrapping_shr(8 * rank) as u8)
    }

    /// The pits from `first` on, counted from `first` (pit `first + i` as bit `i`).
    pub(crate) fn counted_from(self, first: usize) -> PitSet {
        PitSet(self.0 >> first)
    }

    /// The set without `pit`.
    pub(crate) fn without(self, pit: usize) -> PitSet {
        PitSet(self.0 & !(1 << pit))
    }

    /// The pits, lowest first.
    pub(crate) fn iter(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            let pit = PitSet(bits).first()?;
            bits &= bits - 1;
            Some(pit)
        })
    }

    /// The pits for which `keep` holds.
    pub(crate) fn filter(self, keep: impl Fn(usize) -> bool) -> PitSet {
        PitSet(self.iter().filter(|&p| keep(p)).fold(0, |bits, p| bits | 1 << p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table-driven count and `i`-th pit are those of the bits one by one, for every set of
    /// the first sixteen pits and, counted from its first pit, every set of Anywoli's North row
    /// (pits 12–23, the third byte).
    #[test]
    fn the_nth_pit_by_tables_is_the_nth_set_bit() {
        let sets = (0..1u32 << 16).map(|bits| (bits, 0)).chain((0..1u32 << 12).map(|row| (row << 12, 12)));
        for (bits, first) in sets {
            let set = PitSet(bits).counted_from(first);
            assert_eq!(set.len(), bits.count_ones(), "{bits:#x}");
            let pits: Vec<usize> = (0..24).filter(|&p| bits & 1 << p != 0).collect();
            for (i, &pit) in pits.iter().enumerate() {
                assert_eq!(first + set.nth(i as u32), pit, "{bits:#x} {i}");
            }
        }
    }
}
