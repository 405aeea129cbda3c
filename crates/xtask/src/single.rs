//! The single-file build: `dist/mancala-atlas.html`, the whole game in one HTML file that plays
//! when opened from disk (`file://`, by double-click), computer player included.
//!
//! ES modules cannot load from `file://`, so the modules reachable from the page's module script
//! (and every module a module starts by `new URL('x.js', import.meta.url)`, such as the computer
//! player's worker) become functions of one classic inline script ([`RUNTIME`]): `import` lines
//! turn into `require` calls, `export` keywords into a returned object of getters, and
//! `import.meta.url` into the module's URL under a made-up base. The wasm is inlined in base64 and
//! instantiated with wasm-bindgen's `initSync`; the i18n texts are inlined and served by a `fetch`
//! that only knows them; the worker is a Blob of the script's own text. Stylesheets become `<style>`
//! elements and the favicon a `data:` URL. The Content-Security-Policy is rewritten to allow exactly
//! the inlined script and styles (by hash), `'wasm-unsafe-eval'` and `blob:` workers.
//!
//! The transformation is deliberately narrow: an import or export form it does not know, a bare
//! specifier, a dynamic `import()`, a cycle, or a name imported but not exported is an error that
//! names the file, so the build never produces a file that fails at run time in a way nobody saw.

use std::collections::BTreeMap;
use std::path::Path;

use crate::site::{attr, attributes, local};
use base64::Engine;
use sha2::Digest;

use crate::util::{Context, Result, fail, list_files, say, warn};

/// The file written next to `index.html`.
pub const FILE: &str = "mancala-atlas.html";
/// The page the file is made from.
const PAGE: &str = "index.html";
/// The classic script around the modules, with `/*@…@*/` placeholders.
const RUNTIME: &str = include_str!("single.js");
/// Folder whose `.json` files modules may fetch.
const TEXTS: &str = "i18n/";

/// Writes `site/mancala-atlas.html` from the assembled site in `site`.
///
/// A page the bundler cannot handle (a new kind of tag or import) is a warning, not an error: the
/// rest of the site still builds and serves, and the single file's end-to-end test fails because
/// the file is missing, naming the reason printed here.
pub fn write(site: &Path) -> Result {
    let page = site.join(PAGE);
    let html = match std::fs::read_to_string(&page) {
        Ok(html) => html,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).at(&page),
    };
    match build(site, &html) {
        Ok(single) => {
            let out = site.join(FILE);
            std::fs::write(&out, &single).at(&out)?;
            say(format_args!("single file: {FILE}, {} bytes", single.len()));
        }
        Err(e) => warn(format_args!("single-file build skipped ({FILE} not written): {e}")),
    }
    Ok(())
}

/// The single file's text.
fn build(site: &Path, html: &str) -> Result<String> {
    let page = scan_page(site, html)?;
    let script = bundle(site, &page.entry)?;
    if contains_ignore_case(&script, "</script") || script.contains("<!--") {
        return fail("the bundled script contains `</script` or `<!--`, which would end it early");
    }
    let script = format!("\n{script}\n");
    let mut csp = format!("default-src 'none'; script-src {} 'wasm-unsafe-eval'; style-src", csp_hash(&script));
    for style in &page.styles {
        csp.push(' ');
        csp.push_str(&csp_hash(style));
    }
    csp.push_str("; img-src data:; worker-src blob:; base-uri 'none'; form-action 'none'");
    let meta = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">");
    let html = if page.html.contains(CSP_MARK) {
        page.html.replace(CSP_MARK, &meta)
    } else {
        page.html.replacen("</head>", &format!("  {meta}\n</head>"), 1)
    };
    let out = html.replacen("</body>", &format!("<script>{script}</script>\n</body>"), 1);
    Ok(out)
}

/// Where the rewritten CSP goes (a page without one gets it at the end of its head).
const CSP_MARK: &str = "<!--@CSP@-->";

/// `index.html` with stylesheets inlined and the module script taken out.
#[derive(Debug)]
struct Page {
    html: String,
    /// The module script's path, e.g. `js/main.js`.
    entry: String,
    /// Every `<style>` element's text, for the CSP.
    styles: Vec<String>,
}

