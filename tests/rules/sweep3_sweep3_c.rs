//! The cases of the rules the third sweep of libwget's, libcurl's, Boost.URL's, uriparser's
//! and PHP's unexplained classes added that an example does not express (libwget's whole
//! reading of a scheme-less input, a rule's owner): each library's documented answer, played by
//! a double, and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, normalizes_as, plays};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(wget_reads_as_http(), "\u{1}http://[::]")]
}

/// Boost.URL's dot-segment rule is Boost's own (its examples): the same answer from another
/// library is no documented behaviour.
#[test]
fn boost_url_dot_rule_is_boosts_alone() {
    let other = normalizes_as("c-uriparser", "rfc3986", |_| String::new());
    assert!(fired(other, "normalize:.").is_empty());
}

/// libwget on an input with no scheme its documented reading finds: `http://` and the input,
/// split where RFC 3986 Appendix B splits it (`\x01http://[::]`: host `\x01http`, path
/// `//[::]`, run here with libwget 1.99.1).
fn wget_reads_as_http() -> Arc<dyn Subject> {
    plays("c-libwget", "libwget", Edition::Rfc3986, |input, _| {
        let read = format!("http://{}", String::from_utf8_lossy(input));
        Outcome::Accepted(Parsed::from(uridiff::subjects::lenient::split(&read)))
    })
}

/// The same reading one step off: the leading control dropped from the host.
fn wget_drops_the_control() -> Arc<dyn Subject> {
    plays("c-libwget", "libwget", Edition::Rfc3986, |input, _| {
        let read = format!("http://{}", String::from_utf8_lossy(input));
        let mut c = uridiff::subjects::lenient::split(&read);
        c.set(Component::Host, Some("http"));
        Outcome::Accepted(Parsed::from(c))
    })
}

const WGET_SCHEMELESS: &str = "libwget: a URL without a scheme is read as HTTP, and every \"/\" after the scheme skipped (wget2(1), --https-enforce=none: \"Use HTTP for URLs without scheme\"; iri.c: \"accept any number of /\")";

/// The findings of `subject` on `input` that judge a component against the lenient reading
/// (the input is no RFC 3986 URI; libwget's worker decides no validity, the double does), and
/// whether a rule explains each.
fn lenient_findings(subject: Arc<dyn Subject>, input: &[u8]) -> Vec<bool> {
    let engine = Engine::new(vec![subject]);
    let found = engine.findings(&engine.run_one(&Task::parse(input.to_vec(), "t")));
    found
        .iter()
        .filter(|f| matches!(f.signature.class, Class::Lenient(_)))
        .map(|f| f.rule.is_some())
        .collect()
}

#[test]
fn libwget_reads_a_leading_control_into_the_http_host() {
    let rules = fired(wget_reads_as_http(), "\u{1}http://[::]");
    assert!(rules.contains(&WGET_SCHEMELESS.to_owned()), "{rules:?}");
    // Host and path, both read as libwget documents.
    let judged = lenient_findings(wget_reads_as_http(), b"\x01http://[::]");
    assert_eq!(judged, [true, true]);
    // One step off: the control dropped from the host is no documented reading.
    let judged = lenient_findings(wget_drops_the_control(), b"\x01http://[::]");
    assert!(judged.contains(&false), "{judged:?}");
}
