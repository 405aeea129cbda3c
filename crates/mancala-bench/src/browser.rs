//! The browser sections: `tests/bench/bench.mjs` drives Debian's Chromium against a private copy
//! of `dist/` served by the xtask; the first-load sizes come from the site's `build.json`.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Ctx, GAMES, Read, Row, Section, Target, Unit};
use xtask::util::{self, Result, fail};

/// Issue 14: the engine in wasm at least this fraction of its native speed.
const RATIO_TARGET: f64 = 0.7;
/// Rounds of the interleaved playout benchmark: a machine of two shared vCPUs drifts by a quarter
/// of its speed within seconds, and the median of more rounds moves less with it.
const ROUNDS: usize = 9;
/// Page loads timed.
const LOADS: usize = 20;
/// Issue 7: interactive within this many ms of navigation on localhost.
const INTERACTIVE_TARGET_MS: f64 = 300.0;
/// Issue 7: animation frames at the 95th percentile within one 60 Hz frame.
const FRAME_TARGET_MS: f64 = 16.7;
/// Issue 14: Lighthouse's mobile performance score at least this (simulated mobile, served gzipped).
const LIGHTHOUSE_PERFORMANCE_TARGET: f64 = 95.0;
/// Issue 14: the largest contentful paint on a simulated phone within this many ms.
const LCP_TARGET_MS: f64 = 1500.0;
/// Issue 14: cumulative layout shift at most this on both pages.
const CLS_TARGET: f64 = 0.02;
/// Lighthouse runs per page and form factor; the run of median performance is reported.
const LIGHTHOUSE_RUNS: usize = 3;

/// rAF timestamps are vsync times read through a clock coarsened to 0.1 ms: a 60 Hz frame reads
/// 16.6–16.8 ms. A late frame reads 33 ms, so this slack cannot hide one.
const FRAME_SLACK_MS: f64 = 0.2;

fn per_game(v: &Value, key: &str) -> Vec<Option<f64>> {
    GAMES.iter().map(|g| v.at(&["games", g, key]).as_f64()).collect()
}

/// The playout benchmark in wasm in a blank page of the site's origin (the app's own start would
/// share the cores), each run paired with a native run of the same games just before it; the
/// ratio is the median of the per-round ratios.
pub fn wasm(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    let v = ctx.browser("playouts", &[("MANCALA", bin.display().to_string()), ("ROUNDS", ROUNDS.to_string())])?;
    section.per_game();
    let mismatches: Vec<String> =
        GAMES.iter().filter_map(|g| v.at(&["games", g, "mismatch"]).as_str().map(|m| format!("{g}: {m}"))).collect();
    let games: Vec<String> = GAMES
        .iter()
        .map(|g| format!("{} {}", g, v.at(&["games", g, "games"]).as_f64().map_or("?".into(), |n| format!("{n:.0}"))))
        .collect();
    section.rows = vec![
        Row::new("wasm playouts: moves/s", Unit::PerSecond, per_game(&v, "wasm_moves_per_s")).note(format!(
            "{}, a blank page of the site, {ROUNDS} rounds; games per run: {}",
            v["browser"].as_str().unwrap_or("Chromium"),
            games.join(", ")
        )),
        Row::new("native, same rounds: moves/s", Unit::PerSecond, per_game(&v, "native_moves_per_s")),
        Row::new("wasm / native", Unit::Ratio, per_game(&v, "ratio"))
            .target(Target::at_least(RATIO_TARGET))
            .note("median of per-round ratios; a round runs the same games native, wasm, wasm, native"),
    ];
    section.data = v;
    if !mismatches.is_empty() {
        return fail(format!("wasm and native played different games: {}", mismatches.join("; ")));
    }
    Ok(())
}

