//! The README is executed (issue 15 §1): every `mancala …` command that README.md (and the
//! repository's other `*.md`) and docs/*.md show — a line of a code block
//! (`cargo run … -p mancala-cli -- ARGS` or `mancala ARGS`) or an inline code span
//! (`` `mancala ARGS` ``) — is read from the Markdown at test time and run through the built
//! binary exactly as written; it must exit 0 and print only JSON lines.
//!
//! Not run, and listed as such:
//! - a command under a `<!-- not run: REASON -->` comment: every command of the next code block
//!   (the comment alone in its paragraph), or the next code span of the comment's paragraph (what
//!   takes minutes, e.g. 200-game matches);
//! - a synopsis: a command with a placeholder in capitals (`--game ID`, `--a L1`);
//! - a name: a subcommand alone in prose (`` `mancala ai` ``).
//!
//! Any other `cargo run` of the docs (another package, an example) must be marked not run, and a
//! marker must mark a command: both fail the test otherwise. The page's examples (iframes,
//! widget, links) are opened in Chromium by tests/e2e/readme.spec.mjs.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What the docs show as a command, and what this test does with it.
#[derive(Debug, PartialEq)]
enum Kind {
    /// Run with these arguments.
    Run(Vec<String>),
    /// Marked `<!-- not run: REASON -->`.
    NotRun(String),
    /// A placeholder in capitals: a pattern, not an example.
    Synopsis,
    /// A subcommand named in prose.
    Name,
}

#[derive(Debug)]
struct Example {
    /// `file:line`.
    at: String,
    text: String,
    kind: Kind,
}

/// The reason of a `<!-- not run: REASON -->` marker in `text`, and where the marker ends.
fn marker(text: &str) -> Option<(usize, usize, String)> {
    let start = text.find("<!-- not run:")?;
    let end = start + text[start..].find("-->")? + 3;
    Some((start, end, text[start + 13..end - 3].trim().to_string()))
}

/// The command of a code line or span, if it is one of the `mancala` binary's (`Ok(args)`), or
/// another `cargo run` (`Err(text)`); `None` for anything else.
fn command(text: &str) -> Option<Result<Vec<String>, String>> {
    let text = text.trim().trim_start_matches("$ ");
    let text = text.split(" #").next().unwrap_or(text).trim();
    let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    if let Some(args) = text.strip_prefix("mancala ") {
        return Some(Ok(words(args)));
    }
    if !text.starts_with("cargo run ") {
        return None;
    }
    match text.split_once(" -- ") {
        Some((cargo, args))
            if cargo.split_whitespace().collect::<Vec<_>>().windows(2).any(|w| w == ["-p", "mancala-cli"]) =>
        {
            Some(Ok(words(args)))
        }
        _ => Some(Err(text.to_string())),
    }
}

/// Classifies a command found at `at`; `not_run` is the reason of the marker before it, if any.
fn example(
    at: String,
    text: &str,
    found: Result<Vec<String>, String>,
    not_run: Option<String>,
    inline: bool,
) -> Example {
    let placeholder = |w: &String| {
        w.len() > 1
            && w.starts_with(|c: char| c.is_ascii_uppercase())
            && w.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    };
    let kind = match (found, not_run) {
        (_, Some(reason)) => Kind::NotRun(reason),
        (Err(other), None) => panic!("{at}: `{other}` is not a mancala-cli command; mark it <!-- not run: REASON -->"),
        (Ok(args), None) if args.iter().any(placeholder) => Kind::Synopsis,
        (Ok(args), None) if inline && args.len() == 1 => Kind::Name,
        (Ok(args), None) => Kind::Run(args),
    };
    Example { at, text: text.trim().to_string(), kind }
}

