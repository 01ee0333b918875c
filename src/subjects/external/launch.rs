//! How a shipped worker is started: the command line that runs its card's worker
//! ([`crate::parsers::Worker`]) from the cache directory ([`super::cache_dir`]), building it
//! first when it is compiled, and the environment it runs with. The cards say what to run;
//! this room runs it. The protocol the workers speak is `workers/README.md`'s.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::cache::cache_dir;
use super::packages::{packages_dir, venv_python};
use crate::parsers::{Card, CxxCoverage, Package, Run, Worker, JAVA_FLAGS};

/// The command line that runs `card`'s worker from the cache directory ([`cache_dir`]),
/// building it first if it is compiled: what uridiff starts, for running it by hand.
///
/// # Errors
///
/// When the card is not a worker's, the cache directory cannot be written or the worker cannot
/// be built.
///
/// ```
/// let urllib = uridiff::parsers::card("python-urllib").unwrap();
/// let argv = uridiff::subjects::external::argv(urllib).unwrap();
/// assert_eq!(argv[0], "python3");
/// assert!(argv[1].to_string_lossy().ends_with("python-urllib.py"));
/// ```
pub fn argv(card: &Card) -> Result<Vec<OsString>, String> {
    let w = worker(card)?;
    let dir = cache_dir()?;
    let source = dir.join(w.file);
    Ok(match w.run {
        Run::Interpreted { program, args } => std::iter::once(program)
            .chain(args.iter().copied())
            .map(OsString::from)
            .chain([source.into_os_string()])
            .collect(),
        Run::PythonVenv => vec![venv_python()?.into_os_string(), source.into_os_string()],
        Run::NodePackages { args, .. } => ["node".into(), source.into_os_string()]
            .into_iter()
            .chain(args.iter().map(OsString::from))
            .collect(),
        Run::Compiled { libs } => {
            vec![build(card, w, dir, &source, &["cc"], libs)?.into_os_string()]
        }
        Run::CompiledCxx { libs, coverage } => {
            let covered = coverage.and_then(|c| build_covered(card, dir, &source, c));
            match covered {
                Some(binary) => vec![binary.into_os_string()],
                None => vec![build(card, w, dir, &source, CXX, libs)?.into_os_string()],
            }
        }
        Run::JavaClassPath { jars, coverage } => {
            if let Some(missing) = jars.iter().find(|j| !Path::new(j).is_file()) {
                return Err(format!(
                    "`{missing}` not found (needs {}; workers/install.sh installs it)",
                    w.needs
                ));
            }
            let mut path = jars.to_vec();
            if coverage.iter().all(|j| Path::new(j).is_file()) {
                path.extend_from_slice(coverage);
            }
            ["java"]
                .into_iter()
                .chain(JAVA_FLAGS.iter().copied())
                .chain(["-cp", &path.join(":")])
                .map(OsString::from)
                .chain([source.into_os_string()])
                .collect()
        }
    })
}

/// The environment variables `card`'s worker is run with besides uridiff's own: for a worker
/// calling npm packages, `NODE_PATH` naming uridiff's packages folder
/// (`<packages>/node/node_modules`), checked to hold each npm package of its card.
///
/// # Errors
///
/// When the card is not a worker's, or an npm package it requires is not installed: the
/// message names the package and the command that installs it.
///
/// ```
/// let urllib = uridiff::parsers::card("python-urllib").unwrap();
/// assert!(uridiff::subjects::external::env(urllib).unwrap().is_empty());
/// ```
pub fn env(card: &Card) -> Result<Vec<(&'static str, PathBuf)>, String> {
    let w = worker(card)?;
    Ok(match w.run {
        Run::NodePackages { .. } => vec![("NODE_PATH", node_modules(w)?)],
        _ => Vec::new(),
    })
}

/// `card`'s worker, or the error of a card that runs in process.
fn worker(card: &Card) -> Result<&Worker, String> {
    card.worker()
        .ok_or_else(|| format!("{} runs inside uridiff, not as a worker", card.name))
}

/// The command that runs a shipped worker, and how it is shown in messages.
pub(super) fn shipped_command(card: &Card) -> Result<(Command, String), String> {
    let argv = argv(card)?;
    let mut c = Command::new(&argv[0]);
    c.args(&argv[1..]);
    if matches!(worker(card)?.run, Run::Interpreted { program: "go", .. }) {
        go_environment(&mut c, cache_dir()?);
    }
    c.envs(env(card)?);
    let shown = argv
        .iter()
        .map(|a| a.to_string_lossy())
        .collect::<Vec<_>>()
        .join(" ");
    Ok((c, shown))
}

