//! Positions and playing moves (C-8's hand-over included); setups are in `setup`, ends in `end`.

use core::hash::{Hash, Hasher};

use crate::games;
use crate::moves::PitSet;
use crate::sow::Sown;
use crate::{
    BySide, End, EndReason, MAX_PITS, Move, MoveList, NoObserver, Observer, Options, Outcome, Pit, PlayError, Rules,
    Setup, Side, Variant,
};

/// A legal position of one of the games: the board, the stores, whose turn,
/// what the rules remember, and the end once reached.
///
/// With the `serde` feature it is read and written as its [`Setup`]; reading
/// checks it like [`Position::from_setup`], which recomputes any end but
/// repetition and split (a position that ended so, its board settled, reads
/// as the game's end for an empty board: board-empty in Mangala IV and
/// Anywoli, no-move in Sadeqa III, fifty in Al-manqala).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) rules: Rules,
    pub(crate) board: [u8; MAX_PITS],
    pub(crate) stores: BySide<u8>,
    pub(crate) turn: Side,
    /// Who made the last move (SQ-5).
    pub(crate) last_mover: Option<Side>,
    /// Whose store received the latest capture (AW-7.1).
    pub(crate) last_capture: Option<Side>,
    /// Who made the first final-seed capture (AW-7.2).
    pub(crate) first_final: Option<Side>,
    pub(crate) end: Option<End>,
    /// The pits the player to move may sow by every rule but C-5 (none once the game is over),
    /// found as the turn was handed on (C-8) and kept for [`Position::children`].
    pub(crate) sowable: PitSet,
}

impl Position {
    /// The starting position of `variant` with `options`.
    #[must_use]
    pub fn new(variant: Variant, options: Options) -> Position {
        let setup = Setup::new(variant, options);
        let mut board = [0u8; MAX_PITS];
        for (slot, &seeds) in board.iter_mut().zip(&setup.board) {
            *slot = seeds as u8; // at most 98 per pit in any layout
        }
        Position::start(&setup, board, BySide::default())
    }

    /// The game.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The options the game was started with.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The rules as data.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Seeds in each pit, indexed as in C-1.
    #[must_use]
    pub fn board(&self) -> &[u8] {
        &self.board[..self.len()]
    }

    /// The board as [`MAX_PITS`] pits, those past [`Position::board`] holding 0: for code that
    /// reads it a word at a time.
    #[must_use]
    pub fn padded_board(&self) -> &[u8; MAX_PITS] {
        &self.board
    }

    /// Seeds each player has captured.
    #[must_use]
    pub fn stores(&self) -> BySide<u8> {
        self.stores
    }

    /// The player who moves next, or `None` once the game is over (C-8).
    #[must_use]
    pub fn to_move(&self) -> Option<Side> {
        self.end.is_none().then_some(self.turn)
    }

