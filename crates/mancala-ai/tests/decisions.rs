//! Positions with known answers, the decisions that are not moves, hints,
//! budgets and determinism. Rule ids cite `docs/rules.md`.

mod common;

use common::{deep, solve, solve_move, tiny};
use mancala_ai::selfplay::{LevelPlayer, Player, play_out, random_opening};
use mancala_ai::{
    Computer, LOOP_PLIES, Level, Limits, NoClock, SEED, SPLIT_MARGIN, SplitAdvice, Thought, WIN, plies_without_capture,
    split_score, terminal_score,
};
use mancala_core::{
    BySide, Game, MangalaSetup, Move, NoObserver, Options, Outcome, PlayError, Position, Setup, Side, SplitMix64,
    Variant,
};

fn position(variant: Variant, board: &[u32], stores: (u32, u32), turn: Side) -> Position {
    let mut setup = Setup::new(variant, Options::default());
    setup.board = board.to_vec();
    setup.stores = BySide { south: stores.0, north: stores.1 };
    setup.turn = turn;
    Position::from_setup(&setup).unwrap()
}

fn think(pos: Position, limits: Limits) -> Thought {
    Computer::with_table_bits(14).think(&[pos], &limits, &mut NoClock).unwrap()
}

fn depth(d: u8) -> Limits {
    Limits { depth: Some(d), ..Limits::default() }
}

/// AW-5, AW-6, AW-7.1: South makes a final-seed four (captures it, moves
/// again), then another, leaving four, which go to South too: 52–44. The
/// second move is South's again, so its score must not be negated.
#[test]
fn anywoli_extra_moves_keep_the_turn_and_the_sign() {
    let board = [1, 3, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0];
    let pos = position(Variant::Anywoli, &board, (40, 44), Side::South);
    let t = think(pos, depth(4));
    assert_eq!(t.score, WIN + 8 * SEED);
    assert!(t.pv == [Move::Sow(0), Move::Sow(5)] || t.pv == [Move::Sow(5), Move::Sow(0)], "{:?}", t.pv);
    let mid = pos.play(t.pv[0]).unwrap();
    assert_eq!(mid.to_move(), Some(Side::South));
    let end = mid.play(t.pv[1]).unwrap();
    assert_eq!(end.stores(), BySide { south: 52, north: 44 });
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::South)));
}

/// AW-5 from North's side, where a wrong negation would hand the win to
/// South: the same board turned round.
#[test]
fn anywoli_extra_moves_work_for_north_too() {
    let south_view = [1, 3, 0, 0, 0, 1, 3, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0];
    let mut board = [0u32; 24];
    for (pit, &seeds) in south_view.iter().enumerate() {
        board[(pit + 12) % 24] = seeds;
    }
    let pos = position(Variant::Anywoli, &board, (44, 40), Side::North);
    let t = think(pos, depth(4));
    assert_eq!(t.score, WIN + 8 * SEED);
    assert!(t.pv == [Move::Sow(12), Move::Sow(17)] || t.pv == [Move::Sow(17), Move::Sow(12)], "{:?}", t.pv);
}

/// MG-9: with seven per pit and forced play the first mover wins 64–34, so
/// the ritual's chooser (MG-3) takes the side that moves first (C-4).
#[test]
fn mangala_side_choice_takes_the_first_move() {
    let mut computer = Computer::with_table_bits(12);
    for first in Side::ALL {
        let start = Position::new(Variant::Mangala, Options { first, ..Options::default() });
        let choice = computer.choose_side(&start, &depth(1), &mut NoClock);
        assert_eq!((choice.side, choice.score, choice.exact), (first, WIN + 30 * SEED, true));
    }
}

