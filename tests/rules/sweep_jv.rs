//! The cases of the rules the sweep of java.net.URI's, uriparse's and the `rfc3986` package's
//! unexplained classes added: each fires through the comparison on the answer its library's
//! documentation gives, and explains no other answer.

use std::sync::Arc;

use uridiff::subjects::Subject;

use super::{fired, library, resolves};

/// (subject, case) pairs for `every_rule_fires_through_the_comparison`.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        // The `rfc3986` package: the target path's percent-encodings uppercased.
        (
            resolves("python-rfc3986", "rfc3986", |_, _| "file://h/d/%2E".into()),
            "resolve:%2e|file://h/d/",
        ),
        // uriparse itself: Path::normalize removes a relative reference's ".".
        (library("uriparse"), "normalize:."),
    ]
}

#[test]
fn the_uppercased_path_explains_no_other_change() {
    // The query's percent-encodings stay as written: uppercasing them is not what it does.
    let query = resolves("python-rfc3986", "rfc3986", |_, _| "file://h/d/?%2E".into());
    assert!(fired(query, "resolve:?%2e|file://h/d/").is_empty());
    // A dropped dot segment is no case change.
    let wrong = resolves("python-rfc3986", "rfc3986", |_, _| "file://h/".into());
    assert!(fired(wrong, "resolve:%2e|file://h/d/").is_empty());
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