/// The commands in the code spans of a paragraph (its lines, numbered), and the markers between them.
fn spans(
    file: &str,
    paragraph: &mut Vec<(usize, &str)>,
    pending: &mut Option<(usize, String)>,
    found: &mut Vec<Example>,
) {
    let Some(&(first, _)) = paragraph.first() else { return };
    let text = paragraph.drain(..).map(|(_, l)| l).collect::<Vec<_>>().join("\n");
    let line_of = |i: usize| first + text[..i].matches('\n').count();
    let mut rest = 0;
    loop {
        let mark = marker(&text[rest..]).map(|(s, e, r)| (rest + s, rest + e, r));
        // A span: its opening backticks, its code, its closing backticks.
        let span = text[rest..].find('`').and_then(|s| {
            let s = rest + s;
            let ticks = text[s..].len() - text[s..].trim_start_matches('`').len();
            let delimiter = "`".repeat(ticks);
            text[s + ticks..].find(&delimiter).map(|e| (s, s + ticks, s + ticks + e, s + 2 * ticks + e))
        });
        match (mark, span) {
            (Some((s, e, reason)), span) if span.is_none_or(|(b, ..)| s < b) => {
                *pending = Some((line_of(s), reason));
                rest = e;
            }
            (_, Some((start, inner, close, end))) => {
                let code = text[inner..close].replace('\n', " ");
                if let Some(cmd) = command(&code) {
                    let reason = pending.take().map(|(_, r)| r);
                    found.push(example(format!("{file}:{}", line_of(start)), &code, cmd, reason, true));
                }
                rest = end;
            }
            _ => break,
        }
    }
    // A marker with other text beside it marks a span of its paragraph, not a block further on.
    if let Some((line, reason)) = pending.as_ref().filter(|(line, _)| *line >= first) {
        let alone = marker(text.trim()).is_some_and(|(s, e, _)| s == 0 && e == text.trim().len());
        assert!(alone, "{file}:{line}: the marker \"not run: {reason}\" is followed by no command in its paragraph");
    }
}

