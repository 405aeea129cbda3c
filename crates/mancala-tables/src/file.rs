//! The tables as a file, for the page to fetch instead of building them (issue 11 §1): South's
//! entries only (North to move on a board is South to move on the board turned round, C-1),
//! each coded against what the rules already say of it.
//!
//! The decoder plays every move of each South entry, as the build does, level by level and board
//! by board in rank order. A move that captures or ends the game leads to a lower level, decoded
//! already; a move within the level leads to an entry of this level, decoded already if its rank
//! (as South to move) is lower. An entry is the value of its best move (AN-1, checked by
//! `Tables::verify`), so when every move's value is known the entry is too and costs nothing;
//! otherwise the best known move is a lower bound and only how far above it the entry lies is
//! coded, with an adaptive binary range coder (`coder`) whose contexts are how many moves are
//! unknown and what the known ones say. Whether the entry lies on a cycle is coded the same way:
//! it cannot when no move stays in the level, nor when every such move is known to lead off any
//! cycle. The few entries found by a search over lines (`Tables::rooted`) are listed and coded
//! as they are.
//!
//! Layout: [`MAGIC`], the format [`VERSION`], the game's id and the options that change values
//! (Mangala IV's free choice, Anywoli's last four and lot seed), the most seeds, the number of
//! entries, a checksum of South's values as decoded, the rooted entries, the coded bytes, and a
//! checksum of everything before it. A file that fails any of these is refused with a
//! [`FileError`] before or after decoding.

use std::fmt;

use mancala_core::{LastFour, MAX_PITS, Options, Position, Side, Variant};

use crate::boards::Boards;
use crate::coder::{Contexts, Decoder, Encoder};
use crate::level::Level;
use crate::{Bounds, LevelStats, Tables, lead, move_value};

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
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::NotTables => write!(f, "not an endgame tables file"),
            FileError::Version(v) => write!(f, "tables file format {v}, this build reads {VERSION}"),
            FileError::Corrupt => write!(f, "the tables file is damaged (checksum)"),
            FileError::Unknown(what) => write!(f, "the tables file is for {what}, unknown to this build"),
            FileError::Mismatch => write!(f, "the tables file was made with other rules than this build's"),
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

/// The board `board` turned round: North's row first (C-1).
fn turned(board: &[u8], pits: usize) -> [u8; MAX_PITS] {
    let mut out = [0u8; MAX_PITS];
    for (i, slot) in out[..pits].iter_mut().enumerate() {
        *slot = board[(i + pits / 2) % pits];
    }
    out
}

/// What the rules and the entries decoded so far say of one South entry.
struct Known {
    /// The value when the game is over at once (its settlement), or every move is known.
    exact: Option<i8>,
    /// The best value among the moves known.
    best: Option<i8>,
    /// Moves within the level to entries not decoded yet.
    unknown: u32,
    /// Whether some known move within the level leads to an entry on a cycle.
    cycle_near: bool,
    /// Whether some move stays in the level.
    within: bool,
}

/// The coder's contexts, by what they code.
struct Models {
    cycle: Contexts,
    above: Contexts,
    raw: Contexts,
}

/// Contexts for "how far above the best known move": the unknown moves (1, 2, 3+), the cycle
/// bit, and the unary digit (up to 15).
const ABOVE: usize = 3 * 2 * 16;
/// Contexts for a value coded alone (zigzag, unary), by digit.
const RAW: usize = 2 * 64;

impl Models {
    fn new() -> Models {
        Models { cycle: Contexts::new(3 * 2), above: Contexts::new(ABOVE), raw: Contexts::new(RAW) }
    }
}

fn bucket(unknown: u32) -> usize {
    (unknown.min(3) - 1) as usize
}

/// Codes or decodes, the same steps either way.
trait Coder {
    /// Whether this codes (the values given are the entries) rather than decodes.
    const ENCODES: bool;

    /// Codes `bit` (encoder) or returns the bit decoded (decoder, `bit` ignored).
    fn bit(&mut self, contexts: &mut Contexts, c: usize, bit: bool) -> bool;

    /// A count `n` as unary digits, each in context `base + min(digit, cap)`.
    fn unary(&mut self, contexts: &mut Contexts, base: usize, cap: usize, n: u32) -> u32 {
        let mut k = 0;
        while self.bit(contexts, base + (k as usize).min(cap), k < n) {
            k += 1;
            if k > 255 {
                break; // a damaged file: the checksum after decoding refuses it
            }
        }
        k
    }

    /// A signed value alone, zigzagged.
    fn raw(&mut self, models: &mut Models, slot: usize, v: i8) -> i8 {
        let z = if v >= 0 { 2 * u32::from(v as u8) } else { 2 * u32::from(v.unsigned_abs()) - 1 };
        let k = self.unary(&mut models.raw, slot * 64, 63, z);
        if k % 2 == 0 { (k / 2) as i8 } else { -(k.div_ceil(2) as i8) }
    }
}

