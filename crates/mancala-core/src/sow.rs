//! The sowing loop (C-2, C-3, C-5), written once and generic over the
//! observer so that the search pays nothing for tracing.

use crate::games::{self, LapEnd};
use crate::{CaptureKind, MAX_LAPS, Observer, Position, Side};

/// How a sowing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sown {
    /// The move ended; `extra` when the mover moves again (AW-5).
    Done { extra: bool },
    /// The move would not end within [`MAX_LAPS`] laps (C-5).
    Endless,
}

/// Laps sown before the cycle test starts (C-5): a move that ends almost always ends sooner, and a
/// sowing state that repeats repeats forever, so starting late gives the same answer.
const CYCLE_TEST_FROM: u32 = 32;

/// The sowing state compared to detect a cycle early (C-5): the board as three words of eight
/// pits, then the stores and the pit to sow from.
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState([u64; 4]);

/// Where a sowing stands at the start of a lap: the pit to sow, its seeds, the board's first
/// sixteen pits as lanes (where a lap table sows them) and the laps sown so far.
#[derive(Clone, Copy)]
struct At {
    pit: usize,
    hand: u8,
    lanes: u128,
    lap: u32,
}

/// Brent's cycle detection on the states at the start of laps: a saved state, replaced after
/// twice as many laps each time.
#[derive(Default)]
struct Brent {
    saved: Option<LapState>,
    power: u32,
    since: u32,
}

impl Brent {
    /// Whether `now` repeats an earlier state, which proves the sowing endless. The first word
    /// (pits 0–7) almost always tells two states apart: the rest is compared only when it does
    /// not, so that the long laps of an endless sowing (thousands of them) test little.
    #[inline(always)]
    fn repeats(&mut self, now: LapState) -> bool {
        if matches!(self.saved, Some(saved) if saved.0[0] == now.0[0] && saved == now) {
            return true;
        }
        self.since += 1;
        if self.since >= self.power {
            self.saved = Some(now);
            self.power = (self.power * 2).max(1);
            self.since = 0;
        }
        false
    }
}

impl Position {
    /// Sows from `from` for the player to move until the move ends, in place. On
    /// [`Sown::Endless`] the board is left mid-move: callers work on a copy.
    pub(crate) fn sow<O: Observer>(&mut self, from: usize, obs: &mut O) -> Sown {
        // Seed by seed for an observer that watches them, or where fours made on the way are
        // captured (AW-4); else whole laps at once by the board's lap table, on its pits held
        // as one word from lap to lap (written back when the move stops).
        let laps = if O::SEEDS || self.rules.mid_sow_fours { None } else { Laps::of(self.len()) };
        let at = At { pit: from, hand: self.board[from], lanes: self.lanes(), lap: 0 };
        self.sow_laps::<O, false>(at, laps, obs)
    }

    /// Sows the laps of a move from `at` until it ends: the first [`CYCLE_TEST_FROM`] laps with
    /// no cycle test (`LONG` false), then, out of line ([`Position::sow_long`]), the rest with
    /// it. One loop for both, so that the moves' short sowings carry nothing of the test.
    #[inline(always)]
    fn sow_laps<O: Observer, const LONG: bool>(
        &mut self,
        mut at: At,
        laps: Option<&'static Laps>,
        obs: &mut O,
    ) -> Sown {
        // A repeated lap state proves the move endless, which is what 10 000 laps would say.
        let mut cycle = Brent::default();
        let relays = games::relay_row(self.variant);
        loop {
            at.lap += 1;
            if !LONG && at.lap >= CYCLE_TEST_FROM {
                return self.sow_long(at, laps, obs);
            }
            if LONG {
                if at.lap > MAX_LAPS {
                    return Sown::Endless;
                }
                let lanes = at.lanes;
                let words = if laps.is_some() { [lanes as u64, (lanes >> 64) as u64, 0] } else { self.words() };
                if cycle.repeats(self.lap_state(words, at.pit)) {
                    return Sown::Endless;
                }
            }
            let (pit, hand) = (at.pit, at.hand);
            obs.lift(pit as u8, hand, at.lap);
            let last = if let Some(laps) = laps {
                let last = laps.sow(&mut at.lanes, pit, hand);
                at.hand = lane(at.lanes, last);
                last
            } else {
                self.board[pit] = 0;
                let last = self.sow_seeds(pit, hand, obs);
                at.hand = self.board[last];
                last
            };
            if !relays[usize::from(at.hand)] {
                if laps.is_some() {
                    self.set_lanes(at.lanes);
                }
                // The mover is the player to move: a sowing does not hand the turn on.
                let extra = games::stop(self, last, self.turn, obs) == LapEnd::ExtraMove;
                return Sown::Done { extra };
            }
            at.pit = last; // C-3
        }
    }

