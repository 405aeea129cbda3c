//! `cargo xtask dist`: the deployable static site in `dist/`.
//!
//! 1. wasm target and wasm-bindgen CLI (installed once, see [`crate::tools`]);
//! 2. `cargo build -p mancala-wasm -p mancala-worker --release --target wasm32-unknown-unknown`:
//!    the page's wasm (rules) and the worker's (rules and search; the page never loads it);
//! 3. `wasm-bindgen --target web` of each (its TypeScript declarations included, for tsc) into a
//!    staging folder, then `wasm-opt` (npm `binaryen`; -Os for the page's, -O3 for the worker's;
//!    results cached by input hash and level);
//! 4. `www/` plus the staged `pkg/` assembled into `dist/`, swapped in whole, after the games'
//!    card texts were copied from the rules texts into the strings ([`game_texts`]), the English
//!    strings written into `index.html` ([`english_page`]) and esbuild (npm)
//!    bundled the single file ([`crate::single`]) and the page's modules ([`bundle`]) and minified
//!    the worker's, then inlined the stylesheet and the first-paint script into `index.html`
//!    ([`first_paint`]), with the endgame tables in `tables/` (`mancala tables --shipped`);
//! 5. `dist/build.json` (`{"hash", "files", "firstLoad"}`, the last from [`crate::budgets`]) and
//!    the service worker's placeholders filled in:
//!    `__BUILD_HASH__` becomes the bare hex hash, `__PRECACHE__` a JSON array of relative paths.

use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::util::{self, Context, Result, cargo, fail, list_files, run, say, warn};
use crate::{budgets, single, tools};

/// The wasm crates, the file stems of their output and how wasm-opt optimises each: the page's
/// for size (-Os gzips ~1.5% smaller than -Oz here; the budgets count gzipped bytes), then its
/// worker's, which is not in the first load and runs the search and the playouts, for speed (-O3:
/// Sadeqa III's playouts ~4% faster in V8, 0.7 kB larger; docs/bench.md, session 18).
const WASM: [(&str, &str, &str); 2] =
    [("mancala-wasm", "mancala_wasm", "-Os"), ("mancala-worker", "mancala_worker", "-O3")];
/// Files (and folders, ending in `/`) that the precache list leaves out: the worker itself, the build description, the
/// single-file build (a download of its own) and the endgame tables (cached when first fetched).
const NOT_PRECACHED: [&str; 4] = ["sw.js", "build.json", single::FILE, TABLES];
/// The folder of the endgame tables' files.
const TABLES: &str = "tables/";
/// Hex digits of the content hash used in cache names.
const HASH_LEN: usize = 16;

pub fn dist_dir() -> PathBuf {
    util::root().join("dist")
}

/// What a build produced.
#[derive(Debug)]
pub struct Build {
    pub hash: String,
    pub files: Vec<String>,
}

/// Builds `dist/`.
pub fn build() -> Result<Build> {
    let root = util::root();
    let www = root.join("www");
    tools::ensure_wasm_target()?;
    let wasm_bindgen = tools::ensure_wasm_bindgen()?;

    let packages = WASM.iter().flat_map(|(krate, _, _)| ["-p", krate]);
    run(cargo().arg("build").args(packages).args(["--release", "--target", tools::WASM_TARGET]))?;

    // Per-process scratch names: several people may run dist (or test) at once.
    let pid = std::process::id();
    let staging = util::target_dir().join(format!("xtask/pkg-{pid}"));
    remove_dir(&staging)?;
    for (_, stem, level) in WASM {
        let wasm = util::target_dir().join(tools::WASM_TARGET).join("release").join(format!("{stem}.wasm"));
        run(Command::new(&wasm_bindgen.cli).args(["--target", "web", "--out-dir"]).arg(&staging).arg(&wasm))?;
        optimize(&staging.join(format!("{stem}_bg.wasm")), level)?;
    }

    // Assemble next to dist/ and swap, so a running server never sees a half-built site.
    let fresh = root.join(format!("dist.new-{pid}"));
    remove_dir(&fresh)?;
    if !www.join("index.html").is_file() {
        warn("www/index.html does not exist yet: dist/ holds only the wasm package");
    }
    util::copy_tree(&www, &fresh)?;
    util::copy_tree(&staging, &fresh.join("pkg"))?;
    remove_dir(&staging)?;
    game_texts(&fresh.join("i18n"))?;
    english_page(&fresh)?;
    // esbuild (npm, like the static server's Node) bundles the single file and the page.
    let esbuild = tools::node_bin("esbuild")?;
    let [page, worker] = WASM.map(|(_, stem, _)| format!("pkg/{stem}"));
    let (entry, mut first_load) = single::write(&fresh, &esbuild, &page, &worker)?; // not precached (issue 6)
    first_load.extend(bundle(&fresh, &esbuild, &entry)?);
    // Fetched by main.js as it starts, not preloaded (see `www/index.html`).
    first_load.extend([format!("{page}_bg.wasm"), "i18n/en.json".into()]);
    first_paint(&fresh, &mut first_load)?;
    tables(&fresh.join(TABLES))?;
    let build = describe(&fresh, Some(first_load))?;
    swap_in(&fresh, &dist_dir())?;

    say(format_args!("dist/ ready: {} files, build {}", build.files.len() + 1, build.hash));
    Ok(build)
}