/// The search in the page's wasm from each game's start at each level (nodes/s at Expert, the
/// depth each level reaches in its budget, with the browser's clock), and the time the computer
/// player's worker takes to answer at each page level.
pub fn ai(ctx: &mut Ctx, section: &mut Section) -> Result {
    let bin = ctx.mancala()?;
    let v = ctx.browser("ai", &[("MANCALA", bin.display().to_string())])?;
    section.per_game();
    let ids: Vec<&str> = v["levels"].items().iter().filter_map(Value::as_str).collect();
    let page_levels: Vec<f64> = v["page_levels"].items().iter().filter_map(Value::as_f64).collect();
    let Some(&top) = ids.last() else { return fail("bench.mjs ai reported no levels") };
    let search = |game: &str, level: &str, key: &str| -> Option<f64> {
        v.at(&["games", game, "search"]).items().iter().find(|r| r["level"].as_str() == Some(level))?[key].as_f64()
    };
    let worker = |game: &str, level: f64, key: &str| -> Option<f64> {
        v.at(&["games", game, "worker"]).items().iter().find(|r| r["level"].as_f64() == Some(level))?[key].as_f64()
    };
    let errors: Vec<String> = GAMES
        .iter()
        .flat_map(|g| v.at(&["games", g, "worker"]).items().iter().map(move |r| (g, r)))
        .filter_map(|(g, r)| {
            r["error"].as_str().map(|e| format!("{g} level {}: {e}", r["level"].as_f64().unwrap_or(0.0)))
        })
        .collect();
    let cells = |level: &str, key: &str| -> Vec<Option<f64>> { GAMES.iter().map(|g| search(g, level, key)).collect() };
    section.rows.push(
        Row::new(format!("search nodes/s ({top}, from the start)"), Unit::PerSecond, cells(top, "nodes_per_s"))
            .note("the page's wasm on the main thread of a bench page, median of 5; the browser's clock caps Expert"),
    );
    section.rows.push(Row::new(format!("{top}: nodes searched"), Unit::Count, cells(top, "nodes")));
    section.rows.push(Row::new(format!("{top}: time per move"), Unit::Millis, cells(top, "ms")));
    for level in &ids {
        section.rows.push(Row::new(format!("depth reached: {level}"), Unit::Count, cells(level, "depth")));
    }
    let hard = |key: &str| -> Vec<Option<f64>> {
        GAMES.iter().map(|g| v.at(&["games", g, "hard_vs_native", key]).as_f64()).collect()
    };
    section.rows.push(Row::new("hard: wasm nodes/s", Unit::PerSecond, hard("wasm_nodes_per_s")).note(
        "Hard has a node budget and no clock on both sides: the same tree; rounds interleaved with `mancala ai`",
    ));
    section.rows.push(Row::new("hard: native nodes/s, same rounds", Unit::PerSecond, hard("native_nodes_per_s")));
    section.rows.push(Row::new("hard: wasm / native", Unit::Ratio, hard("ratio")));
    for &level in &page_levels {
        let ms: Vec<Option<f64>> = GAMES.iter().map(|g| worker(g, level, "ms")).collect();
        section.rows.push(Row::new(format!("worker answer, page level {level}"), Unit::Millis, ms));
    }
    if let Some(row) = section.rows.iter_mut().rev().nth(page_levels.len().saturating_sub(1)) {
        row.note = "ai.worker.js asked as the page asks (one worker, its own wasm instance), from the start".into();
    }
    section.data = v;
    if !errors.is_empty() {
        return fail(format!("the worker failed: {}", errors.join("; ")));
    }
    Ok(())
}

/// The first load that `dist` described in the site's `build.json` (see `budgets.rs`).
fn first_load(ctx: &mut Ctx) -> Result<Value> {
    let path = ctx.site_dir()?.join("build.json");
    let text = std::fs::read_to_string(&path).map_err(|e| util::anyhow!("{}: {e}", path.display()))?;
    let first = super::parse(&text).map_err(|e| util::anyhow!("{e}"))?["firstLoad"].take();
    if first.is_null() { fail("build.json has no first-load list (see `cargo xtask dist`)") } else { Ok(first) }
}

/// First-load bytes by kind, raw and gzipped, against the budgets.
pub fn size(ctx: &mut Ctx, section: &mut Section) -> Result {
    let first = first_load(ctx)?;
    section.columns(&["raw", "gzipped"]);
    for k in first["kinds"].items() {
        let kind = k["kind"].as_str().unwrap_or("?");
        let label = format!("first load: {kind} ({} files)", k["files"]);
        let mut row = Row::new(label, Unit::Bytes, vec![k["raw"].as_f64(), k["gz"].as_f64()]);
        if let Some(budget) = first["budgets"][kind].as_f64() {
            row = row.target(Target::at_most(budget).on(1));
        }
        section.rows.push(row);
    }
    if let Some(total) = section.rows.last_mut() {
        total.note = "index.html, its css, icon and module graph, the wasm and en.json; gzip -9".into();
    }
    section.output = first["files"]
        .items()
        .iter()
        .map(|f| format!("{:<34} {:>10} {:>10}\n", f["path"].as_str().unwrap_or("?"), f["raw"], f["gz"]))
        .collect();
    section.data = first;
    Ok(())
}