fn scan_page(site: &Path, html: &str) -> Result<Page> {
    let mut out = String::with_capacity(html.len());
    let mut entry = None;
    let mut styles = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let Some(end) = rest.find('>') else { return fail(format!("{PAGE}: a tag is not closed")) };
        let tag = &rest[..=end];
        let name: String = tag[1..].chars().take_while(char::is_ascii_alphanumeric).collect();
        let attrs = attributes(tag);
        let get = |key: &str| attr(&attrs, key);
        let mut after = &rest[end + 1..];
        let replacement = match name.as_str() {
            "link" => match (get("rel"), get("href")) {
                (Some("stylesheet"), Some(href)) => {
                    let css = read_text(site, href)?;
                    if contains_ignore_case(&css, "</style") || css.contains("url(") {
                        return fail(format!("{href}: `</style` or `url(` cannot be inlined"));
                    }
                    let css = format!("\n{css}");
                    let element = format!("<style>{css}</style>");
                    styles.push(css);
                    element
                }
                (Some("icon"), Some(href)) => {
                    let bytes = std::fs::read(site.join(href)).at(&site.join(href))?;
                    let mime = crate::serve::mime_type(Path::new(href));
                    let mime = mime.split(';').next().unwrap_or(mime);
                    tag.replacen(
                        &format!("href=\"{href}\""),
                        &format!("href=\"data:{mime};base64,{}\"", base64(&bytes)),
                        1,
                    )
                }
                (Some("modulepreload" | "preload" | "manifest" | "apple-touch-icon"), _) => String::new(),
                _ => return fail(format!("{PAGE}: cannot inline {tag}")),
            },
            "script" => {
                let Some(close) = after.find("</script>") else { return fail(format!("{PAGE}: unclosed {tag}")) };
                if !after[..close].trim().is_empty() || get("type") != Some("module") {
                    return fail(format!("{PAGE}: only `<script type=\"module\" src=…></script>` is supported"));
                }
                let Some(src) = get("src") else { return fail(format!("{PAGE}: {tag} has no src")) };
                if entry.replace(src.to_owned()).is_some() {
                    return fail(format!("{PAGE}: more than one module script"));
                }
                after = &after[close + "</script>".len()..];
                String::new()
            }
            "meta" if get("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-security-policy")) => {
                CSP_MARK.to_owned()
            }
            _ => {
                for key in ["src", "href"] {
                    if let Some(v) = get(key)
                        && !v.starts_with('#')
                        && !v.starts_with("data:")
                        && !v.starts_with("https:")
                    {
                        return fail(format!("{PAGE}: {tag} refers to a file that is not inlined"));
                    }
                }
                tag.to_owned()
            }
        };
        // A tag removed whole leaves no blank line behind.
        if replacement.is_empty() && out.ends_with(' ') && after.starts_with('\n') {
            out.truncate(out.trim_end_matches(' ').len());
            after = &after[1..];
        }
        out.push_str(&replacement);
        rest = after;
    }
    out.push_str(rest);
    let Some(entry) = entry else { return fail(format!("{PAGE} has no module script")) };
    if !out.contains("</body>") {
        return fail(format!("{PAGE} has no </body>"));
    }
    Ok(Page { html: out, entry: resolve("", &entry)?, styles })
}

fn read_text(site: &Path, rel: &str) -> Result<String> {
    let path = site.join(rel);
    std::fs::read_to_string(&path).at(&path)
}

fn contains_ignore_case(haystack: &str, needle: &str) -> bool {
    haystack.to_ascii_lowercase().contains(needle)
}

/// A CSP source for `text`: `'sha256-<base64>'`.
fn csp_hash(text: &str) -> String {
    format!("'sha256-{}'", base64(&sha2::Sha256::digest(text.as_bytes())))
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(data)
}

/// `s` as a JSON string literal.
fn json_string(s: &str) -> String {
    serde_json::Value::from(s).to_string()
}

/// Resolves an import specifier (`./x.js`, `../pkg/y.js`) against the module at `from`.
fn resolve(from: &str, spec: &str) -> Result<String> {
    if !(spec.starts_with("./") || spec.starts_with("../") || (from.is_empty() && !spec.starts_with('/'))) {
        return fail(format!("{from}: cannot bundle the import of `{spec}` (only relative paths)"));
    }
    let folder = from.rsplit_once('/').map_or("", |(folder, _)| folder);
    local(spec, folder).map_or_else(|| fail(format!("{from}: `{spec}` leads out of the site")), Ok)
}

