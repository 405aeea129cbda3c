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

use mancala_core::{LastFour, MAX_PITS, Options, Position, Side, Variant};

use crate::boards::Boards;
use crate::coder::{Contexts, Decoder, Encoder};
use crate::level::{self, Level, Moves, NONE};
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
    let (half, mut out) = (pits / 2, [0u8; MAX_PITS]);
    out[..half].copy_from_slice(&board[half..pits]);
    out[half..pits].copy_from_slice(&board[..half]);
    out
}

/// The coder's contexts, by what they code.
struct Models {
    guess: Contexts,
    above: Contexts,
    raw: Contexts,
}

/// Contexts for "the value is the neighbour's": the moves not known yet (1, 2, 3+), and whether
/// a move is known and the neighbour's value equals it or is above it.
const GUESS: usize = 3 * 3;
/// Contexts for "how far above the best known move": whether the neighbour's value was guessed
/// and missed, the moves not known yet (1, 2, 3+), whether the best known one stays in the
/// level, and the unary digit (up to 15).
const ABOVE: usize = 2 * 3 * 2 * 16;
/// Contexts for a value coded alone (zigzag, unary): not rooted, rooted, not rooted and the
/// neighbour missed; the unknown moves (1, 2, 3+); the digit (up to 31).
const RAW: usize = 3 * 3 * 32;

impl Models {
    fn new() -> Models {
        Models { guess: Contexts::new(GUESS), above: Contexts::new(ABOVE), raw: Contexts::new(RAW) }
    }
}

