//! The case of uriparse's rule of the sweep of java.net.URI's, uriparse's and the `rfc3986`
//! package's unexplained classes (the others are the rules' own examples): uriparse answering for
//! itself fires it, and explains no other answer.

use std::sync::Arc;

use uridiff::subjects::Subject;

use super::{fired, library};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        // uriparse itself: Path::normalize removes a relative reference's ".".
        (library("uriparse"), "normalize:."),
    ]
}

#[test]
fn uriparse_removes_only_the_dots_its_documentation_names() {
    let rules = fired(library("uriparse"), "normalize:.");
    assert!(
        rules.iter().any(|r| r.contains("Path::normalize")),
        "{rules:?}"
    );
    // A leading ".." it keeps: the same as the reference, nothing to explain.
    assert!(fired(library("uriparse"), "normalize:../a").is_empty());
}
