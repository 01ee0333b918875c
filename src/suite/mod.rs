//! YAML suites: finding the files, loading them with precise errors, turning their cases into
//! jobs for any [`Subject`] and judging the answers; and the WHATWG's URL test-data format
//! ([`whatwg`]).
//!
//! A malformed file is an error naming `file:line:column` and what is wrong; it never stops the
//! other files from running, so nothing already found is lost.

mod aliases;
mod builtin;
mod load;
mod schema;
pub mod whatwg;

use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

pub use builtin::{builtin, BUILTIN, BUILTIN_DIR};
pub use load::{
    case_lines, collect, load, parse_bytes, parse_str, SuiteError, MAX_FILE_BYTES, MAX_FLOW_DEPTH,
};
pub use schema::{edition_fields, Case, Expect, Op, Side, SuiteFile, COMMON_FIELDS};
use uri_spec::Edition;

use crate::model::{Answer, Component, Op as ModelOp, Outcome};
use crate::subjects::{self, Ctx, Job, Subject, SubjectInfo};

/// A loaded suite file.
#[derive(Debug)]
pub struct Suite {
    /// Where it was read from.
    pub path: PathBuf,
    /// Its contents.
    pub file: SuiteFile,
    /// The 1-based line where each case begins in the file, in the order of `file.cases`; empty
    /// when they could not be told apart (a flow sequence: `cases: [...]`).
    pub lines: Vec<usize>,
}

impl Suite {
    /// The edition a case runs under: its own, else the file's, else RFC 3986.
    pub fn edition_of(&self, case: &Case) -> Edition {
        case.edition.or(self.file.edition).unwrap_or_default()
    }
}

/// What a mismatch is about.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Field {
    /// Valid against invalid (accepted against rejected), or a crash.
    Outcome,
    /// A common component.
    Component(Component),
    /// An edition-specific field, by the edition's name.
    Extra(String),
    /// The result of resolve, normalize, equivalent or extract.
    Value,
    /// An Appendix B group, `$1` to `$9`.
    Group(u8),
    /// An attribute of the URL Standard's `URL` class (WHATWG test data).
    Attribute(whatwg::Attribute),
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Field::Outcome => f.write_str("outcome"),
            Field::Component(c) => f.write_str(c.name()),
            Field::Extra(name) => f.write_str(name),
            Field::Value => f.write_str("value"),
            Field::Group(n) => write!(f, "${n}"),
            Field::Attribute(a) => f.write_str(a.name()),
        }
    }
}

/// One difference between what a case expects and what the subject answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What differs.
    pub field: Field,
    /// The expectation, as shown to people (`"a"`, `undefined`, `invalid`).
    pub expected: String,
    /// The answer, in the same form.
    pub got: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.field, self.expected, self.got
        )
    }
}

/// How a case ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The subject's answer matches the expectation.
    Passed,
    /// It does not.
    Failed(Vec<Mismatch>),
    /// The case was not run; the text says why.
    Skipped(String),
}

/// The result of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The stable id: the case's `id:`, else derived from its op, operands and edition.
    pub id: String,
    /// `<file>#<index>` (index from 1): where to find it today.
    pub location: String,
    /// The 1-based line of the file where the case begins, when known ([`Suite::lines`]).
    pub line: Option<usize>,
    /// `<op> <input> ...`.
    pub label: String,
    /// The document section.
    pub section: Option<String>,
    /// The edition it runs under.
    pub edition: Edition,
    /// Whether the case documents an erratum.
    pub erratum: bool,
    /// The expectation judged against, as shown to people (`None`: a skipped case without one).
    pub expected: Option<String>,
    /// How it ended.
    pub status: Status,
}

