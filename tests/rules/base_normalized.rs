//! The case of the rule every profile shares for a base normalized before resolution (RFC 3986
//! 5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is
//! optional"): Node's legacy `url.resolve` drops the base's `.` segment; played by a double,
//! with one-step-off answers that stay unexplained.

use std::sync::Arc;

use uridiff::subjects::Subject;

use super::{fired, resolves};

const JOB: &str = "resolve:#|coap://app.example.info/~u/x/.?";

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![(legacy_base_dotless(), JOB)]
}

/// Node's `url.resolve("coap://app.example.info/~u/x/.?", "#")`, as run here:
/// `coap://app.example.info/~u/x/?#`.
fn legacy_base_dotless() -> Arc<dyn Subject> {
    resolves("node-legacy-url", "node-legacy-url", |_, _| {
        "coap://app.example.info/~u/x/?#".into()
    })
}

const BASE_DOTLESS: &str = "any profile: resolved against the base with its dot-segments removed (RFC 3986 5.2.1: \"Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is optional\"; 6.2.2.3: path segment normalization)";

#[test]
fn a_base_whose_dot_segments_are_removed_first_is_by_design() {
    let rules = fired(legacy_base_dotless(), JOB);
    assert_eq!(rules, vec![BASE_DOTLESS], "{rules:?}");
    // One step off: a "." segment removed with its parent is no normalization of the base.
    let wrong = resolves("node-legacy-url", "node-legacy-url", |_, _| {
        "coap://app.example.info/~u/?#".into()
    });
    assert!(fired(wrong, JOB).is_empty());
    // Nor is a base that had no dot-segment to remove.
    let plain = resolves("node-legacy-url", "node-legacy-url", |_, _| {
        "coap://app.example.info/~u/?#".into()
    });
    assert!(fired(plain, "resolve:#|coap://app.example.info/~u/x/?").is_empty());
}
