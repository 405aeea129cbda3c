//! `cargo xtask test`: every check, in order, with a summary table at the end.
//!
//! Steps: fmt, clippy, native (`cargo test --workspace`), wasm (wasm-bindgen tests in headless
//! Chromium), js (`node --test` over `tests/js/**/*.test.mjs`), dist, budgets (first-load sizes of
//! `dist/`), e2e (Playwright against `dist/`). A failed step does not stop the run; the exit
//! status is non-zero if any step failed.
//! `--only a,b` and `--skip a,b` select steps; arguments after `--` go to Playwright.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use crate::serve::Server;
use crate::util::{self, Result, cargo, fail, list_files, root, run, say};
use crate::{dist, tools};

/// One step of the test run.
struct Step {
    name: &'static str,
    what: &'static str,
    run: fn(&mut Run) -> Outcome,
}

/// What became of a step.
#[derive(Debug)]
enum Outcome {
    Pass,
    Skip(String),
    Fail(String),
}

impl From<Result> for Outcome {
    fn from(r: Result) -> Self {
        match r {
            Ok(()) => Outcome::Pass,
            Err(e) => Outcome::Fail(e.0),
        }
    }
}

/// State shared by the steps of one run.
#[derive(Debug, Default)]
struct Run {
    /// `Some(ok)` once dist was built (or failed) in this run.
    dist: Option<bool>,
    /// Extra arguments for Playwright.
    playwright_args: Vec<String>,
}

const STEPS: &[Step] = &[
    Step { name: "fmt", what: "cargo fmt --all --check", run: fmt },
    Step { name: "clippy", what: "cargo clippy --workspace --all-targets -- -D warnings", run: clippy },
    Step { name: "native", what: "cargo test --workspace (unit, integration, doctests)", run: native },
    Step {
        name: "wasm",
        what: "wasm-bindgen tests of mancala-wasm and mancala-worker in headless Chromium",
        run: wasm,
    },
    Step { name: "dist", what: "cargo xtask dist", run: build_dist },
    Step { name: "js", what: "node --test over tests/js/**/*.test.mjs (with dist/'s engine)", run: js },
    Step { name: "types", what: "tsc -p jsconfig.json (checkJs, strict) over www/js and tests/js", run: types },
    Step { name: "lint", what: "biome ci: the page's JS formatted and linted (biome.json)", run: lint },
    Step { name: "budgets", what: "first load ≤ 120 kB and wasm ≤ 80 kB gzipped (dist/)", run: budgets },
    Step { name: "e2e", what: "Playwright tests in tests/e2e against dist/", run: e2e },
];

fn fmt(_: &mut Run) -> Outcome {
    run(cargo().args(["fmt", "--all", "--check"])).into()
}

fn clippy(_: &mut Run) -> Outcome {
    run(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])).into()
}

fn native(_: &mut Run) -> Outcome {
    run(cargo().args(["test", "--workspace"])).into()
}

fn wasm(_: &mut Run) -> Outcome {
    let go = || -> Result {
        tools::ensure_chromium()?;
        tools::ensure_wasm_target()?;
        let wasm_bindgen = tools::ensure_wasm_bindgen()?;
        let chromedriver = std::env::var_os("CHROMEDRIVER").unwrap_or_else(|| tools::CHROMEDRIVER.into());
        run(cargo()
            .args(["test", "-p", "mancala-wasm", "-p", "mancala-worker", "--target", tools::WASM_TARGET])
            .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", &wasm_bindgen.test_runner)
            .env("CHROMEDRIVER", chromedriver)
            .env("WASM_BINDGEN_TEST_DRIVER_TIMEOUT", "120")
            .env("WASM_BINDGEN_TEST_TIMEOUT", "300"))
    };
    go().into()
}

fn js(state: &mut Run) -> Outcome {
    // The page's modules load the engine from dist/pkg.
    if let Err(why) = ensure_dist(state) {
        return Outcome::Fail(why);
    }
    let dir = root().join("tests/js");
    let tests: Vec<PathBuf> = match list_files(&dir) {
        Ok(files) => files.iter().filter(|f| f.ends_with(".test.mjs")).map(|f| dir.join(f)).collect(),
        Err(e) => return Outcome::Fail(e.0),
    };
    if tests.is_empty() {
        return Outcome::Skip("no tests/js/**/*.test.mjs".into());
    }
    if let Err(e) = util::require_node() {
        return Outcome::Fail(e.0);
    }
    // The property tests use fast-check, one of the project's npm packages.
    if let Err(e) = tools::npm_ci() {
        return Outcome::Fail(e.0);
    }
    run(Command::new("node").current_dir(root()).arg("--test").args(&tests)).into()
}

