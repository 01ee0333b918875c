//! `uridiff report` (the main job: every suite and a generated corpus through every available
//! parser, written as index.html, summary.md, discrepancies.json and junit.xml) and
//! `uridiff check` (the per-input CI gate against a baseline: the library is `uridiff::gate`).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};
use uridiff::engine::{Engine, Task};
use uridiff::gate::{self, verdict::Verdict};
use uridiff::report::{self, Report};
use uridiff::run::Inputs;
use uridiff::suite::Suite;

use super::{ci, subjects, CheckArgs, CorpusArgs, ReportArgs};

/// Loads the built-in suites (unless `--no-builtin-suites`) and every suite under `--suites`; a
/// malformed file is reported and skipped, never fatal.
fn load_suites(sources: &super::suite::SuiteSources) -> anyhow::Result<Vec<Suite>> {
    let mut out = Vec::new();
    for loaded in super::suite::read(!sources.no_builtin_suites, &sources.paths)? {
        match loaded {
            Ok(s) => out.push(s),
            Err(e) => eprintln!("uridiff: skipping a suite: {}", uridiff::files::Causes(&e)),
        }
    }
    Ok(out)
}

/// The jobs of `report --campaign DIR`: each finding's example and first-seen input, and the
/// campaign's seed. A finding that cannot be run again is said, not fatal.
fn campaign_tasks(dir: &Path) -> anyhow::Result<(Vec<Task>, u64)> {
    let path = dir.join(uridiff::campaign::FINDINGS);
    if !path.is_file() {
        anyhow::bail!(
            "--campaign {}: no {} in it (give the folder `uridiff fuzz --out` wrote)",
            dir.display(),
            uridiff::campaign::FINDINGS
        );
    }
    let loaded = uridiff::campaign::read_findings(&path)?;
    for s in &loaded.skipped {
        eprintln!(
            "uridiff: {}:{}: skipped: {}",
            path.display(),
            s.line,
            s.reason
        );
    }
    let (tasks, refused) = uridiff::campaign::jobs::tasks(&loaded.findings);
    for r in &refused {
        eprintln!(
            "uridiff: {}: {}: not run: {}",
            path.display(),
            r.key,
            r.reason
        );
    }
    if loaded.findings.is_empty() {
        eprintln!(
            "uridiff: {}: no findings: the report has the suites' jobs alone",
            path.display()
        );
    }
    Ok((tasks, loaded.findings.first().map_or(0, |f| f.seed)))
}

/// The generated jobs of `report` and `check`: the seeded operations, then the boundary set
/// unless `--no-boundary`.
fn default_jobs(corpus: &CorpusArgs) -> Vec<Task> {
    let mut tasks = uridiff::generate::operations(corpus.seed, corpus.count);
    if !corpus.no_boundary {
        tasks.extend(uridiff::generate::boundary::tasks());
    }
    tasks
}

/// The jobs `uridiff report` runs when given no option: its corpus options at their defaults, as
/// clap gives them (so they cannot drift from `report`'s), the built-in suites and the generated
/// jobs with the boundary set. Returns the seed and count too, for saying what ran.
pub(super) fn default_run() -> anyhow::Result<(u64, usize, Vec<Suite>, Vec<Task>)> {
    use clap::{Args, FromArgMatches};
    let matches =
        CorpusArgs::augment_args(clap::Command::new("report")).try_get_matches_from(["report"])?;
    let corpus = CorpusArgs::from_arg_matches(&matches)?;
    let suites = load_suites(&corpus.suites)?;
    Ok((corpus.seed, corpus.count, suites, default_jobs(&corpus)))
}

