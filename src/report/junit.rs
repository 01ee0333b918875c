//! `junit.xml` and `--junit FILE`: JUnit XML through `quick-junit`'s model and serializer
//! (which escapes text and drops the characters XML 1.0 cannot carry).
//!
//! A report has one test suite per subject, every suite case a test case (class name
//! `<subject>.<edition>`, test name the case's label: its operation and operands, with the
//! stable case id as a property), and one suite `discrepancy classes`: each class a test case
//! (class name the parser, test name the class and its minimized example), failed when
//! unexplained, passed when the parser's profile explains it. A check has one test suite per
//! parser under test: every job it deviates on now or the baseline lists, named by its classes
//! and the job, failed when it changes the verdict (new, changed, stale), passed when listed
//! with the same answer. CI systems track tests by name, so no name repeats within a suite: a
//! second one gets ` (2)`, in the run's stable order.

use std::collections::HashSet;
use std::io::{self, Write};

use quick_junit::{NonSuccessKind, Property, Report as Junit, TestCase, TestCaseStatus, TestSuite};

use super::Report;
use crate::gate::verdict::{Status as GateStatus, Verdict};
use crate::suite::{CaseResult, Status};

/// The name of a report's test suite of classes.
pub const CLASSES_SUITE: &str = "discrepancy classes";

/// Test names made unique within one test suite, in the order they come.
#[derive(Default)]
struct Names(HashSet<String>);

impl Names {
    fn unique(&mut self, name: String) -> String {
        let mut n = name.clone();
        let mut k = 1;
        while self.0.contains(&n) {
            k += 1;
            n = format!("{name} ({k})");
        }
        self.0.insert(n.clone());
        n
    }
}

/// A severity by its name in the JSON outputs (`critical`, `high`, ...).
fn severity_name(s: crate::engine::Severity) -> String {
    serde_json::to_value(s)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn failure(message: &str, description: &str) -> TestCaseStatus {
    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
    s.set_message(message).set_description(description);
    s
}

fn serialize(junit: &Junit, out: &mut impl Write) -> io::Result<()> {
    junit
        .serialize(&mut *out)
        .map_err(|e| io::Error::other(e.to_string()))?;
    out.write_all(b"\n")
}

/// One subject's suite cases as a test suite.
fn cases_suite<'a>(subject: &str, cases: impl Iterator<Item = &'a CaseResult>) -> TestSuite {
    let mut suite = TestSuite::new(subject);
    let mut names = Names::default();
    for r in cases {
        let status = match &r.status {
            Status::Passed => TestCaseStatus::success(),
            Status::Failed(m) => {
                let msg: Vec<String> = m.iter().map(ToString::to_string).collect();
                failure(&msg.join("; "), &format!("{} {}", r.location, r.label))
            }
            Status::Skipped(why) => {
                let mut s = TestCaseStatus::skipped();
                s.set_message(why.as_str());
                s
            }
        };
        let mut case = TestCase::new(names.unique(r.label.clone()), status);
        case.set_classname(format!("{subject}.{}", r.edition.id()));
        case.add_property(Property::new("id", r.id.as_str()));
        case.add_property(Property::new("location", r.location.as_str()));
        suite.add_test_case(case);
    }
    suite
}

