//! Library rules of `python-hyperlink` (profile `rfc3986`): hyperlink's `URL` holds fields, not
//! text. Its API documentation says: `scheme`, `userinfo`, `host` and `fragment` are text
//! defaulting to `''` ("the empty string" where the URL has none), `query` is a tuple of pairs
//! (empty where there is none, so an empty query is no query), `port` is "the port number ...
//! if not set, the default port for the scheme" where hyperlink knows one (its
//! `SCHEME_PORT_MAP`), and an IPv6 `host` is the address without its brackets
//! (`URL.from_text('http://[::1]/').host` is `'::1'`).

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
        profile: "python-hyperlink",
        name: "an absent scheme, userinfo, host, query or fragment is the empty string",
        explains: |e| {
            let c = match e.class {
                Class::UndefinedVsEmpty(c) => Some(c),
                Class::Component(c) => Some(c),
                _ => None,
            };
            matches!(
                c,
                Some(
                    Component::Scheme
                        | Component::Userinfo
                        | Component::Host
                        | Component::Query
                        | Component::Fragment
                )
            ) && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "the scheme's default port is reported when none is written",
        explains: default_port_reported,
    },
    Rule {
        profile: "python-hyperlink",
        name: "an IPv6 host is the address without its brackets",
        explains: |e| {
            e.component() == Some(Component::Host)
                && e.spec
                    .and_then(|h| h.strip_prefix('['))
                    .and_then(|h| h.strip_suffix(']'))
                    == e.got
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "click drops an empty query or fragment (an empty query tuple is no query)",
        explains: |e| {
            let (Class::Resolution, Some(base)) = (e.class, e.second) else {
                return false;
            };
            let Ok(target) = uri_spec::resolve(base, e.input) else {
                return false;
            };
            empty_parts_dropped(&target)
                .is_some_and(|written| written != target && e.got == Some(written.as_str()))
        },
    },
];
