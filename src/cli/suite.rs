//! `uridiff suite`: runs YAML suites and closes with `N passed, M failed[, K skipped]`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context};
use serde_json::{json, Value};
use uridiff::subjects;
use uridiff::suite::{self, CaseResult, Status, Tally};

use super::SuiteArgs;

pub fn run(out: &mut impl Write, args: &SuiteArgs) -> anyhow::Result<ExitCode> {
    let all = super::subjects::all(&super::subjects::SubjectArgs {
        parsers: Vec::new(),
        external: args.external.clone(),
        no_external: false,
        timeout_ms: args.timeout_ms,
    })?;
    let parser = subjects::select(&all, std::slice::from_ref(&args.parser))?.remove(0);
    if let Err(why) = parser.available() {
        bail!("parser {} is not available: {why}", args.parser);
    }
    let files = suite::collect(&args.paths)?;
    if files.is_empty() {
        bail!(
            "no suite files (*.yaml) under {:?}; pass files or folders",
            args.paths
        );
    }
    let files_count = files.len();
    let mut junit = Vec::new();
    let mut tally = Tally::default();
    let mut errata = 0;
    let mut malformed = 0;
    for path in files {
        let s = match suite::load(&path) {
            Ok(s) => s,
            Err(e) => {
                // Report, and go on with the other files.
                malformed += 1;
                out.flush()?;
                // Nowhere to report a failed write to stderr; the exit code says it.
                let _ = writeln!(std::io::stderr(), "error: {e}");
                continue;
            }
        };
        for r in suite::run(&s, parser.as_ref(), args.filter.as_deref()) {
            tally.add(&r.status);
            errata += usize::from(r.erratum);
            let show = match r.status {
                Status::Failed(_) => true,
                Status::Passed | Status::Skipped(_) => args.verbose,
            };
            if args.json {
                writeln!(out, "{}", case_json(&r))?;
            } else if show {
                writeln!(out, "{r}")?;
            }
            if args.junit.is_some() {
                junit.push((args.parser.clone(), r));
            }
        }
    }
    if tally.passed + tally.failed + tally.skipped == 0 && malformed == 0 {
        // Nothing ran: a filter or a folder that selects no case is a usage error, never a pass.
        bail!(
            "no case selected{} in {} file(s): nothing was checked",
            args.filter
                .as_deref()
                .map_or(String::new(), |f| format!(" by --filter {f:?}")),
            files_count
        );
    }
    if let Some(path) = &args.junit {
        let mut xml = Vec::new();
        uridiff::report::junit::write_cases(&[args.parser.as_str()], &junit, &mut xml)?;
        std::fs::write(path, xml)
            .with_context(|| format!("writing the JUnit file {}", path.display()))?;
    }
    if args.json {
        let summary = json!({
            "schema": uridiff::model::JSON_SCHEMA,
            "summary": {
                "passed": tally.passed,
                "failed": tally.failed,
                "skipped": tally.skipped,
                "errata": errata,
                "malformed_files": malformed,
            },
        });
        writeln!(out, "{summary}")?;
    } else if errata > 0 {
        writeln!(
            out,
            "({errata} cases document errata: see the README's Conformance notes)"
        )?;
    }
    if malformed > 0 && !args.json {
        writeln!(
            out,
            "({malformed} suite files could not be read: see the errors above)"
        )?;
    }
    if !args.json {
        writeln!(out, "{tally}")?;
    }
    Ok(if malformed > 0 {
        ExitCode::from(2)
    } else if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