fn types(_: &mut Run) -> Outcome {
    let tsc = match tools::node_bin("tsc") {
        Ok(tsc) => tsc,
        Err(e) => return Outcome::Fail(e.0),
    };
    run(Command::new(tsc).current_dir(root()).args(["-p", "jsconfig.json"])).into()
}

fn lint(_: &mut Run) -> Outcome {
    let biome = match tools::node_bin("biome") {
        Ok(biome) => biome,
        Err(e) => return Outcome::Fail(e.0),
    };
    run(Command::new(biome).current_dir(root()).args(["ci", "--colors=off"])).into()
}

fn build_dist(state: &mut Run) -> Outcome {
    let result = dist::build().map(drop);
    state.dist = Some(result.is_ok());
    result.into()
}

fn budgets(state: &mut Run) -> Outcome {
    if let Err(why) = ensure_dist(state) {
        return Outcome::Fail(why);
    }
    crate::budgets::check(&dist::dist_dir()).into()
}

/// Builds dist/ unless this run already did; the reason when there is none to test.
fn ensure_dist(state: &mut Run) -> std::result::Result<(), String> {
    match state.dist {
        Some(false) => Err("dist failed, nothing to test".into()),
        Some(true) => Ok(()),
        None => {
            let built = dist::build().map(drop).map_err(|e| format!("dist: {e}"));
            state.dist = Some(built.is_ok());
            built
        }
    }
}

fn e2e(state: &mut Run) -> Outcome {
    if let Err(why) = ensure_dist(state) {
        return Outcome::Fail(why);
    }
    let go = || -> Result {
        tools::ensure_chromium()?;
        let dir = root().join("tests/e2e");
        let playwright = tools::node_bin("playwright")?;
        let site = Server::start(&dist::dist_dir(), 0, false)?;
        let host = Server::start(&dir.join("host"), 0, false)?;
        say(format_args!("serving dist/ at {} and tests/e2e/host/ at {}", site.url(), host.url()));
        let output_dir = dir.join("test-results").join(format!("run-{}", std::process::id()));
        let result = run(Command::new(playwright)
            .current_dir(&dir)
            .arg("test")
            .args(&state.playwright_args)
            .env("BASE_URL", site.url())
            .env("HOST_URL", host.url())
            .env("DIST_DIR", dist::dist_dir())
            .env("CHROMIUM_PATH", tools::CHROMIUM)
            .env("E2E_OUTPUT_DIR", &output_dir));
        drop((site, host));
        if result.is_ok() {
            let _ = std::fs::remove_dir_all(&output_dir);
        } else {
            say(format_args!("failure details in {}", output_dir.display()));
        }
        result
    };
    go().into()
}

/// Parses `--only`/`--skip` lists and the Playwright arguments after `--`.
fn select(args: &[String]) -> Result<(Vec<&'static Step>, Vec<String>)> {
    let (ours, playwright) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let mut only: Vec<String> = Vec::new();
    let mut skip: Vec<String> = Vec::new();
    let mut it = ours.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) => (f, Some(v.to_owned())),
            None => (arg.as_str(), None),
        };
        let list = match flag {
            "--only" => &mut only,
            "--skip" => &mut skip,
            _ => return fail(format!("unknown argument `{arg}` (usage: {USAGE})")),
        };
        let Some(value) = inline.or_else(|| it.next().cloned()) else {
            return fail(format!("{flag} needs a comma-separated list of steps"));
        };
        list.extend(value.split(',').filter(|s| !s.is_empty()).map(str::to_owned));
    }
    let names: Vec<&str> = STEPS.iter().map(|s| s.name).collect();
    for name in only.iter().chain(&skip) {
        if !names.contains(&name.as_str()) {
            return fail(format!("no step named `{name}`; steps: {}", names.join(", ")));
        }
    }
    let steps = STEPS
        .iter()
        .filter(|s| (only.is_empty() || only.iter().any(|n| n == s.name)) && !skip.iter().any(|n| n == s.name))
        .collect();
    Ok((steps, playwright))
}

