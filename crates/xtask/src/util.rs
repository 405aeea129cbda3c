//! Small helpers shared by the commands: errors, paths, running programs, hashing, listing files.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pico_args::{Arguments, Error as ArgError};
use sha2::Digest;

/// What a pico-args reader returns.
pub type ArgResult<T> = std::result::Result<T, ArgError>;

pub use anyhow::{Error, anyhow};

/// The result of every command: an error is shown to the user as one line.
pub type Result<T = ()> = anyhow::Result<T>;

/// Builds an [`Error`] from anything printable.
pub fn fail<T>(msg: impl fmt::Display) -> Result<T> {
    Err(anyhow!("{msg}"))
}

/// Reads the options of `args` with pico-args (`read`), failing with `usage` on a bad or unknown one.
pub fn parse<T>(args: &[String], usage: &str, read: impl FnOnce(&mut Arguments) -> ArgResult<T>) -> Result<T> {
    let mut parser = Arguments::from_vec(args.iter().map(Into::into).collect());
    let value = read(&mut parser).map_err(|e| anyhow!("{e} (usage: {usage})"))?;
    match parser.finish().first() {
        Some(extra) => fail(format!("unknown argument `{}` (usage: {usage})", extra.to_string_lossy())),
        None => Ok(value),
    }
}

/// Adds the failing path to an I/O error.
pub trait Context<T> {
    fn at(self, path: &Path) -> Result<T>;
}

impl<T> Context<T> for io::Result<T> {
    fn at(self, path: &Path) -> Result<T> {
        self.map_err(|e| anyhow!("{}: {e}", path.display()))
    }
}

/// The repository root (two levels above this crate's manifest).
pub fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.ancestors().nth(2).expect("crates/xtask sits two levels below the root").to_path_buf()
}

/// Cargo's target directory (shared by everyone; honours `CARGO_TARGET_DIR`).
pub fn target_dir() -> PathBuf {
    root().join(std::env::var_os("CARGO_TARGET_DIR").unwrap_or_else(|| "target".into()))
}

/// Project-local tools folder (gitignored): `.tools/`.
pub fn tools_dir() -> PathBuf {
    root().join(".tools")
}

/// The exit status of a program's `result`, its error printed as `NAME: error: …`.
pub fn exit(name: &str, result: Result) -> std::process::ExitCode {
    let Err(e) = result else { return std::process::ExitCode::SUCCESS };
    eprintln!("{name}: error: {e}");
    std::process::ExitCode::FAILURE
}

/// Prints a progress line.
pub fn say(msg: impl fmt::Display) {
    eprintln!("xtask: {msg}");
}

/// Prints a warning line.
pub fn warn(msg: impl fmt::Display) {
    eprintln!("xtask: warning: {msg}");
}

/// The command line of `cmd` as the user would type it (programs by name, not by path).
fn show(cmd: &Command) -> String {
    let program = Path::new(cmd.get_program());
    let words = [program.file_name().unwrap_or(program.as_os_str())].into_iter().chain(cmd.get_args());
    words.map(|w| w.to_string_lossy()).collect::<Vec<_>>().join(" ")
}

/// The message for a program that cannot be started.
fn spawn_error(cmd: &Command, e: io::Error) -> Error {
    let program = cmd.get_program().to_string_lossy();
    if e.kind() == io::ErrorKind::NotFound {
        anyhow!("`{program}` not found: {}", install_hint(&program))
    } else {
        anyhow!("cannot run `{program}`: {e}")
    }
}

/// What to install when `program` is missing.
pub fn install_hint(program: &str) -> &'static str {
    match Path::new(program).file_name().and_then(|n| n.to_str()).unwrap_or(program) {
        "node" | "npm" | "npx" => "install Node.js 20 or newer with npm (https://nodejs.org; Debian 12's nodejs is 18)",
        "cargo" | "rustc" | "rustup" => "install Rust with rustup (https://rustup.rs)",
        "apt-get" => "install the packages by hand",
        _ => "install it and make sure it is on PATH",
    }
}

