//! The benchmarks (`cargo xtask bench`, which runs `cargo run -p mancala-bench -- [--only ..]`): runs the sections in order and prints ONE table of their figures
//! (stdout; progress and details go to stderr), and writes everything to
//! `target/bench/bench.json` as `{"sections": [{"name", "status", "seconds", "columns", "rows",
//! "output", "data"}]}`.
//!
//! Absolute times on a shared machine are noisy: every time is a median over repeated runs, and
//! a comparison (wasm against native) is made of runs interleaved in the same invocation.
//!
//! To add a section, write a `fn(&mut Ctx, &mut Section) -> Result` and list it in [`SECTIONS`]:
//! put rows for the table into `section.rows`, details into `section.output` and, optionally, a
//! JSON value into `section.data`. A section that cannot measure something (a feature not built
//! yet) reports the cells as `None` (shown as n/a) with a note rather than failing.

mod browser;
mod engine;
mod figures;
mod tables;

use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use serde_json::{Value, json};
use xtask::serve::Server;
use xtask::util::{self, Context, Result, cargo, fail, say};
use xtask::{dist, tools};

pub use figures::{Row, Section, Target, Unit};

/// A benchmark section.
struct Bench {
    name: &'static str,
    what: &'static str,
    run: fn(&mut Ctx, &mut Section) -> Result,
}

const SECTIONS: &[Bench] = &[
    Bench {
        name: "engine-native",
        what: "random playouts per game, median of 5 runs of `mancala bench`",
        run: engine::native,
    },
    Bench {
        name: "engine-callgrind",
        what: "instructions per random-playout move under valgrind (deterministic, load-independent)",
        run: engine::callgrind,
    },
    Bench {
        name: "engine-micro",
        what: "criterion micro-benchmarks (mancala-core, benches/engine.rs)",
        run: engine::micro,
    },
    Bench {
        name: "engine-wasm",
        what: "the playout benchmark in headless Chromium, interleaved with native",
        run: browser::wasm,
    },
    Bench {
        name: "ai-native",
        what: "the search natively (`mancala ai`): nodes/s and depth per level",
        run: engine::ai,
    },
    Bench {
        name: "tables-native",
        what: "each game's default endgame tables built natively (`mancala tables --out`): time, positions/s, sizes, file",
        run: tables::native,
    },
    Bench { name: "ai-browser", what: "the computer player's worker in Chromium: nodes/s and depth", run: browser::ai },
    Bench {
        name: "tables-browser",
        what: "endgame tables in the worker's wasm: quick tables built, shipped files fetched and decoded, endgame hints",
        run: tables::browser,
    },
    Bench {
        name: "page-size",
        what: "first load, raw and gzipped (deterministic; budgets in `cargo xtask test`)",
        run: browser::size,
    },
    Bench {
        name: "page-load",
        what: "navigation to an interactive board, median of 20 fresh loads",
        run: browser::load,
    },
    Bench {
        name: "lighthouse",
        what: "Lighthouse 12 on the home page and the README's embed, mobile and desktop",
        run: browser::lighthouse,
    },
    Bench {
        name: "page-animation",
        what: "frames while a long Anywoli relay animates at normal speed",
        run: browser::animation,
    },
    Bench {
        name: "page-thinking",
        what: "main-thread long tasks (> 50 ms) while the computer thinks",
        run: browser::thinking,
    },
];

/// The games, in the order of the engine's `Variant::ALL` (the columns of per-game sections).
pub const GAMES: [&str; 4] = ["mangala-iv", "sadeqa-iii", "al-manqala", "anywoli"];

/// What the sections share in one run: the native binary and the served site.
#[derive(Debug, Default)]
pub struct Ctx {
    mancala: Option<PathBuf>,
    site: Option<Site>,
}

