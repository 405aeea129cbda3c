//! Evaluation: how good a position is for the player to move, in
//! centiseeds (100 = one seed ahead), and the scores of finished games.
//!
//! The standard evaluation is linear in a few board [`features`]; the
//! weights of each game come from self-play (see `examples/tune.rs` and
//! `docs/ai-evidence.md`): they are least-squares estimates of the final
//! margin of games the engine played against itself.

use mancala_core::{MAX_PITS, Outcome, Position, Side, Variant};

/// One seed, in score units.
pub const SEED: i32 = 100;

/// The score of a won game, before the margin is added: every win scores
/// more than any evaluation, every loss less.
pub const WIN: i32 = 100_000;

/// How many features the linear evaluation reads.
pub const FEATURES: usize = 9;

/// The features' names, in order (each is "mine minus theirs" for the
/// player to move, except `tempo`, which is 1).
pub const FEATURE_NAMES: [&str; FEATURES] =
    ["store", "row", "occupied", "ones", "twos", "threes", "big", "exposed", "tempo"];

/// A static evaluation: the search is generic over it.
pub trait Evaluate {
    /// The value of a position that is not over, for the player to move.
    fn evaluate(&self, pos: &Position) -> i32;
}

/// The score of a finished game for `side`: a win is worth [`WIN`] plus the
/// margin in seeds, a loss `-WIN` plus the (negative) margin, a draw 0.
#[must_use]
pub fn terminal_score(pos: &Position, side: Side) -> i32 {
    let stores = pos.stores();
    let margin = (i32::from(*stores.get(side)) - i32::from(*stores.get(side.other()))) * SEED;
    match pos.outcome() {
        Some(Outcome::Win(winner)) if winner == side => WIN + margin,
        Some(Outcome::Win(_)) => -WIN + margin,
        Some(Outcome::Draw) | None => margin,
    }
}

/// The score of a position for its player to move whose value (AN-1) is known exactly: `net`
/// seeds more for the mover from here to the end. The final margin is the stores' margin plus
/// `net`, and its sign decides the game (AN-3, C-7), scored as [`terminal_score`] scores an end.
#[must_use]
pub fn exact_score(pos: &Position, net: i32) -> i32 {
    let mover = pos.turn();
    let stores = pos.stores();
    let margin = i32::from(*stores.get(mover)) - i32::from(*stores.get(mover.other())) + net;
    WIN * margin.signum() + margin * SEED
}

/// Whether a score proves a win or a loss.
#[must_use]
pub fn is_decisive(score: i32) -> bool {
    score.abs() >= WIN / 2
}

/// The board features of `pos` for the player to move (see
/// [`FEATURE_NAMES`]):
/// - `store`: captured seeds;
/// - `row`: seeds in the own row;
/// - `occupied`: non-empty pits;
/// - `ones`, `twos`, `threes`: pits holding exactly 1, 2, 3 (targets of the
///   2-or-4 captures of MG-6 and AM-5, and one short of AW-5's four);
/// - `big`: pits holding a whole lap of the board or more;
/// - `exposed`: seeds in the opponent's pits opposite the own empty pits
///   (what SQ-4 can take);
/// - `tempo`: 1.
#[must_use]
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let us = pos.turn();
    let stores = pos.stores();
    let store = i32::from(*stores.get(us)) - i32::from(*stores.get(us.other()));
    let (south, north) = rows(pos);
    let (ours, theirs) = if us == Side::South { (south, north) } else { (north, south) };
    let [row, occupied, ones, twos, threes, big, exposed] = if pos.board().len() <= 16 {
        counts(Packed(ours | theirs << 64), pos.board().len())
    } else {
        counts(Pair(ours, theirs), pos.board().len())
    };
    [store, row, occupied, ones, twos, threes, big, exposed, 1]
}

