//! `--sarif FILE` of `uridiff report` and `uridiff check`: a SARIF 2.1.0 log (the OASIS
//! Standard "Static Analysis Results Interchange Format (SARIF) Version 2.1.0", with its
//! Errata 01), built with `serde-sarif`'s typed object model, so that code scanning takes it
//! whole. The tests check it against the official schema (`tests/data/sarif-schema-2.1.0.json`)
//! and run Microsoft's SARIF validator with its GitHub rules on it (`tools/sarif/`).
//!
//! `report` makes one result per unexplained class and one per URL-confusion class; `check` one
//! per new deviation and per changed answer (section 3.27.24: `baselineState` `new` and
//! `updated`), and, when it stops before its verdict, none and a failed invocation saying why
//! ([`failed`]). A stale line is a fix, not a problem in the parser: it fails the gate and is in
//! the JUnit, JSON and Markdown outputs, not here.
//! A by-design class (a profile's rule explains it) is no problem in the parser either, so
//! no result carries a profile rule's id; the run's property bag does (`byDesign`: each rule
//! that explained classes, by id, with its words, its citation and what it explained), and
//! `discrepancies.json` has them class by class (`by_design_ids`).
//!
//! - **Rules**: one per class (section 3.49: a `reportingDescriptor` per class key, so that
//!   its help can say everything about it), its `id` the class name and the first 12 hex digits
//!   of the class key's SHA-256 ([`rule_id`]: `host:3f2a9c0d1e2b`), the same in `report` and
//!   `check`. Each has a `shortDescription` (the class name's meaning and the class key), a
//!   `fullDescription` (with the reference it is judged against and the words of the standard
//!   it is about, [`spec_words`]) and a `help` in text and Markdown (the class, the example with
//!   both answers, the standard's words, the reproduce line and the `uridiff diff` command). No
//!   `helpUri` and no `informationUri`: uridiff has no published page to point at, and a made-up
//!   address is worse than none (section 3.49.12 makes `helpUri` optional).
//! - **Locations**: every result has a physical location (section 3.28), so code scanning can
//!   place it in a file. A `report` class first seen on a suite case points at the case's line
//!   in its YAML file (a built-in suite by its path in uridiff's source tree, `suites/NAME`),
//!   with the class's line in `discrepancies.json` as a related location; any other class (a
//!   generated job, the boundary set, a WHATWG test-data entry) points at the line of
//!   `discrepancies.json`, written by the same run, where the class's object begins. A `check`
//!   result points at the baseline file: at the line listing the changed job, else (a new job,
//!   which the baseline does not list) at line 1, the header naming the parsers under test. The
//!   parser is named as a logical location too (section 3.33).
//! - **Fingerprints** (section 3.27.17, `partialFingerprints`): `report`'s
//!   `uridiffClass/v2` is the SHA-256 of the class key (`<parser> <class> <op>: <form>`, the
//!   form being the skeleton of the minimized example), `uridiffConfusion/v2` the SHA-256 of a
//!   confusion class's key (`<component> <form> [<parsers reading alike>|...]`): neither holds a
//!   path, a time or a count, so the same class has the same fingerprint on every run and
//!   machine. `check`'s `uridiffJob/v2` is the SHA-256 of `<parser> <job id>` (the job id is
//!   itself a digest of the job's operation, operands and edition, or of a confusion class's
//!   key), the unit the baseline lists.
//! - **Levels**: critical and high are `error`, medium `warning`, low `note` (section
//!   3.27.10); the severity is in `properties` too, with the example whole and the command that
//!   reproduces it.

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde_json::{json, Value};
use serde_sarif::sarif::{
    ArtifactLocation, Invocation, Location, LogicalLocation, Message, MultiformatMessageString,
    Notification, PhysicalLocation, PropertyBag, Region, ReportingDescriptor,
    Result as SarifResult, ResultLevel, Run, Sarif, Tool, ToolComponent,
};
use sha2::{Digest, Sha256};

