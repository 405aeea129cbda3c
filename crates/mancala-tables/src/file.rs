//! The tables as a file, for the page to fetch instead of building them (issue 11 §1): South's
//! entries only (North to move on a board is South to move on the board turned round, C-1),
//! each coded against what the rules already say of it.
//!
//! The decoder plays every move of each South entry, as the build does, level by level: a move
//! that captures or ends the game leads to a lower level, decoded already; a move within the
//! level leads to a South entry of the level (negated when North moves next). It then takes the
//! strongly connected components of the moves within the level sinks first, as the build does
//! (`level`), which also tells which entries lie on a cycle. An entry is the value of its best
//! move (AN-1, what `Tables::verify` checks), so an entry on no cycle, whose moves all lead to
//! entries decoded already, costs nothing. In a component with a cycle the entries are decoded
//! one by one, and only how far each lies above its best move known so far is coded, with an
//! adaptive binary range coder (`coder`) whose contexts are how many of its moves are not known
//! yet and whether the best known stays in the level. The few entries found by a search over
//! lines (`Tables::rooted`) are listed, and coded as they are.
//!
//! Layout: [`MAGIC`], the format [`VERSION`], the game's id and the options that change values
//! (Mangala IV's free choice, Anywoli's last four and lot seed), the most seeds, the number of
//! entries, a checksum of South's values and cycle bits as decoded, the rooted entries, the
//! coded bytes, and a checksum of everything before it. A file that fails any of these is
//! refused with a [`FileError`], before decoding or after.

use std::fmt;

use mancala_core::{LastFour, Options, Variant};

use crate::boards::Boards;
use crate::coder::{Decoder, Encoder};
use crate::level::Level;
use crate::{Bounds, LevelStats, Tables};

mod walk;

use walk::{Walk, turned};

/// The first bytes of a tables file.
pub const MAGIC: &[u8; 8] = b"MNCLTBLS";
/// The format's version: a file of another is refused.
pub const VERSION: u8 = 1;

/// Why a file is not tables this build can read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileError {
    /// Not a tables file (no [`MAGIC`]), or cut short.
    NotTables,
    /// A tables file of another format version.
    Version(u8),
    /// Its checksum does not match: the file was damaged.
    Corrupt,
    /// A game or option this build does not know.
    Unknown(String),
    /// It decodes, but not to the tables it was made from: another version of the rules.
    Mismatch,
    /// More entries than this build reads ([`crate::MOST_POSITIONS`]).
    TooLarge(u64),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotTables => write!(f, "not an endgame tables file"),
            FileError::Version(v) => write!(f, "tables file format {v}, this build reads {VERSION}"),
            FileError::Corrupt => write!(f, "the tables file is damaged (checksum)"),
            FileError::Unknown(what) => write!(f, "the tables file is for {what}, unknown to this build"),
            FileError::Mismatch => write!(f, "the tables file was made with other rules than this build's"),
            FileError::TooLarge(n) => write!(f, "the tables file holds {n} entries, more than this build reads"),
        }
    }
}

impl std::error::Error for FileError {}

/// South's side of the tables: the entries of South to move, by level and board rank.
struct South {
    values: Vec<Vec<i8>>,
    cycle: Vec<Vec<bool>>,
    /// `(level, rank)` of the entries found by a search over lines, in coding order.
    rooted: Vec<(u32, u32)>,
}

