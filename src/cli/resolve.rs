//! `uridiff resolve`: each reference resolved against the base, under one edition or all.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;
use uri_spec::{AbsolutePathReading, LeftoverDotDot, Resolver};

use super::{code, inputs, AboveRoot, ResolveArgs};

pub fn run(out: &mut impl Write, args: &ResolveArgs) -> anyhow::Result<ExitCode> {
    let base = args.base.as_encoded_bytes();
    let references = inputs::expand(&args.references)?;
    let editions = args.edition.editions();
    let mut all_ok = true;
    for r in &references {
        for &e in &editions {
            let result = Resolver::new()
                .edition(e)
                .strict(!args.non_strict)
                .leftover_dot_dot(match args.above_root {
                    AboveRoot::Remove => LeftoverDotDot::Remove,
                    AboveRoot::Error => LeftoverDotDot::Error,
                })
                .absolute_path_reading(if args.pseudocode {
                    AbsolutePathReading::Pseudocode
                } else {
                    AbsolutePathReading::Table
                })
                .resolve(base, r);
            all_ok &= result.is_ok();
            if args.json {
                let mut v = json!({
                    "schema": uridiff::model::JSON_SCHEMA,
                    "base": inputs::show(base),
                    "reference": inputs::show(r),
                    "edition": e.id(),
                    "strict": !args.non_strict,
                });
                match &result {
                    Ok(t) => v["result"] = json!(t),
                    Err(err) => v["error"] = json!(err.to_string()),
                }
                writeln!(out, "{v}")?;
            } else {
                let shown = match &result {
                    Ok(t) => t.clone(),
                    Err(err) => format!("invalid: {err}"),
                };
                if editions.len() > 1 {
                    writeln!(out, "{:<34} {shown}", e.id())?;
                } else if references.len() > 1 {
                    writeln!(out, "{} -> {shown}", inputs::show(r))?;
                } else {
                    writeln!(out, "{shown}")?;
                }
            }
        }
    }
    Ok(code(all_ok))
}
