//! One harness over every game and option set: what must hold for any
//! position the engine reaches in seeded random play.

mod common;

use mancala_core::{
    CaptureKind, Game, LastFour, MangalaSetup, Move, Options, PlayError, Position, SadeqaSeeds, Side, SplitMix64, Step,
    Trace, Variant,
};

/// Every game with a spread of its options.
fn configurations() -> Vec<(Variant, Options)> {
    let base = Options::default();
    let mut all = Vec::new();
    for variant in Variant::ALL {
        for first in Side::ALL {
            all.push((variant, Options { first, ..base }));
        }
    }
    all.push((Variant::Mangala, Options { free_choice: true, ..base }));
    all.push((Variant::Mangala, Options { setup: MangalaSetup::Random(5), free_choice: true, ..base }));
    all.push((Variant::Mangala, Options { setup: MangalaSetup::Random(6), ..base }));
    all.push((Variant::Sadeqa, Options { sadeqa_seeds: SadeqaSeeds::Four, ..base }));
    all.push((Variant::Anywoli, Options { last_four: LastFour::FirstFinal, ..base }));
    all.push((Variant::Anywoli, Options { last_four: LastFour::Lot, lot_seed: 9, ..base }));
    all
}

fn total(pos: &Position) -> u32 {
    pos.seeds_on_board() + u32::from(pos.stores().south) + u32::from(pos.stores().north)
}

/// Replays a trace on the board and stores before the move: the animation's
/// picture must end where the engine does.
fn replay_trace(before: &Position, trace: &Trace) -> (Vec<u32>, [u32; 2]) {
    let mut board: Vec<u32> = before.board().iter().map(|&s| u32::from(s)).collect();
    let mut stores = [u32::from(before.stores().south), u32::from(before.stores().north)];
    let mut hand = 0;
    for step in &trace.0 {
        match *step {
            Step::Lift { pit, seeds, .. } => {
                assert_eq!(board[usize::from(pit)], u32::from(seeds), "lift count");
                board[usize::from(pit)] = 0;
                hand += u32::from(seeds);
            }
            Step::Sow { pit } => {
                assert!(hand > 0, "sowing from an empty hand");
                hand -= 1;
                board[usize::from(pit)] += 1;
            }
            Step::Capture { pit, seeds, to, kind } => {
                if kind != CaptureKind::Settle {
                    assert_eq!(board[usize::from(pit)], u32::from(seeds), "captures take whole pits");
                }
                board[usize::from(pit)] -= u32::from(seeds);
                stores[usize::from(to == Side::North)] += u32::from(seeds);
            }
            Step::ExtraMove { .. } | Step::Pass { .. } | Step::End { .. } => {}
        }
    }
    assert_eq!(hand, 0, "seeds left in hand");
    (board, stores)
}

#[test]
fn c7_c8_random_games_keep_every_invariant() {
    for (variant, options) in configurations() {
        let mut rng = SplitMix64::new(0x5EED ^ u64::from(variant.pits_per_row()));
        for _ in 0..20 {
            let mut game = Game::new(Position::new(variant, options));
            let seeds = variant.rules(&options).seeds;
            while !game.position().is_over() {
                let pos = *game.position();
                assert_eq!(total(&pos), seeds, "C-7: seeds conserved");
                let legal = pos.legal_moves();
                assert!(!legal.is_empty(), "C-8: the player to move has a move");
                let side = pos.to_move().expect("not over");
                for pit in 0..=pos.board().len() as u8 {
                    let m = Move::Sow(pit);
                    assert_eq!(pos.is_legal(m), legal.pits().contains(&pit), "{variant:?} pit {pit}");
                    assert_eq!(pos.play(m).is_ok(), pos.is_legal(m));
                    if usize::from(pit) < pos.board().len() && pos.owner(usize::from(pit)) != side {
                        assert_eq!(pos.play(m), Err(PlayError::NotYourPit));
                    }
                }
                let m = Move::Sow(legal.pits()[rng.below(legal.len() as u64) as usize]);
                let mut trace = Trace::default();
                let traced = pos.play_traced(m, &mut trace).expect("legal");
                let mut unchecked = pos;
                unchecked.play_unchecked(m);
                assert_eq!(traced, pos.play(m).expect("legal"), "traced and checked agree");
                assert_eq!(traced, unchecked, "unchecked agrees");
                let (board, stores) = replay_trace(&pos, &trace);
                let shown: Vec<u32> = traced.board().iter().map(|&s| u32::from(s)).collect();
                assert_eq!(board, shown, "the trace ends on the engine's board");
                assert_eq!(stores, [u32::from(traced.stores().south), u32::from(traced.stores().north)]);
                game.play(m).expect("legal");
                assert!(game.moves().len() < 20_000, "{variant:?}: a random game must end");
            }
            let end = game.position();
            assert_eq!(total(end), seeds);
            assert!(end.legal_moves().is_empty());
            assert_eq!(end.play(Move::Sow(0)), Err(PlayError::GameOver));
        }
    }
}

