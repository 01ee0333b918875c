//! Profile `python-yarl`: yarl's `URL`. Its documentation (the `URL` class's attributes) says:
//! `scheme` is "empty string for relative URLs", `raw_authority`, `raw_query_string` and
//! `raw_fragment` are "empty string if" absent, `raw_host` and `raw_user` are `None` where there
//! are none (an empty host or user included: yarl builds them from text that is not empty), the
//! host of an IPv6 address is given without its brackets (`URL('http://[::1]').host` is `::1`),
//! `explicit_port` is the port "specified in URL" as an integer, and the path is "'/' for
//! absolute URLs without path part".

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
        profile: "python-yarl",
        name: "an absent scheme, authority, query or fragment is the empty string",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(
                    Component::Scheme | Component::Authority | Component::Query | Component::Fragment
                )
            ) && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "python-yarl",
        name: "an empty host or userinfo is None",
        explains: |e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Host | Component::Userinfo)
            ) && e.spec == Some("")
                && e.got.is_none()
        },
    },
    Rule {
        profile: "python-yarl",
        name: "the host is lowercased, an IP literal without its brackets",
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
    Rule {
        profile: "python-yarl",
        name: "an empty path after an authority is \"/\" (\"'/' for absolute URLs without path part\")",
        explains: empty_path_after_authority_is_slash,
    },
    Rule {
        profile: "python-yarl",
        name: "the port is an integer (explicit_port)",
        explains: port_as_number,
    },
];
