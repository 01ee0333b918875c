//! `uridiff oracle`: the two oracles' answers for each input, side by side.

use std::io::Write;
use std::process::ExitCode;

use serde_json::{json, Map, Value};
use uri_oracle::appendix_b;
use uri_oracle::grammar::{Grammar, Reading, Verdict};

use super::{code, inputs, OracleArgs};

pub fn run(out: &mut impl Write, args: &OracleArgs) -> anyhow::Result<ExitCode> {
    let grammar = Grammar::for_edition(args.edition.id())?;
    let reading = if args.membership {
        Reading::Membership
    } else {
        Reading::Document
    };
    let rule = args.rule.as_deref();
    let mut all_valid = true;
    for input in inputs::expand(&args.inputs)? {
        let verdict = grammar.recognize(rule, &input, reading)?;
        all_valid &= verdict == Verdict::Valid;
        let groups = appendix_b::captures(&input);
        // 1994 prints no Appendix B: its components are absent, its groups still shown.
        let named = appendix_b::components(args.edition.id(), &groups).ok();
        let text = |b: Option<&[u8]>| b.map(|b| String::from_utf8_lossy(b).into_owned());
        if args.json {
            let mut v = Map::new();
            v.insert("schema".into(), json!(uridiff::model::JSON_SCHEMA));
            v.insert("input".into(), json!(inputs::show(&input)));
            v.insert("edition".into(), json!(args.edition.id()));
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
            let shown = |b: Option<&[u8]>| text(b).map_or("<undefined>".to_owned(), |s| s);
            writeln!(out, "{}  [{}]", inputs::show(&input), args.edition)?;
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
    Ok(code(all_valid))
}