/// The features but `store` and `tempo`, counted on the `rows` of a board of `len` pits.
fn counts<R: Rows>(rows: R, len: usize) -> [i32; 7] {
    // Lanes whose top bit `tops` sets, as a 1 in each.
    let lanes = |tops: fn(u128) -> u128| rows.map(|r| (tops(r) & TOPS) >> 7).difference();
    // The top bit of a lane holding `len` or more, as no lane reaches 128.
    let big = u128::from_le_bytes([128 - len as u8; 16]);
    [
        rows.difference(),
        lanes(|r| !zero_tops(r)),
        lanes(|r| zero_tops(r ^ ONES)),
        lanes(|r| zero_tops(r ^ (2 * ONES))),
        lanes(|r| zero_tops(r ^ (3 * ONES))),
        rows.map(|r| ((r + big) & TOPS) >> 7).difference(),
        exposed(rows),
    ]
}

/// The `exposed` feature of `rows`: our seeds facing their empty pits minus theirs facing ours.
fn exposed<R: Rows>(rows: R) -> i32 {
    rows.facing().and(rows.map(zero_lanes)).difference()
}

/// A one in every byte lane.
const ONES: u128 = u128::from_le_bytes([1; 16]);
/// The top bit of every byte lane.
const TOPS: u128 = 0x80 * ONES;

/// The two rows of the board as byte lanes (pit `i` of South in lane `i`; North reversed, its last
/// pit in lane 0), so that lane `i` of each faces lane `i` of the other (C-1); lanes past a row
/// hold 0. A row has at most 12 pits and a pit at most 98 seeds, so no lane reaches the top bit.
fn rows(pos: &Position) -> (u128, u128) {
    let board = pos.padded_board();
    // Shifts by a constant for each board (wasm has no wide shifts).
    match pos.board().len() / 2 {
        7 => rows_of::<7>(board),
        8 => rows_of::<8>(board),
        _ => rows_of::<12>(board), // Anywoli: no game has other rows
    }
}

/// [`rows`] on a board of `N` pits a row (at most 12).
fn rows_of<const N: usize>(board: &[u8; MAX_PITS]) -> (u128, u128) {
    let word = |from: usize| {
        let mut lanes = [0u8; 16];
        lanes.copy_from_slice(&board[from..from + 16]);
        u128::from_le_bytes(lanes)
    };
    let row = (1u128 << (8 * N)) - 1;
    let north = if N <= 8 { word(0) >> (8 * N) } else { word(8) >> (8 * (N - 8)) };
    (word(0) & row, ((north & row) << (8 * (16 - N))).swap_bytes())
}

/// [`rows`] on a board of `N` pits a row, South's as ours.
fn rows_packed<const N: usize>(board: &[u8; MAX_PITS]) -> Packed {
    let (south, north) = rows_of::<N>(board);
    Packed(south | north << 64)
}

/// Our row and theirs as byte lanes, lane `i` of each facing lane `i` of the other.
trait Rows: Copy {
    /// Each row with `f` applied (to its lanes as one word).
    fn map(self, f: impl Fn(u128) -> u128) -> Self;
    /// Each row in the other's place.
    fn facing(self) -> Self;
    /// Each row's lanes and the other's (`&`).
    fn and(self, other: Self) -> Self;
    /// The sum of our lanes minus the sum of theirs (at most 98 in each).
    fn difference(self) -> i32;
}

/// Rows of at most eight pits in one word: ours in the low half, theirs in the high.
#[derive(Clone, Copy)]
struct Packed(u128);

/// Rows of up to sixteen pits, a word each: ours, theirs.
#[derive(Clone, Copy)]
struct Pair(u128, u128);

impl Rows for Packed {
    fn map(self, f: impl Fn(u128) -> u128) -> Packed {
        Packed(f(self.0))
    }
    fn facing(self) -> Packed {
        Packed(self.0.rotate_left(64))
    }
    fn and(self, other: Packed) -> Packed {
        Packed(self.0 & other.0)
    }
    fn difference(self) -> i32 {
        byte_sum(self.0 as u64) - byte_sum((self.0 >> 64) as u64)
    }
}

