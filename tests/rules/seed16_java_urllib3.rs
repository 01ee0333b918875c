//! The cases of the rules the seed-16 audit's misses in java.net.URI's and urllib3's classes
//! led to: a resolved URI's port written as an integer and an empty reference resolved by
//! `URI.resolve`'s javadoc steps (java.net.URI), and a text without urllib3's own scheme read as
//! an authority. Each library is played by a double answering as the library printed (Java 17,
//! urllib3 2.8.0); the answers one step off stay unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, set};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(urllib3(), "A.:")]
}

/// urllib3 2.8.0's `parse_url`: `A.:` is the host `a.` with no port (its empty port is None),
/// `google.com:80` the host `google.com` and the port 80, neither with a scheme or a path;
/// every other input as RFC 3986 reads it.
fn urllib3_reads(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let (authority, host, port) = match input {
        b"A.:" => ("a.", "a.", None),
        b"google.com:80" => ("google.com:80", "google.com", Some("80")),
        _ => return o,
    };
    let o = set(Component::Scheme, None)(o);
    let o = set(Component::Authority, Some(authority))(o);
    let o = set(Component::Host, Some(host))(o);
    let o = set(Component::Port, port)(o);
    set(Component::Path, None)(o)
}

/// The same reading one step off: the host's trailing "." dropped, or the port not an integer
/// read from the text.
fn urllib3_off(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    let o = urllib3_reads(input, o);
    match input {
        b"A.:" => set(Component::Host, Some("a"))(o),
        b"google.com:80" => set(Component::Port, Some("8"))(o),
        _ => o,
    }
}

fn urllib3() -> Arc<dyn Subject> {
    plays(
        "python-urllib3",
        "python-urllib3",
        Edition::Rfc3986,
        urllib3_reads,
    )
}

/// How many of the findings of `subject` on `input` (a parse) no rule explains.
fn unexplained(subject: Arc<dyn Subject>, input: &[u8]) -> usize {
    let engine = Engine::new(vec![subject]);
    let row = engine.run_one(&Task::parse(input.to_vec(), "rules"));
    let findings = engine.findings(&row);
    assert!(!findings.is_empty(), "no difference at all");
    findings.iter().filter(|f| f.rule.is_none()).count()
}

const AUTHORITY_FIRST: &str = "python-urllib3: a text without a scheme is read as an authority first (parse_url's example: \"google.com:80\")";

#[test]
fn urllib3_reads_a_scheme_with_a_dot_as_a_host() {
    for input in ["A.:", "google.com:80"] {
        let rules = fired(urllib3(), input);
        assert!(
            rules.iter().any(|r| r == AUTHORITY_FIRST),
            "{input}: {rules:?}"
        );
        assert_eq!(unexplained(urllib3(), input.as_bytes()), 0, "{input}");
        let off = plays(
            "python-urllib3",
            "python-urllib3",
            Edition::Rfc3986,
            urllib3_off,
        );
        assert!(unexplained(off, input.as_bytes()) > 0, "{input}");
    }
}
