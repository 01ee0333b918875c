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
//!
//! A report's case of an edition older than RFC 3986 that the subject does not claim (an RFC
//! 3986 library on a 1994 draft's case: [`claimed_editions`]) is skipped, with a message saying
//! why and what the case would have said: such a case measures how far a parser is from an
//! edition it never followed (the conformance matrix's business), not a regression a test
//! dashboard should show. RFC 3986 supersedes the older editions (its header: "Obsoletes: 2732,
//! 2396, 1808"), so its cases stay judged for every subject.

use std::collections::{HashMap, HashSet};
use std::io::{self, Write};

use quick_junit::{
    NonSuccessKind, Property, Report as Junit, TestCase, TestCaseStatus, TestSuite, XmlString,
};

use uri_spec::Edition;

use super::Report;
use crate::gate::verdict::{Status as GateStatus, Verdict};
use crate::subjects::profile::{profile, Reference};
use crate::subjects::SubjectInfo;
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

/// Texts that repeat from one test case to the next (a class name, a property's name, a skipped
/// case's reason; a suite case's name, id and location, the same for every parser), made into
/// an [`XmlString`] once and cloned after. `XmlString::new` strips
/// ANSI escapes and control characters with a terminal parser fed one character at a time
/// (`strip-ansi-escapes`), thousands of instructions for a short text; a clone is a copy. The
/// text is the same either way: each is made by `XmlString::new` of the same text.
#[derive(Default)]
struct Texts(HashMap<String, XmlString>);