/// Removes `dir` and everything in it, if it exists.
fn remove_dir(dir: &Path) -> Result {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e).at(dir),
        _ => Ok(()),
    }
}

/// Replaces `dist` with `fresh` by renames (retrying while another build swaps at the same time).
fn swap_in(fresh: &Path, dist: &Path) -> Result {
    let mut last = None;
    for attempt in 0..50 {
        let old = dist.with_file_name(format!("dist.old-{}-{attempt}", std::process::id()));
        let _ = std::fs::rename(dist, &old);
        let moved = std::fs::rename(fresh, dist);
        remove_dir(&old)?;
        match moved {
            Ok(()) => return Ok(()),
            Err(e) => last = Some(e),
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    Err(last.expect("at least one attempt")).at(dist)
}

/// Writes the endgame tables the site ships (issue 11; fetched on first use) into `dir` with
/// `mancala tables --shipped` (its lines to stderr), kept under target/ by the binary's hash: minutes.
fn tables(dir: &Path) -> Result {
    run(cargo().args(["build", "--release", "-p", "mancala-cli"]))?;
    let bin = util::target_dir().join("release/mancala");
    let cached =
        util::target_dir().join("xtask/tables").join(&util::sha256_hex(&std::fs::read(&bin).at(&bin)?)[..HASH_LEN]);
    if !cached.is_dir() {
        say("building the endgame tables the site ships (minutes, once per build of the engine)");
        let partial = cached.with_extension(format!("partial-{}", std::process::id()));
        run(Command::new(&bin).arg("tables").arg("--shipped").arg(&partial).stdout(std::io::stderr()))?;
        // Another build may have finished them first: theirs are the same.
        if std::fs::rename(&partial, &cached).is_err() {
            remove_dir(&partial)?;
        }
    }
    util::copy_tree(&cached, dir)
}

/// The section of the strings (`i18n/<lang>.json`) that [`game_texts`] writes.
const GAMES: &str = "games";
/// What a game's card in the first visit's welcome shows of its rules texts.
const CARD: [&str; 3] = ["name", "summary", "region"];

/// Copies each game's name, summary and region from every `rules.<lang>.json` in `dir` into the
/// [`GAMES`] section of that language's strings, `<lang>.json`, spliced in before its closing brace:
/// the first visit's welcome shows them with the strings instead of waiting for the rules texts
/// (fetched on first use), and the rules files stay their one source. The games keep the rules
/// file's order, which is the engine's: a first visit's welcome lists them before the engine is in.
fn game_texts(dir: &Path) -> Result {
    let read = |path: &Path| -> Result<(String, serde_json::Value)> {
        let text = std::fs::read_to_string(path).at(path)?;
        let value = serde_json::from_str(&text).map_err(|e| util::anyhow!("{}: {e}", path.display()))?;
        Ok((text, value))
    };
    for file in list_files(dir)? {
        let Some(lang) = file.strip_prefix("rules.").and_then(|f| f.strip_suffix(".json")) else { continue };
        let (_, rules) = read(&dir.join(&file))?;
        let games: serde_json::Map<String, serde_json::Value> = rules
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(_, text)| text.get("name").is_some())
            .map(|(id, text)| {
                let card = CARD.iter().filter_map(|&k| Some((k.to_owned(), text.get(k)?.clone()))).collect();
                (id.clone(), serde_json::Value::Object(card))
            })
            .collect();
        let path = dir.join(format!("{lang}.json"));
        let (text, strings) = read(&path)?;
        if strings.get(GAMES).is_some() {
            return fail(format_args!("{}: \"{GAMES}\" is written by the build (from {file})", path.display()));
        }
        let Some(body) = text.trim_end().strip_suffix('}') else {
            return fail(format_args!("{}: not an object", path.display()));
        };
        let games = serde_json::Value::Object(games);
        std::fs::write(&path, format!("{},\n  \"{GAMES}\": {games}\n}}\n", body.trim_end())).at(&path)?;
    }
    Ok(())
}

/// Writes the English strings (`i18n/en.json`, their one source) into `site`'s `index.html`: each
/// `[data-i18n]` element's text and each `[data-i18n-attr="attr:key;…"]` attribute. The page's
/// first paint reads as the page will, and English applied at start changes nothing in it (nothing
/// restyled); a key without an English string fails the build.
fn english_page(site: &Path) -> Result {
    use lol_html::html_content::ContentType;
    use lol_html::{RewriteStrSettings, element, rewrite_str};
    let en_path = site.join("i18n/en.json");
    let en: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&en_path).at(&en_path)?)?;
    let english = |key: &str| -> std::result::Result<String, String> {
        let found = key.split('.').try_fold(&en, |node, part| node.get(part)).and_then(serde_json::Value::as_str);
        found.map(str::to_owned).ok_or_else(|| format!("index.html: no English string \"{key}\" in i18n/en.json"))
    };
    let texts = element!("[data-i18n]", |el| {
        el.set_inner_content(&english(&el.get_attribute("data-i18n").unwrap_or_default())?, ContentType::Text);
        Ok(())
    });
    let attributes = element!("[data-i18n-attr]", |el| {
        for pair in el.get_attribute("data-i18n-attr").unwrap_or_default().split(';') {
            if let Some((name, key)) = pair.split_once(':') {
                el.set_attribute(name.trim(), &english(key.trim())?)?;
            }
        }
        Ok(())
    });
    let path = site.join("index.html");
    let html = std::fs::read_to_string(&path).at(&path)?;
    let settings = [texts, attributes]
        .into_iter()
        .fold(RewriteStrSettings::new(), RewriteStrSettings::append_element_content_handler);
    let out = rewrite_str(&html, settings).map_err(|e| util::anyhow!("{e}"))?;
    std::fs::write(&path, out).at(&path)
}

