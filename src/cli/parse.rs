//! `uridiff parse`: the components of each input under one edition, or every edition side by side.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use serde_json::{json, Map, Value};
use uri_spec::{Components, Edition, ParseError, Rule};

use super::{code, hint, inputs, ParseArgs};
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
) -> Value {
    let mut v = Map::new();
    v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
    inputs::put_json(&mut v, "input", input);
    v.insert("edition".into(), json!(edition.id()));
    // The edition's own name of the rule (`url` in 1994, `URL-reference` in 1996).
    let rule = rule.unwrap_or_else(|| default_rule(edition));
    v.insert("rule".into(), json!(rule));
    match result {
        Ok(c) => {
            v.insert("valid".into(), json!(true));
            let components =
                serde_json::to_value(uridiff::model::Components::from_spec(c)).unwrap_or_default();
            v.insert("components".into(), components);
        }
        Err(e) => {
            v.insert("valid".into(), json!(false));
            v.insert("error".into(), error_json(input, None, e));
        }
    }
    Value::Object(v)
}

/// The name of the rule a parse without `--rule` matches, in `edition`'s own grammar.
pub fn default_rule(edition: Edition) -> &'static str {
    if edition == Edition::UriUrl06 {
        // 1994 has no URI-reference: a parse matches its `url` (section 5, the BNF's top rule).
        "url"
    } else {
        Rule::default().name_in(edition)
    }
}

/// The JSON object of a parse error (schema 1): where, what, by which rule, and a hint.
pub fn error_json(input: &[u8], operand: Option<&str>, e: &ParseError) -> Value {
    let mut v = Map::new();
    if let Some(op) = operand {
        v.insert("operand".into(), json!(op));
    }
    v.insert("index".into(), json!(e.index()));
    v.insert("kind".into(), json!(e.kind().code()));
    v.insert("rule".into(), json!(e.rule()));
    v.insert("message".into(), json!(e.to_string()));
    if let Some(h) = hint::hint(input, e) {
        v.insert("hint".into(), json!(h));
    }
    Value::Object(v)
}

pub fn run(out: &mut impl Write, args: &ParseArgs) -> anyhow::Result<ExitCode> {
    let rule = args.rule.as_deref();
    let editions = args.edition.editions();
    // With one edition an unknown rule is a usage error; side by side, an edition without the
    // rule shows so in its column, and a rule no edition has is a usage error.
    match (args.edition, rule) {
        (EditionArg::One(e), Some(name)) => {
            Rule::from_name(e, name)?;
        }
        (EditionArg::All, Some(name))
            if editions.iter().all(|&e| Rule::from_name(e, name).is_err()) =>
        {
            let mut names: Vec<&str> = editions.iter().flat_map(|&e| Rule::names(e)).collect();
            names.sort_unstable();
            names.dedup();
            bail!(
                "no edition has a rule {name:?}; the rules are: {}",
                names.join(", ")
            );
        }
        _ => {}
    }
    let mut all_valid = true;
    for input in inputs::expand(&args.inputs, args.stdin) {
        let input = &input?;
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
    inputs::value(v.map(str::as_bytes))
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
            if let Some(h) = hint::hint(input, e) {
                writeln!(out, "  hint: {h}")?;
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
                        .map_or(String::new(), |v| inputs::value(Some(v.as_bytes()))),
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
    // A column is as wide as its widest cell up to `WIDEST`: a longer value runs past its
    // column rather than pad every other cell to its length (a 2 MB input, every edition's
    // components: 130 MB of spaces).
    const WIDEST: usize = 80;
    let widths: Vec<usize> = columns
        .iter()
        .zip(&header)
        .map(|(c, h)| {
            c.iter()
                .map(String::len)
                .chain([h.len()])
                .max()
                .unwrap_or(0)
                .min(WIDEST)
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
