//! The Markdown summary of a run for a CI page: `--summary FILE` of `report` and `check`, also
//! appended to the file `GITHUB_STEP_SUMMARY` names when GitHub Actions sets it (GitHub's
//! "Adding a job summary": GitHub-flavored Markdown appended to that file is shown on the run's
//! page, up to 1 MiB per step). It is short by design: the verdict, counts, and at most
//! [`ROWS`] rows, most severe first; `summary.md`, `index.html` and `discrepancies.json` (or
//! `check`'s own output) have the rest.
//!
//! Cells are written with the report's Markdown helpers: inputs as code spans that survive
//! backticks, and `|` escaped (GitHub-flavored Markdown splits a table row at an unescaped `|`,
//! even inside a code span).

use std::io::{self, Write};

use super::markdown::{code, command, example, fenced, severity, text};
use super::Report;
use crate::gate::verdict::{Status, Verdict};

/// The most rows a summary's table has.
pub const ROWS: usize = 20;

/// A command in a table cell: a code span with `|` escaped for the table.
fn cell_command(line: &str) -> String {
    command(line).replace('|', "\\|")
}

/// Writes the summary of a report.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::summary::write_report(&report, &mut out).unwrap();
/// let md = String::from_utf8(out).unwrap();
/// assert!(md.starts_with("## uridiff report"));
/// ```
pub fn write_report(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let unexplained: Vec<_> = report.classes.iter().filter(|c| !c.explained).collect();
    let available = report.subjects.iter().filter(|s| s.available).count();
    writeln!(out, "## uridiff report\n")?;
    writeln!(
        out,
        "**{} unexplained classes**, {} by design: {} jobs through {available} parsers ({}, seed {}) in {:.1} s.\n",
        unexplained.len(),
        report.classes.len() - unexplained.len(),
        report.tasks,
        text(&report.tool),
        report.seed,
        report.timing.total_s,
    )?;
    writeln!(out, "Input coverage: {}.\n", report.coverage.line())?;
    let with = report
        .per_subject
        .iter()
        .filter(|s| s.unexplained + s.crashes > 0)
        .collect::<Vec<_>>();
    if !with.is_empty() {
        writeln!(out, "| parser | unexplained | by design | crashes |")?;
        writeln!(out, "|---|---:|---:|---:|")?;
        for s in with {
            writeln!(
                out,
                "| {} | {} | {} | {} |",
                text(&s.subject),
                s.unexplained,
                s.by_design,
                s.crashes
            )?;
        }
        writeln!(out)?;
    }
    if unexplained.is_empty() {
        return writeln!(
            out,
            "Every difference is explained by its parser's profile."
        );
    }
    writeln!(
        out,
        "| severity | parser | class | example | inputs | see it |"
    )?;
    writeln!(out, "|---|---|---|---|---:|---|")?;
    for c in unexplained.iter().take(ROWS) {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} |",
            severity(c.severity),
            text(&c.deviating.join(", ")),
            text(&c.signature.class.name()),
            example(c),
            c.count,
            c.diff
                .as_deref()
                .or(c.reproduce.as_deref())
                .map_or_else(String::new, cell_command),
        )?;
    }
    if unexplained.len() > ROWS {
        writeln!(
            out,
            "\n{ROWS} of {} unexplained classes shown; `summary.md`, `index.html` and `discrepancies.json` have every one.",
            unexplained.len()
        )?;
    }
    Ok(())
}

/// Writes the summary of a check.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// use uridiff::gate::{compare, verdict::Verdict, Baseline, Header, Run};
/// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
/// let run = Run { header: header.clone(), records: Vec::new(), answers: Default::default(),
///                 jobs: Default::default(), confusion: Vec::new() };
/// let known = Baseline { header, entries: Default::default(), agreed: Default::default(),
///                        confusion: Default::default() };
/// let v = Verdict::checked("b.txt", &known, &run, &compare(&known, &run).unwrap());
/// let mut out = Vec::new();
/// uridiff::report::summary::write_check(&v, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("## uridiff check: passed"));
/// ```
pub fn write_check(v: &Verdict, out: &mut impl Write) -> io::Result<()> {
    let verdict = if v.wrote_baseline {
        "baseline written"
    } else if v.passed {
        "passed"
    } else {
        "failed"
    };
    writeln!(out, "## uridiff check: {verdict}\n")?;
    writeln!(
        out,
        "{} deviating jobs of {} under test ({} jobs run); {} answers in {} ({} deviating): **{} new, {} changed, {} stale**.\n",
        v.deviating,
        text(&v.under_test.join(", ")),
        v.jobs,
        v.recorded,
        code(v.baseline.as_bytes()),
        v.listed,
        v.new,
        v.changed,
        v.stale,
    )?;
    let failures: Vec<_> = v.failures().collect();
    if failures.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "| change | severity | parser | classes | job | see it |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    for i in failures.iter().take(ROWS) {
        let change = match i.status {
            Status::New => "new",
            Status::Changed => "changed",
            Status::Fixed => "stale (fixed)",
            Status::Gone => "stale (gone)",
            Status::Known => "known",
        };
        let classes: Vec<String> = i.classes.iter().map(|k| text(k)).collect();
        writeln!(
            out,
            "| {change}{} | {} | {} | {} | {} | {} |",
            i.line.map_or_else(String::new, |l| format!(" (line {l})")),
            i.severity.map_or("", severity),
            text(&i.subject),
            classes.join("<br>"),
            fenced(&i.shown),
            i.reproduce
                .as_deref()
                .map_or_else(String::new, cell_command),
        )?;
    }
    if failures.len() > ROWS {
        writeln!(
            out,
            "\n{ROWS} of {} changes shown; `uridiff check` prints every one.",
            failures.len()
        )?;
    }
    match &v.accept {
        Some(cmd) => writeln!(
            out,
            "\nIf the new answers are right, accept them (this rewrites the baseline; commit it): {}",
            command(cmd)
        ),
        None => writeln!(
            out,
            "\nIf the new answers are right, refresh the baseline with `--write-baseline` and commit it."
        ),
    }
}

/// Writes the summary of a run that stopped before its verdict (`uridiff check` exiting 2): a
/// heading saying so and the reason, so that the run's page says what went wrong rather than
/// nothing.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// let mut out = Vec::new();
/// uridiff::report::summary::write_failed("check", "x: cannot start", &mut out).unwrap();
/// let md = String::from_utf8(out).unwrap();
/// assert!(md.starts_with("## uridiff check: could not run"));
/// assert!(md.contains("x: cannot start"));
/// ```
pub fn write_failed(command: &str, reason: &str, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "## uridiff {command}: could not run\n")?;
    writeln!(
        out,
        "The {command} stopped before its verdict (exit code 2): it neither passed nor failed. Why:\n"
    )?;
    writeln!(out, "{}", super::sarif::code_block(reason))
}