#[test]
fn c6_game_undo_redo_and_jump() {
    let mut game = Game::new(Position::new(Variant::Sadeqa, Options::default()));
    let start = *game.position();
    let first = *game.play(Move::Sow(2)).unwrap();
    let second = *game.play(Move::Sow(10)).unwrap();
    assert!(game.undo());
    assert_eq!(game.position(), &first);
    assert_eq!(game.redoable(), 1);
    assert!(game.redo());
    assert_eq!(game.position(), &second);
    assert!(!game.redo());
    assert!(game.jump(0));
    assert_eq!(game.position(), &start);
    assert!(!game.undo());
    // A new move drops the redo line.
    game.play(Move::Sow(3)).unwrap();
    assert_eq!(game.moves(), &[Move::Sow(3)]);
    assert_eq!(game.redoable(), 0);
    assert!(!game.jump(5));
    // An illegal move changes nothing.
    assert_eq!(game.play(Move::Sow(3)).map(|_| ()), Err(PlayError::NotYourPit));
    assert_eq!(game.moves(), &[Move::Sow(3)]);
}

#[test]
fn variant_ids_round_trip_and_unknown_ids_explain_themselves() {
    for v in Variant::ALL {
        assert_eq!(v.id().parse::<Variant>(), Ok(v));
    }
    let err = "oware".parse::<Variant>().unwrap_err();
    assert_eq!(err.to_string(), "unknown game \"oware\": choose mangala-iv, sadeqa-iii, al-manqala or anywoli");
    assert_eq!("split".parse::<Move>(), Ok(Move::Split));
    assert_eq!("7".parse::<Move>(), Ok(Move::Sow(7)));
    assert!("-1".parse::<Move>().is_err());
}

#[test]
fn setup_errors_are_clear() {
    use mancala_core::{BySide, Setup, SetupError};
    let mut setup = Setup::new(Variant::Mangala, Options::default());
    setup.board.pop();
    assert_eq!(Position::from_setup(&setup), Err(SetupError::PitCount { expected: 14, found: 13 }));
    let mut setup = Setup::new(Variant::Anywoli, Options::default());
    setup.stores = BySide { south: 1, north: 0 };
    let err = Position::from_setup(&setup).unwrap_err();
    assert_eq!(err, SetupError::SeedTotal { expected: 96, found: 97 });
    assert_eq!(err.to_string(), "this game has 96 seeds, but board and stores hold 97");
    setup.board[0] = u32::MAX;
    assert!(matches!(Position::from_setup(&setup), Err(SetupError::SeedTotal { .. })));
}

#[test]
fn no_public_function_panics_on_arbitrary_input() {
    use mancala_core::{BySide, Memory, Setup};
    let mut rng = SplitMix64::new(77);
    for round in 0..4000u64 {
        let variant = Variant::ALL[(round % 4) as usize];
        let len = usize::from(variant.pits_per_row()) * 2 + (rng.below(3) as usize).saturating_sub(1);
        let options = Options {
            free_choice: rng.below(2) == 0,
            first: Side::ALL[rng.below(2) as usize],
            setup: if rng.below(2) == 0 { MangalaSetup::Even } else { MangalaSetup::Random(rng.next_u64()) },
            ..Options::default()
        };
        let seeds = variant.rules(&options).seeds;
        // Mostly boards that add up, sometimes not; any counts.
        let mut board = vec![0u32; len];
        for _ in 0..rng.below(u64::from(seeds) + 1) {
            board[rng.below(len as u64) as usize] += 1;
        }
        if rng.below(10) == 0 {
            board[0] = rng.next_u64() as u32;
        }
        let placed: u32 = board.iter().fold(0u32, |a, &b| a.saturating_add(b));
        let rest = seeds.saturating_sub(placed);
        let south = rng.below(u64::from(rest) + 1) as u32;
        let setup = Setup {
            variant,
            options,
            board,
            stores: BySide { south, north: rest - south },
            turn: Side::ALL[rng.below(2) as usize],
            memory: Memory::default(),
        };
        let Ok(mut pos) = Position::from_setup(&setup) else { continue };
        for _ in 0..30 {
            let m = if rng.below(20) == 0 { Move::Split } else { Move::Sow(rng.below(30) as u8) };
            let _ = (pos.is_legal(m), pos.legal_moves(), pos.opposite(rng.below(40) as usize));
            match pos.play(m) {
                Ok(next) => pos = next,
                Err(_) => pos.play_unchecked(m),
            }
            assert_eq!(total(&pos), seeds, "seeds conserved after {m}");
        }
    }
}

/// A position hashed whole is its game, options and rules hashed, then `hash_play`: along seeded
/// random games of every configuration, their ends included.
#[test]
fn hash_play_is_the_rest_of_the_whole_hash() {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut rng = SplitMix64::new(21);
    let mut checked = 0;
    for (variant, options) in configurations() {
        let mut pos = Position::new(variant, options);
        // No repetition is kept here (C-6): a game may go round forever, so at most 400 plies.
        for _ in 0..400 {
            let mut whole = DefaultHasher::new();
            pos.hash(&mut whole);
            let mut parts = DefaultHasher::new();
            (pos.variant(), pos.options(), pos.rules()).hash(&mut parts);
            pos.hash_play(&mut parts);
            assert_eq!(whole.finish(), parts.finish(), "{pos:?}");
            checked += 1;
            let Some((_, next)) = pos.children().choose(&mut rng) else { break };
            pos = next;
        }
    }
    assert!(checked > 500, "{checked}");
}
