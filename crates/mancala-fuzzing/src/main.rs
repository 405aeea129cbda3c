//! `cargo xtask fuzz [--seconds N] [--runs N] [--target T,..] [--keep]` (which runs
//! `cargo run -p mancala-fuzzing -- ARGS`): a fuzzing campaign with
//! cargo fuzz (`fuzz/`, see its README), one target after the other, and a table of what each did.
//! Not part of `cargo xtask test`: the committed corpus is replayed there by plain tests instead.
//! `--keep` then renews the committed corpus: its named inputs (`seed-*`, regressions) stay, and
//! the found ones become the inputs that add the most coverage features to them (at most [`KEEP`],
//! chosen greedily).
//!
//! cargo-fuzz is installed into `.tools/bin` on first use; it needs the nightly toolchain, which
//! must be there already. Each target runs on a working corpus in `fuzz/target/corpus/<target>`
//! seeded with the committed `fuzz/corpus/<target>` (which it never writes), with the dictionary
//! `fuzz/dicts/<target>.dict` if there is one; libFuzzer's output goes to
//! `fuzz/target/logs/<target>.log`, crashes to `fuzz/artifacts/<target>/`.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use xtask::util::{self, Context, Result, cargo, fail, root, run, say, tools_dir};

const USAGE: &str = "cargo xtask fuzz [--seconds N] [--runs N] [--target T,..] [--keep]";

/// The cargo-fuzz release installed when none is in `.tools/bin`.
const CARGO_FUZZ_VERSION: &str = "0.13.2";

/// Seconds per target unless `--seconds` or `--runs` says otherwise.
const DEFAULT_SECONDS: u64 = 60;

/// The most found inputs `--keep` commits per target.
const KEEP: usize = 48;

/// Seconds one input may take before libFuzzer calls it a hang: every call is bounded (C-5).
const TIMEOUT_SECONDS: u32 = 10;

/// What to run.
#[derive(Debug)]
struct Campaign {
    /// At most this long per target; `None`: as long as `runs` takes.
    seconds: Option<u64>,
    /// At most this many executions per target.
    runs: Option<u64>,
    targets: Vec<String>,
    /// Renew the committed corpus afterwards.
    keep: bool,
}

/// What one target did, from libFuzzer's final lines.
#[derive(Debug, Default)]
struct Report {
    execs: u64,
    per_second: u64,
    cov: u64,
    ft: u64,
    /// libFuzzer's in-memory corpus at the end: inputs and their size.
    corpus: String,
    crashes: Vec<String>,
    seconds: u64,
    ok: bool,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    util::exit("mancala-fuzzing", campaign(&args))
}

/// Runs the campaign `args` describe.
fn campaign(args: &[String]) -> Result {
    let campaign = parse(args)?;
    let nightly = nightly_bin()?;
    let cargo_fuzz = ensure_cargo_fuzz()?;
    let all = targets()?;
    let chosen = if campaign.targets.is_empty() { all.clone() } else { campaign.targets.clone() };
    if let Some(unknown) = chosen.iter().find(|t| !all.contains(t)) {
        return fail(format!("no fuzz target `{unknown}`: the targets are {}", all.join(", ")));
    }
    for target in &chosen {
        run(fuzz_command(&cargo_fuzz, &nightly).arg("build").args(build_args(target)).arg(target))?;
    }
    let mut reports = Vec::new();
    for target in &chosen {
        let report = run_target(&cargo_fuzz, &nightly, target, &campaign)?;
        if campaign.keep && report.ok {
            keep(&nightly, target)?;
        }
        reports.push((target.as_str(), report));
    }
    print_table(&reports);
    let crashed: Vec<&str> = reports.iter().filter(|(_, r)| !r.ok).map(|(t, _)| *t).collect();
    if crashed.is_empty() { Ok(()) } else { fail(format!("fuzzing found a failure in {}", crashed.join(", "))) }
}

