//! The cases of the rules the sweep of `node-url-parse`'s and `node-urijs`'s unexplained classes
//! added (src/engine/profile/url_parse.rs, src/engine/profile/urijs.rs): each library played by a double that answers as the
//! reference does with the one behaviour its source documents.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::model::Component;
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, set};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        // index.js, `ignore = { hash: 1, query: 1 }`: the base's query is not inherited.
        (
            resolves("node-url-parse", "url-parse", |_, _| "coap://a/p".into()),
            "resolve:|coap://a/p?q",
        ),
        // index.js: "Default to a / for pathname if none exists" (special schemes).
        (
            plays("node-url-parse", "url-parse", Edition::Rfc3986, |_, o| {
                set(Component::Path, Some("/"))(o)
            }),
            "ftp://",
        ),
    ]
}

#[test]
fn url_parse_rules_reproduce_only_the_documented_answer() {
    // The base's query kept but the path changed: no documented behaviour.
    let wrong = resolves("node-url-parse", "url-parse", |_, _| "coap://a/".into());
    assert!(fired(wrong, "resolve:|coap://a/p?q").is_empty());
    // A reference with its own path never borrows the query: RFC 3986 drops it too, and a
    // subject that keeps it deviates without a rule.
    let keeps = resolves("node-url-parse", "url-parse", |_, _| "coap://a/x?q".into());
    assert!(fired(keeps, "resolve:x|coap://a/p?q").is_empty());
    // "/" prefixed to the path of a scheme url-parse does not call special: not this rule.
    let coap = plays("node-url-parse", "url-parse", Edition::Rfc3986, |_, o| {
        set(Component::Path, Some("/"))(o)
    });
    assert!(fired(coap, "coap://").is_empty());
}
