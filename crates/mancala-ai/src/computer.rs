//! The engine: the search with its memory, and the decisions built on it
//! (a level's move, hints, Mangala IV's side, Al-manqala's split).

use std::sync::Arc;

use mancala_core::{Move, PlayError, Position, Side, SplitMix64, Variant, ritual};
use mancala_tables::Tables;

use crate::eval::{Evaluate, SEED, Tuned, terminal_score};
use crate::search::{Analysis, Searcher};
use crate::table::key_of;
use crate::{Clock, Level, Limits};

/// A move chosen, with what the search thinks of it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "tsify", derive(tsify::Tsify))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct Thought {
    /// The move to play (`move` in JSON).
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub best: Move,
    /// Its score for the player to move, in centiseeds (100 = one seed);
    /// beyond ±[`WIN`](crate::WIN) the game is decided (see
    /// [`terminal_score`](crate::terminal_score)).
    pub score: i32,
    /// Plies searched (the deepest iteration whose result is used).
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, `best` first; the side to move of each is
    /// whoever the core says moves next.
    pub pv: Vec<Move>,
    /// Whether the score is the true result of best play (the search
    /// reached the end of every line).
    pub exact: bool,
    /// Al-manqala: propose to split the board now (AM-9); if declined, play
    /// `best`. Only in a loop ([`SplitAdvice::looping`]) and only a split
    /// this player would accept there ([`SplitAdvice::accept`]).
    pub propose_split: bool,
}

/// What the hint overlay shows for one pit of the player to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PitHint {
    pub pit: u8,
    /// The move's score for the player to move (as in [`Thought::score`]);
    /// `None` when the move is illegal.
    pub score: Option<i32>,
    /// The best move (several if they tie).
    pub best: bool,
    /// Whether `score` is the true result of best play after the move (the search reached
    /// the end of every line).
    pub exact: bool,
    /// The line expected after the move, the move first (empty when illegal).
    pub pv: Vec<Move>,
    /// Seeds the move itself puts in the mover's store.
    pub captures: u8,
    /// Seeds the move itself puts in the opponent's store (AW-4's fours in
    /// their row; end-of-game settlements).
    pub gives: u8,
    /// The mover moves again (AW-5).
    pub extra_move: bool,
    /// The most the opponent's immediate reply can capture (0 when the
    /// mover moves again or the game ends): what the move leaves exposed.
    pub exposes: u8,
    /// Why the move is not legal (its `Display` is the player-readable text; JSON gives its
    /// [`PlayError::id`]).
    pub illegal: Option<PlayError>,
}

/// The TypeScript of a serialized [`PitHint`] (its serde is written by hand, below).
#[cfg(feature = "tsify")]
#[wasm_bindgen::prelude::wasm_bindgen(typescript_custom_section)]
const PIT_HINT_TS: &str = r#"/** What the search makes of one pit of the player to move. */
export interface PitHint {
    pit: Pit;
    /** The move's score for the mover, in centiseeds; `null` when the move is illegal. */
    score: number | null;
    /** A best move (several when they tie). */
    best: boolean;
    /** The score is the result of best play (every line searched to its end). */
    exact: boolean;
    /** The line expected, the move first (empty when illegal). */
    pv: Move[];
    /** Seeds the move puts in the mover's store at once. */
    captures: number;
    /** Seeds it puts in the opponent's store at once (AW-4, settlements). */
    gives: number;
    /** The mover moves again (AW-5). */
    extraMove: boolean;
    /** The most the opponent's reply can capture. */
    exposes: number;
    /** Why the move is illegal, as the preview's `reason` id. */
    illegal: string | null;
}"#;

#[cfg(feature = "serde")]
impl serde::Serialize for PitHint {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("PitHint", 10)?;
        st.serialize_field("pit", &self.pit)?;
        st.serialize_field("score", &self.score)?;
        st.serialize_field("best", &self.best)?;
        st.serialize_field("exact", &self.exact)?;
        st.serialize_field("pv", &self.pv)?;
        st.serialize_field("captures", &self.captures)?;
        st.serialize_field("gives", &self.gives)?;
        st.serialize_field("extraMove", &self.extra_move)?;
        st.serialize_field("exposes", &self.exposes)?;
        st.serialize_field("illegal", &self.illegal.map(PlayError::id))?;
        st.end()
    }
}

