//! The single-file build: `dist/mancala-atlas.html`, the whole game in one HTML file that plays
//! when opened from disk (`file://`, by double-click), computer player included.
//!
//! ES modules cannot load from `file://`, so esbuild bundles the page's module script and every
//! `*.worker.js` into one classic inline script (`--format=iife`): a small entry instantiates the
//! worker's wasm (inlined by esbuild's `binary` loader) with wasm-bindgen's `initSync`, then starts
//! the page's module, or the worker's when the script runs as the computer player's worker. The
//! worker's wasm has everything the page's has, so the page's glue is bundled as a re-export of
//! the worker's and the file carries one wasm, not two. The
//! injected [`RUNTIME`] stands in for `fetch` (the inlined i18n texts) and `Worker` (a Blob of the
//! script's own text). Stylesheets become `<style>` elements and the favicon a `data:` URL; the
//! Content-Security-Policy allows exactly the inlined script and styles (by hash),
//! `'wasm-unsafe-eval'` and `blob:` workers.

use std::cell::RefCell;
use std::path::Path;
use std::process::Command;

use base64::Engine;
use lol_html::html_content::ContentType;
use lol_html::{RewriteStrSettings, element, rewrite_str, text};
use serde_json::Value;
use sha2::Digest;

use crate::util::{self, Context, Result, fail, list_files, run};

/// The file written next to `index.html`.
pub const FILE: &str = "mancala-atlas.html";
/// The page the file is made from.
const PAGE: &str = "index.html";
/// The module injected into the bundle.
const RUNTIME: &str = include_str!("single.js");
/// Folder whose `.json` files the modules fetch.
const TEXTS: &str = "i18n/";
/// Where the rewritten CSP goes (a page without one gets it at the end of its head).
const CSP_MARK: &str = "<!--@CSP@-->";

/// Writes `site/mancala-atlas.html` from the assembled site with esbuild; `glue` and
/// `worker_glue` are the page's and the worker's wasm-bindgen modules without `.js`
/// (`pkg/mancala_wasm`, `pkg/mancala_worker`). Returns the page's module script (`js/main.js`)
/// and the files its tags load (the page, stylesheets, icons, preloads).
pub fn write(site: &Path, esbuild: &Path, glue: &str, worker_glue: &str) -> Result<(String, Vec<String>)> {
    let html = std::fs::read_to_string(site.join(PAGE)).at(&site.join(PAGE))?;
    let page = scan_page(site, &html)?;
    // For the bundle only, the page's glue re-exports the worker's (see the module's doc).
    let page_glue = site.join(format!("{glue}.js"));
    let original = std::fs::read(&page_glue).at(&page_glue)?;
    let name = Path::new(worker_glue).file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let shim = format!("export * from './{name}.js';\nexport {{ default }} from './{name}.js';\n");
    std::fs::write(&page_glue, shim).at(&page_glue)?;
    let bundled = bundle(site, esbuild, worker_glue, &page.entry);
    std::fs::write(&page_glue, original).at(&page_glue)?;
    let script = bundled?;
    if script.to_ascii_lowercase().contains("</script") || script.contains("<!--") {
        return fail("the bundled script contains `</script` or `<!--`, which would end it early");
    }
    let script = format!("\n{script}");
    let styles: Vec<String> = page.styles.iter().map(|s| csp_hash(s)).collect();
    let csp = format!(
        "default-src 'none'; script-src {} 'wasm-unsafe-eval'; style-src {}; img-src data:; worker-src blob:; \
         base-uri 'none'; form-action 'none'",
        csp_hash(&script),
        styles.join(" ")
    );
    let meta_tag = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{csp}\">");
    let html = match page.html.contains(CSP_MARK) {
        true => page.html.replace(CSP_MARK, &meta_tag),
        false => page.html.replacen("</head>", &format!("  {meta_tag}\n</head>"), 1),
    };
    let out = html.replacen("</body>", &format!("<script>{script}</script>\n</body>"), 1);
    std::fs::write(site.join(FILE), &out).at(&site.join(FILE))?;
    util::say(format_args!("single file: {FILE}, {} bytes", out.len()));
    Ok((page.entry, page.loads))
}

