//! The static server of `serve`, `test` and the bench: `tests/e2e/static-server.mjs` (Node), run as
//! a child process on a loopback port; several can run at once (the e2e tests' second origin).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};

use crate::util::{self, Result, fail};

/// A running server; stops when dropped.
#[derive(Debug)]
pub struct Server {
    child: Child,
    /// Held open while the server should run (`Child::wait` would close it).
    _stdin: Option<ChildStdin>,
    url: String,
}

impl Server {
    /// Serves `root` on `127.0.0.1:port` (port 0 picks a free one); `log` prints each request.
    pub fn start(root: &Path, port: u16, log: bool) -> Result<Server> {
        util::require_node()?;
        let script = util::root().join("tests/e2e/static-server.mjs");
        let mut cmd = Command::new("node");
        // --watch-stdin: the server stops when this process ends, however it ends.
        cmd.arg(script).arg(root).args(["--port", &port.to_string(), "--watch-stdin"]);
        cmd.stdout(Stdio::piped()).stdin(Stdio::piped());
        if !log {
            cmd.arg("--quiet");
        }
        let mut child = cmd.spawn()?;
        let mut url = String::new();
        BufReader::new(child.stdout.take().expect("piped")).read_line(&mut url)?;
        match url.trim() {
            "" => {
                let status = child.wait()?;
                fail(format!("the static server did not start ({status})"))
            }
            url => Ok(Server { url: url.to_owned(), _stdin: child.stdin.take(), child }),
        }
    }

    /// The base URL, with a trailing slash: `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Blocks until the server stops (Ctrl-C).
    pub fn wait(mut self) -> Result {
        self.child.wait()?;
        Ok(())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
