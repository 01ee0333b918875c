//! `uridiff parsers`: every subject with its version, profile, kind, operations, components and
//! whether it can run here (and why not); with `--rules`, every profile rule with its id and how
//! often it fired on `report`'s default run ([`uridiff::run::rule_firings`]), those that never
//! did in a section of their own, so that dead rules are seen.

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use uridiff::engine::Engine;
use uridiff::model::JSON_SCHEMA;
use uridiff::run::RuleCount;
use uridiff::subjects::SubjectInfo;

use super::{subjects, ParsersArgs};

#[derive(Serialize)]
struct Entry<'a> {
    schema: u32,
    #[serde(flatten)]
    info: &'a SubjectInfo,
    available: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    unavailable: Option<String>,
}

pub fn run(out: &mut impl Write, args: &ParsersArgs) -> anyhow::Result<ExitCode> {
    if args.rules {
        return rules(out, args);
    }
    let all = subjects::all(&args.subjects)?;
    // `--parser NAME` lists the named parsers alone; an unknown name is an error naming the known
    // ones. A named parser that cannot run is listed, with why: that is what this command is for.
    let listed = if args.subjects.parsers.is_empty() {
        all
    } else {
        uridiff::subjects::select(&all, &args.subjects.parsers)?
    };
    let mut rows = Vec::new();
    let mut reasons = Vec::new();
    let found = uridiff::subjects::availability(&listed);
    for (s, avail) in listed.iter().zip(found) {
        let info = s.info();
        if args.json {
            let e = Entry {
                schema: JSON_SCHEMA,
                info,
                available: avail.is_ok(),
                unavailable: avail.err(),
            };
            writeln!(out, "{}", serde_json::to_string(&e)?)?;
            continue;
        }
        let ops: Vec<&str> = info.operations.iter().map(|o| o.name()).collect();
        let components: Vec<&str> = info.components.iter().map(|c| c.name()).collect();
        rows.push([
            info.name.clone(),
            info.version.clone(),
            info.profile.clone(),
            format!("{:?}", info.kind).to_lowercase(),
            ops.join(","),
            if components.len() == 9 {
                "all".into()
            } else if components.is_empty() {
                "none (validity only)".into()
            } else {
                components.join(",")
            },
            match avail {
                Ok(()) => "yes".into(),
                // A reason of several lines (a worker's stderr) is shown whole below the table.
                Err(why) => match why.split_once('\n') {
                    None => format!("no: {why}"),
                    Some((first, _)) => {
                        reasons.push((info.name.clone(), why.clone()));
                        format!("no: {first} (more below)")
                    }
                },
            },
        ]);
    }
    if !args.json {
        let head = [
            "name",
            "version",
            "profile",
            "kind",
            "operations",
            "components",
            "available",
        ];
        let mut widths = head.map(str::len);
        for r in &rows {
            for (w, c) in widths.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        let line = |cells: Vec<&str>| {
            cells
                .iter()
                .zip(widths)
                .map(|(c, w)| format!("{c:w$}"))
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_owned()
        };
        writeln!(out, "{}", line(head.to_vec()))?;
        for r in &rows {
            writeln!(out, "{}", line(r.iter().map(String::as_str).collect()))?;
        }
        for (name, why) in &reasons {
            writeln!(out, "\n{name} is not available: {why}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `parsers --rules --json` prints: one document.
#[derive(Serialize)]
struct RulesDoc<'a> {
    schema: u32,
    /// The default run's seed and generated count, and how many jobs ran in all.
    seed: u64,
    count: usize,
    jobs: usize,
    /// The parsers that ran, and those skipped because they cannot run here.
    parsers: Vec<String>,
    skipped: Vec<Skipped>,
    rules: &'a [RuleCount],
}

#[derive(Serialize)]
struct Skipped {
    name: String,
    why: String,
}

/// `parsers --rules`: runs `report`'s default jobs quietly (no progress, no report written) and
/// lists every rule with its firings: those that fired, those no parser of whose owner ran, and
/// last those that never fired.
fn rules(out: &mut impl Write, args: &ParsersArgs) -> anyhow::Result<ExitCode> {
    let chosen = subjects::selected(&args.subjects)?;
    let mut parsers = Vec::new();
    let mut skipped = Vec::new();
    for (s, found) in chosen.iter().zip(uridiff::subjects::availability(&chosen)) {
        match found {
            Ok(()) => parsers.push(s.info().name.clone()),
            Err(why) => skipped.push(Skipped {
                name: s.info().name.clone(),
                why,
            }),
        }
    }
    let engine = Engine::new(chosen);
    let (seed, count, suites, tasks) = super::report::default_run()?;
    let jobs = uridiff::generate::from_suites(&suites).len() + tasks.len();
    let counts = uridiff::run::rule_firings(&engine, &suites, tasks, &|| ())?;
    if args.json {
        let doc = RulesDoc {
            schema: JSON_SCHEMA,
            seed,
            count,
            jobs,
            parsers,
            skipped,
            rules: &counts,
        };
        writeln!(out, "{}", serde_json::to_string(&doc)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} rules; findings each explained on report's default run (seed {seed}, {count} generated inputs, the boundary set and the built-in suites: {jobs} jobs through {} parsers)",
        counts.len(),
        parsers.len()
    )?;
    for s in &skipped {
        // The first line of the reason: a worker's stderr can run long.
        let why = s.why.lines().next().unwrap_or_default();
        writeln!(out, "skipped, cannot run here: {}: {why}", s.name)?;
    }
    let fired: Vec<&RuleCount> = counts.iter().filter(|c| c.fired > 0).collect();
    let not_run: Vec<&RuleCount> = counts
        .iter()
        .filter(|c| c.fired == 0 && c.applies_to.is_empty())
        .collect();
    let never: Vec<&RuleCount> = counts
        .iter()
        .filter(|c| c.fired == 0 && !c.applies_to.is_empty())
        .collect();
    section(out, &format!("fired ({})", fired.len()), &fired)?;
    section(
        out,
        &format!(
            "not counted: no parser of their owner ran ({})",
            not_run.len()
        ),
        &not_run,
    )?;
    section(
        out,
        &format!("never fired on the default run ({})", never.len()),
        &never,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// One section of `parsers --rules`: a heading, then a line per rule (id, times fired, what it
/// computes, prose, and in brackets where the library documents it).
fn section(out: &mut impl Write, heading: &str, rules: &[&RuleCount]) -> std::io::Result<()> {
    writeln!(out, "\n{heading}:")?;
    let width = rules.iter().map(|r| r.id.len()).max().unwrap_or(0);
    let kinds = rules.iter().map(|r| r.kind.len()).max().unwrap_or(0);
    for r in rules {
        writeln!(
            out,
            "  {:width$}  {:>6}  {:kinds$}  {} [{}]",
            r.id, r.fired, r.kind, r.name, r.cites
        )?;
    }
    Ok(())
}
