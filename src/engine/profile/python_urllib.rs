//! Profile `python-urllib`: `urllib.parse.urlsplit`. Its documentation says absent components are
//! returned as empty strings and `hostname` is lowercased, without brackets.

use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "python-urllib",
        name: "urlsplit gives '' for an absent component",
        explains: |e| {
            matches!(e.class, Class::UndefinedVsEmpty(_)) && e.spec.is_none() && e.got == Some("")
        },
    },
    Rule {
        profile: "python-urllib",
        name: "hostname is lowercased, without the IPv6 brackets",
        explains: |e| {
            e.component() == Some(Component::Host)
                && e.spec
                    .map(|h| {
                        h.trim_start_matches('[')
                            .trim_end_matches(']')
                            .to_ascii_lowercase()
                    })
                    .as_deref()
                    == e.got
        },
    },
];
