//! The build tool behind the README's commands (`cargo xtask <command>`, an alias in
//! `.cargo/config.toml`).
//!
//! - `serve [--port N] [--no-build]`: build `dist/` and serve it on `http://127.0.0.1:N/` (8000).
//! - `test [--only ..] [--skip ..] [-- playwright args]`: every check, with a summary.
//! - `dist`: the deployable static site in `dist/`.
//! - `bench [--only ..]`: the benchmarks (`crates/mancala-bench`), a table and `target/bench/bench.json`.
//! - `fuzz [--seconds N] [--runs N] [--target T,..] [--keep]`: a cargo fuzz campaign (`crates/mancala-fuzzing`,
//!   `fuzz/README.md`).
//!
//! Tools are installed on first use into `.tools/` (gitignored) and reused afterwards.

use std::path::PathBuf;
use std::process::ExitCode;

use xtask::util::{self, Result, cargo, fail, run};
use xtask::{dist, serve, suite};

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve [--port N] [--no-build]   build dist/ and serve it (default port 8000)
        [--dir DIR] [--quiet]     serve DIR instead (no build); no request log
  test [--only S,..] [--skip S,..] [-- ARGS]
                                  fmt, clippy, native, wasm, dist, js, types, lint, budgets, e2e (ARGS go to Playwright)
  dist                            build the static site into dist/
  bench [--only S,..]             run the benchmarks
  fuzz [--seconds N] [--runs N] [--target T,..] [--keep]
                                  run the fuzz targets (nightly; not part of test)";

const SERVE_USAGE: &str = "cargo xtask serve [--port N] [--no-build] [--dir DIR] [--quiet]";

fn serve(args: &[String]) -> Result {
    let (port, build, dir, log) = util::parse(args, SERVE_USAGE, |a| {
        let dir: Option<PathBuf> = a.opt_value_from_str("--dir")?;
        Ok((
            a.opt_value_from_str("--port")?.unwrap_or(8000),
            !a.contains("--no-build") && dir.is_none(),
            dir,
            !a.contains("--quiet"),
        ))
    })?;
    if build {
        dist::build()?;
    }
    let dir = dir.unwrap_or_else(dist::dist_dir);
    let server = serve::Server::start(&dir, port, log)?;
    println!("serving {} at {} (Ctrl-C to stop)", dir.display(), server.url());
    server.wait()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let result = match command.as_str() {
        "serve" => serve(rest),
        "test" => suite::main(rest),
        "dist" => dist::main(rest),
        // The benchmarks and the fuzz campaigns are crates of their own.
        "bench" => run(cargo().args(["run", "--quiet", "-p", "mancala-bench", "--"]).args(rest)),
        "fuzz" => run(cargo().args(["run", "--quiet", "-p", "mancala-fuzzing", "--"]).args(rest)),
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => fail(format!("unknown command `{other}`\n{USAGE}")),
    };
    util::exit("xtask", result)
}