/// Every command `markdown` (the text of `file`) shows, in order.
fn examples(file: &str, markdown: &str) -> Vec<Example> {
    let mut found = Vec::new();
    // A marker waiting for the next code block or span.
    let mut pending: Option<(usize, String)> = None;
    // An open fenced block (its fence, and its marker) and an open indented block (its marker).
    let mut fence: Option<(String, Option<String>)> = None;
    let mut indented: Option<Option<String>> = None;
    // A marked block must hold a command: the commands found before it, and where it starts.
    let mut block = (0, 0);
    let marked_block_holds_a_command =
        |reason: &Option<String>, (before, line): (usize, usize), found: &Vec<Example>| {
            if let Some(reason) = reason {
                assert!(
                    found.len() > before,
                    "{file}:{line}: the marker \"not run: {reason}\" marks a block without a command"
                );
            }
        };
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let mut blank = true;
    for (i, line) in markdown.lines().enumerate() {
        let number = i + 1;
        if let Some((ticks, reason)) = &fence {
            if line.trim() == ticks.as_str() {
                marked_block_holds_a_command(reason, block, &found);
                fence = None;
            } else if let Some(cmd) = command(line) {
                found.push(example(format!("{file}:{number}"), line, cmd, reason.clone(), false));
            }
            continue;
        }
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            spans(file, &mut paragraph, &mut pending, &mut found);
            let ticks = trimmed.chars().take_while(|&c| c == trimmed.as_bytes()[0] as char).collect();
            fence = Some((ticks, pending.take().map(|(_, r)| r)));
            block = (found.len(), number);
            continue;
        }
        let code = line.starts_with("    ") || line.starts_with('\t');
        if code && (blank || indented.is_some()) && paragraph.is_empty() {
            if indented.is_none() {
                block = (found.len(), number);
            }
            let reason = indented.get_or_insert_with(|| pending.take().map(|(_, r)| r)).clone();
            if let Some(cmd) = command(line) {
                found.push(example(format!("{file}:{number}"), line, cmd, reason, false));
            }
            continue;
        }
        blank = line.trim().is_empty();
        if blank {
            spans(file, &mut paragraph, &mut pending, &mut found);
            // A blank line inside an indented block keeps it open; text after it ends it.
        } else {
            if let Some(reason) = indented.take() {
                marked_block_holds_a_command(&reason, block, &found);
            }
            paragraph.push((number, line));
        }
    }
    if let Some(reason) = indented {
        marked_block_holds_a_command(&reason, block, &found);
    }
    spans(file, &mut paragraph, &mut pending, &mut found);
    if let Some((line, reason)) = pending {
        panic!("{file}:{line}: the marker \"not run: {reason}\" is followed by no command");
    }
    found
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.md` files of `dir` (relative to the repository), sorted.
fn markdown_in(dir: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.expect("a directory entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| if dir.is_empty() { n } else { format!("{dir}/{n}") })
        .collect();
    names.sort();
    names
}

/// The repository's own `*.md` (README.md, CONTRIBUTING.md, …) and docs/*.md, each with its examples.
fn documents() -> Vec<(String, Vec<Example>)> {
    [markdown_in(""), markdown_in("docs")]
        .concat()
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root().join(&name)).unwrap_or_else(|e| panic!("{name}: {e}"));
            let found = examples(&name, &text);
            (name, found)
        })
        .collect()
}

/// Runs `args` through the built binary; fails naming the example unless it exits 0 with JSON lines.
fn run(example: &Example, args: &[String]) {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala")).args(args).output().expect("the mancala binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let context = || format!("{}: `{}`\nstdout:\n{stdout}\nstderr:\n{stderr}", example.at, example.text);
    assert!(out.status.success(), "exit status {}: {}", out.status, context());
    assert!(!stdout.trim().is_empty(), "no output: {}", context());
    for line in stdout.lines() {
        if let Err(e) = serde_json::from_str::<serde_json::Value>(line) {
            panic!("a line that is not JSON ({e}): {line}\n{}", context());
        }
    }
}

/// The commands of the README and the docs exit 0 and print JSON; the docs still have at least
/// the runnable examples they have now (so a lost or mangled example fails here, not silently).
#[test]
fn every_documented_command_runs() {
    let documents = documents();
    let runs = |e: &&Example| matches!(e.kind, Kind::Run(_));
    for (file, least) in [("README.md", 6), ("docs/ai-evidence.md", 1), ("docs/bench.md", 1)] {
        let found =
            documents.iter().find(|(name, _)| name == file).map_or(0, |(_, found)| found.iter().filter(runs).count());
        assert!(found >= least, "{file}: {found} commands to run; it had {least}");
    }
    for e in documents.iter().flat_map(|(_, found)| found) {
        match &e.kind {
            Kind::Run(args) => run(e, args),
            Kind::NotRun(reason) => eprintln!("not run ({reason}): {}: `{}`", e.at, e.text),
            Kind::Synopsis => eprintln!("a synopsis: {}: `{}`", e.at, e.text),
            Kind::Name => {}
        }
    }
}

/// The reader finds commands in fenced and indented blocks and in code spans (also across a line
/// break), strips comments and prompts, and honours markers, synopses and names.
#[test]
fn the_reader_finds_every_kind_of_example() {
    let markdown = "\
Intro `mancala perft --game anywoli
--depth 2` and `mancala ai`, then `mancala ai --game ID`.

```sh
cargo run --release -p mancala-cli -- bench --games 2   # comment
cargo xtask dist
```

<!-- not run: takes minutes -->

    mancala match --game anywoli --a hard --b easy --games 200

    cargo run --release -p mancala-ai --example tune -- --game anywoli

Prose (<!-- not run: slow -->`mancala bench`, `$ mancala perft --game sadeqa-iii --depth 1`).
";
    let found: Vec<(String, Kind)> = examples("x.md", markdown).into_iter().map(|e| (e.at, e.kind)).collect();
    let args = |s: &str| Kind::Run(s.split(' ').map(String::from).collect());
    let not_run = |s: &str| Kind::NotRun(s.to_string());
    assert_eq!(
        found,
        [
            ("x.md:1".to_string(), args("perft --game anywoli --depth 2")),
            ("x.md:2".to_string(), Kind::Name),
            ("x.md:2".to_string(), Kind::Synopsis),
            ("x.md:5".to_string(), args("bench --games 2")),
            ("x.md:11".to_string(), not_run("takes minutes")),
            ("x.md:13".to_string(), not_run("takes minutes")),
            ("x.md:15".to_string(), not_run("slow")),
            ("x.md:15".to_string(), args("perft --game sadeqa-iii --depth 1")),
        ]
    );
}

/// A marker must mark a command: one beside prose with no command after it fails.
#[test]
#[should_panic(expected = "x.md:1: the marker \"not run: slow\" is followed by no command in its paragraph")]
fn a_marker_in_prose_marks_a_span_of_its_paragraph() {
    examples("x.md", "Slow <!-- not run: slow --> things.\n\n```sh\nmancala bench\n```\n");
}

/// A marker must mark a command: one before a block of other commands fails.
#[test]
#[should_panic(expected = "x.md:3: the marker \"not run: slow\" marks a block without a command")]
fn a_marked_block_holds_a_command() {
    examples("x.md", "<!-- not run: slow -->\n\n```sh\ncargo xtask bench\n```\n");
}

/// A `cargo run` of another package is not run unless marked: unmarked, it fails.
#[test]
#[should_panic(expected = "is not a mancala-cli command")]
fn another_package_must_be_marked() {
    examples("x.md", "    cargo run --release -p mancala-ai --example tune -- --game anywoli\n");
}