use super::Report;
use crate::engine::Severity;
use crate::gate::verdict::{Status, Verdict};

/// The version every log declares.
pub const SARIF_VERSION: &str = "2.1.0";

/// The `$schema` every log names: the OASIS-published schema of SARIF 2.1.0 with Errata 01.
pub const SARIF_SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";

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

/// The hex SHA-256 of `text`.
fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A class's rule id: its class name, `:`, and the first 12 hex digits of its key's SHA-256,
/// the same on every run and machine (the key holds no path, time or count).
///
/// ```
/// let id = uridiff::report::sarif::rule_id("host", "go-net-url host parse: a://%a");
/// assert!(id.starts_with("host:") && id.len() == "host:".len() + 12, "{id}");
/// assert_eq!(id, uridiff::report::sarif::rule_id("host", "go-net-url host parse: a://%a"));
/// assert_ne!(id, uridiff::report::sarif::rule_id("host", "url host parse: a://%a"));
/// ```
pub fn rule_id(class: &str, key: &str) -> String {
    format!("{class}:{}", &sha256_hex(key)[..12])
}

/// Where the words of the standard a class is about are: the section and its words, for a
/// class judged against an RFC edition (quoted from RFC 3986; the older editions say the same of
/// these components in other words), or the URL Standard for a WHATWG parser; `None` where no
/// standard speaks (a crash, a changed answer).
///
/// ```
/// use uridiff::report::sarif::spec_words;
/// let (at, words) = spec_words("host", "rfc3986").unwrap();
/// assert_eq!(at, "RFC 3986, section 3.2.2");
/// assert!(words.starts_with("The host subcomponent of authority"));
/// assert_eq!(spec_words("lenient-port", "rfc3986").unwrap().0, "RFC 3986, section 3.2.3");
/// assert!(spec_words("host", "whatwg").unwrap().0.starts_with("the URL Standard"));
/// assert_eq!(spec_words("crash-timeout", "rfc3986"), None);
/// ```
pub fn spec_words(class: &str, reference: &str) -> Option<(String, String)> {
    if class.starts_with("crash-") || class == crate::gate::CHANGED_ANSWER {
        return None;
    }
    if reference == "whatwg" {
        return Some((
            "the URL Standard, section 4.4 \"URL parsing\"".to_owned(),
            "the reading of its basic URL parser, as the WHATWG reference (Ada) implements it"
                .to_owned(),
        ));
    }
    let component = class
        .strip_prefix("url-confusion-")
        .or_else(|| class.strip_prefix("lenient-"))
        .or_else(|| class.strip_prefix("undefined-vs-empty-"))
        .unwrap_or(class);
    let (section, words) = if class.starts_with("undefined-vs-empty-") {
        (
            "5.3",
            "Note that we are careful to preserve the distinction between a component that is \
             undefined, meaning that its separator was not present in the reference, and a \
             component that is empty, meaning that the separator was present and was \
             immediately followed by the next component separator or the end of the reference.",
        )
    } else {
        match component {
            "scheme" => (
                "3.1",
                "Scheme names consist of a sequence of characters beginning with a letter and \
                 followed by any combination of letters, digits, plus (\"+\"), period (\".\"), or \
                 hyphen (\"-\").",
            ),
            "authority" => (
                "3.2",
                "The authority component is preceded by a double slash (\"//\") and is \
                 terminated by the next slash (\"/\"), question mark (\"?\"), or number sign \
                 (\"#\") character, or by the end of the URI.",
            ),
            "userinfo" => (
                "3.2.1",
                "The user information, if present, is followed by a commercial at-sign (\"@\") \
                 that delimits it from the host.",
            ),
            "host" | "host-kind" => (
                "3.2.2",
                "The host subcomponent of authority is identified by an IP literal encapsulated \
                 within square brackets, an IPv4 address in dotted-decimal form, or a registered \
                 name.",
            ),
            "port" => (
                "3.2.3",
                "The port subcomponent of authority is designated by an optional port number in \
                 decimal following the host and delimited from it by a single colon (\":\") \
                 character.",
            ),
            "path" => (
                "3.3",
                "The path is terminated by the first question mark (\"?\") or number sign (\"#\") \
                 character, or by the end of the URI.",
            ),
            "query" => (
                "3.4",
                "The query component is indicated by the first question mark (\"?\") character \
                 and terminated by a number sign (\"#\") character or by the end of the URI.",
            ),
            "fragment" => (
                "3.5",
                "A fragment identifier component is indicated by the presence of a number sign \
                 (\"#\") character and terminated by the end of the URI.",
            ),
            "resolution" => (
                "5.2",
                "This section describes an algorithm for converting a URI reference that might \
                 be relative to a given base URI into the parsed components of the reference's \
                 target.",
            ),
            "normalization" => (
                "6.2.2",
                "Implementations may use logic based on the definitions provided by this \
                 specification to reduce the probability of false negatives.",
            ),
            "equivalence" => (
                "6.1",
                "Since URIs exist to identify resources, presumably they should be considered \
                 equivalent when they identify the same resource.",
            ),
            "round-trip" => (
                "5.3",
                "Parsed URI components can be recomposed to obtain the corresponding URI \
                 reference string.",
            ),
            // too-strict, too-lax, and anything else about validity as a whole.
            _ => (
                "4.1",
                "URI-reference is used to denote the most common usage of a resource \
                 identifier.",
            ),
        }
    };
    Some((format!("RFC 3986, section {section}"), words.to_owned()))
}

