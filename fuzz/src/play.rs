//! The `play` target's input and checks: a setup built from arbitrary bytes, checked by
//! `Position::from_setup`, then a sequence of moves, every position checked on the way.
//!
//! Shared, as a path module, by the fuzz target, the corpus replay
//! (`crates/mancala-core/tests/fuzz_corpus.rs`) and the property tests
//! (`crates/mancala-core/tests/properties.rs`): it uses only `mancala_core` and `arbitrary`.

use arbitrary::{Arbitrary, Unstructured};
use mancala_core::{
    BySide, CaptureKind, EndReason, Game, LastFour, MangalaSetup, Memory, Move, Options, PlayError, Position,
    SadeqaSeeds, Setup, SetupError, Side, SplitMix64, Step, Trace, Variant,
};

/// A fuzz input: a game, its options, a layout and the moves to play.
#[derive(Debug, Arbitrary)]
pub struct Input {
    variant: u8,
    first: bool,
    random: Option<u64>,
    free_choice: bool,
    four: bool,
    last_four: u8,
    lot_seed: u64,
    turn: bool,
    /// Each `% 3`: none, South, North (last mover, last capture, first final capture).
    memory: [u8; 3],
    layout: Layout,
    /// Each byte one move: below 0xE0 the `(b % n)`-th legal move; 0xE0..0xFE sows pit
    /// `b - 0xE0` (often illegal); 0xFF the split (AM-9).
    moves: Vec<u8>,
}

/// How the seeds are laid out.
#[derive(Debug, Arbitrary)]
enum Layout {
    /// The game's seeds poured over the pits, then the two stores, each taking at most its count
    /// per round until none is left: always the right total (C-7). No counts at all: the game's
    /// own start.
    Poured(Vec<u8>),
    /// Any board and stores: mostly not a position, to check `from_setup`'s refusals.
    Raw { board: Vec<u32>, stores: [u32; 2] },
}

/// `None`, South or North from a byte.
fn maybe_side(b: u8) -> Option<Side> {
    [None, Some(Side::South), Some(Side::North)][usize::from(b % 3)]
}

fn side(north: bool) -> Side {
    if north { Side::North } else { Side::South }
}

impl Input {
    /// The setup this input describes.
    #[must_use]
    pub fn setup(&self) -> Setup {
        let variant = Variant::ALL[usize::from(self.variant % 4)];
        let options = Options {
            first: side(self.first),
            setup: self.random.map_or(MangalaSetup::Even, MangalaSetup::Random),
            free_choice: self.free_choice,
            sadeqa_seeds: if self.four { SadeqaSeeds::Four } else { SadeqaSeeds::Six },
            last_four: [LastFour::SecondToLast, LastFour::FirstFinal, LastFour::Lot][usize::from(self.last_four % 3)],
            lot_seed: self.lot_seed,
        };
        let mut setup = Setup::new(variant, options);
        setup.turn = side(self.turn);
        setup.memory = Memory {
            last_mover: maybe_side(self.memory[0]),
            last_capture: maybe_side(self.memory[1]),
            first_final: maybe_side(self.memory[2]),
        };
        match &self.layout {
            Layout::Poured(counts) if counts.iter().any(|&c| c > 0) => {
                let mut slots = vec![0u32; setup.board.len() + 2];
                let mut left = variant.rules(&options).seeds;
                while left > 0 {
                    for (slot, &count) in slots.iter_mut().zip(counts.iter().cycle()) {
                        let take = u32::from(count).min(left);
                        *slot += take;
                        left -= take;
                    }
                }
                setup.stores = BySide { south: slots[slots.len() - 2], north: slots[slots.len() - 1] };
                slots.truncate(setup.board.len());
                setup.board = slots;
            }
            Layout::Poured(_) => {}
            Layout::Raw { board, stores } => {
                setup.board.clone_from(board);
                setup.stores = BySide { south: stores[0], north: stores[1] };
            }
        }
        setup
    }
}

