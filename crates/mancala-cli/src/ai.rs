//! `mancala ai`: the computer's move for a position, with its score and
//! principal variation; `--hints` for the per-pit overlay, `--side` for
//! Mangala IV's ritual choice (MG-3), `--split` for Al-manqala's (AM-9).

use std::time::Instant;

use mancala_ai::{Engine, Level, Limits, NoClock, Thought};
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
    let game = args::game(args)?;
    args.done()?;
    let limits = match (level, time_ms, nodes, depth) {
        (Some(level), None, None, None) => level.limits(),
        (None, None, None, None) => {
            return Err(
                "give --level beginner|easy|medium|hard|expert|greedy, or --time-ms T (or --nodes N, --depth D)".into(),
            );
        }
        (Some(_), ..) => return Err("give either --level or a budget (--time-ms, --nodes, --depth), not both".into()),
        (None, ..) => Limits { depth, nodes, time_ms },
    };
    let start = Instant::now();
    let mut clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = Engine::new();
    let history = game.positions();
    let pos = game.position();
    if side {
        let choice = engine.choose_side(game.start(), &limits, &mut clock);
        println!("{}", json!({"side": choice.side.name(), "score": choice.score, "exact": choice.exact}));
        return Ok(());
    }
    if pos.is_over() {
        return Err("the game is over: there is no move to choose".into());
    }
    if split {
        let advice =
            engine.split_advice(history, pos.turn(), &limits, &mut clock).ok_or("only Al-manqala has the split")?;
        println!("{}", json!({"split": advice.split, "play_on": advice.play_on, "accept": advice.accept}));
        return Ok(());
    }
    if hints {
        let hints = engine.hints(history, &limits, &mut clock);
        let pits: Vec<Value> = hints
            .iter()
            .map(|h| {
                json!({
                    "pit": h.pit, "score": h.score, "best": h.best, "captures": h.captures, "gives": h.gives,
                    "extra_move": h.extra_move, "illegal": h.illegal.map(|e| e.to_string()),
                })
            })
            .collect();
        println!("{}", json!({ "to_move": pos.turn().name(), "hints": pits }));
        return Ok(());
    }
    let thought = match level {
        Some(level) if time_ms.is_none() => engine.play(history, level, seed, &mut NoClock),
        _ => engine.think(history, &limits, &mut clock),
    }
    .ok_or("the game is over: there is no move to choose")?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!("{}", thought_json(&thought, ms));
    Ok(())
}

/// A thought as the command line prints it.
fn thought_json(t: &Thought, ms: f64) -> Value {
    json!({
        "move": t.best.to_string(),
        "score": t.score,
        "depth": t.depth,
        "nodes": t.nodes,
        "pv": t.pv.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "exact": t.exact,
        "propose_split": t.propose_split,
        "ms": (ms * 10.0).round() / 10.0,
        "nodes_per_s": if ms > 0.0 { (t.nodes as f64 / ms * 1000.0).round() } else { 0.0 },
    })
}
