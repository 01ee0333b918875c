//! Profile `go-net-url`: Go's `net/url`. `URL`'s documentation: an empty host or fragment is the
//! empty string, as is none (`ForceQuery` and `RawFragment` aside); and `URL.Host` holds the host
//! unescaped, as `Path` is "stored in decoded form" (`url.Parse` unescapes the host; its
//! `String` escapes it again), which `Hostname` returns.

use super::{pct_decode_exact, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "go-net-url",
        name: "an empty host or fragment cannot be told from none",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(
                    Component::Host | Component::Fragment | Component::Authority
                )
            )
        },
    },
    Rule {
        profile: "go-net-url",
        name: "the host is held percent-decoded (URL.Host, Hostname)",
        explains: |e| {
            e.class == Class::Component(Component::Host)
                && e.spec.is_some_and(|h| h.contains('%'))
                && e.spec.map(pct_decode_exact).as_deref() == e.got
        },
    },
];