/// Moves played per input, at most: longer lines only repeat what setups reach directly, and
/// keep the fuzzer's inputs short and quick.
pub const MAX_MOVES: usize = 64;

/// The target: decode, check the setup, play the moves with every check.
pub fn run(data: &[u8]) {
    let Ok(input) = Input::arbitrary_take_rest(Unstructured::new(data)) else { return };
    let Some(start) = check_setup(&input.setup()) else { return };
    play_through(start, &input.moves[..input.moves.len().min(MAX_MOVES)]);
}

/// Checks that `from_setup` refuses a setup exactly when it breaks a rule, with the error that
/// names it, and checks the position it makes; the position, if any.
pub fn check_setup(setup: &Setup) -> Option<Position> {
    let rules = setup.variant.rules(&setup.options);
    let len = usize::from(rules.pits_per_row) * 2;
    let found: u64 = setup.board.iter().chain([&setup.stores.south, &setup.stores.north]).map(|&s| u64::from(s)).sum();
    let odd = setup.variant == Variant::Manqala && (setup.stores.south % 2 == 1 || setup.stores.north % 2 == 1);
    let expected = if setup.board.len() != len {
        Err(SetupError::PitCount { expected: len, found: setup.board.len() })
    } else if found != u64::from(rules.seeds) {
        Err(SetupError::SeedTotal { expected: rules.seeds, found })
    } else if odd {
        Err(SetupError::OddStores) // AM-5: captures come in even numbers
    } else {
        Ok(())
    };
    let read = Position::from_setup(setup);
    assert_eq!(read.as_ref().map(drop).map_err(Clone::clone), expected, "from_setup's verdict on {setup:?}");
    let pos = read.ok()?;
    assert_eq!((pos.variant(), pos.options()), (setup.variant, &setup.options));
    if !pos.is_over() {
        // C-8 only passes: the board is the setup's.
        let board: Vec<u32> = pos.board().iter().map(|&s| u32::from(s)).collect();
        assert_eq!(board, setup.board, "an unfinished position keeps the setup's board");
    }
    check_position(&pos);
    Some(pos)
}

/// Plays `moves` (bytes as [`Input::moves`]) from `start` in a [`Game`], checking every position
/// and move, and that repetition ends the game exactly at a third occurrence (C-6). Returns the
/// game.
pub fn play_through(start: Position, moves: &[u8]) -> Game {
    let mut checked = CheckedGame::new(start);
    for &b in moves {
        let pos = *checked.game().position();
        let legal = pos.legal_moves();
        let m = match b {
            0xFF => Move::Split,
            0xE0.. => Move::Sow(b - 0xE0),
            _ if legal.is_empty() => break,
            _ => Move::Sow(legal.pits()[usize::from(b) % legal.len()]),
        };
        let Ok(next) = check_move(&pos, m) else { continue };
        checked.play(m, next);
        check_position(checked.game().position());
    }
    checked.game
}

/// Seeds on the board and in the stores (C-7).
#[must_use]
pub fn total(pos: &Position) -> u32 {
    pos.seeds_on_board() + u32::from(pos.stores().south) + u32::from(pos.stores().north)
}

