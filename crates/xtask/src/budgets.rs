//! What a first visit downloads, its size raw and gzipped (`gzip -9 -n`; 1 kB = 1000 bytes), and
//! the `budgets` step of `cargo xtask test`. `dist` writes the list into `build.json` as
//! `firstLoad: {files: [{path, raw, gz}], kinds: [{kind, files, raw, gz}], budgets: {total, wasm}}`,
//! where the bench reads it too (and checks it against the requests a real load makes).
//!
//! "First load" is what `index.html` needs before the board is interactive: the page (its
//! stylesheet inlined); its icons and preloads; the page's wasm and the English texts, which
//! main.js fetches at start (`js/i18n.js` always fetches English); its module script and the
//! chunks that imports statically (esbuild's metafile, see [`crate::dist`]; not `import()`, not
//! workers: those wait until they are needed).

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

use crate::util::{self, Context, Result, fail};

/// Budget for the whole first load, gzipped (issue 13; 150 kB in issue 7).
const TOTAL_GZ_BUDGET: u64 = 120_000;
/// Budget for the page's wasm module, gzipped (issue 7; the worker's wasm is not in the first load).
const WASM_GZ_BUDGET: u64 = 80_000;
/// The kinds, in the order they are listed.
const KINDS: [&str; 6] = ["html", "css", "js", "json", "wasm", "other"];

/// The first load of `site` from the files the page names (see [`crate::dist`]), with sizes and
/// totals, as written to `build.json`.
pub fn describe(site: &Path, named: Vec<String>) -> Result<Value> {
    let mut paths: Vec<String> = Vec::new();
    for path in named {
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    let mut files = Vec::new();
    for path in paths {
        let file = site.join(&path);
        let raw = std::fs::metadata(&file).at(&file)?.len();
        files.push((kind(&path), json!({ "path": path, "raw": raw, "gz": gzip_size(&file)? })));
    }
    let sum = |of: &[&(&str, Value)], key: &str| of.iter().filter_map(|(_, f)| f[key].as_u64()).sum::<u64>();
    let mut kinds = Vec::new();
    for kind in KINDS.into_iter().chain(["total"]) {
        let of: Vec<&(&str, Value)> = files.iter().filter(|(k, _)| kind == "total" || *k == kind).collect();
        if !of.is_empty() {
            kinds.push(json!({ "kind": kind, "files": of.len(), "raw": sum(&of, "raw"), "gz": sum(&of, "gz") }));
        }
    }
    let files: Vec<Value> = files.into_iter().map(|(_, f)| f).collect();
    Ok(json!({ "files": files, "kinds": kinds, "budgets": { "total": TOTAL_GZ_BUDGET, "wasm": WASM_GZ_BUDGET } }))
}

/// `html`, `css`, `js`, `json`, `wasm` or `other`.
fn kind(path: &str) -> &'static str {
    let ext = path.rsplit('.').next().unwrap_or("").replace("mjs", "js");
    KINDS.into_iter().find(|&k| k == ext).unwrap_or("other")
}

/// The size of `file` compressed by `gzip -9 -n`.
fn gzip_size(file: &Path) -> Result<u64> {
    let mut gzip = Command::new("gzip");
    let out = util::output_bytes(gzip.args(["-9", "-n", "-c"]).arg(file).stdin(Stdio::null()))?;
    Ok(out.len() as u64)
}

/// kB with one decimal.
fn kb(bytes: u64) -> String {
    format!("{:.1} kB", bytes as f64 / 1000.0)
}

/// A table of the first load's files and totals.
fn listing(first: &Value) -> String {
    let mut out = format!("{:<34} {:>10} {:>10}\n", "first load", "raw", "gzipped");
    let n = |v: &Value| kb(v.as_u64().unwrap_or(0));
    for f in first["files"].as_array().into_iter().flatten() {
        out.push_str(&format!("{:<34} {:>10} {:>10}\n", f["path"].as_str().unwrap_or("?"), n(&f["raw"]), n(&f["gz"])));
    }
    for k in first["kinds"].as_array().into_iter().flatten() {
        let label = format!("{} ({} files)", k["kind"].as_str().unwrap_or("?"), k["files"]);
        out.push_str(&format!("{label:<34} {:>10} {:>10}\n", n(&k["raw"]), n(&k["gz"])));
    }
    out
}

