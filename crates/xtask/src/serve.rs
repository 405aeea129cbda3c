//! A small static file server for `dist/`: loopback only, one thread per connection, keep-alive,
//! correct MIME types, `Cache-Control: no-cache`, no way out of its root.
//!
//! Several servers can run at once (each [`Server::start`] binds its own port), which is how the
//! end-to-end tests get a second origin for embedding.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::util::{Error, Result};

/// How long an idle keep-alive connection is kept open.
const IDLE: Duration = Duration::from_secs(10);
/// The longest request head accepted.
const MAX_HEAD: usize = 16 * 1024;

/// A running server; stops when dropped.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Serves `root` on `127.0.0.1:port` (port 0 picks a free one) from a background thread.
    /// The root may be missing or change between requests; every request looks it up afresh.
    pub fn start(root: &Path, port: u16, log: bool) -> Result<Server> {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|e| match e.kind() {
            io::ErrorKind::AddrInUse => Error(format!("port {port} is already in use; pick another with --port N")),
            _ => Error(format!("cannot listen on 127.0.0.1:{port}: {e}")),
        })?;
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let root = Arc::new(root.to_path_buf());
        let thread = {
            let stop = Arc::clone(&stop);
            thread::Builder::new().name(format!("serve-{}", addr.port())).spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Ok(stream) = stream else { continue };
                    let root = Arc::clone(&root);
                    let _ = thread::Builder::new().name("serve-conn".into()).spawn(move || {
                        let _ = handle_connection(stream, &root, log);
                    });
                }
            })?
        };
        Ok(Server { addr, stop, thread: Some(thread) })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The base URL, with a trailing slash: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr())
    }

    /// Blocks until the process is stopped (Ctrl-C).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wake the accept loop so that it sees the flag.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A parsed request head.
#[derive(Debug, PartialEq, Eq)]
struct Request {
    method: String,
    target: String,
    keep_alive: bool,
}

