//! The cases of the rules the seed-16 audit's misses in java.net.URI's and urllib3's classes
//! led to: a resolved URI's port written as an integer and an empty reference resolved by
//! `URI.resolve`'s javadoc steps (java.net.URI), and a text without urllib3's own scheme read as
//! an authority. Each library is played by a double answering as the library printed (Java 17,
//! urllib3 2.8.0); the answers one step off stay unexplained.

use std::sync::Arc;

use uri_spec::{Edition, Resolver};
use uridiff::engine::{Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, set};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (java(), "resolve://M:08|http://app.photos.org:9090"),
        (
            java(),
            "resolve:|coap://auth.openlibrary.org:8080/api?id=profile",
        ),
        (urllib3(), "A.:"),
    ]
}

/// Java 17's `new URI(base).resolve(new URI(reference))`, as it printed them; RFC 2396's
/// target elsewhere.
fn java17(base: &[u8], reference: &[u8]) -> String {
    let printed = match (base, reference) {
        (b"http://app.photos.org:9090", b"//M:08") => "http://M:8",
        (b"http://app.photos.org:9090", b"//user@AUTH.CONTOSO.COM:080/..") => {
            "http://user@AUTH.CONTOSO.COM:80/.."
        }
        (b"http://h:080/a", b"b") => "http://h:80/b",
        (b"coap://auth.openlibrary.org:8080/api?id=profile", b"") => {
            "coap://auth.openlibrary.org:8080/"
        }
        (b"http://a/b/./c/../d/e?x#f", b"") => "http://a/b/d/",
        (b"http://h:080/a?q", b"") => "http://h:80/",
        (b"http://a/?q", b"") => "http://a/",
        _ => return rfc2396(base, reference),
    };
    printed.into()
}

/// One step off each of Java's answers: the host lowercased too, the digits of the port
/// changed, the base's query kept, the last segment kept, a "/" added.
fn java_off(base: &[u8], reference: &[u8]) -> String {
    let off = match (base, reference) {
        (b"http://app.photos.org:9090", b"//M:08") => "http://m:8",
        (b"http://app.photos.org:9090", b"//user@AUTH.CONTOSO.COM:080/..") => {
            "http://user@AUTH.CONTOSO.COM:8/.."
        }
        (b"http://h:080/a", b"b") => "http://h:080/b/",
        (b"coap://auth.openlibrary.org:8080/api?id=profile", b"") => {
            "coap://auth.openlibrary.org:8080/?id=profile"
        }
        (b"http://a/b/./c/../d/e?x#f", b"") => "http://a/b/d/e",
        (b"http://h:080/a?q", b"") => "http://h:080/",
        (b"http://a/?q", b"") => "http://a",
        _ => return rfc2396(base, reference),
    };
    off.into()
}

fn rfc2396(base: &[u8], reference: &[u8]) -> String {
    Resolver::new()
        .edition(Edition::UriSyntax02)
        .resolve(base, reference)
        .unwrap_or_default()
}

fn java() -> Arc<dyn Subject> {
    resolves("java-uri", "rfc2396", java17)
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

const PORT_INT: &str = "java-uri: a resolved URI's port is written as the integer it is (URI.toString: a URI created by resolution is \"constructed from this URI's components\"; URI.getPort: \"the port component of this URI\")";

const EMPTY_REFERENCE: &str = "java-uri: an empty reference resolves to the base's path up to its last \"/\", normalized, without query or fragment (URI.resolve: only a \"standalone fragment reference\" keeps the base; otherwise \"concatenating all but the last segment of this URI's path, if any, with the given URI's path and then normalizing the result\")";

const AUTHORITY_FIRST: &str = "python-urllib3: a text without a scheme is read as an authority first (parse_url's example: \"google.com:80\")";

#[test]
fn java_writes_a_resolved_port_as_an_integer() {
    for job in [
        "resolve://M:08|http://app.photos.org:9090",
        "resolve://user@AUTH.CONTOSO.COM:080/..|http://app.photos.org:9090",
        // The base's port, inherited.
        "resolve:b|http://h:080/a",
    ] {
        assert_eq!(fired(java(), job), vec![PORT_INT], "{job}");
        assert!(
            fired(resolves("java-uri", "rfc2396", java_off), job).is_empty(),
            "{job}"
        );
    }
}

#[test]
fn java_resolves_an_empty_reference_to_the_base_directory() {
    for job in [
        "resolve:|coap://auth.openlibrary.org:8080/api?id=profile",
        "resolve:|http://a/b/./c/../d/e?x#f",
        // With the port as an integer, and without a path.
        "resolve:|http://h:080/a?q",
        "resolve:|http://a/?q",
    ] {
        assert_eq!(fired(java(), job), vec![EMPTY_REFERENCE], "{job}");
        assert!(
            fired(resolves("java-uri", "rfc2396", java_off), job).is_empty(),
            "{job}"
        );
    }
}

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
