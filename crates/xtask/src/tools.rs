//! Finding and installing the tools the build needs, once, into project-local places:
//! the `wasm32-unknown-unknown` target (rustup), the wasm-bindgen CLI at the lockfile's version
//! (`.tools/bin`), Debian Chromium + ChromeDriver (apt-get), and the project's npm packages
//! (`package.json` at the root, one committed lockfile; `npm ci` into `node_modules/`): esbuild,
//! wasm-opt (`binaryen`), Playwright, fast-check.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{self, Context, Result, cargo, fail, output, run, say, tools_dir};

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Adds the wasm target to the active toolchain when it is missing.
pub fn ensure_wasm_target() -> Result {
    let sysroot = output(Command::new("rustc").current_dir(util::root()).args(["--print", "sysroot"]))?;
    let lib = Path::new(sysroot.trim()).join("lib/rustlib").join(WASM_TARGET);
    if lib.is_dir() {
        return Ok(());
    }
    say(format_args!("adding the {WASM_TARGET} target"));
    if !util::has_program("rustup") {
        return fail(format!(
            "the {WASM_TARGET} target is missing and rustup is not installed: add the target to your toolchain"
        ));
    }
    run(Command::new("rustup").current_dir(util::root()).args(["target", "add", WASM_TARGET]))
}

/// The wasm-bindgen version the workspace is locked to (`cargo pkgid` reads Cargo.lock).
pub fn wasm_bindgen_version() -> Result<String> {
    let id = output(cargo().args(["pkgid", "wasm-bindgen"]))?;
    match id.trim().rsplit_once(['@', '#']) {
        Some((_, v)) if v.starts_with(|c: char| c.is_ascii_digit()) => Ok(v.to_owned()),
        _ => fail(format!("cannot tell the wasm-bindgen version from `cargo pkgid wasm-bindgen`: {}", id.trim())),
    }
}

/// The installed wasm-bindgen programs.
#[derive(Debug)]
pub struct WasmBindgen {
    pub cli: PathBuf,
    pub test_runner: PathBuf,
}

/// Installs the wasm-bindgen CLI at exactly the locked version into `.tools/` unless it is there.
pub fn ensure_wasm_bindgen() -> Result<WasmBindgen> {
    let version = wasm_bindgen_version()?;
    let bin = tools_dir().join("bin");
    let tools = WasmBindgen { cli: bin.join("wasm-bindgen"), test_runner: bin.join("wasm-bindgen-test-runner") };
    let installed = if tools.cli.is_file() {
        output(Command::new(&tools.cli).arg("--version"))
            .ok()
            .and_then(|s| s.split_whitespace().nth(1).map(str::to_owned))
    } else {
        None
    };
    if installed.as_deref() == Some(version.as_str()) && tools.test_runner.is_file() {
        return Ok(tools);
    }
    match &installed {
        Some(old) => say(format_args!("replacing wasm-bindgen-cli {old} with {version} (the lockfile's version)")),
        None => say(format_args!("installing wasm-bindgen-cli {version} into .tools/ (a few minutes, once)")),
    }
    // No --locked: the CLI's own lockfile pins a crate version the registry lacks (toolchain.md).
    let mut cmd = cargo();
    cmd.args(["install", "wasm-bindgen-cli", "--force", "--version"]).arg(format!("={version}")).arg("--root");
    cmd.arg(tools_dir());
    run(&mut cmd)?;
    Ok(tools)
}

/// Runs `npm ci` at the root unless `node_modules` already matches `package-lock.json` (a stamp
/// of the lockfile's hash), so it runs once per change of the lockfile, from the npm cache when
/// it can. Playwright downloads no browser.
pub fn npm_ci() -> Result {
    util::require_node()?;
    let root = util::root();
    let lock_path = root.join("package-lock.json");
    let digest = util::sha256_hex(&std::fs::read(&lock_path).at(&lock_path)?);
    let stamp = root.join("node_modules/.xtask-lock-sha256");
    if std::fs::read_to_string(&stamp).is_ok_and(|s| s.trim() == digest) {
        return Ok(());
    }
    say("installing the npm packages (package-lock.json)");
    run(Command::new("npm")
        .current_dir(&root)
        .args(["ci", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"])
        .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"))?;
    std::fs::write(&stamp, digest).at(&stamp)?;
    Ok(())
}

/// The command `name` of the npm packages (`node_modules/.bin`), installed when missing.
pub fn node_bin(name: &str) -> Result<PathBuf> {
    npm_ci()?;
    let tool = util::root().join("node_modules/.bin").join(name);
    if tool.exists() { Ok(tool) } else { fail(format!("{} is missing after npm ci", tool.display())) }
}

/// Makes sure Debian's Chromium and ChromeDriver are installed (apt-get as root), or says what to install.
pub fn ensure_chromium() -> Result {
    let missing = || !Path::new(CHROMIUM).is_file() || !Path::new(CHROMEDRIVER).is_file();
    if !missing() {
        return Ok(());
    }
    const HINT: &str = "install the Debian packages `chromium` and `chromium-driver` \
                        (apt-get update && apt-get install -y chromium chromium-driver)";
    if !util::is_root() || !util::has_program("apt-get") {
        return fail(format!("Chromium or ChromeDriver missing: {HINT}"));
    }
    say("installing chromium and chromium-driver with apt-get");
    let apt = || {
        let mut cmd = Command::new("apt-get");
        cmd.env("DEBIAN_FRONTEND", "noninteractive");
        cmd
    };
    run(apt().arg("update").arg("-q"))?;
    run(apt().args(["install", "-y", "-q", "--no-install-recommends", "chromium", "chromium-driver"]))?;
    if missing() {
        return fail(format!("{CHROMIUM} or {CHROMEDRIVER} still missing after apt-get: {HINT}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workspace_locks_one_wasm_bindgen() {
        let version = wasm_bindgen_version().unwrap();
        assert!(version.starts_with("0.2."), "{version}");
    }
}