/// Navigation to `<html data-ready="true">`, fresh context each load; checks the first-load list
/// against the requests the page really made.
pub fn load(ctx: &mut Ctx, section: &mut Section) -> Result {
    let listed: BTreeSet<String> =
        first_load(ctx)?["files"].items().iter().filter_map(|f| f["path"].as_str().map(str::to_owned)).collect();
    let v = ctx.browser("load", &[("LOADS", LOADS.to_string())])?;
    section.columns(&["median", "min", "max", "first"]);
    let t = |k: &str| v.at(&["interactive_ms", k]).as_f64();
    let cpu = |k: &str| v.at(&["main_thread", "cpu_ms", k]).as_f64();
    let waterfall = v.at(&["median_load", "waterfall"]).items();
    let requested: BTreeSet<String> = waterfall.iter().filter_map(|r| r["url"].as_str()).map(str::to_owned).collect();
    let extra: Vec<&String> = requested.difference(&listed).collect();
    let missing: Vec<&String> = listed.difference(&requested).collect();
    let check = if extra.is_empty() && missing.is_empty() {
        format!("the {} files fetched before ready are exactly the first-load list", requested.len())
    } else {
        format!("fetched before ready vs the first-load list: extra {extra:?}, not fetched {missing:?}")
    };
    // The median load's waterfall, for the details.
    section.output = format!("{:<28} {:>9} {:>9} {:>9}\n", "fetched before ready", "start ms", "end ms", "bytes");
    for r in waterfall {
        section.output.push_str(&format!(
            "{:<28} {:>9.1} {:>9.1} {:>9}\n",
            r["url"].as_str().unwrap_or("?"),
            r["start"].as_f64().unwrap_or(0.0),
            r["end"].as_f64().unwrap_or(0.0),
            r["bytes"].as_f64().unwrap_or(0.0)
        ));
    }
    let last = |prefix: &str| -> Option<f64> {
        waterfall
            .iter()
            .filter(|r| r["url"].as_str().is_some_and(|u| u.starts_with(prefix)))
            .filter_map(|r| r["end"].as_f64())
            .reduce(f64::max)
    };
    section.rows = vec![
        Row::new(
            format!("navigation → interactive board ({LOADS} loads)"),
            Unit::Millis,
            vec![t("median"), t("min"), t("max"), t("first")],
        )
        .target(Target::at_most(INTERACTIVE_TARGET_MS).on(0))
        .note(check),
        Row::new("DOMContentLoaded", Unit::Millis, vec![v["dom_content_loaded_ms"].as_f64()]),
        Row::new(
            "median load: last module / wasm / json fetched",
            Unit::Millis,
            vec![last("js/"), last("pkg/"), last("i18n/"), v.at(&["median_load", "ready"]).as_f64()],
        )
        .note("response ends in the median load (ms since navigation); last column: interactive"),
        Row::new(
            format!("main-thread CPU before ready ({} traced loads)", v.at(&["main_thread", "loads"])),
            Unit::Millis,
            vec![cpu("median"), cpu("min"), cpu("max")],
        )
        .note("the renderer's main thread, thread time by Chromium's trace: a busy machine inflates it far less"),
    ];
    section.output.push_str("main-thread CPU before ready, median per kind of work (ms):\n");
    let mut kinds: Vec<(&String, f64)> = v
        .at(&["main_thread", "by_kind"])
        .as_object()
        .map(|m| m.iter().map(|(k, ms)| (k, ms.as_f64().unwrap_or(0.0))).collect())
        .unwrap_or_default();
    kinds.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (kind, ms) in kinds {
        section.output.push_str(&format!("  {kind:<40} {ms:>7.1}\n"));
    }
    section.data = v;
    Ok(())
}

