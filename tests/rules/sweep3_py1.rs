//! The cases of the rules the third sweep of the `rfc3986` package's, hyperlink's and furl's
//! unexplained classes added or widened: each library's documented answer, played by a double,
//! and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{always_equal, fired, normalizes_as, plays, rejected, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (rfc3986_backslash(true), "o://a\\b"),
        (rfc3986_refuses(), "//1.2.3.256"),
        (
            normalizes_as("python-rfc3986", "rfc3986", |_| String::new()),
            "normalize:.",
        ),
        (always_equal("python-rfc3986", "rfc3986"), "equivalent:.|"),
        (furl_split_path("%5C%2522"), "http:\\%22"),
        (
            normalizes_as("python-hyperlink", "python-hyperlink", |_| String::new()),
            "normalize:a/..",
        ),
    ]
}

/// The `rfc3986` package on `o://a\b`: the authority ended at the backslash (release notes
/// 1.4.0), the rest the path, percent-encoded (`%5Cb`) when `encoded`, else as written.
fn rfc3986_backslash(encoded: bool) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = if encoded {
        |input, _| ended_at_backslash(input, "%5Cb")
    } else {
        |input, _| ended_at_backslash(input, "\\b")
    };
    plays("python-rfc3986", "rfc3986", Edition::Rfc3986, change)
}

fn ended_at_backslash(input: &[u8], path: &'static str) -> Outcome<Parsed> {
    split_with(
        input,
        &[
            (Component::Authority, Some("a")),
            (Component::Host, Some("a")),
            (Component::Path, Some(path)),
        ],
    )
}

/// The `rfc3986` package played as a refusal of every input.
fn rfc3986_refuses() -> Arc<dyn Subject> {
    plays("python-rfc3986", "rfc3986", Edition::Rfc3986, |_, _| {
        rejected()
    })
}

/// furl on an input RFC 3986 rejects: RFC 3986's split (no netloc without "//"), its path
/// written as `path`.
fn furl_split_path(path: &'static str) -> Arc<dyn Subject> {
    let change: fn(&[u8], Outcome<Parsed>) -> Outcome<Parsed> = match path {
        "%5C%2522" => |input, _| split_with(input, &[(Component::Path, Some("%5C%2522"))]),
        "/%2520%02" => |input, _| split_with(input, &[(Component::Path, Some("/%2520%02"))]),
        _ => |input, _| split_with(input, &[(Component::Path, Some("/%5C%2522"))]),
    };
    plays("python-furl", "python-furl", Edition::Rfc3986, change)
}

/// Whether some finding of `subject` on the parse of `input` about what it read is left
/// unexplained. Its acceptance itself is not looked at: a double decides validity, and what a
/// library accepts that RFC 3986 rejects is a class of its own (too lax).
fn unexplained(subject: Arc<dyn Subject>, input: &str) -> bool {
    let engine = Engine::new(vec![subject]);
    let found = engine.findings(&engine.run_one(&Task::parse(input.as_bytes().to_vec(), "t")));
    found
        .iter()
        .any(|f| f.rule.is_none() && f.signature.class != Class::TooLax)
}

#[test]
fn rfc3986_ends_the_authority_at_a_backslash_and_encodes_the_rest() {
    let rules = fired(rfc3986_backslash(true), "o://a\\b");
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-rfc3986: the authority ends at the first backslash")),
        "{rules:?}"
    );
    assert!(!unexplained(rfc3986_backslash(true), "o://a\\b"));
    // One step off: the backslash moved to the path but not percent-encoded.
    assert!(unexplained(rfc3986_backslash(false), "o://a\\b"));
}

#[test]
fn rfc3986_refuses_an_ipv4_like_host_above_255_only() {
    let rules = fired(rfc3986_refuses(), "//1.2.3.256");
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert!(
        rules[0].starts_with("python-rfc3986: a host of four dotted numbers"),
        "{rules:?}"
    );
    // One step off: 1.2.3.255 is an IPv4 address the package takes; refusing it is a finding.
    assert!(fired(rfc3986_refuses(), "//1.2.3.255").is_empty());
    assert!(unexplained(rfc3986_refuses(), "//1.2.3.255"));
    assert!(fired(rfc3986_refuses(), "//1.2.3.4567").is_empty());
    // Nor is a refusal a six-digit port explains as well.
    assert!(fired(rfc3986_refuses(), "//1.2.3.256:109300").is_empty());
}

#[test]
fn rfc3986_normalizes_a_relative_reference_s_dots_but_not_into_a_scheme() {
    let rules = fired(
        normalizes_as("python-rfc3986", "rfc3986", |_| String::new()),
        "normalize:.",
    );
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-rfc3986: normalize, and so equality")),
        "{rules:?}"
    );
    // One step off: RFC 3986 5.2.4 gives "/" for "a/..", so "" (another dot algorithm's
    // answer) is a finding.
    let other = normalizes_as("python-rfc3986", "rfc3986", |_| String::new());
    let rules = fired(other, "normalize:a/..");
    assert!(rules.is_empty(), "{rules:?}");
    // Nor is every pair equal: "a" and "b" normalize apart.
    assert!(fired(always_equal("python-rfc3986", "rfc3986"), "equivalent:a|b").is_empty());
}

#[test]
fn furl_encodes_the_path_urlsplit_gives_on_a_rejected_input() {
    let rules = fired(furl_split_path("%5C%2522"), "http:\\%22");
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-furl: on an input RFC 3986 rejects")),
        "{rules:?}"
    );
    assert!(!unexplained(furl_split_path("%5C%2522"), "http:\\%22"));
    assert!(!unexplained(
        furl_split_path("/%2520%02"),
        "http://p/%20\u{2}"
    ));
    // One step off: a "/" in front, as if the URL Standard had read the backslash.
    assert!(unexplained(furl_split_path("other"), "http:\\%22"));
}

#[test]
fn hyperlink_resolves_a_relative_path_s_dots_segment_by_segment() {
    let rules = fired(
        normalizes_as("python-hyperlink", "python-hyperlink", |_| String::new()),
        "normalize:a/..",
    );
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-hyperlink: normalize keeps no empty authority")),
        "{rules:?}"
    );
    // One step off: RFC 3986 5.2.4's string algorithm gives "/", which hyperlink does not.
    let rooted = normalizes_as("python-hyperlink", "python-hyperlink", |_| "/".into());
    assert!(fired(rooted, "normalize:a/..").is_empty());
}
