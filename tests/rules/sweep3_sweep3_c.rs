//! The cases of the rules the third sweep of libwget's, libcurl's, Boost.URL's, uriparser's
//! and PHP's unexplained classes added: each library's documented answer, played by a double,
//! and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, normalizes_as, plays, rejected, resolves, Resolves};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (boost_normalizes(|_| String::new()), "normalize:a/.."),
        (
            boost_resolves(|_, _| "http://a/b/c/%CD".into()),
            "resolve:%cd|http://a/b/c/d;p?q",
        ),
        (php_refuses(), "//"),
        (wget_refuses(), "?q"),
        (wget_reads_as_http(), "\u{1}http://[::]"),
    ]
}

/// Boost.URL's `url::normalize`, answering as `f` says.
fn boost_normalizes(f: fn(&[u8]) -> String) -> Arc<dyn Subject> {
    normalizes_as("cpp-boost-url", "rfc3986", f)
}

/// Boost.URL's `resolve`, answering as `f` says.
fn boost_resolves(f: Resolves) -> Arc<dyn Subject> {
    resolves("cpp-boost-url", "rfc3986", f)
}

const BOOST_DOTS: &str = "cpp-boost-url: normalize removes the redundant \".\" and \"..\" segments of a relative path too, a leading \"..\" kept (url_base::normalize_path: \"Redundant path-segments are removed\")";

const BOOST_RESOLVED_PATH: &str = "cpp-boost-url: resolve normalizes the target's path, percent-encodings uppercased and unreserved ones decoded (resolve: \"Normalize the merged path\"; normalize_path: \"Percent-encoding triplets are normalized to uppercase letters\")";

#[test]
fn boost_url_removes_a_relative_references_dot_segments() {
    // Boost 1.81 (run here): normalize of `.`, `a/..` and `%2E` gives "", of `./?q` gives
    // `?q`, of `a/../..` gives `..`; the reference keeps them (`.`, `a/..`, `../a/..`).
    for job in ["normalize:.", "normalize:a/..", "normalize:%2E"] {
        assert_eq!(
            fired(boost_normalizes(|_| String::new()), job),
            vec![BOOST_DOTS],
            "{job}"
        );
    }
    assert_eq!(
        fired(boost_normalizes(|_| "?q".into()), "normalize:./?q"),
        vec![BOOST_DOTS]
    );
    assert_eq!(
        fired(boost_normalizes(|_| "..".into()), "normalize:a/../.."),
        vec![BOOST_DOTS]
    );
}

#[test]
fn boost_url_dot_rule_stays_off_other_answers() {
    // One step off: a leading ".." dropped, a segment left before the "..", the query lost.
    assert!(fired(boost_normalizes(|_| String::new()), "normalize:a/../..").is_empty());
    assert!(fired(boost_normalizes(|_| "a".into()), "normalize:a/..").is_empty());
    assert!(fired(boost_normalizes(|_| String::new()), "normalize:./?q").is_empty());
    // Not Boost: the same answer from another library is no documented behaviour.
    let other = normalizes_as("c-uriparser", "rfc3986", |_| String::new());
    assert!(fired(other, "normalize:.").is_empty());
}

#[test]
fn boost_url_normalizes_a_resolved_path() {
    // Boost 1.81 (run here): `%cd` against `http://a/b/c/d;p?q` is `http://a/b/c/%CD`, and
    // `` against `http://a/%7e/%aa` is `http://a/~/%AA`.
    assert_eq!(
        fired(
            boost_resolves(|_, _| "http://a/b/c/%CD".into()),
            "resolve:%cd|http://a/b/c/d;p?q"
        ),
        vec![BOOST_RESOLVED_PATH]
    );
    assert_eq!(
        fired(
            boost_resolves(|_, _| "http://a/~/%AA".into()),
            "resolve:|http://a/%7e/%aa"
        ),
        vec![BOOST_RESOLVED_PATH]
    );
}

#[test]
fn boost_url_resolved_path_rule_stays_off_other_spellings() {
    // Half the triplet uppercased, or `%2f` decoded to a "/" (which Boost does, undocumented).
    let half = boost_resolves(|_, _| "http://a/b/c/%Cd".into());
    assert!(fired(half, "resolve:%cd|http://a/b/c/d;p?q").is_empty());
    let slash = boost_resolves(|_, _| "http://a/b/c//".into());
    assert!(fired(slash, "resolve:%2f|http://a/b/c/d;p?q").is_empty());
}

/// PHP's `parse_url`, returning false on everything.
fn php_refuses() -> Arc<dyn Subject> {
    plays(
        "php-parse-url",
        "php-parse-url",
        Edition::Rfc3986,
        |_, _| rejected(),
    )
}

const PHP_EMPTY_HOST: &str = "php-parse-url: an authority with an empty host is refused but in file:/// (parse_url's notes: triple slashes allowed for file:// only, \"For any other scheme this is invalid\")";

#[test]
fn php_refuses_an_empty_host_but_in_file_triple_slash() {
    // PHP 8.2.36 (run here): parse_url gives false on each of these.
    for input in ["//", "http:///x", "//@", "//:80", "a://", "file://", "//?q"] {
        assert_eq!(fired(php_refuses(), input), vec![PHP_EMPTY_HOST], "{input}");
    }
}

#[test]
fn php_empty_host_rule_stays_off_other_refusals() {
    // file:/// is the documented exception, and a host that is there is read.
    for input in ["file:///x", "FILE:///", "//a", "http://h/"] {
        assert!(fired(php_refuses(), input).is_empty(), "{input}");
    }
}

/// libwget's `wget_iri_parse`, returning NULL on everything.
fn wget_refuses() -> Arc<dyn Subject> {
    plays("c-libwget", "libwget", Edition::Rfc3986, |_, _| rejected())
}

const WGET_NO_HOST: &str = "libwget: an http or https URL with no host is refused (wget_iri_parse: \"Missing host/domain in URI\"; RFC 9110 4.2.1: \"MUST reject it as invalid\"), a URL without a scheme being read as HTTP";

#[test]
fn libwget_refuses_an_http_url_with_no_host() {
    // libwget 1.99.1 (run here): wget_iri_parse gives NULL on each of these (read as
    // `http://`, `http://?q`, `http://#f`, `https://`).
    for input in ["", "?q", "#f", "/", "//", "http:", "HTTP:/", "https:"] {
        assert_eq!(
            fired(wget_refuses(), input),
            vec![WGET_NO_HOST],
            "{input:?}"
        );
    }
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

#[test]
fn libwget_host_rule_stays_off_urls_with_a_host_or_another_scheme() {
    // `//@` has an empty host libwget keeps, `x` the host x; ftp and file need no host.
    for input in ["//@", "x", "ftp:", "file:", "a:", "//:80"] {
        assert!(fired(wget_refuses(), input).is_empty(), "{input:?}");
    }
}