fn bucket(unknown: u32) -> usize {
    (unknown.clamp(1, 3) - 1) as usize
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

    /// A signed value alone, zigzagged, in the contexts of `slot`.
    fn raw(&mut self, models: &mut Models, slot: usize, v: i8) -> i8 {
        let z = if v >= 0 { 2 * u32::from(v as u8) } else { 2 * u32::from(v.unsigned_abs()) - 1 };
        let k = self.unary(&mut models.raw, slot * 32, 31, z);
        if k % 2 == 0 { (k / 2).min(127) as i8 } else { -(k.div_ceil(2).min(127) as i8) }
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

/// Not decoded yet (no entry of a table is worth -128).
const UNKNOWN: i8 = i8::MIN;

/// The game's tables walked in coding order, level by level: every South entry's value coded
/// (`south` given) or decoded (into `south`), and its cycle bit found from its moves.
struct Walk {
    variant: Variant,
    options: Options,
    boards: Boards,
    step: usize,
    south: South,
    /// By level and rank, the rank of the board turned round (whose South entry is North's
    /// here, C-1), found while walking.
    turned: Vec<Vec<u32>>,
}

impl Walk {
    /// The rank of South's entry that is `pos` (North to move on a board is South to move on
    /// it turned round, C-1), and whether its value is negated for South.
    fn canonical(&self, pos: &Position) -> (u32, bool) {
        let pits = self.boards.pits();
        match pos.turn() {
            Side::South => (self.boards.rank(pos.board()) as u32, false),
            Side::North => (self.boards.rank(&turned(pos.board(), pits)[..pits]) as u32, true),
        }
    }

    /// Plays every move of every South entry of level `level`, as the build does (`level`):
    /// the best move out of the level (a capture or an end, to a lower level known already), and
    /// the moves within it, each to a South entry of the level, negated when North moves next.
    fn expand(&mut self, level: usize) -> (Moves, Vec<bool>) {
        let pits = self.boards.pits();
        let seeds = level * self.step;
        let n = self.boards.count(seeds);
        let mut moves = Moves { out: vec![NONE; n], start: Vec::with_capacity(n + 1), within: Vec::new() };
        let mut negated = Vec::new();
        let mut board = [0u8; MAX_PITS];
        let mut turned_ranks = Vec::with_capacity(n);
        for rank in 0..n {
            moves.start.push(moves.within.len() as u32);
            self.boards.unrank(seeds, rank, &mut board);
            turned_ranks.push(self.boards.rank(&turned(&board, pits)[..pits]) as u32);
            let pos = Position::from_board(self.variant, self.options, &board[..pits], Side::South);
            if pos.is_over() {
                // The end at once, its settlement from the empty stores (SQ-5, AM-6, AW-6, MG-7).
                moves.out[rank] = Bounds::exact(lead(&pos, Side::South));
            } else if pos.turn() != Side::South {
                // A pass (C-8: MG-7, AM-7, AW-2): the one move, to the board with North to move.
                let (r, neg) = self.canonical(&pos);
                moves.within.push(r);
                negated.push(neg);
            } else {
                for (_, after) in pos.children() {
                    if !after.is_over() && after.seeds_on_board() as usize == seeds {
                        let (r, neg) = self.canonical(&after);
                        moves.within.push(r);
                        negated.push(neg);
                    } else {
                        let then = if after.is_over() {
                            Bounds::exact(0)
                        } else {
                            let (r, _) = self.canonical(&after);
                            let at = after.seeds_on_board() as usize / self.step;
                            Bounds::exact(self.south.values[at][r as usize])
                        };
                        moves.out[rank] = moves.out[rank].max(move_value(&pos, &after, then));
                    }
                }
            }
        }
        moves.start.push(moves.within.len() as u32);
        self.turned.push(turned_ranks);
        (moves, negated)
    }

    /// Codes (or decodes into `self.south`) every entry, levels in order. Within a level the
    /// strongly connected components of its moves are taken sinks first, as the build takes
    /// them: an entry on no cycle then has every move known and is its best one (AN-1), which
    /// costs nothing; on a cycle, how far it lies above its best known move is coded. `Err`
    /// names the first entry whose value, or cycle bit, is not what its moves say (tables of
    /// other rules).
    fn run<C: Coder>(&mut self, coder: &mut C, levels: usize) -> Result<(), (usize, usize)> {
        let mut models = Models::new();
        let mut bad = None;
        for level in 0..levels {
            let n = self.boards.count(level * self.step);
            if C::ENCODES {
                let given = std::mem::replace(&mut self.south.values[level], vec![UNKNOWN; n]);
                let cycles = std::mem::replace(&mut self.south.cycle[level], vec![false; n]);
                self.level(coder, &mut models, level, Some(&given));
                let wrong = (0..n)
                    .find(|&r| (given[r], cycles[r]) != (self.south.values[level][r], self.south.cycle[level][r]));
                bad = bad.or(wrong.map(|r| (level, r)));
            } else {
                self.south.values.push(vec![UNKNOWN; n]);
                self.south.cycle.push(vec![false; n]);
                self.level(coder, &mut models, level, None);
            }
        }
        bad.map_or(Ok(()), Err)
    }

    /// One level of [`Walk::run`], its values `given` when coding.
    fn level<C: Coder>(&mut self, coder: &mut C, models: &mut Models, level: usize, given: Option<&[i8]>) {
        let (moves, negated) = self.expand(level);
        let rooted: Vec<u32> =
            self.south.rooted.iter().filter(|&&(l, _)| l as usize == level).map(|&(_, r)| r).collect();
        let values = &mut self.south.values[level];
        let cycle = &mut self.south.cycle[level];
        level::components(&moves, |component, _, _| {
            let v = component[0] as usize;
            let own = moves.start[v] as usize..moves.start[v + 1] as usize;
            let on_cycle = component.len() > 1 || moves.within[own].contains(&(v as u32));
            // Deepest first: Tarjan's stack holds the component in the order its search reached it.
            for &v in component.iter().rev() {
                let v = v as usize;
                let (mut best, mut unknown, mut inside) = (moves.out[v], 0, false);
                for e in moves.start[v] as usize..moves.start[v + 1] as usize {
                    let w = values[moves.within[e] as usize];
                    if w == UNKNOWN {
                        unknown += 1;
                    } else {
                        let w = if negated[e] { Bounds::exact(-w) } else { Bounds::exact(w) };
                        inside |= w.lo > best.lo;
                        best = best.max(w);
                    }
                }
                let value = given.map_or(0, |g| g[v]);
                cycle[v] = on_cycle;
                values[v] = if rooted.binary_search(&(v as u32)).is_ok() {
                    coder.raw(models, 3 + bucket(unknown), value)
                } else if unknown == 0 {
                    best.lo
                } else {
                    // The board of the rank before (or after) is much alike: its value, decoded
                    // already and not below the best known move, is a guess tried first.
                    let near =
                        [v.wrapping_sub(1), v + 1].into_iter().filter_map(|w| values.get(w)).find(|&&w| w != UNKNOWN);
                    let guess = near.copied().filter(|&n| best == NONE || n >= best.lo);
                    let hit = guess.is_some_and(|n| {
                        let rel = if best == NONE {
                            0
                        } else if n == best.lo {
                            1
                        } else {
                            2
                        };
                        coder.bit(&mut models.guess, bucket(unknown) * 3 + rel, value == n)
                    });
                    let missed = usize::from(guess.is_some());
                    match guess {
                        Some(n) if hit => n,
                        _ if best == NONE => coder.raw(models, 6 * missed + bucket(unknown), value),
                        _ => {
                            let above = (i32::from(value) - i32::from(best.lo)).max(0) as u32;
                            let base = ((missed * 3 + bucket(unknown)) * 2 + usize::from(inside)) * 16;
                            let above = coder.unary(&mut models.above, base, 15, above);
                            (i32::from(best.lo) + above as i32).clamp(-127, 127) as i8
                        }
                    }
                };
            }
        });
    }
}

/// FNV-1a, 64 bits.
fn checksum(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes.into_iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// A checksum of each level's South values and cycle bits, as decoded.
fn level_checksums(south: &South) -> Vec<u64> {
    let level = |(values, cycle): (&Vec<i8>, &Vec<bool>)| {
        checksum(values.iter().map(|&v| v as u8).chain(cycle.iter().map(|&c| u8::from(c))))
    };
    south.values.iter().zip(&south.cycle).map(level).collect()
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
        let sums = level_checksums(&south);
        let rooted = south.rooted.clone();
        let mut walk = Walk {
            variant: self.variant,
            options: self.options,
            boards: self.boards.clone(),
            step: self.step(),
            south,
            turned: Vec::new(),
        };
        let mut enc = Encoder::new();
        walk.run(&mut enc, self.levels.len()).map_err(|(l, r)| {
            format!("the entry of rank {r} at level {l} is below its best move: tables of other rules")
        })?;
        let coded = enc.finish();

        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        push_text(&mut out, self.variant.id());
        out.push(u8::from(self.options.free_choice));
        push_text(&mut out, self.options.last_four.id());
        out.extend_from_slice(&self.options.lot_seed.to_le_bytes());
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
        let game = r.text()?;
        let variant: Variant = game.parse().map_err(|_| FileError::Unknown(format!("the game \"{game}\"")))?;
        let free_choice = r.u8()? == 1;
        let last_four = r.text()?;
        let last_four: LastFour =
            last_four.parse().map_err(|_| FileError::Unknown(format!("the last-four rule \"{last_four}\"")))?;
        let options = Options { free_choice, last_four, lot_seed: r.u64()?, ..Options::default() };
        let max_seeds = usize::from(r.u8()?);
        let positions = r.u64()?;
        let step = Tables::step_of(variant);
        let levels = max_seeds / step + 1;
        let sums = (0..levels).map(|_| r.u64()).collect::<Result<Vec<_>, FileError>>()?;
        let rooted = (0..r.u32()?).map(|_| Ok((r.u32()?, r.u32()?))).collect::<Result<Vec<_>, FileError>>()?;
        let len = r.u32()? as usize;
        let coded = r.take(len)?;
        if (variant == Variant::Mangala && !free_choice)
            || (variant == Variant::Anywoli && last_four == LastFour::FirstFinal)
        {
            return Err(FileError::Unknown("rules that have no tables".into()));
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
        if walk.run(&mut dec, wanted).is_err() || dec.overran() || level_checksums(&walk.south)[..] != sums[..wanted] {
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
