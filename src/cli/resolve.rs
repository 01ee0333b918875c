//! `uridiff resolve`: each reference resolved against the base, under one edition or all.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use serde_json::{json, Map, Value};
use uri_spec::{AbsolutePathReading, Edition, LeftoverDotDot, ResolveError, Resolver};

use super::{code, hint, inputs, parse, AboveRoot, EditionArg, ResolveArgs};

/// Options that mean something only under some editions are refused elsewhere.
fn check_options(args: &ResolveArgs) -> anyhow::Result<()> {
    let EditionArg::One(e) = args.edition else {
        return Ok(());
    };
    if e == Edition::UriUrl06 {
        bail!("{e} defines no relative references: resolve does not apply (try --edition all)");
    }
    if e != Edition::Rfc2396bis02 {
        if args.above_root.is_some() {
            bail!("--above-root applies to draft-fielding-uri-rfc2396bis-02 only, not {e}");
        }
        if args.pseudocode {
            bail!("--pseudocode applies to draft-fielding-uri-rfc2396bis-02 only, not {e}");
        }
    }
    if args.non_strict && !matches!(e, Edition::Rfc2396bis02 | Edition::Rfc3986) {
        bail!("--non-strict applies to draft-fielding-uri-rfc2396bis-02 and rfc3986, not {e}: its procedure has no such reading");
    }
    Ok(())
}

pub fn run(out: &mut impl Write, args: &ResolveArgs) -> anyhow::Result<ExitCode> {
    check_options(args)?;
    let base_from_stdin = args.base == "-";
    if base_from_stdin && args.references.iter().any(|r| r == "-") {
        bail!("standard input can give the bases or the references, not both");
    }
    let editions = args.edition.editions();
    let many = args.references.len() > 1 || args.references.iter().any(|r| r == "-");
    let mut all_ok = true;
    let bases: Box<dyn Iterator<Item = anyhow::Result<Vec<u8>>>> = if base_from_stdin {
        Box::new(inputs::Records::new(args.stdin))
    } else {
        Box::new(std::iter::once(Ok(args.base.as_encoded_bytes().to_vec())))
    };
    for base in bases {
        let base = base?;
        for r in inputs::expand(&args.references, args.stdin) {
            let r = r?;
            let side_by_side = editions.len() > 1;
            if side_by_side && (many || base_from_stdin) && !args.json {
                writeln!(out, "{} -> {}", inputs::show(&base), inputs::show(&r))?;
            }
            for &e in &editions {
                all_ok &= one(
                    out,
                    args,
                    &base,
                    &r,
                    e,
                    editions.len() > 1,
                    many || base_from_stdin,
                )?;
            }
        }
    }
    Ok(code(all_ok))
}

/// Resolves and prints one reference under one edition; whether it resolved (or does not
/// apply).
fn one(
    out: &mut impl Write,
    args: &ResolveArgs,
    base: &[u8],
    r: &[u8],
    e: Edition,
    side_by_side: bool,
    many: bool,
) -> anyhow::Result<bool> {
    let result = Resolver::new()
        .edition(e)
        .strict(!args.non_strict)
        .leftover_dot_dot(match args.above_root {
            Some(AboveRoot::Error) => LeftoverDotDot::Error,
            Some(AboveRoot::Remove) | None => LeftoverDotDot::Remove,
        })
        .absolute_path_reading(if args.pseudocode {
            AbsolutePathReading::Pseudocode
        } else {
            AbsolutePathReading::Table
        })
        .resolve(base, r);
    // 1994 has no relative references: under `--edition all` that is no failure.
    let applicable = !matches!(result, Err(ResolveError::NoRelativeReferences(_)));
    if args.json {
        let mut v = Map::new();
        v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
        inputs::put_json(&mut v, "base", base);
        inputs::put_json(&mut v, "reference", r);
        v.insert("edition".into(), json!(e.id()));
        v.insert("strict".into(), json!(!args.non_strict));
        match &result {
            Ok(t) => {
                v.insert("result".into(), json!(t));
            }
            Err(err) if !applicable => {
                v.insert("applicable".into(), json!(false));
                v.insert("reason".into(), json!(err.to_string()));
            }
            Err(err) => {
                v.insert("error".into(), error_json(base, r, err));
            }
        }
        writeln!(out, "{}", Value::Object(v))?;
    } else {
        let shown = match &result {
            Ok(t) => t.clone(),
            Err(err) if !applicable => format!("not applicable: {err}"),
            Err(err) => message(base, r, err),
        };
        if side_by_side {
            writeln!(out, "{:<34} {shown}", e.id())?;
        } else if many {
            writeln!(out, "{} -> {shown}", inputs::show(r))?;
        } else {
            writeln!(out, "{shown}")?;
        }
    }
    Ok(result.is_ok() || !applicable)
}

/// A resolution error as text: the message, and a hint for a parse error.
fn message(base: &[u8], r: &[u8], err: &ResolveError) -> String {
    let hinted = match err {
        ResolveError::Base(p) => hint::hint(base, p),
        ResolveError::Reference(p) => hint::hint(r, p),
        _ => None,
    };
    match hinted {
        Some(h) => format!("{err} (hint: {h})"),
        None => err.to_string(),
    }
}

/// A resolution error as a JSON object: like parse's, with the operand it is about.
fn error_json(base: &[u8], r: &[u8], err: &ResolveError) -> Value {
    match err {
        ResolveError::Base(p) => parse::error_json(base, Some("base"), p),
        ResolveError::Reference(p) => parse::error_json(r, Some("reference"), p),
        ResolveError::AboveRoot => json!({"kind": "above-root", "message": err.to_string()}),
        other => json!({"kind": "unsupported", "message": other.to_string()}),
    }
}