impl Texts {
    fn get(&mut self, text: &str) -> XmlString {
        if let Some(x) = self.0.get(text) {
            return x.clone();
        }
        let x = XmlString::new(text);
        self.0.insert(text.to_owned(), x.clone());
        x
    }
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

/// The editions a subject claims to follow: those it speaks (the project's own reference and
/// oracles), else its profile's reference edition (RFC 3986 for the RFC 3986 and 3987 parsers,
/// `draft-fielding-uri-syntax-02`, which became RFC 2396, for `java.net.URI` and Perl's `URI`),
/// else none (a WHATWG URL Standard parser claims no edition of the RFC line). `None` when the
/// subject's profile is unknown: nothing is known, so nothing is skipped.
///
/// ```
/// use uri_spec::Edition;
/// use uridiff::report::junit::claimed_editions;
/// let info = |name: &str| uridiff::subjects::in_process().into_iter()
///     .find(|s| s.info().name == name).unwrap().info().clone();
/// assert_eq!(claimed_editions(&info("fluent-uri")), Some(vec![Edition::Rfc3986]));
/// assert_eq!(claimed_editions(&info("url")), Some(vec![]));
/// assert_eq!(claimed_editions(&info("impl")), Some(Edition::ALL.to_vec()));
/// ```
pub fn claimed_editions(info: &SubjectInfo) -> Option<Vec<Edition>> {
    if !info.editions.is_empty() {
        return Some(info.editions.clone());
    }
    match profile(&info.profile).ok()?.reference {
        Reference::Edition(e) => Some(vec![e]),
        Reference::JobEdition => Some(Edition::ALL.to_vec()),
        Reference::Whatwg | Reference::Lenient => Some(Vec::new()),
    }
}

/// Why a subject's case is skipped rather than judged: an edition older than RFC 3986 that the
/// subject does not claim ([`claimed_editions`]); `None` for a case it is judged on.
fn unclaimed(info: &SubjectInfo, edition: Edition) -> Option<String> {
    let claims = claimed_editions(info)?;
    if edition >= Edition::Rfc3986 || claims.contains(&edition) {
        return None;
    }
    let standard = profile(&info.profile).map_or("its profile", |p| p.standard);
    let claimed = if claims.is_empty() {
        "no edition of the RFC line".to_owned()
    } else {
        claims.iter().map(|e| e.id()).collect::<Vec<_>>().join(", ")
    };
    Some(format!(
        "{} follows {standard} (claims {claimed}), not the older edition {}: the case is scored in \
         the conformance matrix, not judged here",
        info.name,
        edition.id()
    ))
}

/// One subject's suite cases as a test suite; with the subject's declaration, the cases of an
/// older edition it does not claim are skipped ([`unclaimed`]). `texts` is shared by every
/// subject's suite: each case's name, id and location are the same for every parser.
fn cases_suite<'a>(
    subject: &str,
    info: Option<&SubjectInfo>,
    cases: impl Iterator<Item = &'a CaseResult>,
    texts: &mut Texts,
) -> TestSuite {
    let mut suite = TestSuite::new(subject);
    let mut names = Names::default();
    for r in cases {
        let status = match (&r.status, info.and_then(|i| unclaimed(i, r.edition))) {
            (Status::Skipped(why), _) => {
                let mut s = TestCaseStatus::skipped();
                s.set_message(texts.get(why));
                s
            }
            (status, Some(why)) => {
                let mut s = TestCaseStatus::skipped();
                let would = match status {
                    Status::Failed(m) => {
                        let msg: Vec<String> = m.iter().map(ToString::to_string).collect();
                        format!("would fail: {}", msg.join("; "))
                    }
                    _ => "would pass".to_owned(),
                };
                s.set_message(texts.get(&format!("{why} ({would})")));
                s
            }
            (Status::Passed, None) => TestCaseStatus::success(),
            (Status::Failed(m), None) => {
                let msg: Vec<String> = m.iter().map(ToString::to_string).collect();
                failure(&msg.join("; "), &format!("{} {}", r.location, r.label))
            }
        };
        let mut case = TestCase::new(texts.get(&names.unique(r.label.clone())), status);
        case.set_classname(texts.get(&format!("{subject}.{}", r.edition.id())));
        case.add_property(Property::new(texts.get("id"), texts.get(&r.id)));
        case.add_property(Property::new(texts.get("location"), texts.get(&r.location)));
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
    let mut texts = Texts::default();
    for s in &report.subjects {
        let name = s.info.name.as_str();
        junit.add_test_suite(cases_suite(
            name,
            Some(&s.info),
            report
                .cases
                .iter()
                .filter(|(n, _)| n == name)
                .map(|(_, r)| r),
            &mut texts,
        ));
    }
    let mut classes = TestSuite::new(CLASSES_SUITE);
    let mut names = Names::default();
    let mut texts = Texts::default();
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
            let answer = super::brief(&c.answer, c.signature.class);
            let reference = super::brief(&c.reference_answer, c.signature.class);
            let mut see = c.diff.clone().unwrap_or_default();
            if let Some(r) = &c.reproduce {
                see.push('\n');
                see.push_str(r);
            }
            let mut s = failure(
                &format!(
                    "{}: answers {answer}, its reference ({}) answers {reference} ({} inputs)",
                    c.severity.name(),
                    c.reference,
                    c.count
                ),
                see.trim(),
            );
            s.set_type(c.signature.class.name());
            s
        };
        let mut case = TestCase::new(names.unique(name), status);
        case.set_classname(texts.get(&subject));
        case.add_property(Property::new(texts.get("key"), c.key.as_str()));
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
    let mut texts = Texts::default();
    for name in subjects {
        junit.add_test_suite(cases_suite(
            name,
            None,
            all.iter().filter(|(s, _)| s == name).map(|(_, r)| r),
            &mut texts,
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
/// let header = Header { uridiff: "uridiff 1".into(), digests: None, seed: 1, count: 0,
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

/// Writes the JUnit XML of a run that stopped before its verdict (`uridiff check` exiting 2):
/// one test suite named after the command with one test case, errored (JUnit's `<error>`: the
/// test could not run, as against `<failure>`, a test that ran and found a problem), its message
/// the reason. A test dashboard then shows the gate as broken, not as passed with no test.
///
/// # Errors
///
/// The writer's.
///
/// ```
/// let mut out = Vec::new();
/// uridiff::report::junit::write_failed("check", "x: cannot start", &mut out).unwrap();
/// let xml = String::from_utf8(out).unwrap();
/// assert!(xml.contains(r#"errors="1""#));
/// assert!(xml.contains(r#"<error message="x: cannot start""#));
/// ```
pub fn write_failed(command: &str, reason: &str, out: &mut impl Write) -> io::Result<()> {
    let name = format!("uridiff {command}");
    let mut junit = Junit::new(name.as_str());
    let mut suite = TestSuite::new(name.as_str());
    let mut status = TestCaseStatus::non_success(NonSuccessKind::Error);
    status.set_message(reason).set_type("exit 2");
    let mut case = TestCase::new(format!("{name} ran to its verdict"), status);
    case.set_classname("uridiff");
    suite.add_test_case(case);
    junit.add_test_suite(suite);
    serialize(&junit, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_text_is_the_xml_string_made_of_it_anew() {
        let mut texts = Texts::default();
        for text in ["id", "a\u{1b}[31mred\u{1b}[0m\u{7}", "id"] {
            let x = texts.get(text);
            assert_eq!(x, XmlString::new(text), "{text:?}");
            assert_eq!(texts.get(text), x);
        }
        assert_eq!(texts.get("a\u{1b}[31mred\u{1b}[0m").as_str(), "ared");
        assert_eq!(texts.0.len(), 3);
    }
    use crate::suite::{Field, Mismatch};

    fn info(name: &str) -> SubjectInfo {
        crate::subjects::in_process()
            .into_iter()
            .find(|s| s.info().name == name)
            .map(|s| s.info().clone())
            .expect("an in-process subject")
    }

    fn failed_case(label: &str, edition: Edition) -> CaseResult {
        CaseResult {
            id: format!("{}/parse/{label}", edition.id()),
            location: "x.yaml#1".into(),
            line: Some(1),
            label: label.into(),
            section: None,
            edition,
            erratum: false,
            expected: Some("host \"a\"".into()),
            status: Status::Failed(vec![Mismatch {
                field: Field::Outcome,
                expected: "valid".into(),
                got: "invalid".into(),
            }]),
        }
    }

    /// The XML of one subject's cases, read back: (test name, skipped?, failed?, message).
    fn statuses(
        info: Option<&SubjectInfo>,
        cases: &[CaseResult],
    ) -> Vec<(String, bool, bool, String)> {
        let mut junit = Junit::new("t");
        junit.add_test_suite(cases_suite("s", info, cases.iter(), &mut Texts::default()));
        let mut out = Vec::new();
        serialize(&junit, &mut out).expect("serializes");
        let back = Junit::deserialize_from_str(std::str::from_utf8(&out).expect("UTF-8"))
            .expect("reads back");
        back.test_suites[0]
            .test_cases
            .iter()
            .map(|c| match &c.status {
                TestCaseStatus::Skipped { message, .. } => (
                    c.name.as_str().to_owned(),
                    true,
                    false,
                    message
                        .as_ref()
                        .map(|m| m.as_str().to_owned())
                        .unwrap_or_default(),
                ),
                TestCaseStatus::NonSuccess { message, .. } => (
                    c.name.as_str().to_owned(),
                    false,
                    true,
                    message
                        .as_ref()
                        .map(|m| m.as_str().to_owned())
                        .unwrap_or_default(),
                ),
                _ => (c.name.as_str().to_owned(), false, false, String::new()),
            })
            .collect()
    }

    #[test]
    fn an_unclaimed_older_edition_is_skipped_and_a_claimed_one_still_fails() {
        let cases = [
            failed_case("parse \"old\"", Edition::UriUrl06),
            failed_case("parse \"new\"", Edition::Rfc3986),
        ];
        // fluent-uri claims RFC 3986 only: the 1994 draft's case is skipped, saying why and
        // what it would have said; the RFC 3986 case fails.
        let got = statuses(Some(&info("fluent-uri")), &cases);
        let (name, skipped, failed, message) = &got[0];
        assert_eq!(name, "parse \"old\"");
        assert!(*skipped && !*failed, "{got:?}");
        assert!(
            message.contains("fluent-uri")
                && message.contains("claims rfc3986")
                && message.contains("draft-ietf-uri-url-06")
                && message.contains("would fail: outcome: expected valid, got invalid"),
            "{message}"
        );
        assert!(!got[1].1 && got[1].2, "{got:?}");
        // impl speaks every edition: both cases fail.
        let got = statuses(Some(&info("impl")), &cases);
        assert!(got.iter().all(|(_, s, f, _)| !s && *f), "{got:?}");
        // A WHATWG parser claims no edition of the RFC line: the old case is skipped, the RFC
        // 3986 one judged.
        let got = statuses(Some(&info("url")), &cases);
        assert!(
            got[0].1 && got[0].3.contains("no edition of the RFC line"),
            "{got:?}"
        );
        assert!(got[1].2, "{got:?}");
        // Without a declaration (`uridiff suite --junit`) nothing is skipped.
        let got = statuses(None, &cases);
        assert!(got.iter().all(|(_, s, f, _)| !s && *f), "{got:?}");
    }

    #[test]
    fn java_uri_s_profile_claims_rfc_2396_s_draft() {
        // A subject of the rfc2396 profile with no editions of its own: its reference edition.
        let mut i = info("fluent-uri");
        i.profile = "rfc2396".into();
        assert_eq!(claimed_editions(&i), Some(vec![Edition::UriSyntax02]));
        assert_eq!(unclaimed(&i, Edition::UriSyntax02), None);
        assert!(unclaimed(&i, Edition::UrlSyntax00).is_some());
        i.profile = "no-such-profile".into();
        assert_eq!(claimed_editions(&i), None);
        assert_eq!(unclaimed(&i, Edition::UriUrl06), None);
    }

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
