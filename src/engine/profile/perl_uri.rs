//! Profile `perl-uri`: Perl's `URI` (RFC 2396, updated by RFC 2732; the RFC 2396 rules it shares
//! with `java.net.URI` are in `rfc2396.rs`). Its documentation: `$uri->port` returns "the
//! default port of the URI scheme" when none is written; and `URI->new` "will escape" characters that may not appear, so it never
//! rejects.

use super::{accepted_once, default_port_reported, pct_encode_forbidden, Rule};
use crate::engine::Class;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "perl-uri",
        name: "the scheme's default port is reported when none is written",
        explains: |e| default_port_reported(e),
    },
    Rule {
        profile: "perl-uri",
        name: "URI->new escapes the characters that may not appear instead of rejecting",
        explains: |e| {
            e.class == Class::TooLax
                && accepted_once(e, uri_spec::Edition::UriSyntax02, pct_encode_forbidden)
        },
    },
];