fn parse(args: &[String]) -> Result<Campaign> {
    let mut campaign = Campaign { seconds: None, runs: None, targets: Vec::new(), keep: false };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut number = |what: &str| -> Result<u64> {
            match it.next().map(|v| v.replace('_', "").parse::<u64>()) {
                Some(Ok(n)) if n > 0 => Ok(n),
                _ => fail(format!("{arg} needs a positive number of {what} (usage: {USAGE})")),
            }
        };
        match arg.as_str() {
            "--seconds" => campaign.seconds = Some(number("seconds")?),
            "--runs" => campaign.runs = Some(number("executions")?),
            "--keep" => campaign.keep = true,
            "--target" => match it.next() {
                Some(list) => campaign.targets.extend(list.split(',').map(str::to_owned)),
                None => return fail(format!("--target needs a target name (usage: {USAGE})")),
            },
            _ => return fail(format!("unknown argument `{arg}` (usage: {USAGE})")),
        }
    }
    if campaign.runs.is_none() {
        campaign.seconds.get_or_insert(DEFAULT_SECONDS);
    }
    Ok(campaign)
}

/// The nightly toolchain's `bin` folder, or one clear line saying how to get it.
fn nightly_bin() -> Result<PathBuf> {
    let found = Command::new("rustup")
        .args(["which", "--toolchain", "nightly", "cargo"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()).parent().map(Path::to_path_buf));
    match found {
        Some(bin) => Ok(bin),
        None => fail("cargo fuzz needs the nightly toolchain: rustup toolchain install nightly"),
    }
}

/// `.tools/bin/cargo-fuzz`, installed with the stable cargo if it is not there.
fn ensure_cargo_fuzz() -> Result<PathBuf> {
    let program = tools_dir().join("bin/cargo-fuzz");
    if program.is_file() {
        return Ok(program);
    }
    say(format_args!("installing cargo-fuzz {CARGO_FUZZ_VERSION} into .tools/ (a few minutes, once)"));
    let mut cmd = cargo();
    cmd.args(["install", "cargo-fuzz", "--version"]).arg(format!("={CARGO_FUZZ_VERSION}")).arg("--root");
    run(cmd.arg(tools_dir()))?;
    Ok(program)
}

/// The targets: `fuzz/fuzz_targets/<name>.rs`.
fn targets() -> Result<Vec<String>> {
    let dir = root().join("fuzz/fuzz_targets");
    let names: Vec<String> =
        util::list_files(&dir)?.iter().filter_map(|f| f.strip_suffix(".rs")).map(str::to_owned).collect();
    if names.is_empty() {
        return fail(format!("no fuzz targets in {}", dir.display()));
    }
    Ok(names)
}

/// cargo-fuzz with the nightly toolchain first on PATH, and none of the outer cargo's settings.
fn fuzz_command(cargo_fuzz: &Path, nightly: &Path) -> Command {
    let mut cmd = Command::new(cargo_fuzz);
    let path = std::env::var_os("PATH").unwrap_or_default();
    let paths = std::iter::once(nightly.to_path_buf()).chain(std::env::split_paths(&path));
    cmd.current_dir(root())
        .env("PATH", std::env::join_paths(paths).unwrap_or(path))
        .env("RUSTUP_TOOLCHAIN", "nightly")
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .env_remove("CARGO_TARGET_DIR");
    cmd
}

/// Where a target builds: `play` apart, as it builds without comparison tracing.
fn target_dir(target: &str) -> &'static str {
    if target == "play" { "fuzz/target/no-trace-compares" } else { "fuzz/target" }
}

/// cargo-fuzz's build options for a target: no sanitizer (the crates forbid `unsafe`; overflow
/// checks and debug assertions are on in `fuzz/Cargo.toml`), and for `play` no comparison
/// tracing: its input is small counts and choices, where tracing finds little, while tracing the
/// comparisons of the sowing loop (C-5's cycle check) took 70% of its time.
fn build_args(target: &str) -> Vec<&'static str> {
    let mut args = vec!["--fuzz-dir", "fuzz", "-s", "none", "--target-dir", target_dir(target)];
    if target == "play" {
        args.push("--no-trace-compares");
    }
    args
}

