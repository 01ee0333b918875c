//! Every profile: RFC 3986 section 6's comparison ladder. Section 6.1: "comparison methods are
//! designed to minimize false negatives while strictly avoiding false positives", and 6.2 lays
//! out a ladder of methods, each "more expensive" and with "fewer false negatives" than the one
//! below (simple string comparison, then syntax-based, scheme-based and protocol-based
//! normalization). A library whose comparison or normalization stops at a lower rung than the
//! reference's (which climbs through 6.2.3) is within the standard when its answer is one a lower
//! rung gives:
//! - an equivalence test that answers "not equivalent" where the reference finds the operands
//!   equivalent, for operands that are not the same string (a false negative, which 6.1
//!   allows; a false positive is never explained);
//! - a normalization whose result the reference's full normalization takes to the same place as
//!   the input (it applied fewer of 6.2's steps, and changed no meaning).
//!
//! The ladder is climbed under the standard the library is judged by: RFC 2396's libraries
//! (`java.net.URI`, Perl's `URI`) under the draft that is RFC 2396, where `! * ' ( )` are
//! unreserved marks (2396 2.3) whose escapes are the same URI, not RFC 3986's sub-delims.

use super::Explains::Custom;
use uri_spec::{normalize_scheme_based, normalize_scheme_based_in, Edition};

use super::{Class, Evidence, Example, Reply, Rule};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "*",
        id: "any/lower-ladder-comparison",
        name: "a comparison at a lower rung of RFC 3986 6.2's ladder (a false negative, which 6.1 allows)",
        cites: "RFC 3986 sections 6.1 and 6.2",
        explains: Custom(false_negative),
        examples: &[
            Example::fires("equivalent:http://a/%7e|http://a/~", Reply::Equivalent(false)),
        ],
    },
    Rule {
        profile: "*",
        id: "any/lower-ladder-normalization",
        name: "a normalization that applies fewer of RFC 3986 6.2's steps (the same URI at the top rung)",
        cites: "RFC 3986 sections 6.1 and 6.2",
        explains: Custom(fewer_steps),
        examples: &[
            Example::fires("normalize:HTTP://a/./b", Reply::Text("HTTP://a/./b")),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/lower-ladder-normalization",
        name: "a normalization that applies fewer of RFC 2396's steps (the same URI at the draft's top rung)",
        cites: "RFC 3986 section 6.2; RFC 2396 section 2.3",
        explains: Custom(fewer_steps_2396),
        examples: &[
            // `%2a` decoded to `*`, nothing else done.
            Example::fires("normalize:./%2a", Reply::Text("./*")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/lower-ladder-normalization",
        name: "a normalization that applies fewer of RFC 2396's steps (the same URI at the draft's top rung)",
        // URI.pm's `canonical` lists what it does: case, default port, escapes, unescaping
        // octets "better represented as plain characters"; removing dot-segments is not one.
        cites: "URI.pm, $uri->canonical; RFC 3986 section 6.2; RFC 2396 section 2.3",
        explains: Custom(fewer_steps_2396),
        examples: &[
            // `canonical` decodes `%2a`, one of RFC 2396's marks, and leaves the dot-segment.
            Example::fires("normalize:./%2a", Reply::Text("./*")),
        ],
    },
];

fn false_negative(e: &Evidence<'_>) -> bool {
    e.class == Class::Equivalence
        && e.reference == Some("true")
        && e.got == Some("false")
        && e.second.is_some_and(|other| other != e.input)
}

fn fewer_steps(e: &Evidence<'_>) -> bool {
    let (Class::Normalization, Some(got)) = (e.class, e.got) else {
        return false;
    };
    // At the top rung of RFC 3986, or of RFC 2396's draft where RFC 3986 refuses one of them
    // (a port that is not digits is a registry name there).
    match (normalize_scheme_based(got), normalize_scheme_based(e.input)) {
        (Ok(a), Ok(b)) => a == b,
        _ => matches!(
            (
                normalize_scheme_based_in(Edition::UriSyntax02, got),
                normalize_scheme_based_in(Edition::UriSyntax02, e.input),
            ),
            (Ok(a), Ok(b)) if a == b
        ),
    }
}

/// [`fewer_steps`] at the top rung of RFC 2396's draft, for the libraries judged by it.
fn fewer_steps_2396(e: &Evidence<'_>) -> bool {
    let (Class::Normalization, Some(got)) = (e.class, e.got) else {
        return false;
    };
    matches!(
        (
            normalize_scheme_based_in(Edition::UriSyntax02, got),
            normalize_scheme_based_in(Edition::UriSyntax02, e.input),
        ),
        (Ok(a), Ok(b)) if a == b
    )
}

#[cfg(test)]
mod tests {
    use super::super::explain;
    use super::*;

    fn ev<'a>(
        class: Class,
        input: &'a [u8],
        second: Option<&'a [u8]>,
        spec: &'a str,
        got: &'a str,
    ) -> Evidence<'a> {
        Evidence {
            class,
            input,
            second,
            reparsed: None,
            reference: Some(spec),
            got: Some(got),
            reference_components: None,
            serialization: None,
        }
    }

    #[test]
    fn a_false_negative_is_allowed_a_false_positive_never() {
        let eq = Class::Equivalence;
        assert!(explain(
            "rfc2396",
            &ev(eq, b"http://a/%7e", Some(b"http://a/~"), "true", "false")
        )
        .is_some());
        assert!(explain(
            "rfc2396",
            &ev(eq, b"http://a/%2a", Some(b"http://a/*"), "false", "true")
        )
        .is_none());
        // The same string is equivalent at every rung.
        assert!(explain(
            "rfc2396",
            &ev(eq, b"http://a/", Some(b"http://a/"), "true", "false")
        )
        .is_none());
    }

    #[test]
    fn fewer_steps_but_never_another_uri() {
        let n = Class::Normalization;
        assert!(explain(
            "perl-uri",
            &ev(n, b"HTTP://a/./b", None, "http://a/b", "http://a/./b")
        )
        .is_some());
        // Decoding a reserved character changes the URI (RFC 3986 2.2).
        assert!(explain(
            "perl-uri",
            &ev(n, b"http://a/%2F", None, "http://a/%2F", "http://a//")
        )
        .is_none());
        // `*` is a mark under RFC 2396, a sub-delim under RFC 3986: decoding `%2a` is the same
        // URI for Perl's profile, another URI for an RFC 3986 library.
        assert!(explain("perl-uri", &ev(n, b"./%2a", None, "*", "./*")).is_some());
        assert!(explain("rfc2396", &ev(n, b"./%2a", None, "*", "./*")).is_some());
        assert!(explain("rfc3986", &ev(n, b"./%2a", None, "%2A", "./*")).is_none());
    }
}
