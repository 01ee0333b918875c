//! `uridiff diff`: every parser's outcome on each input side by side (parse, or resolve with
//! `--base`), each shown against its own profile's reference (impl under `rfc3986` or under
//! RFC 2396's draft, or the WHATWG reference), marking where it differs and whether its profile
//! explains it.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

use serde::Serialize;
use uridiff::engine::{Finding, Task};
use uridiff::model::{Answer, Component, Op, Outcome, JSON_SCHEMA};

use super::{inputs, subjects, DiffArgs};

/// One parser's line in `diff --json`.
#[derive(Serialize)]
struct Line<'a> {
    parser: &'a str,
    #[serde(flatten)]
    outcome: &'a Outcome<Answer>,
    /// The components (or `value`) on which it differs from impl.
    differs: Vec<String>,
    /// The profile rule that explains each difference, where one does.
    by_design: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct Doc<'a> {
    schema: u32,
    op: Op,
    #[serde(serialize_with = "uridiff::model::bytes")]
    input: &'a [u8],
    #[serde(serialize_with = "uridiff::model::opt_bytes")]
    base: &'a Option<Vec<u8>>,
    edition: &'static str,
    results: Vec<Line<'a>>,
    findings: Vec<FindingDoc>,
}

#[derive(Serialize)]
struct FindingDoc {
    class: String,
    key: String,
    deviating: Vec<String>,
    by_design: BTreeMap<String, String>,
}