/// Runs `cmd` with inherited output, failing unless it exits successfully.
pub fn run(cmd: &mut Command) -> Result {
    let line = show(cmd);
    say(format_args!("$ {line}"));
    let status = cmd.status().map_err(|e| spawn_error(cmd, e))?;
    if status.success() { Ok(()) } else { fail(format!("`{line}` failed ({status})")) }
}

/// Runs `cmd` quietly and returns its standard output, failing unless it exits successfully.
pub fn output(cmd: &mut Command) -> Result<String> {
    output_bytes(cmd).map(|out| String::from_utf8_lossy(&out).into_owned())
}

/// Runs `cmd` quietly and returns its standard output as bytes, failing unless it exits successfully.
pub fn output_bytes(cmd: &mut Command) -> Result<Vec<u8>> {
    let out = cmd.stdin(Stdio::null()).stderr(Stdio::inherit()).output().map_err(|e| spawn_error(cmd, e))?;
    if !out.status.success() {
        return fail(format!("`{}` failed ({})", show(cmd), out.status));
    }
    Ok(out.stdout)
}

/// Whether `program` is on PATH.
pub fn has_program(program: &str) -> bool {
    which::which(program).is_ok()
}

/// The oldest Node.js major version the tools support (Playwright needs 20).
const NODE_MAJOR: u32 = 20;

/// Fails with one clear line unless node (new enough) and npm are installed.
pub fn require_node() -> Result {
    for program in ["node", "npm"] {
        if !has_program(program) {
            return fail(format!("`{program}` not found: {}", install_hint(program)));
        }
    }
    let version = output(Command::new("node").arg("--version"))?;
    match node_major(&version) {
        Some(major) if major >= NODE_MAJOR => Ok(()),
        _ => fail(format!("Node.js {} is too old: {}", version.trim(), install_hint("node"))),
    }
}

/// The major version in `node --version` output such as `v20.20.2`.
fn node_major(version: &str) -> Option<u32> {
    version.trim().strip_prefix('v')?.split('.').next()?.parse().ok()
}

/// Whether this process runs as root (needed for apt-get).
pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// A `cargo` command using the same cargo that runs the xtask.
pub fn cargo() -> Command {
    let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    cmd.current_dir(root());
    cmd
}

/// SHA-256 of `data` as 64 lowercase hex digits.
pub fn sha256_hex(data: &[u8]) -> String {
    hex::encode(sha2::Sha256::digest(data))
}

/// All files under `dir` (none if it does not exist), as sorted relative paths with `/`
/// separators; dotfiles and dot folders are skipped.
pub fn list_files(dir: &Path) -> Result<Vec<String>> {
    let visible = |e: &walkdir::DirEntry| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.');
    let mut out = Vec::new();
    for entry in walkdir::WalkDir::new(dir).into_iter().filter_entry(visible).filter(|_| dir.is_dir()) {
        let entry = entry?;
        if !entry.file_type().is_dir() {
            out.push(entry.path().strip_prefix(dir)?.to_string_lossy().replace('\\', "/"));
        }
    }
    out.sort();
    Ok(out)
}

/// Copies every file listed by [`list_files`] from `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) -> Result {
    for rel in list_files(from)? {
        let dest = to.join(&rel);
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent).at(parent)?;
        }
        std::fs::copy(from.join(&rel), &dest).at(&dest)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_with_sha256() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn reads_node_versions() {
        assert_eq!(node_major("v20.20.2\n"), Some(20));
        assert_eq!(node_major("v18.19.0"), Some(18));
        assert_eq!(node_major("20.1.0"), None);
    }

    #[test]
    fn root_holds_the_workspace() {
        assert!(root().join("Cargo.toml").is_file());
        assert!(root().join("crates/xtask/Cargo.toml").is_file());
    }
}
