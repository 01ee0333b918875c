//! `uridiff suite`: runs YAML suites and WHATWG URL test-data files (`--whatwg`), and closes with
//! `N passed, M failed[, K skipped]`.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context};
use serde_json::{json, Value};
use uridiff::subjects::{self, Subject};
use uridiff::suite::{self, whatwg, CaseResult, Status, Suite, SuiteError, Tally};

use super::SuiteArgs;

/// The profile whose parsers `--whatwg` scores when no `--parser` is named.
const WHATWG_PROFILE: &str = "whatwg-url";

/// What a run counted beyond the cases: files or entries that could not be read.
#[derive(Default)]
struct Counts {
    tally: Tally,
    errata: usize,
    /// Suite and test-data files that could not be read.
    malformed_files: usize,
    /// Malformed entries of WHATWG test-data files.
    malformed_entries: usize,
    /// How many files were named or found.
    files: usize,
}

pub fn run(out: &mut impl Write, args: &SuiteArgs) -> anyhow::Result<ExitCode> {
    let all = super::subjects::all(&super::subjects::SubjectArgs {
        parsers: Vec::new(),
        external: args.external.clone(),
        no_external: false,
        timeout_ms: args.timeout_ms,
        cores: None,
    })?;
    if !args.whatwg.is_empty() && (args.json || args.junit.is_some()) {
        bail!("--json and --junit are not available with --whatwg yet; run the WHATWG files without them");
    }
    // The YAML suites run when named, or the built-in ones when nothing is named.
    let builtin = args.paths.is_empty() && args.whatwg.is_empty();
    let mut counts = Counts::default();
    if builtin || !args.paths.is_empty() {
        let name = match args.parsers.as_slice() {
            [] => "impl",
            [one] => one.as_str(),
            _ => bail!(
                "YAML suites run against one --parser at a time ({} given); several parsers are for --whatwg files alone",
                args.parsers.len()
            ),
        };
        let parser = subjects::select(&all, &[name.to_owned()])?.remove(0);
        if let Err(why) = parser.available() {
            bail!("parser {name} is not available: {why}");
        }
        let suites = read(builtin, &args.paths)?;
        yaml(out, args, suites, parser.as_ref(), &mut counts)?;
    }
    if !args.whatwg.is_empty() {
        let parsers = whatwg_parsers(&all, &args.parsers)?;
        for path in &args.whatwg {
            whatwg_file(out, args, path, &parsers, &mut counts)?;
        }
    }
    let tally = counts.tally;
    if tally.passed + tally.failed == 0 && counts.malformed_files + counts.malformed_entries == 0 {
        // Nothing was checked: a filter or a folder that selects no case, or cases that were all
        // skipped, is a usage error, never a pass.
        if tally.skipped > 0 {
            bail!(
                "every selected case was skipped ({} skipped) in {} file(s): nothing was checked",
                tally.skipped,
                counts.files
            );
        }
        bail!(
            "no case selected{} in {} file(s): nothing was checked",
            args.filter
                .as_deref()
                .map_or(String::new(), |f| format!(" by --filter {f:?}")),
            counts.files
        );
    }
    if args.json {
        let summary = json!({
            "schema": uridiff::model::JSON_SCHEMA,
            "summary": {
                "passed": tally.passed,
                "failed": tally.failed,
                "skipped": tally.skipped,
                "errata": counts.errata,
                "malformed_files": counts.malformed_files,
            },
        });
        writeln!(out, "{summary}")?;
    } else if counts.errata > 0 {
        writeln!(
            out,
            "({} cases document errata: see docs/src/conformance-notes.md)",
            counts.errata
        )?;
    }
    if !args.json {
        if counts.malformed_files > 0 {
            writeln!(
                out,
                "({} {} could not be read: see the errors above)",
                counts.malformed_files,
                uridiff::text::plural(counts.malformed_files, "suite file", "suite files")
            )?;
        }
        if counts.malformed_entries > 0 {
            writeln!(
                out,
                "({} WHATWG test-data {} malformed: see the errors above)",
                counts.malformed_entries,
                uridiff::text::plural(counts.malformed_entries, "entry is", "entries are")
            )?;
        }
        writeln!(out, "{tally}")?;
    }
    Ok(if counts.malformed_files + counts.malformed_entries > 0 {
        ExitCode::from(2)
    } else if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The suites `report` and `check` run: the built-in ones (unless `--no-builtin-suites`) and
/// those under `--suites`.
#[derive(Debug, clap::Args)]
pub struct SuiteSources {
    /// Suite files or folders to run beside the built-in suites (repeatable): their parse cases
    /// join the corpus and their cases make the conformance matrix.
    #[arg(long = "suites", value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Leave the built-in suites out: only the --suites given run (none: the generated corpus
    /// alone).
    #[arg(long)]
    pub no_builtin_suites: bool,
}

/// Every suite to run: the built-in ones when `builtin` (named `<built-in>/NAME`), then each
/// file found under `paths`, each read or the error that names it.
///
/// A path that does not exist, or a folder that holds no suite file, is an error: a run that
/// silently drops a suite the user named would pass for the wrong reason.
pub fn read(builtin: bool, paths: &[PathBuf]) -> anyhow::Result<Vec<Result<Suite, SuiteError>>> {
    let mut suites = if builtin {
        suite::builtin()
    } else {
        Vec::new()
    };
    for path in paths {
        if suite::collect(std::slice::from_ref(path))?.is_empty() {
            bail!(
                "{}: no suite files (*.yaml, *.yml) there; pass suite files or folders of them",
                path.display()
            );
        }
    }
    suites.extend(suite::collect(paths)?.iter().map(|p| suite::load(p)));
    Ok(suites)
}

/// Runs the YAML `suites` against `parser`.
fn yaml(
    out: &mut impl Write,
    args: &SuiteArgs,
    suites: Vec<Result<Suite, SuiteError>>,
    parser: &dyn Subject,
    counts: &mut Counts,
) -> anyhow::Result<()> {
    let name = parser.info().name.clone();
    counts.files += suites.len();
    let mut junit = Vec::new();
    for s in suites {
        let s = match s {
            Ok(s) => s,
            Err(e) => {
                // Report, and go on with the other files.
                counts.malformed_files += 1;
                error(out, &e)?;
                continue;
            }
        };
        for r in suite::run(&s, parser, args.filter.as_deref()) {
            counts.tally.add(&r.status);
            counts.errata += usize::from(r.erratum);
            if args.json {
                writeln!(out, "{}", case_json(&r))?;
            } else if shown(&r.status, args.verbose) {
                writeln!(out, "{r}")?;
            }
            if args.junit.is_some() {
                junit.push((name.clone(), r));
            }
        }
    }
    if let Some(path) = &args.junit {
        let mut xml = Vec::new();
        uridiff::report::junit::write_cases(&[name.as_str()], &junit, &mut xml)?;
        uridiff::files::write_atomic(path, &xml)
            .with_context(|| format!("writing the JUnit file {}", path.display()))?;
    }
    Ok(())
}

/// The parsers `--whatwg` scores: the named ones (each must be available), else every
/// available parser of the WHATWG profile (the others are listed on standard error).
fn whatwg_parsers(
    all: &[Arc<dyn Subject>],
    named: &[String],
) -> anyhow::Result<Vec<Arc<dyn Subject>>> {
    if !named.is_empty() {
        let chosen = subjects::select(all, named)?;
        for s in &chosen {
            if let Err(why) = s.available() {
                bail!("parser {} is not available: {why}", s.info().name);
            }
        }
        return Ok(chosen);
    }
    let mut chosen = Vec::new();
    for s in all.iter().filter(|s| s.info().profile == WHATWG_PROFILE) {
        match s.available() {
            Ok(()) => chosen.push(Arc::clone(s)),
            // Nowhere to report a failed write to stderr; the run goes on without it.
            Err(why) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "note: parser {} is not available ({why}); not run",
                    s.info().name
                );
            }
        }
    }
    if chosen.is_empty() {
        bail!("no parser of profile {WHATWG_PROFILE} is available; name one with --parser");
    }
    Ok(chosen)
}

