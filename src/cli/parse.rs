//! `uridiff parse`: the components of each input under one edition, or every edition side by side.

use std::io::Write;
use std::process::ExitCode;

use serde_json::json;
use uri_spec::{Components, Edition, ParseError, Rule};

use super::{code, inputs, ParseArgs};
use crate::cli::EditionArg;

/// One parse, by the spec implementation.
fn parse_one<'a>(
    input: &'a [u8],
    edition: Edition,
    rule: Option<&str>,
) -> anyhow::Result<Result<Components<'a>, ParseError>> {
    let rule = match rule {
        Some(name) => Rule::from_name(edition, name)?,
        None => Rule::default(),
    };
    Ok(uri_spec::Parser::new()
        .edition(edition)
        .rule(rule)
        .parse(input))
}

/// The JSON object of one parse (schema 1).
pub fn json_of(
    input: &[u8],
    edition: Edition,
    rule: Option<&str>,
    result: &Result<Components<'_>, ParseError>,
) -> serde_json::Value {
    let mut v = json!({
        "schema": crate_schema(),
        "input": inputs::show(input),
        "edition": edition.id(),
        "rule": rule.unwrap_or(Rule::default().name()),
    });
    match result {
        Ok(c) => {
            v["valid"] = json!(true);
            v["components"] =
                serde_json::to_value(uridiff::model::Components::from_spec(c)).unwrap_or_default();
        }
        Err(e) => {
            v["valid"] = json!(false);
            v["error"] = json!({
                "index": e.index(),
                "kind": e.kind().code(),
                "rule": e.rule(),
                "message": e.to_string(),
            });
        }
    }
    v
}

fn crate_schema() -> u32 {
    uridiff::model::JSON_SCHEMA
}

pub fn run(out: &mut impl Write, args: &ParseArgs) -> anyhow::Result<ExitCode> {
    let inputs = inputs::expand(&args.inputs)?;
    let rule = args.rule.as_deref();
    let editions = args.edition.editions();
    // With one edition an unknown rule is a usage error; side by side, an edition without the
    // rule shows so in its column.
    if let (EditionArg::One(e), Some(name)) = (args.edition, rule) {
        Rule::from_name(e, name)?;
    }
    let mut all_valid = true;
    for input in &inputs {
        let mut results = Vec::with_capacity(editions.len());
        for &e in &editions {
            match parse_one(input, e, rule) {
                Ok(r) => {
                    all_valid &= r.is_ok();
                    results.push((e, Some(r)));
                }
                Err(_) => results.push((e, None)),
            }
        }
        if args.json {
            for (e, r) in &results {
                if let Some(r) = r {
                    writeln!(out, "{}", json_of(input, *e, rule, r))?;
                }
            }
        } else if args.edition == EditionArg::All {
            side_by_side(out, input, rule, &results)?;
        } else {
            for (e, r) in &results {
                if let Some(r) = r {
                    show(out, input, *e, r)?;
                }
            }
        }
    }
    Ok(code(all_valid))
}

fn field(v: Option<&str>) -> String {
    v.map_or("undefined".to_owned(), |s| format!("{s:?}"))
}

fn rows(c: &Components<'_>) -> Vec<(&'static str, String)> {
    vec![
        ("scheme", field(c.scheme)),
        ("authority", field(c.authority)),
        ("userinfo", field(c.userinfo)),
        ("host", field(c.host_str())),
        (
            "host kind",
            c.host.map_or("-".to_owned(), |h| h.kind.to_string()),
        ),
        ("port", field(c.port)),
        ("path", field(c.path)),
        ("query", field(c.query)),
        ("fragment", field(c.fragment)),
    ]
}

fn show(
    out: &mut impl Write,
    input: &[u8],
    edition: Edition,
    r: &Result<Components<'_>, ParseError>,
) -> std::io::Result<()> {
    let shown = inputs::show(input);
    writeln!(out, "{shown}  [{edition}]")?;
    match r {
        Ok(c) => {
            for (name, value) in rows(c) {
                writeln!(out, "  {name:<10} {value}")?;
            }
        }
        Err(e) => {
            writeln!(out, "  invalid: {e}")?;
            // A caret under the offending byte, when the input shows byte for byte.
            if shown.len() == input.len() && shown.is_ascii() {
                writeln!(out, "  {shown}")?;
                writeln!(out, "  {}^", " ".repeat(e.index()))?;
            }
        }
    }
    Ok(())
}

type Verdicts<'a> = [(Edition, Option<Result<Components<'a>, ParseError>>)];

fn side_by_side(
    out: &mut impl Write,
    input: &[u8],
    rule: Option<&str>,
    results: &Verdicts<'_>,
) -> std::io::Result<()> {
    writeln!(out, "{}", inputs::show(input))?;
    let mut names: Vec<&str> = rows(&Components::default())
        .iter()
        .map(|(n, _)| *n)
        .collect();
    // Each edition's own fields, after the common ones.
    for (_, r) in results {
        if let Some(Ok(c)) = r {
            for (name, _) in c.extras.iter() {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    let mut header = vec![String::new()];
    let mut columns: Vec<Vec<String>> = vec![std::iter::once("verdict")
        .chain(names.iter().copied())
        .map(str::to_owned)
        .collect()];
    for (e, r) in results {
        header.push(e.id().to_owned());
        let col: Vec<String> = match r {
            Some(Ok(c)) => {
                let common = rows(c);
                let cell = |name: &str| match common.iter().find(|(n, _)| *n == name) {
                    Some((_, v)) => v.clone(),
                    None => c
                        .extras
                        .get(name)
                        .map_or(String::new(), |v| format!("{v:?}")),
                };
                std::iter::once("valid".to_owned())
                    .chain(names.iter().map(|n| cell(n)))
                    .collect()
            }
            Some(Err(err)) => std::iter::once(format!(
                "invalid at {} ({})",
                err.index(),
                err.kind().code()
            ))
            .chain(names.iter().map(|_| String::new()))
            .collect(),
            None => std::iter::once(format!("no rule {}", rule.unwrap_or_default()))
                .chain(names.iter().map(|_| String::new()))
                .collect(),
        };
        columns.push(col);
    }
    let widths: Vec<usize> = columns
        .iter()
        .zip(&header)
        .map(|(c, h)| {
            c.iter()
                .map(String::len)
                .chain([h.len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: Vec<&str>| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(&widths)
            // Padded by hand: a formatting width above 65,535 panics.
            .map(|(c, w)| {
                let mut cell = (*c).to_owned();
                cell.extend(std::iter::repeat_n(' ', w.saturating_sub(c.len())));
                cell
            })
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    writeln!(
        out,
        "  {}",
        line(header.iter().map(String::as_str).collect())
    )?;
    for row in 0..columns[0].len() {
        writeln!(
            out,
            "  {}",
            line(columns.iter().map(|c| c[row].as_str()).collect())
        )?;
    }
    Ok(())
}
