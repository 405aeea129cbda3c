//! The sowing loop (C-2, C-3, C-5), written once and generic over the
//! observer so that the search pays nothing for tracing.

use crate::games::{self, LapEnd, Pits};
use crate::moves::PitSet;
use crate::{CaptureKind, MAX_LAPS, Observer, Position, Side, Variant};

/// How a sowing ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sown {
    /// The move ended; `extra` when the mover moves again (AW-5). `occupied`: the pits that
    /// hold seeds once its captures are taken ([`Position::occupied`]), found from the
    /// lanes while they are still in registers.
    Done { extra: bool, occupied: u32 },
    /// The move would not end within [`MAX_LAPS`] laps (C-5).
    Endless,
}

/// Laps sown before the cycle test starts (C-5): a move that ends almost always ends sooner, and a
/// sowing state that repeats repeats forever, so starting late gives the same answer.
const CYCLE_TEST_FROM: u32 = 32;

/// Whether test `test` (counted from 1) saves its state: a power of two, tested with no count of
/// bits (baseline x86-64 has no instruction for it).
const fn saves(test: u32) -> bool {
    test & (test - 1) == 0
}

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

/// Brent's cycle detection on the states at the start of laps: each tested state is compared
/// with the one saved at the latest test whose number was a power of two (1, 2, 4, …), so a
/// cycle is found within about twice its length once the sowing is in it.
struct Brent {
    saved: LapState,
}

impl Default for Brent {
    /// No state saved yet: a stand-in that no lap's state equals (its pit would be past every
    /// board's last).
    fn default() -> Brent {
        Brent { saved: LapState([0, 0, 0, u64::MAX]) }
    }
}

impl Brent {
    /// Whether the state at test `test` (counted from 1), whose first word is `first` and
    /// which `now` gives whole, repeats the saved one, which proves the sowing endless. The
    /// first word (pits 0–7) almost always tells two states apart, so the long laps of an
    /// endless sowing (thousands of them) compare it alone, and count: the rest is out of line.
    #[inline(always)]
    fn repeats(&mut self, test: u32, first: u64, now: impl FnOnce() -> LapState) -> bool {
        (first == self.saved.0[0] || saves(test)) && self.check(test, now())
    }

    /// [`Brent::repeats`] once the first word matched or a save is due.
    #[cold]
    #[inline(never)]
    fn check(&mut self, test: u32, now: LapState) -> bool {
        if now == self.saved {
            return true;
        }
        if saves(test) {
            self.saved = now;
        }
        false
    }
}

impl Position {
    /// Sows from `from` for the player to move until the move ends, in place. On
    /// [`Sown::Endless`] the board is left mid-move: callers work on a copy. Inlined in wasm,
    /// where a call keeps no value in a register (V8 saves none across it): the caller's are
    /// stored and reloaded around every move.
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(crate) fn sow<O: Observer>(&mut self, from: usize, obs: &mut O) -> Sown {
        // Whole laps at once by the board's lap table, on its pits held as one word from lap to
        // lap (written back when the move stops); seed by seed for an observer that watches
        // them, where fours made on the way are captured (AW-4), or on a board with no table.
        if !O::SEEDS && !self.rules.mid_sow_fours {
            // The hand from the lanes too: a shift, where a read of the board just copied would wait.
            let lanes = self.lanes();
            let at = At { pit: from, hand: lane(lanes, from), lanes, lap: 0 };
            // The lap table and the game's relay row (C-3), both constants of the loop that reads
            // them: in V8's code, whose loops keep few values in registers, one register fewer.
            let row = games::relay_row;
            match (self.variant, self.len()) {
                (Variant::Sadeqa, 16) => return self.sow_laps::<O, _, false>(at, &LAPS_16, row(Variant::Sadeqa), obs),
                (Variant::Mangala, 14) => {
                    return self.sow_laps::<O, _, false>(at, &LAPS_14, row(Variant::Mangala), obs);
                }
                (Variant::Manqala, 14) => {
                    return self.sow_laps::<O, _, false>(at, &LAPS_14, row(Variant::Manqala), obs);
                }
                _ => {}
            }
        }
        let at = At { pit: from, hand: self.board[from], lanes: 0, lap: 0 };
        self.sow_laps::<O, _, false>(at, BySeed, games::relay_row(self.variant), obs)
    }

