//! The sowing loop (C-2, C-3, C-5), written once and generic over the
//! observer so that the search pays nothing for tracing.

use crate::games::{self, LapEnd};
use crate::moves::PitSet;
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

/// Brent's cycle detection on the states at the start of laps: a saved state, replaced after
/// twice as many laps each time.
#[derive(Default)]
struct Brent {
    saved: Option<LapState>,
    power: u32,
    since: u32,
}

impl Brent {
    /// Whether `now` repeats an earlier state, which proves the sowing endless.
    fn repeats(&mut self, now: LapState) -> bool {
        if self.saved == Some(now) {
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
    /// Sows from `from` for `mover` until the move ends, in place. On
    /// [`Sown::Endless`] the board is left mid-move: callers work on a copy.
    pub(crate) fn sow<O: Observer>(&mut self, from: usize, mover: Side, obs: &mut O) -> Sown {
        let (len, mut pit) = (self.len(), from);
        // Seed by seed for an observer that watches them, or where fours made on the way are
        // captured (AW-4); else whole laps at once, on the board's words held here from lap to
        // lap (written back when the move stops).
        let at_once = !O::SEEDS && !self.rules.mid_sow_fours;
        let mut words = self.words();
        // A repeated lap state proves the move endless, which is what 10 000 laps would say.
        let mut cycle = Brent::default();
        for lap in 1..MAX_LAPS + 1 {
            if lap >= CYCLE_TEST_FROM {
                if !at_once {
                    words = self.words();
                }
                if cycle.repeats(self.lap_state(words, pit)) {
                    return Sown::Endless;
                }
            }
            let (last, seeds) = if at_once {
                let (hand, last) = sow_at_once(&mut words, pit, len);
                obs.lift(pit as u8, hand, lap);
                (last, (words[last / 8] >> (8 * (last % 8))) as u8)
            } else {
                let hand = self.board[pit];
                self.board[pit] = 0;
                obs.lift(pit as u8, hand, lap);
                let last = self.sow_seeds(pit, hand, obs);
                (last, self.board[last])
            };
            if !games::relays(self.variant, seeds) {
                if at_once {
                    self.set_words(words);
                }
                let extra = games::stop(self, last, mover, obs) == LapEnd::ExtraMove;
                return Sown::Done { extra };
            }
            pit = last; // C-3
        }
        Sown::Endless
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

    /// Moves every seed of `pit` to `to`'s store, telling the observer.
    pub(crate) fn take<O: Observer>(&mut self, pit: usize, to: Side, kind: CaptureKind, obs: &mut O) {
        let seeds = self.board[pit];
        if seeds == 0 {
            return;
        }
        self.board[pit] = 0;
        *self.stores.get_mut(to) += seeds;
        if kind != CaptureKind::Settle {
            self.last_capture = Some(to);
        }
        obs.capture(pit as u8, seeds, to, kind);
    }
}

/// The lap of [`Position::sow_seeds`] as arithmetic on the board's `words` (eight pits each),
/// where no four is taken on the way: lifts `pit`; whole rounds add one seed to every pit, the
/// origin included (C-2), and the rest one to each pit after `pit`, found as bits. No pit ever
/// holds more than 98 seeds, so no byte carries into the next. Returns the hand and the pit of
/// the last seed.
fn sow_at_once(words: &mut [u64; 3], pit: usize, len: usize) -> (u8, usize) {
    let (word, shift) = (pit / 8, 8 * (pit % 8));
    let hand = (words[word] >> shift) as u8;
    words[word] -= u64::from(hand) << shift;
    // A byte division: whole rounds are rare, and a 64-bit division is slow.
    let (rounds, rest) = if usize::from(hand) < len { (0, hand) } else { (hand / len as u8, hand % len as u8) };
    let rest = usize::from(rest);
    let board = PitSet(((1u64 << len) - 1) as u32);
    let past_origin = ((1u64 << rest) - 1) << (pit + 1); // may run past the last pit…
    let rest_pits = PitSet(((past_origin | past_origin >> len) as u32) & board.0); // …and on from pit 0
    for (i, word) in words.iter_mut().enumerate() {
        *word += rest_pits.byte_ones(i);
    }
    if rounds > 0 {
        for (i, word) in words.iter_mut().enumerate() {
            *word += board.byte_ones(i) * u64::from(rounds);
        }
    }
    (hand, if pit + rest < len { pit + rest } else { pit + rest - len })
}