/// Runs the suites and the generated corpus (or a campaign's findings) through the engine;
/// everything since `started` (starting the parsers, reading the suites, generating the corpus)
/// is setup.
fn build(
    engine: &Engine,
    corpus: &CorpusArgs,
    quiet: bool,
    started: std::time::Instant,
    campaign: Option<(Vec<Task>, u64)>,
) -> anyhow::Result<Report> {
    let suites = load_suites(&corpus.suites)?;
    // Parse inputs, and resolution, normalization and equivalence jobs beside them; or the
    // campaign's inputs, judged by the same engine as generated ones.
    let (generated, seed): (Vec<Task>, u64) = match campaign {
        Some(jobs) => jobs,
        None => (default_jobs(corpus), corpus.seed),
    };
    let suite_jobs = uridiff::generate::from_suites(&suites).len();
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
    let before = started.elapsed().as_secs_f64();
    let mut report = uridiff::run::build(Inputs {
        engine,
        suites: &suites,
        tasks: generated,
        whatwg: corpus.whatwg.clone(),
        seed,
        generated: count,
        budget: corpus.budget,
        confusion: uridiff::run::ConfusionBudget {
            time: std::time::Duration::from_secs(corpus.confusion_seconds),
            ..Default::default()
        },
        tag: &|t: &Task| {
            t.origin
                .strip_prefix("confusion/")
                .map(|c| format!("{c} confusion"))
        },
        progress: &|| bar.inc(1),
    })?;
    bar.finish_and_clear();
    report.timing.setup_s += before;
    Ok(report)
}

/// Renders one file of the report and writes it aside in the folder (in place only when the
/// whole set is: [`uridiff::files::Folder::commit`]).
fn stage_file(
    folder: &uridiff::files::Folder,
    name: &str,
    f: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>,
) -> anyhow::Result<(uridiff::files::Staged, uridiff::files::ManifestFile)> {
    let mut buf = Vec::new();
    f(&mut buf).with_context(|| format!("writing {}", folder.dir().join(name).display()))?;
    Ok(folder.stage(name, &buf)?)
}

/// Version of the `report --json` document (`schemas/report.schema.json`).
const REPORT_JSON_SCHEMA: u32 = 1;

/// The `report --json` document: the run's counts, the files written, and every unexplained
/// class in short (`discrepancies.json` has the whole model).
fn report_json(report: &Report, dir: &Path, files: &[PathBuf], code: u8) -> serde_json::Value {
    let unexplained: Vec<serde_json::Value> = report
        .classes
        .iter()
        .filter(|c| !c.explained)
        .map(|c| {
            serde_json::json!({
                "key": c.key,
                "class": c.signature.class.name(),
                "severity": c.severity,
                "parser": c.deviating.join(", "),
                "reference": c.reference,
                "count": c.count,
                "example": uridiff::gate::shown_within(&c.example, None),
                "reproduce": c.reproduce,
                "diff": c.diff,
            })
        })
        .collect();
    serde_json::json!({
        "schema": REPORT_JSON_SCHEMA,
        "tool": report.tool,
        "out": dir.display().to_string(),
        "files": files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
        "seed": report.seed,
        "jobs": report.tasks,
        "parsers": report.subjects.iter().filter(|s| s.available).count(),
        "seconds": report.timing.total_s,
        "inputs_per_s": report.timing.inputs_per_s,
        "classes": report.classes.len(),
        "unexplained": unexplained.len(),
        "by_design": report.classes.len() - unexplained.len(),
        "crashed": code == 3,
        "exit": code,
        "unexplained_classes": unexplained,
    })
}

/// A report's writers, in the order they run: each document carries the time of the writers
/// before it ([`uridiff::report::Timing`]), so the JSON, the data, comes last and carries the
/// others'.
type Writer = fn(&Report, &mut Vec<u8>) -> std::io::Result<()>;
const WRITERS: [(&str, Writer); 4] = [
    ("summary.md", |r, b| report::markdown::write(r, b)),
    ("junit.xml", |r, b| report::junit::write(r, b)),
    ("index.html", |r, b| report::html::write(r, b)),
    ("discrepancies.json", |r, b| report::json::write(r, b)),
];

