//! The native sections: `mancala bench` repeated (medians), instructions per move under callgrind,
//! criterion's micro-benchmarks of the core, and the search (`mancala ai`).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};

use super::{Ctx, GAMES, Read, Row, Section, Target, Unit, median, parse, run_quietly};
use xtask::util::{self, Result, cargo, fail, say};

/// Runs of `mancala bench` whose medians are reported.
const RUNS: usize = 5;
/// Issue 14: random-playout moves per second per core, natively, on every game.
pub const MOVES_PER_S_TARGET: f64 = 20e6;
/// Games of the callgrind workload per game (in [`GAMES`] order): 66 000–111 000 moves each.
const CALLGRIND_GAMES: [u64; 4] = [1000, 1000, 1000, 40];

/// Runs `cmd` and returns its standard output, or an error holding the last line it printed to
/// stderr (the CLI's own message).
fn capture(cmd: &mut Command) -> std::result::Result<String, String> {
    let out = cmd.stdin(Stdio::null()).output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if out.status.success() {
        return Ok(String::from_utf8_lossy(&out.stdout).into_owned());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message").trim().to_owned())
}

/// Parses JSON Lines.
fn lines(text: &str) -> Result<Vec<Value>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| parse(l).map_err(|e| util::anyhow!("{e} in `{l}`")))
        .collect()
}

/// `mancala bench`, [`RUNS`] times: medians per game of games/s, moves/s, seeds/s and the cost of
/// playing the longest relay found (whose sowing checks for endlessness as it goes, C-5).
pub fn native(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    section.per_game();
    let mut runs: Vec<Vec<Value>> = Vec::new();
    for run in 1..=RUNS {
        let out = capture(Command::new(&bin).arg("bench")).map_err(|e| util::anyhow!("`mancala bench`: {e}"))?;
        let parsed = lines(&out)?;
        if parsed.is_empty() {
            return fail("`mancala bench` printed nothing");
        }
        let rates: Vec<String> = parsed
            .iter()
            .map(|l| {
                let rate = l["moves_per_s"].as_f64().map_or("?".into(), |x| Unit::PerSecond.show(x));
                format!("{} {rate}", l["game"].as_str().unwrap_or("?"))
            })
            .collect();
        say(format_args!("run {run}/{RUNS}: moves/s {}", rates.join(", ")));
        runs.push(parsed);
    }
    let field = |game: &str, key: &str| -> Vec<f64> {
        runs.iter().flatten().filter(|l| l["game"].as_str() == Some(game)).filter_map(|l| l[key].as_f64()).collect()
    };
    let med = |key: &str| -> Vec<Option<f64>> { GAMES.iter().map(|g| median(&field(g, key))).collect() };
    let first = |key: &str| -> Vec<Option<f64>> { GAMES.iter().map(|g| field(g, key).first().copied()).collect() };
    let laps = first("longest_relay_laps");
    let relay_ns = med("longest_relay_play_ns");
    let per_lap: Vec<Option<f64>> = laps
        .iter()
        .zip(&relay_ns)
        .map(|(l, ns)| match (l, ns) {
            (Some(l), Some(ns)) if *l > 0.0 => Some(ns / l),
            _ => None,
        })
        .collect();
    let games = first("games").into_iter().flatten().next().unwrap_or(0.0);
    section.rows = vec![
        Row::new("random playouts: games/s", Unit::PerSecond, med("games_per_s"))
            .note(format!("{games:.0} games per game and run, seed 1; Mangala IV with free choice")),
        Row::new("random playouts: moves/s", Unit::PerSecond, med("moves_per_s"))
            .target(Target::at_least(MOVES_PER_S_TARGET)),
        Row::new("random playouts: seeds sown/s", Unit::PerSecond, med("seeds_per_s")),
        Row::new("longest relay found: laps", Unit::Count, laps),
        Row::new("longest relay: play() with C-5 check", Unit::Nanos, relay_ns)
            .note("the sowing checks for an endless move as it goes (Brent's cycle test on lap states)"),
        Row::new("longest relay: per lap", Unit::Nanos, per_lap),
    ];
    section.data = json!({ "runs": runs });
    Ok(())
}

