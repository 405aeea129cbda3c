//! Endgame tables: the value (AN-1, loops by AN-2) of every board with few seeds, each player to
//! move, found by retrograde analysis, level by level in increasing seed count.
//!
//! Values do not depend on the stores (AN-1), so an entry is a board and the player to move,
//! ranked combinatorially (`boards`). A capture leaves a level for a lower one, already solved; a
//! move without capture stays in the level. Within a level the strongly connected components of
//! the moves without capture are solved sinks first (`level`); those with a cycle need AN-2,
//! whose values depend on the line from the root (`loops`). Every entry holds bounds, exact when
//! equal: see `docs/tables.md` for which are, game by game. [`Tables::to_file`] and
//! [`Tables::from_file`] write and read them as the compact file the page fetches (`file`).
//!
//! The position of an entry is [`Position::from_board`]: empty stores, nothing remembered. What
//! the core remembers does not change values with the default options: SQ-5's last mover is the
//! player not to move in every position after a move (Sadeqa III has no pass and no extra move),
//! which is also what a position made from a board takes; AW-7.1's last capture matters only
//! when a move leaves four seeds, and such a move captured (the board had more before it, and
//! only captures take seeds off), so the move itself says who. AW-7.2's first final-seed capture
//! is the history's, not the board's: its tables are not built here.
//!
//! ```
//! use mancala_core::{Options, Position, Side, Variant};
//! use mancala_tables::Tables;
//!
//! let tables = Tables::build(Variant::Sadeqa, Options::default(), 3);
//! // South's one seed falls into North's empty pit 8 (no capture: not South's row); North sows
//! // it on into pit 9, South has no move, and North, who moved last, takes it (SQ-5): -1.
//! let pos = Position::from_board(Variant::Sadeqa, Options::default(), &[0, 0, 0, 0, 0, 0, 0, 1], Side::South);
//! assert_eq!(tables.value(&pos).map(|b| (b.lo, b.hi)), Some((-1, -1)));
//! ```

mod boards;
mod coder;
pub mod file;
mod level;
mod loops;
pub mod search;
pub mod shipped;
mod verify;

use boards::Boards;
use mancala_core::{LastFour, MAX_PITS, Move, Options, Position, Side, Variant};

pub use file::FileError;
pub use level::LevelStats;
pub use loops::LINE_BUDGET;
pub use verify::Failure;

/// A position's entry and where it lies ([`Tables::look_up`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LookUp {
    pub value: Bounds,
    pub rooted: bool,
    pub on_cycle: bool,
}

/// A value from the side of the player to move (AN-1), as bounds: exact when `lo == hi`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    pub lo: i8,
    pub hi: i8,
}

impl Bounds {
    /// The exact value `v`.
    #[must_use]
    pub const fn exact(v: i8) -> Bounds {
        Bounds { lo: v, hi: v }
    }

    /// Whether the value is known exactly.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.lo == self.hi
    }

    /// The same value from the other player's side.
    #[must_use]
    pub const fn neg(self) -> Bounds {
        Bounds { lo: -self.hi, hi: -self.lo }
    }

    /// `net` seeds more.
    #[must_use]
    pub const fn plus(self, net: i8) -> Bounds {
        Bounds { lo: self.lo + net, hi: self.hi + net }
    }

    /// The better of two options for the player to move.
    #[must_use]
    pub fn max(self, other: Bounds) -> Bounds {
        Bounds { lo: self.lo.max(other.lo), hi: self.hi.max(other.hi) }
    }
}

/// The most entries of tables built (`mancala tables`) or read from a file: past it they would
/// not fit a machine's memory comfortably (about 40 bytes an entry at a build's peak).
pub const MOST_POSITIONS: u64 = 200_000_000;

/// Why `variant` played with `options` has no tables, if it has none: Mangala IV's forced play
/// has one move a position and is played out (MG-4); under AW-7.2 a value depends on the game's
/// history, not the board.
#[must_use]
pub fn no_tables(variant: Variant, options: &Options) -> Option<&'static str> {
    match variant {
        Variant::Mangala if !options.free_choice => {
            Some("Mangala IV's forced play (MG-4) has one move a position and needs no table: play it out")
        }
        Variant::Anywoli if options.last_four == LastFour::FirstFinal => {
            Some("under AW-7.2 a value depends on the game's history, not the board: there are no tables for it")
        }
        _ => None,
    }
}

/// Seeds `side` has captured more than the other player.
pub(crate) fn lead(pos: &Position, side: Side) -> i8 {
    let stores = pos.stores();
    (i16::from(*stores.get(side)) - i16::from(*stores.get(side.other()))) as i8
}

/// Seeds `side` gained on the other player from `before` to `after`: a move's net, settlements
/// included (AN-1).
pub(crate) fn net(before: &Position, after: &Position, side: Side) -> i8 {
    lead(after, side) - lead(before, side)
}