/// `text` as a fenced Markdown code block, its fence longer than any run of backticks in it.
pub(super) fn code_block(text: &str) -> String {
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}\n{text}\n{fence}")
}

/// What a rule says about one class, in the words its help puts in text and in Markdown.
struct RuleFacts {
    /// [`rule_id`].
    id: String,
    /// The class name (`host`, `url-confusion-host`, `changed-answer`).
    class: String,
    /// The class key.
    key: String,
    /// What it is judged against (`rfc3986`, `whatwg`, ...), when known.
    reference: Option<String>,
    /// The example, whole.
    example: String,
    /// What happens on the example, one sentence per side.
    answers: Vec<String>,
    /// The line that calls the library directly, when there is one.
    reproduce: Option<String>,
    /// The `uridiff diff` command that shows every parser on the example.
    diff: Option<String>,
}

impl RuleFacts {
    fn descriptor(&self) -> ReportingDescriptor {
        let meaning = rule_text(&self.class);
        let reference = self.reference.as_deref().unwrap_or("rfc3986");
        let words = spec_words(&self.class, reference);
        let judged = self.reference.as_deref().map_or_else(String::new, |r| {
            format!(" Judged against its reference, {r}.")
        });
        let standard = words.as_ref().map_or_else(
            || " No standard speaks to it.".to_owned(),
            |(at, w)| format!(" {at}: \"{w}\""),
        );
        let full = format!("{meaning}{judged}{standard}");
        let mut text = vec![
            format!("Class {}: {meaning}", self.key),
            format!("Example: {}", self.example),
        ];
        text.extend(self.answers.iter().cloned());
        if let Some((at, w)) = &words {
            text.push(format!("{at}: \"{w}\""));
        }
        let reproduce = self
            .reproduce
            .as_deref()
            .or(self.diff.as_deref())
            .unwrap_or("(no command line can hold this example: it has a NUL byte)");
        text.push(format!("Reproduce: {reproduce}"));
        if let (Some(diff), Some(_)) = (&self.diff, &self.reproduce) {
            text.push(format!("Every parser on it: {diff}"));
        }
        let mut md = vec![
            format!("**Class** `{}`: {meaning}", self.key.replace('`', "'")),
            format!("**Example**\n\n{}", code_block(&self.example)),
        ];
        md.extend(self.answers.iter().map(|a| format!("- {a}")));
        if let Some((at, w)) = &words {
            md.push(format!("**{at}**\n\n> {w}"));
        }
        md.push(format!("**Reproduce**\n\n{}", code_block(reproduce)));
        if let (Some(diff), Some(_)) = (&self.diff, &self.reproduce) {
            md.push(format!("**Every parser on it**\n\n{}", code_block(diff)));
        }
        let message = |t: String| MultiformatMessageString::builder().text(t).build();
        ReportingDescriptor::builder()
            .id(self.id.clone())
            .name(self.class.clone())
            .short_description(message(format!(
                "{} ({})",
                meaning.trim_end_matches('.'),
                self.key
            )))
            .full_description(message(full))
            .help(
                MultiformatMessageString::builder()
                    .text(text.join("\n"))
                    .markdown(md.join("\n\n"))
                    .build(),
            )
            .properties(properties([
                ("class", json!(self.class)),
                ("key", json!(self.key)),
            ]))
            .build()
    }
}

