//! Profile `libwget`: GNU Wget2's IRI routines (`wget.h`, the `wget_iri_t` fields' comments,
//! Debian 12's wget2-dev 1.99.1), which follow no single standard and are read against
//! RFC 3986:
//! - host: "Lowercase and unescaped"; path and fragment: "Unescaped" (percent-decoded; the
//!   query, documented so too, is held as written);
//! - (the path is held without the "/" after the authority, which the worker puts back as
//!   `wget_iri_get_escaped_resource` does: no rule needed).

use super::{pct_decode_exact, Rule};
use crate::engine::Class;
use crate::model::Component;

/// `spec`, percent-decoded, as libwget holds `component` (a host lowercased too).
fn held(component: Component, spec: &str) -> String {
    let decoded = pct_decode_exact(spec);
    match component {
        Component::Host => decoded.to_ascii_lowercase(),
        _ => decoded,
    }
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "libwget",
    name: "host, path and fragment are held unescaped (wget.h: wget_iri_t)",
    explains: |e| {
        let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
            return false;
        };
        matches!(c, Component::Host | Component::Path | Component::Fragment)
            && e.spec.map(|s| held(c, s)).as_deref() == e.got
    },
}];
