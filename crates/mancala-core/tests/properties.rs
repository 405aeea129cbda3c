//! Property tests (proptest) of the core's invariants over generated starts (each game's own
//! layout, or a set-up one) and move sequences. The checks are the fuzz targets' own
//! (`fuzz/src/play.rs`, included by path); `PROPTEST_CASES` raises the case count.

#[allow(dead_code)]
#[path = "../../../fuzz/src/play.rs"]
mod play;

#[cfg(feature = "serde")]
#[allow(dead_code)]
#[path = "../../../fuzz/src/json.rs"]
mod json;

use mancala_core::{
    BySide, Game, LastFour, MangalaSetup, Memory, Move, Options, Playouts, Position, SadeqaSeeds, Setup, Side,
    SplitMix64, Variant,
};
use proptest::prelude::*;
use proptest::sample::Index;

/// Longer than any random game from a game's own start. Anywoli's are the longest: over 3 000
/// of them the median was 1 878 moves and the 99th percentile 11 452, and proptest found one of
/// 21 653 (in `properties.proptest-regressions`), longer than `every_game.rs`'s 20 000. From a
/// set-up start there is no such bound: an Anywoli endgame of seven seeds spread over 24 pits was
/// seen to wander 20 000 moves without a capture or a third occurrence (C-6).
const ENDS_WITHIN: usize = 100_000;

/// Moves played in an endgame to look for repetitions.
const ENDGAME_MOVES: usize = 1_000;

fn side() -> impl Strategy<Value = Side> {
    prop::sample::select(Side::ALL.to_vec())
}

/// Every option of every game (each game reads only its own).
fn options() -> impl Strategy<Value = Options> {
    let last_four = prop::sample::select(vec![LastFour::SecondToLast, LastFour::FirstFinal, LastFour::Lot]);
    (side(), prop::option::of(any::<u64>()), any::<bool>(), any::<bool>(), last_four, any::<u64>()).prop_map(
        |(first, random, free_choice, four, last_four, lot_seed)| Options {
            first,
            setup: random.map_or(MangalaSetup::Even, MangalaSetup::Random),
            free_choice,
            sadeqa_seeds: if four { SadeqaSeeds::Four } else { SadeqaSeeds::Six },
            last_four,
            lot_seed,
        },
    )
}

/// A set-up start of `variant` with `on_board` seeds (at least one) spread over the pits, the
/// rest captured, any player to move and any memory; checked by `from_setup` (C-8 applied).
fn set_up(variant: Variant, on_board: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Position> {
    (options(), on_board, side(), [prop::option::of(side()), prop::option::of(side()), prop::option::of(side())])
        .prop_flat_map(move |(options, on_board, turn, memory)| {
            let rules = variant.rules(&options);
            let len = usize::from(rules.pits_per_row) * 2;
            let mut on_board = on_board.min(rules.seeds);
            if variant == Variant::Manqala {
                on_board = on_board.max(2) & !1; // AM-5: captures, hence the board, are even
            }
            let rest = rules.seeds - on_board;
            (prop::collection::vec(0..len, on_board as usize), 0..=rest).prop_map(move |(pits, south)| {
                let south = if variant == Variant::Manqala { south & !1 } else { south };
                let mut board = vec![0; len];
                for pit in pits {
                    board[pit] += 1;
                }
                let [last_mover, last_capture, first_final] = memory;
                let setup = Setup {
                    variant,
                    options,
                    board,
                    stores: BySide { south, north: rest - south },
                    turn,
                    memory: Memory { last_mover, last_capture, first_final },
                };
                play::check_setup(&setup).expect("a valid set-up start")
            })
        })
}

/// A game's own start, with any options.
fn own_start() -> impl Strategy<Value = Position> {
    (prop::sample::select(Variant::ALL.to_vec()), options())
        .prop_map(|(variant, options)| Position::new(variant, options))
}

/// Any start: a game's own layout, an endgame with few seeds left, or any set-up.
fn start() -> impl Strategy<Value = Position> {
    prop::sample::select(Variant::ALL.to_vec()).prop_flat_map(|variant| {
        prop_oneof![
            options().prop_map(move |options| Position::new(variant, options)),
            set_up(variant, 1..=16),
            set_up(variant, 1..=98),
        ]
    })
}

/// An endgame: a few seeds left, where lines loop and positions repeat.
fn endgame() -> impl Strategy<Value = Position> {
    prop::sample::select(Variant::ALL.to_vec()).prop_flat_map(|variant| set_up(variant, 1..=10))
}

/// The game `moves` play from `start`, each byte choosing among the legal moves, unchecked.
fn line(start: Position, moves: &[u8]) -> Game {
    let mut game = Game::new(start);
    for &b in moves {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(Move::Sow(legal.pits()[usize::from(b) % legal.len()])).expect("a legal move");
    }
    game
}

/// One of the legal moves of `pos` (not over), at random.
fn random_move(pos: &Position, rng: &mut SplitMix64) -> Move {
    let legal = pos.legal_moves();
    Move::Sow(legal.pits()[rng.below(legal.len() as u64) as usize])
}

/// A game played from `start` with random legal moves until it is over or `most` moves are made.
fn random_game(start: Position, seed: u64, most: usize) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(start);
    while !game.position().is_over() && game.moves().len() < most {
        game.play(random_move(game.position(), &mut rng)).expect("a legal move");
    }
    game
}