/// MG-2, MG-3, MG-4: with a random setup and forced play, the chosen side
/// is the one that wins the game played out.
#[test]
fn mangala_side_choice_on_random_setups_matches_the_game_played_out() {
    let mut computer = Computer::with_table_bits(12);
    for seed in 1..=6 {
        let start =
            Position::new(Variant::Mangala, Options { setup: MangalaSetup::Random(seed), ..Options::default() });
        let mut game = Game::new(start);
        while let Some(m) = game.position().legal_moves().iter().next() {
            game.play(m).unwrap();
        }
        let winner = game.position().outcome().unwrap().winner().unwrap_or(start.turn());
        let choice = computer.choose_side(&start, &depth(1), &mut NoClock);
        assert_eq!(choice.side, winner, "setup {seed}");
        assert_eq!(choice.score, terminal_score(game.position(), winner), "setup {seed}");
    }
}

/// AM-9: outside a loop (here no history at all), a split is accepted
/// exactly when it is at least as good as the solved value of playing on,
/// and never proposed; both players accept only when they are equal.
#[test]
fn manqala_split_advice_compares_with_the_solved_value() {
    deep(|| {
        let mut rng = SplitMix64::new(99);
        let mut computer = Computer::with_table_bits(14);
        let (mut accepted, mut declined) = (0, 0);
        for _ in 0..80 {
            let pos = tiny(Variant::Manqala, Options::default(), 6, 5, &mut rng);
            if pos.is_over() {
                continue;
            }
            let Some(value) = solve(pos) else { continue };
            let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
            let mover = computer.split_advice(&[pos], pos.turn(), &limits, &mut NoClock).unwrap();
            let other = computer.split_advice(&[pos], pos.turn().other(), &limits, &mut NoClock).unwrap();
            assert_eq!((mover.play_on, other.play_on), (value, -value));
            assert_eq!(mover.split, split_score(&pos, pos.turn()).unwrap());
            assert_eq!((mover.looping, other.looping), (false, false));
            assert_eq!(mover.accept, mover.split >= value);
            assert_eq!(mover.accept && other.accept, mover.split == value);
            let t = computer.think(&[pos], &limits, &mut NoClock).unwrap();
            assert!(!t.propose_split);
            if mover.accept { accepted += 1 } else { declined += 1 }
        }
        assert!(accepted > 0 && declined > 0, "{accepted} accepted, {declined} declined");
    });
}

/// A game of Al-manqala from `setup` (board, stores, player to move) with
/// `moves` played: its positions, the start first.
fn manqala_history(board: &[u32], stores: (u32, u32), turn: Side, moves: &[u8]) -> Vec<Position> {
    let mut game = Game::new(position(Variant::Manqala, board, stores, turn));
    for &pit in moves {
        game.play(Move::Sow(pit)).unwrap();
    }
    game.positions().to_vec()
}

/// Hard's search of the last position of `history` and the split weighed
/// for `side` (the engines of a Hard player and of `mancala ai --level hard`).
fn hard_on_split(history: &[Position], side: Side) -> (Thought, SplitAdvice) {
    let limits = Level::Hard.limits(Variant::Manqala);
    let mut computer = Computer::new();
    let t = computer.think(history, &limits, &mut NoClock).unwrap();
    (t, computer.split_advice(history, side, &limits, &mut NoClock).unwrap())
}

/// AM-9 is for seeds that chase each other forever, not for a lead: six
/// plies into a Hard self-play game (96 seeds on the board) South has
/// captured 2, so a split (50–48) wins and beats the search's +1.82 seeds
/// by far more than the margin. The old rule proposed it here (the first of
/// six proposals in that game); it is no loop, so South does not propose,
/// though it would accept North's proposal on the merits.
#[test]
fn manqala_no_split_proposal_early_in_the_game() {
    deep(|| {
        let history = manqala_history(&[7; 14], (0, 0), Side::South, &[3, 7, 4, 8, 3, 7]);
        let last = history.last().unwrap();
        assert_eq!((last.seeds_on_board(), last.stores()), (96, BySide { south: 2, north: 0 }));
        assert_eq!(plies_without_capture(&history), 1);
        let (t, advice) = hard_on_split(&history, Side::South);
        assert_eq!((t.best, t.score), (Move::Sow(0), 182));
        assert_eq!(advice, SplitAdvice { split: WIN + 2 * SEED, play_on: 182, looping: false, accept: true });
        assert!(advice.split > t.score + SPLIT_MARGIN);
        assert!(!t.propose_split && !advice.propose());
    });
}

