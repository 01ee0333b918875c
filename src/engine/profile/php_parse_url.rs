//! Profile `php-parse-url`: PHP's `parse_url`, which documents that components not present are
//! left out of the returned array.

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
        name: "the port is an integer (parse_url: the port is an int)",
        explains: port_as_number,
    },
];