/// Lighthouse (npm `lighthouse` 12.2.3, pinned: 13 wants Node 22) in Debian's Chromium, on the
/// home page and the README's view embed, each with its mobile (simulated throttling) and desktop
/// settings: the four category scores and FCP, LCP, TBT and CLS of the run of median performance.
/// The private site is served gzipped (`tests/e2e/static-server.mjs`); no request leaves the machine.
pub fn lighthouse(ctx: &mut Ctx, section: &mut Section) -> Result {
    let v = ctx.browser("lighthouse", &[("LH_RUNS", LIGHTHOUSE_RUNS.to_string())])?;
    let pages = ["home", "embed"];
    section.columns(&pages);
    for form in ["mobile", "desktop"] {
        let cells = |key: &str| -> Vec<Option<f64>> {
            pages.iter().map(|page| v.at(&["results", page, form, key]).as_f64()).collect()
        };
        let mut performance = Row::new(format!("{form}: performance"), Unit::Count, cells("performance"));
        let mut lcp = Row::new(format!("{form}: LCP"), Unit::Millis, cells("lcp_ms"));
        if form == "mobile" {
            performance = performance.target(Target::at_least(LIGHTHOUSE_PERFORMANCE_TARGET)).note(format!(
                "Lighthouse {}, simulated throttling (a mid-range phone on slow 4G), median of {LIGHTHOUSE_RUNS} runs",
                v["version"].as_str().unwrap_or("?")
            ));
            lcp = lcp
                .target(Target::at_most(LCP_TARGET_MS))
                .note("home: a first visit (./); embed: the README's iframe; served gzipped, cold cache");
        }
        section.rows.extend([
            performance,
            Row::new(format!("{form}: accessibility"), Unit::Count, cells("accessibility")),
            Row::new(format!("{form}: best practices"), Unit::Count, cells("best-practices")),
            Row::new(format!("{form}: SEO"), Unit::Count, cells("seo")),
            Row::new(format!("{form}: FCP"), Unit::Millis, cells("fcp_ms")),
            lcp,
            Row::new(format!("{form}: TBT"), Unit::Millis, cells("tbt_ms")),
            Row::new(format!("{form}: CLS"), Unit::Decimal, cells("cls")).target(Target::at_most(CLS_TARGET)),
        ]);
        // What cost points, per page, in the details.
        for page in pages {
            let failing: Vec<&str> =
                v.at(&["results", page, form, "failing"]).items().iter().filter_map(Value::as_str).collect();
            let runs: Vec<String> = v
                .at(&["results", page, form, "runs"])
                .items()
                .iter()
                .map(|r| r["performance"].as_f64().map_or("?".into(), |p| format!("{p:.0}")))
                .collect();
            section.output.push_str(&format!(
                "{page} {form}: performance of each run {}; audits below full score: {}\n",
                runs.join(", "),
                if failing.is_empty() { "none".into() } else { failing.join(", ") }
            ));
        }
    }
    section.data = v;
    Ok(())
}

/// Frame intervals (requestAnimationFrame timestamps) and the page's script time per frame while
/// the longest Anywoli relay found in seeded random games animates at normal speed.
pub fn animation(ctx: &mut Ctx, section: &mut Section) -> Result {
    let v = ctx.browser("animation", &[])?;
    section.columns(&["median", "p95", "max"]);
    let ms = |group: &str, k: &str| v.at(&[group, k]).as_f64();
    let relay = &v["relay"];
    section.rows = vec![
        Row::new(
            "frame interval",
            Unit::Millis,
            vec![ms("frame_ms", "median"), ms("frame_ms", "p95"), ms("frame_ms", "max")],
        )
        .target(Target::at_most(FRAME_TARGET_MS).on(1).slack(FRAME_SLACK_MS))
        .note(format!(
            "{} frames over {:.1} s; relay of {} seeds in {} laps (#{}, then pit {}); 60 Hz reads 16.6–16.8 ms",
            v["frames"].as_f64().unwrap_or(0.0),
            v["seconds"].as_f64().unwrap_or(0.0),
            relay["sows"].as_f64().unwrap_or(0.0),
            relay["laps"].as_f64().unwrap_or(0.0),
            relay["link"].as_str().unwrap_or("?"),
            relay["pit"].as_f64().unwrap_or(0.0),
        )),
        Row::new(
            "script time per frame (rAF callbacks)",
            Unit::Millis,
            vec![ms("script_ms", "median"), ms("script_ms", "p95"), ms("script_ms", "max")],
        ),
        Row::new("frames over 25 ms", Unit::Count, vec![v["frames_over_25ms"].as_f64()]),
        Row::new("long animation frames (> 50 ms)", Unit::Count, vec![v["long_animation_frames"].as_f64()]),
    ];
    section.data = v;
    Ok(())
}

/// Computer against computer at the page's top level and fast speed: long tasks (> 50 ms) on the
/// main thread that overlap a spell of thinking.
pub fn thinking(ctx: &mut Ctx, section: &mut Section) -> Result {
    let v = ctx.browser("thinking", &[])?;
    section.per_game();
    let errors: Vec<String> =
        GAMES.iter().filter_map(|g| v.at(&["games", g, "error"]).as_str().map(|e| format!("{g}: {e}"))).collect();
    let level = v["level"].as_f64().unwrap_or(0.0);
    section.rows = vec![
        Row::new("long tasks while thinking", Unit::Count, per_game(&v, "long_tasks_while_thinking"))
            .target(Target::at_most(0.0))
            .note(format!("computer vs computer at level {level} (the page's top), speed fast, 3 moves watched")),
        Row::new("time spent thinking", Unit::Millis, per_game(&v, "thinking_ms")),
        Row::new("moves played", Unit::Count, per_game(&v, "plies")),
        Row::new("long tasks, whole window", Unit::Count, per_game(&v, "long_tasks")),
        Row::new("longest task, whole window", Unit::Millis, per_game(&v, "longest_task_ms")),
    ];
    section.data = v;
    if !errors.is_empty() {
        return fail(errors.join("; "));
    }
    Ok(())
}