/// The rules of a run, one per distinct rule id in the order first seen, with each id's index.
fn rules(facts: Vec<RuleFacts>) -> (Vec<ReportingDescriptor>, BTreeMap<String, i64>) {
    let mut index = BTreeMap::new();
    let mut rules = Vec::new();
    for f in facts {
        if index.contains_key(&f.id) {
            continue;
        }
        index.insert(f.id.clone(), rules.len() as i64);
        rules.push(f.descriptor());
    }
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
    Value::from(s.name())
}

fn run(rules: Vec<ReportingDescriptor>, results: Vec<SarifResult>) -> Sarif {
    run_with(rules, results, None)
}

/// [`run`] with the run's property bag (section 3.8), where there is one.
fn run_with(
    rules: Vec<ReportingDescriptor>,
    results: Vec<SarifResult>,
    bag: Option<PropertyBag>,
) -> Sarif {
    let driver = ToolComponent::builder()
        .name("uridiff")
        .version(env!("CARGO_PKG_VERSION"))
        .rules(rules)
        .build();
    let mut run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .results(results)
        .build();
    run.properties = bag;
    Sarif::builder()
        .schema(SARIF_SCHEMA_URI)
        .version(json!(SARIF_VERSION))
        .runs(vec![run])
        .build()
}

/// The run's `byDesign` property: each profile rule that explained classes of the report, by
/// its id, with what it says, where the library documents it, and how many classes and inputs
/// it explained. A by-design class is no result (no problem in the parser), but a reader of
/// the log still sees which documented behaviours were set aside, and why.
fn by_design(report: &Report) -> PropertyBag {
    let mut rules: BTreeMap<&str, (&str, &str, usize, usize)> = BTreeMap::new();
    for c in report.classes.iter().filter(|c| c.explained) {
        for (parser, id) in &c.by_design_ids {
            let said = c.by_design.get(parser).map_or("", String::as_str);
            let cites = c.by_design_cites.get(parser).map_or("", String::as_str);
            let entry = rules.entry(id.as_str()).or_insert((said, cites, 0, 0));
            entry.2 += 1;
            entry.3 += c.count;
        }
    }
    let list: Vec<Value> = rules
        .into_iter()
        .map(|(id, (said, cites, classes, inputs))| {
            json!({"id": id, "rule": said, "cites": cites, "classes": classes, "inputs": inputs})
        })
        .collect();
    properties([("byDesign", json!(list))])
}

/// A physical location: `path` (as [`uri`] writes it) at `line`.
fn physical(path: &str, line: usize) -> PhysicalLocation {
    PhysicalLocation::builder()
        .artifact_location(ArtifactLocation::builder().uri(uri(path)).build())
        .region(Region::builder().start_line(line.max(1) as i64).build())
        .build()
}

fn module(name: String) -> LogicalLocation {
    LogicalLocation::builder().name(name).kind("module").build()
}