/// `index.html` with stylesheets inlined and the module script taken out.
#[derive(Debug)]
struct Page {
    html: String,
    /// The module script's path, e.g. `js/main.js`.
    entry: String,
    /// Every `<style>` element's text, for the CSP.
    styles: Vec<String>,
    /// What the tags load: the page, stylesheets, icons, preloads.
    loads: Vec<String>,
}

/// Inlines `html`'s stylesheets and icon, removes its module script, preloads and manifest, and
/// marks its CSP for [`CSP_MARK`] (lol_html rewrites the tags); any other tag that refers to a
/// file fails, since the single file could not load it.
fn scan_page(site: &Path, html: &str) -> Result<Page> {
    let page =
        RefCell::new(Page { html: String::new(), entry: String::new(), styles: Vec::new(), loads: vec![PAGE.into()] });
    let read = |href: &str| std::fs::read(site.join(href)).map_err(|e| format!("{href}: {e}"));
    let links = element!("link", |el| {
        let (rel, href) = (el.get_attribute("rel").unwrap_or_default(), el.get_attribute("href").unwrap_or_default());
        let mut page = page.borrow_mut();
        match rel.as_str() {
            "stylesheet" => {
                let css = String::from_utf8(read(&href)?)?;
                if css.to_ascii_lowercase().contains("</style") || css.contains("url(") {
                    return Err(format!("{href}: `</style` or `url(` cannot be inlined").into());
                }
                el.replace(&format!("<style>\n{css}</style>"), ContentType::Html);
                page.styles.push(format!("\n{css}"));
            }
            "icon" => {
                let mime = if href.ends_with(".svg") { "image/svg+xml" } else { "image/png" };
                el.set_attribute("href", &format!("data:{mime};base64,{}", base64(&read(&href)?)))?;
            }
            "modulepreload" | "preload" | "manifest" | "apple-touch-icon" | "expect" => el.remove(),
            _ => return Err(format!("cannot inline <link rel=\"{rel}\">").into()),
        }
        if matches!(rel.as_str(), "stylesheet" | "icon" | "modulepreload" | "preload") {
            page.loads.push(href);
        }
        Ok(())
    });
    let script = element!("script", |el| {
        let mut page = page.borrow_mut();
        match (el.get_attribute("type").as_deref(), el.get_attribute("src")) {
            (Some("module"), Some(src)) if page.entry.is_empty() => page.entry = src.trim_start_matches("./").into(),
            _ => return Err("only one `<script type=\"module\" src=…></script>` is supported".into()),
        }
        el.remove();
        Ok(())
    });
    let script_text = text!("script", |t| match t.as_str().trim().is_empty() {
        true => Ok(()),
        false => Err("the module script must be empty".into()),
    });
    let csp = element!("meta[http-equiv]", |el| {
        if el.get_attribute("http-equiv").is_some_and(|v| v.eq_ignore_ascii_case("content-security-policy")) {
            el.replace(CSP_MARK, ContentType::Html);
        }
        Ok(())
    });
    let others = element!("[src], [href]", |el| {
        let url = el.get_attribute("src").or_else(|| el.get_attribute("href")).unwrap_or_default();
        let inlined = url.starts_with('#') || url.starts_with("data:") || url.starts_with("https:");
        match matches!(el.tag_name().as_str(), "link" | "script") || inlined {
            true => Ok(()),
            false => Err(format!("<{} …{url}…> refers to a file that is not inlined", el.tag_name()).into()),
        }
    });
    let settings = [links, script, script_text, csp, others]
        .into_iter()
        .fold(RewriteStrSettings::new(), RewriteStrSettings::append_element_content_handler);
    let out = rewrite_str(html, settings).map_err(|e| util::anyhow!("{PAGE}: {e}"))?;
    let mut page = page.into_inner();
    // A tag removed whole leaves no line of indentation behind.
    page.html = out.split_inclusive('\n').filter(|l| !l.trim().is_empty() || *l == "\n").collect();
    if page.entry.is_empty() || !page.html.contains("</body>") {
        return fail(format!("{PAGE} needs a module script and a </body>"));
    }
    Ok(page)
}