/// The value of a move (AN-1) given the value of the position it leads to: the net it captures
/// at once plus that value, negated when the other player moves next. A finished game is worth
/// nothing more.
pub(crate) fn move_value(before: &Position, after: &Position, then: Bounds) -> Bounds {
    let mover = before.turn();
    let then = if after.is_over() {
        Bounds::exact(0)
    } else if after.turn() == mover {
        then
    } else {
        then.neg()
    };
    then.plus(net(before, after, mover))
}

/// The tables of one game with its options: every board of at most `max_seeds` seeds that the
/// game can reach, each player to move.
#[derive(Debug, Clone)]
pub struct Tables {
    variant: Variant,
    options: Options,
    max_seeds: usize,
    boards: Boards,
    /// `levels[l]` holds the boards of `l * step` seeds.
    levels: Vec<level::Level>,
    stats: Vec<LevelStats>,
}

impl Tables {
    /// Builds the tables of `variant` up to `max_seeds` seeds on the board.
    ///
    /// # Panics
    /// For Mangala IV with forced play (MG-4: one move a position, nothing to tabulate; play it
    /// out) and Anywoli with AW-7.2 (its value depends on the history, not the board).
    #[must_use]
    pub fn build(variant: Variant, options: Options, max_seeds: usize) -> Tables {
        Tables::build_with(variant, options, max_seeds, |_| {})
    }

    /// [`Tables::build`], telling `each` every level's figures as it is done.
    ///
    /// # Panics
    /// As [`Tables::build`].
    #[must_use]
    pub fn build_with(
        variant: Variant,
        options: Options,
        max_seeds: usize,
        mut each: impl FnMut(&LevelStats),
    ) -> Tables {
        if let Some(why) = no_tables(variant, &options) {
            panic!("no tables: {why}");
        }
        let pits = usize::from(variant.pits_per_row()) * 2;
        let mut tables =
            Tables { variant, options, max_seeds, boards: Boards::new(pits), levels: Vec::new(), stats: Vec::new() };
        for seeds in (0..=max_seeds).step_by(tables.step()) {
            let (level, stats) = level::build(&tables, seeds);
            each(&stats);
            tables.levels.push(level);
            tables.stats.push(stats);
        }
        tables
    }

    /// The seeds between levels: every Anywoli capture takes four (AW-4, AW-5) from 96, every
    /// Al-manqala capture an even number (AM-5) from 98; the other games capture any number.
    fn step(&self) -> usize {
        Tables::step_of(self.variant)
    }

    /// [`Tables::step`] of `variant`.
    pub(crate) fn step_of(variant: Variant) -> usize {
        match variant {
            Variant::Anywoli => 4,
            Variant::Manqala => 2,
            Variant::Mangala | Variant::Sadeqa => 1,
        }
    }

    /// The game.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The options the tables follow.
    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The most seeds on a board in the tables.
    #[must_use]
    pub fn max_seeds(&self) -> usize {
        self.max_seeds
    }

    /// How many entries the tables hold (boards × 2 players to move).
    #[must_use]
    pub fn positions(&self) -> usize {
        self.levels.iter().map(|l| l.entries.len()).sum()
    }

    /// The figures of each level, fewest seeds first.
    #[must_use]
    pub fn stats(&self) -> &[LevelStats] {
        &self.stats
    }