    /// Sows the laps of a move from `at` until it ends: the first [`CYCLE_TEST_FROM`] laps with
    /// no cycle test (`LONG` false), then, out of line ([`Position::sow_long`]), the rest with
    /// it. One loop for both, so that the moves' short sowings carry nothing of the test.
    #[inline(always)]
    fn sow_laps<O: Observer, S: Sower, const LONG: bool>(
        &mut self,
        mut at: At,
        sower: S,
        relays: Option<&'static [bool; 256]>,
        obs: &mut O,
    ) -> Sown {
        // A repeated lap state proves the move endless, which is what 10 000 laps would say.
        let mut cycle = Brent::default();
        loop {
            at.lap += 1;
            if !LONG && at.lap >= CYCLE_TEST_FROM {
                return self.sow_long(at, sower, relays, obs);
            }
            if LONG {
                if at.lap > MAX_LAPS {
                    return Sown::Endless;
                }
                let test = at.lap - CYCLE_TEST_FROM + 1;
                let words = sower.words(self, &at);
                if cycle.repeats(test, words[0], || self.lap_state(words, at.pit)) {
                    return Sown::Endless;
                }
            }
            obs.lift(at.pit as u8, at.hand, at.lap);
            let last = sower.lap(self, &mut at, obs);
            if !relays.is_some_and(|row| row[usize::from(at.hand)]) {
                let (end, occupied) = sower.stop(self, &at, last, obs);
                return Sown::Done { extra: end == LapEnd::ExtraMove, occupied };
            }
            at.pit = last; // C-3
        }
    }

    /// [`Position::sow_laps`] from lap [`CYCLE_TEST_FROM`] on, with the cycle test: rare (a
    /// move almost always ends sooner), so out of line.
    #[cold]
    #[inline(never)]
    fn sow_long<O: Observer, S: Sower>(
        &mut self,
        at: At,
        sower: S,
        relays: Option<&'static [bool; 256]>,
        obs: &mut O,
    ) -> Sown {
        self.sow_laps::<O, S, true>(at, sower, relays, obs)
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
        self.credit(pit, seeds, to, kind, obs);
    }

    /// Puts the `seeds` just taken from `pit` in `to`'s store ([`Position::take`]).
    fn credit<O: Observer>(&mut self, pit: usize, seeds: u8, to: Side, kind: CaptureKind, obs: &mut O) {
        *self.stores.get_mut(to) += seeds;
        let captured = seeds > 0 && kind != CaptureKind::Settle;
        self.last_capture = core::hint::select_unpredictable(captured, Some(to), self.last_capture);
        if seeds > 0 {
            obs.capture(pit as u8, seeds, to, kind);
        }
    }
}

/// How the laps of a move are sown: by a board's lap table ([`Laps`]), or seed by seed.
trait Sower: Copy {
    /// Sows the lap of `at`: lifts `at.hand` seeds from `at.pit` and drops them (C-2). Returns
    /// the pit of the last seed, whose seeds are then `at.hand`.
    fn lap<O: Observer>(self, pos: &mut Position, at: &mut At, obs: &mut O) -> usize;
    /// The board as three words of eight pits, for the cycle test.
    fn words(self, pos: &Position, at: &At) -> [u64; 3];
    /// Ends the move whose last seed fell in `last`: the game's captures ([`games::stop`]), the
    /// board written back. Returns how it ends and the pits then holding seeds
    /// ([`Position::occupied`]).
    fn stop<O: Observer>(self, pos: &mut Position, at: &At, last: usize, obs: &mut O) -> (LapEnd, u32);
}

/// Seed by seed on the board itself ([`Position::sow_seeds`]).
#[derive(Clone, Copy)]
struct BySeed;

impl Sower for BySeed {
    #[inline(always)]
    fn lap<O: Observer>(self, pos: &mut Position, at: &mut At, obs: &mut O) -> usize {
        pos.board[at.pit] = 0;
        let last = pos.sow_seeds(at.pit, at.hand, obs);
        at.hand = pos.board[last];
        last
    }

    #[inline(always)]
    fn words(self, pos: &Position, _: &At) -> [u64; 3] {
        pos.words()
    }

    #[inline(always)]
    fn stop<O: Observer>(self, pos: &mut Position, _: &At, last: usize, obs: &mut O) -> (LapEnd, u32) {
        // The mover is the player to move: a sowing does not hand the turn on.
        let end = games::stop(pos, last, pos.turn, obs);
        (end, pos.occupied())
    }
}