/// Where a report's classes are in the `discrepancies.json` the same run wrote: its path (as
/// given, relative to where code scanning reads the log from) and the 1-based line where each
/// element of its `classes` and `confusion` arrays begins.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// The path of `discrepancies.json`.
    pub path: String,
    /// The line of each class's object, in the report's order.
    pub classes: Vec<usize>,
    /// The line of each confusion class's object, in the report's order.
    pub confusion: Vec<usize>,
}

impl Written {
    /// The lines of `json`, `discrepancies.json` as [`super::json::write`] wrote it (serde_json's
    /// pretty printer: two spaces a level, so a top-level array's objects open with a line
    /// `    {`), where the elements of `classes` and `confusion` begin.
    ///
    /// ```
    /// use uridiff::report::sarif::Written;
    /// let json = "{\n  \"classes\": [\n    {\n      \"key\": \"a\"\n    },\n    {\n    }\n  ],\n  \"confusion\": []\n}\n";
    /// let w = Written::of("reports/discrepancies.json", json.as_bytes());
    /// assert_eq!((w.classes, w.confusion), (vec![3, 6], vec![]));
    /// // Both arrays, in either order.
    /// let json = "{\n  \"confusion\": [\n    {\n    },\n    {\n    }\n  ],\n  \"classes\": [\n    {\n    }\n  ]\n}\n";
    /// let w = Written::of("d.json", json.as_bytes());
    /// assert_eq!((w.classes, w.confusion), (vec![9], vec![3, 5]));
    /// ```
    pub fn of(path: &str, json: &[u8]) -> Written {
        // One pass over the lines (the file is tens of megabytes): a top-level array opens with
        // `  "name": [` and closes with `  ]`; its objects open with `    {`.
        const OPENINGS: [&str; 2] = ["  \"classes\": [", "  \"confusion\": ["];
        let text = String::from_utf8_lossy(json);
        let mut found: [Vec<usize>; 2] = Default::default();
        let mut inside: Option<usize> = None;
        for (i, line) in text.lines().enumerate() {
            match inside {
                None => inside = OPENINGS.iter().position(|o| line == *o),
                Some(_) if line.starts_with("  ]") => inside = None,
                Some(k) if line == "    {" => found[k].push(i + 1),
                Some(_) => {}
            }
        }
        let [classes, confusion] = found;
        Written {
            path: path.to_owned(),
            classes,
            confusion,
        }
    }
}

/// A suite case's file as a path in a repository: a built-in suite (`<built-in>/NAME`) by its
/// path in uridiff's source tree, `suites/NAME`.
fn case_file(location: &str) -> String {
    let file = location.rsplit_once('#').map_or(location, |(f, _)| f);
    match file.strip_prefix(crate::suite::BUILTIN_DIR) {
        Some(name) => format!("suites{name}"),
        None => file.to_owned(),
    }
}