/// Bundles the page's module and the workers into one classic script with esbuild.
fn bundle(site: &Path, esbuild: &Path, glue: &str, entry: &str) -> Result<String> {
    let work = util::target_dir().join(format!("xtask/single-{}", std::process::id()));
    std::fs::create_dir_all(&work).at(&work)?;
    let mut texts = serde_json::Map::new();
    let mut starts = vec![entry.to_owned()];
    for rel in list_files(site)? {
        if rel.starts_with(TEXTS) && rel.ends_with(".json") {
            let text = std::fs::read_to_string(site.join(&rel)).at(&site.join(&rel))?;
            texts.insert(rel, text.into());
        } else if rel.ends_with(".worker.js") {
            starts.push(rel);
        }
    }
    std::fs::write(work.join("texts.js"), format!("export default {};\n", Value::Object(texts)))?;
    std::fs::write(work.join("runtime.js"), RUNTIME)?;
    let table: Vec<String> = starts.iter().map(|s| format!("{s:?}: () => import('./{s}')")).collect();
    let main = format!(
        "import {{ initSync }} from './{glue}.js';\nimport wasm from './{glue}_bg.wasm';\n\
         initSync({{ module: wasm }});\nconst start = {{ {} }};\nstart[globalThis.MANCALA_ENTRY ?? {entry:?}]();\n",
        table.join(", ")
    );
    std::fs::write(site.join(".single.js"), main).at(&site.join(".single.js"))?;
    let out = work.join("single.js");
    let built = run(Command::new(esbuild)
        .current_dir(site)
        .args([".single.js", "--bundle", "--format=iife", "--minify", "--target=es2022", "--charset=utf8"])
        .args(["--loader:.wasm=binary", "--define:import.meta.url=moduleUrl", "--log-level=warning"])
        .arg(format!("--inject:{}", work.join("runtime.js").display()))
        .arg(format!("--outfile={}", out.display())));
    let _ = std::fs::remove_file(site.join(".single.js"));
    built?;
    let script = std::fs::read_to_string(&out).at(&out)?;
    let _ = std::fs::remove_dir_all(&work);
    Ok(script.trim_end().to_owned())
}

/// A CSP source for `text`: `'sha256-<base64>'`.
pub(crate) fn csp_hash(text: &str) -> String {
    format!("'sha256-{}'", base64(&sha2::Sha256::digest(text.as_bytes())))
}

/// Standard base64 with padding.
fn base64(data: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_for_the_csp() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        assert_eq!(csp_hash("alert(1)"), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    }

    #[test]
    fn inlines_the_page() {
        let dir = std::env::temp_dir().join(format!("xtask-single-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("css")).unwrap();
        std::fs::write(dir.join("favicon.svg"), "<svg/>").unwrap();
        std::fs::write(dir.join("css/app.css"), "body { margin: 0; }\n").unwrap();
        let html = "<!doctype html>\n<html>\n<head>\n  \
            <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'\">\n  \
            <link rel=\"icon\" href=\"favicon.svg\" type=\"image/svg+xml\">\n  \
            <link rel=\"manifest\" href=\"manifest.webmanifest\">\n  \
            <link rel=\"stylesheet\" href=\"css/app.css\">\n  \
            <link rel=\"modulepreload\" href=\"js/app.js\">\n  \
            <script type=\"module\" src=\"js/main.js\"></script>\n</head>\n\
            <body><a href=\"#b\">skip</a></body>\n</html>\n";
        let page = scan_page(&dir, html).unwrap();
        assert_eq!(
            page.html,
            "<!doctype html>\n<html>\n<head>\n  <!--@CSP@-->\n  \
             <link rel=\"icon\" href=\"data:image/svg+xml;base64,PHN2Zy8+\" type=\"image/svg+xml\">\n  \
             <style>\nbody { margin: 0; }\n</style>\n</head>\n<body><a href=\"#b\">skip</a></body>\n</html>\n"
        );
        assert_eq!(page.entry, "js/main.js");
        assert_eq!(page.styles, ["\nbody { margin: 0; }\n"]);
        assert_eq!(page.loads, ["index.html", "favicon.svg", "css/app.css", "js/app.js"]);
        assert!(scan_page(&dir, "<img src=\"x.png\"></body>").is_err());
        assert!(scan_page(&dir, "<script src=\"a.js\"></script></body>").is_err());
        let inline = scan_page(&dir, "<script type=\"module\" src=\"a.js\">go()</script></body>");
        assert!(inline.unwrap_err().to_string().contains("must be empty"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
