//! The coverage of the in-process Rust parsers (`workers/README.md`, "Coverage"): a guided
//! campaign told so (`uridiff fuzz --rust-coverage`) asks the covered build of a parser's crate,
//! a worker of `tools/rustcov`, for the edges of the library's code each parse and resolution
//! ran, while the answers stay the in-process ones.
//!
//! A card that has a [`RustCoverage`] gets its subject wrapped in a [`Covered`], which changes
//! nothing until [`Subject::watch_coverage`]: then the covered binaries are built once into the
//! cache directory ([`cache_dir`], `covered-NAME` beside the C++ workers' binaries) from the
//! sources embedded here (`tools/rustcov` and the `uridiff-worker` crate, with uridiff's own
//! `Cargo.lock`, so the crates are the versions linked in process) by `cargo build --release
//! --offline`, with `tools/rustcov/sancov-rustc.sh` as `RUSTC_WRAPPER`: it instruments with
//! LLVM's SanitizerCoverage (as cargo-fuzz does on stable) only the crates the cards name and
//! the calls of `tools/rustcov`, never std, serde or the worker's glue. The parser's binary is
//! started as a worker ([`External`]) under the parser's name, so its answers' coverage is
//! recorded in the campaign's tally under that name; each parse and resolution is sent to it
//! (its answer read for its coverage alone) before the in-process call answers. Where the build
//! or the worker fails, one warning, and the subject answers as before without coverage.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};

use super::external::{cache_dir, External};
use super::{direct, Ctx, Job, Subject, SubjectInfo};
use crate::coverage::Tally;
use crate::model::{Answer, Op, Outcome, Parsed};
use crate::parsers::{Card, Runs, RustCoverage, CARDS};

/// The covered build's workspace root, written beside its members in the cache.
const WORKSPACE: &str = "\
# The covered build of uridiff's in-process Rust parsers, written by uridiff
# (src/subjects/covered.rs): tools/rustcov and the uridiff-worker crate it speaks through.
[workspace]
members = [\"tools/rustcov\"]
resolver = \"3\"

[profile.release]
debug = false
";

/// The sources of `tools/rustcov` and of the `uridiff-worker` crate, by their path below the
/// cache directory, as build.rs found them in the repository (none in a packaged uridiff: cargo
/// leaves a member crate's files out of the parent's package).
const MEMBERS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/rustcov_sources.rs"));

/// The covered build's sources, by their path below the cache directory: written there with the
/// shipped workers' sources (and part of the hash that names the directory, so a changed source
/// is a new build). Empty where uridiff was built without them (a packaged crate).
pub(crate) fn sources() -> impl Iterator<Item = (&'static str, &'static str)> {
    let root: &[(&str, &str)] = if MEMBERS.is_empty() {
        &[]
    } else {
        &[
            ("rustcov/Cargo.toml", WORKSPACE),
            ("rustcov/Cargo.lock", include_str!("../../Cargo.lock")),
        ]
    };
    root.iter().chain(MEMBERS).copied()
}

/// The crate of `tools/rustcov` that holds the parsers' calls, instrumented with them.
const CALLS_CRATE: &str = "uridiff_rustcov";

/// The cards with a covered build, in [`CARDS`]'s order.
///
/// ```
/// let names: Vec<&str> = uridiff::subjects::covered::cards().map(|c| c.name).collect();
/// assert!(names.contains(&"url") && !names.contains(&"ada-url"));
/// ```
pub fn cards() -> impl Iterator<Item = &'static Card> {
    CARDS.iter().copied().filter(|c| coverage(c).is_some())
}

/// The covered build `card` has, if any.
fn coverage(card: &Card) -> Option<RustCoverage> {
    match card.runs {
        Runs::InProcess(_, coverage) => coverage,
        Runs::Worker(_) => None,
    }
}

/// The crates the wrapper instruments, as `URIDIFF_SANCOV_CRATES` gives them: every covered
/// card's, then the calls.
///
/// ```
/// let crates = uridiff::subjects::covered::instrumented();
/// assert!(crates.split(' ').any(|c| c == "url") && crates.ends_with("uridiff_rustcov"));
/// ```
pub fn instrumented() -> String {
    let mut crates: Vec<&str> = cards()
        .filter_map(coverage)
        .flat_map(|c| c.crates.iter().copied())
        .collect();
    crates.push(CALLS_CRATE);
    crates.join(" ")
}

/// The covered binary of `card` in the cache directory, built (every covered card's at once)
/// when it is not there.
///
/// # Errors
///
/// Why there is none: no cache directory, `cargo` missing, the build failing (its first error
/// line), or a card without a covered build.
pub fn binary(card: &Card) -> Result<PathBuf, String> {
    if coverage(card).is_none() {
        return Err(format!("{} has no covered build", card.name));
    }
    let dir = cache_dir()?;
    let path = dir.join(format!("covered-{}", card.name));
    if !path.is_file() {
        // One build per process; a failed one is not tried again.
        static BUILT: OnceLock<Result<(), String>> = OnceLock::new();
        BUILT.get_or_init(|| build(dir)).clone()?;
    }
    Ok(path)
}