/// The log of a report: one result per unexplained class, most severe first, then one per
/// URL-confusion class, in the report's order; `written` places them in `discrepancies.json`.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// use uridiff::report::sarif::{report as sarif_of, Written};
/// let mut json = Vec::new();
/// uridiff::report::json::write(&report, &mut json).unwrap();
/// let written = Written::of("reports/discrepancies.json", &json);
/// let log = serde_json::to_value(sarif_of(&report, &written)).unwrap();
/// assert_eq!(log["version"], "2.1.0");
/// let unexplained = report.classes.iter().filter(|c| !c.explained).count();
/// let results = log["runs"][0]["results"].as_array().unwrap();
/// assert_eq!(results.len(), unexplained + report.confusion.len());
/// assert!(results.iter().all(|r| r["locations"][0]["physicalLocation"].is_object()));
/// ```
pub fn report(report: &Report, written: &Written) -> Sarif {
    let cases: std::collections::HashMap<&str, &crate::suite::CaseResult> = report
        .cases
        .iter()
        .map(|(_, r)| (r.id.as_str(), r))
        .collect();
    let unexplained: Vec<(usize, &crate::engine::ClassRecord)> = report
        .classes
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.explained)
        .collect();
    let mut facts = Vec::new();
    let mut results: Vec<SarifResult> = Vec::new();
    for &(at, c) in &unexplained {
        let class = c.signature.class;
        let name = class.name();
        let subject = c.deviating.join(", ");
        let example = crate::gate::shown_within(&c.example, None);
        let answer = super::brief(&c.answer, class);
        let reference = super::brief(&c.reference_answer, class);
        let reproduce = c.reproduce.clone().or_else(|| c.diff.clone());
        let id = rule_id(&name, &c.key);
        facts.push(RuleFacts {
            id: id.clone(),
            class: name.clone(),
            key: c.key.clone(),
            reference: Some(c.reference.clone()),
            example: example.clone(),
            answers: vec![
                format!("{subject} answers {answer}."),
                format!("Its reference ({}) answers {reference}.", c.reference),
            ],
            reproduce: c.reproduce.clone(),
            diff: c.diff.clone(),
        });
        let mut text = format!(
            "{subject}: {} on `{example}` ({} inputs): answers {answer}, its reference ({}) answers {reference}.",
            rule_text(&name).trim_end_matches('.'),
            c.count,
            c.reference
        );
        if let Some(r) = &reproduce {
            text.push_str(&format!(" Reproduce: {r}"));
        }
        let in_json = physical(&written.path, written.classes.get(at).copied().unwrap_or(1));
        let case = cases.get(c.first_seen.origin.as_str());
        let (primary, related) = match case {
            Some(r) => (
                physical(&case_file(&r.location), r.line.unwrap_or(1)),
                Some(in_json),
            ),
            None => (in_json, None),
        };
        let location = Location::builder()
            .physical_location(primary)
            .logical_locations(vec![module(subject.clone())])
            .build();
        let mut result = SarifResult::builder()
            .rule_id(id.clone())
            .level(result_level(c.severity))
            .message(Message::builder().text(text).build())
            .locations(vec![location])
            .occurrence_count(c.count as i64)
            .partial_fingerprints(BTreeMap::from([(
                "uridiffClass/v2".to_owned(),
                sha256_hex(&c.key),
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
                ("suiteCase", json!(case.map(|r| &r.location))),
            ]))
            .build();
        if let Some(related) = related {
            result.related_locations = Some(vec![Location::builder()
                .id(0)
                .physical_location(related)
                .message(
                    Message::builder()
                        .text("The class in discrepancies.json.")
                        .build(),
                )
                .build()]);
        }
        results.push(result);
    }
    for (at, c) in report.confusion.iter().enumerate() {
        let line = written.confusion.get(at).copied().unwrap_or(1);
        facts.push(confusion_facts(c));
        results.push(confusion(c, &written.path, line));
    }
    let (rules, index) = rules(facts);
    for r in &mut results {
        r.rule_index = r.rule_id.as_ref().and_then(|id| index.get(id).copied());
    }
    run_with(rules, results, Some(by_design(report)))
}

/// The rule name of a confusion class: `url-confusion-<component>`.
fn confusion_rule(c: &super::ConfusionClass) -> String {
    format!("url-confusion-{}", c.component.name())
}

/// What each group of parsers reads, as the message and the help say it.
fn confusion_groups(c: &super::ConfusionClass) -> Vec<String> {
    c.groups
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
        .collect()
}

fn confusion_facts(c: &super::ConfusionClass) -> RuleFacts {
    let name = confusion_rule(c);
    let key = c.key();
    let reproduce = c.groups.iter().find_map(|g| g.reproduce.clone());
    let task = crate::engine::Task::parse(c.input.clone(), "confusion");
    RuleFacts {
        id: rule_id(&name, &key),
        class: name,
        key,
        reference: None,
        example: super::show(&c.input),
        answers: confusion_groups(c)
            .into_iter()
            .map(|g| format!("{g}."))
            .chain(std::iter::once(format!("{}.", c.impact)))
            .collect(),
        reproduce,
        diff: crate::present::diff_command(&task),
    }
}

