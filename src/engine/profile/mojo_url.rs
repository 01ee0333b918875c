//! Profile `mojo-url`: Mojolicious's Mojo::URL (9.31), which splits a URL with RFC 3986
//! Appendix B's expression ("Official regex from RFC 3986", its `parse`) and is read against
//! RFC 3986. What its documentation and its `parse` say it does:
//! - `query` "defaults to a Mojo::Parameters object": a URL has a query, empty when none is
//!   written (RFC 3986 reads it undefined);
//! - `parse` stores `userinfo` and `fragment` percent-decoded (`url_unescape`), and
//!   `host_port` the host percent-decoded.

use super::{pct_decode_exact, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "mojo-url",
        name: "the query is never undefined (query: \"defaults to a Mojo::Parameters object\")",
        explains: |e| {
            e.class == Class::UndefinedVsEmpty(Component::Query)
                && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "mojo-url",
        name: "userinfo, host and fragment are percent-decoded while parsing (parse, host_port: url_unescape)",
        explains: |e| {
            matches!(
                e.component(),
                Some(Component::Userinfo | Component::Host | Component::Fragment)
            ) && e.spec.is_some_and(|s| s.contains('%'))
                && e.spec.map(pct_decode_exact).as_deref() == e.got
        },
    },
];