/// A result's line as `uridiff suite` prints it: `ok   `, `FAIL ` or `skip `, the location and
/// the label, and why for a failure or a skip (a YAML case and a WHATWG test-data entry alike).
pub(crate) fn result_line(
    f: &mut fmt::Formatter<'_>,
    location: &str,
    label: &str,
    status: &Status,
) -> fmt::Result {
    match status {
        Status::Passed => write!(f, "ok   {location} {label}"),
        Status::Failed(why) => {
            write!(f, "FAIL {location} {label}: ")?;
            for (i, m) in why.iter().enumerate() {
                if i > 0 {
                    f.write_str("; ")?;
                }
                write!(f, "{m}")?;
            }
            Ok(())
        }
        Status::Skipped(why) => write!(f, "skip {location} {label}: {why}"),
    }
}

impl fmt::Display for CaseResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        result_line(f, &self.location, &self.label, &self.status)
    }
}

impl Case {
    /// The stable id: `id:` when the case has one, else `<edition>/<op>/<hash>` where the hash
    /// covers the op, the operands, the rule, the strictness and the edition (never the position
    /// in the file or the file's path), so baselines and JUnit names survive edits.
    ///
    /// ```
    /// let s = uridiff::suite::parse_str("t.yaml", "suite: t\ncases:\n  - {op: parse, input: a, expect: invalid}\n").unwrap();
    /// let id = s.file.cases[0].stable_id(uri_spec::Edition::Rfc3986);
    /// assert!(id.starts_with("rfc3986/parse/"), "{id}");
    /// assert_eq!(id, s.file.cases[0].stable_id(uri_spec::Edition::Rfc3986));
    /// ```
    pub fn stable_id(&self, edition: Edition) -> String {
        if let Some(id) = &self.id {
            return id.clone();
        }
        // FNV-1a over the fields that make the case what it is: stable across Rust versions and
        // platforms, unlike `DefaultHasher`.
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        for part in [
            Some(self.op.name()),
            Some(self.input.as_str()),
            self.base.as_deref(),
            self.other.as_deref(),
            self.rule.as_deref(),
            Some(if self.strict { "strict" } else { "non-strict" }),
            Some(edition.id()),
        ] {
            part.hash(&mut h);
        }
        format!("{}/{}/{:016x}", edition.id(), self.op.name(), h.finish())
    }

    /// The job a subject runs for this case, or `None` for a `regex` case (judged by the
    /// documents' expression itself).
    pub fn job(&self, edition: Edition) -> Option<Job<'_>> {
        let op = match self.op {
            Op::Parse => ModelOp::Parse,
            Op::Resolve => ModelOp::Resolve,
            Op::Normalize => ModelOp::Normalize,
            Op::Equivalent => ModelOp::Equivalent,
            Op::Extract => ModelOp::Extract,
            Op::Regex => return None,
        };
        Some(Job {
            op,
            input: self.input.as_bytes(),
            second: self
                .base
                .as_deref()
                .or(self.other.as_deref())
                .map(str::as_bytes),
            ctx: Ctx {
                edition,
                rule: self.rule.as_deref(),
                non_strict: !self.strict,
            },
        })
    }

    /// Whether the case mentions `text` in its id, section, input, label or note.
    pub fn matches(&self, id: &str, text: &str) -> bool {
        id.contains(text)
            || self.label().contains(text)
            || self.section.as_deref().is_some_and(|s| s.contains(text))
            || self.note.as_deref().is_some_and(|s| s.contains(text))
    }
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Runs every case of `suite` that mentions `filter` (see [`Case::matches`]) through `subject`.
///
/// # Examples
///
/// ```
/// use uridiff::{subjects::Spec, suite};
/// let s = suite::parse_str("t.yaml", r#"
/// suite: t
/// cases:
///   - {op: resolve, base: "http://a/b/c/d;p?q", input: "../g", expect: "http://a/b/g"}
///   - {op: parse, input: "http://a b", expect: invalid}
/// "#).unwrap();
/// let results = suite::run(&s, Spec::get(), None);
/// assert!(results.iter().all(|r| r.status == suite::Status::Passed));
/// ```
pub fn run(suite: &Suite, subject: &dyn Subject, filter: Option<&str>) -> Vec<CaseResult> {
    cases(suite, filter)
        .map(|(index, case, id, edition)| {
            let status = match case.job(edition) {
                Some(job) if case.skip.is_none() => {
                    judge(case, subject.info(), &subjects::run(subject, &job))
                }
                _ => judge_without_subject(case),
            };
            result(suite, index, case, id, edition, status)
        })
        .collect()
}