/// [`random_game`] with every move checked as the fuzz target checks it, repetition (C-6) included.
fn checked_random_game(start: Position, seed: u64, most: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut checked = play::CheckedGame::new(start);
    while !checked.game().position().is_over() && checked.game().moves().len() < most {
        let pos = *checked.game().position();
        let m = random_move(&pos, &mut rng);
        checked.play(m, play::check_move(&pos, m).expect("a legal move"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// C-5, C-6, C-7, C-8, MG-4 (`every_game.rs`'s harness): along any line, seeds are conserved,
    /// `legal_moves` is what `is_legal` and `play` accept, refusals name their reason, the player to
    /// move can move, checked, traced and unchecked play agree and the trace replays to the board.
    #[test]
    fn every_position_keeps_the_invariants(start in start(), moves in prop::collection::vec(any::<u8>(), 0..100)) {
        play::play_through(start, &moves);
    }

    /// C-5, C-6: a game played at random from its own start ends, and then takes no move (C-8).
    #[test]
    fn random_games_end(start in own_start(), seed in any::<u64>()) {
        let game = random_game(start, seed, ENDS_WITHIN);
        prop_assert!(game.position().is_over(), "not over after {} moves", ENDS_WITHIN);
        play::check_position(game.position());
    }

    /// Undo, redo and jump return to identical positions, and a move after an undo makes the game
    /// that playing it there from the start makes.
    #[test]
    fn undo_and_redo_return_to_identical_positions(
        start in start(),
        moves in prop::collection::vec(any::<u8>(), 1..60),
        back in any::<Index>(),
        to in any::<Index>(),
        again in any::<u8>(),
    ) {
        let mut game = line(start, &moves);
        let whole = game.clone();
        let line: Vec<Position> = game.positions().to_vec();
        let n = game.moves().len();
        let k = back.index(n + 1);
        for _ in 0..k {
            prop_assert!(game.undo());
        }
        prop_assert_eq!(game.positions(), &line[..=n - k]);
        prop_assert_eq!(game.redoable(), k);
        for _ in 0..k {
            prop_assert!(game.redo());
        }
        prop_assert!(!game.redo());
        prop_assert_eq!(&game, &whole);
        let j = to.index(n + 1);
        prop_assert!(game.jump(j));
        prop_assert_eq!(game.position(), &line[j]);
        prop_assert!(!game.jump(n + 1));
        let legal = game.position().legal_moves();
        if !legal.is_empty() {
            let m = Move::Sow(legal.pits()[usize::from(again) % legal.len()]);
            game.play(m).expect("a legal move");
            let mut direct = Game::new(start);
            for &played in &whole.moves()[..j] {
                direct.play(played).expect("a legal move");
            }
            direct.play(m).expect("a legal move");
            prop_assert_eq!(game, direct);
        }
    }

    /// A game saved with the core's serde (its start, every move, the ply) and loaded again is the
    /// same game; every position of it round-trips on its own.
    #[cfg(feature = "serde")]
    #[test]
    fn saved_and_loaded_games_are_identical(
        start in start(),
        moves in prop::collection::vec(any::<u8>(), 0..60),
        back in any::<Index>(),
    ) {
        let mut game = line(start, &moves);
        let all = game.moves().to_vec();
        game.jump(back.index(all.len() + 1));
        let text = serde_json::to_string(&(game.start(), &all, game.moves().len())).expect("writes");
        let (read, moves, ply): (Position, Vec<Move>, usize) = serde_json::from_str(&text).expect("reads");
        json::check_round_trip(game.start());
        if !start.is_over() {
            let mut loaded = Game::new(read);
            for m in moves {
                loaded.play(m).expect("a saved move is legal");
            }
            prop_assert!(loaded.jump(ply));
            prop_assert_eq!(&loaded, &game);
        }
        for pos in game.positions() {
            json::check_round_trip(pos);
        }
    }

    /// Traced and untraced play agree on every legal move (and the split, AM-9) of every position
    /// of a line: same position, and the trace replays to it.
    #[test]
    fn traced_and_untraced_play_agree(start in start(), moves in prop::collection::vec(any::<u8>(), 0..60)) {
        for pos in line(start, &moves).positions() {
            for m in pos.legal_moves().iter().chain([Move::Split]) {
                let _ = play::check_move(pos, m);
            }
        }
    }

    /// A random playout (which counts repetition without keeping positions, C-6) plays the game
    /// that `Game` plays move for move, through the same positions, to the same end.
    #[test]
    fn a_playout_is_the_game_its_moves_play(start in short_endgame(), seed in any::<u64>()) {
        playout_agrees_with_game(start, seed);
    }

    /// C-6: in endgames played at random, a game ends by repetition exactly when a placement
    /// occurs for the third time, never before, and `occurrences` counts it.
    #[test]
    fn repetition_ends_the_game_exactly_at_the_third_occurrence(start in endgame(), seed in any::<u64>()) {
        checked_random_game(start, seed, ENDGAME_MOVES);
    }

    /// C-6 with take-backs: a game undone a few moves and played on counts each placement's
    /// occurrences on the line it now has (what was undone is forgotten), as a plain count over
    /// that line does, and ends exactly at the third.
    #[test]
    fn repetition_counts_only_the_line_played(start in endgame(), seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(start);
        for step in 0..ENDGAME_MOVES {
            if step % 5 == 4 || game.position().is_over() {
                for _ in 0..=rng.below(4) {
                    game.undo();
                }
            }
            if game.position().is_over() {
                break;
            }
            let m = random_move(game.position(), &mut rng);
            let next = game.position().play(m).expect("a legal move");
            let plain = 1 + game.positions().iter().rev().take_while(|p| p.stores() == next.stores())
                .filter(|p| p.same_placement(&next)).count();
            let after = *game.play(m).expect("a legal move");
            let repeated = after.end().is_some_and(|e| e.reason == mancala_core::EndReason::Repetition);
            prop_assert_eq!(repeated, !next.is_over() && plain >= 3, "{} occurrences", plain);
            if !repeated {
                prop_assert_eq!(game.occurrences(), plain);
            }
        }
    }
}

/// An endgame of a game whose random play ends soon: Anywoli's can wander for many thousand moves
/// (see [`ENDS_WITHIN`]), too long to replay through `Game` in a property test.
fn short_endgame() -> impl Strategy<Value = Position> {
    prop::sample::select(vec![Variant::Mangala, Variant::Sadeqa, Variant::Manqala])
        .prop_flat_map(|variant| set_up(variant, 1..=10))
}

/// Plays a random playout from `start` and the same moves through a [`Game`]: true if they end
/// by repetition (C-6); panics where they differ.
fn playout_agrees_with_game(start: Position, seed: u64) -> bool {
    let mut game = Game::new(start);
    let moves = Playouts::default().play(start, &mut SplitMix64::new(seed), |pos, m| {
        assert_eq!(pos, game.position(), "the playout and the game part before move {}", game.moves().len());
        game.play(m).expect("the playout's move is legal in the game");
    });
    assert_eq!(moves as usize, game.moves().len());
    assert!(game.position().is_over(), "the game goes on where the playout ended: {:?}", game.position());
    game.position().end().is_some_and(|e| e.reason == mancala_core::EndReason::Repetition)
}

/// Playouts from endgames do end by repetition (C-6), so the property above is not vacuous.
#[test]
fn playouts_from_endgames_do_repeat() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let repeated = (0..48)
        .filter(|&seed| {
            playout_agrees_with_game(short_endgame().new_tree(&mut runner).expect("a start").current(), seed)
        })
        .count();
    assert!(repeated >= 10, "only {repeated} of 48 playouts from endgames ended by repetition");
}

/// The endgame generator does reach repetitions (C-6), so the property above is not vacuous.
#[test]
fn endgames_do_repeat() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        proptest::test_runner::TestRng::deterministic_rng(proptest::test_runner::RngAlgorithm::ChaCha),
    );
    let mut repeated = 0;
    for seed in 0..48 {
        let start = endgame().new_tree(&mut runner).expect("a start").current();
        let game = random_game(start, seed, ENDGAME_MOVES);
        repeated += usize::from(game.position().end().is_some_and(|e| e.reason == mancala_core::EndReason::Repetition));
    }
    assert!(repeated >= 10, "only {repeated} of 48 endgames ended by repetition");
}