impl Rows for Pair {
    fn map(self, f: impl Fn(u128) -> u128) -> Pair {
        Pair(f(self.0), f(self.1))
    }
    fn facing(self) -> Pair {
        Pair(self.1, self.0)
    }
    fn and(self, other: Pair) -> Pair {
        Pair(self.0 & other.0, self.1 & other.1)
    }
    fn difference(self) -> i32 {
        let fold = |x: u128| (x as u64) + (x >> 64) as u64;
        byte_sum(fold(self.0)) - byte_sum(fold(self.1))
    }
}

/// The top bit of the lanes of `x` that hold 0 (no lane of `x` has its top bit set).
fn zero_tops(x: u128) -> u128 {
    !(x + !TOPS) & TOPS
}

/// 0x7F in the lanes of `x` that hold 0, else 0: all of a lane below 128.
fn zero_lanes(x: u128) -> u128 {
    let tops = zero_tops(x);
    tops - (tops >> 7)
}

/// The sum of the byte lanes of `x`, at most 255 in all (so no lane overflows).
fn byte_sum(x: u64) -> i32 {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as i32
}

/// A linear evaluation: the dot product of [`features`] and the weights
/// (centiseeds per unit of each feature).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Linear(pub [i32; FEATURES]);

impl Linear {
    /// Captured seeds only: the untuned baseline.
    pub const MATERIAL: Linear = Linear([SEED, 0, 0, 0, 0, 0, 0, 0, 0]);

    /// The tuned weights of `variant`: least-squares fits of the final
    /// margin of self-play games (`examples/tune.rs`, two rounds of 300
    /// games at 3000 nodes a move, seed 1; `docs/ai-evidence.md` has the
    /// commands and how each set did against material only).
    #[must_use]
    pub const fn tuned(variant: Variant) -> Linear {
        match variant {
            // Tuned with free choice (forced play has no decisions).
            Variant::Mangala => Linear([102, 10, -66, 145, 213, 184, 283, -4, 34]),
            Variant::Sadeqa => Linear([101, 6, -6, 50, 38, 15, -66, 3, 84]),
            Variant::Manqala => Linear([105, 5, 98, 22, 74, 105, 142, -3, -6]),
            Variant::Anywoli => Linear([125, -132, 1114, -947, -706, -411, 0, 7, 108]),
        }
    }
}

impl Evaluate for Linear {
    fn evaluate(&self, pos: &Position) -> i32 {
        features(pos).iter().zip(self.0).map(|(f, w)| f * w).sum()
    }
}

/// The tuned evaluation of whichever game the position is in: [`Linear::tuned`]'s value, the
/// features' weights folded into what each pit's count is worth ([`PitValues`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Tuned;

impl Evaluate for Tuned {
    fn evaluate(&self, pos: &Position) -> i32 {
        let board = pos.padded_board();
        match pos.variant() {
            Variant::Mangala => MANGALA.evaluate::<7>(pos, rows_packed::<7>(board)),
            Variant::Sadeqa => SADEQA.evaluate::<8>(pos, rows_packed::<8>(board)),
            Variant::Manqala => MANQALA.evaluate::<7>(pos, rows_packed::<7>(board)),
            Variant::Anywoli => {
                let (south, north) = rows_of::<12>(board);
                ANYWOLI.evaluate::<12>(pos, Pair(south, north))
            }
        }
    }
}

static MANGALA: PitValues = PitValues::of(Variant::Mangala);
static SADEQA: PitValues = PitValues::of(Variant::Sadeqa);
static MANQALA: PitValues = PitValues::of(Variant::Manqala);
static ANYWOLI: PitValues = PitValues::of(Variant::Anywoli);

/// A game's [`Linear::tuned`] weights, those of the features counted pit by pit (`row` to
/// `big`) folded into one number for each count a pit may hold: the evaluation is then a table
/// read a pit, the same sum in another order.
struct PitValues {
    weights: Linear,
    /// What a pit holding `v` seeds is worth to its owner.
    pit: [i32; 256],
}

