//! Profile `urijs`: URI.js (npm `urijs`), "a javascript library for working with URLs" that
//! names no single standard (its README lists RFC 3986, RFC 3987 and the URL Standard among its
//! "Resources"); read against RFC 3986.
//!
//! `URI.parse`, the documented static whose parts `URI(string)` holds, takes the query and the
//! fragment as `string.substring(pos + 1) || null` (src/URI.js): an empty query or fragment is
//! none, and `.href()` writes neither "?" nor "#" for it.

use super::Rule;
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "urijs",
    name: "an empty query or fragment is none (URI.parse: `string.substring(pos + 1) || null`)",
    explains: |e| {
        matches!(
            e.class,
            Class::UndefinedVsEmpty(Component::Query | Component::Fragment)
        ) && e.spec == Some("")
            && e.got.is_none()
    },
}];