/// One module, rewritten as the body of a function `(require, __moduleUrl) => exports`.
#[derive(Debug, Default)]
struct Module {
    body: String,
    /// Modules imported, with the names taken from each (`default` included).
    imports: Vec<(String, Vec<String>)>,
    /// Modules started by URL (`new URL('./x.js', import.meta.url)`).
    started: Vec<String>,
    /// Exported name → local name.
    exports: Vec<(String, String)>,
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

fn leading_ident(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')).unwrap_or(s.len());
    &s[..end]
}

/// The text between the first pair of matching quotes in `s`, and what follows it.
fn quoted(s: &str) -> Option<(&str, &str)> {
    let start = s.find(['\'', '"'])?;
    let quote = s[start..].chars().next()?;
    let len = s[start + 1..].find(quote)?;
    Some((&s[start + 1..start + 1 + len], &s[start + 2 + len..]))
}

/// Whether a line is (the rest of) a comment, where `import(` may appear in JSDoc types.
fn is_comment(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("//") || t.starts_with('*') || t.starts_with("/*")
}

fn transform(path: &str, text: &str) -> Result<Module> {
    let mut m = Module::default();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    let mut deps = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if line.starts_with("import ") || line.starts_with("import{") {
            let mut statement = line.to_owned();
            // Until the statement names its module: `… from '…'`, or `import '…'` alone.
            let complete = |s: &str| {
                s["import".len()..].trim_start().starts_with(['\'', '"'])
                    || s.rsplit_once(" from ").is_some_and(|(_, from)| quoted(from).is_some())
            };
            while !complete(&statement) {
                let Some(next) = lines.get(i) else { return fail(format!("{path}: unfinished import")) };
                statement.push(' ');
                statement.push_str(next.trim());
                i += 1;
            }
            let code = import(path, &statement, deps, &mut m)?;
            deps += 1;
            m.body.push_str(&code);
            m.body.push('\n');
        } else if let Some(rest) = line.strip_prefix("export ") {
            let mut statement = rest.to_owned();
            if statement.starts_with('{') {
                while !statement.contains('}') {
                    let Some(next) = lines.get(i) else { return fail(format!("{path}: unfinished export")) };
                    statement.push(' ');
                    statement.push_str(next.trim());
                    i += 1;
                }
                let (list, tail) = statement[1..].split_once('}').unwrap_or_default();
                if tail.trim().trim_end_matches(';').trim() != "" {
                    return fail(format!("{path}: cannot bundle `export {{…}} from` (re-exports)"));
                }
                for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let (local, name) = item.split_once(" as ").unwrap_or((item, item));
                    m.exports.push((name.trim().to_owned(), local.trim().to_owned()));
                }
                m.body.push('\n');
                continue;
            }
            if let Some(value) = statement.strip_prefix("default ") {
                let named = ["function ", "async function ", "class ", "function* "]
                    .iter()
                    .find_map(|k| value.strip_prefix(k).map(|r| leading_ident(r.trim_start_matches('*').trim_start())));
                match named {
                    Some(name) if is_ident(name) => {
                        m.exports.push(("default".into(), name.into()));
                        statement = value.to_owned();
                    }
                    _ => {
                        m.exports.push(("default".into(), "__default".into()));
                        statement = format!("const __default = {value}");
                    }
                }
            } else {
                let decl = [
                    "async function* ",
                    "async function ",
                    "function* ",
                    "function ",
                    "class ",
                    "const ",
                    "let ",
                    "var ",
                ]
                .iter()
                .find_map(|k| statement.strip_prefix(k));
                let Some(decl) = decl else { return fail(format!("{path}: cannot bundle `export {statement}`")) };
                let name = leading_ident(decl.trim_start());
                if !is_ident(name) {
                    return fail(format!("{path}: cannot bundle `export {statement}` (one plain name per export)"));
                }
                m.exports.push((name.to_owned(), name.to_owned()));
            }
            let code = code_line(path, i, &statement, &mut m)?;
            m.body.push_str(&code);
            m.body.push('\n');
        } else {
            let code = code_line(path, i, line, &mut m)?;
            m.body.push_str(&code);
            m.body.push('\n');
        }
    }
    Ok(m)
}

