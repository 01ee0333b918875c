//! `junit.xml`: every suite case for every subject as a JUnit test case (one test suite per
//! subject), named by the case's stable id so CI systems track it across edits.

use std::io::{self, Write};

use super::Report;
use crate::suite::Status;

/// Escapes text for an XML attribute or element.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // XML 1.0 cannot carry most control characters, even escaped.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// Writes the suite results of `report` as JUnit XML.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::junit::write(&report, &mut out).unwrap();
/// let xml = String::from_utf8(out).unwrap();
/// assert!(xml.starts_with("<?xml") && xml.contains("<testsuites"));
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let names: Vec<&str> = report
        .subjects
        .iter()
        .map(|s| s.info.name.as_str())
        .collect();
    write_cases(&names, &report.cases, out)
}

/// Writes `(subject, case result)` pairs as JUnit XML, one test suite per subject in `subjects`
/// (what `uridiff suite --junit` writes).
///
/// # Errors
///
/// The writer's.
pub fn write_cases(
    subjects: &[&str],
    all: &[(String, crate::suite::CaseResult)],
    out: &mut impl Write,
) -> io::Result<()> {
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(out, r#"<testsuites name="uridiff">"#)?;
    for name in subjects {
        let cases: Vec<_> = all.iter().filter(|(s, _)| s == name).collect();
        let failures = cases
            .iter()
            .filter(|(_, r)| matches!(r.status, Status::Failed(_)))
            .count();
        let skipped = cases
            .iter()
            .filter(|(_, r)| matches!(r.status, Status::Skipped(_)))
            .count();
        writeln!(
            out,
            r#"  <testsuite name="{}" tests="{}" failures="{failures}" skipped="{skipped}">"#,
            esc(name),
            cases.len()
        )?;
        for (_, r) in cases {
            write!(
                out,
                r#"    <testcase classname="{}.{}" name="{}">"#,
                esc(name),
                esc(r.edition.id()),
                esc(&r.id)
            )?;
            match &r.status {
                Status::Passed => {}
                Status::Failed(m) => {
                    let msg: Vec<String> = m.iter().map(ToString::to_string).collect();
                    write!(
                        out,
                        r#"<failure message="{}">{} {}</failure>"#,
                        esc(&msg.join("; ")),
                        esc(&r.location),
                        esc(&r.label)
                    )?;
                }
                Status::Skipped(why) => write!(out, r#"<skipped message="{}"/>"#, esc(why))?,
            }
            writeln!(out, "</testcase>")?;
        }
        writeln!(out, "  </testsuite>")?;
    }
    writeln!(out, "</testsuites>")
}
