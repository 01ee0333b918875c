//! The cases of the rules widened by the fix of the false alarms the seed-14 audit found in
//! urllib3's, and the earlier sweep left in hyperlink's, unexplained classes: each library
//! played by a double that answers as the library does (its answers printed by the library
//! itself), and the answers one step off, which stay unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::engine::{Class, Engine, Task};
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, normalizes_as, plays, resolves, set};

/// urllib3 2.8.0's `parse_url("@@")`: the authority `%40@` (the userinfo `@` percent-encoded,
/// split at the last "@"), the host `''`, no path; every other input as the reference reads it.
fn urllib3_at_at(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    urllib3_reads(input, o, "%40@", "%40")
}

/// The same library were it to leave the userinfo's "@" unencoded: no documented behaviour.
fn urllib3_unencoded(input: &[u8], o: Outcome<Parsed>) -> Outcome<Parsed> {
    urllib3_reads(input, o, "@@", "@")
}

fn urllib3_reads(
    input: &[u8],
    o: Outcome<Parsed>,
    authority: &'static str,
    userinfo: &'static str,
) -> Outcome<Parsed> {
    if input != b"@@" {
        return o;
    }
    let o = set(Component::Authority, Some(authority))(o);
    let o = set(Component::Userinfo, Some(userinfo))(o);
    let o = set(Component::Host, Some(""))(o);
    set(Component::Path, None)(o)
}

/// hyperlink 21.0's `URL.from_text("http://a/b/c/d;p?q").click("///")`: `http://a/`.
fn hyperlink_click(base: &[u8], reference: &[u8]) -> String {
    match (base, reference) {
        (b"http://a/b/c/d;p?q", b"///") => "http://a/".into(),
        _ => uri_spec::resolve(base, reference).unwrap_or_default(),
    }
}

/// The same click were it to keep the empty path after the empty authority ("//").
fn hyperlink_click_off(base: &[u8], reference: &[u8]) -> String {
    match (base, reference) {
        (b"http://a/b/c/d;p?q", b"///") => "http://a//".into(),
        _ => uri_spec::resolve(base, reference).unwrap_or_default(),
    }
}

/// hyperlink 21.0's `URL.from_text("//:08").normalize().to_text()`: `//:8/`.
fn hyperlink_normalize(input: &[u8]) -> String {
    match input {
        b"//:08" => "//:8/".into(),
        _ => String::from_utf8_lossy(input).into_owned(),
    }
}

/// The same normalization with the port left as written: not the integer hyperlink holds.
fn hyperlink_normalize_off(input: &[u8]) -> String {
    match input {
        b"//:08" => "//:08/".into(),
        _ => String::from_utf8_lossy(input).into_owned(),
    }
}

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (
            plays(
                "python-urllib3",
                "python-urllib3",
                Edition::Rfc3986,
                urllib3_at_at,
            ),
            "@@",
        ),
        (
            resolves("python-hyperlink", "rfc3986", hyperlink_click),
            "resolve:///|http://a/b/c/d;p?q",
        ),
        (
            normalizes_as("python-hyperlink", "rfc3986", hyperlink_normalize),
            "normalize://:08",
        ),
    ]
}

/// The rule each finding of `subject` on `input` names, by class.
fn rules_by_class(subject: Arc<dyn Subject>, input: &[u8]) -> Vec<(Class, Option<String>)> {
    let engine = Engine::new(vec![subject]);
    let row = engine.run_one(&Task::parse(input.to_vec(), "rules"));
    engine
        .findings(&row)
        .into_iter()
        .map(|f| (f.signature.class, f.rule.map(|r| r.label())))
        .collect()
}

const AUTHORITY_FIRST: &str = "python-urllib3: a text without a scheme is read as an authority";

/// The engine reports the userinfo, host and path differences (the authority's is their
/// follow-on): each is explained, by the authority-first rule.
#[test]
fn urllib3_encodes_an_invalid_userinfo_read_as_an_authority() {
    let found = rules_by_class(
        plays(
            "python-urllib3",
            "python-urllib3",
            Edition::Rfc3986,
            urllib3_at_at,
        ),
        b"@@",
    );
    assert!(
        found
            .iter()
            .any(|(c, _)| *c == Class::Component(Component::Userinfo)),
        "{found:?}"
    );
    assert!(
        found
            .iter()
            .all(|(_, r)| r.as_deref().is_some_and(|r| r.starts_with(AUTHORITY_FIRST))),
        "{found:?}"
    );
}

/// The userinfo's "@" left as it is: a difference stays unexplained (the engine reports it as
/// the authority's).
#[test]
fn urllib3_userinfo_left_unencoded_stays_unexplained() {
    let found = rules_by_class(
        plays(
            "python-urllib3",
            "python-urllib3",
            Edition::Rfc3986,
            urllib3_unencoded,
        ),
        b"@@",
    );
    assert!(found.iter().any(|(_, r)| r.is_none()), "{found:?}");
}

#[test]
fn hyperlink_click_reads_an_empty_authority_as_none() {
    let rules = fired(
        resolves("python-hyperlink", "rfc3986", hyperlink_click),
        "resolve:///|http://a/b/c/d;p?q",
    );
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-hyperlink: click reads an empty authority as none")),
        "{rules:?}"
    );
    let off = fired(
        resolves("python-hyperlink", "rfc3986", hyperlink_click_off),
        "resolve:///|http://a/b/c/d;p?q",
    );
    assert!(off.is_empty(), "{off:?}");
}

#[test]
fn hyperlink_normalize_writes_the_port_as_its_number() {
    let rules = fired(
        normalizes_as("python-hyperlink", "rfc3986", hyperlink_normalize),
        "normalize://:08",
    );
    assert!(
        rules
            .iter()
            .any(|r| r.starts_with("python-hyperlink: normalize keeps no empty authority")),
        "{rules:?}"
    );
    let off = fired(
        normalizes_as("python-hyperlink", "rfc3986", hyperlink_normalize_off),
        "normalize://:08",
    );
    assert!(off.is_empty(), "{off:?}");
}