/// `line` without `/* … */` comments (such as JSDoc casts, which may name `import('…')` types).
fn without_block_comments(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        match rest[start..].find("*/") {
            Some(end) => rest = &rest[start + end + 2..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// A line of code: `import.meta.url` becomes the module's URL; modules started by URL are noted.
fn code_line(path: &str, number: usize, line: &str, m: &mut Module) -> Result<String> {
    let code = without_block_comments(line);
    if !is_comment(line) && (code.contains("import(") || code.contains("import (")) {
        return fail(format!("{path}:{number}: cannot bundle a dynamic import()"));
    }
    let mut rest = line;
    while let Some(at) = rest.find("new URL(") {
        rest = &rest[at + "new URL(".len()..];
        if let Some((target, after)) = quoted(rest)
            && rest.trim_start().starts_with(['\'', '"'])
            && after.trim_start().starts_with(", import.meta.url")
            && target.ends_with(".js")
        {
            m.started.push(resolve(path, target)?);
        }
    }
    let line = line.replace("import.meta.url", "__moduleUrl");
    if line.contains("import.meta") {
        return fail(format!("{path}:{number}: cannot bundle `import.meta` other than `import.meta.url`"));
    }
    Ok(line)
}

/// Rewrites one import statement as `const` lines reading from `require`.
fn import(path: &str, statement: &str, n: usize, m: &mut Module) -> Result<String> {
    let statement = statement.trim().trim_end_matches(';');
    let rest = statement["import".len()..].trim();
    let (clause, spec) = if rest.starts_with(['\'', '"']) {
        ("", quoted(rest).map(|q| q.0))
    } else {
        match rest.rsplit_once(" from ") {
            Some((clause, from)) => (clause.trim(), quoted(from).map(|q| q.0)),
            None => ("", None),
        }
    };
    let Some(spec) = spec else { return fail(format!("{path}: cannot read `{statement}`")) };
    let target = resolve(path, spec)?;
    let var = format!("__import{n}");
    let mut code = format!("const {var} = require({});", json_string(&target));
    let mut names = Vec::new();
    let bad = || fail(format!("{path}: cannot bundle `{statement}`"));
    let mut clause = clause;
    while !clause.is_empty() {
        if let Some(list) = clause.strip_prefix('{') {
            let Some((list, tail)) = list.split_once('}') else { return bad() };
            let mut fields = Vec::new();
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (name, local) = item.split_once(" as ").map_or((item, item), |(a, b)| (a.trim(), b.trim()));
                if !is_ident(name) || !is_ident(local) {
                    return bad();
                }
                names.push(name.to_owned());
                fields.push(if name == local { name.to_owned() } else { format!("{name}: {local}") });
            }
            code.push_str(&format!(" const {{ {} }} = {var};", fields.join(", ")));
            clause = tail.trim().trim_start_matches(',').trim();
        } else if let Some(ns) = clause.strip_prefix("* as ") {
            let local = leading_ident(ns.trim());
            if !is_ident(local) {
                return bad();
            }
            code.push_str(&format!(" const {local} = {var};"));
            clause = ns.trim()[local.len()..].trim().trim_start_matches(',').trim();
        } else {
            let local = leading_ident(clause);
            if !is_ident(local) {
                return bad();
            }
            names.push("default".into());
            code.push_str(&format!(" const {local} = {var}.default;"));
            clause = clause[local.len()..].trim().trim_start_matches(',').trim();
        }
    }
    m.imports.push((target, names));
    Ok(code)
}

/// The classic script holding every module reachable from `entry`.
fn bundle(site: &Path, entry: &str) -> Result<String> {
    let mut modules: BTreeMap<String, Module> = BTreeMap::new();
    let mut todo = vec![entry.to_owned()];
    while let Some(path) = todo.pop() {
        if modules.contains_key(&path) {
            continue;
        }
        let module = transform(&path, &read_text(site, &path)?)?;
        todo.extend(module.imports.iter().map(|(p, _)| p.clone()));
        todo.extend(module.started.iter().cloned());
        modules.insert(path, module);
    }
    // Every imported name must be exported, and imports must not go round in a circle.
    for (path, module) in &modules {
        for (dep, names) in &module.imports {
            let exported = &modules[dep].exports;
            if let Some(name) = names.iter().find(|n| !exported.iter().any(|(e, _)| e == *n)) {
                return fail(format!("{path} imports `{name}` from {dep}, which does not export it"));
            }
        }
    }
    for path in modules.keys() {
        check_cycles(&modules, path, &mut Vec::new())?;
    }

    let mut texts = Vec::new();
    let mut wasm = Vec::new();
    let mut glue = Vec::new();
    for rel in list_files(site)? {
        if rel.starts_with(TEXTS) && rel.ends_with(".json") {
            // `<` escaped, so that no text can end the script element early.
            let text = json_string(&read_text(site, &rel)?).replace('<', "\\u003c");
            texts.push(format!("{}: {text}", json_string(&rel)));
        }
    }
    for path in modules.keys() {
        let Some(stem) = path.strip_suffix(".js") else { continue };
        let bg = format!("{stem}_bg.wasm");
        if site.join(&bg).is_file() {
            let bytes = std::fs::read(site.join(&bg)).at(&site.join(&bg))?;
            wasm.push(format!("{}: \"{}\"", json_string(&bg), base64(&bytes)));
            glue.push(format!("{}: {}", json_string(path), json_string(&bg)));
        }
    }
    let mut code = String::new();
    for (path, module) in &modules {
        let getters: Vec<String> =
            module.exports.iter().map(|(name, local)| format!("get {name}() {{ return {local}; }}")).collect();
        code.push_str(&format!(
            "MODULES[{}] = function (require, __moduleUrl) {{\n{}return {{ {} }};\n}};\n",
            json_string(path),
            module.body,
            getters.join(", ")
        ));
    }
    let table = |items: &[String]| {
        if items.is_empty() { "{}".to_owned() } else { format!("{{\n    {}\n  }}", items.join(",\n    ")) }
    };
    Ok(RUNTIME
        .replace("/*@FILES@*/", &table(&texts))
        .replace("/*@WASM@*/", &table(&wasm))
        .replace("/*@GLUE@*/", &table(&glue))
        .replace("/*@ENTRY@*/", &json_string(entry))
        .replace("  /*@MODULES@*/\n", &code))
}

fn check_cycles(modules: &BTreeMap<String, Module>, path: &str, stack: &mut Vec<String>) -> Result {
    if let Some(at) = stack.iter().position(|p| p == path) {
        return fail(format!("import cycle: {} → {path}", stack[at..].join(" → ")));
    }
    stack.push(path.to_owned());
    for (dep, _) in &modules[path].imports {
        check_cycles(modules, dep, stack)?;
    }
    stack.pop();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_and_hashes() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(csp_hash("alert(1)"), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    }

    #[test]
    fn resolves_relative_paths() {
        assert_eq!(resolve("js/app.js", "./engine.js").unwrap(), "js/engine.js");
        assert_eq!(resolve("js/engine.js", "../pkg/mancala_wasm.js").unwrap(), "pkg/mancala_wasm.js");
        assert_eq!(resolve("", "js/main.js").unwrap(), "js/main.js");
        assert!(resolve("js/app.js", "lodash").is_err());
        assert!(resolve("js/app.js", "../../x.js").is_err());
    }

    #[test]
    fn rewrites_imports_and_exports() {
        let text = "// @ts-check\n\
            import init, * as wasm from '../pkg/w.js';\n\
            import { a, b as c } from './a.js';\n\
            import {\n  d,\n  e,\n} from \"./d.js\";\n\
            /** @type {import('./x.js').T} */\n\
            export const K = /** @type {import('./x.js').T} */ (1);\n\
            export async function go() { return new Worker(new URL('./w.worker.js', import.meta.url)); }\n\
            export class Box {}\n\
            function hidden() {}\n\
            export { hidden as shown, init };\n";
        let m = transform("js/m.js", text).unwrap();
        assert_eq!(
            m.body,
            "// @ts-check\n\
             const __import0 = require(\"pkg/w.js\"); const init = __import0.default; const wasm = __import0;\n\
             const __import1 = require(\"js/a.js\"); const { a, b: c } = __import1;\n\
             const __import2 = require(\"js/d.js\"); const { d, e } = __import2;\n\
             /** @type {import('./x.js').T} */\n\
             const K = /** @type {import('./x.js').T} */ (1);\n\
             async function go() { return new Worker(new URL('./w.worker.js', __moduleUrl)); }\n\
             class Box {}\n\
             function hidden() {}\n\n"
        );
        let imports: Vec<(&str, Vec<&str>)> =
            m.imports.iter().map(|(p, n)| (p.as_str(), n.iter().map(String::as_str).collect())).collect();
        assert_eq!(imports, [("pkg/w.js", vec!["default"]), ("js/a.js", vec!["a", "b"]), ("js/d.js", vec!["d", "e"])]);
        assert_eq!(m.started, ["js/w.worker.js"]);
        let exports: Vec<(&str, &str)> = m.exports.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        assert_eq!(exports, [("K", "K"), ("go", "go"), ("Box", "Box"), ("shown", "hidden"), ("init", "init")]);
    }

    #[test]
    fn refuses_what_it_cannot_bundle() {
        for text in [
            "export * from './a.js';\n",
            "export { a } from './a.js';\n",
            "export const { a, b } = c;\n",
            "const m = await import('./a.js');\n",
            "const g = /** @type {X} */ (import('./a.js'));\n",
            "console.log(import.meta.env);\n",
            "import x from 'package';\n",
        ] {
            assert!(transform("js/m.js", text).is_err(), "{text}");
        }
    }

    #[test]
    fn bundles_a_small_site() {
        let dir = std::env::temp_dir().join(format!("xtask-single-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for sub in ["js", "css", "i18n", "pkg"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let html = "<!doctype html>\n<html>\n<head>\n  \
            <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'\">\n  \
            <link rel=\"icon\" href=\"favicon.svg\" type=\"image/svg+xml\">\n  \
            <link rel=\"manifest\" href=\"manifest.webmanifest\">\n  \
            <link rel=\"stylesheet\" href=\"css/app.css\">\n  \
            <script type=\"module\" src=\"js/main.js\"></script>\n</head>\n\
            <body><a href=\"#b\">skip</a></body>\n</html>\n";
        std::fs::write(dir.join("index.html"), html).unwrap();
        std::fs::write(dir.join("favicon.svg"), "<svg/>").unwrap();
        std::fs::write(dir.join("css/app.css"), "body { margin: 0; }\n").unwrap();
        std::fs::write(dir.join("i18n/en.json"), "{\"a\": \"</b>\"}\n").unwrap();
        std::fs::write(dir.join("pkg/w.js"), "export function initSync() {}\nexport { initSync as default };\n")
            .unwrap();
        std::fs::write(dir.join("pkg/w_bg.wasm"), b"\0asm").unwrap();
        std::fs::write(dir.join("js/main.js"), "import init from '../pkg/w.js';\ninit();\n").unwrap();
        let out = build(&dir, html).unwrap();
        assert!(out.contains("<link rel=\"icon\" href=\"data:image/svg+xml;base64,PHN2Zy8+\" type=\"image/svg+xml\">"));
        assert!(!out.contains("manifest") && !out.contains("type=\"module\""));
        assert!(out.contains("<style>\nbody { margin: 0; }\n</style>"));
        assert!(out.contains("\"i18n/en.json\": \"{\\\"a\\\": \\\"\\u003c/b>\\\"}\\n\""), "{out}");
        assert!(out.contains("\"pkg/w_bg.wasm\": \"AGFzbQ==\""));
        assert!(out.contains("\"pkg/w.js\": \"pkg/w_bg.wasm\""));
        assert!(out.contains("const entry = inPage ? \"js/main.js\" : global.MANCALA_ENTRY;"));
        assert!(out.contains("MODULES[\"js/main.js\"] = function (require, __moduleUrl) {\nconst __import0"));
        let script_start = out.find("<script>").unwrap() + "<script>".len();
        let script = &out[script_start..out.find("</script>").unwrap()];
        let style_start = out.find("<style>").unwrap() + "<style>".len();
        let style = &out[style_start..out.find("</style>").unwrap()];
        let csp = format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src {} \
             'wasm-unsafe-eval'; style-src {}; img-src data:; worker-src blob:; base-uri 'none'; form-action 'none'\">",
            csp_hash(script),
            csp_hash(style)
        );
        assert!(out.contains(&csp), "{out}");
        assert!(out.contains("\n<head>\n  <meta http-equiv"), "no blank lines left: {out}");

        std::fs::write(dir.join("js/main.js"), "import { nope } from '../pkg/w.js';\n").unwrap();
        let err = build(&dir, html).unwrap_err().0;
        assert_eq!(err, "js/main.js imports `nope` from pkg/w.js, which does not export it");
        std::fs::write(dir.join("js/main.js"), "import './b.js';\n").unwrap();
        std::fs::write(dir.join("js/b.js"), "import './main.js';\n").unwrap();
        assert!(build(&dir, html).unwrap_err().0.starts_with("import cycle: "));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