/// The page's stylesheet and first-paint script, inlined by [`first_paint`].
const STYLESHEET: &str = "css/app.css";
const FIRST_PAINT: &str = "js/first-paint.js";

/// Inlines `site`'s stylesheet and first-paint script (minified by [`bundle`]) into `index.html`,
/// each allowed by its hash in the page's CSP, so that the first paint waits for no request and
/// is already the page's (`html.embed`, a first visit's welcome: issue 14). The stylesheet leaves
/// the first load and the script's file the site; the single file inlines them its own way.
fn first_paint(site: &Path, first_load: &mut Vec<String>) -> Result {
    let read = |file: &str| std::fs::read_to_string(site.join(file)).at(&site.join(file));
    let (style, script) = (format!("\n{}", read(STYLESHEET)?), format!("\n{}", read(FIRST_PAINT)?.trim_end()));
    if style.to_ascii_lowercase().contains("</style") || script.to_ascii_lowercase().contains("</script") {
        return fail("the stylesheet or the first-paint script would end its inlined element early");
    }
    let mut html = read("index.html")?;
    let edits = [
        (
            format!("<link rel=\"stylesheet\" href=\"{STYLESHEET}\">"),
            format!("<script>{script}</script>\n  <style>{style}</style>"),
        ),
        ("script-src 'self'".to_owned(), format!("script-src 'self' {}", single::csp_hash(&script))),
        ("style-src 'self'".to_owned(), format!("style-src 'self' {}", single::csp_hash(&style))),
    ];
    for (from, to) in edits {
        if !html.contains(&from) {
            return fail(format!("index.html: no `{from}` for the first paint"));
        }
        html = html.replacen(&from, &to, 1);
    }
    std::fs::remove_file(site.join(FIRST_PAINT)).at(&site.join(FIRST_PAINT))?;
    first_load.retain(|file| file != STYLESHEET);
    std::fs::write(site.join("index.html"), html).at(site)
}