    /// [`Position::sow_laps`] from lap [`CYCLE_TEST_FROM`] on, with the cycle test: rare (a
    /// move almost always ends sooner), so out of line.
    #[cold]
    #[inline(never)]
    fn sow_long<O: Observer>(&mut self, at: At, laps: Option<&'static Laps>, obs: &mut O) -> Sown {
        self.sow_laps::<O, true>(at, laps, obs)
    }

    /// Drops the `hand` seeds lifted from `pit` one at a time into the pits after it, round the
    /// board and past the origin (C-2), capturing the fours made on the way (AW-4). Returns the
    /// pit of the last seed.
    fn sow_seeds<O: Observer>(&mut self, pit: usize, hand: u8, obs: &mut O) -> usize {
        let len = self.len();
        let mut p = pit;
        for left in (0..hand).rev() {
            p += 1;
            if p == len {
                p = 0;
            }
            self.board[p] += 1;
            obs.sow(p as u8);
            if left > 0 && self.rules.mid_sow_fours && self.board[p] == 4 {
                let owner = self.owner(p);
                self.take(p, owner, CaptureKind::MidSow, obs); // AW-4
            }
        }
        p
    }

    fn lap_state(&self, words: [u64; 3], pit: usize) -> LapState {
        let [a, b, c] = words;
        LapState([a, b, c, u64::from(self.stores.south) | u64::from(self.stores.north) << 8 | (pit as u64) << 16])
    }

    /// Moves every seed of `pit` to `to`'s store, telling the observer; an empty pit is no
    /// capture. Without a branch on the seeds where no observer is told (whether the pit opposite
    /// a move's last one holds any is as random as the move).
    pub(crate) fn take<O: Observer>(&mut self, pit: usize, to: Side, kind: CaptureKind, obs: &mut O) {
        let seeds = self.board[pit];
        self.board[pit] = 0;
        *self.stores.get_mut(to) += seeds;
        let captured = seeds > 0 && kind != CaptureKind::Settle;
        self.last_capture = if captured { Some(to) } else { self.last_capture };
        if seeds > 0 {
            obs.capture(pit as u8, seeds, to, kind);
        }
    }
}

/// Lane `pit` of `lanes`: a word's byte by a 64-bit shift, no wide shift (wasm lowers those to
/// calls) and no trip through memory (a lap's next hand waits for it).
fn lane(lanes: u128, pit: usize) -> u8 {
    let word = if pit < 8 { lanes as u64 } else { (lanes >> 64) as u64 };
    (word >> (8 * (pit % 8))) as u8
}

/// The two 64-bit halves, low first, of each of `a` and `b`.
const fn halves(a: u128, b: u128) -> [[u64; 2]; 2] {
    [[a as u64, (a >> 64) as u64], [b as u64, (b >> 64) as u64]]
}

/// The laps of [`Position::sow_seeds`] as arithmetic on a board of up to sixteen pits held as
/// the byte lanes of one word (pit `i` in lane `i`), where no four is taken on the way.
struct Laps {
    len: usize,
    /// `lap[at(pit, hand)]` for a hand that does not go round the board: what sowing it from
    /// `pit` adds to each half of the lanes, pits 0–7 and 8–15 (modulo 2^64): `hand` seeds lifted
    /// from `pit`, one dropped in each of the `hand` pits after it. Each half's sum is its new
    /// value, so no carry passes between them: two 64-bit additions (in wasm, which has no carry
    /// flag, a 128-bit addition is a comparison and two more).
    lap: [[u64; 2]; 256],
    /// One seed in every pit, by halves.
    round: [u64; 2],
}

/// The entry of [`Laps::lap`] for sowing `hand` seeds (below 16) from `pit` (below 16): one index
/// of a byte, read with no bounds check and formed in fewer instructions than two masked ones.
const fn at(pit: usize, hand: usize) -> usize {
    (pit << 4 | hand) & 0xFF
}