/// Mangala IV's ritual choice (MG-3): the side to take, and what it is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideChoice {
    pub side: Side,
    /// The score of the game for `side` (as in [`Thought::score`]).
    pub score: i32,
    /// Whether the score is the true result (always, with forced play).
    pub exact: bool,
}

/// Al-manqala's split (AM-9), weighed for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
pub struct SplitAdvice {
    /// The final score for this player if the board is split now.
    pub split: i32,
    /// The search's expectation for this player if play goes on.
    pub play_on: i32,
    /// Whether the game is the loop AM-9 is for: no capture in the last
    /// [`LOOP_PLIES`] moves, and none in the search's expected line either.
    pub looping: bool,
    /// Whether to accept the split: it is at least as good as playing on.
    /// In a loop, playing on leads back to the split (C-6 applies it), so
    /// a split within [`SPLIT_MARGIN`] of the search's expectation counts
    /// as good as playing on.
    pub accept: bool,
}

impl SplitAdvice {
    /// Weighs the split for `side` at the last position of `history`
    /// against `thought`, the search of that position. `None` outside
    /// Al-manqala or once over.
    fn weigh(history: &[Position], side: Side, thought: &Thought) -> Option<SplitAdvice> {
        let root = history.last()?;
        let split = split_score(root, side)?;
        let play_on = if root.turn() == side { thought.score } else { -thought.score };
        let looping = plies_without_capture(history) >= LOOP_PLIES && !captures_along(root, &thought.pv);
        let tolerance = if looping { SPLIT_MARGIN } else { 0 };
        Some(SplitAdvice { split, play_on, looping, accept: split >= play_on.saturating_sub(tolerance) })
    }

    /// Whether to propose the split: in a loop, one this player would accept.
    #[must_use]
    pub fn propose(&self) -> bool {
        self.looping && self.accept
    }
}

/// The search with its memory: make one and keep it (in the page's worker,
/// in a match) to avoid reallocating the transposition table every move.
#[derive(Debug, Clone, Default)]
pub struct Computer {
    searcher: Searcher,
    /// Endgame tables, probed by the searches of [`Computer::think`], hints and the levels
    /// from Hard up (issue 11 §3); the weaker levels keep their own play.
    tables: Option<Arc<Tables>>,
}

impl Computer {
    /// An engine with the default table (4 MiB).
    #[must_use]
    pub fn new() -> Computer {
        Computer::default()
    }

    /// An engine whose transposition table has `2^bits` entries of 16 bytes.
    #[must_use]
    pub fn with_table_bits(bits: u8) -> Computer {
        Computer { searcher: Searcher::new(bits), tables: None }
    }

    /// Plays perfectly inside `tables` from now on (`None`: no tables): their positions, of
    /// their game and options, are valued exactly (AN-1) instead of searched.
    pub fn set_tables(&mut self, tables: Option<Arc<Tables>>) {
        self.tables = tables;
    }

    /// The endgame tables in use.
    #[must_use]
    pub fn tables(&self) -> Option<&Arc<Tables>> {
        self.tables.as_ref()
    }

    /// Searches the last position of `history` (the game so far, start
    /// first, as [`Game::positions`](mancala_core::Game::positions) gives it) within `limits`, with the
    /// tuned evaluation. `None` if the game is over or `history` empty.
    pub fn think(&mut self, history: &[Position], limits: &Limits, clock: &mut dyn Clock) -> Option<Thought> {
        self.think_with(history, limits, &Tuned, clock)
    }

    /// [`Computer::think`] with another evaluation.
    pub fn think_with<E: Evaluate + ?Sized>(
        &mut self,
        history: &[Position],
        limits: &Limits,
        eval: &E,
        clock: &mut dyn Clock,
    ) -> Option<Thought> {
        self.searcher.set_tables(self.tables.clone());
        let analysis = self.searcher.analyse(history, limits, eval, clock, false)?;
        let best = analysis.moves[0];
        let root = history.last()?;
        let mut thought = Thought {
            best: Move::Sow(best.pit),
            score: best.score,
            depth: analysis.depth,
            nodes: analysis.nodes,
            pv: best.pv().collect(),
            exact: analysis.exact,
            propose_split: false,
        };
        thought.propose_split = SplitAdvice::weigh(history, root.turn(), &thought).is_some_and(|a| a.propose());
        Some(thought)
    }

