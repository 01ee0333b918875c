//! `uridiff parsers`: every subject with its version, profile, kind, operations, components and
//! whether it can run here (and why not).

use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use uridiff::model::JSON_SCHEMA;
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
