//! `uridiff suite`: runs YAML suites and closes with `N passed, M failed[, K skipped]`.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use uridiff::subjects;
use uridiff::suite::{self, Status, Tally};

use super::SuiteArgs;

pub fn run(out: &mut impl Write, args: &SuiteArgs) -> anyhow::Result<ExitCode> {
    let all = subjects::builtin();
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
            if show {
                writeln!(out, "{r}")?;
            }
        }
    }
    if errata > 0 {
        writeln!(
            out,
            "({errata} cases document errata: see the README's Conformance notes)"
        )?;
    }
    if malformed > 0 {
        writeln!(
            out,
            "({malformed} suite files could not be read: see the errors above)"
        )?;
    }
    writeln!(out, "{tally}")?;
    Ok(if malformed > 0 {
        ExitCode::from(2)
    } else if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
