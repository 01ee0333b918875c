//! `uridiff report` (the main job: every suite and a generated corpus through every available
//! parser, written as index.html, summary.md, discrepancies.json and junit.xml) and
//! `uridiff check` (the CI gate against a baseline).

use std::fs;
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use uridiff::engine::{Engine, Task};
use uridiff::report::{self, baseline, Report};
use uridiff::run::Inputs;
use uridiff::suite::{self, Suite};

use super::{subjects, CheckArgs, CorpusArgs, ReportArgs};

/// Loads every suite under `paths`; a malformed file is reported and skipped, never fatal.
fn load_suites(paths: &[std::path::PathBuf]) -> anyhow::Result<Vec<Suite>> {
    let mut out = Vec::new();
    for path in suite::collect(paths)? {
        match suite::load(&path) {
            Ok(s) => out.push(s),
            Err(e) => eprintln!("uridiff: skipping a suite: {}", uridiff::files::Causes(&e)),
        }
    }
    Ok(out)
}

/// Runs the suites and the generated corpus through the engine.
fn build(engine: &Engine, corpus: &CorpusArgs, quiet: bool) -> anyhow::Result<Report> {
    let suites = load_suites(&corpus.suites)?;
    // Parse inputs, and resolution, normalization and equivalence jobs beside them.
    let generated: Vec<Task> = uridiff::gen::operations(corpus.seed, corpus.count);
    let suite_jobs = uridiff::gen::from_suites(&suites).len();
    // A progress bar only for a person at a terminal, never in CI or a pipe.
    let bar = if quiet || !std::io::stderr().is_terminal() || std::env::var_os("CI").is_some() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::new((generated.len() + suite_jobs) as u64);
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos}/{len} jobs {per_sec} [{bar:40}] {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    };
    let count = generated.len();
    let report = uridiff::run::build(Inputs {
        engine,
        suites: &suites,
        tasks: generated,
        whatwg: corpus.whatwg.clone(),
        seed: corpus.seed,
        generated: count,
        budget: corpus.budget,
        tag: &|t: &Task| {
            t.origin
                .strip_prefix("confusion/")
                .map(|c| format!("{c} confusion"))
        },
        progress: &|| bar.inc(1),
    })?;
    bar.finish_and_clear();
    Ok(report)
}

/// Notes the subjects that cannot run, one line each.
fn note_unavailable(engine: &Engine) {
    for s in engine.subjects() {
        if let Err(why) = s.available() {
            eprintln!("uridiff: {} skipped: {why}", s.info().name);
        }
    }
}

fn write_file(
    dir: &Path,
    name: &str,
    f: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut buf = Vec::new();
    f(&mut buf)?;
    let path = dir.join(name);
    fs::write(&path, buf).with_context(|| format!("writing {}", path.display()))
}

pub fn run(out: &mut impl Write, args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let engine = Engine::new(subjects::selected(&args.subjects)?);
    note_unavailable(&engine);
    fs::create_dir_all(&args.out)
        .with_context(|| format!("creating the output folder {}", args.out.display()))?;
    let report = build(&engine, &args.corpus, args.quiet)?;
    write_file(&args.out, "index.html", |b| report::html::write(&report, b))?;
    write_file(&args.out, "summary.md", |b| {
        report::markdown::write(&report, b)
    })?;
    write_file(&args.out, "discrepancies.json", |b| {
        report::json::write(&report, b)
    })?;
    write_file(&args.out, "junit.xml", |b| report::junit::write(&report, b))?;
    let unexplained = report.classes.iter().filter(|c| !c.explained).count();
    writeln!(
        out,
        "{} jobs through {} subjects in {:.1} s ({:.0} parser-inputs/s): {} discrepancy classes, {unexplained} unexplained, {} by design",
        report.tasks,
        report.subjects.iter().filter(|s| s.available).count(),
        report.timing.total_s,
        report.timing.inputs_per_s,
        report.classes.len(),
        report.classes.len() - unexplained,
    )?;
    for c in report.classes.iter().filter(|c| !c.explained).take(10) {
        writeln!(
            out,
            "  {:?} {} ({} inputs), e.g. {:?}",
            c.severity,
            c.key,
            c.count,
            report::show(&c.example.input)
        )?;
    }
    writeln!(
        out,
        "wrote {}/index.html, summary.md, discrepancies.json, junit.xml",
        args.out.display()
    )?;
    let crashed = report.per_subject.iter().any(|s| s.crashes > 0);
    Ok(if crashed {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn check(out: &mut impl Write, args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let engine = Engine::new(subjects::selected(&args.subjects)?);
    note_unavailable(&engine);
    // Read the baseline first: an unreadable one fails before the run, naming its line.
    let known = if args.write_baseline {
        None
    } else {
        let bytes = uridiff::files::read_if_present(&args.baseline, baseline::MAX_BASELINE_BYTES)
            .map_err(|e| anyhow::anyhow!("the baseline {}", uridiff::files::Causes(&e)))?
            .ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: no such baseline (create it with --write-baseline)",
                    args.baseline.display()
                )
            })?;
        Some(
            baseline::read_bytes(&bytes)
                .map_err(|e| anyhow::anyhow!("{}:{e}", args.baseline.display()))?,
        )
    };
    let report = build(&engine, &args.corpus, true)?;
    let Some(known) = known else {
        let text = baseline::write(&report.classes);
        fs::write(&args.baseline, &text)
            .with_context(|| format!("writing {}", args.baseline.display()))?;
        writeln!(
            out,
            "wrote {} ({} classes)",
            args.baseline.display(),
            text.lines().count() - 1
        )?;
        return Ok(ExitCode::SUCCESS);
    };
    let diff = baseline::diff(&report.classes, &known);
    for line in &diff.new {
        writeln!(out, "new:   {line}")?;
    }
    for (key, line) in &diff.stale {
        writeln!(
            out,
            "stale: {}:{line}: {key} (no longer occurs: remove the line)",
            args.baseline.display()
        )?;
    }
    writeln!(
        out,
        "{} classes, {} in the baseline: {} new, {} stale",
        report.classes.iter().filter(|c| !c.explained).count(),
        known.len(),
        diff.new.len(),
        diff.stale.len()
    )?;
    Ok(if diff.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