/// Runs wasm-opt (npm `binaryen`) at `level` over `wasm` in place, its results kept by input
/// hash and level.
fn optimize(wasm: &Path, level: &str) -> Result {
    let input = std::fs::read(wasm).at(wasm)?;
    let cache_dir = util::target_dir().join("xtask/wasm-opt");
    let cached = cache_dir.join(format!("{}{level}.wasm", util::sha256_hex(&input)));
    if !cached.is_file() {
        std::fs::create_dir_all(&cache_dir).at(&cache_dir)?;
        let partial = cached.with_extension(format!("partial-{}", std::process::id()));
        run(Command::new(tools::node_bin("wasm-opt")?).arg(level).arg(wasm).arg("-o").arg(&partial))?;
        std::fs::rename(&partial, &cached).at(&cached)?;
    }
    std::fs::copy(&cached, wasm).at(wasm)?;
    Ok(())
}

/// esbuild's options for the site's modules (the service worker stays as written: its
/// placeholders are filled in afterwards).
const ESBUILD: [&str; 5] = ["--minify", "--format=esm", "--target=es2022", "--charset=utf8", "--log-level=warning"];
/// Where the bundle is written first, inside the site (the metafile's paths stay relative to it).
const BUNDLE: &str = ".bundle";

/// Bundles the page's module script `entry` with esbuild in place of the modules it takes in
/// (`--splitting`: each `import()` stays a chunk, and the code it shares with the first load a
/// chunk of their own, all in `js/` beside the entry, where their `import.meta.url` is), preloads
/// the chunks the entry imports in `index.html`, and minifies the modules left one by one (the
/// computer player's worker and its wasm glue). Returns the entry and those chunks.
fn bundle(site: &Path, esbuild: &Path, entry: &str) -> Result<Vec<String>> {
    let meta_file = site.join(BUNDLE).join("meta.json");
    run(Command::new(esbuild)
        .current_dir(site)
        .args([entry, "--bundle", "--splitting", "--outbase=.", "--chunk-names=js/[name]-[hash]"])
        .args(ESBUILD)
        .arg(format!("--outdir={BUNDLE}"))
        .arg(format!("--metafile={}", meta_file.display())))?;
    let meta: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&meta_file).at(&meta_file)?)?;
    std::fs::remove_file(&meta_file).at(&meta_file)?;
    // The page's modules give way to the bundle; `pkg/` stays whole (the node tests and the bench
    // load the wasm-bindgen glue as it is).
    let inputs = meta["inputs"].as_object().into_iter().flatten().map(|(path, _)| path);
    for input in inputs.filter(|p| !p.starts_with("pkg/")).map(|path| site.join(path)) {
        std::fs::remove_file(&input).at(&input)?;
    }
    let left: Vec<String> = list_files(site)?.into_iter().filter(|f| f.ends_with(".js") && f != "sw.js").collect();
    run(Command::new(esbuild).current_dir(site).args(&left).args(ESBUILD).args(["--outdir=.", "--allow-overwrite"]))?;
    let output = |path: &str| &meta["outputs"][format!("{BUNDLE}/{path}")];
    let chunks: Vec<String> = output(entry)["imports"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|import| import["kind"] == "import-statement")
        .filter_map(|import| Some(import["path"].as_str()?.strip_prefix(BUNDLE)?.trim_start_matches('/').to_owned()))
        .collect();
    util::copy_tree(&site.join(BUNDLE), site)?;
    remove_dir(&site.join(BUNDLE))?;
    let html = std::fs::read_to_string(site.join("index.html")).at(site)?;
    let script = format!("<script type=\"module\" src=\"{entry}\"></script>");
    let preloads: String = chunks.iter().map(|c| format!("\n  <link rel=\"modulepreload\" href=\"{c}\">")).collect();
    std::fs::write(site.join("index.html"), html.replacen(&script, &format!("{script}{preloads}"), 1)).at(site)?;
    Ok([entry.to_owned()].into_iter().chain(chunks).collect())
}