impl<const LEN: usize> Sower for &'static Laps<LEN> {
    #[inline(always)]
    fn lap<O: Observer>(self, _: &mut Position, at: &mut At, _: &mut O) -> usize {
        let (before, hand) = (at.lanes, at.hand);
        let last = self.sow(&mut at.lanes, at.pit, hand);
        // A hand of 1 to LEN - 1 seeds drops exactly one in its last pit, which is not the one
        // it was lifted from (C-2): natively that pit's seeds are read from the board before the
        // lap, so the next lap's hand waits only for where this one ends, not for its table read.
        // Not in wasm, where V8 would keep both boards' lanes in memory, not in registers.
        let one_round = !cfg!(target_arch = "wasm32") && (1..LEN).contains(&usize::from(hand));
        at.hand = if one_round { lane(before, last) + 1 } else { lane(at.lanes, last) };
        last
    }

    #[inline(always)]
    fn words(self, _: &Position, at: &At) -> [u64; 3] {
        [at.lanes as u64, (at.lanes >> 64) as u64, 0]
    }

    /// The captures are taken from the lanes, which are then written back once, word by word:
    /// bytes stored into the board after it would hold up the word-wide reads of the next steps
    /// (the next move's lanes) until they reached the cache. The occupied pits are found from
    /// the lanes, not read back from the board (the turn's hand-over waits for them).
    #[inline(always)]
    fn stop<O: Observer>(self, pos: &mut Position, at: &At, last: usize, obs: &mut O) -> (LapEnd, u32) {
        let mover = pos.turn;
        let mut pits = OnLanes { pos, lanes: at.lanes };
        let end = games::stop(&mut pits, last, mover, obs);
        pits.pos.set_lanes(pits.lanes);
        let [[low, high], _] = halves(pits.lanes, 0);
        (end, PitSet::occupied16(low, high))
    }
}

/// A position whose first sixteen pits are the lanes a lap table sowed, not yet written back.
struct OnLanes<'a> {
    pos: &'a mut Position,
    lanes: u128,
}

impl Pits for OnLanes<'_> {
    #[inline(always)]
    fn pos(&mut self) -> &mut Position {
        self.pos
    }

    #[inline(always)]
    fn seeds(&self, pit: usize) -> u8 {
        lane(self.lanes, pit)
    }

    #[inline(always)]
    fn take<O: Observer>(&mut self, pit: usize, to: Side, obs: &mut O) {
        self.take_if(true, pit, to, obs);
    }

    /// Without a branch: on the seeds taken (none if not `take`) and on the half the pit is in.
    #[inline(always)]
    fn take_if<O: Observer>(&mut self, take: bool, pit: usize, to: Side, obs: &mut O) {
        use core::hint::select_unpredictable as select;
        let seeds = select(take, self.seeds(pit), 0);
        // By halves, as `lane` reads them.
        let [[low, high], _] = halves(self.lanes, 0);
        let kept = select(take, !0xFFu64.wrapping_shl(8 * pit as u32), !0);
        let (low, high) = select(pit < 8, (low & kept, high), (low, high & kept));
        self.lanes = u128::from(high) << 64 | u128::from(low);
        self.pos.credit(pit, seeds, to, CaptureKind::Final, obs);
    }
}

/// Lane `pit` of `lanes`: a word's byte by a 64-bit shift, no wide shift (wasm lowers those to
/// calls) and no trip through memory (a lap's next hand waits for it). The shift's count is
/// taken modulo 64, as the instruction takes it, so no mask is computed.
fn lane(lanes: u128, pit: usize) -> u8 {
    let word = if pit < 8 { lanes as u64 } else { (lanes >> 64) as u64 };
    word.wrapping_shr(8 * pit as u32) as u8
}

/// The two 64-bit halves, low first, of each of `a` and `b`.
const fn halves(a: u128, b: u128) -> [[u64; 2]; 2] {
    [[a as u64, (a >> 64) as u64], [b as u64, (b >> 64) as u64]]
}

/// The laps of [`Position::sow_seeds`] as arithmetic on a board of `LEN` pits, at most sixteen,
/// held as the byte lanes of one word (pit `i` in lane `i`), where no four is taken on the way.
/// The length is a constant of each table, so that each board's loop knows it.
struct Laps<const LEN: usize> {
    /// `lap[half][pit][hand]` for a hand that does not go round the board: what sowing it from
    /// `pit` adds to each half of the lanes, pits 0–7 and 8–15 (modulo 2^64): `hand` seeds lifted
    /// from `pit`, one dropped in each of the `hand` pits after it. Each half's sum is its new
    /// value, so no carry passes between them: two 64-bit additions (in wasm, which has no carry
    /// flag, a 128-bit addition is a comparison and two more). Rows of sixteen eight-byte
    /// entries: a lap's entry is its pit's row (known before the hand is) plus the hand scaled
    /// by eight, the one step of the address that waits for the hand.
    lap: [[[u64; 16]; 16]; 2],
    /// One seed in every pit, by halves.
    round: [u64; 2],
}

/// The lap tables of the boards the games have (Mangala IV and Al-manqala, Sadeqa III).
static LAPS_14: Laps<14> = Laps::new();
static LAPS_16: Laps<16> = Laps::new();