/// What must hold in every position: seeds conserved (C-7); `legal_moves` is exactly the pits
/// that `is_legal` and `play` accept, each of them plays to a position with every seed (shakmaty's
/// `legals_are_legal`); the player to move has a move (C-8), only one under forced play (MG-4);
/// refusals name the right reason; a finished game takes no move.
pub fn check_position(pos: &Position) {
    let seeds = pos.rules().seeds;
    assert_eq!(total(pos), seeds, "C-7: seeds conserved in {pos:?}");
    let len = pos.board().len();
    assert_eq!(len, usize::from(pos.rules().pits_per_row) * 2);
    let legal = pos.legal_moves();
    assert!(legal.pits().windows(2).all(|w| w[0] < w[1]), "legal moves in increasing order");
    let Some(side) = pos.to_move() else {
        assert!(legal.is_empty(), "a finished game has no legal move");
        assert!(pos.end().is_some() && pos.outcome().is_some());
        for m in [Move::Sow(0), Move::Split] {
            assert_eq!(pos.play(m), Err(PlayError::GameOver));
            assert!(!pos.is_legal(m));
        }
        return;
    };
    assert!(!legal.is_empty(), "C-8: the player to move has a legal move in {pos:?}");
    if pos.rules().forced_leftmost {
        assert_eq!(legal.len(), 1, "MG-4: one forced move");
    }
    for pit in (0..=len as u8 + 1).chain([u8::MAX]) {
        let m = Move::Sow(pit);
        let played = pos.play(m);
        let listed = legal.pits().contains(&pit);
        assert_eq!(played.is_ok(), listed, "play and legal_moves agree on pit {pit} in {pos:?}");
        assert_eq!(pos.is_legal(m), listed, "is_legal and legal_moves agree on pit {pit} in {pos:?}");
        let p = usize::from(pit);
        match played {
            Ok(next) => assert_eq!(total(&next), seeds, "C-7 after {m}"),
            Err(why) if p >= len => assert_eq!(why, PlayError::NoSuchPit),
            Err(why) if pos.owner(p) != side => assert_eq!(why, PlayError::NotYourPit),
            Err(why) if pos.board()[p] == 0 => assert_eq!(why, PlayError::EmptyPit),
            Err(why) => assert!(
                matches!(why, PlayError::MustFeed | PlayError::Endless | PlayError::Forced(_)),
                "{why:?} for an occupied pit of the mover"
            ),
        }
    }
    let split = pos.play(Move::Split);
    assert_eq!(split.is_ok(), pos.variant() == Variant::Manqala, "AM-9: only Al-manqala splits");
    if let Ok(after) = split {
        assert_eq!(after.end().map(|e| e.reason), Some(EndReason::Split));
        assert_eq!(after.seeds_on_board(), 0, "AM-9: the split takes every seed");
        assert_eq!(total(&after), seeds);
    }
}

/// Plays `m` in every way there is and checks that they agree: `play`, `play_traced` (whose trace
/// replays to the same board and stores) and `play_unchecked`; an illegal move is refused by
/// all, traced as nothing, and `play_unchecked` keeps the seeds.
///
/// # Errors
/// `play`'s refusal.
pub fn check_move(pos: &Position, m: Move) -> Result<Position, PlayError> {
    let checked = pos.play(m);
    let mut trace = Trace::default();
    let traced = pos.play_traced(m, &mut trace);
    let mut unchecked = *pos;
    unchecked.play_unchecked(m);
    assert_eq!(traced, checked, "traced and checked play agree on {m}");
    match checked {
        Ok(next) => {
            assert_eq!(unchecked, next, "unchecked play agrees on {m}");
            assert_eq!(replay_trace(pos, &trace), (next.board().to_vec(), next.stores()), "the trace of {m}");
        }
        Err(_) => {
            assert!(trace.0.is_empty(), "an illegal move traces nothing");
            assert_eq!(total(&unchecked), pos.rules().seeds, "C-7: unchecked {m} keeps the seeds");
        }
    }
    checked
}

/// The board and stores a trace leads to from `before`, checking each step on the way: lifts take
/// a whole pit, seeds come from the hand, captures (but settling) take whole pits.
#[must_use]
pub fn replay_trace(before: &Position, trace: &Trace) -> (Vec<u8>, BySide<u8>) {
    let mut board = before.board().to_vec();
    let mut stores = before.stores();
    let mut hand = 0u32;
    for step in &trace.0 {
        match *step {
            Step::Lift { pit, seeds, .. } => {
                let pit = usize::from(pit);
                assert_eq!(board[pit], seeds, "a lift takes the whole pit");
                board[pit] = 0;
                hand += u32::from(seeds);
            }
            Step::Sow { pit } => {
                assert!(hand > 0, "sowing from an empty hand");
                hand -= 1;
                board[usize::from(pit)] += 1;
            }
            Step::Capture { pit, seeds, to, kind } => {
                let pit = usize::from(pit);
                if kind != CaptureKind::Settle {
                    assert_eq!(board[pit], seeds, "captures take whole pits");
                }
                board[pit] -= seeds;
                *stores.get_mut(to) += seeds;
            }
            Step::ExtraMove { .. } | Step::Pass { .. } | Step::End { .. } => {}
        }
    }
    assert_eq!(hand, 0, "seeds left in hand");
    (board, stores)
}