pub fn run(out: &mut impl Write, args: &ReportArgs) -> anyhow::Result<ExitCode> {
    let started = std::time::Instant::now();
    // The CI outputs first: a path that cannot be written fails before any parser runs.
    let ci = ci::Outputs::open(&args.ci)?;
    let engine = subjects::engine(&args.subjects)?;
    subjects::note_unavailable(engine.subjects());
    let unavailable_at_start: Vec<bool> = engine
        .subjects()
        .iter()
        .map(|s| s.available().is_err())
        .collect();
    // The campaign's findings before the output folder: a wrong --campaign leaves nothing behind.
    let campaign = args.campaign.as_deref().map(campaign_tasks).transpose()?;
    // The folder's lock before the run: a second report on it is refused at once, in one line.
    let folder = uridiff::files::Folder::lock(&args.out)?;
    // Starting the parsers (each worker is started by its availability check) is setup.
    let mut report = build(&engine, &args.corpus, args.quiet, started, campaign)?;
    // What the campaign reached of each parser's library, from its corpus (a blind campaign
    // reached nothing that was recorded: no section).
    if let Some(dir) = &args.campaign {
        let reach = uridiff::campaign::reach::read(dir)?;
        for s in &reach.skipped {
            eprintln!(
                "uridiff: {}:{}: skipped: {}",
                dir.join(uridiff::campaign::CORPUS).display(),
                s.line,
                s.reason
            );
        }
        report.reach = reach.parsers;
    }
    // A worker given up on during the run (a run of crashes in a row: a worker whose own code
    // fails on every input ends so) is one line here, as one that cannot start, besides its
    // crash-dead class and the exit status: never a report that only looks clean.
    for (s, was) in engine.subjects().iter().zip(unavailable_at_start) {
        if let (Err(why), false) = (s.available(), was) {
            // The reason's first line (the rest, a traceback or stderr lines, is in the report).
            let first = why.lines().next().unwrap_or_default();
            eprintln!("uridiff: {} stopped during the run: {first}", s.info().name);
        }
    }
    let writing = std::time::Instant::now();
    let mut staged = Vec::new();
    // Where each class is in the discrepancies.json written: the SARIF log places a class that
    // no suite case showed there.
    let mut written = report::sarif::Written::default();
    for (name, writer) in WRITERS {
        report.timing.write_s = writing.elapsed().as_secs_f64();
        report.timing.total_s = started.elapsed().as_secs_f64();
        // What ran between the model and the writing (the reach, the workers' checks) is the
        // rest of the model: the phases add up to the total on a machine as busy as any.
        let t = &mut report.timing;
        t.model_s = (t.total_s - t.setup_s - t.run_s - t.classify_s - t.write_s).max(0.0);
        staged.push(stage_file(&folder, name, |b| {
            writer(&report, b)?;
            // Only a SARIF log reads it, and finding it reads the whole file.
            if name == "discrepancies.json" && args.ci.sarif.is_some() {
                let path = args.out.join(name);
                written = report::sarif::Written::of(&path.to_string_lossy(), b);
            }
            Ok(())
        })?);
    }
    folder.commit(&report.tool, staged)?;
    drop(folder);
    let write_s = writing.elapsed().as_secs_f64();
    let t = &report.timing;
    let mut files: Vec<PathBuf> = WRITERS.iter().map(|(n, _)| args.out.join(n)).collect();
    files.extend(ci.write(&ci::Writers {
        sarif: &|b| report::sarif::write(&report::sarif::report(&report, &written), b),
        junit: &|b| report::junit::write(&report, b),
        summary: &|b| report::summary::write_report(&report, b),
    })?);
    let crashed = report.per_subject.iter().any(|s| s.crashes > 0);
    let code: u8 = if crashed { 3 } else { 0 };
    if args.ci.json {
        serde_json::to_writer(&mut *out, &report_json(&report, &args.out, &files, code))?;
        writeln!(out)?;
        return Ok(ExitCode::from(code));
    }
    let unexplained = report.classes.iter().filter(|c| !c.explained).count();
    writeln!(
        out,
        "{} jobs through {} parsers: {} discrepancy classes, {unexplained} unexplained, {} by design",
        report.tasks,
        report.subjects.iter().filter(|s| s.available).count(),
        report.classes.len(),
        report.classes.len() - unexplained,
    )?;
    writeln!(
        out,
        "{:.1} s: {:.1} s setup, {:.1} s running every job ({:.0} parser-inputs/s), {:.1} s classifying and minimizing, {:.1} s the rest of the model, {write_s:.1} s writing",
        started.elapsed().as_secs_f64(),
        t.setup_s,
        t.run_s,
        t.inputs_per_s,
        t.classify_s,
        t.model_s,
    )?;
    root_causes(&report, out)?;
    writeln!(
        out,
        "wrote {}/index.html, summary.md, discrepancies.json, junit.xml",
        args.out.display()
    )?;
    for f in &files[4..] {
        writeln!(out, "wrote {}", f.display())?;
    }
    Ok(ExitCode::from(code))
}