    /// The move `level` plays, reproducible for the same `seed` (the seed
    /// only matters to Greedy's ties and Beginner's errors).
    pub fn play(&mut self, history: &[Position], level: Level, seed: u64, clock: &mut dyn Clock) -> Option<Thought> {
        if level.searches() {
            let root = history.last()?;
            let limits = level.limits(root.variant());
            if level >= Level::Hard {
                return self.think(history, &limits, clock);
            }
            let tables = self.tables.take();
            let thought = self.think(history, &limits, clock);
            self.tables = tables;
            return thought;
        }
        let root = history.last()?;
        if root.is_over() {
            return None;
        }
        let mover = root.turn();
        let mut rng = SplitMix64::new(seed ^ key_of(root) ^ history.len() as u64);
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0u64;
        let legal = root.legal_moves();
        for m in legal.iter() {
            let mut child = *root;
            child.play_unchecked(m);
            let value = match level {
                Level::Greedy => i32::from(*child.stores().get(mover) - *root.stores().get(mover)) * SEED,
                _ => static_value(&child, mover) + spread(&mut rng, BEGINNER_ERROR),
            };
            match best {
                Some((v, _)) if v > value => {}
                Some((v, _)) if v == value => {
                    ties += 1;
                    if rng.below(ties + 1) == 0 {
                        best = Some((value, m));
                    }
                }
                _ => {
                    best = Some((value, m));
                    ties = 0;
                }
            }
        }
        let (score, best) = best?;
        Some(Thought {
            best,
            score,
            depth: 1,
            nodes: legal.len() as u64,
            pv: vec![best],
            exact: false,
            propose_split: false,
        })
    }

    /// A hint for every pit of the player to move: the score of each legal
    /// move (each searched with its own full window within `limits`), what
    /// the move takes and gives at once, and why the others are illegal.
    /// Empty if the game is over.
    pub fn hints(&mut self, history: &[Position], limits: &Limits, clock: &mut dyn Clock) -> Vec<PitHint> {
        let Some(root) = history.last().filter(|p| !p.is_over()) else { return Vec::new() };
        self.searcher.set_tables(self.tables.clone());
        let analysis: Option<Analysis> = self.searcher.analyse(history, limits, &Tuned, clock, true);
        let top = analysis.as_ref().map_or(i32::MIN, |a| a.moves[0].score);
        let mover = root.turn();
        root.row(mover)
            .map(|pit| {
                let pit = pit as u8;
                let m = Move::Sow(pit);
                match root.play(m) {
                    Ok(after) => {
                        let found = analysis.as_ref().and_then(|a| a.moves.iter().find(|r| r.pit == pit));
                        let score = found.map(|r| r.score);
                        PitHint {
                            pit,
                            score,
                            best: score == Some(top),
                            exact: found.is_some() && analysis.as_ref().is_some_and(|a| a.exact),
                            pv: found.map(|r| r.pv().collect()).unwrap_or_default(),
                            captures: after.stores().get(mover) - root.stores().get(mover),
                            gives: after.stores().get(mover.other()) - root.stores().get(mover.other()),
                            extra_move: !after.is_over() && after.turn() == mover,
                            exposes: best_reply_capture(&after, mover),
                            illegal: None,
                        }
                    }
                    Err(e) => PitHint {
                        pit,
                        score: None,
                        best: false,
                        exact: false,
                        pv: Vec::new(),
                        captures: 0,
                        gives: 0,
                        extra_move: false,
                        exposes: 0,
                        illegal: Some(e),
                    },
                }
            })
            .collect()
    }

    /// Mangala IV's ritual (MG-3): which side to take at `start`. With forced
    /// play (MG-4) the game is played out, which is exact; with free choice
    /// the start is searched within `limits`. Works for any game.
    pub fn choose_side(&mut self, start: &Position, limits: &Limits, clock: &mut dyn Clock) -> SideChoice {
        let first = start.turn();
        let (score, exact) = if start.is_over() {
            (terminal_score(start, first), true)
        } else if let Some(end) = ritual::forced_end(start) {
            (terminal_score(&end, first), true)
        } else {
            match self.think(&[*start], limits, clock) {
                Some(t) => (t.score, t.exact),
                None => (0, false),
            }
        };
        if score >= 0 {
            SideChoice { side: first, score, exact }
        } else {
            SideChoice { side: first.other(), score: -score, exact }
        }
    }

