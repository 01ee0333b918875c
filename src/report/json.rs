//! `discrepancies.json`: the report model as JSON (schema 1, `schemas/discrepancies.schema.json`).

use std::io::{self, Write};

use super::Report;

/// Writes `report` as one pretty-printed JSON document.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::json::write(&report, &mut out).unwrap();
/// let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
/// assert_eq!(v["schema"], 1);
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, report)?;
    out.write_all(b"\n")
}
