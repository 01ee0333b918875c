//! `summary.md`: the report's headline numbers and tables, for a code review or a CI summary.

use std::io::{self, Write};

use super::{show, Report};

/// Writes the summary of `report` as Markdown.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::report::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::markdown::write(&report, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("# uridiff report"));
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let unexplained = report.classes.iter().filter(|c| !c.explained).count();
    writeln!(out, "# uridiff report\n")?;
    writeln!(
        out,
        "{} (report schema {}), seed {}: {} jobs ({} generated inputs plus the suites) through {} subjects ({} available).\n",
        report.tool,
        super::REPORT_SCHEMA,
        report.seed,
        report.tasks,
        report.generated,
        report.subjects.len(),
        report.subjects.iter().filter(|s| s.available).count()
    )?;
    writeln!(
        out,
        "**{} discrepancy classes**: {unexplained} unexplained, {} by design.\n",
        report.classes.len(),
        report.classes.len() - unexplained
    )?;
    writeln!(out, "## Subjects\n")?;
    writeln!(out, "| subject | version | profile | kind | unexplained | by design | crashes | likely edition |")?;
    writeln!(out, "|---|---|---|---|---:|---:|---:|---|")?;
    for (entry, summary) in report.subjects.iter().zip(&report.per_subject) {
        let likely = report
            .matrix
            .iter()
            .find(|m| m.subject == entry.info.name)
            .and_then(|m| m.likely_edition.clone())
            .unwrap_or_else(|| "-".into());
        let name = if entry.available {
            entry.info.name.clone()
        } else {
            format!(
                "{} (unavailable: {})",
                entry.info.name,
                entry.unavailable.as_deref().unwrap_or("?")
            )
        };
        writeln!(
            out,
            "| {name} | {} | {} | {:?} | {} | {} | {} | {likely} |",
            entry.info.version,
            entry.info.profile,
            entry.info.kind,
            summary.unexplained,
            summary.by_design,
            summary.crashes
        )?;
    }
    writeln!(out, "\n## Classes (unexplained first, most severe first)\n")?;
    writeln!(
        out,
        "| severity | class | inputs | deviating | example | by design |"
    )?;
    writeln!(out, "|---|---|---:|---|---|---|")?;
    for c in &report.classes {
        let by_design: Vec<String> = c
            .by_design
            .iter()
            .map(|(s, r)| format!("{s}: by-design({r})"))
            .collect();
        writeln!(
            out,
            "| {:?} | `{}` | {} | {} | `{}` | {} |",
            c.severity,
            md(&c.key),
            c.count,
            c.deviating.join(", "),
            md(&show(&c.example.input)),
            md(&by_design.join("; "))
        )?;
    }
    writeln!(
        out,
        "\n## Conformance matrix (share of suite cases matched)\n"
    )?;
    write!(out, "| subject |")?;
    if let Some(row) = report.matrix.first() {
        for cell in &row.cells {
            write!(out, " {} |", cell.edition)?;
        }
    }
    writeln!(out)?;
    writeln!(out, "|---|{}", "---:|".repeat(uri_spec::Edition::ALL.len()))?;
    for row in &report.matrix {
        write!(out, "| {} |", row.subject)?;
        for cell in &row.cells {
            match cell.share {
                Some(s) => write!(
                    out,
                    " {:.0}% ({}/{}) |",
                    s * 100.0,
                    cell.passed,
                    cell.passed + cell.failed
                )?,
                None => write!(out, " - |")?,
            }
        }
        writeln!(out)?;
    }
    if !report.confusion.is_empty() {
        writeln!(out, "\n## URL confusion\n")?;
        writeln!(
            out,
            "| class | component | a | b | input | a reads | b reads | inputs |"
        )?;
        writeln!(out, "|---|---|---|---|---|---|---|---:|")?;
        for p in &report.confusion {
            let r = |v: &Option<String>| {
                v.as_deref().map_or("undefined".to_owned(), |s| {
                    format!("`{}`", md(&show(s.as_bytes())))
                })
            };
            writeln!(
                out,
                "| {} | {} | {} | {} | `{}` | {} | {} | {} |",
                p.class,
                p.component,
                p.a,
                p.b,
                md(&show(&p.input)),
                r(&p.a_reads),
                r(&p.b_reads),
                p.count
            )?;
        }
    }
    Ok(())
}

/// Text safe inside a Markdown table cell and code span.
fn md(s: &str) -> String {
    s.replace('|', "\\|").replace('`', "'")
}
