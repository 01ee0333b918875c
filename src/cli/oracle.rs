//! `uridiff oracle`: the two oracles' answers for each input, side by side.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{json, Map, Value};
use uri_oracle::appendix_b;
use uri_oracle::grammar::{Grammar, Reading, Verdict};

use super::{inputs, Answers, OracleArgs};

pub fn run(out: &mut impl Write, args: &OracleArgs) -> anyhow::Result<ExitCode> {
    let grammars = args
        .edition
        .editions()
        .into_iter()
        .map(|e| Ok((e, Grammar::for_edition(e.id())?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let reading = if args.membership {
        Reading::Membership
    } else {
        Reading::Document
    };
    let rule = args.rule.as_deref();
    if let Some(name) = rule {
        // A rule no chosen edition's grammar has is a usage error, not an invalid input.
        if grammars
            .iter()
            .all(|(_, g)| g.recognize(Some(name), b"", reading).is_err())
        {
            grammars
                .first()
                .map(|(_, g)| g.recognize(Some(name), b"", reading))
                .transpose()?;
        }
    }
    let mut answers = Answers::default();
    for input in inputs::expand(&args.inputs, args.stdin) {
        let input = input?;
        for (edition, grammar) in &grammars {
            let verdict = match grammar.recognize(rule, &input, reading) {
                Ok(v) => v,
                // Under --edition all, an edition without the rule is skipped.
                Err(_) if grammars.len() > 1 => continue,
                Err(e) => return Err(e.into()),
            };
            match verdict {
                Verdict::Valid => {}
                Verdict::Invalid => answers.no = true,
                Verdict::TooLong => answers.unanswered = true,
            }
            show(out, args, *edition, grammar, &input, verdict)?;
        }
    }
    Ok(answers.code())
}

fn show(
    out: &mut impl Write,
    args: &OracleArgs,
    edition: uri_spec::Edition,
    grammar: &Grammar,
    input: &[u8],
    verdict: Verdict,
) -> anyhow::Result<()> {
    let rule = args.rule.as_deref();
    let reading = if args.membership {
        Reading::Membership
    } else {
        Reading::Document
    };
    {
        let groups = appendix_b::captures(input);
        // 1994 prints no Appendix B: its components are absent, its groups still shown.
        let named = appendix_b::components(edition.id(), &groups).ok();
        let text = |b: Option<&[u8]>| b.map(|b| String::from_utf8_lossy(b).into_owned());
        if args.json {
            let mut v = Map::new();
            v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
            inputs::put_json(&mut v, "input", input);
            v.insert("edition".into(), json!(edition.id()));
            v.insert("rule".into(), json!(rule.unwrap_or(grammar.default_rule())));
            v.insert("reading".into(), json!(reading.to_string()));
            for n in 1..=9 {
                v.insert(format!("${n}"), json!(text(groups.get(n))));
            }
            let components = named.as_ref().map(|c| {
                json!({
                    "scheme": text(c.scheme),
                    c.authority_name: text(c.authority),
                    "path": text(c.path),
                    "query": text(c.query),
                    "fragment": text(c.fragment),
                })
            });
            v.insert("components".into(), components.unwrap_or(Value::Null));
            let valid = match verdict {
                Verdict::Valid => json!(true),
                Verdict::Invalid => json!(false),
                Verdict::TooLong => json!("too-long"),
            };
            v.insert("valid".into(), valid);
            writeln!(out, "{}", Value::Object(v))?;
        } else {
            let shown = |b: Option<&[u8]>| b.map_or("<undefined>".to_owned(), inputs::show);
            writeln!(out, "{}  [{}]", inputs::show(input), edition)?;
            for n in 1..=9 {
                writeln!(out, "  ${n} = {}", shown(groups.get(n)))?;
            }
            if let Some(c) = &named {
                writeln!(out, "  scheme = {}", shown(c.scheme))?;
                writeln!(out, "  {} = {}", c.authority_name, shown(c.authority))?;
                writeln!(out, "  path = {}", shown(c.path))?;
                writeln!(out, "  query = {}", shown(c.query))?;
                writeln!(out, "  fragment = {}", shown(c.fragment))?;
            }
            let rule_name = rule.unwrap_or(grammar.default_rule());
            writeln!(out, "  grammar ({reading}): {verdict} as {rule_name}")?;
        }
    }
    Ok(())
}
