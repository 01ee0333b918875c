//! Three things read at build time, so that the binary needs nothing from the source tree:
//!
//! - the version of every package in `Cargo.lock`, so that each subject reports the version of
//!   the library it links (`UDV_<name>`), never one typed by hand;
//! - the list of suite files under `suites/` (`*.yaml`, `*.yml`, in name order), written to
//!   `$OUT_DIR/builtin_suites.rs` as a table of `include_str!`s that `src/suite/builtin.rs`
//!   embeds: a suite added to the folder is built in without a line of code;
//! - the sources of the in-process parsers' covered build (`tools/rustcov` and the
//!   `uridiff-worker` crate), written to `$OUT_DIR/rustcov_sources.rs` for
//!   `src/subjects/covered.rs` (an empty table in a packaged crate, which lacks them).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    versions();
    suites()?;
    rustcov_sources()
}

/// Writes the table of the covered build's member sources (`src/subjects/covered.rs`):
/// `tools/rustcov`'s manifest, wrapper script and Rust files, and the `uridiff-worker` crate's
/// manifest, README and Rust files, each as `("rustcov/<path>", include_str!(absolute path))`;
/// an empty table where they are not there (a packaged uridiff, whose package cargo makes
/// without its member crates' files).
fn rustcov_sources() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=tools/rustcov");
    println!("cargo:rerun-if-changed=workers/rust/Cargo.toml");
    println!("cargo:rerun-if-changed=workers/rust/README.md");
    println!("cargo:rerun-if-changed=workers/rust/src");
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let mut files = Vec::new();
    if root.join("tools/rustcov/Cargo.toml").is_file() {
        for fixed in [
            "tools/rustcov/Cargo.toml",
            "tools/rustcov/sancov-rustc.sh",
            "workers/rust/Cargo.toml",
            "workers/rust/README.md",
        ] {
            files.push(root.join(fixed));
        }
        for folder in ["tools/rustcov/src", "workers/rust/src"] {
            walk_ext(&root.join(folder), "rs", &mut files)?;
        }
    }
    write_table(&root, files, "rustcov/", "rustcov_sources.rs")
}

/// Every file with extension `ext` under `dir`, recursively.
fn walk_ext(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk_ext(&path, ext, out)?;
        } else if path.extension().and_then(|e| e.to_str()) == Some(ext) {
            out.push(path);
        }
    }
    Ok(())
}

fn versions() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut name: Option<&str> = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"'));
        } else if let (Some(n), Some(v)) = (name, line.strip_prefix("version = ")) {
            println!("cargo:rustc-env=UDV_{n}={}", v.trim_matches('"'));
            name = None;
        }
    }
}

/// Writes the table of built-in suites: `(name relative to suites/, include_str!(absolute path))`.
fn suites() -> Result<(), Box<dyn std::error::Error>> {
    // A folder named here is scanned whole by cargo: any file added, changed or removed in it
    // runs this script again (The Cargo Book, "Build Scripts", rerun-if-changed).
    println!("cargo:rerun-if-changed=suites");
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("suites");
    let mut files = Vec::new();
    walk(&root, &mut files)
        .map_err(|e| format!("reading the suites to build in, {}: {e}", root.display()))?;
    write_table(&root, files, "", "builtin_suites.rs")
}

/// Writes `$OUT_DIR/<out>`: a table of `(prefix + path below root, include_str!(absolute
/// path))` of `files`, in path order.
fn write_table(
    root: &Path,
    mut files: Vec<PathBuf>,
    prefix: &str,
    out: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    files.sort();
    let mut table = String::from("&[\n");
    for path in &files {
        let name = path
            .strip_prefix(root)?
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let full = path.to_str().ok_or("a path that is not UTF-8")?;
        let name = format!("{prefix}{name}");
        table.push_str(&format!("    ({name:?}, include_str!({full:?})),\n"));
    }
    table.push_str("]\n");
    fs::write(PathBuf::from(std::env::var("OUT_DIR")?).join(out), table)?;
    Ok(())
}

/// Every `*.yaml` and `*.yml` file under `dir`, recursively.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml")
        ) {
            out.push(path);
        }
    }
    Ok(())
}
