//! A rule taken by a worker that declares the shipped library it wraps (the audits of seeds 51
//! to 56; their other rules' cases are the rules' own examples).

use super::{fired, resolves, resolves_wrapping};

/// A maintainer's worker of iri-string under a name of its own takes iri-string's rules when it
/// says it wraps it (`iri-string/pct-dot-segments-resolved`: `%2E%2E/g` against
/// `http://a/b/c/d` is `http://a/b/g`), and not otherwise.
#[test]
fn a_worker_that_wraps_a_shipped_parser_takes_its_rules() {
    let answer: super::Resolves = |_, _| "http://a/b/g".into();
    let job = "resolve:%2E%2E/g|http://a/b/c/d";
    let rules = fired(
        resolves_wrapping("my-iri", "iri-string", "rfc3986", answer),
        job,
    );
    assert!(
        rules.iter().any(|r| r.starts_with("iri-string: ")),
        "{rules:?}"
    );
    // One step off: the same worker declaring nothing, or wrapping another library.
    assert!(fired(resolves("my-iri", "rfc3986", answer), job).is_empty());
    let other = resolves_wrapping("my-iri", "fluent-uri", "rfc3986", answer);
    assert!(!fired(other, job)
        .iter()
        .any(|r| r.starts_with("iri-string: ")));
}