pub const USAGE: &str = "cargo xtask test [--only STEP,..] [--skip STEP,..] [-- PLAYWRIGHT ARGS]";

/// `cargo xtask test`.
pub fn main(args: &[String]) -> Result {
    let (steps, playwright_args) = select(args)?;
    let mut state = Run { dist: None, playwright_args };
    let mut rows = Vec::new();
    let start = Instant::now();
    for step in steps {
        eprintln!("\n==> {} — {}", step.name, step.what);
        let t = Instant::now();
        let outcome = (step.run)(&mut state);
        let secs = t.elapsed().as_secs_f64();
        match &outcome {
            Outcome::Pass => say(format_args!("{} passed in {secs:.1} s", step.name)),
            Outcome::Skip(why) => say(format_args!("{} skipped: {why}", step.name)),
            Outcome::Fail(why) => say(format_args!("{} FAILED: {why}", step.name)),
        }
        rows.push((step.name, outcome, secs));
    }
    let failed: Vec<&str> = rows.iter().filter(|(_, o, _)| matches!(o, Outcome::Fail(_))).map(|r| r.0).collect();
    println!("\n{}", summary(&rows, start.elapsed().as_secs_f64(), failed.is_empty()));
    if failed.is_empty() { Ok(()) } else { fail(format!("failed: {}", failed.join(", "))) }
}

fn summary(rows: &[(&str, Outcome, f64)], total: f64, ok: bool) -> String {
    let mut out = format!("{:<8} {:<6} {:>8}\n", "step", "result", "seconds");
    for (name, outcome, secs) in rows {
        let (result, note) = match outcome {
            Outcome::Pass => ("pass", String::new()),
            Outcome::Skip(why) => ("skip", format!("  ({why})")),
            Outcome::Fail(why) => ("FAIL", format!("  ({why})")),
        };
        out.push_str(&format!("{name:<8} {result:<6} {secs:>8.1}{note}\n"));
    }
    out.push_str(&format!("{:<8} {:<6} {total:>8.1}\n", "total", if ok { "pass" } else { "FAIL" }));
    // The plain closing line CI reads: steps passed and failed (skipped ones too).
    let count = |f: fn(&Outcome) -> bool| rows.iter().filter(|(_, o, _)| f(o)).count();
    let (passed, failed) = (count(|o| matches!(o, Outcome::Pass)), count(|o| matches!(o, Outcome::Fail(_))));
    out.push_str(&format!("steps: {passed} passed, {failed} failed"));
    let skipped = count(|o| matches!(o, Outcome::Skip(_)));
    if skipped > 0 {
        out.push_str(&format!(", {skipped} skipped"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(args: &[&str]) -> Result<(Vec<&'static str>, Vec<String>)> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        select(&args).map(|(steps, rest)| (steps.iter().map(|s| s.name).collect(), rest))
    }

    #[test]
    fn selects_steps() {
        assert_eq!(
            names(&[]).unwrap().0,
            ["fmt", "clippy", "native", "wasm", "dist", "js", "types", "lint", "budgets", "e2e"]
        );
        assert_eq!(names(&["--only", "e2e"]).unwrap().0, ["e2e"]);
        assert_eq!(names(&["--only=native,wasm"]).unwrap().0, ["native", "wasm"]);
        assert_eq!(
            names(&["--skip", "clippy", "--skip=fmt"]).unwrap().0,
            ["native", "wasm", "dist", "js", "types", "lint", "budgets", "e2e"]
        );
        let (steps, rest) = names(&["--only", "e2e", "--", "--grep", "smoke"]).unwrap();
        assert_eq!((steps, rest), (vec!["e2e"], vec!["--grep".to_owned(), "smoke".to_owned()]));
        assert!(names(&["--only", "nope"]).unwrap_err().0.contains("no step named `nope`"));
        assert!(names(&["--only"]).is_err());
        assert!(names(&["--fast"]).is_err());
    }

    #[test]
    fn summary_table() {
        let rows = [("fmt", Outcome::Pass, 1.24), ("js", Outcome::Skip("none".into()), 0.0)];
        assert_eq!(
            summary(&rows, 1.3, true),
            "step     result  seconds\nfmt      pass        1.2\njs       skip        0.0  (none)\ntotal    pass        1.3\n\
             steps: 1 passed, 0 failed, 1 skipped"
        );
    }
}