/// Writes `report` as JUnit XML: the suite results per subject, then the classes.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::junit::write(&report, &mut out).unwrap();
/// let xml = String::from_utf8(out).unwrap();
/// assert!(xml.starts_with("<?xml") && xml.contains("<testsuites"));
/// assert!(xml.contains(r#"<testsuite name="discrepancy classes""#));
/// ```
pub fn write(report: &Report, out: &mut impl Write) -> io::Result<()> {
    let mut junit = Junit::new("uridiff");
    for s in &report.subjects {
        let name = s.info.name.as_str();
        junit.add_test_suite(cases_suite(
            name,
            report
                .cases
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, r)| r),
        ));
    }
    let mut classes = TestSuite::new(CLASSES_SUITE);
    let mut names = Names::default();
    for c in &report.classes {
        let subject = c.deviating.join(", ");
        let name = format!(
            "{}: {}",
            c.signature.class.name(),
            crate::gate::shown(&c.example)
        );
        let status = if c.explained {
            TestCaseStatus::success()
        } else {
            let answer = crate::run::brief(&c.answer, c.signature.class);
            let reference = crate::run::brief(&c.reference_answer, c.signature.class);
            let mut see = c.diff.clone().unwrap_or_default();
            if let Some(r) = &c.reproduce {
                see.push('\n');
                see.push_str(r);
            }
            let mut s = failure(
                &format!(
                    "{}: answers {answer}, its reference ({}) answers {reference} ({} inputs)",
                    severity_name(c.severity),
                    c.reference,
                    c.count
                ),
                see.trim(),
            );
            s.set_type(c.signature.class.name());
            s
        };
        let mut case = TestCase::new(names.unique(name), status);
        case.set_classname(subject);
        case.add_property(Property::new("key", c.key.as_str()));
        classes.add_test_case(case);
    }
    junit.add_test_suite(classes);
    serialize(&junit, out)
}

/// Writes `(subject, case result)` pairs as JUnit XML, one test suite per subject in `subjects`
/// (what `uridiff suite --junit` writes).
///
/// # Errors
///
/// The writer's.
///
/// ```
/// # let report = uridiff::run::tests_support::tiny();
/// let mut out = Vec::new();
/// uridiff::report::junit::write_cases(&["impl"], &report.cases, &mut out).unwrap();
/// let xml = String::from_utf8(out).unwrap();
/// assert!(xml.contains(r#"<testsuite name="impl""#));
/// assert!(xml.contains(r#"<testcase name="parse &quot;http://a/b&quot;" classname="impl.rfc3986">"#));
/// ```
pub fn write_cases(
    subjects: &[&str],
    all: &[(String, CaseResult)],
    out: &mut impl Write,
) -> io::Result<()> {
    let mut junit = Junit::new("uridiff");
    for name in subjects {
        junit.add_test_suite(cases_suite(
            name,
            all.iter().filter(|(s, _)| s == name).map(|(_, r)| r),
        ));
    }
    serialize(&junit, out)
}

/// Writes a check as JUnit XML: one test suite per parser under test.
///
/// # Errors
///
/// The writer's.
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
/// let mut out = Vec::new();
/// uridiff::report::junit::write_check(&v, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().contains(r#"<testsuites name="uridiff check""#));
/// ```
pub fn write_check(v: &Verdict, out: &mut impl Write) -> io::Result<()> {
    let mut junit = Junit::new("uridiff check");
    for parser in &v.under_test {
        let mut suite = TestSuite::new(parser.as_str());
        let mut names = Names::default();
        for i in v.items.iter().filter(|i| &i.subject == parser) {
            // The class keys start with the parser's name: the rest says the class and form.
            let classes: Vec<&str> = i
                .classes
                .iter()
                .map(|k| k.strip_prefix(parser.as_str()).unwrap_or(k).trim_start())
                .collect();
            let name = format!("{}: {}", classes.join(", "), i.shown);
            let status = if i.status == GateStatus::Known {
                TestCaseStatus::success()
            } else {
                let mut s = failure(&i.message, i.reproduce.as_deref().unwrap_or(""));
                s.set_type(match i.status {
                    GateStatus::New => "new",
                    GateStatus::Changed => "changed",
                    _ => "stale",
                });
                s
            };
            let mut case = TestCase::new(names.unique(name), status);
            case.set_classname(parser.as_str());
            case.add_property(Property::new("job", i.job.as_str()));
            if let Some(line) = i.line {
                case.add_property(Property::new("baseline-line", line.to_string()));
            }
            suite.add_test_case(case);
        }
        junit.add_test_suite(suite);
    }
    serialize(&junit, out)
}

#[cfg(test)]
mod tests {
    use super::Names;

    #[test]
    fn names_repeat_with_a_count() {
        let mut n = Names::default();
        let got: Vec<String> = ["a", "a", "b", "a", "a (2)"]
            .into_iter()
            .map(|s| n.unique(s.to_owned()))
            .collect();
        assert_eq!(got, ["a", "a (2)", "b", "a (3)", "a (2) (2)"]);
    }
}