/// Which budgets `first` breaks, as readable lines (empty when within budget).
fn over_budget(first: &Value) -> Vec<String> {
    let gz = |kind: &str| first["kinds"].as_array()?.iter().find(|k| k["kind"] == kind)?["gz"].as_u64();
    let mut problems = Vec::new();
    for (kind, budget) in [("total", TOTAL_GZ_BUDGET), ("wasm", WASM_GZ_BUDGET)] {
        if let Some(size) = gz(kind).filter(|&size| size > budget) {
            problems.push(format!("first load {kind} is {} gzipped, over the budget of {}", kb(size), kb(budget)));
        }
    }
    problems
}

/// The `budgets` step: the first load of the built `dist` within budget, or what is over.
pub fn check(dist: &Path) -> Result {
    let path = dist.join("build.json");
    let build: Value = serde_json::from_str(&std::fs::read_to_string(&path).at(&path)?)
        .map_err(|e| util::anyhow!("{}: {e}", path.display()))?;
    let first = &build["firstLoad"];
    if first.is_null() {
        return fail("build.json has no first-load list: `cargo xtask dist` printed why (esbuild or the single file)");
    }
    eprint!("{}", listing(first));
    let problems = over_budget(first);
    if !problems.is_empty() {
        return fail(problems.join("; "));
    }
    util::say(format_args!("within budget: total ≤ {}, wasm ≤ {} gzipped", kb(TOTAL_GZ_BUDGET), kb(WASM_GZ_BUDGET)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_and_judges_a_first_load() {
        let dir = std::env::temp_dir().join(format!("xtask-budgets-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for d in ["js", "pkg", "i18n"] {
            std::fs::create_dir_all(dir.join(d)).unwrap();
        }
        for (name, text) in [
            ("index.html", "<!doctype html>"),
            ("js/main.js", "x"),
            ("pkg/m.js", "y"),
            ("pkg/m_bg.wasm", "\0asm"),
            ("i18n/en.json", "{}"),
            ("i18n/rules.en.json", "{}"),
        ] {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let named = ["index.html", "pkg/m_bg.wasm", "i18n/en.json", "js/main.js", "pkg/m.js", "js/main.js"];
        let first = describe(&dir, named.map(str::to_owned).to_vec()).unwrap();
        let paths: Vec<&str> = first["files"].as_array().unwrap().iter().map(|f| f["path"].as_str().unwrap()).collect();
        assert_eq!(paths, ["index.html", "pkg/m_bg.wasm", "i18n/en.json", "js/main.js", "pkg/m.js"]);
        assert_eq!(first["files"][0]["raw"], 15);
        let kinds: Vec<(&str, u64)> = first["kinds"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| (k["kind"].as_str().unwrap(), k["files"].as_u64().unwrap()))
            .collect();
        assert_eq!(kinds, [("html", 1), ("js", 2), ("json", 1), ("wasm", 1), ("total", 5)]);
        assert!(over_budget(&first).is_empty());
        let total = TOTAL_GZ_BUDGET + 1_000;
        let heavy = json!({ "kinds": [{ "kind": "wasm", "gz": 90_000 }, { "kind": "total", "gz": total }] });
        assert_eq!(
            over_budget(&heavy),
            [
                format!("first load total is {} gzipped, over the budget of {}", kb(total), kb(TOTAL_GZ_BUDGET)),
                "first load wasm is 90.0 kB gzipped, over the budget of 80.0 kB".to_owned()
            ]
        );
        std::fs::remove_file(dir.join("i18n/en.json")).unwrap();
        assert!(describe(&dir, named.map(str::to_owned).to_vec()).unwrap_err().to_string().contains("en.json"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
