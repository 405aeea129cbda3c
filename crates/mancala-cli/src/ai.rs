//! `mancala ai`: the computer's move for a position, with its score and
//! principal variation; `--hints` for the per-pit overlay, `--side` for
//! Mangala IV's ritual choice (MG-3), `--split` for Al-manqala's (AM-9),
//! `--bench` for the search's speed.

use std::time::Instant;

use mancala_ai::selfplay::sample_games;
use mancala_ai::{Computer, Level, Limits, NoClock, Thought};
use mancala_core::Game;
use serde_json::{Value, json};

use crate::args::{self, Args};

pub fn run(args: &mut Args) -> Result<(), String> {
    let level: Option<Level> = args.parsed("--level")?;
    let time_ms: Option<f64> = args.parsed("--time-ms")?;
    let nodes: Option<u64> = args.parsed("--nodes")?;
    let depth: Option<u8> = args.parsed("--depth")?;
    let seed: u64 = args.parsed("--seed")?.unwrap_or(0);
    let hints = args.flag("--hints");
    let side = args.flag("--side");
    let split = args.flag("--split");
    let bench = args.flag("--bench");
    let game = args::game(args)?;
    args.done()?;
    let limits = match (level, time_ms, nodes, depth) {
        (Some(level), None, None, None) => level.limits(game.start().variant()),
        (None, None, None, None) => {
            return Err(
                "give --level beginner|easy|medium|hard|expert|greedy, or --time-ms T (or --nodes N, --depth D)".into(),
            );
        }
        (Some(_), ..) => return Err("give either --level or a budget (--time-ms, --nodes, --depth), not both".into()),
        (None, ..) => Limits { depth, nodes, time_ms },
    };
    if bench {
        return run_bench(&game, &limits);
    }
    let start = Instant::now();
    let mut clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut computer = Computer::new();
    let history = game.positions();
    let pos = game.position();
    if side {
        let choice = computer.choose_side(game.start(), &limits, &mut clock);
        println!("{}", json!({"side": choice.side.name(), "score": choice.score, "exact": choice.exact}));
        return Ok(());
    }
    if pos.is_over() {
        return Err("the game is over: there is no move to choose".into());
    }
    if split {
        let advice =
            computer.split_advice(history, pos.turn(), &limits, &mut clock).ok_or("only Al-manqala has the split")?;
        println!(
            "{}",
            json!({
                "split": advice.split, "playOn": advice.play_on, "looping": advice.looping,
                "accept": advice.accept, "propose": advice.propose(),
            })
        );
        return Ok(());
    }
    if hints {
        let hints = computer.hints(history, &limits, &mut clock);
        println!("{}", json!({ "toMove": pos.turn().name(), "hints": hints }));
        return Ok(());
    }
    let thought = match level {
        Some(level) if time_ms.is_none() => computer.play(history, level, seed, &mut NoClock),
        _ => computer.think(history, &limits, &mut clock),
    }
    .ok_or("the game is over: there is no move to choose")?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!("{}", thought_json(&thought, ms));
    Ok(())
}

/// Nodes per second over fixed sample positions (eight games from the
/// start, 0 to 42 random plies in), searched within `limits` with no clock:
/// the same work on every run. Prints the median of three runs.
fn run_bench(game: &Game, limits: &Limits) -> Result<(), String> {
    let games = sample_games(*game.position(), 8, 1);
    let mut computer = Computer::new();
    let mut runs = Vec::new();
    let mut depths = Vec::new();
    let mut nodes = 0;
    for _ in 0..3 {
        let start = Instant::now();
        nodes = 0;
        depths.clear();
        for g in &games {
            let t = computer.think(g.positions(), limits, &mut NoClock).ok_or("no position to search")?;
            nodes += t.nodes;
            depths.push(t.depth);
        }
        runs.push(start.elapsed().as_secs_f64());
    }
    runs.sort_by(f64::total_cmp);
    let secs = runs[1];
    println!(
        "{}",
        json!({
            "game": game.position().variant().id(), "positions": games.len(), "nodes": nodes,
            "seconds": (secs * 1000.0).round() / 1000.0, "nodesPerS": (nodes as f64 / secs).round(),
            "depths": depths,
        })
    );
    Ok(())
}

/// A thought as the command line prints it: as the page's worker gets it, with the time taken.
fn thought_json(t: &Thought, ms: f64) -> Value {
    let mut out = json!(t);
    out["ms"] = json!((ms * 10.0).round() / 10.0);
    out["nodesPerS"] = json!(if ms > 0.0 { (t.nodes as f64 / ms * 1000.0).round() } else { 0.0 });
    out
}