/// AM-9, C-6: two seeds chase each other round the board at 48–48 (the end
/// of a Hard self-play game, which reached a third repetition 28 plies after
/// the last capture). After twenty plies without a capture, with a search
/// that sees only the chase, North proposes the 49–49 split and South
/// accepts; a ply earlier the game is not yet a loop.
#[test]
fn manqala_split_proposed_when_two_seeds_chase() {
    deep(|| {
        let chase = [12, 6, 13, 0, 7, 1, 8, 2, 9, 3, 10, 4, 11, 5, 12, 6, 13, 0, 7, 1];
        let board = [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
        let history = manqala_history(&board, (48, 48), Side::North, &chase);
        let last = history.last().unwrap();
        assert_eq!(last.board(), &[0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
        assert_eq!((last.turn(), plies_without_capture(&history)), (Side::North, LOOP_PLIES));
        let (t, advice) = hard_on_split(&history, Side::North);
        assert_eq!((t.best, t.score, t.exact), (Move::Sow(8), 0, true));
        assert_eq!(advice, SplitAdvice { split: 0, play_on: 0, looping: true, accept: true });
        assert!(t.propose_split);
        let (_, south) = hard_on_split(&history, Side::South);
        assert_eq!(south, SplitAdvice { split: 0, play_on: 0, looping: true, accept: true });
        // One ply less of chase (South to move, 19 plies): not yet a loop.
        let (t, advice) = hard_on_split(&history[1..history.len() - 1], Side::South);
        assert_eq!((t.score, advice.looping, t.propose_split), (0, false, false));
    });
}

/// AM-9: a long stretch without a capture is not enough. 22 plies after the
/// last capture (16 seeds on the board, South 46–36 ahead), South's search
/// sees a capture ahead in its line, so South plays on although the split
/// (51–47) would win and it would accept one.
#[test]
fn manqala_no_split_proposal_when_the_search_sees_a_capture() {
    deep(|| {
        let board = [0, 1, 0, 0, 0, 0, 0, 2, 2, 2, 0, 1, 0, 8];
        let moves = [1, 8, 2, 9, 3, 7, 4, 12, 5, 10, 6, 11, 0, 9, 1, 8, 2, 7, 3, 10, 4, 9];
        let history = manqala_history(&board, (46, 36), Side::South, &moves);
        assert_eq!(plies_without_capture(&history), 22);
        let (t, advice) = hard_on_split(&history, Side::South);
        assert_eq!((t.best, t.score), (Move::Sow(5), WIN + 6 * SEED));
        assert_eq!(
            advice,
            SplitAdvice { split: WIN + 10 * SEED, play_on: WIN + 6 * SEED, looping: false, accept: true }
        );
        assert!(!t.propose_split);
    });
}

/// A player that proposes the split on every move and plays its first legal
/// move, or declines every proposal.
struct Stubborn;

impl Player for Stubborn {
    fn choose(&mut self, history: &[Position]) -> Option<Thought> {
        let best = history.last()?.legal_moves().iter().next()?;
        Some(Thought { best, score: 0, depth: 1, nodes: 1, pv: vec![best], exact: false, propose_split: true })
    }

    fn accepts_split(&mut self, _: &[Position], _: Side) -> bool {
        false
    }
}

/// AM-9 in self-play, as on the page: a player whose proposal was declined
/// proposes again only after a capture (by either player).
#[test]
fn selfplay_proposes_again_only_after_a_capture() {
    let players: BySide<&mut dyn Player> = BySide { south: &mut Stubborn, north: &mut Stubborn };
    let played = play_out(Game::new(Position::new(Variant::Manqala, Options::default())), players, 40);
    let captured = |p: &Position| u32::from(p.stores().south) + u32::from(p.stores().north);
    let positions = played.game.positions();
    let mut expected = Vec::new();
    let mut last_decline: BySide<Option<u32>> = BySide::default();
    for (ply, pos) in positions.iter().enumerate().take(played.game.moves().len()) {
        let side = pos.turn();
        if last_decline.get(side).is_none_or(|c| c != captured(pos)) {
            expected.push((ply, side));
            *last_decline.get_mut(side) = Some(captured(pos));
        }
    }
    let proposed: Vec<(usize, Side)> = played.proposals.iter().map(|p| (p.ply, p.side)).collect();
    assert_eq!(proposed, expected);
    assert!(played.proposals.iter().all(|p| !p.accepted));
    assert!(expected.len() > 2 && expected.len() < 40, "{expected:?}");
}

/// The split exists only in Al-manqala (AM-9).
#[test]
fn split_advice_is_only_for_manqala() {
    let pos = Position::new(Variant::Sadeqa, Options::default());
    assert_eq!(Computer::with_table_bits(12).split_advice(&[pos], Side::South, &depth(1), &mut NoClock), None);
    assert_eq!(split_score(&pos, Side::South), None);
}

/// MG-4: at the start of a forced game only the leftmost pit may be sown;
/// the others say why.
#[test]
fn hints_explain_forced_play() {
    let start = Position::new(Variant::Mangala, Options::default());
    let hints = Computer::with_table_bits(12).hints(&[start], &depth(2), &mut NoClock);
    assert_eq!(hints.len(), 7);
    assert!(hints[0].best && hints[0].score.is_some() && hints[0].illegal.is_none());
    for h in &hints[1..] {
        assert_eq!((h.score, h.best, h.illegal), (None, false, Some(PlayError::Forced(0))));
    }
}

/// AM-4: when the opponent's row is empty, moves that do not feed it are
/// illegal, and say so.
#[test]
fn hints_explain_feeding() {
    let board = [0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0];
    let pos = position(Variant::Manqala, &board, (46, 48), Side::South);
    let hints = Computer::with_table_bits(12).hints(&[pos], &depth(3), &mut NoClock);
    let illegal: Vec<_> = hints.iter().map(|h| h.illegal).collect();
    use PlayError::{EmptyPit, MustFeed};
    assert_eq!(
        illegal,
        [Some(EmptyPit), Some(EmptyPit), Some(MustFeed), Some(EmptyPit), Some(EmptyPit), Some(EmptyPit), None]
    );
}

/// Each legal pit's hint is the solved value of that move (tiny positions),
/// and the best flag marks the maximum; captures and extra moves are shown.
#[test]
fn hint_scores_are_the_solved_values_of_each_move() {
    deep(|| {
        let mut computer = Computer::with_table_bits(14);
        let mut checked = 0;
        for (variant, seeds, window, seed) in
            [(Variant::Sadeqa, 4, 5, 1), (Variant::Manqala, 6, 5, 2), (Variant::Anywoli, 5, 3, 3)]
        {
            let mut rng = SplitMix64::new(seed);
            for _ in 0..60 {
                let pos = tiny(variant, Options::default(), seeds, window, &mut rng);
                if pos.is_over() || solve(pos).is_none() {
                    continue;
                }
                let limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
                let hints = computer.hints(&[pos], &limits, &mut NoClock);
                let top = hints.iter().filter_map(|h| h.score).max().unwrap();
                for h in hints.iter().filter(|h| h.illegal.is_none()) {
                    let after = pos.play(Move::Sow(h.pit)).unwrap();
                    assert_eq!(h.score, solve_move(&[], pos, after), "{:?} pit {}", pos.to_setup(), h.pit);
                    assert_eq!(h.best, h.score == Some(top));
                    let mover = pos.turn();
                    assert_eq!(h.captures, after.stores().get(mover) - pos.stores().get(mover));
                    assert_eq!(h.extra_move, !after.is_over() && after.turn() == mover);
                    let exposes = match after.to_move() {
                        Some(them) if them != mover => after
                            .legal_moves()
                            .iter()
                            .map(|r| after.play(r).unwrap().stores().get(them) - after.stores().get(them))
                            .max()
                            .unwrap(),
                        _ => 0,
                    };
                    assert_eq!(h.exposes, exposes);
                }
                checked += 1;
            }
        }
        assert!(checked >= 20, "only {checked} positions checked");
    });
}

/// C-6: a move whose position has occurred twice ends the game at once,
/// settled by the loop rule (each player takes their own row).
#[test]
fn repetition_in_the_history_ends_the_game_in_the_search() {
    let start = Position::new(Variant::Sadeqa, Options::default());
    let (m, child) = start
        .legal_moves()
        .iter()
        .map(|m| (m, start.play(m).unwrap()))
        .find(|(_, c)| c.stores() == start.stores())
        .expect("a move that captures nothing");
    // A history in which the child has occurred twice already.
    let history = [child, child, start];
    let hints = Computer::with_table_bits(12).hints(&history, &depth(3), &mut NoClock);
    let mut settled = child;
    settled.end_by_repetition(&mut NoObserver);
    let Move::Sow(pit) = m else { unreachable!() };
    let hint = hints.iter().find(|h| h.pit == pit).unwrap();
    assert_eq!(hint.score, Some(terminal_score(&settled, start.turn())));
    // Without that history the move is an ordinary one.
    let fresh = Computer::with_table_bits(12).hints(&[start], &depth(3), &mut NoClock);
    assert!(fresh.iter().find(|h| h.pit == pit).unwrap().score.unwrap().abs() < WIN / 2);
}

/// The node budget is kept (to within one node's children), and a clock
/// stops the search: here a fake one that advances 1 ms per reading.
#[test]
fn budgets_are_kept() {
    let pos = Position::new(Variant::Anywoli, Options::default());
    let t = think(pos, Limits { nodes: Some(5_000), ..Limits::default() });
    assert!(t.nodes >= 5_000 && t.nodes <= 5_000 + 12, "{}", t.nodes);
    let mut now = 0.0;
    let mut clock = || {
        now += 1.0;
        now
    };
    let limits = Limits { time_ms: Some(10.0), ..Limits::default() };
    let t = Computer::with_table_bits(14).think(&[pos], &limits, &mut clock).unwrap();
    // Read every 512 nodes: ten readings after the start.
    assert!(t.nodes >= 9 * 512 && t.nodes <= 11 * 512, "{}", t.nodes);
    assert!(pos.is_legal(t.best));
}

/// The same position, history, level and seed give the same move, whatever
/// the engine searched before; a game between levels replays exactly.
#[test]
fn levels_are_deterministic_for_a_seed() {
    let start = Position::new(Variant::Manqala, Options::default());
    let play = |seed: u64| -> Vec<Move> {
        let mut beginner = LevelPlayer::new(Level::Beginner, seed);
        let mut easy = LevelPlayer::new(Level::Easy, seed);
        let game = random_opening(start, 2, 5);
        let players: BySide<&mut dyn Player> = BySide { south: &mut beginner, north: &mut easy };
        play_out(game, players, 400).game.moves().to_vec()
    };
    assert_eq!(play(11), play(11));
    assert_ne!(play(11), play(12));
    let mut used = Computer::with_table_bits(14);
    let other = Position::new(Variant::Sadeqa, Options::default());
    used.think(&[other], &Limits { nodes: Some(3_000), ..Limits::default() }, &mut NoClock);
    let limits = Limits { nodes: Some(3_000), ..Limits::default() };
    assert_eq!(
        used.think(&[start], &limits, &mut NoClock),
        Computer::with_table_bits(14).think(&[start], &limits, &mut NoClock)
    );
}