/// FNV-1a, 64 bits.
fn checksum(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A checksum of one level's South values and cycle bits.
fn level_checksum(values: &[i8], cycle: &[bool]) -> u64 {
    checksum(values.iter().map(|&v| v as u8).chain(cycle.iter().map(|&c| u8::from(c))))
}

/// The checksum of each level of `south`.
fn level_checksums(south: &South) -> Vec<u64> {
    south.values.iter().zip(&south.cycle).map(|(v, c)| level_checksum(v, c)).collect()
}

/// Reads a file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The game and the options that change values, as [`write_rules`] wrote them.
    fn rules(&mut self) -> Result<(Variant, Options), FileError> {
        let game = self.text()?;
        let variant: Variant = game.parse().map_err(|_| FileError::Unknown(format!("the game \"{game}\"")))?;
        let free_choice = self.u8()? == 1;
        let last_four = self.text()?;
        let last_four: LastFour =
            last_four.parse().map_err(|_| FileError::Unknown(format!("the last-four rule \"{last_four}\"")))?;
        Ok((variant, Options { free_choice, last_four, lot_seed: self.u64()?, ..Options::default() }))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], FileError> {
        let out = self.bytes.get(self.at..self.at + n).ok_or(FileError::NotTables)?;
        self.at += n;
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8, FileError> {
        Ok(self.take(1)?[0])
    }

    fn u32(&mut self) -> Result<u32, FileError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("four bytes")))
    }

    fn u64(&mut self) -> Result<u64, FileError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("eight bytes")))
    }

    fn text(&mut self) -> Result<&'a str, FileError> {
        let n = self.u8()?;
        std::str::from_utf8(self.take(usize::from(n))?).map_err(|_| FileError::Corrupt)
    }
}

fn push_text(out: &mut Vec<u8>, text: &str) {
    out.push(text.len() as u8);
    out.extend_from_slice(text.as_bytes());
}

/// The game and the options that change values (Mangala IV's free choice, Anywoli's last four
/// and lot seed), for [`Reader::rules`].
fn write_rules(out: &mut Vec<u8>, variant: Variant, options: &Options) {
    push_text(out, variant.id());
    out.push(u8::from(options.free_choice));
    push_text(out, options.last_four.id());
    out.extend_from_slice(&options.lot_seed.to_le_bytes());
}

impl Tables {
    /// The tables as a file (see the `file` module), for [`Tables::from_file`].
    ///
    /// # Errors
    /// If an entry is not exact, or North's entries are not South's on the boards turned round
    /// (C-1): the format holds exact values of South's entries only.
    pub fn to_file(&self) -> Result<Vec<u8>, String> {
        let south = self.south()?;
        let sums = level_checksums(&south);
        let (walk, coded, walked) = self.encode(south);
        walked.map_err(|(l, r)| {
            format!("the entry of rank {r} at level {l} is below its best move: tables of other rules")
        })?;
        Ok(self.assemble(&sums, &walk.south.rooted, &coded))
    }

    /// South's entries, level by level.
    fn south(&self) -> Result<South, String> {
        let pits = self.boards.pits();
        let mut south = South { values: Vec::new(), cycle: Vec::new(), rooted: Vec::new() };
        for (l, level) in self.levels.iter().enumerate() {
            let seeds = l * self.step();
            let (mut values, mut cycle) = (Vec::new(), Vec::new());
            for rank in 0..self.boards.count(seeds) {
                let board = self.board(seeds, rank);
                let north = self.boards.rank(&turned(&board, pits)[..pits]) * 2;
                let (s, n) = (2 * rank, north + 1);
                let e = level.entries[s];
                if !e.is_exact() {
                    return Err(format!("an entry of {seeds} seeds is not exact: the file holds exact values"));
                }
                if (e, level.on_cycle(s), level.rooted(s)) != (level.entries[n], level.on_cycle(n), level.rooted(n)) {
                    return Err(format!("a board of {seeds} seeds: North's entry is not South's turned round (C-1)"));
                }
                values.push(e.lo);
                cycle.push(level.on_cycle(s));
                if level.rooted(s) {
                    south.rooted.push((l as u32, rank as u32));
                }
            }
            south.values.push(values);
            south.cycle.push(cycle);
        }
        Ok(south)
    }

