//! Profile `rfc3987-iri` (oxiri, iref): RFC 3987 2.2 allows `ucschar` and `iprivate` characters
//! where RFC 3986 allows only ASCII.

use super::Explains::Custom;
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[Rule {
    profile: "rfc3987-iri",
    id: "rfc3987-iri/ucschar-allowed",
    name: "non-ASCII characters (ucschar) are allowed as they are",
    cites: "RFC 3987 section 2.2",
    explains: Custom(|e| {
        e.class == Class::TooLax
            && e.input.iter().any(|b| !b.is_ascii())
            && uri_spec::parse(&pct_encode_non_ascii(e.input)).is_ok()
    }),
    examples: &[
        Example::fires("http://\u{e9}/", Reply::Splits(&[])),
        Example::off("http://a b/", Reply::Splits(&[])),
    ],
}];