impl Coder for Encoder {
    const ENCODES: bool = true;

    fn bit(&mut self, contexts: &mut Contexts, c: usize, bit: bool) -> bool {
        Encoder::bit(self, contexts, c, bit);
        bit
    }
}

impl Coder for Decoder<'_> {
    const ENCODES: bool = false;

    fn bit(&mut self, contexts: &mut Contexts, c: usize, _: bool) -> bool {
        Decoder::bit(self, contexts, c)
    }
}

/// The game's tables walked in coding order: every South entry, what is known of it, and its
/// value and cycle bit coded (`value`, `cycle` given) or decoded (returned).
struct Walk {
    variant: Variant,
    options: Options,
    boards: Boards,
    step: usize,
    south: South,
}

impl Walk {
    /// What the rules and the entries before it say of South's entry of `board` (`seeds`
    /// seeds, rank `rank`).
    fn known(&self, board: &[u8], seeds: usize, rank: usize) -> Known {
        let pits = self.boards.pits();
        let level = seeds / self.step;
        let pos = Position::from_board(self.variant, self.options, board, Side::South);
        let mut k = Known { exact: None, best: None, unknown: 0, cycle_near: false, within: false };
        if pos.is_over() {
            k.exact = Some(lead(&pos, Side::South)); // its settlement (SQ-5, AM-6, AW-6, MG-7)
            return k;
        }
        // The entry of `after`, in the level `seeds` of `after`, as its player to move sees it.
        let entry = |after: &Position| {
            let at = after.seeds_on_board() as usize / self.step;
            let r = match after.turn() {
                Side::South => self.boards.rank(after.board()),
                Side::North => self.boards.rank(&turned(after.board(), pits)[..pits]),
            };
            (at, r)
        };
        if pos.turn() != Side::South {
            // A pass (C-8: MG-7, AM-7, AW-2): the one move, to the board with North to move.
            k.within = true;
            let (_, r) = entry(&pos);
            if r < rank {
                k.cycle_near = self.south.cycle[level][r];
                k.best = Some(-self.south.values[level][r]);
            } else {
                k.unknown = 1;
            }
        } else {
            for (_, after) in pos.children() {
                let (at, r) = if after.is_over() { (0, 0) } else { entry(&after) };
                let then = if after.is_over() {
                    Bounds::exact(0)
                } else if at < level {
                    Bounds::exact(self.south.values[at][r])
                } else {
                    k.within = true;
                    if r >= rank {
                        k.unknown += 1;
                        continue;
                    }
                    k.cycle_near |= self.south.cycle[level][r];
                    Bounds::exact(self.south.values[level][r])
                };
                let v = move_value(&pos, &after, then).lo;
                k.best = Some(k.best.map_or(v, |b| b.max(v)));
            }
        }
        if k.unknown == 0 {
            k.exact = k.best;
        }
        k
    }

    /// Codes (or decodes into `self.south`) every entry, levels in order. `Err` names the first
    /// entry whose value is below its best known move (not the tables of these rules).
    fn run<C: Coder>(&mut self, coder: &mut C, levels: usize) -> Result<(), (usize, usize)> {
        let mut models = Models::new();
        let mut rooted = self.south.rooted.clone().into_iter().peekable();
        let pits = self.boards.pits();
        let mut board = [0u8; MAX_PITS];
        for level in 0..levels {
            let seeds = level * self.step;
            let n = self.boards.count(seeds);
            if self.south.values.len() <= level {
                self.south.values.push(vec![0; n]);
                self.south.cycle.push(vec![false; n]);
            }
            for rank in 0..n {
                self.boards.unrank(seeds, rank, &mut board);
                let (value, cycle) = (self.south.values[level][rank], self.south.cycle[level][rank]);
                let (value, cycle) = if rooted.peek() == Some(&(level as u32, rank as u32)) {
                    rooted.next();
                    let cycle = coder.bit(&mut models.cycle, 0, cycle);
                    (coder.raw(&mut models, 1, value), cycle)
                } else {
                    let k = self.known(&board[..pits], seeds, rank);
                    let cycle = if k.within && (k.unknown > 0 || k.cycle_near) {
                        let c = if k.unknown == 0 { 1 } else { 2 + usize::from(k.cycle_near) * 2 + bucket(k.unknown).min(1) };
                        coder.bit(&mut models.cycle, c, cycle)
                    } else {
                        false
                    };
                    let value = match (k.exact, k.best) {
                        (Some(v), _) => v,
                        (None, Some(best)) => {
                            let above = i32::from(value) - i32::from(best);
                            if C::ENCODES && above < 0 {
                                return Err((level, rank));
                            }
                            let base = (bucket(k.unknown) * 2 + usize::from(cycle)) * 16;
                            let above = coder.unary(&mut models.above, base, 15, above.max(0) as u32);
                            (i32::from(best) + above as i32).clamp(-128, 127) as i8
                        }
                        (None, None) => coder.raw(&mut models, 0, value),
                    };
                    (value, cycle)
                };
                self.south.values[level][rank] = value;
                self.south.cycle[level][rank] = cycle;
            }
        }
        Ok(())
    }
}

