//! `--sarif FILE` of `uridiff report` and `uridiff check`: a SARIF 2.1.0 log (the OASIS
//! Standard "Static Analysis Results Interchange Format (SARIF) Version 2.1.0", with its
//! Errata 01), built with `serde-sarif`'s typed object model, so code-scanning dashboards show
//! what a run found. The log is checked against the official schema in the tests
//! (`tests/data/sarif-schema-2.1.0.json`).
//!
//! `report` makes one result per unexplained class and one per URL-confusion class (rule
//! `url-confusion-<component>`); `check` one per new deviation and per
//! changed answer (section 3.27.24 of SARIF 2.1.0: `baselineState` `new` and `updated`). A stale
//! line is a fix, not a problem in the parser: it fails the gate and is in the JUnit, JSON and
//! Markdown outputs, not here. Each result carries its class as `ruleId` (one rule per class
//! name: `host`, `too-lax`, ...), its severity as `level` (critical and high are `error`,
//! medium `warning`, low `note`, section 3.27.10) and in `properties`, the example whole, and
//! the command that reproduces it. `check`'s results point at the baseline file (the line
//! listing a changed job), since code scanning places every result in a file of the repository;
//! `report`'s name the parser as a logical location (section 3.33).

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde_json::{json, Value};
use serde_sarif::sarif::{
    ArtifactLocation, Location, LogicalLocation, Message, MultiformatMessageString,
    PhysicalLocation, PropertyBag, Region, ReportingDescriptor, Result as SarifResult, ResultLevel,
    Run, Sarif, Tool, ToolComponent,
};

use super::Report;
use crate::engine::Severity;
use crate::gate::verdict::{Status, Verdict};

/// The version every log declares.
pub const SARIF_VERSION: &str = "2.1.0";

/// The `$schema` every log names: the OASIS-published schema of SARIF 2.1.0 with Errata 01.
pub const SARIF_SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

/// The page the tool's `informationUri` names.
const INFORMATION_URI: &str = "https://crates.io/crates/uridiff";

/// A severity as a SARIF level (section 3.27.10: `error` "a serious problem", `warning` "a
/// problem", `note` "a minor problem or an opportunity to improve").
///
/// ```
/// use uridiff::engine::Severity;
/// use uridiff::report::sarif::level;
/// assert_eq!(level(Severity::Critical), "error");
/// assert_eq!(level(Severity::Medium), "warning");
/// assert_eq!(level(Severity::Low), "note");
/// ```
pub fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "note",
    }
}

fn result_level(severity: Severity) -> ResultLevel {
    match level(severity) {
        "error" => ResultLevel::Error,
        "warning" => ResultLevel::Warning,
        _ => ResultLevel::Note,
    }
}

/// What a class name means, in one sentence (a rule's `shortDescription`).
///
/// ```
/// use uridiff::report::sarif::rule_text;
/// assert_eq!(rule_text("too-lax"), "The parser accepts an input its reference rejects.");
/// assert_eq!(rule_text("host"), "The parser reads another host than its reference.");
/// assert!(rule_text("crash-timeout").starts_with("The parser crashed"));
/// assert!(rule_text("crash-worker").contains("not the library's answer"));
/// assert!(rule_text("lenient-host").contains("another host than a browser"));
/// ```
pub fn rule_text(class: &str) -> String {
    match class {
        "too-strict" => "The parser rejects an input its reference accepts.".into(),
        "too-lax" => "The parser accepts an input its reference rejects.".into(),
        "resolution" => {
            "The parser resolves a reference to another target than its reference.".into()
        }
        "normalization" => "The parser normalizes to another result than its reference.".into(),
        "equivalence" => "The parser judges equivalence otherwise than its reference.".into(),
        "round-trip" => {
            "The parser's own serialization, parsed again by it, is refused or reads otherwise."
                .into()
        }
        crate::gate::CHANGED_ANSWER => "The parser answers otherwise than the gate's baseline \
             records, on a job where it deviates from its reference neither then nor now."
            .into(),
        c if c.starts_with("url-confusion-") => format!(
            "Parsers that accept one input read two different {}s from it (URL confusion).",
            &c["url-confusion-".len()..]
        ),
        "crash-worker" => "The parser's worker failed in its own code, outside the library's \
             call (the worker's bug, not the library's answer)."
            .into(),
        c if c.starts_with("crash-") => {
            format!("The parser crashed ({}).", &c["crash-".len()..])
        }
        c if c.starts_with("lenient-") => format!(
            "On an input its reference rejects, the parser reads another {} than a browser or a \
             lenient splitter does.",
            &c["lenient-".len()..]
        ),
        c if c.starts_with("undefined-vs-empty-") => format!(
            "The {} is undefined on one side and empty on the other.",
            &c["undefined-vs-empty-".len()..]
        ),
        c => format!("The parser reads another {c} than its reference."),
    }
}

