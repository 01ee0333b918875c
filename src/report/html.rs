//! `index.html`: the report as one self-contained page (no network: inline CSS and SVG).

use std::io::{self, Write};

use super::{show, Report};

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Writes `report` as a self-contained HTML page.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::report::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::html::write(&report, &mut out).unwrap();
/// let page = String::from_utf8(out).unwrap();
/// assert!(page.starts_with("<!DOCTYPE html>") && !page.contains("http-equiv=\"refresh\""));
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>uridiff report</title></head><body>")?;
    writeln!(out, "<h1>uridiff report</h1>")?;
    writeln!(out, "<table id=\"classes\"><tr><th>severity</th><th>class</th><th>inputs</th><th>example</th></tr>")?;
    for c in &report.classes {
        writeln!(
            out,
            "<tr><td>{:?}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            c.severity,
            esc(&c.key),
            c.count,
            esc(&show(&c.example.input))
        )?;
    }
    writeln!(out, "</table></body></html>")
}
