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
use crate::util::{self, ArgResult, Result, cargo, fail, list_files, root, run, say};
use crate::{dist, tools};

/// One step of the test run.
struct Step {
    name: &'static str,
    what: &'static str,
    run: fn(&mut Run) -> Result,
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
    Step { name: "wasm", what: "wasm-bindgen tests of the two wasm crates in headless Chromium", run: wasm },
    Step { name: "dist", what: "cargo xtask dist", run: build_dist },
    Step { name: "js", what: "node --test over tests/js/**/*.test.mjs (with dist/'s engine)", run: js },
    Step { name: "types", what: "tsc -p jsconfig.json (checkJs, strict) over www/js and tests/js", run: types },
    Step { name: "lint", what: "biome ci: the page's JS formatted and linted (biome.json)", run: lint },
    Step { name: "budgets", what: "first load ≤ 120 kB and wasm ≤ 80 kB gzipped (dist/)", run: budgets },
    Step { name: "e2e", what: "Playwright tests in tests/e2e against dist/", run: e2e },
];

fn fmt(_: &mut Run) -> Result {
    run(cargo().args(["fmt", "--all", "--check"]))
}

fn clippy(_: &mut Run) -> Result {
    run(cargo().args(["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))
}

fn native(_: &mut Run) -> Result {
    run(cargo().args(["test", "--workspace"]))
}

fn wasm(_: &mut Run) -> Result {
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
}

fn js(state: &mut Run) -> Result {
    // The page's modules load the engine from dist/pkg.
    ensure_dist(state)?;
    let dir = root().join("tests/js");
    let tests: Vec<PathBuf> =
        list_files(&dir)?.iter().filter(|f| f.ends_with(".test.mjs")).map(|f| dir.join(f)).collect();
    if tests.is_empty() {
        return fail("no tests/js/**/*.test.mjs");
    }
    // The property tests use fast-check, one of the project's npm packages.
    tools::npm_ci()?;
    run(Command::new("node").current_dir(root()).arg("--test").args(&tests))
}

fn types(_: &mut Run) -> Result {
    run(Command::new(tools::node_bin("tsc")?).current_dir(root()).args(["-p", "jsconfig.json"]))
}

fn lint(_: &mut Run) -> Result {
    run(Command::new(tools::node_bin("biome")?).current_dir(root()).args(["ci", "--colors=off"]))
}

fn build_dist(state: &mut Run) -> Result {
    let result = dist::build().map(drop);
    state.dist = Some(result.is_ok());
    result
}

fn budgets(state: &mut Run) -> Result {
    ensure_dist(state)?;
    crate::budgets::check(&dist::dist_dir())
}

/// Builds dist/ unless this run already did; fails when there is none to test.
fn ensure_dist(state: &mut Run) -> Result {
    match state.dist {
        Some(false) => fail("dist failed, nothing to test"),
        Some(true) => Ok(()),
        None => build_dist(state).map_err(|e| util::anyhow!("dist: {e}")),
    }
}

fn e2e(state: &mut Run) -> Result {
    ensure_dist(state)?;
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
    match &result {
        Ok(()) => drop(std::fs::remove_dir_all(&output_dir)),
        Err(_) => say(format_args!("failure details in {}", output_dir.display())),
    }
    result
}

/// Parses `--only`/`--skip` lists and the Playwright arguments after `--`.
fn select(args: &[String]) -> Result<(Vec<&'static Step>, Vec<String>)> {
    let (ours, playwright) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (args, Vec::new()),
    };
    let (only, skip) = util::parse(ours, USAGE, |a| {
        let mut list = |key| -> ArgResult<Vec<String>> {
            let values: Vec<String> = a.values_from_str(key)?;
            Ok(values.iter().flat_map(|v| v.split(',')).filter(|s| !s.is_empty()).map(str::to_owned).collect())
        };
        Ok((list("--only")?, list("--skip")?))
    })?;
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
            Ok(()) => say(format_args!("{} passed in {secs:.1} s", step.name)),
            Err(why) => say(format_args!("{} FAILED: {why}", step.name)),
        }
        rows.push((step.name, outcome, secs));
    }
    let failed: Vec<&str> = rows.iter().filter(|(_, o, _)| o.is_err()).map(|r| r.0).collect();
    println!("\n{}", summary(&rows, start.elapsed().as_secs_f64()));
    if failed.is_empty() { Ok(()) } else { fail(format!("failed: {}", failed.join(", "))) }
}

/// The table of steps, and the plain closing line CI reads: `steps: N passed, M failed`.
fn summary(rows: &[(&str, Result, f64)], total: f64) -> String {
    let mut out = format!("{:<8} {:<6} {:>8}\n", "step", "result", "seconds");
    for (name, outcome, secs) in rows {
        let (result, note) =
            outcome.as_ref().map_or_else(|why| ("FAIL", format!("  ({why})")), |()| ("pass", String::new()));
        out.push_str(&format!("{name:<8} {result:<6} {secs:>8.1}{note}\n"));
    }
    let failed = rows.iter().filter(|(_, o, _)| o.is_err()).count();
    let ok = if failed == 0 { "pass" } else { "FAIL" };
    out.push_str(&format!("{:<8} {ok:<6} {total:>8.1}\n", "total"));
    out.push_str(&format!("steps: {} passed, {failed} failed", rows.len() - failed));
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
        assert!(names(&["--only", "nope"]).unwrap_err().to_string().contains("no step named `nope`"));
        assert!(names(&["--only"]).is_err());
        assert!(names(&["--fast"]).is_err());
    }

    #[test]
    fn summary_table() {
        let rows = [("fmt", Ok(()), 1.24), ("js", fail("no tests"), 0.0)];
        assert_eq!(
            summary(&rows, 1.3),
            "step     result  seconds\nfmt      pass        1.2\njs       FAIL        0.0  (no tests)\ntotal    FAIL        1.3\n\
             steps: 1 passed, 1 failed"
        );
    }
}