/// FNV-1a, 64 bits.
fn checksum(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

fn values_checksum(south: &South) -> u64 {
    checksum(south.values.iter().flatten().map(|&v| v as u8).chain(south.cycle.iter().flatten().map(|&c| u8::from(c))))
}

/// Reads a file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
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

impl Tables {
    /// The tables as a file (see the `file` module), for [`Tables::from_file`].
    ///
    /// # Errors
    /// If an entry is not exact, or North's entries are not South's on the boards turned round
    /// (C-1): the format holds exact values of South's entries only.
    pub fn to_file(&self) -> Result<Vec<u8>, String> {
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
        let sum = values_checksum(&south);
        let rooted = south.rooted.clone();
        let mut walk = Walk { variant: self.variant, options: self.options, boards: self.boards.clone(), step: self.step(), south };
        let mut enc = Encoder::new();
        walk.run(&mut enc, self.levels.len())
            .map_err(|(l, r)| format!("the entry of rank {r} at level {l} is below its best move: tables of other rules"))?;
        let coded = enc.finish();

        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        push_text(&mut out, self.variant.id());
        out.push(u8::from(self.options.free_choice));
        push_text(&mut out, self.options.last_four.id());
        out.extend_from_slice(&self.options.lot_seed.to_le_bytes());
        out.push(self.max_seeds as u8);
        out.extend_from_slice(&(self.positions() as u64).to_le_bytes());
        out.extend_from_slice(&sum.to_le_bytes());
        out.extend_from_slice(&(rooted.len() as u32).to_le_bytes());
        for (l, r) in rooted {
            out.extend_from_slice(&l.to_le_bytes());
            out.extend_from_slice(&r.to_le_bytes());
        }
        out.extend_from_slice(&(coded.len() as u32).to_le_bytes());
        out.extend_from_slice(&coded);
        let sum = checksum(out.iter().copied());
        out.extend_from_slice(&sum.to_le_bytes());
        Ok(out)
    }

    /// The tables a file of [`Tables::to_file`] holds.
    ///
    /// # Errors
    /// A file that is not tables, of another format version, damaged, of a game or option this
    /// build does not know, or made with other rules (its values do not decode to what was coded).
    pub fn from_file(bytes: &[u8]) -> Result<Tables, FileError> {
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
        let game = r.text()?;
        let variant: Variant = game.parse().map_err(|_| FileError::Unknown(format!("the game \"{game}\"")))?;
        let free_choice = r.u8()? == 1;
        let last_four = r.text()?;
        let last_four: LastFour =
            last_four.parse().map_err(|_| FileError::Unknown(format!("the last-four rule \"{last_four}\"")))?;
        let options = Options { free_choice, last_four, lot_seed: r.u64()?, ..Options::default() };
        let max_seeds = usize::from(r.u8()?);
        let positions = r.u64()?;
        let values_sum = r.u64()?;
        let rooted = (0..r.u32()?).map(|_| Ok((r.u32()?, r.u32()?))).collect::<Result<Vec<_>, FileError>>()?;
        let len = r.u32()? as usize;
        let coded = r.take(len)?;
        if (variant == Variant::Mangala && !free_choice) || (variant == Variant::Anywoli && last_four == LastFour::FirstFinal) {
            return Err(FileError::Unknown("rules that have no tables".into()));
        }
        let pits = usize::from(variant.pits_per_row()) * 2;
        let mut tables = Tables {
            variant,
            options,
            max_seeds,
            boards: Boards::new(pits),
            levels: Vec::new(),
            stats: Vec::new(),
        };
        let step = tables.step();
        let levels = max_seeds / step + 1;
        if (0..levels).map(|l| tables.boards.count(l * step) as u64 * 2).sum::<u64>() != positions {
            return Err(FileError::Mismatch);
        }
        let south = South { values: Vec::new(), cycle: Vec::new(), rooted };
        let mut walk = Walk { variant, options, boards: tables.boards.clone(), step, south };
        let mut dec = Decoder::new(coded);
        if walk.run(&mut dec, levels).is_err() || dec.overran() || values_checksum(&walk.south) != values_sum {
            return Err(FileError::Mismatch);
        }
        let south = walk.south;
        let mut rooted = south.rooted.iter().peekable();
        for (l, (values, cycle)) in south.values.iter().zip(&south.cycle).enumerate() {
            let seeds = l * step;
            let n = values.len();
            let mut level = Level::empty(2 * n);
            for rank in 0..n {
                let board = tables.board(seeds, rank);
                let north = tables.boards.rank(&turned(&board, pits)[..pits]);
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