/// The root causes `summary.md` opens with ("Look at these first"), in its order and numbering,
/// one line each: the terminal names the same first things to look at as the files do.
fn root_causes(report: &Report, out: &mut impl Write) -> std::io::Result<()> {
    /// The most root causes listed, and the most parsers named on one line.
    const SHOWN: usize = 10;
    const NAMED: usize = 6;
    for (n, c) in report.root_causes.iter().take(SHOWN).enumerate() {
        let mut on = super::inputs::clip(super::inputs::show(&c.example.input));
        if let Some(second) = &c.example.second {
            on = format!("{on} against {}", super::inputs::show(second));
        }
        let mut parsers = c
            .parsers
            .iter()
            .take(NAMED)
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        if c.parsers.len() > NAMED {
            parsers = format!("{parsers} and {} more", c.parsers.len() - NAMED);
        }
        writeln!(
            out,
            "  {}. {} {} {}, on {on} ({}): {parsers} ({} {})",
            n + 1,
            c.severity.name(),
            c.class,
            c.op,
            uridiff::report::whose_example(c),
            c.inputs,
            uridiff::text::plural(c.inputs, "input", "inputs"),
        )?;
    }
    if report.root_causes.len() > SHOWN {
        writeln!(
            out,
            "  ({SHOWN} of {} root causes; summary.md's \"Look at these first\" has the lines that reproduce them, discrepancies.json every one)",
            report.root_causes.len()
        )?;
    }
    Ok(())
}

/// The parsers under test: those named by `--under-test`, or every available parser but the
/// project's own (impl and the two oracles). A name that is not running, or a named parser that
/// cannot run, is one line and exit 2 (never a run that reports every line of it stale).
fn under_test(engine: &Engine, named: &[String]) -> anyhow::Result<Vec<String>> {
    let own = |name: &str| uridiff::parsers::card(name).is_some_and(|c| c.is_this_project());
    if named.is_empty() {
        let all: Vec<String> = engine
            .subjects()
            .iter()
            .filter(|s| !own(&s.info().name) && s.available().is_ok())
            .map(|s| s.info().name.clone())
            .collect();
        if all.is_empty() {
            anyhow::bail!(
                "no parser to test: name one with --under-test NAME (`uridiff parsers` lists them)"
            );
        }
        return Ok(all);
    }
    let mut out: Vec<String> = Vec::new();
    for name in named {
        let Some(i) = engine.position(name) else {
            anyhow::bail!("--under-test {name}: no such parser runs here (`uridiff parsers` lists them; with --parser, select it too; a worker needs --external {name}=COMMAND)");
        };
        if let Err(why) = engine.subjects()[i].available() {
            anyhow::bail!("--under-test {name}: the parser is not available: {why}");
        }
        if !out.contains(name) {
            out.push(name.clone());
        }
    }
    Ok(out)
}

