//! The cases of the rules the seed-15 audit's misses led to (audit/sample-seed15.md): libwget
//! returning a reference that "begins with a scheme" untouched, and an empty port omitted by a
//! resolution (RFC 3986 3.2.3, for every parser); each library played by a double, with a
//! one-step-off answer that stays unexplained.

use std::sync::Arc;

use uridiff::subjects::Subject;

use super::{fired, resolves};

/// (the library played, the job), as `every_rule_fires_through_the_comparison` reads them.
pub(super) fn cases() -> Vec<(Arc<dyn Subject>, &'static str)> {
    vec![
        (wget_scheme_untouched(), "resolve:p:.|http://a/b"),
        (java_empty_port_omitted(), "resolve://M:|http://a/b"),
    ]
}

/// libwget resolving `p:.`: "if \p val begins with a scheme ... that string is returned
/// untouched".
fn wget_scheme_untouched() -> Arc<dyn Subject> {
    resolves("c-libwget", "libwget", |_, _| "p:.".into())
}

/// java.net.URI resolving `//M:` against `http://a/b` to `http://M`: the empty port's ":" left
/// out, as RFC 3986 3.2.3 asks of producers and normalizers.
fn java_empty_port_omitted() -> Arc<dyn Subject> {
    resolves("java-uri", "rfc2396", |_, _| "http://M".into())
}

const WGET_UNTOUCHED: &str = "libwget: a reference that begins with a scheme is returned untouched (iri.c: wget_iri_relative_to_abs, \"if \\p val begins with a scheme ... that string is returned untouched\")";

const EMPTY_PORT: &str = "any profile: an empty port omitted by a resolution or normalization (RFC 3986 3.2.3: \"URI producers and normalizers should omit the port component and its ':' delimiter if port is empty\")";

#[test]
fn libwget_returns_a_reference_with_a_scheme_untouched() {
    let rules = fired(wget_scheme_untouched(), "resolve:p:.|http://a/b");
    assert_eq!(rules, vec![WGET_UNTOUCHED], "{rules:?}");
    // One step off: the reference resolved as RFC 3986 would (`p:`) is not "untouched".
    let wrong = resolves("c-libwget", "libwget", |_, _| "p:".into());
    assert!(fired(wrong, "resolve:p:.|http://a/b").is_empty());
}

#[test]
fn an_empty_port_may_be_omitted_by_a_resolution() {
    let rules = fired(java_empty_port_omitted(), "resolve://M:|http://a/b");
    assert_eq!(rules, vec![EMPTY_PORT], "{rules:?}");
    // One step off: the host dropped with the port is not RFC 3986 3.2.3's omission.
    let wrong = resolves("java-uri", "rfc2396", |_, _| "http:".into());
    assert!(fired(wrong, "resolve://M:|http://a/b").is_empty());
}
