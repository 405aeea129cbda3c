//! The walk over the tables that codes a file and decodes it (see [`super`]): every move of each
//! South entry played level by level, the components of the moves within a level found sinks
//! first, and the entries on a cycle coded against their best known move.

use mancala_core::{MAX_PITS, Options, Position, Side, Variant};

use super::South;
use crate::boards::Boards;
use crate::coder::{Contexts, Decoder, Encoder};
use crate::level::{self, Moves, NONE};
use crate::{Bounds, lead, move_value};

/// The board `board` turned round: North's row first (C-1).
pub(super) fn turned(board: &[u8], pits: usize) -> [u8; MAX_PITS] {
    let (half, mut out) = (pits / 2, [0u8; MAX_PITS]);
    out[..half].copy_from_slice(&board[half..pits]);
    out[half..pits].copy_from_slice(&board[..half]);
    out
}

/// The coder's contexts, by what they code.
pub(super) struct Models {
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
pub(super) trait Coder {
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
pub(super) struct Walk {
    pub(super) variant: Variant,
    pub(super) options: Options,
    pub(super) boards: Boards,
    pub(super) step: usize,
    pub(super) south: South,
    /// By level and rank, the rank of the board turned round (whose South entry is North's
    /// here, C-1), found while walking.
    pub(super) turned: Vec<Vec<u32>>,
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
    /// names the first entry whose value, or cycle bit, is not what its moves say (coding:
    /// tables of other rules), or, decoding, the first whose value lies beyond the seeds on its
    /// board (no player can gain more, AN-1) or the first level whose checksum is not its `sums`'
    /// (decoding stops there).
    pub(super) fn run<C: Coder>(&mut self, coder: &mut C, levels: usize, sums: &[u64]) -> Result<(), (usize, usize)> {
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
                if let Some(rank) = self.level(coder, &mut models, level, None) {
                    return Err((level, rank));
                }
                if sums.get(level) != Some(&super::level_checksum(&self.south.values[level], &self.south.cycle[level]))
                {
                    return Err((level, n));
                }
            }
        }
        bad.map_or(Ok(()), Err)
    }

    /// One level of [`Walk::run`], its values `given` when coding. Decoding, the rank of the
    /// first value beyond the level's seeds (a forged file: the moves of the levels above would
    /// overflow); the rest of the level is still decoded (values are clamped to ±127), then
    /// refused by [`Walk::run`].
    fn level<C: Coder>(
        &mut self,
        coder: &mut C,
        models: &mut Models,
        level: usize,
        given: Option<&[i8]>,
    ) -> Option<usize> {
        let seeds = level * self.step;
        let mut beyond = None;
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
                if !C::ENCODES && usize::from(values[v].unsigned_abs()) > seeds {
                    beyond = beyond.or(Some(v));
                }
            }
        });
        beyond
    }
}