    /// Al-manqala (AM-9): whether `side` should accept (or propose) a split
    /// of the board now, comparing the split's result with the search's
    /// expectation for the last position of `history` (see [`SplitAdvice`]).
    /// `None` in the other games or once the game is over.
    pub fn split_advice(
        &mut self,
        history: &[Position],
        side: Side,
        limits: &Limits,
        clock: &mut dyn Clock,
    ) -> Option<SplitAdvice> {
        self.split_advice_with(history, side, limits, &Tuned, clock)
    }

    /// [`Computer::split_advice`] with another evaluation.
    pub fn split_advice_with<E: Evaluate + ?Sized>(
        &mut self,
        history: &[Position],
        side: Side,
        limits: &Limits,
        eval: &E,
        clock: &mut dyn Clock,
    ) -> Option<SplitAdvice> {
        split_score(history.last()?, side)?;
        let thought = self.think_with(history, limits, eval, clock)?;
        SplitAdvice::weigh(history, side, &thought)
    }
}

/// The most `mover`'s opponent captures with one reply in `after` (0 if it
/// is not their turn).
fn best_reply_capture(after: &Position, mover: Side) -> u8 {
    let them = mover.other();
    if after.to_move() != Some(them) {
        return 0;
    }
    let before = *after.stores().get(them);
    after
        .legal_moves()
        .iter()
        .map(|m| {
            let mut reply = *after;
            reply.play_unchecked(m);
            reply.stores().get(them) - before
        })
        .max()
        .unwrap_or(0)
}

/// Beginner's misjudgement per move, in centiseeds.
const BEGINNER_ERROR: i32 = 3 * SEED;

/// The value of a child for `mover` by the tuned evaluation, or the true
/// score if it is over.
fn static_value(child: &Position, mover: Side) -> i32 {
    if child.is_over() {
        terminal_score(child, mover)
    } else {
        let e = Tuned.evaluate(child);
        if child.turn() == mover { e } else { -e }
    }
}

/// In a loop (AM-9), how far below the search's expectation a split may be
/// and still count as good as playing on: three seeds, about the
/// evaluation's error.
pub const SPLIT_MARGIN: i32 = 3 * SEED;

/// Moves without a capture before a game can be a loop (AM-9): ten by each
/// player. In Hard self-play 99 % of the stretches between captures are
/// shorter than 13 plies; the few longer ones outside a loop (up to 32) are
/// told apart by the search's line, which must show no capture either. A
/// two-seed chase repeats for the third time (C-6) 28 plies after its last
/// capture, so the proposal comes before the automatic split
/// (`docs/ai-evidence.md`, §3a).
pub const LOOP_PLIES: usize = 20;

/// Moves since the last capture in `history` (the game so far, start
/// first): all of them if nothing has been captured since its start.
#[must_use]
pub fn plies_without_capture(history: &[Position]) -> usize {
    let Some(last) = history.last() else { return 0 };
    history.iter().rev().skip(1).take_while(|p| p.stores() == last.stores()).count()
}

/// Whether playing `line` from `pos` captures anything.
fn captures_along(pos: &Position, line: &[Move]) -> bool {
    let mut pos = *pos;
    line.iter().any(|&m| {
        let before = pos.stores();
        pos.play_unchecked(m);
        pos.stores() != before
    })
}

/// The final score for `side` if the board were split now (AM-9); `None`
/// outside Al-manqala or once over.
#[must_use]
pub fn split_score(pos: &Position, side: Side) -> Option<i32> {
    if pos.variant() != Variant::Manqala || pos.is_over() {
        return None;
    }
    pos.play(Move::Split).ok().map(|after| terminal_score(&after, side))
}

/// A number in `-spread ..= spread`, uniformly.
fn spread(rng: &mut SplitMix64, spread: i32) -> i32 {
    let width = 2 * u64::from(spread.unsigned_abs()) + 1;
    rng.below(width) as i32 - spread
}