/// Instructions per random-playout move, counted by `valgrind --tool=callgrind` on the core's
/// `examples/playouts.rs` (release profile, seed 1, the games of `mancala bench`): the count of a
/// run minus that of a run with no games, over its moves. Unlike a time it is the same on a busy
/// machine, so it is the figure to compare optimisations by. n/a (with a note) without valgrind.
pub fn callgrind(_: &mut Ctx, section: &mut Section) -> Result {
    section.per_game();
    if !util::has_program("valgrind") {
        section.rows.push(
            Row::new("instructions per move (callgrind)", Unit::Count, vec![None; GAMES.len()])
                .note("valgrind not found: install it (Debian: apt-get install valgrind)"),
        );
        return Ok(());
    }
    run_quietly(cargo().args(["build", "--release", "-p", "mancala-core", "--example", "playouts"]))?;
    let bin = util::target_dir().join("release/examples").join(format!("playouts{}", std::env::consts::EXE_SUFFIX));
    // (instructions, moves) of one run of `games` games.
    let count = |game: &str, games: u64| -> Result<(f64, f64)> {
        let out = Command::new("valgrind")
            .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
            .arg(&bin)
            .args([game, &games.to_string(), "1"])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| util::anyhow!("cannot run valgrind: {e}"))?;
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        if !out.status.success() {
            return fail(format!("valgrind {} {game} {games} failed: {}", bin.display(), stderr.trim()));
        }
        let collected = stderr.lines().find_map(|l| l.split_once("Collected :")).map(|(_, n)| n.trim().parse());
        let Some(Ok(instructions)) = collected else {
            return fail(format!("no instruction count from callgrind: {stderr}"));
        };
        let moves = stdout.split_whitespace().nth(2).and_then(|m| m.parse().ok());
        let Some(moves) = moves else { return fail(format!("the playouts example printed `{}`", stdout.trim())) };
        Ok((instructions, moves))
    };
    let mut per_move = Vec::new();
    let mut moves = Vec::new();
    let mut raw = Vec::new();
    for (game, games) in GAMES.iter().zip(CALLGRIND_GAMES) {
        let (empty, _) = count(game, 0)?;
        let (total, n) = count(game, games)?;
        let ir = (total - empty) / n;
        say(format_args!("{game}: {n:.0} moves in {games} games, {ir:.0} instructions per move"));
        raw.push(json!({ "game": game, "games": games, "moves": n, "instructions": total, "no_games": empty }));
        per_move.push(Some(ir));
        moves.push(Some(n));
    }
    section.rows = vec![
        Row::new("instructions per move (callgrind)", Unit::Count, per_move).note(
            "valgrind --tool=callgrind on mancala-core's examples/playouts.rs (release), seed 1, minus a run of 0 games",
        ),
        Row::new("moves in the counted playouts", Unit::Count, moves).note(format!(
            "games: {}",
            GAMES.iter().zip(CALLGRIND_GAMES).map(|(g, n)| format!("{g} {n}")).collect::<Vec<_>>().join(", ")
        )),
    ];
    section.data = raw.into();
    Ok(())
}