/// Hashes the assembled site, writes `build.json` (with the first load of the files `first_load`
/// names, see [`budgets::describe`]) and fills in the service worker's placeholders.
fn describe(dir: &Path, first_load: Option<Vec<String>>) -> Result<Build> {
    let all: Vec<String> = list_files(dir)?.into_iter().filter(|f| f != "build.json").collect();
    let mut hasher = Sha256::new();
    for rel in &all {
        let bytes = std::fs::read(dir.join(rel)).at(&dir.join(rel))?;
        hasher.update(rel.as_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    let hash = hex::encode(hasher.finalize())[..HASH_LEN].to_owned();
    let files: Vec<String> = all
        .into_iter()
        .filter(|f| !NOT_PRECACHED.iter().any(|n| f == n || n.ends_with('/') && f.starts_with(n)))
        .collect();
    let first_load = first_load.map(|named| budgets::describe(dir, named)).transpose()?;
    let json = format!("{}\n", serde_json::json!({ "hash": hash, "files": files, "firstLoad": first_load }));
    std::fs::write(dir.join("build.json"), json).at(&dir.join("build.json"))?;

    let sw = dir.join("sw.js");
    if sw.is_file() {
        let text = std::fs::read_to_string(&sw).at(&sw)?;
        let filled = fill_placeholders(&text, &hash, &files);
        if filled == text {
            warn("www/sw.js has neither __BUILD_HASH__ nor __PRECACHE__; left as is");
        }
        std::fs::write(&sw, filled).at(&sw)?;
    }
    Ok(Build { hash, files })
}

fn fill_placeholders(text: &str, hash: &str, files: &[String]) -> String {
    text.replace("__BUILD_HASH__", hash).replace("__PRECACHE__", &serde_json::to_string(files).expect("strings"))
}

/// `cargo xtask dist`.
pub fn main(args: &[String]) -> Result {
    util::parse(args, "cargo xtask dist", |_| Ok(()))?;
    build().map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        let sw = "const CACHE = 'mancala-__BUILD_HASH__';\nconst FILES = __PRECACHE__;\n";
        let files = vec!["index.html".to_owned(), "pkg/mancala_wasm.js".to_owned()];
        assert_eq!(
            fill_placeholders(sw, "0123abcd", &files),
            "const CACHE = 'mancala-0123abcd';\nconst FILES = [\"index.html\",\"pkg/mancala_wasm.js\"];\n"
        );
    }

    #[test]
    fn copies_the_games_card_texts_into_the_strings() {
        let dir = std::env::temp_dir().join(format!("xtask-games-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let rules = r#"{"note": "x", "g2": {"name": "G", "summary": "2 × 6", "region": "R", "sections": []}, "g1": {"name": "H"}}"#;
        std::fs::write(dir.join("rules.it.json"), rules).unwrap();
        std::fs::write(dir.join("it.json"), "{\n  \"app\": {\"title\": \"T\"}\n}\n").unwrap();
        game_texts(&dir).unwrap();
        let strings: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("it.json")).unwrap()).unwrap();
        assert_eq!(
            strings,
            serde_json::json!({"app": {"title": "T"}, "games": {"g2": {"name": "G", "summary": "2 × 6", "region": "R"}, "g1": {"name": "H"}}})
        );
        // In the rules file's order (the welcome's before the engine is in), not sorted.
        let order: Vec<&String> = strings["games"].as_object().unwrap().keys().collect();
        assert_eq!(order, ["g2", "g1"]);
        // Twice is refused: the section is the build's.
        assert!(game_texts(&dir).unwrap_err().to_string().contains("\"games\" is written by the build"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writes_the_english_strings_into_the_page() {
        let dir = std::env::temp_dir().join(format!("xtask-english-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("i18n")).unwrap();
        std::fs::write(
            dir.join("i18n/en.json"),
            r#"{"app": {"title": "A & B", "menu": "Menu <1>"}, "n": {"one": "x"}}"#,
        )
        .unwrap();
        let page =
            "<h1 data-i18n=\"app.title\">old</h1><nav data-i18n-attr=\"aria-label: app.menu\" aria-label=\"x\"></nav>";
        std::fs::write(dir.join("index.html"), page).unwrap();
        english_page(&dir).unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.join("index.html")).unwrap(),
            "<h1 data-i18n=\"app.title\">A &amp; B</h1><nav data-i18n-attr=\"aria-label: app.menu\" aria-label=\"Menu <1>\"></nav>"
        );
        // A key with no English string (or a plural object) fails.
        std::fs::write(dir.join("index.html"), "<p data-i18n=\"n\"></p>").unwrap();
        assert!(english_page(&dir).unwrap_err().to_string().contains("no English string \"n\""));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inlines_the_first_paint() {
        let dir = std::env::temp_dir().join(format!("xtask-first-paint-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("css")).unwrap();
        std::fs::create_dir_all(dir.join("js")).unwrap();
        std::fs::write(dir.join(STYLESHEET), "p{}").unwrap();
        std::fs::write(dir.join(FIRST_PAINT), "go();\n").unwrap();
        let csp = "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self'; style-src 'self'\">";
        let page = format!("{csp}\n  <link rel=\"stylesheet\" href=\"css/app.css\">\n");
        std::fs::write(dir.join("index.html"), &page).unwrap();
        let mut first_load = vec!["index.html".to_owned(), STYLESHEET.to_owned(), "js/main.js".to_owned()];
        first_paint(&dir, &mut first_load).unwrap();
        let (script, style) = (single::csp_hash("\ngo();"), single::csp_hash("\np{}"));
        assert_eq!(
            std::fs::read_to_string(dir.join("index.html")).unwrap(),
            format!(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self' {script}; style-src 'self' \
                 {style}\">\n  <script>\ngo();</script>\n  <style>\np{{}}</style>\n"
            )
        );
        assert_eq!(first_load, ["index.html", "js/main.js"]);
        assert!(!dir.join(FIRST_PAINT).exists(), "the script's file leaves the site");
        // A page without the stylesheet's tag fails the build rather than ship a first paint unstyled.
        std::fs::write(dir.join(FIRST_PAINT), "go();").unwrap();
        std::fs::write(dir.join("index.html"), csp).unwrap();
        assert!(first_paint(&dir, &mut first_load).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn describes_a_site() {
        let dir = std::env::temp_dir().join(format!("xtask-dist-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::create_dir_all(dir.join(TABLES)).unwrap();
        // The tables are not precached (cached when first fetched).
        std::fs::write(dir.join(TABLES).join("a.bin"), b"t").unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
        std::fs::write(dir.join("pkg/x.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("sw.js"), "const C = '__BUILD_HASH__', F = __PRECACHE__;").unwrap();
        let first = describe(&dir, None).unwrap();
        assert_eq!(first.hash.len(), HASH_LEN);
        assert_eq!(first.files, ["index.html", "pkg/x.wasm"]);
        // Compared as JSON: serde_json keeps keys in order only with the workspace's features.
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("build.json")).unwrap()).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"files": ["index.html", "pkg/x.wasm"], "firstLoad": null, "hash": first.hash})
        );
        let sw = std::fs::read_to_string(dir.join("sw.js")).unwrap();
        assert_eq!(sw, format!("const C = '{}', F = [\"index.html\",\"pkg/x.wasm\"];", first.hash));

        // Any content change gives a new hash.
        std::fs::write(dir.join("pkg/x.wasm"), b"\0asm\x01").unwrap();
        std::fs::write(dir.join("sw.js"), "const C = '__BUILD_HASH__', F = __PRECACHE__;").unwrap();
        let second = describe(&dir, None).unwrap();
        assert_ne!(first.hash, second.hash);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
