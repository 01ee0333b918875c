//! `uridiff normalize` and `uridiff equivalent`: RFC 3986 sections 6.2.2 and 6.2.3, under one
//! edition or all.

use std::io::Write;
use std::process::ExitCode;

use anyhow::bail;
use serde_json::{json, Map, Value};
use uri_spec::{Edition, NormalizeError};

use super::{code, hint, inputs, parse, Answers, EquivalentArgs, NormalizeArgs};

/// A normalization error as text: the message (naming the operand) and a hint.
fn message(input: &[u8], e: &NormalizeError) -> String {
    match hint::hint(input, &e.parse_error()) {
        Some(h) => format!("{e} (hint: {h})"),
        None => e.to_string(),
    }
}

pub fn run(out: &mut impl Write, args: &NormalizeArgs) -> anyhow::Result<ExitCode> {
    let editions = args.edition.editions();
    let mut all_ok = true;
    for input in inputs::expand(&args.inputs, args.stdin) {
        let input = input?;
        if editions.len() > 1 && !args.json {
            writeln!(out, "{}", inputs::show(&input))?;
        }
        for &e in &editions {
            let result = if args.scheme_based {
                uri_spec::normalize_scheme_based_in(e, &input)
            } else {
                uri_spec::normalize_in(e, &input)
            };
            all_ok &= result.is_ok();
            if args.json {
                let mut v = Map::new();
                v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
                inputs::put_json(&mut v, "input", &input);
                v.insert("edition".into(), json!(e.id()));
                v.insert("scheme_based".into(), json!(args.scheme_based));
                match &result {
                    Ok(n) => v.insert("result".into(), json!(n)),
                    Err(err) => v.insert(
                        "error".into(),
                        parse::error_json(&input, Some("input"), &err.parse_error()),
                    ),
                };
                writeln!(out, "{}", Value::Object(v))?;
                continue;
            }
            let shown = match &result {
                Ok(n) => n.clone(),
                Err(err) => format!("{}: {}", message(&input, err), inputs::show(&input)),
            };
            if editions.len() > 1 {
                writeln!(out, "  {:<34} {shown}", e.id())?;
            } else {
                writeln!(out, "{shown}")?;
            }
        }
    }
    Ok(code(all_ok))
}

/// The two operands of one comparison.
type Pair = (Vec<u8>, Vec<u8>);

pub fn equivalent(out: &mut impl Write, args: &EquivalentArgs) -> anyhow::Result<ExitCode> {
    if args.a == "-" && args.b == "-" {
        bail!("standard input can give A or B, not both");
    }
    let editions = args.edition.editions();
    let mut answers = Answers::default();
    let fixed = |o: &std::ffi::OsString| o.as_encoded_bytes().to_vec();
    let pairs: Box<dyn Iterator<Item = anyhow::Result<Pair>>> = if args.a == "-" {
        let b = fixed(&args.b);
        Box::new(inputs::Records::new(args.stdin).map(move |a| a.map(|a| (a, b.clone()))))
    } else if args.b == "-" {
        let a = fixed(&args.a);
        Box::new(inputs::Records::new(args.stdin).map(move |b| b.map(|b| (a.clone(), b))))
    } else {
        Box::new(std::iter::once(Ok((fixed(&args.a), fixed(&args.b)))))
    };
    for pair in pairs {
        let (a, b) = pair?;
        for &e in &editions {
            let result = uri_spec::equivalent_in(e, &a, &b);
            match result {
                Ok(eq) => answers.no |= !eq,
                Err(_) => answers.unanswered = true,
            }
            if args.json {
                writeln!(out, "{}", equivalent_json(&a, &b, e, &result))?;
                continue;
            }
            let shown = match &result {
                Ok(eq) => eq.to_string(),
                Err(err) => {
                    let operand = if err.operand() == "first" { &a } else { &b };
                    message(operand, err)
                }
            };
            let many = editions.len() > 1;
            match (many, args.a == "-" || args.b == "-") {
                (false, false) => writeln!(out, "{shown}")?,
                (false, true) => {
                    writeln!(out, "{} {} {shown}", inputs::show(&a), inputs::show(&b))?
                }
                (true, _) => writeln!(
                    out,
                    "{:<34} {} {} {shown}",
                    e.id(),
                    inputs::show(&a),
                    inputs::show(&b)
                )?,
            }
        }
    }
    Ok(answers.code())
}

fn equivalent_json(a: &[u8], b: &[u8], e: Edition, result: &Result<bool, NormalizeError>) -> Value {
    let mut v = Map::new();
    v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
    inputs::put_json(&mut v, "first", a);
    inputs::put_json(&mut v, "second", b);
    v.insert("edition".into(), json!(e.id()));
    match result {
        Ok(eq) => {
            v.insert("equivalent".into(), json!(eq));
        }
        Err(err) => {
            let operand = if err.operand() == "first" { a } else { b };
            v.insert(
                "error".into(),
                parse::error_json(operand, Some(err.operand()), &err.parse_error()),
            );
        }
    }
    Value::Object(v)
}
