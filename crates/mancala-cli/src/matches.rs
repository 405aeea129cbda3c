//! `mancala match`: two levels play each other from varied openings, each
//! opening twice with the sides swapped, and the result is printed with a
//! 95% (Wilson) interval for the first level's share of the decided games.

use std::collections::BTreeMap;
use std::time::Instant;

use core::fmt;
use std::str::FromStr;

use mancala_ai::selfplay::{LevelPlayer, Player, Proposal, SearchPlayer, balanced_opening, play_out, seat};
use mancala_ai::{Computer, Level, Limits, Tuned};
use mancala_core::{Outcome, Side};
use serde_json::json;

use crate::args::{self, Args};

/// Random plies at the start of each opening, by default.
const OPENING_PLIES: usize = 4;

/// An opening is fair when a search of this many nodes scores it within
/// `--balance` centiseeds (default two seeds) for either side; up to
/// [`OPENING_TRIES`] random openings are drawn for each pair of games.
const BALANCE_NODES: u64 = 20_000;
const BALANCE: i32 = 200;
const OPENING_TRIES: u32 = 40;

/// Plies after which a game is cut and settled as by repetition (C-6).
const MAX_PLIES: usize = 1000;

pub fn run(args: &mut Args) -> Result<(), String> {
    let a: Contender = args.parsed("--a")?.ok_or("--a LEVEL is required")?;
    let b: Contender = args.parsed("--b")?.ok_or("--b LEVEL is required")?;
    let games: u32 = args.parsed("--games")?.ok_or("--games N is required")?;
    let seed: u64 = args.parsed("--seed")?.unwrap_or(1);
    let plies: usize = args.parsed("--random-plies")?.unwrap_or(OPENING_PLIES);
    let balance: i32 = args.parsed("--balance")?.unwrap_or(BALANCE);
    let each = args.flag("--each");
    let start = args::start(args)?;
    args.done()?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let clock = Instant::now();
    let (mut wins, mut draws, mut losses, mut splits, mut cut, mut plies_total) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0usize);
    let balance_limits = Limits { nodes: Some(BALANCE_NODES), ..Limits::default() };
    let (mut draws_taken, mut opening) = (0u32, None);
    let mut proposals = Proposals::default();
    let mut reasons: BTreeMap<&'static str, u32> = BTreeMap::new();
    for g in 0..games {
        let pair = u64::from(g / 2);
        if g % 2 == 0 {
            // Openings of different pairs come from seeds far apart.
            let from = seed.wrapping_mul(0x9e37_79b9).wrapping_add(pair << 20);
            let (game, took) = balanced_opening(start, plies, from, &balance_limits, balance, OPENING_TRIES);
            draws_taken += took;
            opening = Some(game);
        }
        let Some(opening) = opening.clone() else { unreachable!("set on even games") };
        // Game 2k: a is South; game 2k + 1: the same opening, a is North.
        let a_side = if g % 2 == 0 { Side::South } else { Side::North };
        let player_seed = seed ^ (u64::from(g) << 32);
        let mut pa = a.player(player_seed);
        let mut pb = b.player(player_seed ^ 0xb);
        let players = seat(pa.as_mut(), pb.as_mut(), a_side);
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
        proposals.add(&played.proposals);
        let reason = if played.cut { "cut" } else { played.last.end().map_or("none", |e| e.reason.id()) };
        *reasons.entry(reason).or_default() += 1;
        plies_total += played.game.moves().len();
        if each {
            let stores = played.last.stores();
            println!(
                "{}",
                json!({
                    "game": g + 1, "a_side": a_side.name(), "winner": result,
                    "stores": stores, "plies": played.game.moves().len(),
                    "reason": played.last.end().map(|e| e.reason.id()),
                    "proposals": played.proposals.iter().map(|p| json!([p.ply, p.seeds, p.accepted])).collect::<Vec<_>>(),
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
            "game": start.variant().id(), "a": a.to_string(), "b": b.to_string(), "games": games, "seed": seed,
            "random_plies": plies, "balance": balance,
            "opening_draws_per_pair": round3(f64::from(draws_taken) / f64::from(games.div_ceil(2))),
            "a_wins": wins, "draws": draws, "b_wins": losses,
            "a_share_of_decided": if decided > 0 { Some(round3(f64::from(wins) / f64::from(decided))) } else { None },
            "wilson95": [round3(low), round3(high)],
            "splits": splits, "cut": cut, "reasons": reasons, "proposals": proposals.summary(),
            "mean_plies": round3(plies_total as f64 / f64::from(games)),
            "seconds": round3(clock.elapsed().as_secs_f64()),
        })
    );
    Ok(())
}

/// The splits proposed over a match (AM-9): how many, how many accepted, in
/// how many games, and at which plies and with how many seeds on the board.
#[derive(Debug, Default)]
struct Proposals {
    count: u32,
    accepted: u32,
    games: u32,
    plies: Vec<u32>,
    seeds: Vec<u32>,
}

impl Proposals {
    fn add(&mut self, game: &[Proposal]) {
        self.games += u32::from(!game.is_empty());
        for p in game {
            self.count += 1;
            self.accepted += u32::from(p.accepted);
            self.plies.push(p.ply as u32);
            self.seeds.push(p.seeds);
        }
    }

    fn summary(&mut self) -> serde_json::Value {
        json!({
            "count": self.count, "accepted": self.accepted, "games": self.games,
            "ply_min_median_max": spread(&mut self.plies), "seeds_min_median_max": spread(&mut self.seeds),
        })
    }
}

/// The least, median and greatest of `values`; `null` if there are none.
fn spread(values: &mut [u32]) -> Option<[u32; 3]> {
    values.sort_unstable();
    Some([*values.first()?, values[values.len() / 2], *values.last()?])
}

/// A level, or a bare search budget (`nodes:N`, `depth:D`) for calibrating
/// the levels.
#[derive(Debug, Clone, Copy)]
enum Contender {
    Level(Level),
    Budget(Limits),
}

impl Contender {
    fn player(self, seed: u64) -> Box<dyn Player> {
        match self {
            Contender::Level(level) => Box::new(LevelPlayer::new(level, seed)),
            Contender::Budget(limits) => Box::new(SearchPlayer { computer: Computer::new(), limits, eval: Tuned }),
        }
    }
}

impl FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Contender, String> {
        let bad = || format!("\"{s}\" is neither a level nor a budget (nodes:N or depth:D)");
        match s.split_once(':') {
            Some(("nodes", n)) => {
                Ok(Contender::Budget(Limits { nodes: Some(n.parse().map_err(|_| bad())?), ..Limits::default() }))
            }
            Some(("depth", d)) => {
                Ok(Contender::Budget(Limits { depth: Some(d.parse().map_err(|_| bad())?), ..Limits::default() }))
            }
            Some(_) => Err(bad()),
            None => s.parse().map(Contender::Level).map_err(|e: mancala_ai::ParseLevelError| e.to_string()),
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Level(level) => f.write_str(level.id()),
            Contender::Budget(Limits { nodes: Some(n), .. }) => write!(f, "nodes:{n}"),
            Contender::Budget(Limits { depth: Some(d), .. }) => write!(f, "depth:{d}"),
            Contender::Budget(_) => f.write_str("unlimited"),
        }
    }
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