/// The rules of a run: one per class name, sorted, with each name's index.
fn rules(
    names: impl IntoIterator<Item = String>,
) -> (Vec<ReportingDescriptor>, BTreeMap<String, i64>) {
    let names: std::collections::BTreeSet<String> = names.into_iter().collect();
    let index = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), i as i64))
        .collect();
    let rules = names
        .into_iter()
        .map(|n| {
            ReportingDescriptor::builder()
                .short_description(
                    MultiformatMessageString::builder()
                        .text(rule_text(&n))
                        .build(),
                )
                .id(n)
                .build()
        })
        .collect();
    (rules, index)
}

fn properties(pairs: impl IntoIterator<Item = (&'static str, Value)>) -> PropertyBag {
    PropertyBag::builder()
        .additional_properties(
            pairs
                .into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.to_owned(), v))
                .collect::<BTreeMap<String, Value>>(),
        )
        .build()
}

fn severity_name(s: Severity) -> Value {
    serde_json::to_value(s).unwrap_or(Value::Null)
}

fn run(rules: Vec<ReportingDescriptor>, results: Vec<SarifResult>) -> Sarif {
    let driver = ToolComponent::builder()
        .name("uridiff")
        .version(env!("CARGO_PKG_VERSION"))
        .information_uri(INFORMATION_URI)
        .rules(rules)
        .build();
    Sarif::builder()
        .schema(SARIF_SCHEMA_URI)
        .version(json!(SARIF_VERSION))
        .runs(vec![Run::builder()
            .tool(Tool::builder().driver(driver).build())
            .results(results)
            .build()])
        .build()
}

/// The log of a report: one result per unexplained class, most severe first, then one per
/// URL-confusion class, in the report's order.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let log = serde_json::to_value(uridiff::report::sarif::report(&report)).unwrap();
/// assert_eq!(log["version"], "2.1.0");
/// let unexplained = report.classes.iter().filter(|c| !c.explained).count();
/// let results = log["runs"][0]["results"].as_array().unwrap().len();
/// assert_eq!(results, unexplained + report.confusion.len());
/// ```
pub fn report(report: &Report) -> Sarif {
    let unexplained: Vec<_> = report.classes.iter().filter(|c| !c.explained).collect();
    let (rules, index) = rules(
        unexplained
            .iter()
            .map(|c| c.signature.class.name())
            .chain(report.confusion.iter().map(confusion_rule)),
    );
    let results: Vec<SarifResult> = unexplained
        .iter()
        .map(|c| {
            let class = c.signature.class;
            let name = class.name();
            let subject = c.deviating.join(", ");
            let example = crate::gate::shown_within(&c.example, None);
            let answer = crate::run::brief(&c.answer, class);
            let reference = crate::run::brief(&c.reference_answer, class);
            let reproduce = c.reproduce.clone().or_else(|| c.diff.clone());
            let mut text = format!(
                "{subject}: {} on `{example}` ({} inputs): answers {answer}, its reference ({}) answers {reference}.",
                rule_text(&name).trim_end_matches('.'),
                c.count,
                c.reference
            );
            if let Some(r) = &reproduce {
                text.push_str(&format!(" Reproduce: {r}"));
            }
            let location = Location::builder()
                .logical_locations(vec![LogicalLocation::builder()
                    .name(subject.clone())
                    .kind("module")
                    .build()])
                .build();
            SarifResult::builder()
                .rule_id(name.clone())
                .rule_index(index.get(&name).copied().unwrap_or(0))
                .level(result_level(c.severity))
                .message(Message::builder().text(text).build())
                .locations(vec![location])
                .occurrence_count(c.count as i64)
                .partial_fingerprints(BTreeMap::from([(
                    "uridiffClass/v1".to_owned(),
                    c.key.clone(),
                )]))
                .properties(properties([
                    ("class", json!(name)),
                    ("key", json!(c.key)),
                    ("severity", severity_name(c.severity)),
                    ("parser", json!(subject)),
                    ("reference", json!(c.reference)),
                    ("example", json!(example)),
                    ("answer", json!(answer)),
                    ("referenceAnswer", json!(reference)),
                    ("reproduce", json!(c.reproduce)),
                    ("diff", json!(c.diff)),
                ]))
                .build()
        })
        .chain(report.confusion.iter().map(|c| confusion(c, &index)))
        .collect();
    run(rules, results)
}