impl PitValues {
    const fn of(variant: Variant) -> PitValues {
        let weights = Linear::tuned(variant);
        let w = weights.0;
        let len = 2 * variant.pits_per_row() as usize;
        let mut pit = [0; 256];
        let mut v = 0;
        while v < 256 {
            pit[v] = w[1] * v as i32
                + w[2] * (v > 0) as i32
                + w[3] * (v == 1) as i32
                + w[4] * (v == 2) as i32
                + w[5] * (v == 3) as i32
                + w[6] * (v >= len) as i32;
            v += 1;
        }
        PitValues { weights, pit }
    }

    /// The value of `pos`, a board of `N` pits a row whose rows are `rows` (South's as ours).
    fn evaluate<const N: usize>(&self, pos: &Position, rows: impl Rows) -> i32 {
        let board = pos.padded_board();
        let w = self.weights.0;
        let stores = pos.stores();
        // South's view: the features are antisymmetric but for `tempo`.
        let mut south = w[0] * (i32::from(stores.south) - i32::from(stores.north)) + w[7] * exposed(rows);
        for i in 0..N {
            south += self.pit[usize::from(board[i])] - self.pit[usize::from(board[N + i])];
        }
        (if pos.turn() == Side::South { south } else { -south }) + w[8]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Options, Playouts, SplitMix64};

    /// The features as their doc defines them, pit by pit: what the word-wide [`features`] must
    /// equal.
    fn features_by_pit(pos: &Position) -> [i32; FEATURES] {
        let us = pos.turn();
        let board = pos.board();
        let (len, n) = (board.len(), board.len() / 2);
        let (ours, theirs) = if us == Side::South { board.split_at(n) } else { (&board[n..], &board[..n]) };
        let stores = pos.stores();
        let mut f = [0i32; FEATURES];
        f[0] = i32::from(*stores.get(us)) - i32::from(*stores.get(us.other()));
        // Opposite pits (C-1): our i-th pit faces their (n-1-i)-th.
        for (&a, &b) in ours.iter().zip(theirs.iter().rev()) {
            let (a, b) = (i32::from(a), i32::from(b));
            f[1] += a - b;
            f[2] += i32::from(a > 0) - i32::from(b > 0);
            f[3] += i32::from(a == 1) - i32::from(b == 1);
            f[4] += i32::from(a == 2) - i32::from(b == 2);
            f[5] += i32::from(a == 3) - i32::from(b == 3);
            f[6] += i32::from(a >= len as i32) - i32::from(b >= len as i32);
            f[7] += if a == 0 { b } else { 0 } - if b == 0 { a } else { 0 };
        }
        f[8] = 1;
        f
    }

    /// The tuned evaluation read from pit values is the dot product of the features and the
    /// weights, along random games of every game.
    #[test]
    fn pit_values_evaluate_as_the_weighted_features() {
        let mut playouts = Playouts::default();
        let mut rng = SplitMix64::new(12);
        let mut checked = 0;
        for variant in Variant::ALL {
            let start = Position::new(variant, Options { free_choice: true, ..Options::default() });
            for _ in 0..30 {
                playouts.play(start, &mut rng, |pos, _| {
                    assert_eq!(Tuned.evaluate(pos), Linear::tuned(variant).evaluate(pos), "{pos:?}");
                    checked += 1;
                });
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// The features of every position of random games of every game, both players to move, are
    /// those counted pit by pit.
    #[test]
    fn features_are_counted_pit_by_pit() {
        let mut playouts = Playouts::default();
        let mut rng = SplitMix64::new(11);
        let mut checked = 0;
        for variant in Variant::ALL {
            let start = Position::new(variant, Options { free_choice: true, ..Options::default() });
            for _ in 0..30 {
                playouts.play(start, &mut rng, |pos, _| {
                    assert_eq!(features(pos), features_by_pit(pos), "{pos:?}");
                    checked += 1;
                });
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
