//! The cases of the rules the fix of fast-uri's and uri-js's false alarms (audit/sweep2-fast-uri-family.md) widened
//! or added in src/engine/profile/fast_uri.rs: each library played by a double answering as
//! `node -e` does with fast-uri 4.2.3 and uri-js 4.4.1, and one-step-off answers kept
//! unexplained.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{accepted, fired, normalizes_as, plays};

/// uri-js's `parse("http://a:b")` (host "a", port "", path "b") serialized as `written`; any
/// other input read as the reference reads it.
fn uri_js_reading(input: &[u8], o: Outcome<Parsed>, written: &str) -> Outcome<Parsed> {
    if input != b"http://a:b" {
        return o;
    }
    let mut p = Parsed::default();
    p.components.set(Component::Scheme, Some("http"));
    p.components.set(Component::Host, Some("a"));
    p.components.set(Component::Port, Some(""));
    p.components.set(Component::Path, Some("b"));
    p.serialization = Some(written.to_owned());
    Outcome::Accepted(p)
}

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        // `fast-uri.parse(":")` has no error; serialize writes "%3A".
        (
            plays("node-fast-uri", "rfc3986", Edition::Rfc3986, accepted),
            ":",
        ),
        // `fast-uri.normalize("http://%c3%aE")` is "http://xn--fda/".
        (
            normalizes_as("node-fast-uri", "rfc3986", |_| "http://xn--fda/".into()),
            "normalize:http://%c3%aE",
        ),
        // `uri-js.normalize("http://%c3%aE")` is "http://xn--fda/".
        (
            normalizes_as("node-uri-js", "rfc3986", |_| "http://xn--fda/".into()),
            "normalize:http://%c3%aE",
        ),
        // uri-js's serialize writes "http://a/b": the re-read path "/b".
        (
            plays("node-uri-js", "rfc3986", Edition::Rfc3986, |i, o| {
                uri_js_reading(i, o, "http://a/b")
            }),
            "http://a:b",
        ),
        // Both give "ws://" for "ws://:#": the empty port and the ws fragment dropped.
        (
            normalizes_as("node-fast-uri", "rfc3986", |_| "ws://".into()),
            "normalize:ws://:#",
        ),
    ]
}

#[test]
fn fa_rules_fire_on_the_libraries_answers() {
    for (subject, input) in cases() {
        assert!(!fired(subject, input).is_empty(), "{input}: no rule fired");
    }
}

/// One step off each answer: a first-segment ":" before a byte the encoding leaves, another
/// IDNA label, the empty port kept.
#[test]
fn fa_rules_leave_other_answers_unexplained() {
    let cases: Vec<(Arc<dyn Subject>, &str)> = vec![
        (
            plays("node-fast-uri", "rfc3986", Edition::Rfc3986, accepted),
            ":%",
        ),
        (
            normalizes_as("node-fast-uri", "rfc3986", |_| "http://xn--fdb/".into()),
            "normalize:http://%c3%aE",
        ),
        (
            normalizes_as("node-uri-js", "rfc3986", |_| "http://xn--fda".into()),
            "normalize:foo://%c3%aE",
        ),
        (
            normalizes_as("node-fast-uri", "rfc3986", |_| "ws://:".into()),
            "normalize:ws://:#",
        ),
    ];
    for (subject, input) in cases {
        assert_eq!(fired(subject, input), Vec::<String>::new(), "{input}");
    }
}