    /// The player whose turn it is or was when the game ended.
    #[must_use]
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// How the game ended, if it has.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(|e| e.outcome)
    }

    /// The side Anywoli's lot gives the last four to (AW-7.3), whatever the game's last-four rule.
    #[must_use]
    pub fn lot_draw(&self) -> Side {
        games::lot(self.options.lot_seed)
    }

    /// The side the lot gives the last four to, in a game where the lot decides it (Anywoli with
    /// AW-7's third option); `None` elsewhere.
    #[must_use]
    pub fn lot(&self) -> Option<Side> {
        (self.variant == Variant::Anywoli && self.options.last_four == crate::LastFour::Lot).then(|| self.lot_draw())
    }

    /// Whether two positions have the same board, stores and player to move,
    /// the identity that repetition counts (C-6).
    #[must_use]
    pub fn same_placement(&self, other: &Position) -> bool {
        self.turn == other.turn && self.stores == other.stores && self.board == other.board
    }

    /// A 64-bit hash of what [`Position::same_placement`] compares: equal
    /// placements hash equal, and different ones almost never do.
    #[must_use]
    pub fn placement_hash(&self) -> u64 {
        let word = |i: usize| u64::from_le_bytes(self.board[i..i + 8].try_into().unwrap_or_default());
        let tail = u64::from(self.stores.south) | u64::from(self.stores.north) << 8 | (self.turn as u64) << 16;
        let mut h = 0xCBF2_9CE4_8422_2325u64;
        for w in [word(0), word(8), word(16), tail] {
            h = (h ^ w).wrapping_mul(0x0000_0100_0000_01B3).rotate_left(29);
        }
        h ^ (h >> 32)
    }

    /// Feeds `state` what the derived `Hash` feeds it after the game, its options and its rules,
    /// which no move changes: hashing those three once and this for each position of the game
    /// gives each the value of hashing it whole (the search's transposition keys).
    pub fn hash_play<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.stores.hash(state);
        self.turn.hash(state);
        self.last_mover.hash(state);
        self.last_capture.hash(state);
        self.first_final.hash(state);
        self.end.hash(state);
        self.sowable.hash(state);
    }

    /// Seeds on the board.
    #[must_use]
    pub fn seeds_on_board(&self) -> u32 {
        // Three words of eight pits added bytewise (no pit sum exceeds the 98 seeds, so no byte
        // carries), then the eight bytes summed into the top one by a multiplication.
        let [a, b, c] = self.words();
        ((a + b + c).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether no pit holds a seed: three words or-ed, no sum (every move of Mangala IV asks, MG-8).
    pub(crate) fn board_is_empty(&self) -> bool {
        let [a, b, c] = self.words();
        a | b | c == 0
    }

    /// The pit opposite `pit` (C-1).
    #[must_use]
    pub fn opposite(&self, pit: usize) -> usize {
        (self.len() - 1).saturating_sub(pit)
    }

    /// The row that owns `pit` (C-1).
    #[must_use]
    pub fn owner(&self, pit: usize) -> Side {
        if pit < usize::from(self.rules.pits_per_row) { Side::South } else { Side::North }
    }

    /// The pits of `side`'s row, in sowing order.
    #[must_use]
    pub fn row(&self, side: Side) -> core::ops::Range<usize> {
        let n = usize::from(self.rules.pits_per_row);
        match side {
            Side::South => 0..n,
            Side::North => n..2 * n,
        }
    }

    pub(crate) fn len(&self) -> usize {
        usize::from(self.rules.pits_per_row) * 2
    }

    /// The pit before `pit` in sowing order.
    pub(crate) fn before(&self, pit: usize) -> usize {
        if pit == 0 { self.len() - 1 } else { pit - 1 }
    }

    pub(crate) fn row_is_empty(&self, side: Side) -> bool {
        self.board[self.row(side)].iter().all(|&s| s == 0)
    }

    /// The board as three words of eight pits each (pits past the board hold 0).
    pub(crate) fn words(&self) -> [u64; 3] {
        [0, 8, 16].map(|i| u64::from_le_bytes(self.board[i..i + 8].try_into().unwrap_or_default()))
    }

    /// The first sixteen pits as the byte lanes of one word, pit `i` in lane `i`.
    pub(crate) fn lanes(&self) -> u128 {
        let mut lanes = [0; 16];
        lanes.copy_from_slice(&self.board[..16]);
        u128::from_le_bytes(lanes)
    }

    /// Writes the first sixteen pits back from [`Position::lanes`].
    pub(crate) fn set_lanes(&mut self, lanes: u128) {
        self.board[..16].copy_from_slice(&lanes.to_le_bytes());
    }

    /// The pits that hold seeds, found eight pits at a time.
    pub(crate) fn occupied(&self) -> u32 {
        let [a, b, c] = self.words();
        let first16 = PitSet::occupied16(a, b);
        if self.len() > 16 { first16 | PitSet::nonzero_bytes(c) << 16 } else { first16 }
    }

    /// The pits of `side`'s row.
    fn row_pits(&self, side: Side) -> u32 {
        let n = self.rules.pits_per_row;
        if side == Side::South { (1 << n) - 1 } else { ((1 << n) - 1) << n }
    }

    /// The pits `side` may sow by every rule but C-5, which only sowing tells:
    /// their occupied pits (of `occupied`, [`Position::occupied`]), feeding when AM-4 asks (all
    /// of them under MG-4's forced play: the first that is not endless is the move). Inlined: it
    /// hands on every turn.
    #[inline(always)]
    fn sowable(&self, occupied: u32, side: Side) -> PitSet {
        let theirs = PitSet(occupied & self.row_pits(side.other()));
        games::feeding(self, side, PitSet(occupied & self.row_pits(side)), theirs)
    }

    /// Whether sowing `pit` would never end (C-5), whoever sows it: captures
    /// are made only as a move ends, or go to a pit's owner (AW-4). Only the
    /// relaying games have endless moves, and a move whose first lap stops is
    /// none, which its last pit tells without sowing.
    fn is_endless(&self, pit: usize) -> bool {
        self.rules.relay && !self.first_lap_stops(pit) && { *self }.sow(pit, &mut NoObserver) == Sown::Endless
    }

    /// Whether the lap sown from `pit` surely stops the move: its hand does
    /// not go round the board, so its last pit gains exactly one seed (AW-4
    /// fours are taken from the pits before it) and that count decides
    /// (`games::relays`). False when the hand goes round: then sow to know.
    fn first_lap_stops(&self, pit: usize) -> bool {
        let (hand, len) = (usize::from(self.board[pit]), self.len());
        if hand >= len {
            return false;
        }
        let last = if pit + hand < len { pit + hand } else { pit + hand - len };
        !games::relays(self.variant, self.board[last] + 1)
    }

    /// The legal moves of the player to move: pits in increasing order
    /// (Al-manqala's split, always allowed, is not listed). Empty once over.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.end.is_some() {
            return list;
        }
        for pit in self.sowable.iter().filter(|&pit| !self.is_endless(pit)) {
            list.push(pit as Pit);
            if self.rules.forced_leftmost {
                break; // MG-4
            }
        }
        list
    }

    /// Whether the player to move has a legal move (C-8), keeping the pits they may sow; the
    /// occupied pits are `occupied` ([`Position::occupied`]: a pass leaves them as they were).
    /// Inlined: a pass asks it (a quarter of Mangala IV's playout moves end in one).
    #[inline(always)]
    pub(crate) fn can_move(&mut self, occupied: u32) -> bool {
        self.sowable = self.sowable(occupied, self.turn);
        self.proves_move()
    }

    /// Applies the game's rule for a player to move who has no legal move (C-8): a pass or the
    /// end. For a position made without proving (`child`) whose sowable pits all turned out
    /// endless (C-5).
    pub(crate) fn no_legal_move(&mut self) {
        games::no_move(self, self.occupied(), &mut NoObserver);
    }

    /// Applies the game's rule for a player to move who has no legal move (C-8) to a position
    /// made without proving that they have one ([`crate::Children::next_unproven_into`]), if every
    /// pit they may sow turns out endless (C-5); true if it did. The position is then the one
    /// made with the proof.
    pub fn settle_no_move(&mut self) -> bool {
        let settle = !self.is_over() && !self.proves_move();
        if settle {
            self.no_legal_move();
        }
        settle
    }

    /// Leaves only the pits of `pits` sowable by the player to move, C-8 not applied to what is
    /// left: for the tests of code that must handle a player whose every sowable pit is endless
    /// (C-5), which random play all but never meets. Not a position of play.
    #[doc(hidden)]
    pub fn keep_sowable_for_tests(&mut self, pits: &[Pit]) {
        self.sowable = PitSet(self.sowable.0 & pits.iter().fold(0, |set, &pit| set | 1 << pit));
    }

    /// Whether a pit the player to move may sow is a legal move, not endless (C-5). Inlined as
    /// far as its lowest pit, whose first lap almost always stops: that proves it without sowing.
    #[inline]
    pub(crate) fn proves_move(&self) -> bool {
        self.sowable
            .first()
            .is_some_and(|pit| !self.rules.relay || self.first_lap_stops(pit) || self.proves_by_sowing())
    }

    /// [`Position::proves_move`] past the lowest pit: any first lap that stops, else sow until a
    /// move ends.
    #[inline(never)]
    fn proves_by_sowing(&self) -> bool {
        let pits = self.sowable;
        pits.iter().any(|pit| self.first_lap_stops(pit)) || pits.iter().any(|pit| !self.is_endless(pit))
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok() && (!matches!(m, Move::Sow(p) if self.is_endless(usize::from(p))))
    }

    /// Every check but the endless one, which needs the sowing itself.
    fn check(&self, m: Move) -> Result<(), PlayError> {
        if self.end.is_some() {
            return Err(PlayError::GameOver);
        }
        let pit = match m {
            Move::Split if self.variant == Variant::Manqala => return Ok(()),
            Move::Split => return Err(PlayError::NoSplit),
            Move::Sow(pit) => usize::from(pit),
        };
        if pit >= self.len() {
            return Err(PlayError::NoSuchPit);
        }
        if self.owner(pit) != self.turn {
            return Err(PlayError::NotYourPit);
        }
        if self.board[pit] == 0 {
            return Err(PlayError::EmptyPit);
        }
        if !games::feeds_if_needed(self, self.turn, pit) {
            return Err(PlayError::MustFeed);
        }
        if self.rules.forced_leftmost {
            let first = self.row(self.turn).start;
            if let Some(forced) = (first..pit).find(|&p| self.board[p] > 0 && !self.is_endless(p)) {
                return Err(PlayError::Forced(forced as Pit));
            }
        }
        Ok(())
    }

    /// Plays a legal move and returns the position after it.
    ///
    /// # Errors
    /// A [`PlayError`] saying why the move is not legal; `self` is unchanged.
    pub fn play(&self, m: Move) -> Result<Position, PlayError> {
        self.check(m)?;
        self.child(m, true).ok_or(PlayError::Endless)
    }

    /// Plays a legal move, telling `obs` every step (lifts, seeds, laps,
    /// captures, extra moves, passes, the end). An illegal move tells it
    /// nothing.
    ///
    /// # Errors
    /// A [`PlayError`] saying why the move is not legal.
    pub fn play_traced<O: Observer>(&self, m: Move, obs: &mut O) -> Result<Position, PlayError> {
        let after = self.play(m)?;
        let mut next = *self;
        next.apply(m, true, obs);
        debug_assert_eq!(next, after);
        Ok(next)
    }

    /// Plays `m` in place without checking it, for the search: the fastest
    /// way to play a move known to come from [`Position::legal_moves`].
    ///
    /// # Panics
    /// Never. An illegal move that would sow forever, or is not a move here,
    /// leaves the position unchanged; any other illegal move is played as
    /// the sowing goes (seeds are conserved either way).
    pub fn play_unchecked(&mut self, m: Move) {
        let playable = match m {
            Move::Sow(p) => usize::from(p) < self.len(),
            Move::Split => self.variant == Variant::Manqala,
        };
        if playable
            && self.end.is_none()
            && let Some(next) = self.child(m, true)
        {
            *self = next;
        }
    }

    /// Sows (or splits), then ends the turn (C-8; see [`Position::child`] for `prove`). Inlined
    /// into every move made (playouts, the search), so that what the sowing returns stays in
    /// registers.
    #[inline(always)]
    pub(crate) fn apply<O: Observer>(&mut self, m: Move, prove: bool, obs: &mut O) -> Sown {
        let mover = self.turn;
        let sown = match m {
            Move::Split => {
                self.settle_split(obs);
                self.finish(EndReason::Split, obs);
                return Sown::Done { extra: false, occupied: 0 };
            }
            Move::Sow(pit) => self.sow(usize::from(pit), obs),
        };
        if let Sown::Done { extra, occupied } = sown {
            self.last_mover = Some(mover);
            self.after_move(mover, extra, occupied, prove, obs);
        }
        sown
    }

    /// Ends the game where the rules say so, else hands the turn on,
    /// applying passes and no-move ends at once (C-8). `occupied` is the board's
    /// [`Position::occupied`] (an end changes the board, and ends the game). Inlined into each
    /// move's sowing.
    #[inline(always)]
    pub(crate) fn after_move<O: Observer>(
        &mut self,
        mover: Side,
        extra: bool,
        occupied: u32,
        prove: bool,
        obs: &mut O,
    ) {
        // Each game has its own ends: an empty board ends only MG-8 and AW-6.
        games::check_end(self, mover, obs);
        if self.end.is_some() {
            return;
        }
        self.turn = if extra { mover } else { mover.other() };
        if extra {
            obs.extra_move(mover);
        }
        self.sowable = self.sowable(occupied, self.turn);
        let can_move = if prove { self.proves_move() } else { !self.sowable.is_empty() };
        if !can_move {
            // Unproven, the pits just found are still the board's; a proof found them anew (the
            // search's moves then keep no register for them across it).
            games::no_move(self, if prove { self.occupied() } else { occupied }, obs);
        }
    }
}