/// Runs one target for the campaign's time (or executions) and reads its figures.
fn run_target(cargo_fuzz: &Path, nightly: &Path, target: &str, campaign: &Campaign) -> Result<Report> {
    let fuzz = root().join("fuzz");
    let work = fuzz.join("target/corpus").join(target);
    let logs = fuzz.join("target/logs");
    for dir in [&work, &logs] {
        std::fs::create_dir_all(dir).at(dir)?;
    }
    let log_path = logs.join(format!("{target}.log"));
    let mut log = std::fs::File::create(&log_path).at(&log_path)?;
    let mut cmd = fuzz_command(cargo_fuzz, nightly);
    cmd.arg("run").args(build_args(target)).arg(target).arg(&work).arg(fuzz.join("corpus").join(target));
    cmd.arg("--");
    if let Some(seconds) = campaign.seconds {
        cmd.arg(format!("-max_total_time={seconds}"));
    }
    if let Some(runs) = campaign.runs {
        cmd.arg(format!("-runs={runs}"));
    }
    cmd.arg(format!("-timeout={TIMEOUT_SECONDS}")).arg("-print_final_stats=1");
    let dict = fuzz.join("dicts").join(format!("{target}.dict"));
    if dict.is_file() {
        cmd.arg(format!("-dict={}", dict.display()));
    }
    say(format_args!("fuzzing {target} (libFuzzer's output: {})", log_path.display()));
    let started = Instant::now();
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| util::anyhow!("cannot run {}: {e}", cargo_fuzz.display()))?;
    let mut report = Report::default();
    for line in BufReader::new(child.stderr.take().expect("piped stderr")).lines() {
        let line = line.unwrap_or_default();
        writeln!(log, "{line}").at(&log_path)?;
        read_line(&line, &mut report);
        if line.contains("\tpulse ") || line.contains("\tDONE ") {
            say(format_args!("{target}: {line}"));
        }
    }
    let status = child.wait().map_err(|e| util::anyhow!("{target}: {e}"))?;
    report.seconds = started.elapsed().as_secs();
    report.ok = status.success() && report.crashes.is_empty();
    if !report.ok && report.crashes.is_empty() {
        report.crashes.push(format!("exit {status}: see {}", log_path.display()));
    }
    Ok(report)
}

/// Picks libFuzzer's figures out of one line of its output.
fn read_line(line: &str, report: &mut Report) {
    let stat = |name: &str| line.strip_prefix(name).and_then(|v| v.trim().parse::<u64>().ok());
    if let Some(n) = stat("stat::number_of_executed_units:") {
        report.execs = n;
    } else if let Some(n) = stat("stat::average_exec_per_sec:") {
        report.per_second = n;
    } else if let Some(path) = line.split("Test unit written to ").nth(1) {
        let name = Path::new(path.trim()).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if ["crash-", "timeout-", "oom-", "leak-"].iter().any(|p| name.starts_with(p)) {
            report.crashes.push(path.trim().to_owned());
        }
    } else if line.starts_with('#') && line.contains(" cov: ") {
        let field = |key: &str| {
            let mut words = line.split_whitespace().skip_while(|w| *w != key);
            words.nth(1).map(str::to_owned)
        };
        report.cov = field("cov:").and_then(|v| v.parse().ok()).unwrap_or(report.cov);
        report.ft = field("ft:").and_then(|v| v.parse().ok()).unwrap_or(report.ft);
        report.corpus = field("corp:").unwrap_or_default();
    }
}

