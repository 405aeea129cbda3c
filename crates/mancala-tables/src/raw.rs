//! The tables as they lie in memory, for the worker that decoded a file (`file`, seconds of
//! work) to hand to the worker that searches, which reads them back with no work but a copy:
//! the game and its options, the most seeds, then each level's entries and bits as they are.
//! Not a format to keep: as large as the tables (a byte and two bits an entry), of one build.

use crate::boards::Boards;
use crate::file::{FileError, Reader, write_rules};
use crate::level::{Level, LevelStats};
use crate::{MOST_POSITIONS, Tables};

/// The first bytes of tables in memory.
const MAGIC: &[u8; 8] = b"MNCLRAW1";

impl Tables {
    /// The tables as bytes for [`Tables::from_raw`]; None unless every entry is exact, as a
    /// file's are.
    #[must_use]
    pub fn to_raw(&self) -> Option<Vec<u8>> {
        let mut out = MAGIC.to_vec();
        write_rules(&mut out, self.variant, &self.options);
        out.push(self.max_seeds as u8);
        for level in &self.levels {
            level.write(&mut out)?;
        }
        Some(out)
    }

    /// The tables [`Tables::to_raw`] wrote.
    ///
    /// # Errors
    /// Bytes that are not such tables ([`FileError::NotTables`]; a value beyond its board's
    /// seeds, AN-1, included), of rules this build does not know or that have no tables file
    /// ([`crate::shipped::covers`]), or of more than [`MOST_POSITIONS`] entries.
    pub fn from_raw(bytes: &[u8]) -> Result<Tables, FileError> {
        if bytes.get(..MAGIC.len()) != Some(MAGIC) {
            return Err(FileError::NotTables);
        }
        let mut r = Reader { bytes, at: MAGIC.len() };
        let (variant, options) = r.rules()?;
        if !crate::shipped::covers(variant, &options) {
            return Err(FileError::Unknown("rules that have no tables file".into()));
        }
        let max_seeds = usize::from(r.u8()?);
        let pits = usize::from(variant.pits_per_row()) * 2;
        if max_seeds + pits > 60 {
            return Err(FileError::Mismatch); // beyond what boards are ranked for
        }
        let mut tables =
            Tables { variant, options, max_seeds, boards: Boards::new(pits), levels: Vec::new(), stats: Vec::new() };
        let seeds = (0..=max_seeds).step_by(tables.step());
        let positions: u64 = seeds.clone().map(|s| 2 * tables.boards.count(s) as u64).sum();
        if positions > MOST_POSITIONS {
            return Err(FileError::TooLarge(positions));
        }
        for seeds in seeds {
            let (level, len) =
                Level::read(&bytes[r.at..], 2 * tables.boards.count(seeds)).ok_or(FileError::NotTables)?;
            r.at += len;
            if level.entries.iter().any(|e| usize::from(e.lo.unsigned_abs()) > seeds) {
                return Err(FileError::NotTables); // no player gains more than the board's seeds (AN-1)
            }
            let (positions, in_cycles) = level.counts();
            tables.stats.push(LevelStats { seeds, positions, exact: positions, in_cycles, ..LevelStats::default() });
            tables.levels.push(level);
        }
        if r.at != bytes.len() {
            return Err(FileError::NotTables);
        }
        Ok(tables)
    }
}

#[cfg(test)]
mod tests {
    use mancala_core::{Options, Variant};

    use super::*;

    /// The tables of a file, through memory, are the same tables, entry by entry (values, cycle
    /// and rooted bits), with the same figures; bytes cut short or left over are refused.
    #[test]
    fn the_tables_of_a_file_through_memory() {
        let free = Options { free_choice: true, ..Options::default() };
        for (variant, options, most) in [(Variant::Mangala, free, 5), (Variant::Anywoli, Options::default(), 4)] {
            let file = Tables::build(variant, options, most).to_file().expect("encodes");
            let tables = Tables::from_file(&file).expect("decodes");
            let raw = tables.to_raw().expect("exact");
            let back = Tables::from_raw(&raw).expect("reads");
            assert!(back.same_entries(&tables), "{variant:?}");
            let figures =
                |t: &Tables| t.stats().iter().map(|s| (s.seeds, s.positions, s.in_cycles)).collect::<Vec<_>>();
            assert_eq!(figures(&back), figures(&tables));
            assert_eq!(Tables::from_raw(&raw[..raw.len() - 1]).map(|_| ()), Err(FileError::NotTables));
            assert_eq!(Tables::from_raw(&[raw.as_slice(), &[0]].concat()).map(|_| ()), Err(FileError::NotTables));
            assert_eq!(Tables::from_raw(&file).map(|_| ()), Err(FileError::NotTables));
            // A value beyond the seeds of its board: the last level's first entry made 100.
            let mut beyond = raw.clone();
            let last = tables.levels.last().expect("a level");
            let words = last.entries.len().div_ceil(64);
            let at = raw.len() - 16 * words - last.entries.len();
            beyond[at] = 100;
            assert_eq!(Tables::from_raw(&beyond).map(|_| ()), Err(FileError::NotTables));
        }
    }
}
