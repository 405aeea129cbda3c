//! Editable positions: a [`Setup`] holds any board; [`Position::from_setup`] checks it and
//! [`Position::to_setup`] gives it back.

use crate::moves::PitSet;
use crate::rng::SplitMix64;
use crate::{BySide, MAX_PITS, MangalaSetup, NoObserver, Options, Position, SetupError, Side, Variant};

/// An editable position with no guarantees; [`Position::from_setup`] checks it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    pub variant: Variant,
    pub options: Options,
    /// Seeds in each pit, `2n` of them (C-1).
    pub board: Vec<u32>,
    /// Seeds each player has captured.
    pub stores: BySide<u32>,
    /// The player to move.
    pub turn: Side,
    /// What the rules remember of the moves before (SQ-5, AW-7).
    #[cfg_attr(feature = "serde", serde(default))]
    pub memory: Memory,
}

/// What a position remembers of the moves that led to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, rename_all = "camelCase"))]
pub struct Memory {
    /// Who made the last move (SQ-5).
    pub last_mover: Option<Side>,
    /// Whose store received the latest capture (AW-7.1).
    pub last_capture: Option<Side>,
    /// Who made the game's first final-seed capture (AW-7.2).
    pub first_final: Option<Side>,
}

impl Setup {
    /// The starting layout of a game with these options (MG-2, SQ-1, AM-1,
    /// AW-1), the first player as chosen (C-4).
    #[must_use]
    pub fn new(variant: Variant, options: Options) -> Setup {
        let rules = variant.rules(&options);
        let len = usize::from(rules.pits_per_row) * 2;
        let mut board = vec![rules.seeds / len as u32; len];
        if let (Variant::Mangala, MangalaSetup::Random(seed)) = (variant, options.setup) {
            board.fill(0);
            let mut rng = SplitMix64::new(seed);
            for _ in 0..rules.seeds {
                board[rng.below(len as u64) as usize] += 1;
            }
        }
        Setup { variant, options, board, stores: BySide::default(), turn: options.first, memory: Memory::default() }
    }
}

impl Position {
    /// Checks a setup: pit count, seed total, and what the game makes
    /// impossible; then applies C-8 to the player to move.
    ///
    /// # Errors
    /// A [`SetupError`] saying what is wrong.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let rules = setup.variant.rules(&setup.options);
        let len = usize::from(rules.pits_per_row) * 2;
        if setup.board.len() != len {
            return Err(SetupError::PitCount { expected: len, found: setup.board.len() });
        }
        let found = setup.board.iter().chain([&setup.stores.south, &setup.stores.north]).map(|&s| u64::from(s)).sum();
        if found != u64::from(rules.seeds) {
            return Err(SetupError::SeedTotal { expected: rules.seeds, found });
        }
        if setup.variant == Variant::Manqala && (setup.stores.south % 2 == 1 || setup.stores.north % 2 == 1) {
            return Err(SetupError::OddStores);
        }
        // Every count is at most the total (≤ 98), so it fits a byte.
        let mut board = [0u8; MAX_PITS];
        for (slot, &seeds) in board.iter_mut().zip(&setup.board) {
            *slot = seeds as u8;
        }
        let stores = BySide { south: setup.stores.south as u8, north: setup.stores.north as u8 };
        Ok(Position::start(setup, board, stores))
    }

    /// The position of `board` with `turn` to move, empty stores and nothing remembered, C-8
    /// applied, for values (AN-1), which depend on the board and the player to move alone. Unlike
    /// [`Position::from_setup`] it takes a board with any number of seeds up to the game's; with
    /// empty stores AM-8's fifty never ends it (AN-1 ignores AM-8). Pits past `board` hold none.
    ///
    /// ```
    /// use mancala_core::{Options, Position, Side, Variant};
    ///
    /// let pos = Position::from_board(Variant::Sadeqa, Options::default(), &[0, 0, 0, 0, 0, 0, 0, 1], Side::South);
    /// assert_eq!((pos.seeds_on_board(), pos.to_move()), (1, Some(Side::South)));
    /// ```
    ///
    /// # Panics
    /// If `board` has more pits than the game's `2n`.
    #[must_use]
    pub fn from_board(variant: Variant, options: Options, board: &[u8], turn: Side) -> Position {
        let mut pits = [0u8; MAX_PITS];
        pits[..board.len()].copy_from_slice(board);
        // An empty Vec allocates nothing: the hot path of table builds makes millions of these.
        let setup =
            Setup { variant, options, board: Vec::new(), stores: BySide::default(), turn, memory: Memory::default() };
        let pos = Position::start(&setup, pits, BySide::default());
        assert!(board.len() <= pos.len(), "{} pits on a board of {}", board.len(), pos.len());
        pos
    }

    /// The position of `setup` with this board and these stores, C-8 applied to its player to move.
    pub(crate) fn start(setup: &Setup, board: [u8; MAX_PITS], stores: BySide<u8>) -> Position {
        let mut pos = Position {
            variant: setup.variant,
            options: setup.options,
            rules: setup.variant.rules(&setup.options),
            board,
            stores,
            turn: setup.turn,
            last_mover: setup.memory.last_mover,
            last_capture: setup.memory.last_capture,
            first_final: setup.memory.first_final,
            end: None,
            sowable: PitSet::default(),
        };
        // As if the other player had just moved: ends and passes apply (C-8).
        pos.after_move(setup.turn.other(), false, pos.occupied(), true, &mut NoObserver);
        pos
    }

    /// The editable copy of this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            options: self.options,
            board: self.board().iter().map(|&s| u32::from(s)).collect(),
            stores: BySide { south: self.stores.south.into(), north: self.stores.north.into() },
            turn: self.turn,
            memory: Memory {
                last_mover: self.last_mover,
                last_capture: self.last_capture,
                first_final: self.first_final,
            },
        }
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        Position::from_setup(&setup)
    }
}

impl From<Position> for Setup {
    fn from(pos: Position) -> Setup {
        pos.to_setup()
    }
}
