//! The cases of the rules the sweep of node-legacy-url's, URI.js's, Node's URL, OkHttp's and
//! java.net.URI's unexplained classes added: each library's documented answer, played by a
//! double, and an answer one step off that stays a finding.

use std::sync::Arc;

use uri_spec::Edition;
use uridiff::subjects::Subject;

use super::{fired, plays, resolves, split_with};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (
            resolves("node-legacy-url", "node-legacy-url", |_, _| {
                "http://a/b/c/%27".into()
            }),
            "resolve:'|http://a/b/c/d;p?q",
        ),
        (legacy_trims(), "o://:8 "),
        (legacy_slashes(), "a:\\"),
    ]
}

/// url.parse: the lenient split of the input with its leading and trailing C0 controls and
/// spaces trimmed.
fn legacy_trims() -> Arc<dyn Subject> {
    plays(
        "node-legacy-url",
        "node-legacy-url",
        Edition::Rfc3986,
        |input, _| split_with(input.trim_ascii(), &[]),
    )
}

/// url.parse: the lenient split of the input with every backslash read as "/" (where Node
/// reads only those before the query so).
fn legacy_slashes() -> Arc<dyn Subject> {
    plays(
        "node-legacy-url",
        "node-legacy-url",
        Edition::Rfc3986,
        |input, _| {
            let read: Vec<u8> = input
                .iter()
                .map(|&b| if b == b'\\' { b'/' } else { b })
                .collect();
            split_with(&read, &[])
        },
    )
}

#[test]
fn each_rule_fires_on_its_answer_and_not_one_step_off() {
    let fires = |subject: Arc<dyn Subject>, job: &str, id_part: &str| {
        fired(subject, job).iter().any(|r| r.contains(id_part))
    };
    let escaped = "percent-encoded in a resolved URL's path, query and fragment";
    let legacy = |off: bool| {
        resolves(
            "node-legacy-url",
            "node-legacy-url",
            if off {
                |_, _| "http://a/b/c/%2527".into()
            } else {
                |_, _| "http://a/b/c/%27".into()
            },
        )
    };
    assert!(fires(
        legacy(false),
        "resolve:'|http://a/b/c/d;p?q",
        escaped
    ));
    // One step off: the escape escaped again.
    assert!(!fires(
        legacy(true),
        "resolve:'|http://a/b/c/d;p?q",
        escaped
    ));

    let trimmed = "trimmed before the input is read";
    assert!(fires(legacy_trims(), "o://:8 ", trimmed));
    assert!(fires(legacy_trims(), "p:\n", trimmed));
    // One step off: the trailing space kept, escaped, in the path.
    let keeps = plays(
        "node-legacy-url",
        "node-legacy-url",
        Edition::Rfc3986,
        |_, _| split_with(b"o://h/x%20", &[]),
    );
    assert!(!fires(keeps, "o://h/x ", trimmed));

    let slash = "a backslash before the query";
    assert!(fires(legacy_slashes(), "a:\\", slash));
    assert!(fires(legacy_slashes(), "o://h/a\\b", slash));
    // One step off: a backslash in the query read as "/" (Node escapes it there).
    assert!(!fires(legacy_slashes(), "o://h/x?a\\b", slash));
}