/// The lap tables of the boards the games have (Mangala IV and Al-manqala, Sadeqa III).
static LAPS_14: Laps = Laps::new(14);
static LAPS_16: Laps = Laps::new(16);

impl Laps {
    /// The lap table of a board of `len` pits; `None` where there is none (then sow seed by seed).
    fn of(len: usize) -> Option<&'static Laps> {
        match len {
            14 => Some(&LAPS_14),
            16 => Some(&LAPS_16),
            _ => None,
        }
    }

    const fn new(len: usize) -> Laps {
        let mut lap = [[0u64; 2]; 256];
        let mut pit = 0;
        while pit < len {
            let (mut hand, mut dropped) = (1, 0u128);
            while hand < len {
                dropped += 1 << (8 * ((pit + hand) % len));
                let [d, l] = halves(dropped, (hand as u128) << (8 * pit));
                lap[at(pit, hand)] = [d[0].wrapping_sub(l[0]), d[1].wrapping_sub(l[1])];
                hand += 1;
            }
            pit += 1;
        }
        let [round, _] = halves((u128::MAX / 255) >> (128 - 8 * len), 0);
        Laps { len, lap, round }
    }

    /// Sows the `hand` seeds of `pit` on `lanes`: lifts them; whole rounds add one seed to every
    /// pit, the origin included (C-2), and the rest one to each pit after `pit`. No pit ever
    /// holds more than 98 seeds, so no lane carries into the next. Returns the pit of the last
    /// seed. Inlined into every lap.
    #[inline(always)]
    fn sow(&self, lanes: &mut u128, pit: usize, hand: u8) -> usize {
        let [[mut low, mut high], _] = halves(*lanes, 0);
        let rest = if usize::from(hand) < self.len {
            let [a, b] = self.lap[at(pit, usize::from(hand))];
            (low, high) = (low.wrapping_add(a), high.wrapping_add(b));
            usize::from(hand)
        } else {
            // Rare: a byte division, as a wide one is slow.
            let (rounds, rest) = (hand / self.len as u8, hand % self.len as u8);
            let [a, b] = self.lap[at(pit, usize::from(rest))];
            let [_, lifted] = halves(0, u128::from(hand - rest) << (8 * pit));
            let rounds = u64::from(rounds);
            low = low.wrapping_add(a).wrapping_add(rounds * self.round[0]).wrapping_sub(lifted[0]);
            high = high.wrapping_add(b).wrapping_add(rounds * self.round[1]).wrapping_sub(lifted[1]);
            usize::from(rest)
        };
        *lanes = u128::from(high) << 64 | u128::from(low);
        // The pit `rest` after `pit` (after whole rounds only, the origin refilled: C-2), by a
        // subtraction without a branch (half the laps wrap round), not a table read: the next
        // lap's table read waits for it.
        let last = pit + rest;
        last - usize::from(last >= self.len) * self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoObserver, Options, SplitMix64, Variant};

    /// C-2: a lap sown at once by the lap table (whole rounds included, the origin refilled)
    /// leaves the board and the last pit that sowing seed by seed leaves, from every pit and
    /// with every hand up to 98 seeds, on both boards that have a table.
    #[test]
    fn a_lap_at_once_is_the_lap_seed_by_seed() {
        let mut rng = SplitMix64::new(4);
        for variant in [Variant::Mangala, Variant::Sadeqa] {
            let mut pos = Position::new(variant, Options::default());
            let laps = Laps::of(pos.len()).expect("a lap table");
            for pit in 0..pos.len() {
                for hand in 0..=98u8 {
                    let len = pos.len();
                    for (i, seeds) in pos.board[..len].iter_mut().enumerate() {
                        *seeds = if i == pit { hand } else { rng.below(4) as u8 };
                    }
                    let mut lanes = pos.lanes();
                    let at_once = laps.sow(&mut lanes, pit, hand);
                    let mut by_seed = pos;
                    by_seed.board[pit] = 0;
                    let last = by_seed.sow_seeds(pit, hand, &mut NoObserver);
                    let mut after = pos;
                    after.set_lanes(lanes);
                    assert_eq!((at_once, after.board), (last, by_seed.board), "{variant:?} pit {pit} hand {hand}");
                }
            }
        }
    }
}