    /// `south` coded: the walk after it (holding what a decoder finds), the coded bytes, and
    /// the first entry that is not what its moves say, if any.
    fn encode(&self, south: South) -> (Walk, Vec<u8>, Result<(), (usize, usize)>) {
        let mut walk = Walk {
            variant: self.variant,
            options: self.options,
            boards: self.boards.clone(),
            step: self.step(),
            south,
            turned: Vec::new(),
        };
        let mut enc = Encoder::new();
        let walked = walk.run(&mut enc, self.levels.len(), &[]);
        (walk, enc.finish(), walked)
    }

    /// The file: its header (these tables' game, options and size, the levels' checksums
    /// `sums` and the `rooted` entries), the `coded` bytes, and the checksum of it all.
    fn assemble(&self, sums: &[u64], rooted: &[(u32, u32)], coded: &[u8]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        write_rules(&mut out, self.variant, &self.options);
        out.push(self.max_seeds as u8);
        out.extend_from_slice(&(self.positions() as u64).to_le_bytes());
        for sum in sums {
            out.extend_from_slice(&sum.to_le_bytes());
        }
        out.extend_from_slice(&(rooted.len() as u32).to_le_bytes());
        for (l, r) in rooted {
            out.extend_from_slice(&l.to_le_bytes());
            out.extend_from_slice(&r.to_le_bytes());
        }
        out.extend_from_slice(&(coded.len() as u32).to_le_bytes());
        out.extend_from_slice(coded);
        let sum = checksum(out.iter().copied());
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The tables a file of [`Tables::to_file`] holds.
    ///
    /// # Errors
    /// A file that is not tables, of another format version, damaged, of a game or option this
    /// build does not know, or made with other rules (its values do not decode to what was coded).
    pub fn from_file(bytes: &[u8]) -> Result<Tables, FileError> {
        Tables::from_file_to(bytes, usize::MAX)
    }

    /// The levels of at most `most` seeds of the tables a file holds: a position of `n` seeds
    /// needs no more than `n` (no move adds seeds to the board), and the decoding stops there.
    ///
    /// # Errors
    /// As [`Tables::from_file`], for the levels decoded.
    pub fn from_file_to(bytes: &[u8], most: usize) -> Result<Tables, FileError> {
        if bytes.len() < MAGIC.len() + 1 + 8 || &bytes[..MAGIC.len()] != MAGIC {
            return Err(FileError::NotTables);
        }
        let version = bytes[MAGIC.len()];
        if version != VERSION {
            return Err(FileError::Version(version));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if checksum(body.iter().copied()).to_le_bytes() != sum {
            return Err(FileError::Corrupt);
        }
        let mut r = Reader { bytes: body, at: MAGIC.len() + 1 };
        let (variant, options) = r.rules()?;
        let max_seeds = usize::from(r.u8()?);
        let positions = r.u64()?;
        if positions > crate::MOST_POSITIONS {
            return Err(FileError::TooLarge(positions));
        }
        let step = Tables::step_of(variant);
        let levels = max_seeds / step + 1;
        let sums = (0..levels).map(|_| r.u64()).collect::<Result<Vec<_>, FileError>>()?;
        let rooted = (0..r.u32()?).map(|_| Ok((r.u32()?, r.u32()?))).collect::<Result<Vec<_>, FileError>>()?;
        let len = r.u32()? as usize;
        let coded = r.take(len)?;
        if !crate::shipped::covers(variant, &options) {
            return Err(FileError::Unknown("rules that have no tables file".into()));
        }
        let pits = usize::from(variant.pits_per_row()) * 2;
        if max_seeds + pits > 60 {
            return Err(FileError::Mismatch); // beyond what boards are ranked for
        }
        let wanted = levels.min((most / step).saturating_add(1));
        let mut tables =
            Tables { variant, options, max_seeds, boards: Boards::new(pits), levels: Vec::new(), stats: Vec::new() };
        if (0..levels).map(|l| tables.boards.count(l * step) as u64 * 2).sum::<u64>() != positions {
            return Err(FileError::Mismatch);
        }
        tables.max_seeds = (wanted - 1) * step;
        let south = South { values: Vec::new(), cycle: Vec::new(), rooted };
        let mut walk = Walk { variant, options, boards: tables.boards.clone(), step, south, turned: Vec::new() };
        let mut dec = Decoder::new(coded);
        if walk.run(&mut dec, wanted, &sums).is_err() || dec.overran() {
            return Err(FileError::Mismatch);
        }
        let (south, turned) = (walk.south, walk.turned);
        let mut rooted = south.rooted.iter().peekable();
        for (l, (values, cycle)) in south.values.iter().zip(&south.cycle).enumerate() {
            let seeds = l * step;
            let n = values.len();
            let mut level = Level::empty(2 * n);
            for rank in 0..n {
                let north = turned[l][rank] as usize;
                let is_rooted = rooted.peek() == Some(&&(l as u32, rank as u32));
                if is_rooted {
                    rooted.next();
                }
                level.set(2 * rank, Bounds::exact(values[rank]), cycle[rank], is_rooted);
                // North to move here is South to move on the board turned round (C-1).
                let north_rooted = south.rooted.binary_search(&(l as u32, north as u32)).is_ok();
                level.set(2 * rank + 1, Bounds::exact(values[north]), cycle[north], north_rooted);
            }
            let in_cycles = cycle.iter().filter(|&&c| c).count() * 2;
            tables.stats.push(LevelStats { seeds, positions: 2 * n, exact: 2 * n, in_cycles, ..LevelStats::default() });
            tables.levels.push(level);
        }
        Ok(tables)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AN-1: no player gains more than the seeds on the board. A forged file, whose checksums
    /// are those of what it decodes to, with values beyond that on a cycle (where values are
    /// coded) is refused: the levels above would add to them past an `i8`.
    #[test]
    fn a_forged_value_beyond_the_seeds_is_refused() {
        let tables = Tables::build(Variant::Manqala, Options::default(), 6);
        let mut south = tables.south().expect("exact");
        let top = south.values.len() - 1;
        let on_cycle: Vec<usize> = (0..south.cycle[top].len()).filter(|&r| south.cycle[top][r]).collect();
        assert!(!on_cycle.is_empty());
        for &r in &on_cycle {
            south.values[top][r] = 100;
        }
        let (walk, coded, walked) = tables.encode(south);
        assert!(walked.is_err(), "the forged values are not what their moves say");
        let decoded = level_checksums(&walk.south);
        assert!(walk.south.values[top].contains(&100), "some forged value is coded");
        let forged = tables.assemble(&decoded, &walk.south.rooted, &coded);
        assert_eq!(Tables::from_file(&forged).map(|_| ()), Err(FileError::Mismatch));
        // The same file with the true values decodes.
        assert!(Tables::from_file(&tables.to_file().expect("encodes")).is_ok());
    }

    /// A forged header claiming more entries than a machine holds is refused before anything
    /// is allocated for them.
    #[test]
    fn a_file_of_too_many_entries_is_refused() {
        let tables = Tables::build(Variant::Anywoli, Options::default(), 4);
        let mut bytes = tables.to_file().expect("encodes");
        let options = Options::default();
        // Magic, version, the game, the free choice, the last four, the lot's seed, the seeds.
        let at = MAGIC.len() + 1 + 1 + Variant::Anywoli.id().len() + 1 + 1 + options.last_four.id().len() + 8 + 1;
        let n = 1u64 << 40;
        bytes[at..at + 8].copy_from_slice(&n.to_le_bytes());
        let end = bytes.len() - 8;
        let sum = checksum(bytes[..end].iter().copied());
        bytes[end..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(Tables::from_file(&bytes).map(|_| ()), Err(FileError::TooLarge(n)));
        assert_eq!(
            FileError::TooLarge(n).to_string(),
            format!("the tables file holds {n} entries, more than this build reads")
        );
    }
}
