//! The outputs CI systems read, shared by `report` and `check`: `--json` (one document on
//! standard output), `--sarif FILE`, `--junit FILE`, `--summary FILE`, and the Markdown summary
//! appended to the file `GITHUB_STEP_SUMMARY` names when it is set (GitHub Actions sets it in
//! every step; what is appended there shows on the run's page). The writers are in
//! `uridiff::report` (`sarif`, `junit`, `summary`).
//!
//! For every file named on the command line a temporary file is created beside it before any
//! parser runs, so a path that cannot be written fails at once with exit 2, not after the run;
//! it is renamed over the file once written whole and synced, so a full disk leaves the file
//! already there as it was (`uridiff::files`). When `check` stops before its verdict (exit 2),
//! the outputs it opened are written all the same, each saying what went wrong (a SARIF log
//! with a failed invocation, a JUnit error, a summary), so that the steps a CI job runs after a
//! failure have something to show. The
//! step summary is the environment's, not the user's: a `GITHUB_STEP_SUMMARY` that cannot be
//! opened is one warning and the run goes on.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

/// The CI output flags of `report` and `check`.
#[derive(Debug, Args)]
pub struct CiArgs {
    /// Print one JSON document on standard output instead of the text (schema 1;
    /// docs/src/json.md).
    #[arg(long)]
    pub json: bool,
    /// Also write a SARIF 2.1.0 log to FILE: each unexplained class (report) or new or changed
    /// deviation (check) a result with its class, severity, example and reproduce command. A
    /// check that cannot run (exit 2) still writes this, the JUnit and the summary, saying why.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Also write JUnit XML to FILE (test names: class and input).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Also write a short Markdown summary to FILE (it is also appended to $GITHUB_STEP_SUMMARY
    /// when that is set).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
}

/// One output named on the command line: a temporary file beside it, created before the run
/// (so that a path that cannot be written fails at once) and renamed over it once written whole
/// ([`uridiff::files::Pending`]): the file already there is replaced only by a whole new one.
enum Target {
    /// A file of the user's, written all or nothing.
    File(uridiff::files::Pending),
    /// The step summary, appended to (other steps append to the same file).
    Append { path: PathBuf, file: File },
}

impl Target {
    fn create(path: &Path, what: &str) -> anyhow::Result<Target> {
        let pending = uridiff::files::Pending::create(path).with_context(|| {
            format!(
                "{}: cannot write the {what} here (check the folder exists and is writable); nothing was run",
                path.display()
            )
        })?;
        Ok(Target::File(pending))
    }

    fn path(&self) -> &Path {
        match self {
            Target::File(p) => p.path(),
            Target::Append { path, .. } => path,
        }
    }

    fn write(self, bytes: &[u8]) -> anyhow::Result<PathBuf> {
        match self {
            Target::File(pending) => Ok(pending.fill(bytes)?.commit()?),
            Target::Append { path, mut file } => {
                file.write_all(bytes)
                    .and_then(|()| file.flush())
                    .with_context(|| format!("writing {}", path.display()))?;
                Ok(path)
            }
        }
    }
}

/// The CI outputs of one run, open and waiting for their content.
pub struct Outputs {
    sarif: Option<Target>,
    junit: Option<Target>,
    summary: Option<Target>,
    step_summary: Option<Target>,
}

/// What the writers produce, each into a buffer.
pub struct Writers<'a> {
    pub sarif: &'a dyn Fn(&mut Vec<u8>) -> std::io::Result<()>,
    pub junit: &'a dyn Fn(&mut Vec<u8>) -> std::io::Result<()>,
    pub summary: &'a dyn Fn(&mut Vec<u8>) -> std::io::Result<()>,
}

impl Outputs {
    /// Opens every output `args` names, and the step summary when `GITHUB_STEP_SUMMARY` is set.
    ///
    /// # Errors
    ///
    /// A file named on the command line cannot be created: the message names it.
    pub fn open(args: &CiArgs) -> anyhow::Result<Outputs> {
        let open = |p: &Option<PathBuf>, what: &str| -> anyhow::Result<Option<Target>> {
            p.as_deref().map(|p| Target::create(p, what)).transpose()
        };
        let sarif = open(&args.sarif, "SARIF log (--sarif)")?;
        let junit = open(&args.junit, "JUnit XML (--junit)")?;
        let summary = open(&args.summary, "Markdown summary (--summary)")?;
        let step_summary = std::env::var_os("GITHUB_STEP_SUMMARY")
            .filter(|p| !p.is_empty())
            .and_then(|p| {
                let path = PathBuf::from(p);
                match OpenOptions::new().append(true).create(true).open(&path) {
                    Ok(file) => Some(Target::Append { path, file }),
                    Err(e) => {
                        eprintln!(
                            "uridiff: GITHUB_STEP_SUMMARY={}: cannot append the summary: {e}",
                            path.display()
                        );
                        None
                    }
                }
            });
        Ok(Outputs {
            sarif,
            junit,
            summary,
            step_summary,
        })
    }

    /// Writes each open output; returns the paths written, the step summary's last.
    ///
    /// # Errors
    ///
    /// A write fails: the message names the file.
    pub fn write(self, w: &Writers<'_>) -> anyhow::Result<Vec<PathBuf>> {
        let mut written = Vec::new();
        let fill = |f: &dyn Fn(&mut Vec<u8>) -> std::io::Result<()>| {
            let mut buf = Vec::new();
            f(&mut buf).map(|()| buf)
        };
        for (target, writer) in [
            (self.sarif, w.sarif),
            (self.junit, w.junit),
            (self.summary, w.summary),
        ] {
            if let Some(t) = target {
                let buf =
                    fill(writer).with_context(|| format!("writing {}", t.path().display()))?;
                written.push(t.write(&buf)?);
            }
        }
        if let Some(t) = self.step_summary {
            let mut buf = fill(w.summary)?;
            // Another step's summary may precede ours in the file: start on a fresh line.
            buf.insert(0, b'\n');
            written.push(t.write(&buf)?);
        }
        Ok(written)
    }
}