/// A confusion class as a result: its impact, example and groups in the message, the SHA-256 of
/// its key as the fingerprint, its object in `discrepancies.json` as its place, every parser
/// taking part as a logical location; two hosts and open redirects are errors, port, userinfo
/// and scheme warnings, a scheme-less input read as http a note.
fn confusion(c: &super::ConfusionClass, path: &str, line: usize) -> SarifResult {
    use super::ConfusionRank as R;
    let rule = confusion_rule(c);
    let example = super::show(&c.input);
    let text = format!(
        "{} ({} on `{example}`, {} inputs): {}.",
        c.impact,
        c.component,
        c.count,
        confusion_groups(c).join("; ")
    );
    let level = match c.rank {
        R::TwoHosts | R::OpenRedirect => ResultLevel::Error,
        R::SchemeLess => ResultLevel::Note,
        _ => ResultLevel::Warning,
    };
    let parsers: Vec<LogicalLocation> = c
        .groups
        .iter()
        .flat_map(|g| &g.parsers)
        .map(|p| module(p.clone()))
        .collect();
    let key = c.key();
    SarifResult::builder()
        .rule_id(rule_id(&rule, &key))
        .level(level)
        .message(Message::builder().text(text).build())
        .locations(vec![Location::builder()
            .physical_location(physical(path, line))
            .logical_locations(parsers)
            .build()])
        .occurrence_count(c.count as i64)
        .partial_fingerprints(BTreeMap::from([(
            "uridiffConfusion/v2".to_owned(),
            sha256_hex(&key),
        )]))
        .properties(properties([
            ("class", json!(rule)),
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
/// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
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
    let mut facts = Vec::new();
    let mut results = Vec::new();
    for i in &shown {
        let classes: Vec<String> = i.classes.iter().map(|k| class_of(&i.subject, k)).collect();
        let name = classes.first().cloned().unwrap_or_default();
        let key = i.classes.first().cloned().unwrap_or_default();
        let id = rule_id(&name, &key);
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
        let mut answers = Vec::new();
        if i.was.is_some() {
            let digest = i.was.as_deref().unwrap_or_default();
            let was = match &i.was_answer {
                Some(a) => format!("Was: {a}."),
                None => format!("Was: answer digest {digest}."),
            };
            text.push(' ');
            text.push_str(&was);
            answers.push(format!("The baseline lists: {}", &was["Was: ".len()..]));
        }
        if let Some(a) = &i.now_answer {
            text.push_str(&format!(" Now: {a}."));
            answers.push(format!("{} answers now: {a}.", i.subject));
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
            let short = key
                .strip_prefix(i.subject.as_str())
                .unwrap_or(&key)
                .trim_start();
            text.push_str(&format!(" {short}: {}.", reads.join("; ")));
            answers.extend(reads.iter().map(|r| format!("{r}.")));
        }
        if let Some(r) = &i.reproduce {
            text.push_str(&format!(" Reproduce: {r}"));
        }
        facts.push(RuleFacts {
            id: id.clone(),
            class: name.clone(),
            key: key.clone(),
            reference: None,
            example: example.clone(),
            answers,
            reproduce: i.reproduce.clone(),
            diff: None,
        });
        let location = Location::builder()
            .physical_location(physical(&verdict.baseline, i.line.unwrap_or(1)))
            .logical_locations(vec![module(i.subject.clone())])
            .build();
        results.push(
            SarifResult::builder()
                .rule_id(id)
                .level(level)
                .baseline_state(json!(if i.status == Status::New {
                    "new"
                } else {
                    "updated"
                }))
                .message(Message::builder().text(text).build())
                .locations(vec![location])
                .partial_fingerprints(BTreeMap::from([(
                    "uridiffJob/v2".to_owned(),
                    sha256_hex(&format!("{} {}", i.subject, i.job)),
                )]))
                .properties(properties([
                    ("class", json!(name)),
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
                .build(),
        );
    }
    let (rules, index) = rules(facts);
    for r in &mut results {
        r.rule_index = r.rule_id.as_ref().and_then(|id| index.get(id).copied());
    }
    run(rules, results)
}

/// The log of a run that stopped before its verdict (`uridiff check` exiting 2: a parser under
/// test that cannot start, a baseline it refuses, an option it rejects once the run began):
/// no result and no rule, and one invocation (section 3.20) with `executionSuccessful` false,
/// the exit code and the reason as an error-level tool execution notification (section
/// 3.20.21: "conditions relevant to the execution of the tool"), which code scanning shows on
/// its tool status page. `results` is an empty array, not absent: section 3.14.23 reads an
/// absent one as "not computed", but GitHub's upload (github/codeql-action's upload-sarif)
/// refuses a run without a `results` array, and the log must reach code scanning to say what
/// went wrong.
///
/// ```
/// let log = serde_json::to_value(uridiff::report::sarif::failed("check", 2, "no such worker")).unwrap();
/// let run = &log["runs"][0];
/// assert!(run["results"].as_array().unwrap().is_empty());
/// assert_eq!(run["invocations"][0]["executionSuccessful"], false);
/// assert_eq!(run["invocations"][0]["exitCode"], 2);
/// let note = &run["invocations"][0]["toolExecutionNotifications"][0];
/// assert_eq!(note["level"], "error");
/// assert!(note["message"]["text"].as_str().unwrap().contains("no such worker"));
/// ```
pub fn failed(command: &str, exit_code: i64, reason: &str) -> Sarif {
    let note = Notification::builder()
        .level(json!("error"))
        .message(
            Message::builder()
                .text(format!(
                    "uridiff {command} stopped before its verdict: {reason}"
                ))
                .build(),
        )
        .build();
    let invocation = Invocation::builder()
        .execution_successful(false)
        .exit_code(exit_code)
        .tool_execution_notifications(vec![note])
        .build();
    let mut log = run(Vec::new(), Vec::new());
    log.runs[0].invocations = Some(vec![invocation]);
    log
}

/// A path as a URI reference (section 3.4.3: a `uri` is a URI reference): a relative path as a
/// relative reference, `/` between segments and the bytes a path segment may not hold
/// percent-encoded (RFC 3986, section 3.3); an absolute path as a `file` URI (RFC 8089, section
/// 2), since a relative reference that begins with `/` would not combine with a base URI the
/// way a reader expects (SARIF 2.1.0, section 3.4.4).
///
/// ```
/// use uridiff::report::sarif::uri;
/// assert_eq!(uri("ci/my baseline#1.txt"), "ci/my%20baseline%231.txt");
/// assert_eq!(uri("a:b"), "a%3Ab");
/// assert_eq!(uri("/tmp/a b/x.txt"), "file:///tmp/a%20b/x.txt");
/// assert_eq!(uri(r"C:\ci\b.txt"), "file:///C:/ci/b.txt");
/// ```
pub fn uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    let b = path.as_bytes();
    let drive = b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/';
    let (prefix, rest) = if drive {
        (format!("file:///{}", &path[..2]), &path[2..])
    } else if path.starts_with('/') {
        ("file://".to_owned(), path.as_str())
    } else {
        (String::new(), path.as_str())
    };
    let mut out = prefix;
    for b in rest.bytes() {
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
/// let written = uridiff::report::sarif::Written::default();
/// let log = uridiff::report::sarif::report(&report, &written);
/// uridiff::report::sarif::write(&log, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains("\"version\": \"2.1.0\""));
/// ```
pub fn write(log: &Sarif, out: &mut impl Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, log)?;
    out.write_all(b"\n")
}