pub fn check(out: &mut impl Write, args: &CheckArgs) -> anyhow::Result<ExitCode> {
    // The CI outputs first: a path that cannot be written fails before any parser runs.
    let mut ci = Some(ci::Outputs::open(&args.ci)?);
    let result = check_with(out, args, &mut ci);
    // Stopped before the verdict was written (exit 2): every output asked for still says what
    // went wrong, so the steps that run after a failure (the SARIF upload, the artifact, the
    // step summary) show the reason, not an empty or stale file.
    if let (Err(e), Some(ci)) = (&result, ci.take()) {
        let reason = format!("{e:#}");
        if let Err(w) = ci.write(&ci::Writers {
            sarif: &|b| report::sarif::write(&report::sarif::failed("check", 2, &reason), b),
            junit: &|b| report::junit::write_failed("check", &reason, b),
            summary: &|b| report::summary::write_failed("check", &reason, b),
        }) {
            eprintln!("uridiff: {w:#}");
        }
    }
    result
}

/// [`check`] once its CI outputs are open: `ci` is taken when the verdict is written, and left
/// for [`check`] to write the reason into when this returns an error first.
fn check_with(
    out: &mut impl Write,
    args: &CheckArgs,
    ci: &mut Option<ci::Outputs>,
) -> anyhow::Result<ExitCode> {
    let engine = subjects::engine(&args.subjects)?;
    // Read the baseline first: an unreadable one fails before the run, naming its line.
    let known = if args.write_baseline {
        None
    } else {
        Some(gate::file::load(&args.baseline)?)
    };
    let tested = under_test(&engine, &args.under_test)?;
    if let Some(known) = &known {
        // A parser the baseline tests that cannot run now: one line, not every line stale.
        for p in &known.header.parsers {
            if let Some(Err(why)) = engine
                .position(&p.name)
                .map(|i| engine.subjects()[i].available())
            {
                anyhow::bail!(
                    "{}: {} is under test in the baseline but not available: {why}",
                    args.baseline.display(),
                    p.name
                );
            }
        }
    }
    // The bystanders that cannot run, one line each (a parser under test that cannot run was
    // an error above, in one line).
    for s in engine.subjects() {
        let name = &s.info().name;
        let listed = known
            .as_ref()
            .is_some_and(|k| k.header.parsers.iter().any(|p| &p.name == name));
        if let (Err(why), false) = (s.available(), tested.contains(name) || listed) {
            eprintln!("uridiff: {name} skipped: {why}");
        }
    }
    let corpus = &args.corpus;
    let suites = load_suites(&corpus.suites)?;
    let run = uridiff::run::gate(
        Inputs {
            engine: &engine,
            suites: &suites,
            tasks: default_jobs(corpus),
            whatwg: corpus.whatwg.clone(),
            seed: corpus.seed,
            generated: corpus.count,
            budget: corpus.budget,
            confusion: uridiff::run::ConfusionBudget {
                time: std::time::Duration::from_secs(corpus.confusion_seconds),
                ..Default::default()
            },
            tag: &|_| None,
            progress: &|| (),
        },
        &tested,
    )?;
    // A parser under test that stopped running during the run (a worker given up on after
    // failing request after request, or that could not be started again): one line, as for
    // one that cannot start, never a baseline of its non-answers nor every line of it stale.
    for name in &tested {
        if let Some(Err(why)) = engine
            .position(name)
            .map(|i| engine.subjects()[i].available())
        {
            anyhow::bail!("{name} is under test but stopped running during the run: {why}");
        }
    }
    // What the run's inputs covered: a line in every output (the report has the table).
    let coverage = uridiff::report_model::coverage::Coverage::of(run.jobs.values());
    let deviating = run
        .records
        .iter()
        .map(|r| (&r.subject, r.job))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let path = args.baseline.display().to_string();
    let Some(known) = known else {
        uridiff::files::write_atomic(&args.baseline, gate::file::write(&run).as_bytes())?;
        let verdict = Verdict::written(&path, &run);
        let files = write_check_outputs(ci.take(), &verdict, &coverage)?;
        if args.ci.json {
            return print_verdict(out, &verdict, &files, &coverage);
        }
        let confusion: usize = tested
            .iter()
            .map(|p| gate::confusion_of(&run.confusion, p).len())
            .sum();
        writeln!(
            out,
            "wrote {}: {} answers of {} under test, {deviating} of them deviating ({} jobs run); {confusion} URL-confusion classes they take part in",
            args.baseline.display(),
            verdict.recorded,
            tested.join(", "),
            run.jobs.len()
        )?;
        writeln!(out, "input coverage: {}", coverage.line())?;
        for f in &files {
            writeln!(out, "wrote {}", f.display())?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    let changes = gate::compare(&known, &run)
        .map_err(|m| anyhow::anyhow!("{}: {m}", args.baseline.display()))?;
    let mut verdict = Verdict::checked(&path, &known, &run, &changes);
    if !verdict.passed {
        verdict.accept = Some(accept_command());
    }
    let files = write_check_outputs(ci.take(), &verdict, &coverage)?;
    if args.ci.json {
        return print_verdict(out, &verdict, &files, &coverage);
    }
    for c in &changes {
        match c.line {
            Some(line) => writeln!(out, "{}:{line}: {c}", args.baseline.display())?,
            None => writeln!(out, "{c}")?,
        }
        // A confusion class's message ends with its `uridiff diff` line already.
        if let (Some(r), None) = (&c.reproduce, &c.confusion) {
            writeln!(out, "    {r}")?;
        }
    }
    writeln!(
        out,
        "{deviating} deviating jobs of {} under test, {} answers in the baseline ({} deviating): {} new, {} changed, {} stale",
        tested.join(", "),
        verdict.recorded,
        known.entries.len(),
        verdict.new,
        verdict.changed,
        verdict.stale,
    )?;
    writeln!(out, "input coverage: {}", coverage.line())?;
    if let Some(accept) = &verdict.accept {
        writeln!(out, "to accept every change, run: {accept}")?;
    }
    for f in &files {
        writeln!(out, "wrote {}", f.display())?;
    }
    Ok(check_code(&verdict))
}

/// The command that accepts every change: this very command line, each word quoted as the shell
/// needs it, with `--write-baseline` after it (it runs the same jobs and rewrites the baseline).
fn accept_command() -> String {
    let word = |w: &std::ffi::OsStr| {
        let bytes = w.as_encoded_bytes();
        let plain = !bytes.is_empty()
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"_./=:,+@%-".contains(b));
        if plain {
            String::from_utf8_lossy(bytes).into_owned()
        } else {
            uridiff::text::shell_word(bytes)
        }
    };
    let mut words: Vec<String> = std::env::args_os().map(|a| word(&a)).collect();
    words.push("--write-baseline".to_owned());
    words.join(" ")
}

/// `check`'s exit code: 1 when the gate fails.
fn check_code(verdict: &Verdict) -> ExitCode {
    if verdict.passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn write_check_outputs(
    ci: Option<ci::Outputs>,
    verdict: &Verdict,
    coverage: &uridiff::report_model::coverage::Coverage,
) -> anyhow::Result<Vec<PathBuf>> {
    let Some(ci) = ci else {
        return Ok(Vec::new());
    };
    ci.write(&ci::Writers {
        sarif: &|b| report::sarif::write(&report::sarif::check(verdict), b),
        junit: &|b| report::junit::write_check(verdict, b),
        summary: &|b| {
            report::summary::write_check(verdict, b)?;
            writeln!(b, "\nInput coverage: {}.", coverage.line())
        },
    })
}

/// The `check --json` document: the verdict (`schemas/check.schema.json`), the files written and
/// the input coverage's headline numbers.
fn print_verdict(
    out: &mut impl Write,
    verdict: &Verdict,
    files: &[PathBuf],
    coverage: &uridiff::report_model::coverage::Coverage,
) -> anyhow::Result<ExitCode> {
    let mut doc = serde_json::to_value(verdict)?;
    doc["files"] = files.iter().map(|f| f.display().to_string()).collect();
    doc["coverage"] = coverage.brief();
    serde_json::to_writer(&mut *out, &doc)?;
    writeln!(out)?;
    Ok(check_code(verdict))
}