/// A game played twice, traced and untraced, each move checked against a plain count of
/// placements over the whole line (C-6).
#[derive(Debug)]
pub struct CheckedGame {
    game: Game,
    traced: Game,
}

impl CheckedGame {
    /// A game from `start`.
    #[must_use]
    pub fn new(start: Position) -> CheckedGame {
        CheckedGame { game: Game::new(start), traced: Game::new(start) }
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays legal `m`, which the current position plays to `next`, and checks that the game ends
    /// by repetition exactly when `next`'s placement occurs for the third time, that
    /// `occurrences` counts it, and that the traced game agrees, its trace showing any end.
    pub fn play(&mut self, m: Move, next: Position) {
        let seen = 1 + self.game.positions().iter().filter(|p| p.same_placement(&next)).count();
        let mut trace = Trace::default();
        let after = *self.game.play(m).expect("a legal move");
        assert_eq!(*self.traced.play_traced(m, &mut trace).expect("a legal move"), after, "traced games agree");
        if seen >= 3 && !next.is_over() {
            let mut ended = next;
            ended.end_by_repetition(&mut mancala_core::NoObserver);
            assert_eq!(after, ended, "C-6: the third occurrence ends the game");
            assert_eq!(after.end().map(|e| e.reason), Some(EndReason::Repetition));
            assert!(matches!(trace.0.last(), Some(Step::End { .. })), "the trace shows the end");
        } else {
            assert_eq!(after, next, "C-6: no end before the third occurrence");
            assert_eq!(self.game.occurrences(), seen, "occurrences count the placement");
        }
    }
}

/// Games to seed the corpora with: every game with a spread of its options and a set-up start,
/// each played at random for three moves and to its end (then a move undone).
#[must_use]
pub fn sample_games() -> Vec<Game> {
    let base = Options::default();
    let mut starts = Vec::new();
    for variant in Variant::ALL {
        starts.push(Position::new(variant, Options { first: Side::North, ..base }));
    }
    starts.push(Position::new(Variant::Mangala, Options { setup: MangalaSetup::Random(7), free_choice: true, ..base }));
    starts.push(Position::new(Variant::Sadeqa, Options { sadeqa_seeds: SadeqaSeeds::Four, ..base }));
    starts.push(Position::new(Variant::Anywoli, Options { last_four: LastFour::Lot, lot_seed: 9, ..base }));
    for variant in Variant::ALL {
        // A set-up start: most seeds captured, the rest in a few pits (AM-5: even stores).
        let mut setup = Setup::new(variant, base);
        let total = variant.rules(&base).seeds;
        setup.board.fill(0);
        setup.board[1] = 3;
        setup.board[2] = 1;
        let near_end = setup.board.len() - 2;
        setup.board[near_end] = 2;
        let south = (total - 6) / 2;
        setup.stores = BySide { south, north: total - 6 - south };
        setup.turn = Side::North;
        starts.push(Position::from_setup(&setup).expect("a valid sample setup"));
    }
    let mut rng = SplitMix64::new(12);
    let mut games = Vec::new();
    for start in starts {
        for length in [3, usize::MAX] {
            let mut game = Game::new(start);
            while game.moves().len() < length && !game.position().is_over() {
                let legal = game.position().legal_moves();
                let pit = legal.pits()[rng.below(legal.len() as u64) as usize];
                game.play(Move::Sow(pit)).expect("a legal move");
            }
            if length > 3 {
                game.undo();
            }
            games.push(game);
        }
    }
    games
}