/// The rule of a confusion class: `url-confusion-<component>`.
fn confusion_rule(c: &super::ConfusionClass) -> String {
    format!("url-confusion-{}", c.component.name())
}

/// A confusion class as a result: its impact, example and groups in the message, its key as
/// the fingerprint, every parser taking part as a logical location; two hosts and open
/// redirects are errors, port, userinfo and scheme warnings, a scheme-less input read as http
/// a note.
fn confusion(c: &super::ConfusionClass, index: &BTreeMap<String, i64>) -> SarifResult {
    use super::ConfusionRank as R;
    let rule = confusion_rule(c);
    let example = super::show(&c.input);
    let groups: Vec<String> = c
        .groups
        .iter()
        .map(|g| {
            let reads = g.reads.as_deref().map_or_else(
                || "undefined".to_owned(),
                |r| format!("\"{}\"", super::show(r.as_bytes())),
            );
            let mut s = format!("{} read {reads}", g.parsers.join(", "));
            if let Some(line) = &g.reproduce {
                s.push_str(&format!(" (reproduce: {line})"));
            }
            s
        })
        .collect();
    let text = format!(
        "{} ({} on `{example}`, {} inputs): {}.",
        c.impact,
        c.component,
        c.count,
        groups.join("; ")
    );
    let level = match c.rank {
        R::TwoHosts | R::OpenRedirect => ResultLevel::Error,
        R::SchemeLess => ResultLevel::Note,
        _ => ResultLevel::Warning,
    };
    let locations: Vec<LogicalLocation> = c
        .groups
        .iter()
        .flat_map(|g| &g.parsers)
        .map(|p| {
            LogicalLocation::builder()
                .name(p.clone())
                .kind("module")
                .build()
        })
        .collect();
    let key = c.key();
    SarifResult::builder()
        .rule_id(rule.clone())
        .rule_index(index.get(&rule).copied().unwrap_or(0))
        .level(level)
        .message(Message::builder().text(text).build())
        .locations(vec![Location::builder()
            .logical_locations(locations)
            .build()])
        .occurrence_count(c.count as i64)
        .partial_fingerprints(BTreeMap::from([(
            "uridiffConfusion/v1".to_owned(),
            key.clone(),
        )]))
        .properties(properties([
            ("key", json!(key)),
            ("rank", json!(c.rank)),
            ("component", json!(c.component.name())),
            ("example", json!(example)),
            ("form", json!(c.form)),
            ("groups", json!(c.groups)),
        ]))
        .build()
}