/// A private copy of `dist/` (others may rebuild `dist/` meanwhile) and its server.
#[derive(Debug)]
struct Site {
    dir: PathBuf,
    server: Server,
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Ctx {
    /// The native `mancala` binary, built in release once per run.
    pub fn mancala(&mut self) -> Result<PathBuf> {
        if let Some(path) = &self.mancala {
            return Ok(path.clone());
        }
        run_quietly(cargo().args(["build", "--release", "-p", "mancala-cli"]))?;
        let path = util::target_dir().join("release").join(format!("mancala{}", std::env::consts::EXE_SUFFIX));
        if !path.is_file() {
            return fail(format!("{} is missing after the build", path.display()));
        }
        self.mancala = Some(path.clone());
        Ok(path)
    }

    /// The site's folder: `dist/` built once per run, copied to `target/bench/site-PID`.
    pub fn site_dir(&mut self) -> Result<PathBuf> {
        self.site().map(|s| s.dir.clone())
    }

    /// The site's URL (served by `tests/e2e/static-server.mjs`, see [`xtask::serve`]).
    pub fn site_url(&mut self) -> Result<String> {
        self.site().map(|s| s.server.url().to_owned())
    }

    fn site(&mut self) -> Result<&Site> {
        if self.site.is_none() {
            dist::build()?;
            let dir = util::target_dir().join(format!("bench/site-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).at(&dir)?;
            util::copy_tree(&dist::dist_dir(), &dir)?;
            let server = Server::start(&dir, 0, false)?;
            say(format_args!("serving a copy of dist/ at {}", server.url()));
            self.site = Some(Site { dir, server });
        }
        Ok(self.site.as_ref().expect("just set"))
    }

    /// Runs `tests/bench/bench.mjs PART` against the site and parses the JSON it prints.
    pub fn browser(&mut self, part: &str, env: &[(&str, String)]) -> Result<Value> {
        let url = self.site_url()?;
        tools::ensure_chromium()?;
        let dir = util::root().join("tests/bench");
        tools::npm_ci()?;
        let mut cmd = Command::new("node");
        cmd.current_dir(&dir)
            .arg("bench.mjs")
            .arg(part)
            .env("BASE_URL", url)
            .env("CHROMIUM_PATH", tools::CHROMIUM)
            .envs(env.iter().map(|(k, v)| (k, v)));
        let out = util::output(&mut cmd)?;
        parse(out.trim()).map_err(|e| util::anyhow!("bench.mjs {part} printed no JSON: {e}"))
    }
}

/// Parses one JSON text.
pub fn parse(text: &str) -> std::result::Result<Value, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

/// Reading what the benchmarks print: a missing key or another type reads as null or empty.
pub trait Read {
    /// The value at a path of object keys, e.g. `["median", "point_estimate"]`.
    fn at(&self, path: &[&str]) -> &Value;
    /// The items of an array (none for anything else).
    fn items(&self) -> &[Value];
}

impl Read for Value {
    fn at(&self, path: &[&str]) -> &Value {
        path.iter().fold(self, |v, key| &v[*key])
    }
    fn items(&self) -> &[Value] {
        self.as_array().map_or(&[], Vec::as_slice)
    }
}

/// Runs `cmd`, its standard output sent to stderr (stdout is for the table).
pub fn run_quietly(cmd: &mut Command) -> Result {
    util::run(cmd.stdout(Stdio::from(std::io::stderr())))
}

/// The median of the finite values of `xs`.
pub fn median(xs: &[f64]) -> Option<f64> {
    let mut v: Vec<f64> = xs.iter().copied().filter(|x| x.is_finite()).collect();
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    Some(if v.len() % 2 == 1 { v[mid] } else { (v[mid - 1] + v[mid]) / 2.0 })
}

const METRIC_WIDTH: usize = 40;
const CELL_WIDTH: usize = 12;
const TARGET_WIDTH: usize = 11;

/// The one table: per section a title, its column labels, then its rows (notes below a row).
fn table(sections: &[(&Bench, &Section, &str)]) -> String {
    let mut out = String::new();
    for (bench, section, status) in sections {
        let labels: String = section.columns.iter().map(|c| format!("{c:>CELL_WIDTH$}")).collect();
        let title = format!("{} — {}", bench.name, bench.what);
        out.push_str(&format!("\n{title}\n"));
        if !section.rows.is_empty() {
            let pad = CELL_WIDTH * section.columns.len().max(4);
            out.push_str(&format!("{:<METRIC_WIDTH$}{labels:<pad$}  {:<TARGET_WIDTH$} met\n", "", "target"));
        }
        if *status != "ok" {
            out.push_str(&format!("  ({status})\n"));
        }
        for row in &section.rows {
            let cells: String = row
                .cells
                .iter()
                .map(|c| format!("{:>CELL_WIDTH$}", c.map_or("n/a".to_owned(), |x| row.unit.show(x))))
                .collect();
            let pad = CELL_WIDTH * section.columns.len().max(4);
            let metric = format!("  {}", row.metric);
            out.push_str(&format!(
                "{metric:<METRIC_WIDTH$}{cells:<pad$}  {:<TARGET_WIDTH$} {}",
                row.target_text(),
                row.verdict(&section.columns)
            ));
            out = out.trim_end().to_owned();
            out.push('\n');
            if !row.note.is_empty() {
                out.push_str(&format!("      ↳ {}\n", row.note));
            }
        }
    }
    out
}

pub const USAGE: &str = "cargo xtask bench [--only SECTION,..]";

/// The sections to run: all, or those named by `--only a,b`.
fn select(args: &[String]) -> Result<Vec<&'static Bench>> {
    let only: Vec<&str> = match args {
        [] => return Ok(SECTIONS.iter().collect()),
        [flag, list] if flag == "--only" => list.split(',').filter(|s| !s.is_empty()).collect(),
        [arg] if arg.starts_with("--only=") => arg["--only=".len()..].split(',').filter(|s| !s.is_empty()).collect(),
        _ => return fail(format!("usage: {USAGE}")),
    };
    for name in &only {
        if !SECTIONS.iter().any(|s| s.name == *name) {
            let names: Vec<&str> = SECTIONS.iter().map(|s| s.name).collect();
            return fail(format!("no section named `{name}`; sections: {}", names.join(", ")));
        }
    }
    Ok(SECTIONS.iter().filter(|s| only.contains(&s.name)).collect())
}

/// The 1-minute load average (Linux), to judge how noisy a run was.
fn load_average() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg").ok()?.split_whitespace().next()?.parse().ok()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    util::exit("mancala-bench", run(&args))
}

/// Runs the sections `args` select.
fn run(args: &[String]) -> Result {
    let benches = select(args)?;
    let load_before = load_average();
    let mut ctx = Ctx::default();
    let mut done: Vec<(&Bench, Section, String, f64)> = Vec::new();
    for bench in benches {
        eprintln!("\n==> {} — {}", bench.name, bench.what);
        let mut section = Section::default();
        let t = Instant::now();
        let result = (bench.run)(&mut ctx, &mut section);
        let secs = t.elapsed().as_secs_f64();
        let status = match &result {
            Ok(()) => "ok".to_owned(),
            Err(e) => {
                say(format_args!("{} failed: {e}", bench.name));
                format!("failed: {e}")
            }
        };
        eprint!("{}", section.output);
        done.push((bench, section, status, secs));
    }
    drop(ctx);
    let load_after = load_average();
    let rows: Vec<(&Bench, &Section, &str)> = done.iter().map(|(b, s, st, _)| (*b, s, st.as_str())).collect();
    let cores = std::thread::available_parallelism().map_or(0, usize::from);
    let show = |l: Option<f64>| l.map_or("?".to_owned(), |l| format!("{l:.1}"));
    let text = format!(
        "cargo xtask bench: {cores} cores, load average {} at the start, {} at the end (times are medians; \
         a load above the core count inflates them)\n{}",
        show(load_before),
        show(load_after),
        table(&rows)
    );
    println!("{text}");

    let sections: Vec<Value> = done
        .iter()
        .map(|(bench, section, status, secs)| {
            let rows: Vec<Value> = section.rows.iter().map(|r| r.json(&section.columns)).collect();
            json!({
                "name": bench.name, "status": status, "seconds": (secs * 1000.0).round() / 1000.0,
                "columns": section.columns, "rows": rows, "output": section.output, "data": section.data,
            })
        })
        .collect();
    let dir = util::target_dir().join("bench");
    std::fs::create_dir_all(&dir).at(&dir)?;
    let path = dir.join("bench.json");
    let report = json!({
        "cores": cores, "load_average": { "start": load_before, "end": load_after },
        "sections": sections, "table": text,
    });
    let pretty = serde_json::to_string_pretty(&report).map_err(util::Error::from)?;
    std::fs::write(&path, pretty + "\n").at(&path)?;
    say(format_args!("wrote {}", path.display()));
    let failed: Vec<&str> = done.iter().filter(|d| d.2 != "ok").map(|d| d.0.name).collect();
    if failed.is_empty() { Ok(()) } else { fail(format!("failed: {}", failed.join(", "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
        assert_eq!(median(&[f64::NAN]), None);
    }

    #[test]
    fn selects_sections() {
        let names = |args: &[&str]| -> Result<Vec<&str>> {
            let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            select(&args).map(|s| s.iter().map(|b| b.name).collect())
        };
        assert_eq!(names(&[]).unwrap().len(), SECTIONS.len());
        assert_eq!(names(&["--only", "page-size,engine-native"]).unwrap(), ["engine-native", "page-size"]);
        assert_eq!(names(&["--only=page-size"]).unwrap(), ["page-size"]);
        assert!(names(&["--only", "nope"]).unwrap_err().to_string().contains("no section named `nope`"));
        assert!(names(&["--fast"]).is_err());
    }
}