/// What to send back.
#[derive(Debug, PartialEq, Eq)]
enum Reply {
    File(PathBuf),
    Redirect(String),
    Status(u16, &'static str),
}

fn handle_connection(stream: TcpStream, root: &Path, log: bool) -> io::Result<()> {
    stream.set_read_timeout(Some(IDLE))?;
    stream.set_nodelay(true)?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    loop {
        let request = match read_head(&mut reader)? {
            Some(Ok(request)) => request,
            Some(Err(())) => {
                respond(&mut writer, &Reply::Status(400, "Bad Request"), false, false, root)?;
                return Ok(());
            }
            None => return Ok(()),
        };
        let reply = if request.method == "GET" || request.method == "HEAD" {
            resolve(root, &request.target)
        } else {
            Reply::Status(405, "Method Not Allowed")
        };
        let status = respond(&mut writer, &reply, request.method == "HEAD", request.keep_alive, root)?;
        if log {
            eprintln!("{} {} {status}", request.method, request.target);
        }
        if !request.keep_alive {
            return Ok(());
        }
    }
}

/// Reads one request head; `None` at a clean end of the connection, `Some(Err)` if malformed.
fn read_head(reader: &mut impl BufRead) -> io::Result<Option<std::result::Result<Request, ()>>> {
    let mut lines = Vec::new();
    let mut total = 0;
    loop {
        let mut line = Vec::new();
        let n = match reader.by_ref().take((MAX_HEAD + 1 - total) as u64).read_until(b'\n', &mut line) {
            Ok(n) => n,
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => return Ok(None),
            Err(e) => return Err(e),
        };
        if n == 0 {
            return Ok(if lines.is_empty() { None } else { Some(Err(())) });
        }
        total += n;
        if total > MAX_HEAD {
            return Ok(Some(Err(())));
        }
        let text = String::from_utf8_lossy(&line).trim_end_matches(['\r', '\n']).to_owned();
        if text.is_empty() {
            if lines.is_empty() {
                continue; // tolerate stray blank lines between requests
            }
            break;
        }
        lines.push(text);
    }
    Ok(Some(parse_head(&lines)))
}

fn parse_head(lines: &[String]) -> std::result::Result<Request, ()> {
    let mut parts = lines.first().ok_or(())?.split(' ');
    let (Some(method), Some(target), Some(version), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(());
    };
    if !version.starts_with("HTTP/1.") {
        return Err(());
    }
    let mut keep_alive = version != "HTTP/1.0";
    for line in &lines[1..] {
        let (name, value) = line.split_once(':').ok_or(())?;
        let name = name.trim();
        let value = value.trim().to_ascii_lowercase();
        if name.eq_ignore_ascii_case("connection") {
            if value.contains("close") {
                keep_alive = false;
            } else if value.contains("keep-alive") {
                keep_alive = true;
            }
        } else if (name.eq_ignore_ascii_case("content-length") && value != "0")
            || name.eq_ignore_ascii_case("transfer-encoding")
        {
            // GET and HEAD have no body; a request with one is not worth keeping the connection for.
            keep_alive = false;
        }
    }
    Ok(Request { method: method.to_owned(), target: target.to_owned(), keep_alive })
}

/// Maps a request target to a reply: a file, a redirect to add a slash to a directory, or an error.
fn resolve(root: &Path, target: &str) -> Reply {
    let (path_part, query) = match target.find(['?', '#']) {
        Some(i) => (&target[..i], &target[i..]),
        None => (target, ""),
    };
    if !path_part.starts_with('/') {
        return Reply::Status(400, "Bad Request");
    }
    let Some(decoded) = percent_decode(path_part) else {
        return Reply::Status(400, "Bad Request");
    };
    if decoded.contains(['\0', '\\']) {
        return Reply::Status(400, "Bad Request");
    }
    let mut path = root.to_path_buf();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Reply::Status(403, "Forbidden"),
            s => {
                // A segment must be a plain name (no drive prefixes or the like).
                if Path::new(s).components().count() != 1
                    || !matches!(Path::new(s).components().next(), Some(Component::Normal(_)))
                {
                    return Reply::Status(400, "Bad Request");
                }
                path.push(s);
            }
        }
    }
    if path.is_dir() {
        if !decoded.ends_with('/') {
            return Reply::Redirect(format!("{path_part}/{}", query.split('#').next().unwrap_or("")));
        }
        path.push("index.html");
    }
    // Symbolic links must not lead out of the root.
    match (path.canonicalize(), root.canonicalize()) {
        (Ok(real), Ok(real_root)) if real.starts_with(&real_root) && real.is_file() => Reply::File(real),
        (Ok(real), Ok(real_root)) if !real.starts_with(&real_root) => Reply::Status(403, "Forbidden"),
        _ => Reply::Status(404, "Not Found"),
    }
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The Content-Type for a file name.
pub fn mime_type(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "txt" | "md" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// Writes the reply; returns the status code sent.
fn respond(out: &mut impl Write, reply: &Reply, head_only: bool, keep_alive: bool, root: &Path) -> io::Result<u16> {
    let connection = if keep_alive { "keep-alive" } else { "close" };
    let (status, reason, content_type, extra, body) = match reply {
        Reply::File(path) => match std::fs::read(path) {
            Ok(body) => (200, "OK", mime_type(path), String::new(), body),
            Err(_) => (404, "Not Found", "text/plain; charset=utf-8", String::new(), b"404 Not Found\n".to_vec()),
        },
        Reply::Redirect(location) => (
            301,
            "Moved Permanently",
            "text/plain; charset=utf-8",
            format!("Location: {location}\r\n"),
            format!("see {location}\n").into_bytes(),
        ),
        Reply::Status(code, reason) => {
            let body = if *code == 404 && !root.is_dir() {
                format!("{code} {reason}: {} does not exist (run `cargo xtask dist`)\n", root.display())
            } else {
                format!("{code} {reason}\n")
            };
            let extra = if *code == 405 { "Allow: GET, HEAD\r\n".to_owned() } else { String::new() };
            (*code, *reason, "text/plain; charset=utf-8", extra, body.into_bytes())
        }
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: {connection}\r\n{extra}\r\n",
        body.len()
    );
    out.write_all(head.as_bytes())?;
    if !head_only {
        out.write_all(&body)?;
    }
    out.flush()?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh site folder for each test: tests run in parallel.
    fn site() -> PathBuf {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("xtask-serve-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("index.html"), "<!doctype html><title>t</title>").unwrap();
        std::fs::write(dir.join("pkg/a.wasm"), b"\0asm\x01\0\0\0").unwrap();
        std::fs::write(dir.join("sub/index.html"), "sub").unwrap();
        std::fs::write(dir.join("a b.js"), "export {};").unwrap();
        dir
    }

    /// Sends raw request bytes and returns the whole response (the server closes the connection).
    fn exchange(server: &Server, raw: &str) -> String {
        let mut stream = TcpStream::connect(server.addr()).unwrap();
        stream.write_all(raw.as_bytes()).unwrap();
        let mut out = String::new();
        stream.read_to_string(&mut out).unwrap();
        out
    }

    fn get(server: &Server, target: &str) -> String {
        exchange(server, &format!("GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
    }

    #[test]
    fn mime_types() {
        let cases = [
            ("a.wasm", "application/wasm"),
            ("a.js", "text/javascript; charset=utf-8"),
            ("a.mjs", "text/javascript; charset=utf-8"),
            ("a.css", "text/css; charset=utf-8"),
            ("a.html", "text/html; charset=utf-8"),
            ("a.json", "application/json"),
            ("manifest.webmanifest", "application/manifest+json"),
            ("icon.png", "image/png"),
            ("art.svg", "image/svg+xml"),
            ("blob", "application/octet-stream"),
        ];
        for (name, mime) in cases {
            assert_eq!(mime_type(Path::new(name)), mime, "{name}");
        }
    }

    #[test]
    fn resolves_paths_inside_the_root_only() {
        let root = site();
        let real = root.canonicalize().unwrap();
        assert_eq!(resolve(&root, "/"), Reply::File(real.join("index.html")));
        assert_eq!(resolve(&root, "/?embed=1"), Reply::File(real.join("index.html")));
        assert_eq!(resolve(&root, "/pkg/a.wasm"), Reply::File(real.join("pkg/a.wasm")));
        assert_eq!(resolve(&root, "/a%20b.js"), Reply::File(real.join("a b.js")));
        assert_eq!(resolve(&root, "/sub"), Reply::Redirect("/sub/".into()));
        assert_eq!(resolve(&root, "/sub?x=1"), Reply::Redirect("/sub/?x=1".into()));
        assert_eq!(resolve(&root, "/sub/"), Reply::File(real.join("sub/index.html")));
        assert_eq!(resolve(&root, "/missing.js"), Reply::Status(404, "Not Found"));
        assert_eq!(resolve(&root, "/pkg/"), Reply::Status(404, "Not Found"));
        assert_eq!(resolve(&root, "/../etc/passwd"), Reply::Status(403, "Forbidden"));
        assert_eq!(resolve(&root, "/pkg/%2e%2e/%2e%2e/etc/passwd"), Reply::Status(403, "Forbidden"));
        assert_eq!(resolve(&root, "/a%5c..%5cx"), Reply::Status(400, "Bad Request"));
        assert_eq!(resolve(&root, "/%zz"), Reply::Status(400, "Bad Request"));
        assert_eq!(resolve(&root, "relative"), Reply::Status(400, "Bad Request"));
    }

    #[test]
    fn serves_files_with_headers() {
        let root = site();
        let server = Server::start(&root, 0, false).unwrap();
        assert!(server.url().starts_with("http://127.0.0.1:"));

        let wasm = get(&server, "/pkg/a.wasm");
        assert!(wasm.starts_with("HTTP/1.1 200 OK\r\n"), "{wasm}");
        assert!(wasm.contains("Content-Type: application/wasm\r\n"));
        assert!(wasm.contains("Content-Length: 8\r\n"));
        assert!(wasm.contains("Cache-Control: no-cache\r\n"));

        let index = get(&server, "/");
        assert!(index.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(index.ends_with("<!doctype html><title>t</title>"));

        assert!(get(&server, "/nope").starts_with("HTTP/1.1 404 Not Found\r\n"));
        assert!(get(&server, "/../Cargo.toml").starts_with("HTTP/1.1 403 Forbidden\r\n"));
        assert!(get(&server, "/sub").contains("Location: /sub/\r\n"));
        let post = exchange(&server, "POST / HTTP/1.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        assert!(post.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"));
        assert!(exchange(&server, "nonsense\r\n\r\n").starts_with("HTTP/1.1 400 Bad Request\r\n"));

        let head = exchange(&server, "HEAD /index.html HTTP/1.1\r\nConnection: close\r\n\r\n");
        assert!(head.contains("Content-Length: 31\r\n"));
        assert!(head.ends_with("\r\n\r\n"));
    }

    #[test]
    fn keeps_connections_alive_and_runs_side_by_side() {
        let root = site();
        let a = Server::start(&root, 0, false).unwrap();
        let b = Server::start(&root, 0, false).unwrap();
        assert_ne!(a.url(), b.url());
        let both = exchange(
            &a,
            "GET /sub/ HTTP/1.1\r\nHost: x\r\n\r\nGET /sub/index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(both.matches("HTTP/1.1 200 OK\r\n").count(), 2, "{both}");
        assert!(get(&b, "/pkg/a.wasm").starts_with("HTTP/1.1 200 OK\r\n"));
    }
}