/// The log of a check: one result per new deviation and per changed answer (of a deviating job
/// or of one on which the parser agrees, whose rule is `changed-answer`), with both answers.
///
/// ```
/// use uridiff::gate::{compare, verdict::Verdict, Baseline, Header, Run};
/// let header = Header { uridiff: "uridiff 1".into(), seed: 1, count: 0,
///                       editions: vec!["rfc3986".into()], parsers: Vec::new() };
/// let run = Run { header: header.clone(), records: Vec::new(), answers: Default::default(),
///                 jobs: Default::default(), confusion: Vec::new() };
/// let known = Baseline { header, entries: Default::default(), agreed: Default::default(),
///                        confusion: Default::default() };
/// let v = Verdict::checked("b.txt", &known, &run, &compare(&known, &run).unwrap());
/// let log = serde_json::to_value(uridiff::report::sarif::check(&v)).unwrap();
/// assert!(log["runs"][0]["results"].as_array().unwrap().is_empty());
/// ```
pub fn check(verdict: &Verdict) -> Sarif {
    let shown: Vec<_> = verdict
        .items
        .iter()
        .filter(|i| matches!(i.status, Status::New | Status::Changed))
        .collect();
    let class_of = |subject: &str, key: &str| -> String {
        // A class key is `<subject> <class> <op>: <form>` (Signature::key).
        key.strip_prefix(subject)
            .and_then(|k| k.trim_start().split(' ').next())
            .unwrap_or(key)
            .to_owned()
    };
    let (rules, index) = rules(
        shown
            .iter()
            .flat_map(|i| i.classes.iter().map(|k| class_of(&i.subject, k))),
    );
    let results = shown
        .iter()
        .map(|i| {
            let classes: Vec<String> = i.classes.iter().map(|k| class_of(&i.subject, k)).collect();
            let name = classes.first().cloned().unwrap_or_default();
            // A changed answer with no deviation has no class severity: a warning, a change to
            // look at rather than a conformance error.
            let level = i.severity.map_or(ResultLevel::Warning, result_level);
            let example = i.example.clone().unwrap_or_else(|| i.shown.clone());
            let what = match (i.status, name.as_str()) {
                (Status::New, n) if n.starts_with("url-confusion-") => "new URL confusion",
                (Status::New, _) => "new deviation",
                (_, crate::gate::CHANGED_ANSWER) => "changed answer",
                _ => "changed deviation",
            };
            let mut text = format!(
                "{}: {what} on `{example}` ({}): {}.",
                i.subject,
                classes.join(", "),
                rule_text(&name).trim_end_matches('.')
            );
            if i.was.is_some() {
                let digest = i.was.as_deref().unwrap_or_default();
                match &i.was_answer {
                    Some(a) => text.push_str(&format!(" Was: {a}.")),
                    None => text.push_str(&format!(" Was: answer digest {digest}.")),
                }
            }
            if let Some(a) = &i.now_answer {
                text.push_str(&format!(" Now: {a}."));
            }
            // A confusion class: its parsers and what each group reads, the message's indented
            // lines but the last (its `uridiff diff` line, the reproduce line below).
            if name.starts_with("url-confusion-") {
                let reads: Vec<&str> = i
                    .message
                    .lines()
                    .filter_map(|l| l.strip_prefix("    "))
                    .filter(|l| Some(*l) != i.reproduce.as_deref())
                    .collect();
                let key = i.classes.first().map_or("", |k| {
                    k.strip_prefix(i.subject.as_str()).unwrap_or(k).trim_start()
                });
                text.push_str(&format!(" {key}: {}.", reads.join("; ")));
            }
            if let Some(r) = &i.reproduce {
                text.push_str(&format!(" Reproduce: {r}"));
            }
            let region = Region::builder()
                .start_line(i.line.unwrap_or(1) as i64)
                .build();
            let location = Location::builder()
                .physical_location(
                    PhysicalLocation::builder()
                        .artifact_location(
                            ArtifactLocation::builder()
                                .uri(uri(&verdict.baseline))
                                .build(),
                        )
                        .region(region)
                        .build(),
                )
                .logical_locations(vec![LogicalLocation::builder()
                    .name(i.subject.clone())
                    .kind("module")
                    .build()])
                .build();
            SarifResult::builder()
                .rule_id(name.clone())
                .rule_index(index.get(&name).copied().unwrap_or(0))
                .level(level)
                .baseline_state(json!(if i.status == Status::New {
                    "new"
                } else {
                    "updated"
                }))
                .message(Message::builder().text(text).build())
                .locations(vec![location])
                .partial_fingerprints(BTreeMap::from([(
                    "uridiffJob/v1".to_owned(),
                    format!("{} {}", i.subject, i.job),
                )]))
                .properties(properties([
                    ("classes", json!(i.classes)),
                    ("severity", i.severity.map_or(Value::Null, severity_name)),
                    ("parser", json!(i.subject)),
                    ("job", json!(i.job)),
                    ("example", json!(example)),
                    ("answer", json!(i.now)),
                    ("listedAnswer", json!(i.was)),
                    ("answerText", json!(i.now_answer)),
                    ("listedAnswerText", json!(i.was_answer)),
                    ("reproduce", json!(i.reproduce)),
                ]))
                .build()
        })
        .collect();
    run(rules, results)
}

/// A path as a relative URI reference (section 3.4.3: a `uri` is a URI reference): `/` between
/// segments, and the bytes a path segment may not hold percent-encoded (RFC 3986, section 3.3).
///
/// ```
/// assert_eq!(uridiff::report::sarif::uri("ci/my baseline#1.txt"), "ci/my%20baseline%231.txt");
/// assert_eq!(uridiff::report::sarif::uri("a:b"), "a%3Ab");
/// ```
pub fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.replace('\\', "/").bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char);
            }
            // Not ':': in a first segment it would read as a scheme (section 4.2 of RFC 3986).
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'=' | b'@' => {
                out.push(b as char);
            }
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Writes `log` as pretty-printed JSON.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::sarif::write(&uridiff::report::sarif::report(&report), &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("\"version\": \"2.1.0\""));
/// ```
pub fn write(log: &Sarif, out: &mut impl Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, log)?;
    out.write_all(b"\n")
}
