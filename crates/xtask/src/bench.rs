//! `cargo xtask bench`: runs the benchmark sections in order, prints each one's output, and writes
//! everything to `target/bench/bench.json` as `{"sections": [{"name", "status", "seconds",
//! "output", "data"}]}`.
//!
//! To add a section, write a `fn(&mut Section) -> Result` and list it in [`SECTIONS`]; put the
//! text to print into `section.output` and, optionally, a JSON value into `section.data`.

use std::time::Instant;

use crate::util::{self, Context, Result, cargo, fail, json_string, output, say};

/// A benchmark section.
struct Bench {
    name: &'static str,
    what: &'static str,
    run: fn(&mut Section) -> Result,
}

/// What a section reports.
#[derive(Debug, Default)]
pub struct Section {
    /// Printed, and kept as a string in the JSON file.
    pub output: String,
    /// A JSON value kept as is in the JSON file (`null` when empty).
    pub data: String,
}

/// A JSON array of the lines of `text`, each of which is a JSON value (JSON Lines).
fn json_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    format!("[{}]", lines.join(",\n"))
}

const SECTIONS: &[Bench] =
    &[Bench { name: "engine-native", what: "random playouts per game (`mancala bench`, release)", run: engine_native }];

fn engine_native(section: &mut Section) -> Result {
    let out = output(cargo().args(["run", "--quiet", "--release", "-p", "mancala-cli", "--", "bench"]))?;
    if out.trim().is_empty() {
        return fail("`mancala bench` printed nothing (not implemented yet?)");
    }
    // `mancala bench` prints one JSON object a line.
    section.data = json_lines(&out);
    section.output = out;
    Ok(())
}

pub const USAGE: &str = "cargo xtask bench [--only SECTION,..]";

/// `cargo xtask bench`.
pub fn main(args: &[String]) -> Result {
    let only: Vec<&str> = match args {
        [] => Vec::new(),
        [flag, list] if flag == "--only" => list.split(',').collect(),
        [arg] if arg.starts_with("--only=") => arg["--only=".len()..].split(',').collect(),
        _ => return fail(format!("usage: {USAGE}")),
    };
    for name in &only {
        if !SECTIONS.iter().any(|s| s.name == *name) {
            let names: Vec<&str> = SECTIONS.iter().map(|s| s.name).collect();
            return fail(format!("no section named `{name}`; sections: {}", names.join(", ")));
        }
    }
    let mut json = Vec::new();
    let mut failed = Vec::new();
    for bench in SECTIONS.iter().filter(|s| only.is_empty() || only.contains(&s.name)) {
        eprintln!("\n==> {} — {}", bench.name, bench.what);
        let mut section = Section::default();
        let t = Instant::now();
        let result = (bench.run)(&mut section);
        let secs = t.elapsed().as_secs_f64();
        let status = match &result {
            Ok(()) => "ok".to_owned(),
            Err(e) => {
                failed.push(bench.name);
                say(format_args!("{} failed: {e}", bench.name));
                format!("failed: {e}")
            }
        };
        print!("{}", section.output);
        let data = if section.data.is_empty() { "null" } else { &section.data };
        json.push(format!(
            "{{\"name\": {}, \"status\": {}, \"seconds\": {secs:.3}, \"output\": {}, \"data\": {data}}}",
            json_string(bench.name),
            json_string(&status),
            json_string(&section.output),
        ));
    }
    let dir = util::target_dir().join("bench");
    std::fs::create_dir_all(&dir).at(&dir)?;
    let path = dir.join("bench.json");
    std::fs::write(&path, format!("{{\"sections\": [\n{}\n]}}\n", json.join(",\n"))).at(&path)?;
    say(format_args!("wrote {}", path.display()));
    if failed.is_empty() { Ok(()) } else { fail(format!("failed: {}", failed.join(", "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_become_an_array() {
        assert_eq!(json_lines("{\"a\":1}\n\n{\"b\":2}\n"), "[{\"a\":1},\n{\"b\":2}]");
        assert_eq!(json_lines(""), "[]");
    }
}