/// The selected cases of a suite: `(index from 1, case, stable id, edition)`.
pub fn cases<'s>(
    suite: &'s Suite,
    filter: Option<&'s str>,
) -> impl Iterator<Item = (usize, &'s Case, String, Edition)> + 's {
    suite
        .file
        .cases
        .iter()
        .enumerate()
        .filter_map(move |(i, case)| {
            let edition = suite.edition_of(case);
            let id = case.stable_id(edition);
            if filter.is_some_and(|f| !case.matches(&id, f)) {
                return None;
            }
            Some((i + 1, case, id, edition))
        })
}

/// The result record of a case.
pub fn result(
    suite: &Suite,
    index: usize,
    case: &Case,
    id: String,
    edition: Edition,
    status: Status,
) -> CaseResult {
    CaseResult {
        id,
        location: format!("{}#{index}", suite.path.display()),
        line: suite.lines.get(index.wrapping_sub(1)).copied(),
        label: case.label(),
        section: case.section.clone(),
        edition,
        erratum: case.erratum.is_some(),
        expected: case.checked_expectation().map(ToString::to_string),
        status,
    }
}

/// The status of a case no subject runs: a skipped one, or a `regex` case (the Appendix B groups
/// are a property of the documents, judged by the oracle's expression).
pub fn judge_without_subject(case: &Case) -> Status {
    if let Some(why) = &case.skip {
        return Status::Skipped(why.clone());
    }
    match case.checked_expectation() {
        Some(Expect::Groups(want)) => {
            let got = subjects::appendix_b_groups(case.input.as_bytes());
            let diffs: Vec<Mismatch> = want
                .iter()
                .filter_map(|(k, v)| {
                    let n: u8 = k.trim_start_matches('$').parse().ok()?;
                    let g = got.get(usize::from(n).checked_sub(1)?)?.as_deref();
                    (g != v.as_deref()).then(|| Mismatch {
                        field: Field::Group(n),
                        expected: show(v.as_deref()),
                        got: show(g),
                    })
                })
                .collect();
            verdict(diffs)
        }
        Some(other) => Status::Failed(vec![Mismatch {
            field: Field::Value,
            expected: format!("{other}"),
            got: "a case no subject runs".into(),
        }]),
        None => Status::Skipped("no expectation".into()),
    }
}

fn verdict(diffs: Vec<Mismatch>) -> Status {
    if diffs.is_empty() {
        Status::Passed
    } else {
        Status::Failed(diffs)
    }
}

/// Judges a subject's answer to `case`: only on what the subject declares (a splitter that never
/// rejects is not judged on `invalid`; a component it does not report is not compared).
pub fn judge(case: &Case, info: &SubjectInfo, outcome: &Outcome<Answer>) -> Status {
    if let Some(why) = &case.skip {
        return Status::Skipped(why.clone());
    }
    let Some(expect) = case.checked_expectation() else {
        return Status::Skipped("no expectation".into());
    };
    if *expect == Expect::Invalid && case.op == Op::Parse && !info.decides_validity {
        return Status::Skipped(format!("{} accepts every input", info.name));
    }
    let got = match outcome {
        Outcome::Unsupported(why) => return Status::Skipped(why.clone()),
        Outcome::Crashed(c) => {
            return Status::Failed(vec![Mismatch {
                field: Field::Outcome,
                expected: expect_outcome(expect).into(),
                got: format!("crashed ({}: {})", c.kind.name(), c.message),
            }])
        }
        Outcome::Rejected(r) => {
            return if *expect == Expect::Invalid {
                Status::Passed
            } else {
                Status::Failed(vec![Mismatch {
                    field: Field::Outcome,
                    expected: format!("{expect}"),
                    got: format!("invalid ({})", r.message),
                }])
            };
        }
        Outcome::Accepted(answer) => answer,
    };
    let value = |got: String| {
        vec![Mismatch {
            field: Field::Value,
            expected: format!("{expect}"),
            got,
        }]
    };
    let diffs = match (got, expect) {
        (_, Expect::Invalid) => vec![Mismatch {
            field: Field::Outcome,
            expected: "invalid".into(),
            got: "valid".into(),
        }],
        (Answer::Parsed(p), Expect::Components(want)) => want
            .iter()
            .filter_map(|(k, v)| {
                let (field, got) = match k.parse::<Component>() {
                    Ok(c) if !info.components.contains(c) => return None,
                    Ok(c) => (Field::Component(c), p.components.get(c)),
                    Err(_) if !info.edition_fields => return None,
                    // An edition-specific field the subject does not give is undefined.
                    Err(_) => (
                        Field::Extra(k.clone()),
                        p.components.get_named(k).unwrap_or(None),
                    ),
                };
                (got != v.as_deref()).then(|| Mismatch {
                    field,
                    expected: show(v.as_deref()),
                    got: show(got),
                })
            })
            .collect(),
        (Answer::Text(t), Expect::Text(want)) => {
            let want = current_document(case, want);
            if *t == want {
                vec![]
            } else {
                vec![Mismatch {
                    field: Field::Value,
                    expected: format!("{want:?}"),
                    got: format!("{t:?}"),
                }]
            }
        }
        (Answer::Bool(b), Expect::Bool(want)) if b == want => vec![],
        (Answer::List(l), Expect::List(want)) if l == want => vec![],
        (Answer::Parsed(p), _) => value(serde_json::to_string(&p.components).unwrap_or_default()),
        (Answer::Text(t), _) => value(format!("{t:?}")),
        (Answer::Bool(b), _) => value(b.to_string()),
        (Answer::List(l), _) => value(format!("{l:?}")),
    };
    verdict(diffs)
}

/// "(current document)" is the 1996 and 1998 documents' notation for the base document: the base
/// without its fragment.
fn current_document(case: &Case, want: &str) -> String {
    match (want.strip_prefix(CURRENT_DOCUMENT), case.base.as_deref()) {
        (Some(rest), Some(base)) => {
            let doc = base.split('#').next().unwrap_or(base);
            format!("{doc}{rest}")
        }
        _ => want.to_owned(),
    }
}

fn expect_outcome(e: &Expect) -> &'static str {
    if *e == Expect::Invalid {
        "invalid"
    } else {
        "an answer"
    }
}

/// How the 1996 and 1998 resolution tables write the base document.
const CURRENT_DOCUMENT: &str = "(current document)";

fn show(v: Option<&str>) -> String {
    v.map_or("undefined".to_owned(), |s| format!("{s:?}"))
}

/// Counts of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Passed cases.
    pub passed: usize,
    /// Failed cases.
    pub failed: usize,
    /// Skipped cases.
    pub skipped: usize,
}

impl Tally {
    /// Adds one result.
    pub fn add(&mut self, status: &Status) {
        match status {
            Status::Passed => self.passed += 1,
            Status::Failed(_) => self.failed += 1,
            Status::Skipped(_) => self.skipped += 1,
        }
    }
}

impl fmt::Display for Tally {
    /// The closing line of a run: `N passed, M failed`, then `, K skipped` when K > 0.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} passed, {} failed", self.passed, self.failed)?;
        if self.skipped > 0 {
            write!(f, ", {} skipped", self.skipped)?;
        }
        Ok(())
    }
}
