//! What a first visit downloads, and its size raw and gzipped: the page-size section of the
//! bench and the `budgets` step of `cargo xtask test` (sizes are deterministic; times are not).
//!
//! "First load" is what `index.html` needs before the board is interactive:
//! - `index.html` itself;
//! - what its `<link>` and `<script>` tags load: stylesheets, icons, module preloads, scripts;
//! - every module reachable from those scripts by static `import`/`export … from` (not dynamic
//!   `import()`, not workers: those wait until they are needed);
//! - the wasm files a module loads by `new URL('….wasm', import.meta.url)` (the wasm-bindgen glue);
//! - the English strings and rules texts that `js/i18n.js` fetches before the page starts
//!   ([`FIRST_LOAD_DATA`]; another language adds its own two files).
//!
//! The bench checks this list against the requests a real load makes. Gzip is `gzip -9 -n`;
//! 1 kB = 1000 bytes.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::site::{attr, attributes, local};
use crate::util::{Context, Result, fail};

/// Data files fetched at start-up (English): the UI strings and the rules texts (`js/i18n.js`).
pub const FIRST_LOAD_DATA: [&str; 2] = ["i18n/en.json", "i18n/rules.en.json"];
/// Budget for the whole first load, gzipped (issue 7).
pub const TOTAL_GZ_BUDGET: u64 = 150_000;
/// Budget for the wasm module, gzipped (issue 7).
pub const WASM_GZ_BUDGET: u64 = 80_000;

/// A file of the first load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileSize {
    /// Relative to the site root, `/`-separated.
    pub path: String,
    pub raw: u64,
    pub gz: u64,
}

impl FileSize {
    /// `html`, `css`, `js`, `json`, `wasm` or `other`.
    pub fn kind(&self) -> &'static str {
        kind(&self.path)
    }
}

/// The kinds in the order the bench lists them.
pub const KINDS: [&str; 6] = ["html", "css", "js", "json", "wasm", "other"];

fn kind(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" | "htm" => "html",
        "css" => "css",
        "js" | "mjs" => "js",
        "json" => "json",
        "wasm" => "wasm",
        _ => "other",
    }
}

/// The files of the first load of the site in `dir`, in discovery order.
pub fn first_load(dir: &Path) -> Result<Vec<String>> {
    let index = dir.join("index.html");
    let html = std::fs::read_to_string(&index).at(&index)?;
    let mut found = vec!["index.html".to_owned()];
    let mut modules = Vec::new();
    for (tag, attrs) in tags(&html) {
        let rel = attr(&attrs, "rel").unwrap_or_default().to_ascii_lowercase();
        match tag.as_str() {
            "link" => {
                let Some(href) = attr(&attrs, "href").and_then(|h| local(h, "")) else { continue };
                match rel.as_str() {
                    "stylesheet" => found.push(href),
                    r if r.split_whitespace().any(|w| w == "icon") => found.push(href),
                    "modulepreload" => modules.push(href),
                    _ => {}
                }
            }
            "script" => {
                if let Some(src) = attr(&attrs, "src").and_then(|s| local(s, "")) {
                    modules.push(src);
                }
            }
            _ => {}
        }
    }
    // The module graph, breadth first.
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut i = 0;
    while i < modules.len() {
        let module = modules[i].clone();
        i += 1;
        if !seen.insert(module.clone()) {
            continue;
        }
        found.push(module.clone());
        let path = dir.join(&module);
        let text = std::fs::read_to_string(&path).at(&path)?;
        let base = module.rsplit_once('/').map_or("", |(d, _)| d);
        for spec in static_imports(&text) {
            if let Some(m) = local(&spec, base) {
                modules.push(m);
            }
        }
        for file in wasm_urls(&text) {
            if let Some(w) = local(&file, base) {
                found.push(w);
            }
        }
    }
    found.extend(FIRST_LOAD_DATA.iter().map(|s| (*s).to_owned()));
    let mut unique = BTreeSet::new();
    found.retain(|f| unique.insert(f.clone()));
    for f in &found {
        if !dir.join(f).is_file() {
            return fail(format!("{f} is part of the first load but missing from {}", dir.display()));
        }
    }
    Ok(found)
}