/// Scores each of `parsers` on the WHATWG test-data file at `path`: its failures (every entry
/// with --verbose), then one score line per parser.
fn whatwg_file(
    out: &mut impl Write,
    args: &SuiteArgs,
    path: &std::path::Path,
    parsers: &[Arc<dyn Subject>],
    counts: &mut Counts,
) -> anyhow::Result<()> {
    counts.files += 1;
    let mut file = match whatwg::load(path) {
        Ok(f) => f,
        Err(e) => {
            counts.malformed_files += 1;
            return error(out, &e);
        }
    };
    counts.malformed_entries += file.errors.len();
    for e in &file.errors {
        error(out, e)?;
    }
    if let Some(f) = args.filter.as_deref() {
        file.entries.retain(|e| {
            e.label().contains(f) || e.comment.as_deref().is_some_and(|c| c.contains(f))
        });
    }
    for parser in parsers {
        let mut score = whatwg::Score {
            malformed: file.errors.len(),
            ..whatwg::Score::default()
        };
        for r in whatwg::run(&file, parser.as_ref()) {
            score.add(&r.status);
            counts.tally.add(&r.status);
            if shown(&r.status, args.verbose) {
                writeln!(out, "{r}")?;
            }
        }
        writeln!(out, "{} on {}: {score}", parser.info().name, path.display())?;
    }
    Ok(())
}

fn shown(status: &Status, verbose: bool) -> bool {
    match status {
        Status::Failed(_) => true,
        Status::Passed | Status::Skipped(_) => verbose,
    }
}

/// Prints an error about a file, with its causes, on standard error, after what standard output
/// already holds.
fn error(out: &mut impl Write, e: &dyn std::error::Error) -> anyhow::Result<()> {
    out.flush()?;
    // Nowhere to report a failed write to stderr; the exit code says it.
    let _ = writeln!(std::io::stderr(), "error: {}", uridiff::files::Causes(e));
    Ok(())
}

/// One case's result as a JSON object (schema 1).
fn case_json(r: &CaseResult) -> Value {
    let (status, detail) = match &r.status {
        Status::Passed => ("passed", Value::Null),
        Status::Failed(why) => (
            "failed",
            Value::Array(
                why.iter()
                    .map(|m| json!({"field": m.field.to_string(), "expected": m.expected, "got": m.got}))
                    .collect(),
            ),
        ),
        Status::Skipped(why) => ("skipped", json!(why)),
    };
    let mut v = json!({
        "schema": uridiff::model::JSON_SCHEMA,
        "id": r.id,
        "location": r.location,
        "label": r.label,
        "section": r.section,
        "edition": r.edition.id(),
        "erratum": r.erratum,
        "status": status,
    });
    match status {
        "failed" => v["mismatches"] = detail,
        "skipped" => v["reason"] = detail,
        _ => {}
    }
    v
}