/// `go run` needs a build cache; where the environment names none, one in the cache directory.
/// `GOTOOLCHAIN=local`: never fetch another Go.
fn go_environment(c: &mut Command, dir: &Path) {
    let named = ["GOCACHE", "XDG_CACHE_HOME", "HOME"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !named {
        c.env("GOCACHE", dir.join("go-build"));
    }
    c.env("GOTOOLCHAIN", "local");
}

/// `<packages>/node/node_modules`, checked to hold each npm package of `w` (a folder with its
/// `package.json`), so that a missing package is one line naming it and the command that
/// installs it, rather than a worker dying before its handshake.
fn node_modules(w: &Worker) -> Result<PathBuf, String> {
    let dir = packages_dir()
        .ok_or("no packages folder: set URIDIFF_PACKAGES, XDG_CACHE_HOME or HOME")?
        .join("node")
        .join("node_modules");
    if let Some(missing) = w
        .packages
        .iter()
        .filter_map(|p| match p {
            Package::Npm(name) => Some(*name),
            _ => None,
        })
        .find(|p| !dir.join(p).join("package.json").is_file())
    {
        return Err(format!(
            "npm package `{missing}` is not installed in {} (needs {}; workers/install.sh installs it)",
            dir.display(),
            w.needs
        ));
    }
    Ok(dir)
}

/// The C++ compiler and its dialect: Boost.URL's documentation asks for C++11 at least; C++17
/// is what Debian 12's g++ defaults to anyway, said here so that another `c++` agrees.
const CXX: &[&str] = &["c++", "-std=c++17"];

/// Builds a compiled worker into the cache directory once (the directory's name carries the
/// sources' hash, so a binary there always matches its source) with `compiler` (the program,
/// then its first arguments).
fn build(
    card: &Card,
    w: &Worker,
    dir: &Path,
    source: &Path,
    compiler: &[&str],
    libs: &[&str],
) -> Result<PathBuf, String> {
    let program = compiler[0];
    let binary = dir.join(card.name);
    if binary.is_file() {
        return Ok(binary);
    }
    let partial = dir.join(format!("{}.{}.partial", card.name, std::process::id()));
    let out = Command::new(program)
        .args(&compiler[1..])
        .arg("-O2")
        .arg("-o")
        .arg(&partial)
        .arg(source)
        .args(libs)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| {
            if e.kind() == io::ErrorKind::NotFound {
                format!(
                    "`{program}` not found on PATH (needs {}; workers/install.sh installs it)",
                    w.needs
                )
            } else {
                format!("cannot run {program}: {e}")
            }
        })?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&partial);
        return Err(format!(
            "cannot build {} with {program} ({}): {} (needs {})",
            card.name,
            out.status,
            first_error(&out.stderr),
            w.needs
        ));
    }
    std::fs::rename(&partial, &binary)
        .map_err(|e| format!("cannot place {}: {e}", binary.display()))?;
    Ok(binary)
}

/// Builds a C++ worker with its library's code compiled in and instrumented ([`CxxCoverage`])
/// into the cache directory once, as [`build`] does the plain one: its two units compiled side
/// by side (two processes: about half the time on two cores), then linked. `None` where any
/// step fails (a compiler without the instrumentation's flag, the library's sources missing),
/// silently: the plain build is made instead, and the worker declares no coverage.
///
/// The worker's object comes first on the link line: an inline function both units emit (a
/// Boost.System member, a template instance) is kept once (GCC's manual, "Vague Linkage":
/// duplicates are discarded by the linker), and GNU ld keeps the copy of the first object that
/// has it, so the worker's own code calls no instrumented copy. The worker records ids only
/// inside its library's calls anyway.
fn build_covered(card: &Card, dir: &Path, source: &Path, c: CxxCoverage) -> Option<PathBuf> {
    let binary = dir.join(card.name);
    if binary.is_file() {
        return Some(binary);
    }
    let stem = format!("{}.{}", card.name, std::process::id());
    let library = dir.join(format!("{stem}.library.o"));
    let worker = dir.join(format!("{stem}.worker.o"));
    let partial = dir.join(format!("{stem}.partial"));
    let compile = |flags: &[&str], object: &Path| {
        Command::new(CXX[0])
            .args(&CXX[1..])
            .arg("-O2")
            .args(flags)
            .arg("-c")
            .arg("-o")
            .arg(object)
            .arg(source)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
    };
    let succeeded = |child: io::Result<std::process::Child>| {
        child.and_then(|mut c| c.wait()).is_ok_and(|s| s.success())
    };
    let library_unit = compile(c.library, &library);
    let worker_unit = compile(c.worker, &worker);
    // Both waited for, whatever the first gives.
    let units = [succeeded(library_unit), succeeded(worker_unit)];
    let linked = units.iter().all(|&ok| ok)
        && Command::new(CXX[0])
            .arg("-o")
            .arg(&partial)
            .arg(&worker)
            .arg(&library)
            .args(c.libs)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    let _ = std::fs::remove_file(&library);
    let _ = std::fs::remove_file(&worker);
    if !linked || std::fs::rename(&partial, &binary).is_err() {
        let _ = std::fs::remove_file(&partial);
        return None;
    }
    Some(binary)
}

/// The line of a compiler's or cargo's standard error that says what failed: the first that
/// mentions an error, else the first, trimmed.
pub(crate) fn first_error(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    text.lines()
        .find(|l| l.contains("error"))
        .or_else(|| text.lines().next())
        .unwrap_or("no message")
        .trim()
        .to_owned()
}