/// Criterion's benchmarks of the core with short warm-up and measurement times; the medians of
/// this run's `target/criterion/*/new/estimates.json`.
pub fn micro(_: &mut Ctx, section: &mut Section) -> Result {
    // Results written before this moment belong to earlier runs.
    let started = SystemTime::now() - Duration::from_secs(1);
    run_quietly(cargo().args([
        "bench",
        "-p",
        "mancala-core",
        "--bench",
        "engine",
        "--",
        "--warm-up-time",
        "0.5",
        "--measurement-time",
        "1",
        "--noplot",
    ]))?;
    let dir = util::target_dir().join("criterion");
    let mut found: Vec<(String, f64, f64, f64)> = Vec::new(); // id, median, low, high (ns)
    for entry in std::fs::read_dir(&dir).map_err(|e| util::anyhow!("{}: {e}", dir.display()))? {
        let new = entry?.path().join("new");
        if let Some(result) = read_estimate(&new, started)? {
            found.push(result);
        }
    }
    if found.is_empty() {
        return fail(format!("no criterion results from this run under {}", dir.display()));
    }
    found.sort_by(|a, b| a.0.cmp(&b.0));
    section.per_game();
    let mut names: Vec<String> = Vec::new();
    for (id, ..) in &found {
        let name = id.split_once('/').map_or(id.as_str(), |(_, n)| n).to_owned();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    for name in names {
        let cells: Vec<Option<f64>> =
            GAMES.iter().map(|g| found.iter().find(|f| f.0 == format!("{g}/{name}")).map(|f| f.1)).collect();
        let note = match name.as_str() {
            "legal_moves" => "a fixed mid-game position; relay games sow every candidate to rule out endless moves",
            "play_unchecked" => "the first legal move of the same position",
            "endless_detection" => "play() of a Sadeqa III move that would sow forever (rejected as endless)",
            _ => "",
        };
        section.rows.push(Row::new(format!("criterion: {name}"), Unit::Nanos, cells).note(note));
    }
    section.data =
        found.iter().map(|(id, m, lo, hi)| json!({ "id": id, "median_ns": m, "low_ns": lo, "high_ns": hi })).collect();
    Ok(())
}

/// One benchmark's id and median estimate (with its 95% interval) if written since `since`.
fn read_estimate(new: &Path, since: SystemTime) -> Result<Option<(String, f64, f64, f64)>> {
    let (bench, est) = (new.join("benchmark.json"), new.join("estimates.json"));
    let fresh = std::fs::metadata(&est).and_then(|m| m.modified()).is_ok_and(|t| t >= since);
    if !fresh {
        return Ok(None);
    }
    let read = |p: &Path| -> Result<Value> {
        let text = std::fs::read_to_string(p).map_err(|e| util::anyhow!("{}: {e}", p.display()))?;
        parse(&text).map_err(|e| util::anyhow!("{}: {e}", p.display()))
    };
    let (b, e) = (read(&bench)?, read(&est)?);
    let id = b["full_id"].as_str().unwrap_or_default().to_owned();
    let m = e.at(&["median", "point_estimate"]).as_f64();
    let lo = e.at(&["median", "confidence_interval", "lower_bound"]).as_f64();
    let hi = e.at(&["median", "confidence_interval", "upper_bound"]).as_f64();
    Ok(match (m, lo, hi) {
        (Some(m), Some(lo), Some(hi)) if !id.is_empty() => Some((id, m, lo, hi)),
        _ => None,
    })
}

/// The search's levels, weakest first (`mancala ai --level`).
const LEVELS: [&str; 5] = ["beginner", "easy", "medium", "hard", "expert"];
/// Timed runs of Expert per game (its node count is fixed, so only the time varies).
const AI_RUNS: usize = 3;

/// `mancala ai` from each game's start: the depth each level reaches in its budget, and nodes per
/// second at Expert (median of [`AI_RUNS`]). Reports n/a, with the CLI's message, when the search
/// is not there.
pub fn ai(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    section.per_game();
    let think = |game: &str, level: &str| -> std::result::Result<Value, String> {
        let mut cmd = Command::new(&bin);
        cmd.args(["ai", "--game", game, "--level", level]);
        if game == "mangala-iv" {
            cmd.arg("--free-choice"); // as the playouts: forced play leaves one move
        }
        let out = capture(&mut cmd)?;
        parse(out.trim()).map_err(|e| format!("`mancala ai` printed no JSON: {e}"))
    };
    let mut depth: Vec<Vec<Option<f64>>> = vec![vec![None; GAMES.len()]; LEVELS.len()];
    let mut nodes: Vec<Option<f64>> = vec![None; GAMES.len()];
    let mut rate: Vec<Option<f64>> = vec![None; GAMES.len()];
    let mut ms: Vec<Option<f64>> = vec![None; GAMES.len()];
    let mut raw: Vec<Value> = Vec::new();
    let mut missing = None;
    'games: for (g, game) in GAMES.iter().enumerate() {
        for (l, level) in LEVELS.iter().enumerate() {
            let runs = if *level == "expert" { AI_RUNS } else { 1 };
            let mut rates = Vec::new();
            let mut times = Vec::new();
            for _ in 0..runs {
                let v = match think(game, level) {
                    Ok(v) => v,
                    Err(e) => {
                        missing = Some(e);
                        break 'games;
                    }
                };
                depth[l][g] = v["depth"].as_f64();
                if *level == "expert" {
                    nodes[g] = v["nodes"].as_f64();
                    rates.extend(v["nodesPerS"].as_f64());
                    times.extend(v["ms"].as_f64());
                }
                raw.push(
                    json!({ "game": game, "level": level, "depth": v["depth"], "nodes": v["nodes"], "ms": v["ms"] }),
                );
            }
            if *level == "expert" {
                rate[g] = median(&rates);
                ms[g] = median(&times);
                say(format_args!(
                    "{game}: expert {} nodes, {}",
                    nodes[g].map_or("?".into(), |n| format!("{n:.0}")),
                    rate[g].map_or("?".into(), |r| Unit::PerSecond.show(r))
                ));
            }
        }
    }
    let note = missing.as_ref().map(|e| format!("`mancala ai` is not usable yet: {e}"));
    section.rows.push(
        Row::new("search nodes/s (expert, from the start)", Unit::PerSecond, rate)
            .note(note.clone().unwrap_or_else(|| format!("median of {AI_RUNS} runs; node budgets, no clock"))),
    );
    section.rows.push(Row::new("expert: nodes searched", Unit::Count, nodes));
    section.rows.push(Row::new("expert: time per move", Unit::Millis, ms));
    for (l, level) in LEVELS.iter().enumerate() {
        section.rows.push(Row::new(format!("depth reached: {level}"), Unit::Count, depth[l].clone()));
    }
    section.data = json!({ "available": missing.is_none(), "error": missing, "runs": raw });
    Ok(())
}