/// `--keep`: replaces the found inputs of `fuzz/corpus/<target>` (files named by libFuzzer's
/// 40-digit hash) by at most [`KEEP`] inputs of the working and committed corpus that add the most
/// coverage features (libFuzzer's `ft`) to the named ones, from the full feature set of each input
/// that libFuzzer's set-cover merge records.
fn keep(nightly: &Path, target: &str) -> Result {
    let fuzz = root().join("fuzz");
    let (work, committed) = (fuzz.join("target/corpus").join(target), fuzz.join("corpus").join(target));
    let scratch = fuzz.join("target/keep").join(target);
    let control = fuzz.join("target/keep").join(format!("{target}.control"));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).at(&scratch)?;
    let host = util::output(Command::new(nightly.join("rustc")).arg("-vV"))?;
    let host = host.lines().find_map(|l| l.strip_prefix("host: ")).unwrap_or("x86_64-unknown-linux-gnu").to_owned();
    let binary = root().join(target_dir(target)).join(host).join("release").join(target);
    let mut merge = Command::new(&binary);
    merge.arg("-set_cover_merge=1").arg(format!("-merge_control_file={}", control.display()));
    let status = merge.arg(&scratch).arg(&work).arg(&committed).stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !status.is_ok_and(|s| s.success()) {
        return fail(format!("{target}: libFuzzer's merge failed ({})", binary.display()));
    }
    let text = std::fs::read_to_string(&control).at(&control)?;
    let (files, features) = read_control(&text);
    let name = |i: usize| files.get(i).and_then(|f| Path::new(f).file_name()).map(|n| n.to_string_lossy());
    let (chosen, covered) = cover(&features, KEEP, |i| name(i).is_some_and(|n| !is_found(&n)));
    let kept: Vec<&Path> = chosen.iter().filter_map(|&i| files.get(i)).map(Path::new).collect();
    for old in util::list_files(&committed)? {
        if is_found(&old) && !kept.iter().any(|k| k.file_name() == Some(old.as_ref())) {
            std::fs::remove_file(committed.join(&old)).at(&committed.join(&old))?;
        }
    }
    for path in &kept {
        if let Some(name) = path.file_name().filter(|n| is_found(&n.to_string_lossy())) {
            std::fs::copy(path, committed.join(name)).at(path)?;
        }
    }
    let all = features.iter().flat_map(|(_, e)| e).collect::<std::collections::HashSet<_>>().len();
    say(format_args!(
        "{target}: kept {} found inputs; with the named ones they cover {covered} of {all} features",
        kept.len()
    ));
    Ok(())
}

