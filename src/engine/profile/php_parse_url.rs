//! Profile `php-parse-url`: PHP's `parse_url`, which documents that components not present are
//! left out of the returned array, and (the manual's notes on `parse_url`) that it is "intended
//! specifically for the purpose of parsing URLs and not URIs", with "an exception for the
//! file:// scheme where triple slashes (file:///...) are allowed. For any other scheme this is
//! invalid": `file:///x` has no host in its result.

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
        profile: "php-parse-url",
        name: "an empty path is left out of the result",
        explains: |e| {
            e.class == Class::UndefinedVsEmpty(Component::Path)
                && e.spec == Some("")
                && e.got.is_none()
        },
    },
    Rule {
        profile: "php-parse-url",
        name: "file:/// has no host (parse_url's notes: triple slashes allowed for file:// only)",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Host | Component::Authority)
            ) && e.scheme().as_deref() == Some("file")
                && e.input.get(5..8) == Some(&b"///"[..])
                && e.spec == Some("")
                && e.got.is_none()
        },
    },
    Rule {
        profile: "php-parse-url",
        name: "the port is an integer (parse_url: the port is an int)",
        explains: port_as_number,
    },
];