impl<const LEN: usize> Laps<LEN> {
    const fn new() -> Laps<LEN> {
        assert!(LEN <= 16, "a lap table holds one word of sixteen pits at most");
        let mut lap = [[[0u64; 16]; 16]; 2];
        let mut pit = 0;
        while pit < LEN {
            let (mut hand, mut dropped) = (1, 0u128);
            while hand < LEN {
                dropped += 1 << (8 * ((pit + hand) % LEN));
                let [d, l] = halves(dropped, (hand as u128) << (8 * pit));
                lap[0][pit][hand] = d[0].wrapping_sub(l[0]);
                lap[1][pit][hand] = d[1].wrapping_sub(l[1]);
                hand += 1;
            }
            pit += 1;
        }
        let [round, _] = halves((u128::MAX / 255) >> (128 - 8 * LEN), 0);
        Laps { lap, round }
    }

    /// Sows the `hand` seeds of `pit` on `lanes`: lifts them; whole rounds add one seed to every
    /// pit, the origin included (C-2), and the rest one to each pit after `pit`. No pit ever
    /// holds more than 98 seeds, so no lane carries into the next. Returns the pit of the last
    /// seed. Inlined into every lap.
    #[inline(always)]
    fn sow(&self, lanes: &mut u128, pit: usize, hand: u8) -> usize {
        let [[mut low, mut high], _] = halves(*lanes, 0);
        let pit = pit % 16; // below LEN already: a mask in place of a bounds check
        let rest = if usize::from(hand) < LEN {
            let hand = usize::from(hand);
            (low, high) = (low.wrapping_add(self.lap[0][pit][hand]), high.wrapping_add(self.lap[1][pit][hand]));
            hand
        } else {
            // Rare: a division by the constant length.
            let (rounds, rest) = (usize::from(hand) / LEN, usize::from(hand) % LEN);
            // The seeds lifted, in the origin's lane of its half: a 64-bit shift (a 128-bit one
            // is a call in wasm, and a call in the loop keeps the lap's state in memory).
            let lifted = ((usize::from(hand) - rest) as u64) << (8 * (pit % 8));
            let lifted = if pit < 8 { [lifted, 0] } else { [0, lifted] };
            let rounds = rounds as u64;
            low = low.wrapping_add(self.lap[0][pit][rest]).wrapping_add(rounds * self.round[0]).wrapping_sub(lifted[0]);
            high =
                high.wrapping_add(self.lap[1][pit][rest]).wrapping_add(rounds * self.round[1]).wrapping_sub(lifted[1]);
            rest
        };
        *lanes = u128::from(high) << 64 | u128::from(low);
        // The pit `rest` after `pit` (after whole rounds only, the origin refilled: C-2), by a
        // mask where the length is a power of two (Sadeqa III's sixteen), else a select, not a
        // branch (half the laps wrap round) nor a table read: the next lap's hand waits for it.
        let last = pit + rest;
        if LEN.is_power_of_two() {
            last % LEN
        } else {
            core::hint::select_unpredictable(last >= LEN, last.wrapping_sub(LEN), last)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NoObserver, Options, SplitMix64, Variant};

    /// One lap from `pit` on `pos` by `sower`: its last pit, the seeds there and the board (as
    /// the cycle test reads it, three words of eight pits).
    fn lap_by<S: Sower>(sower: S, pos: &Position, pit: usize) -> (usize, u8, [u64; 3]) {
        let mut pos = *pos;
        let mut at = At { pit, hand: pos.board[pit], lanes: pos.lanes(), lap: 0 };
        let last = sower.lap(&mut pos, &mut at, &mut NoObserver);
        (last, at.hand, sower.words(&pos, &at))
    }

    /// C-2: a lap sown at once by the lap table (whole rounds included, the origin refilled)
    /// leaves the board, the last pit and the seeds in it that sowing seed by seed leaves, from
    /// every pit and with every hand up to 98 seeds (none included), on both boards that have a
    /// table.
    #[test]
    fn a_lap_at_once_is_the_lap_seed_by_seed() {
        let mut rng = SplitMix64::new(4);
        for variant in [Variant::Mangala, Variant::Sadeqa] {
            let mut pos = Position::new(variant, Options::default());
            let len = pos.len();
            for pit in 0..len {
                for hand in 0..=98u8 {
                    for (i, seeds) in pos.board[..len].iter_mut().enumerate() {
                        *seeds = if i == pit { hand } else { rng.below(4) as u8 };
                    }
                    let at_once = match len {
                        14 => lap_by(&LAPS_14, &pos, pit),
                        16 => lap_by(&LAPS_16, &pos, pit),
                        _ => unreachable!("no lap table for {len} pits"),
                    };
                    assert_eq!(at_once, lap_by(BySeed, &pos, pit), "{variant:?} pit {pit} hand {hand}");
                }
            }
        }
    }
}
