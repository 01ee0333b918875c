//! The case of uri-js's reading of `http://a:b` (src/engine/profile/fast_uri.rs), a whole
//! reading and its serialization at once, which an example does not express: played by a double
//! answering as `node -e` does with uri-js 4.4.1. (The other rules of that fix are the rules'
//! own examples.)

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::{Component, Outcome, Parsed};
use uridiff::subjects::Subject;

use super::{fired, plays};

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
        // uri-js's serialize writes "http://a/b": the re-read path "/b".
        (
            plays("node-uri-js", "rfc3986", Edition::Rfc3986, |i, o| {
                uri_js_reading(i, o, "http://a/b")
            }),
            "http://a:b",
        ),
    ]
}

#[test]
fn fa_rules_fire_on_the_libraries_answers() {
    for (subject, input) in cases() {
        assert!(!fired(subject, input).is_empty(), "{input}: no rule fired");
    }
}