/// Whether a corpus file is one libFuzzer found (named by its SHA-1), not a seed or regression.
fn is_found(name: &str) -> bool {
    name.len() == 40 && name.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The files and each file's features (`FT` lines) of a libFuzzer merge control file (a set-cover
/// merge lists every feature of each file; `COV` lines list only the edges new at that file).
fn read_control(text: &str) -> (Vec<String>, Vec<(usize, Vec<u64>)>) {
    let mut lines = text.lines();
    let count: usize = lines.next().and_then(|l| l.trim().parse().ok()).unwrap_or(0);
    lines.next();
    let files: Vec<String> = lines.by_ref().take(count).map(str::to_owned).collect();
    let features = lines
        .filter_map(|l| l.strip_prefix("FT "))
        .filter_map(|l| {
            let mut numbers = l.split_whitespace().map(|n| n.parse::<u64>().ok());
            let file = numbers.next()?? as usize;
            Some((file, numbers.flatten().collect()))
        })
        .collect();
    (files, features)
}

/// Greedy set cover: the files for which `named` holds are kept; then at most `most` more, each
/// adding the most features not yet covered. The files added and how many features all cover.
fn cover(features: &[(usize, Vec<u64>)], most: usize, named: impl Fn(usize) -> bool) -> (Vec<usize>, usize) {
    let mut covered: std::collections::HashSet<u64> =
        features.iter().filter(|(f, _)| named(*f)).flat_map(|(_, e)| e.iter().copied()).collect();
    let mut chosen = Vec::new();
    while chosen.len() < most {
        let new = |e: &[u64]| e.iter().filter(|x| !covered.contains(*x)).count();
        match features.iter().filter(|(f, _)| !named(*f)).max_by_key(|(_, e)| new(e)) {
            Some((file, e)) if new(e) > 0 => {
                covered.extend(e.iter().copied());
                chosen.push(*file);
            }
            _ => break,
        }
    }
    (chosen, covered.len())
}

/// The campaign's figures, one row per target.
fn print_table(reports: &[(&str, Report)]) {
    println!(
        "{:<8} {:>14} {:>9} {:>6} {:>7} {:>14} {:>8} {:>8}",
        "target", "execs", "exec/s", "cov", "ft", "corpus", "time", "crashes"
    );
    for (target, r) in reports {
        let time = format!("{}m{:02}s", r.seconds / 60, r.seconds % 60);
        println!(
            "{target:<8} {:>14} {:>9} {:>6} {:>7} {:>14} {time:>8} {:>8}",
            r.execs,
            r.per_second,
            r.cov,
            r.ft,
            r.corpus,
            r.crashes.len()
        );
        for crash in &r.crashes {
            println!("         crash: {crash}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libfuzzer_figures() {
        let mut r = Report::default();
        for line in [
            "#1048576\tpulse  cov: 900 ft: 4000 corp: 700/40Kb lim: 256 exec/s: 5000 rss: 40Mb",
            "#10000000\tDONE   cov: 1234 ft: 5678 corp: 812/45Kb lim: 256 exec/s: 5012 rss: 61Mb",
            "stat::number_of_executed_units: 10000000",
            "stat::average_exec_per_sec:     5012",
            "Test unit written to fuzz/artifacts/play/crash-0123abcd",
            "Test unit written to ./slow-unit-99",
        ] {
            read_line(line, &mut r);
        }
        assert_eq!((r.execs, r.per_second, r.cov, r.ft), (10_000_000, 5012, 1234, 5678));
        assert_eq!(r.corpus, "812/45Kb");
        assert_eq!(r.crashes, vec!["fuzz/artifacts/play/crash-0123abcd".to_owned()]);
    }

    #[test]
    fn keeps_the_inputs_that_add_the_most_features() {
        let control = "3\n0\na/1\nb/2\nc/3\nSTARTED 0 5\nFT 0 10 11\nCOV 0 1 2\nSTARTED 1 9\nFT 1 10 11 12\nFT 2 13\n";
        let (files, features) = read_control(control);
        assert_eq!(files, ["a/1", "b/2", "c/3"]);
        assert_eq!(features, vec![(0, vec![10, 11]), (1, vec![10, 11, 12]), (2, vec![13])]);
        assert_eq!(cover(&features, 64, |_| false), (vec![1, 2], 4));
        assert_eq!(cover(&features, 1, |_| false), (vec![1], 3));
        assert_eq!(cover(&features, 64, |f| f == 0), (vec![2, 1], 4));
        assert_eq!(cover(&features, 64, |f| f == 2), (vec![1], 4));
        assert!(is_found("da4b9237bacccdf19c0760cab7aec4a8359010b0"));
        assert!(!is_found("seed-anywoli-01.json"));
    }

    #[test]
    fn parses_the_command_line() {
        let args: Vec<String> =
            ["--seconds", "5", "--runs", "10_000_000", "--target", "play,save"].map(Into::into).into();
        let c = parse(&args).unwrap();
        assert_eq!((c.seconds, c.runs, c.targets), (Some(5), Some(10_000_000), vec!["play".into(), "save".into()]));
        assert_eq!(parse(&[]).unwrap().seconds, Some(DEFAULT_SECONDS));
        assert_eq!(parse(&["--runs".into(), "9".into()]).unwrap().seconds, None);
        assert!(parse(&["--seconds".into(), "0".into()]).is_err());
        assert!(parse(&["--fast".into()]).is_err());
    }
}