    /// The entries of every level, fewest seeds first, in rank order (South to move, then
    /// North, for each board).
    pub fn entries(&self) -> impl Iterator<Item = Bounds> + '_ {
        self.levels.iter().flat_map(|l| l.entries.iter().copied())
    }

    /// Whether `other` holds the same tables: the game, its options, the seeds and every entry
    /// (its value, whether on a cycle, whether rooted), whatever their build's statistics.
    #[must_use]
    pub fn same_entries(&self, other: &Tables) -> bool {
        (self.variant, self.options, self.max_seeds) == (other.variant, other.options, other.max_seeds)
            && self.levels == other.levels
    }

    /// Every board of the tables, in the order of [`Tables::entries`] (which has two entries a
    /// board: South to move, then North).
    pub fn boards(&self) -> impl Iterator<Item = Vec<u8>> + '_ {
        let pits = self.boards.pits();
        (0..=self.max_seeds).step_by(self.step()).flat_map(move |seeds| {
            (0..self.boards.count(seeds)).map(move |rank| self.board(seeds, rank)[..pits].to_vec())
        })
    }

    /// Where `board` with `turn` to move is in the tables: its level and index there.
    fn locate(&self, board: &[u8], turn: Side) -> Option<(usize, usize)> {
        let seeds: usize = board.iter().map(|&s| usize::from(s)).sum();
        let level = seeds / self.step();
        (seeds.is_multiple_of(self.step()) && seeds <= self.max_seeds && board.len() == self.boards.pits())
            .then(|| (level, self.boards.rank(board) * 2 + turn as usize))
    }

    /// The entry of `board` with `turn` to move, if it is in the tables: the value of
    /// [`Position::from_board`] from `turn`'s side (after its C-8 pass, if any), the lines from
    /// it scored by AN-2.
    #[must_use]
    pub fn entry(&self, board: &[u8], turn: Side) -> Option<Bounds> {
        let (level, index) = self.locate(board, turn)?;
        self.levels.get(level).map(|l| l.entries[index])
    }

    /// Whether this entry was found by a search over the lines from it (AN-2): it lies on a
    /// cycle, and the bounds of the game played forever differ there (`loops`).
    #[must_use]
    pub fn rooted(&self, board: &[u8], turn: Side) -> Option<bool> {
        let (level, index) = self.locate(board, turn)?;
        self.levels.get(level).map(|l| l.rooted(index))
    }

    /// Whether a line from this entry can come back to it (a cycle of moves without capture).
    /// An entry on no cycle is its position's value after any line that leads to it: no line
    /// from it comes back to the positions before it (they reach it, so it would be on their
    /// cycle). One on a cycle is its position's own value (the lines from it, AN-2), which
    /// inside a longer line can differ: the line may come back to a position before it.
    #[must_use]
    pub fn on_cycle(&self, board: &[u8], turn: Side) -> Option<bool> {
        let (level, index) = self.locate(board, turn)?;
        self.levels.get(level).map(|l| l.on_cycle(index))
    }

    /// What the search asks of `pos` (not over), found once: its entry with [`Tables::rooted`]
    /// and [`Tables::on_cycle`], if [`Tables::value`] knows it.
    #[must_use]
    pub fn look_up(&self, pos: &Position) -> Option<LookUp> {
        if pos.variant() != self.variant || !self.same_rules(pos.options()) || pos.is_over() {
            return None;
        }
        let (level, index) = self.locate(pos.board(), pos.turn())?;
        let l = self.levels.get(level)?;
        Some(LookUp { value: l.entries[index], rooted: l.rooted(index), on_cycle: l.on_cycle(index) })
    }

    /// The value of `pos` for its player to move (AN-1, the lines from `pos` scored by AN-2), if
    /// its board is in the tables and these are its game and options; 0 once the game is over.
    /// (Inside a line, where a position on a cycle can come back to those before it, its AN-2
    /// value can differ from this, its own.)
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<Bounds> {
        if pos.variant() != self.variant || !self.same_rules(pos.options()) {
            return None;
        }
        if pos.is_over() {
            return Some(Bounds::exact(0));
        }
        self.entry(pos.board(), pos.turn())
    }

    /// Whether `options` give the values these tables hold: Mangala IV's choice of pit (MG-4)
    /// and Anywoli's last four (AW-7, with the lot's seed) change values; the first player, the
    /// setup and Sadeqa III's seeds per pit do not, once a board is given.
    fn same_rules(&self, options: &Options) -> bool {
        let last_four = |o: &Options| (o.last_four, if o.last_four == LastFour::Lot { o.lot_seed } else { 0 });
        match self.variant {
            Variant::Mangala => options.free_choice == self.options.free_choice,
            Variant::Anywoli => last_four(options) == last_four(&self.options),
            Variant::Sadeqa | Variant::Manqala => true,
        }
    }

    /// Each legal move of `pos` with its value (AN-1: the net it captures at once plus the value
    /// of the position it leads to, from the tables). For an entry found by a search over lines
    /// ([`Tables::rooted`]) a move within the level is searched on with `pos` on the line (AN-2),
    /// so that the best move is worth the entry: there the values of the positions after the
    /// moves, each the root of its own lines, need not give it (one seed round Mangala IV's board
    /// comes back to its owner, +1, though the position after each move is worth +1 to the other
    /// player). `None` unless [`Tables::value`] knows `pos`. The moves are played on `pos`'s
    /// board with empty stores, so that AM-8's fifty, which AN-1 ignores, does not end the game.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Option<Vec<(Move, Bounds)>> {
        self.value(pos)?;
        if pos.is_over() {
            return Some(Vec::new());
        }
        let root = Position::from_board(self.variant, self.options, pos.board(), pos.turn());
        let searched = self.rooted(root.board(), root.turn()) == Some(true);
        let mut line = search::Line::default();
        line.push(&root);
        let moves = root
            .children()
            .map(|(m, after)| {
                let entry = || self.value(&after).expect("in the tables");
                let then = if after.is_over() {
                    Bounds::exact(0)
                } else if searched && after.seeds_on_board() == root.seeds_on_board() {
                    // The line from `root` can come back to it (AN-2): search on, `root` on the line.
                    let on = if line.contains(&after) { Some(search::repetition(&after)) } else { None };
                    on.or_else(|| search::within_level(self, &after, &mut line, LINE_BUDGET))
                        .map_or_else(entry, Bounds::exact)
                } else {
                    entry()
                };
                (m, move_value(&root, &after, then))
            })
            .collect();
        Some(moves)
    }

    /// Checks every entry against its children and the end rules (AN-1, AN-2): see
    /// [`verify`](Tables::verify)'s module. Returns the entries that fail, at most `limit`.
    #[must_use]
    pub fn verify(&self, limit: usize) -> Vec<Failure> {
        verify::run(self, limit)
    }

    /// The board of rank `rank` among those of `seeds` seeds.
    pub(crate) fn board(&self, seeds: usize, rank: usize) -> [u8; MAX_PITS] {
        let mut board = [0u8; MAX_PITS];
        self.boards.unrank(seeds, rank, &mut board);
        board
    }
}