pub fn run(out: &mut impl Write, args: &DiffArgs) -> anyhow::Result<ExitCode> {
    let engine = subjects::engine(&args.subjects)?;
    let infos = engine.infos();
    let base = args.base.as_ref().map(|b| b.as_encoded_bytes().to_vec());
    let mut differs_any = false;
    let mut crashed_any = false;
    for input in inputs::expand(&args.inputs, args.stdin) {
        let input = input?;
        let task = Task {
            op: if base.is_some() {
                Op::Resolve
            } else {
                Op::Parse
            },
            input,
            second: base.clone(),
            edition: args.edition,
            origin: "argv".into(),
        };
        let row = engine.run_one(&task);
        let findings = engine.findings(&row);
        differs_any |= findings.iter().any(|f| !f.explained());
        crashed_any |= row
            .outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Crashed(_)));
        let lines: Vec<Line<'_>> = infos
            .iter()
            .zip(&row.outcomes)
            .map(|(info, o)| {
                let (differs, by_design) = differences(&info.name, &findings);
                Line {
                    parser: &info.name,
                    outcome: o,
                    differs,
                    by_design,
                }
            })
            .collect();
        if args.json {
            let doc = Doc {
                schema: JSON_SCHEMA,
                op: task.op,
                input: &task.input,
                base: &task.second,
                edition: task.edition.id(),
                results: lines,
                findings: findings
                    .iter()
                    .map(|f| FindingDoc {
                        class: f.signature.class.name(),
                        key: f.signature.key(),
                        deviating: vec![f.signature.subject.clone()],
                        by_design: f
                            .rule
                            .iter()
                            .map(|r| (f.signature.subject.clone(), r.label()))
                            .collect(),
                    })
                    .collect(),
            };
            writeln!(out, "{}", serde_json::to_string(&doc)?)?;
            continue;
        }
        match &base {
            Some(b) => writeln!(
                out,
                "{} against {}",
                inputs::clip(inputs::show(&task.input)),
                inputs::clip(inputs::show(b))
            )?,
            None => writeln!(out, "{}", inputs::clip(inputs::show(&task.input)))?,
        }
        let width = infos.iter().map(|i| i.name.len()).max().unwrap_or(4);
        for (reference, answer) in engine.references().iter().zip(&row.references) {
            let info = uridiff::subjects::Subject::info(uridiff::subjects::Spec::get());
            writeln!(
                out,
                "  reference {}: {}",
                reference.name(),
                describe(answer, answer, info)
            )?;
        }
        for (i, (line, info)) in lines.iter().zip(&infos).enumerate() {
            let reference = engine.reference_answer_in(&row, i);
            let mut text = describe(line.outcome, reference, info);
            if !info.speaks_editions() {
                let reference = engine.reference_of(i).name();
                // Accepted where its reference rejects: what it reads is compared with the
                // lenient reading (too-lax only for a parser that decides validity).
                if engine.reads_leniently(i, &row) {
                    let too_lax = match info.decides_validity {
                        true => "too-lax, and ",
                        false => "",
                    };
                    text.push_str(&format!(
                        "  (vs {reference}, which rejects it: {too_lax}what it reads vs lenient)"
                    ));
                } else {
                    text.push_str(&format!("  (vs {reference})"));
                }
            }
            let mut mark = String::new();
            if !line.differs.is_empty() {
                let unexplained: Vec<&str> = line
                    .differs
                    .iter()
                    .filter(|d| !line.by_design.contains_key(*d))
                    .map(String::as_str)
                    .collect();
                if !unexplained.is_empty() {
                    mark = format!("  <- differs: {}", unexplained.join(", "));
                }
                for (what, rule) in &line.by_design {
                    mark.push_str(&format!("  [{what}: by-design({rule})]"));
                }
            }
            writeln!(out, "  {:width$}  {text}{mark}", line.parser)?;
        }
    }
    Ok(if crashed_any {
        ExitCode::from(3)
    } else if differs_any {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// What a parser differs on, by the findings that name it, and the rules that explain them.
fn differences(name: &str, findings: &[Finding]) -> (Vec<String>, BTreeMap<String, String>) {
    let mut differs = Vec::new();
    let mut by_design = BTreeMap::new();
    for f in findings.iter().filter(|f| f.signature.subject == name) {
        let what = f
            .signature
            .class
            .component()
            .map_or_else(|| f.signature.class.name(), |c| c.name().to_owned());
        if let Some(rule) = &f.rule {
            by_design.insert(what.clone(), rule.label());
        }
        differs.push(what);
    }
    (differs, by_design)
}

/// One outcome as text: the reference in full, the others as what differs from it.
fn describe(
    o: &Outcome<Answer>,
    reference: &Outcome<Answer>,
    info: &uridiff::subjects::SubjectInfo,
) -> String {
    // Each value clipped: a table line stays readable however long the input.
    let value = |v: Option<&str>| inputs::clip(inputs::value(v.map(str::as_bytes)));
    match o {
        Outcome::Accepted(Answer::Parsed(p)) => {
            let same_as = match reference {
                Outcome::Accepted(Answer::Parsed(r)) if !std::ptr::eq(o, reference) => Some(r),
                _ => None,
            };
            if info.components == uridiff::model::ComponentSet::NONE {
                return "valid".into();
            }
            let parts: Vec<String> = Component::ALL
                .iter()
                .filter(|c| info.components.contains(**c))
                // Left out of this answer (workers/README.md, "Undefined and not reported"):
                // never compared, so never shown as a difference.
                .filter(|c| !p.not_reported.contains(**c))
                .filter(|c| same_as.is_none_or(|r| r.components.get(**c) != p.components.get(**c)))
                .map(|c| format!("{}={}", c.name(), value(p.components.get(*c))))
                .collect();
            let mut s = match (same_as, parts.is_empty()) {
                (Some(_), true) => "valid, same components".to_owned(),
                (Some(_), false) => format!("valid, {}", parts.join(" ")),
                (None, _) => format!("valid {}", parts.join(" ")),
            };
            if let Some(ser) = &p.serialization {
                s.push_str(&format!("  serializes as {}", value(Some(ser))));
            }
            s
        }
        Outcome::Accepted(Answer::Text(t)) => value(Some(t)),
        Outcome::Accepted(Answer::Bool(b)) => b.to_string(),
        Outcome::Accepted(Answer::List(l)) => inputs::clip(format!("{l:?}")),
        Outcome::Rejected(r) => {
            let mut s = format!(
                "invalid: {}",
                inputs::clip(inputs::text(r.message.as_bytes()))
            );
            if let Some(i) = r.offset.filter(|_| !r.message.contains("at byte")) {
                s.push_str(&format!(" (at byte {i})"));
            }
            s
        }
        // A worker that cannot start says why on one line, then its stderr lines: the table
        // keeps the line, `uridiff parsers` shows the rest.
        Outcome::Unsupported(why) => match why.split_once('\n') {
            None => format!("n/a: {}", inputs::text(why.as_bytes())),
            Some((first, _)) => format!(
                "n/a: {} (`uridiff parsers` shows its stderr)",
                inputs::text(first.as_bytes())
            ),
        },
        Outcome::Crashed(c) => format!(
            "CRASHED ({}): {}",
            c.kind.name(),
            inputs::clip(inputs::text(c.message.as_bytes()))
        ),
    }
}
