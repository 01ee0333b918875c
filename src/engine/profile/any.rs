//! Rules of every profile: RFC 3986 6.2.2.1 says scheme and host are case-insensitive and
//! normalize to lowercase, so a parser that lowercases them while parsing changes no meaning.

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
        profile: "*",
        name: "scheme lowercased (case normalization, RFC 3986 6.2.2.1)",
        explains: |e| e.component() == Some(Component::Scheme) && lower(e.spec).as_deref() == e.got,
    },
    Rule {
        profile: "*",
        name: "reg-name host lowercased (case normalization, RFC 3986 6.2.2.1)",
        explains: |e| {
            e.component() == Some(Component::Host)
                && e.spec.is_some_and(|h| !h.contains('%'))
                && lower(e.spec).as_deref() == e.got
        },
    },
];