/// Builds every covered binary and places each in `dir` (through a partial file renamed into
/// place, so a binary there is always whole).
fn build(dir: &Path) -> Result<(), String> {
    if MEMBERS.is_empty() {
        return Err(
            "this uridiff was built without the covered build's sources (tools/rustcov, \
             which a packaged crate leaves out): build uridiff from its repository for \
             --rust-coverage"
                .into(),
        );
    }
    let root = dir.join("rustcov");
    let wrapper = root.join("tools/rustcov/sancov-rustc.sh");
    executable(&wrapper)
        .map_err(|e| format!("cannot make {} executable: {e}", wrapper.display()))?;
    let target = root.join("target");
    // The cargo that runs uridiff where one does (`cargo run`, the tests), else PATH's.
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!(
        "uridiff: building the covered Rust parsers once (cargo build --release --offline, tools/rustcov) in {}",
        root.display()
    );
    let out = Command::new(&cargo)
        .args(["build", "--release", "--offline", "--bins", "--quiet"])
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .env("RUSTC_WRAPPER", &wrapper)
        .env("URIDIFF_SANCOV_CRATES", instrumented())
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("RUSTC_WORKSPACE_WRAPPER")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", cargo.to_string_lossy()))?;
    if !out.status.success() {
        return Err(format!(
            "cargo build failed ({}): {}",
            out.status,
            super::external::first_error(&out.stderr)
        ));
    }
    for card in cards() {
        let name = format!("covered-{}", card.name);
        let partial = dir.join(format!("{name}.{}.partial", std::process::id()));
        let placed = std::fs::copy(target.join("release").join(&name), &partial)
            .and_then(|_| std::fs::rename(&partial, dir.join(&name)));
        if let Err(e) = placed {
            let _ = std::fs::remove_file(&partial);
            return Err(format!("cannot place {name} in {}: {e}", dir.display()));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn executable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o700))
}

#[cfg(not(unix))]
fn executable(_: &Path) -> std::io::Result<()> {
    Ok(())
}

/// An in-process subject with a covered build: answers as `inner` does; once watched, each
/// parse and resolution also goes to the covered worker, for its coverage alone.
///
/// ```
/// use uridiff::subjects::{run, Job, Subject};
/// let url = uridiff::subjects::make(uridiff::parsers::card("url").unwrap(), Default::default());
/// // Not watched: the in-process subject, nothing started.
/// assert!(run(url.as_ref(), &Job::parse(b"http://a/")).is_accepted());
/// ```
pub struct Covered {
    inner: Arc<dyn Subject>,
    card: &'static Card,
    /// The covered worker once watched; `None` where it could not be had.
    worker: OnceLock<Option<External>>,
}

impl Covered {
    /// `inner`, the subject of `card`, with its covered build at hand.
    pub fn new(inner: Arc<dyn Subject>, card: &'static Card) -> Covered {
        Covered {
            inner,
            card,
            worker: OnceLock::new(),
        }
    }

    /// The covered worker, while watched.
    fn watched(&self) -> Option<&External> {
        self.worker.get().and_then(Option::as_ref)
    }

    /// Builds (once) and starts the covered worker, its coverage recorded in `tally`; `None`
    /// with one warning in the tally where either fails.
    fn start(&self, tally: &Arc<Tally>) -> Option<External> {
        let name = self.card.name;
        let binary = match binary(self.card) {
            Ok(b) => b,
            Err(why) => {
                tally.warn(format!("{name}: no coverage: {why}"));
                return None;
            }
        };
        let version = self.card.version.known().unwrap_or("-");
        let args = vec![self.card.profile.to_owned(), version.to_owned()];
        let worker = External::from_program(name, binary, args);
        worker.watch_coverage(tally);
        if let Err(why) = worker.available() {
            tally.warn(format!(
                "{name}: no coverage: its covered build does not run: {why}"
            ));
            return None;
        }
        Some(worker)
    }
}

impl std::fmt::Debug for Covered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Covered")
            .field("card", &self.card.name)
            .field("watched", &self.watched().is_some())
            .finish()
    }
}

impl Subject for Covered {
    fn info(&self) -> &SubjectInfo {
        self.inner.info()
    }

    fn available(&self) -> Result<(), String> {
        self.inner.available()
    }

    /// While watched: its batches go to the covered worker pipelined, where one job at a time
    /// would wait for each answer in turn.
    fn pipelined(&self) -> bool {
        self.watched().is_some()
    }

    fn watch_coverage(&self, tally: &Arc<Tally>) {
        self.worker.get_or_init(|| self.start(tally));
    }

    // The covered worker is asked first, so that an input the library panics on (the
    // in-process answer a crash) still tells what it ran.
    fn parse(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<Parsed> {
        if let Some(w) = self.watched() {
            let _ = w.parse(input, ctx);
        }
        self.inner.parse(input, ctx)
    }

    fn resolve(&self, base: &[u8], reference: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        if let Some(w) = self.watched()
            && w.info().operations.contains(Op::Resolve)
        {
            let _ = w.resolve(base, reference, ctx);
        }
        self.inner.resolve(base, reference, ctx)
    }

    fn normalize(&self, input: &[u8], ctx: &Ctx<'_>) -> Outcome<String> {
        self.inner.normalize(input, ctx)
    }

    fn equivalent(&self, a: &[u8], b: &[u8], ctx: &Ctx<'_>) -> Outcome<bool> {
        self.inner.equivalent(a, b, ctx)
    }

    fn extract(&self, text: &[u8], ctx: &Ctx<'_>) -> Outcome<Vec<String>> {
        self.inner.extract(text, ctx)
    }

    /// The batch through the covered worker's pipelined feeder first (its parses and
    /// resolutions), then through `inner`.
    fn run_batch(&self, jobs: &[Job<'_>]) -> Vec<Outcome<Answer>> {
        if let Some(w) = self.watched() {
            let asked: Vec<Job<'_>> = jobs
                .iter()
                .filter(|j| {
                    w.info().operations.contains(j.op) && super::fits(self.info(), j).is_none()
                })
                .copied()
                .collect();
            if !asked.is_empty() {
                let _ = w.run_batch(&asked);
            }
        }
        self.inner.run_batch(jobs)
    }

    fn direct(&self) -> Option<direct::Peer> {
        self.inner.direct()
    }
}
