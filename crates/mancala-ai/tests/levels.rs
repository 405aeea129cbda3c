//! Cheap sanity of the level ladder (the full evidence, hundreds of games
//! per pair with release builds, is `mancala match`; see
//! `docs/ai-evidence.md`).

use mancala_ai::selfplay::{LevelPlayer, play_out, random_opening, seat};
use mancala_ai::{Level, Limits};
use mancala_core::{Options, Outcome, Position, Side, Variant};

/// `a` against `b`: `pairs` openings, each played with both sides; a's
/// wins and losses.
fn duel(variant: Variant, a: Level, b: Level, pairs: u64) -> (u32, u32) {
    let start = Position::new(variant, Options::default());
    let (mut wins, mut losses) = (0, 0);
    for g in 0..2 * pairs {
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let mut pa = LevelPlayer::new(a, g);
        let mut pb = LevelPlayer::new(b, g);
        let players = seat(&mut pa, &mut pb, a_side);
        match play_out(random_opening(start, 2, g / 2), players, 600).outcome {
            Outcome::Win(s) if s == a_side => wins += 1,
            Outcome::Win(_) => losses += 1,
            Outcome::Draw => {}
        }
    }
    (wins, losses)
}

#[test]
fn easy_beats_beginner_and_greedy() {
    for variant in [Variant::Sadeqa, Variant::Manqala] {
        for weaker in [Level::Beginner, Level::Greedy] {
            let (wins, losses) = duel(variant, Level::Easy, weaker, 5);
            assert!(
                wins >= 7 && wins > 2 * losses,
                "{variant:?}: easy against {weaker:?}: {wins} wins, {losses} losses"
            );
        }
    }
}

#[test]
fn budgets_grow_with_the_level() {
    for variant in Variant::ALL {
        let nodes = |l: Level| l.limits(variant).nodes.unwrap_or(0);
        for pair in Level::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(nodes(pair[0]) <= nodes(pair[1]), "{variant:?} {pair:?}");
        }
        assert_eq!(Level::Beginner.limits(variant), Limits { depth: Some(1), nodes: None, time_ms: None });
        assert!(Level::Expert.limits(variant).time_ms.is_some_and(|t| t <= 1_000.0));
    }
    // Mangala IV's ladder is spaced lower (its search stops paying at about ten plies).
    assert_eq!(Level::Hard.limits(Variant::Mangala).nodes, Some(15_000));
    assert_eq!(Level::Hard.limits(Variant::Anywoli).nodes, Some(60_000));
}

#[test]
fn level_ids_round_trip() {
    for level in Level::ALL.into_iter().chain([Level::Greedy]) {
        assert_eq!(level.id().parse::<Level>(), Ok(level));
    }
    assert_eq!(
        "grandmaster".parse::<Level>().unwrap_err().to_string(),
        "unknown level \"grandmaster\": choose beginner, easy, medium, hard, expert or greedy"
    );
}
