//! `mancala match`: two levels play each other from varied openings, each
//! opening twice with the sides swapped, and the result is printed with a
//! 95% (Wilson) interval for the first level's share of the decided games.

use std::time::Instant;

use mancala_ai::Level;
use mancala_ai::selfplay::{LevelPlayer, play_out, random_opening, seat};
use mancala_core::{Outcome, Side};
use serde_json::json;

use crate::args::{self, Args};

/// Random plies at the start of each opening, by default.
const OPENING_PLIES: usize = 2;

/// Plies after which a game is cut and settled as by repetition (C-6).
const MAX_PLIES: usize = 1000;

pub fn run(args: &mut Args) -> Result<(), String> {
    let a: Level = args.parsed("--a")?.ok_or("--a LEVEL is required")?;
    let b: Level = args.parsed("--b")?.ok_or("--b LEVEL is required")?;
    let games: u32 = args.parsed("--games")?.ok_or("--games N is required")?;
    let seed: u64 = args.parsed("--seed")?.unwrap_or(1);
    let plies: usize = args.parsed("--random-plies")?.unwrap_or(OPENING_PLIES);
    let each = args.flag("--each");
    let start = args::start(args)?;
    args.done()?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let clock = Instant::now();
    let (mut wins, mut draws, mut losses, mut splits, mut cut, mut plies_total) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0usize);
    for g in 0..games {
        let pair = u64::from(g / 2);
        let opening = random_opening(start, plies, seed.wrapping_mul(0x9e37_79b9).wrapping_add(pair));
        // Game 2k: a is South; game 2k + 1: the same opening, a is North.
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let player_seed = seed ^ (u64::from(g) << 32);
        let mut pa = LevelPlayer::new(a, player_seed);
        let mut pb = LevelPlayer::new(b, player_seed ^ 0xb);
        let players = seat(&mut pa, &mut pb, a_side);
        let played = play_out(opening, players, MAX_PLIES);
        let result = match played.outcome {
            Outcome::Win(side) if side == a_side => {
                wins += 1;
                "a"
            }
            Outcome::Win(_) => {
                losses += 1;
                "b"
            }
            Outcome::Draw => {
                draws += 1;
                "draw"
            }
        };
        splits += u32::from(played.split);
        cut += u32::from(played.cut);
        plies_total += played.game.moves().len();
        if each {
            let stores = played.last.stores();
            println!(
                "{}",
                json!({
                    "game": g + 1, "a_side": a_side.name(), "winner": result,
                    "stores": [stores.south, stores.north], "plies": played.game.moves().len(),
                    "reason": played.last.end().map(|e| e.reason.id()),
                    "moves": played.game.moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
                })
            );
        }
    }
    let decided = wins + losses;
    let (low, high) = wilson(wins, decided);
    println!(
        "{}",
        json!({
            "game": start.variant().id(), "a": a.id(), "b": b.id(), "games": games, "seed": seed,
            "random_plies": plies,
            "a_wins": wins, "draws": draws, "b_wins": losses,
            "a_share_of_decided": if decided > 0 { Some(round3(f64::from(wins) / f64::from(decided))) } else { None },
            "wilson95": [round3(low), round3(high)],
            "splits": splits, "cut": cut,
            "mean_plies": round3(plies_total as f64 / f64::from(games)),
            "seconds": round3(clock.elapsed().as_secs_f64()),
        })
    );
    Ok(())
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The Wilson score interval (95%) for `k` successes in `n` trials; (0, 1)
/// when `n` is 0.
fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = f64::from(n);
    let p = f64::from(k) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_interval_matches_the_formula() {
        let (low, high) = wilson(140, 200);
        assert_eq!(((low * 1000.0).round(), (high * 1000.0).round()), (633.0, 759.0));
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