/// The size of each first-load file, raw and gzipped.
pub fn measure(dir: &Path) -> Result<Vec<FileSize>> {
    first_load(dir)?
        .into_iter()
        .map(|path| {
            let file = dir.join(&path);
            let raw = std::fs::metadata(&file).at(&file)?.len();
            Ok(FileSize { gz: gzip_size(&file)?, path, raw })
        })
        .collect()
}

/// The size of `file` compressed by `gzip -9 -n`.
pub fn gzip_size(file: &Path) -> Result<u64> {
    let out = Command::new("gzip")
        .args(["-9", "-n", "-c"])
        .arg(file)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| crate::util::Error(format!("cannot run `gzip` ({e}): install gzip")))?;
    if !out.status.success() {
        return fail(format!("`gzip -9 -n -c {}` failed ({})", file.display(), out.status));
    }
    Ok(out.stdout.len() as u64)
}

/// kB with one decimal (1 kB = 1000 bytes).
pub fn kb(bytes: u64) -> String {
    format!("{:.1} kB", bytes as f64 / 1000.0)
}

/// Sums of `sizes` by kind and in total: `(kind, files, raw, gz)`, kinds in [`KINDS`] order, then `total`.
pub fn totals(sizes: &[FileSize]) -> Vec<(&'static str, usize, u64, u64)> {
    let mut rows: Vec<(&'static str, usize, u64, u64)> = KINDS
        .iter()
        .map(|&k| {
            let of: Vec<&FileSize> = sizes.iter().filter(|f| f.kind() == k).collect();
            (k, of.len(), of.iter().map(|f| f.raw).sum(), of.iter().map(|f| f.gz).sum())
        })
        .filter(|r| r.1 > 0)
        .collect();
    rows.push(("total", sizes.len(), sizes.iter().map(|f| f.raw).sum(), sizes.iter().map(|f| f.gz).sum()));
    rows
}

/// A table of the files and their sizes.
pub fn listing(sizes: &[FileSize]) -> String {
    let mut out = format!("{:<34} {:>10} {:>10}\n", "first load", "raw", "gzipped");
    for f in sizes {
        out.push_str(&format!("{:<34} {:>10} {:>10}\n", f.path, kb(f.raw), kb(f.gz)));
    }
    for (kind, files, raw, gz) in totals(sizes) {
        let label = format!("{kind} ({files} file{})", if files == 1 { "" } else { "s" });
        out.push_str(&format!("{label:<34} {:>10} {:>10}\n", kb(raw), kb(gz)));
    }
    out
}

/// Which budgets `sizes` break, as readable lines (empty when within budget).
pub fn over_budget(sizes: &[FileSize]) -> Vec<String> {
    let mut problems = Vec::new();
    let total: u64 = sizes.iter().map(|f| f.gz).sum();
    if total > TOTAL_GZ_BUDGET {
        let mut biggest: Vec<&FileSize> = sizes.iter().collect();
        biggest.sort_by_key(|f| std::cmp::Reverse(f.gz));
        let top: Vec<String> = biggest.iter().take(5).map(|f| format!("{} {}", f.path, kb(f.gz))).collect();
        problems.push(format!(
            "first load is {} gzipped, over the budget of {} (largest: {})",
            kb(total),
            kb(TOTAL_GZ_BUDGET),
            top.join(", ")
        ));
    }
    for f in sizes.iter().filter(|f| f.kind() == "wasm" && f.gz > WASM_GZ_BUDGET) {
        problems.push(format!(
            "{} is {} gzipped ({} raw), over the wasm budget of {}",
            f.path,
            kb(f.gz),
            kb(f.raw),
            kb(WASM_GZ_BUDGET)
        ));
    }
    problems
}

/// The `budgets` step: the first load of `dir` within budget, or a failure naming the sizes.
pub fn check_budgets(dir: &Path) -> Result {
    let sizes = measure(dir)?;
    eprint!("{}", listing(&sizes));
    let problems = over_budget(&sizes);
    if problems.is_empty() {
        let total: u64 = sizes.iter().map(|f| f.gz).sum();
        let wasm: u64 = sizes.iter().filter(|f| f.kind() == "wasm").map(|f| f.gz).sum();
        crate::util::say(format_args!(
            "within budget: first load {} of {} gzipped, wasm {} of {}",
            kb(total),
            kb(TOTAL_GZ_BUDGET),
            kb(wasm),
            kb(WASM_GZ_BUDGET)
        ));
        Ok(())
    } else {
        fail(problems.join("; "))
    }
}

/// `<link …>` and `<script …>` start tags of `html`: lower-case tag name and attributes.
fn tags(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let lower = html.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find('<').map(|i| from + i) {
        let rest = &lower[at + 1..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let end = lower[at..].find('>').map_or(lower.len(), |i| at + i);
        if (name == "link" || name == "script") && end > at + 1 + name.len() {
            out.push((name.clone(), attributes(&html[at + 1 + name.len()..end])));
        }
        if html[at..].starts_with("<!--") {
            from = lower[at..].find("-->").map_or(lower.len(), |i| at + i + 3);
        } else {
            from = end.max(at + 1);
        }
    }
    out
}

/// Module specifiers of the static `import … from '…'`, `import '…'` and `export … from '…'`
/// statements of `js` (statements start a line, as formatted code does; comments are skipped).
fn static_imports(js: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open = false; // inside a multi-line import/export statement
    let mut block_comment = false;
    for line in js.lines() {
        let mut line = line.trim();
        if block_comment {
            match line.find("*/") {
                Some(i) => {
                    block_comment = false;
                    line = line[i + 2..].trim();
                }
                None => continue,
            }
        }
        if line.starts_with("//") {
            continue;
        }
        if line.starts_with("/*") {
            if !line.contains("*/") {
                block_comment = true;
            }
            continue;
        }
        let starts =
            |kw: &str| line.strip_prefix(kw).is_some_and(|r| r.starts_with([' ', '{', '*', '\'', '"']) || r.is_empty());
        if !open && (starts("import") || starts("export")) {
            // `import './side-effect.js'` or a one-line `import … from '…'` / `export … from '…'`.
            if let Some(spec) = quoted_after(line, "import").or_else(|| quoted_after(line, "from")) {
                out.push(spec);
            } else {
                // A statement over several lines: an import always names its module later, an
                // export only when it is `export {…} from` or `export * from`.
                open = starts("import")
                    || (line.starts_with("export {") || line.starts_with("export *")) && !line.ends_with(';');
            }
        } else if open {
            if let Some(spec) = quoted_after(line, "from") {
                out.push(spec);
                open = false;
            } else if line.ends_with(';') {
                open = false;
            }
        }
    }
    out
}

/// The string literal that directly follows the word `kw` in `line` (`kw '…'` or `kw "…"`).
fn quoted_after(line: &str, kw: &str) -> Option<String> {
    let mut from = 0;
    while let Some(i) = line[from..].find(kw).map(|i| from + i) {
        from = i + kw.len();
        let before_ok = i == 0 || !line.as_bytes()[i - 1].is_ascii_alphanumeric();
        let rest = line[from..].trim_start();
        if let (true, Some(q @ ('\'' | '"'))) = (before_ok, rest.chars().next()) {
            return rest[1..].split(q).next().map(str::to_owned);
        }
    }
    None
}

/// Files named `*.wasm` in `new URL('…', import.meta.url)` expressions of `js`.
fn wasm_urls(js: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = js[from..].find("new URL(").map(|i| from + i) {
        from = i + "new URL(".len();
        let rest = js[from..].trim_start();
        let Some(q @ ('\'' | '"')) = rest.chars().next() else { continue };
        let Some(name) = rest[1..].split(q).next() else { continue };
        let after = rest[1 + name.len() + 1..].trim_start();
        if name.ends_with(".wasm") && after.starts_with(',') && after[1..].trim_start().starts_with("import.meta.url") {
            out.push(name.to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_static_imports_only() {
        let js = "// @ts-check\n/**\n * import x from './no.js';\n */\nimport init, * as wasm from '../pkg/glue.js';\n\
                  import { a,\n  b } from \"./ab.js\";\nimport './side.js';\nexport { c } from './c.js';\n\
                  export const d = 1;\nconst e = await import('./lazy.js');\n/** @typedef {import('./types.js').T} T */\n\
                  const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });\n\
                  export {\n  f,\n} from './f.js';\n";
        assert_eq!(static_imports(js), ["../pkg/glue.js", "./ab.js", "./side.js", "./c.js", "./f.js"]);
        assert_eq!(
            wasm_urls("x = new URL('glue_bg.wasm', import.meta.url); y = new URL('./w.js', import.meta.url);"),
            ["glue_bg.wasm"]
        );
    }

    #[test]
    fn reads_tags_and_attributes() {
        let html = "<!doctype html><!-- <script src=\"no.js\"> --><link rel=\"stylesheet\" href=\"css/a.css\">\
                    <LINK rel=icon href='i.svg' type=\"image/svg+xml\"><link rel=modulepreload href=js/e.js>\
                    <link rel=\"manifest\" href=\"m.webmanifest\"><script type=\"module\" src=\"js/main.js\"></script>";
        let tags = tags(html);
        let found: Vec<(&str, Option<&str>, Option<&str>)> =
            tags.iter().map(|(t, a)| (t.as_str(), attr(a, "rel"), attr(a, "href").or(attr(a, "src")))).collect();
        assert_eq!(
            found,
            [
                ("link", Some("stylesheet"), Some("css/a.css")),
                ("link", Some("icon"), Some("i.svg")),
                ("link", Some("modulepreload"), Some("js/e.js")),
                ("link", Some("manifest"), Some("m.webmanifest")),
                ("script", None, Some("js/main.js")),
            ]
        );
    }

    #[test]
    fn lists_the_first_load_of_a_site() {
        let dir = std::env::temp_dir().join(format!("xtask-size-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for d in ["js", "css", "pkg", "i18n"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        let files = [
            (
                "index.html",
                "<link rel=stylesheet href=css/app.css><link rel=modulepreload href=js/engine.js>\
                 <script type=module src=js/main.js></script>",
            ),
            ("css/app.css", "body{}"),
            ("js/main.js", "import { App } from './app.js';\nimport { initEngine } from './engine.js';\n"),
            (
                "js/app.js",
                "import { x } from './engine.js';\nconst w = new Worker(new URL('./w.js', import.meta.url));\n",
            ),
            ("js/engine.js", "import init from '../pkg/m.js';\n"),
            ("js/w.js", "import './engine.js';\n"),
            ("pkg/m.js", "const u = new URL('m_bg.wasm', import.meta.url);\n"),
            ("pkg/m_bg.wasm", "\0asm"),
            ("i18n/en.json", "{}"),
            ("i18n/rules.en.json", "{}"),
            ("i18n/it.json", "{}"),
        ];
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        assert_eq!(
            first_load(&dir).unwrap(),
            [
                "index.html",
                "css/app.css",
                "js/engine.js",
                "js/main.js",
                "pkg/m.js",
                "pkg/m_bg.wasm",
                "js/app.js",
                "i18n/en.json",
                "i18n/rules.en.json",
            ]
        );
        let sizes = measure(&dir).unwrap();
        assert_eq!(sizes[0].raw, files[0].1.len() as u64);
        assert!(sizes.iter().all(|f| f.gz > 0));
        assert!(over_budget(&sizes).is_empty());
        std::fs::remove_file(dir.join("i18n/en.json")).unwrap();
        assert!(first_load(&dir).unwrap_err().0.contains("i18n/en.json is part of the first load but missing"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_the_files_over_budget() {
        let sizes = vec![
            FileSize { path: "pkg/m_bg.wasm".into(), raw: 200_000, gz: 90_000 },
            FileSize { path: "js/app.js".into(), raw: 300_000, gz: 70_000 },
        ];
        assert_eq!(
            over_budget(&sizes),
            [
                "first load is 160.0 kB gzipped, over the budget of 150.0 kB (largest: pkg/m_bg.wasm 90.0 kB, js/app.js 70.0 kB)",
                "pkg/m_bg.wasm is 90.0 kB gzipped (200.0 kB raw), over the wasm budget of 80.0 kB",
            ]
        );
    }
}
