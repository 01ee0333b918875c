//! Profiles `rfc2396` (`java.net.URI`) and `perl-uri`: RFC 2396 as updated by RFC 2732, judged
//! against impl under `draft-fielding-uri-syntax-02`, the last draft, whose grammar the
//! published RFC 2396 amends in one place these libraries follow, and which RFC 2732 extends:
//! - RFC 2732 section 3 lets `host` be an `IPv6reference` (`"[" IPv6address "]"`), which
//!   RFC 2396 alone rejects: `java.net.URI`'s class documentation ("RFC 2396 ... amended by
//!   RFC 2732: Format for Literal IPv6 Addresses in URLs") and Perl's `URI` ("as specified in
//!   RFC 2396 (and updated by RFC 2732)") both claim it.
//! - Both merge a relative path with a base that has an authority and an empty path as
//!   RFC 3986 5.2.3 does (`"/" + path`): RFC 2396 5.2 step 6 copies "all but the last segment of
//!   the base URI's path" (nothing) and step 7 appends the result to the authority, joining the
//!   segment to the host (`b` against `http://a` gives `http://ab`), which RFC 3986 fixed and
//!   `java.net.URI` and Perl's `URI` never did.
//! - RFC 2396 section 3 reads a URI whose part after the scheme does not begin with "/" as an
//!   `opaque_part` (no authority, path or query); `java.net.URI` documents it ("An opaque URI
//!   ... is not subject to further parsing"), and so does Perl's `URI` (`opaque`).
//! - `java.net.URI` documents an "other" category of characters ("The Unicode characters that
//!   are not in the US-ASCII character set, are not control characters ... and are not space
//!   characters") allowed where RFC 2396 allows only escaped octets.
//! - RFC 2396 as published (section 3 and Appendix A) writes
//!   `hier_part = ( net_path | abs_path ) [ "?" query ]`, so a query may follow the authority
//!   directly (`http://a?q`); the draft's collected grammar has the query only inside
//!   `rel_path`, after a path.
//! - `java.net.URI`'s `URI(String)`: "If the authority component is empty then the
//!   user-information, host, and port components are undefined", and `getRawAuthority` gives
//!   "null if the authority is undefined"; `parseServerAuthority` "Attempts to parse this URI's
//!   authority component, if defined, into user-information, host, and port components": an
//!   authority that does not parse so is registry-based, without them; `resolve` takes a
//!   reference with an authority, its path as it is ("the new URI's authority and path are
//!   taken from the given URI").

use super::Explains::{Custom, PortAsNumber, TooLaxAcceptedOnce, TooLaxForARelativeBase};
use uri_spec::{Edition, Parser};

use crate::model::Component;

use super::{accepted_once, opaque_2396, pct_encode_non_ascii, Class, Example, Reply, Rule};

mod java_resolve;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "rfc2396",
        id: "rfc2396/ipv6-literal-accepted",
        name: "an IPv6 literal host in brackets is accepted (RFC 2732)",
        cites: "RFC 2732 section 3; java.net.URI Javadoc",
        explains: Custom(ipv6_reference_accepted),
        examples: &[
            Example::fires("http://[::1]/", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/ipv6-literal-accepted",
        name: "an IPv6 literal host in brackets is accepted (RFC 2732)",
        cites: "RFC 2732 section 3; URI.pm",
        explains: Custom(ipv6_reference_accepted),
        examples: &[
            Example::fires("http://[::1]/", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/empty-base-path-merge-slash",
        name: "a relative path against a base with an authority and an empty path merges as \"/\" + path (RFC 3986 5.2.3)",
        cites: "RFC 3986 section 5.2.3",
        explains: Custom(empty_base_path_merged),
        examples: &[
            Example::fires("resolve:b|http://a", Reply::Text("http://a/b")),
            Example::off("resolve:b|http://a", Reply::Text("http://ab")),

            Example::fires("resolve:..|http://a", Reply::Text("http://a/..")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/empty-base-path-merge-slash",
        name: "a relative path against a base with an authority and an empty path merges as \"/\" + path (RFC 3986 5.2.3)",
        cites: "RFC 3986 section 5.2.3",
        explains: Custom(empty_base_path_merged),
        examples: &[
            Example::fires("resolve:b|http://a", Reply::Text("http://a/b")),
            Example::off("resolve:b|http://a", Reply::Text("http://ab")),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/opaque-no-authority-path-query",
        name: "an opaque URI has no authority, path or query (RFC 2396 3: opaque_part)",
        cites: "RFC 2396 section 3 (opaque_part); java.net.URI Javadoc",
        explains: Custom(opaque_part),
        examples: &[
            Example::fires("y:0?v", Reply::Reads(&[(Component::Path, None), (Component::Query, None)])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/opaque-no-authority-path-query",
        name: "an opaque URI has no authority, path or query (RFC 2396 3: opaque_part)",
        cites: "RFC 2396 section 3 (opaque_part); URI.pm, $uri->opaque",
        explains: Custom(opaque_part),
        examples: &[
            Example::fires("y:0?v", Reply::Reads(&[(Component::Query, None)])),
        ],
    },
    // java.net.URI's resolve: "If the given URI is already absolute, or if this URI is opaque,
    // then the given URI is returned", its dot segments kept (`resolve("B:]/.")` is `B:]/.`,
    // run here), where the URL Standard removes them; and "If the given URI's path is absolute
    // then the new URI's path is taken from the given URI" (`/.` against `coap://[::1]/v1/` is
    // `coap://[::1]/.`, run here).
    Rule {
        profile: "java-uri",
        id: "java-uri/absolute-reference-returned",
        name: "resolve returns an absolute reference as it is, and takes an absolute path as it is (resolve: \"If the given URI is already absolute ... then the given URI is returned\", \"If the given URI's path is absolute then the new URI's path is taken from the given URI\")",
        cites: "java.net.URI.resolve(URI) Javadoc",
        explains: Custom(|e| {
            let (Class::Resolution, Some(_), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            let text = String::from_utf8_lossy(e.input);
            let absolute = crate::engine::octets::scheme_colon(e.input).is_some();
            absolute && got == text || absolute_path_taken(e.second, &text) == Some(got.into())
        }),
        examples: &[
            // `resolve("B:]/.")` against `foo://h`, run here: the absolute reference as it is.
            Example::fires("resolve:B:]/.|foo://h", Reply::Text("B:]/.")),
            Example::off("resolve:B:]/.|foo://h", Reply::Text("B:]/./")),
            // `new URI("coap://[::1]/v1/e.f/").resolve("/.")` is `coap://[::1]/.`, run here; a
            // slash more is another target.
            Example::fires("resolve:/.|coap://[::1]/v1/", Reply::Text("coap://[::1]/.")),
            Example::off("resolve:/.|coap://[::1]/v1/", Reply::Text("coap://[::1]/./")),
            // `new URI("file:///x/y?q#f").resolve("/")` is `file:/`, run here: no authority.
            Example::fires("resolve:/|file:///x/y?q#f", Reply::Text("file:/")),
            Example::off("resolve:/|file:///x/y?q#f", Reply::Text("file:/x")),
        ],
    },
    // java.net.URI's class documentation: "other" characters are permitted "in the authority
    // component if the authority is registry-based", and an authority that does not parse as
    // a server "is considered to be registry-based", with no host: `new URI("e://Ѐ").getHost()`
    // and `new URI("http://é.com/").getHost()` are null, run here.
    Rule {
        profile: "java-uri",
        id: "java-uri/non-ascii-authority-registry-based",
        name: "an authority holding a non-ASCII character is registry-based: no host (URI: \"permitted ... in the authority component if the authority is registry-based\")",
        cites: "java.net.URI class Javadoc, the \"other\" category",
        explains: Custom(|e| {
            let input = std::str::from_utf8(e.input).unwrap_or("");
            let authority = input
                .split_once("//")
                .map_or("", |(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or(""));
            e.component() == Some(crate::model::Component::Host)
                && e.second.is_none()
                && e.got.is_none()
                && !authority.is_ascii()
        }),
        examples: &[
            Example::fires("e://\u{400}", Reply::Splits(&[(Component::Host, None)])),
            Example::off("e://a b", Reply::Splits(&[(Component::Host, None)])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/non-ascii-allowed",
        name: "non-ASCII characters (java.net.URI's \"other\" category) are allowed in a URI",
        cites: "java.net.URI class Javadoc, the \"other\" category",
        explains: Custom(|e| {
            e.class == Class::TooLax
                && no_control_or_space(e.input)
                && accepted_once(e, Edition::UriSyntax02, pct_encode_non_ascii)
        }),
        examples: &[
            Example::fires("\u{e9}", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/query-after-authority",
        name: "a query may follow the authority directly (RFC 2396 as published: hier_part)",
        cites: "RFC 2396 section 3 and Appendix A (hier_part)",
        explains: Custom(query_after_authority),
        examples: &[
            Example::fires("http://a?q", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/query-after-authority",
        name: "a query may follow the authority directly (RFC 2396 as published: hier_part)",
        cites: "RFC 2396 section 3 and Appendix A (hier_part)",
        explains: Custom(query_after_authority),
        examples: &[
            Example::fires("http://a?q", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/relative-base-resolved",
        name: "a relative base is resolved against (URI.resolve: \"The result of this method is absolute if, and only if, either this URI is absolute or the given URI is absolute\")",
        cites: "java.net.URI.resolve(URI) Javadoc",
        // RFC 2396 5.2 resolves against an absolute base only; java.net.URI documents
        // resolving against any, its answer relative when both are.
        explains: TooLaxForARelativeBase(Edition::UriSyntax02),
        examples: &[
            Example::fires("resolve:g|b/c", Reply::Text("b/g")),
        ],
    },
    // java.net.URI.resolve(URI)'s documentation: "If the given URI is already absolute, or if
    // this URI is opaque, then the given URI is returned." RFC 2396 5.2 resolves against the
    // base's scheme whatever its form (`""` against `a:b` is `a:b`).
    Rule {
        profile: "java-uri",
        id: "java-uri/opaque-base-returns-reference",
        name: "against an opaque base the reference is returned as it is (URI.resolve: \"if this URI is opaque, then the given URI is returned\")",
        cites: "java.net.URI.resolve(URI) Javadoc",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            opaque_2396(base) && got.as_bytes() == e.input
        }),
        examples: &[
            // "if this URI is opaque, then the given URI is returned".
            Example::fires("resolve:g|a:b", Reply::Text("g")),
            // A hierarchical base; an answer that is not the reference.
            Example::off("resolve:g|a:/b", Reply::Text("g")),
            Example::off("resolve:g|a:b", Reply::Text("a:h")),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/port-as-integer",
        name: "the port is an integer (URI.getPort: \"the port component of this URI, or -1\")",
        cites: "java.net.URI.getPort() Javadoc",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:007/", Reply::Reads(&[(Component::Port, Some("7"))])),
            Example::off("http://a:007/", Reply::Reads(&[(Component::Port, Some("70"))])),
        ],
    },
    // java.net.URI.toString: a URI "created by normalization, resolution, or relativization"
    // has "a string ... constructed from this URI's components", whose port is an int.
    Rule {
        profile: "java-uri",
        id: "java-uri/resolved-port-as-integer",
        name: "a resolved URI's port is written as the integer it is (URI.toString: a URI created by resolution is \"constructed from this URI's components\"; URI.getPort: \"the port component of this URI\")",
        cites: "java.net.URI.toString() and getPort() Javadoc",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.got.is_some()
                && e.reference.and_then(java_resolve::port_as_int).as_deref() == e.got
        }),
        examples: &[
            // Java 17's `new URI(base).resolve(new URI(reference))`, as it printed them.
            Example::fires("resolve://M:08|http://app.photos.org:9090", Reply::Text("http://M:8")),
            Example::fires("resolve://user@AUTH.CONTOSO.COM:080/..|http://app.photos.org:9090", Reply::Text("http://user@AUTH.CONTOSO.COM:80/..")),
            // The base's port, inherited.
            Example::fires("resolve:b|http://h:080/a", Reply::Text("http://h:80/b")),
            // The host lowercased too, the digits of the port changed, a "/" added.
            Example::off("resolve://M:08|http://app.photos.org:9090", Reply::Text("http://m:8")),
            Example::off("resolve://user@AUTH.CONTOSO.COM:080/..|http://app.photos.org:9090", Reply::Text("http://user@AUTH.CONTOSO.COM:8/..")),
            Example::off("resolve:b|http://h:080/a", Reply::Text("http://h:080/b/")),
        ],
    },
    // RFC 2396 5.2 step 2 makes an empty reference the current document (the base); the
    // javadoc of URI.resolve returns the base only for a standalone fragment reference.
    Rule {
        profile: "java-uri",
        id: "java-uri/empty-reference-base-directory",
        name: "an empty reference resolves to the base's path up to its last \"/\", normalized, without query or fragment (URI.resolve: only a \"standalone fragment reference\" keeps the base; otherwise \"concatenating all but the last segment of this URI's path, if any, with the given URI's path and then normalizing the result\")",
        cites: "java.net.URI.resolve(URI) Javadoc",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.input.is_empty()
                && e.got.is_some()
                && e.second.and_then(java_resolve::empty_reference).as_deref() == e.got
        }),
        examples: &[
            // Java 17's `new URI(base).resolve(new URI(""))`, as it printed them.
            Example::fires("resolve:|coap://auth.openlibrary.org:8080/api?id=profile", Reply::Text("coap://auth.openlibrary.org:8080/")),
            Example::fires("resolve:|http://a/b/./c/../d/e?x#f", Reply::Text("http://a/b/d/")),
            // With the port as an integer, and without a path.
            Example::fires("resolve:|http://h:080/a?q", Reply::Text("http://h:80/")),
            Example::fires("resolve:|http://a/?q", Reply::Text("http://a/")),
            // The base's query kept, the last segment kept, the port as written, the "/" lost.
            Example::off("resolve:|coap://auth.openlibrary.org:8080/api?id=profile", Reply::Text("coap://auth.openlibrary.org:8080/?id=profile")),
            Example::off("resolve:|http://a/b/./c/../d/e?x#f", Reply::Text("http://a/b/d/e")),
            Example::off("resolve:|http://h:080/a?q", Reply::Text("http://h:080/")),
            Example::off("resolve:|http://a/?q", Reply::Text("http://a")),
        ],
    },
    // URI(String): "If the authority component is empty then the user-information, host, and
    // port components are undefined"; resolve: "Otherwise the new URI's authority component is
    // copied from this URI". `///` against `http://a/b/c/d;p?q` is `http://a/`, `///a/../b` is
    // `http://a/a/../b`, `//?q` is `http://a/b/c/?q`, `//#f` the base with `#f`, run here with
    // Java 17; RFC 2396 5.2 keeps the empty authority (`http:///`).
    Rule {
        profile: "java-uri",
        id: "java-uri/empty-authority-reference-undefined",
        name: "a reference's empty authority is undefined, so the base's is taken (URI(String): \"If the authority component is empty then the user-information, host, and port components are undefined\"; URI.resolve: \"the new URI's authority component is copied from this URI\")",
        cites: "java.net.URI(String) and URI.resolve(URI) Javadoc",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.got.is_some()
                && e
                    .second
                    .and_then(|base| java_resolve::empty_authority_reference(base, e.input))
                    .as_deref()
                    == e.got
        }),
        examples: &[
            Example::fires("resolve:///|http://a/b/c/d;p?q", Reply::Text("http://a/")),
            Example::fires("resolve:///a/../b|http://a/b/c/d;p?q", Reply::Text("http://a/a/../b")),
            Example::off("resolve:///a/../b|http://a/b/c/d;p?q", Reply::Text("http://a/b")),
        ],
    },
    // The same javadoc steps for any relative path: merged with the base's directory, then
    // normalized as `normalize` does, whose path splitting "Skip[s] redundant slashes"
    // (URI.java), where RFC 2396 5.2 step 6 keeps empty segments.
    Rule {
        profile: "java-uri",
        id: "java-uri/relative-path-merged-normalized",
        name: "a relative path is merged with the base's directory and normalized as URI.normalize does, empty segments dropped (URI.resolve: \"concatenating all but the last segment of this URI's path, if any, with the given URI's path and then normalizing the result as if by invoking the normalize method\")",
        cites: "java.net.URI.resolve(URI) Javadoc",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && !e.input.is_empty()
                && e.got.is_some()
                && e.second
                    .and_then(|base| java_resolve::relative_path(base, e.input))
                    .as_deref()
                    == e.got
        }),
        examples: &[
            // Java 17: `new URI("http://a/b/c?q").resolve(new URI("9//"))` is `http://a/b/9/`.
            Example::fires("resolve:9//|http://a/b/c?q", Reply::Text("http://a/b/9/")),
            // Java 17: `new URI("file:///").resolve(new URI(".."))` is `file:/..`: the empty
            // authority undefined, the ".." left last.
            Example::fires("resolve:..|file:///", Reply::Text("file:/..")),
            // The reference's segment dropped with the empty one.
            Example::off("resolve:9//|http://a/b/c?q", Reply::Text("http://a/b/")),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/dotted-quad-over-255-registry",
        name: "a dotted-quad with a group above 255 is no IPv4 host: the authority is registry-based (URI.getHost)",
        cites: "java.net.URI.getHost() Javadoc",
        explains: Custom(java_ipv4_octets),
        examples: &[
            Example::fires("//u@1.3.350.1", Reply::Reads(&[(Component::Host, None), (Component::Userinfo, None)])),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/colon-first-segment-error",
        name: "a colon in the first segment of a relative path is an error (RFC 2396 as published: rel_segment)",
        cites: "RFC 2396 section 5 (rel_segment)",
        explains: Custom(colon_in_rel_segment),
        examples: &[
            Example::fires(":b/c", Reply::Rejected),
            Example::off("b/c", Reply::Rejected),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/colon-first-segment-error",
        name: "a colon in the first segment of a relative path is an error (RFC 2396 as published: rel_segment)",
        cites: "RFC 2396 section 5 (rel_segment)",
        explains: Custom(colon_in_rel_segment),
        examples: &[
            Example::fires(":b/c", Reply::Rejected),
            Example::off("b/c", Reply::Rejected),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/empty-hier-part-error",
        name: "\"scheme:\" with nothing after it is no URI (RFC 2396 as published: hier_part and opaque_part are never empty)",
        cites: "RFC 2396 section 3 (hier_part, opaque_part)",
        explains: Custom(bare_scheme),
        examples: &[
            Example::fires("a:", Reply::Rejected),
            Example::off("a:b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/empty-hier-part-error",
        name: "\"scheme:\" with nothing after it is no URI (RFC 2396 as published: hier_part and opaque_part are never empty)",
        cites: "RFC 2396 section 3 (hier_part, opaque_part)",
        explains: Custom(bare_scheme),
        examples: &[
            Example::fires("a:", Reply::Rejected),
            Example::off("a:b", Reply::Rejected),
        ],
    },
    // Where "[" or "]" is what RFC 3986 rejects, the reference is judged by the lenient reading;
    // these libraries resolve it as RFC 2396 5.2 does (RFC 2732 makes the brackets reserved
    // characters): `?[` against `http://a/b/c/d;p?q` is `http://a/b/c/?[` in java.net.URI
    // (RFC 2396 Appendix C: `?y` is `http://a/b/c/?y`), `//]/.` against a coap base is
    // `coap://]/.` in Perl's URI (step 4 removes no dot segment of a network-path reference),
    // run here.
    Rule {
        profile: "rfc2396",
        id: "rfc2396/brackets-resolved-as-2396",
        name: "a reference or base holding \"[\" or \"]\" (RFC 2732 section 3: reserved) is resolved as RFC 2396 5.2 resolves it",
        cites: "RFC 2396 section 5.2; RFC 2732 section 3",
        explains: Custom(brackets_resolved_as_2396),
        examples: &[
            Example::fires("resolve:?[|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/?[")),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/brackets-resolved-as-2396",
        name: "a reference or base holding \"[\" or \"]\" (RFC 2732 section 3: reserved) is resolved as RFC 2396 5.2 resolves it",
        cites: "RFC 2396 section 5.2; RFC 2732 section 3",
        explains: Custom(perl_brackets_resolved_as_2396),
        examples: &[
            Example::fires("resolve://]/.|coap://a/b/c", Reply::Text("coap://]/.")),
            // Perl's abs takes an absolute-path reference as it is (RFC 2396 5.2 step 5), the base's
            // IPv6 literal (RFC 2732) kept; the base's path kept is no reading of RFC 2396 5.2.
            Example::fires("resolve:/.|coap://[::1]/v1/e.f/", Reply::Text("coap://[::1]/.")),
            Example::off("resolve:/.|coap://[::1]/v1/e.f/", Reply::Text("coap://[::1]/v1/.")),
            // An IPvFuture literal is no part of RFC 2396 with RFC 2732: the network path's dot segment
            // stays (RFC 2396 5.2 step 4).
            Example::fires("resolve://[v7.x]/.|git://a/b/c", Reply::Text("git://[v7.x]/.")),
            Example::off("resolve://[v7.x]/.|git://a/b/c", Reply::Text("git://[v7.x]/")),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/brackets-reserved",
        name: "\"[\" and \"]\" are reserved characters (RFC 2732 section 3), allowed where reserved ones are",
        cites: "RFC 2732 section 3",
        explains: TooLaxAcceptedOnce(Edition::UriSyntax02, brackets_encoded),
        examples: &[
            Example::fires("a:b?[", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/brackets-reserved",
        name: "\"[\" and \"]\" are reserved characters (RFC 2732 section 3), allowed where reserved ones are",
        cites: "RFC 2732 section 3",
        explains: TooLaxAcceptedOnce(Edition::UriSyntax02, brackets_encoded),
        examples: &[
            Example::fires("a:b?[", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/empty-authority-needs-more",
        name: "an empty authority needs a path, query or fragment after it (URI(String): \"An empty authority component is permitted as long as it is followed by ...\")",
        cites: "java.net.URI(String) Javadoc",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && (empty_authority_alone(e.input) || e.second.is_some_and(empty_authority_alone))
        }),
        examples: &[
            Example::fires("//", Reply::Rejected),
            Example::off("//a", Reply::Rejected),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/port-over-int-registry",
        name: "a port above 2147483647 makes the authority registry-based (the port is an int)",
        cites: "java.net.URI class Javadoc",
        explains: Custom(|e| java_registry_based(e, |_, port| port.is_some_and(|p| p.len() > 10 || p.parse::<u64>().is_ok_and(|n| n > 2_147_483_647)))),
        examples: &[
            Example::fires("//a:9999999999", Reply::Reads(&[(Component::Host, None), (Component::Port, None)])),
            Example::off("//a:99", Reply::Reads(&[(Component::Host, None), (Component::Port, None)])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/digit-leading-label",
        name: "a single domain label may start with a digit (URI: \"s://123 will parse as a server-based authority\")",
        cites: "java.net.URI class Javadoc",
        explains: Custom(java_single_label),
        examples: &[
            Example::fires("//0:5", Reply::Reads(&[(Component::Host, Some("0")), (Component::Port, Some("5"))])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/ipv6-scope-id",
        name: "an IPv6 literal may carry a scope id (java.net.URI: IPv6 addresses with a scope_id)",
        cites: "java.net.URI class Javadoc",
        explains: Custom(|e| {
            if e.class != Class::TooLax {
                return false;
            }
            // Every other change of RFC 2396 as published still composes with the scope id.
            let without = strip_scope(e.input);
            let stripped = super::Evidence { input: &without, ..*e };
            without.as_slice() != e.input
                && (ipv6_reference_accepted(&stripped)
                    || accepted_once(&stripped, Edition::UriSyntax02, published_2396))
        }),
        examples: &[
            Example::fires("//[::%e]", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "java-uri",
        id: "java-uri/normalize-removes-all-dots",
        name: "normalize removes every \".\" segment, a relative path's too (URI.normalize)",
        cites: "java.net.URI.normalize() Javadoc",
        explains: Custom(|e| {
            e.class == Class::Normalization
                && !e.input.iter().any(|b| matches!(b, b':' | b'?' | b'#'))
                && std::str::from_utf8(e.input)
                    .is_ok_and(|p| Some(uri_spec::remove_dot_segments(p).as_str()) == e.got)
        }),
        examples: &[
            Example::fires("normalize:.", Reply::Text("")),
            Example::off("normalize:.", Reply::Text("/")),
        ],
    },
    Rule {
        profile: "rfc2396",
        id: "rfc2396/rfc2732-changes-together",
        name: "RFC 2396 as published with RFC 2732, every change at once (an IPv6 host, a query after the authority, reserved brackets)",
        cites: "RFC 2396 section 3 and Appendix A; RFC 2732 section 3",
        explains: TooLaxAcceptedOnce(Edition::UriSyntax02, published_2396),
        examples: &[
            Example::fires("//[::1]?q", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "perl-uri",
        id: "perl-uri/rfc2732-changes-together",
        name: "RFC 2396 as published with RFC 2732, every change at once (an IPv6 host, a query after the authority, reserved brackets)",
        cites: "RFC 2396 section 3 and Appendix A; RFC 2732 section 3",
        explains: TooLaxAcceptedOnce(Edition::UriSyntax02, published_2396),
        examples: &[
            Example::fires("//[::1]?q", Reply::Splits(&[])),
        ],
    },
    // URI(String): "An empty authority component is permitted as long as it is followed by a
    // non-empty path, a query component, or a fragment component ... If the authority component
    // is empty then the user-information, host, and port components are undefined"; and
    // getRawAuthority gives "The raw authority component of this URI, or null if the authority
    // is undefined": `new URI("///").getRawAuthority()` and `new URI("//#")`'s are null, run here.
    Rule {
        profile: "java-uri",
        id: "java-uri/empty-authority-undefined",
        name: "an empty authority before a path, query or fragment is undefined (URI(String): \"If the authority component is empty then the user-information, host, and port components are undefined\"; getRawAuthority: \"or null if the authority is undefined\")",
        cites: "java.net.URI(String) Javadoc",
        explains: Custom(|e| {
            e.class == Class::UndefinedVsEmpty(crate::model::Component::Authority)
                && e.second.is_none()
                && e.reference == Some("")
                && e.got.is_none()
                && e.reference_components.is_some_and(followed_by_more)
        }),
        examples: &[
            // `getRawAuthority()` is null for an empty authority.
            Example::fires("///", Reply::Reads(&[(Component::Authority, None)])),
            Example::fires("//#", Reply::Reads(&[(Component::Authority, None)])),
            // A defined authority read as none.
            Example::off("//a/", Reply::Reads(&[(Component::Authority, None)])),
        ],
    },
    // java.net.URI reads an input RFC 2396 as published takes (a query right after the
    // authority), or takes as RFC 2732 and its "other" characters extend it, with the draft's
    // grammar once those are spelled as the draft has them; where the draft rejects the input,
    // the lenient reading stands in for its reading, and Java's is still RFC 2396's:
    // parseServerAuthority "Attempts to parse this URI's authority component, if defined, into
    // user-information, host, and port components", and an authority that does not parse so is
    // registry-based, without them (`new URI("V://:9?").getPort()` is -1, `new URI("o://r@é")`
    // has no user information, run here).
    Rule {
        profile: "java-uri",
        id: "java-uri/registry-authority-no-server-parts",
        name: "an authority that does not parse as a server is registry-based: no user information, host or port (URI.parseServerAuthority: \"Attempts to parse this URI's authority component, if defined, into user-information, host, and port components\")",
        cites: "java.net.URI.parseServerAuthority() Javadoc",
        explains: Custom(registry_based_as_java_reads),
        examples: &[
            Example::fires("V://:9?", Reply::Splits(&[(Component::Host, None), (Component::Port, None)])),
            Example::fires("o://\u{e9}:0", Reply::Splits(&[(Component::Host, None), (Component::Port, None)])),
            // An authority the draft reads as a server loses its port.
            Example::off("V://h:9?", Reply::Splits(&[(Component::Host, None), (Component::Port, None)])),
        ],
    },
    // java.net.URI.resolve: "if the given URI's authority component is defined then ... the
    // new URI's authority and path are taken from the given URI" (RFC 2396 5.2 step 4: no dot
    // segment of a network-path reference is removed), a non-ASCII character or an IPv6
    // literal kept: `//[::]/.` against `coap:/a` is `coap://[::]/.`, `?é` against
    // `http://a/b/c/d;p?q` is `http://a/b/c/?é`, run here.
    Rule {
        profile: "java-uri",
        id: "java-uri/java-syntax-resolved-as-2396",
        name: "a reference java.net.URI takes (RFC 2732 literals, \"other\" characters, a query after the authority) is resolved as RFC 2396 5.2 resolves it (URI.resolve)",
        cites: "java.net.URI.resolve(URI) Javadoc",
        explains: Custom(java_syntax_resolved_as_2396),
        examples: &[
            Example::fires("resolve://[::]/.|coap:/a", Reply::Text("coap://[::]/.")),
            // A "/" the reference does not have.
            Example::off("resolve://[::]/.|coap:/a", Reply::Text("coap://[::]/./")),
        ],
    },
    // Last: each change alone is named by its own rule above.
    Rule {
        profile: "java-uri",
        id: "java-uri/java-changes-together",
        name: "java.net.URI's changes to RFC 2396, together: RFC 2732 (IPv6 literals, with a scope id, and reserved brackets), a query after the authority, non-ASCII \"other\" characters",
        cites: "java.net.URI class Javadoc; RFC 2732",
        explains: Custom(|e| {
            e.class == Class::TooLax
                && no_control_or_space(e.input)
                && accepted_once(e, Edition::UriSyntax02, |s| {
                    pct_encode_non_ascii(&published_2396(&strip_scope(s)))
                })
        }),
        examples: &[
            Example::fires("\u{e9}?]", Reply::Splits(&[])),
        ],
    },
];

/// RFC 2396 section 3: `absoluteURI = scheme ":" ( hier_part | opaque_part )`, and
/// `opaque_part = uric_no_slash *uric`: a URI whose part after the scheme does not begin with
/// "/" is opaque, with no authority, path or query of its own (the draft's grammar, where
/// every URI is `scheme ":" relativeURI`, reads a path and a query there).
fn opaque_part(e: &super::Evidence<'_>) -> bool {
    use crate::model::Component;
    let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
        return false;
    };
    opaque_2396(e.input)
        && matches!(
            c,
            Component::Authority
                | Component::Userinfo
                | Component::Host
                | Component::Port
                | Component::Path
                | Component::Query
        )
        && e.got.is_none()
}

/// `java.net.URI.getHost`: "A dotted-quad IPv4 address ... where no digit sequence is longer
/// than three characters and no sequence has a value larger than 255"; an authority that does
/// not parse as a server is registry-based, with no user information, host or port.
fn java_ipv4_octets(e: &super::Evidence<'_>) -> bool {
    use crate::model::Component;
    let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
        return false;
    };
    let host = e.reference_components.and_then(|s| s.get(Component::Host));
    let dotted_out_of_range = host.is_some_and(|h| {
        let groups: Vec<&str> = h.split('.').collect();
        groups.len() == 4
            && groups
                .iter()
                .all(|g| !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()))
            && groups
                .iter()
                .any(|g| g.len() > 3 || g.parse::<u32>().is_ok_and(|n| n > 255))
    });
    dotted_out_of_range
        && matches!(
            c,
            Component::Userinfo | Component::Host | Component::HostKind | Component::Port
        )
        && e.got.is_none()
}

/// An operand with an empty authority and nothing after it (`//`, `file://`, `a://`): `URI(String)`
/// allows an empty authority only "as long as it is followed by a non-empty path, a query
/// component, or a fragment component".
fn empty_authority_alone(s: &[u8]) -> bool {
    uri_spec::parse(s).is_ok_and(|c| {
        c.authority == Some("")
            && c.path.is_none_or(str::is_empty)
            && c.query.is_none()
            && c.fragment.is_none()
    })
}

/// `s` with a "%" scope id removed from its bracketed IPv6 literal (`[::%e]` is `[::]`).
fn strip_scope(s: &[u8]) -> Vec<u8> {
    let Some((pct, close)) = super::zone_span(s) else {
        return s.to_vec();
    };
    let scope = &s[pct + 1..close];
    if scope.is_empty()
        || !scope
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"_.".contains(b))
    {
        return s.to_vec();
    }
    [&s[..pct], &s[close..]].concat()
}

/// Java reads a registry-based authority where `test` holds for the reference's host and port:
/// no userinfo, host or port then.
fn java_registry_based(
    e: &super::Evidence<'_>,
    test: fn(Option<&str>, Option<&str>) -> bool,
) -> bool {
    use crate::model::Component;
    let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
        return false;
    };
    let Some(spec) = e.reference_components else {
        return false;
    };
    test(spec.get(Component::Host), spec.get(Component::Port))
        && matches!(
            c,
            Component::Userinfo | Component::Host | Component::HostKind | Component::Port
        )
        && e.got.is_none()
}

/// `java.net.URI`: "single domain label ... permitted to start with an alphanum"; where RFC 2396
/// reads such an authority (`0:5`, `@6`) as a `reg_name`, Java reads userinfo, host and port.
fn java_single_label(e: &super::Evidence<'_>) -> bool {
    use crate::model::Component;
    let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
        return false;
    };
    let Some(spec) = e.reference_components else {
        return false;
    };
    let Some(authority) = spec.get(Component::Authority) else {
        return false;
    };
    if spec.get(Component::Host).is_some() {
        return false;
    }
    // A port that is not digits stays in the host, which is then no label.
    let (userinfo, host, port) = super::server_parts(authority);
    // One label, which may keep a hostname's trailing ".".
    let bare = host.strip_suffix('.').unwrap_or(host);
    let label = !bare.is_empty()
        && !bare.contains('.')
        && bare.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && bare.as_bytes()[0].is_ascii_digit();
    if !label {
        return false;
    }
    let want = match c {
        Component::Userinfo => userinfo,
        Component::Host => Some(host),
        Component::Port => port.filter(|p| !p.is_empty()),
        _ => return false,
    };
    want == e.got
}

/// RFC 2396 as published, 3.3 and Appendix A: `rel_segment = 1*( unreserved | escaped | ";" |
/// "@" | "&" | "=" | "+" | "$" | "," )`, no ":", so a relative path's first segment with a colon
/// (and no scheme before it) is an error; the draft's `rel_path` allows one at its very start,
/// which ends no scheme (`:b`).
fn colon_in_rel_segment(e: &super::Evidence<'_>) -> bool {
    // No URI reference at all: refused, or given any normal form or target (none is defined).
    if !matches!(
        e.class,
        Class::TooStrict | Class::Normalization | Class::Resolution | Class::Equivalence
    ) {
        return false;
    }
    let first = e
        .input
        .split(|b| matches!(b, b'/' | b'?' | b'#'))
        .next()
        .unwrap_or_default();
    let Some(colon) = first.iter().position(|&b| b == b':') else {
        return false;
    };
    let scheme = &first[..colon];
    let is_scheme = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b));
    !is_scheme
}

/// RFC 2396 as published: `absoluteURI = scheme ":" ( hier_part | opaque_part )`, both at least
/// one character, so `scheme:` (or `scheme:#f`) is no URI; the draft's grammar accepts it. A
/// library may refuse it, and resolution against it is not defined: whatever a library answers
/// there is no deviation from RFC 2396.
fn bare_scheme(e: &super::Evidence<'_>) -> bool {
    fn bare(s: &[u8]) -> bool {
        let end = s.iter().position(|&b| b == b'#').unwrap_or(s.len());
        let s = &s[..end];
        s.len() > 1
            && s.ends_with(b":")
            && s[0].is_ascii_alphabetic()
            && s[..s.len() - 1]
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(b))
    }
    match e.class {
        Class::TooStrict => bare(e.input) || e.second.is_some_and(bare),
        Class::Resolution | Class::TooLax => e.second.is_some_and(bare),
        _ => false,
    }
}

/// What the draft's grammar needs for an input RFC 2396 as published and RFC 2732 accept: a
/// valid IPv6 literal host as a plain host, a "/" before a query right after the authority, and
/// any other bracket encoded.
fn published_2396(s: &[u8]) -> Vec<u8> {
    let mut out = s.to_vec();
    if let (Some(open), Some(close)) = (
        out.iter().position(|&b| b == b'['),
        out.iter().position(|&b| b == b']'),
    ) {
        let after_authority_start =
            (open >= 2 && &out[open - 2..open] == b"//") || out[..open].ends_with(b"@");
        if open < close && after_authority_start && ipv6_literal(&out[open + 1..close]) {
            out = [&out[..open], b"h", &out[close + 1..]].concat();
        }
    }
    if let Some(at) = out.windows(2).position(|w| w == b"//").map(|p| p + 2)
        && let Some(end) = out[at..]
            .iter()
            .position(|b| matches!(b, b'/' | b'?' | b'#'))
        && out[at + end] == b'?'
    {
        out.insert(at + end, b'/');
    }
    brackets_encoded(&out)
}

/// `[` and `]` outside an IP literal percent-encoded.
fn brackets_encoded(s: &[u8]) -> Vec<u8> {
    let literal = s.windows(2).position(|w| w == b"//").and_then(|at| {
        let open = at
            + 2
            + s[at + 2..]
                .iter()
                .take_while(|&&b| !matches!(b, b'/' | b'?' | b'#'))
                .position(|&b| b == b'[')?;
        let close = open + s[open..].iter().position(|&b| b == b']')?;
        Some((open, close))
    });
    let mut out = Vec::with_capacity(s.len());
    for (i, &b) in s.iter().enumerate() {
        let inside = literal.is_some_and(|(o, c)| i == o || i == c);
        match b {
            b'[' if !inside => out.extend_from_slice(b"%5B"),
            b']' if !inside => out.extend_from_slice(b"%5D"),
            _ => out.push(b),
        }
    }
    out
}

/// No control or space character outside ASCII (java.net.URI's "other" excludes them).
fn no_control_or_space(input: &[u8]) -> bool {
    std::str::from_utf8(input).is_ok_and(|s| {
        !s.chars()
            .any(|c| !c.is_ascii() && (c.is_control() || c.is_whitespace()))
    })
}

/// Whether the target is RFC 3986's, for a base with an authority and an empty path.
fn empty_base_path_merged(e: &super::Evidence<'_>) -> bool {
    let Some(base) = e.second else {
        return false;
    };
    let empty_path = uri_spec::parse(base)
        .is_ok_and(|c| c.authority.is_some() && c.path.is_none_or(str::is_empty));
    if e.class != Class::Resolution || !empty_path {
        return false;
    }
    // RFC 3986's merge, or RFC 2396's own resolution against the base with "/" for its path
    // (which keeps a leading "..": 5.2 step 6g; `URI.normalize` and Perl's
    // `$URI::ABS_REMOTE_LEADING_DOTS` document keeping it).
    let slashed = super::slash_after_authority(&String::from_utf8_lossy(base));
    uri_spec::resolve(base, e.input).ok().as_deref() == e.got
        || uri_spec::Resolver::new()
            .edition(Edition::UriSyntax02)
            .resolve(slashed.as_bytes(), e.input)
            .ok()
            .as_deref()
            == e.got
}

/// Whether the draft rejects the job only for a query right after an authority: with a "/"
/// before that "?", in the input and in the second operand, the draft accepts both.
fn query_after_authority(e: &super::Evidence<'_>) -> bool {
    fn slash_before_query(s: &[u8]) -> Option<Vec<u8>> {
        let at = s.windows(2).position(|w| w == b"//")? + 2;
        let end = at
            + s[at..]
                .iter()
                .position(|b| matches!(b, b'/' | b'?' | b'#'))?;
        (s[end] == b'?').then(|| [&s[..end], b"/", &s[end..]].concat())
    }
    fn accepted(s: &[u8]) -> bool {
        Parser::new().edition(Edition::UriSyntax02).parse(s).is_ok()
    }
    if e.class != Class::TooLax {
        return false;
    }
    let operands = [Some(e.input), e.second];
    let fixed: Vec<(bool, bool)> = operands
        .iter()
        .flatten()
        .map(|s| match slash_before_query(s) {
            Some(f) => (true, accepted(&f)),
            None => (false, accepted(s)),
        })
        .collect();
    fixed.iter().any(|(changed, _)| *changed) && fixed.iter().all(|(_, ok)| *ok)
}

/// Whether the text between the brackets is RFC 2732's `IPv6address`: RFC 2373's IPv6 text,
/// whose IPv4 groups are 1*3DIGIT (leading zeros allowed, which RFC 3986's dec-octet refuses:
/// written without them, the check is RFC 3986's `IPv6address`, otherwise the same grammar).
fn ipv6_literal(inner: &[u8]) -> bool {
    let inner = String::from_utf8_lossy(inner).into_owned();
    let inner = match inner.rsplit_once(':') {
        Some((head, v4)) if v4.contains('.') => {
            let groups: Vec<String> = v4
                .split('.')
                .map(|g| {
                    g.parse::<u32>()
                        .map_or_else(|_| g.to_owned(), |n| n.to_string())
                })
                .collect();
            format!("{head}:{}", groups.join("."))
        }
        _ => inner,
    };
    uri_spec::parse(format!("//[{inner}]").as_bytes())
        .ok()
        .and_then(|c| c.host)
        .is_some_and(|h| h.kind == uri_spec::HostKind::Ipv6)
}

/// Whether RFC 2396 rejects the input only for an RFC 2732 `IPv6reference`: the bracketed text
/// is an IPv6 address (RFC 3986's `IPv6address`, the same grammar as RFC 2732's), and with a
/// plain host in its place RFC 2396 accepts the input.
fn ipv6_reference_accepted(e: &super::Evidence<'_>) -> bool {
    if e.class != Class::TooLax {
        return false;
    }
    let (Some(open), Some(close)) = (
        e.input.iter().position(|&b| b == b'['),
        e.input.iter().position(|&b| b == b']'),
    ) else {
        return false;
    };
    if close < open {
        return false;
    }
    let plain = [&e.input[..open], b"h", &e.input[close + 1..]].concat();
    ipv6_literal(&e.input[open + 1..close])
        && Parser::new()
            .edition(Edition::UriSyntax02)
            .parse(&plain)
            .is_ok()
}

/// Whether the subject's target is RFC 2396's resolution of the reference with its brackets
/// taken as reserved characters: resolved with them percent-encoded, the target's own brackets
/// compared encoded.
fn brackets_resolved_as_2396(e: &super::Evidence<'_>) -> bool {
    brackets_resolved_where(e, |r| uri_spec::parse(r).is_err())
}

/// [`brackets_resolved_as_2396`] for Perl's URI, whose reference may also be one RFC 3986
/// takes and the draft does not: an IPvFuture literal (`//[v7.x]/.`) is RFC 3986's and no part
/// of RFC 2396 with RFC 2732 (`URI->new_abs("//[v7.x]/.", "git://a/b")` is `git://[v7.x]/.`,
/// run here).
fn perl_brackets_resolved_as_2396(e: &super::Evidence<'_>) -> bool {
    brackets_resolved_where(e, |r| {
        uri_spec::Parser::new()
            .edition(Edition::UriSyntax02)
            .parse(r)
            .is_err()
    })
}

/// The comparison of [`brackets_resolved_as_2396`], the reference's brackets counted where
/// `rejected` says the reference is rejected.
fn brackets_resolved_where(e: &super::Evidence<'_>, rejected: fn(&[u8]) -> bool) -> bool {
    let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    // A library that escaped the brackets is another rule's (Perl's `URI->new` escaping).
    let bracket = |s: &[u8]| s.iter().any(|b| matches!(b, b'[' | b']'));
    // The brackets the draft rejects are the reference's (that RFC 3986 rejects too), or the
    // base's: an IPv6 literal of RFC 2732 in the base's authority, which RFC 2396's grammar
    // lacks (`URI->new_abs("/.", "coap://[::1]/v1/")` is `coap://[::1]/.`, run here).
    let draft = uri_spec::Resolver::new().edition(Edition::UriSyntax02);
    let in_reference = bracket(e.input) && rejected(e.input);
    let in_base = bracket(base) && draft.base(base).is_err();
    if !(in_reference || in_base) || !bracket(got.as_bytes()) {
        return false;
    }
    // Outside an IP literal the brackets are data (RFC 2732 section 3: reserved); an IP literal
    // the draft cannot read is taken over as it stands, which its `reg_name` does with the
    // brackets escaped (`//[]/.` against a coap base is `coap://[]/.` in Perl's URI).
    [brackets_encoded, all_brackets_encoded]
        .iter()
        .any(|encode| {
            draft
                .resolve(encode(base), encode(e.input))
                .is_ok_and(|t| t.as_bytes() == encode(got.as_bytes()))
        })
}

/// Every `[` and `]` percent-encoded.
fn all_brackets_encoded(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for &b in s {
        match b {
            b'[' => out.extend_from_slice(b"%5B"),
            b']' => out.extend_from_slice(b"%5D"),
            _ => out.push(b),
        }
    }
    out
}

/// The target java.net.URI's resolve makes of an absolute-path reference (`/` and no second
/// `/`): the base's scheme and authority, then the reference as it is. An empty authority is
/// none to java.net.URI (`URI(String)`: "If the authority component is empty then the
/// user-information, host, and port components are undefined"), so `/` against `file:///x/y`
/// is `file:/`, run here.
fn absolute_path_taken(base: Option<&[u8]>, reference: &str) -> Option<String> {
    if !reference.starts_with('/') || reference.starts_with("//") {
        return None;
    }
    let base = uri_spec::parse(base?).ok()?;
    let scheme = base.scheme?;
    let authority = base
        .authority
        .filter(|a| !a.is_empty())
        .map_or(String::new(), |a| format!("//{a}"));
    Some(format!("{scheme}:{authority}{reference}"))
}

/// An empty authority that `URI(String)` takes: "followed by a non-empty path, a query
/// component, or a fragment component".
fn followed_by_more(c: &crate::model::Components) -> bool {
    use crate::model::Component;
    c.get(Component::Path).is_some_and(|p| !p.is_empty())
        || c.get(Component::Query).is_some()
        || c.get(Component::Fragment).is_some()
}

/// `s` spelled as the draft's grammar has what java.net.URI takes beyond it: a scope id
/// dropped, an IPv6 literal as a host name, a "/" before a query right after the authority,
/// other brackets and non-ASCII characters percent-encoded.
fn java_spelled(s: &[u8]) -> Vec<u8> {
    pct_encode_non_ascii(&published_2396(&strip_scope(s)))
}

/// Whether the evidence, on a parse the draft rejects (judged against the lenient reading), is
/// a user information, host or port java.net.URI does not have because the draft reads the
/// authority of the input spelled as it has it ([`java_spelled`]) as a `reg_name`.
fn registry_based_as_java_reads(e: &super::Evidence<'_>) -> bool {
    use crate::model::{Component, Components};
    let Class::Component(c) = e.class else {
        return false;
    };
    if e.second.is_some()
        || e.got.is_some()
        || e.reference.is_none()
        || !matches!(c, Component::Userinfo | Component::Host | Component::Port)
    {
        return false;
    }
    let parser = Parser::new().edition(Edition::UriSyntax02);
    if parser.parse(e.input).is_ok() {
        return false;
    }
    let spelled = java_spelled(e.input);
    parser.parse(&spelled).is_ok_and(|read| {
        let read = Components::from_spec(&read);
        read.get(Component::Authority).is_some() && read.get(c).is_none()
    })
}

/// Whether a resolution the draft rejects is the draft's resolution of the reference spelled
/// as it has what java.net.URI takes ([`java_spelled`]), the target spelled the same way.
fn java_syntax_resolved_as_2396(e: &super::Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let parser = Parser::new().edition(Edition::UriSyntax02);
    if parser.parse(e.input).is_ok() || !no_control_or_space(e.input) {
        return false;
    }
    let spelled = java_spelled(e.input);
    spelled != e.input
        && uri_spec::Resolver::new()
            .edition(Edition::UriSyntax02)
            .resolve(base, &spelled)
            .is_ok_and(|t| t.as_bytes() == java_spelled(got.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::super::{explain, Evidence};
    use super::*;

    fn lax(input: &[u8]) -> Evidence<'_> {
        Evidence {
            class: Class::TooLax,
            input,
            second: None,
            reparsed: None,
            reference: None,
            got: None,
            reference_components: None,
            serialization: None,
        }
    }

    /// java.net.URI and Perl's URI, run here: `?[` against `http://a/b/c/d;p?q` is
    /// `http://a/b/c/?[`; `//]/.` against `coap://a/b/c` is `coap://]/.`.
    #[test]
    fn a_reference_with_brackets_is_resolved_as_rfc_2396_resolves_it() {
        let ev = |input, base, got| Evidence {
            class: Class::Resolution,
            input,
            second: Some(base),
            reparsed: None,
            reference: None,
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        let rule = |e: &Evidence<'_>| brackets_resolved_as_2396(e);
        assert!(rule(&ev(b"?[", b"http://a/b/c/d;p?q", "http://a/b/c/?[")));
        assert!(rule(&ev(b"//]/.", b"coap://a/b/c", "coap://]/.")));
        // One step off: RFC 3986's (and the URL Standard's) targets, or no bracket at all.
        assert!(!rule(&ev(
            b"?[",
            b"http://a/b/c/d;p?q",
            "http://a/b/c/d;p?["
        )));
        assert!(!rule(&ev(b"//]/.", b"coap://a/b/c", "coap://]/")));
        assert!(!rule(&ev(b"?y", b"http://a/b/c/d;p?q", "http://a/b/c/?y")));
        // The brackets of an IP literal: `//[]/.` is `coap://[]/.`, and `/.` against
        // `coap://[::1]/v1/e.f/` is `coap://[::1]/.` (the base's literal), in Perl's URI.
        assert!(rule(&ev(b"//[]/.", b"coap:/../~u", "coap://[]/.")));
        assert!(rule(&ev(b"/.", b"coap://[::1]/v1/e.f/", "coap://[::1]/.")));
        // One step off: the dot segment removed is RFC 3986's, the base's path kept is neither.
        assert!(!rule(&ev(b"//[]/.", b"coap:/../~u", "coap://[]/")));
        assert!(!rule(&ev(
            b"/.",
            b"coap://[::1]/v1/e.f/",
            "coap://[::1]/v1/."
        )));
        // A base the draft reads (no bracket) gives the rule nothing to do.
        assert!(!rule(&ev(b"/.", b"coap://h/v1/e.f/", "coap://h/.")));
    }

    #[test]
    fn only_an_ipv6_literal_is_explained() {
        assert!(explain("rfc2396", &lax(b"http://[::1]:80/a")).is_some());
        assert!(explain("perl-uri", &lax(b"http://[fe80::1]/")).is_some());
        // Not an IPv6 address, or RFC 2396 rejects something else too.
        assert!(explain("rfc2396", &lax(b"http://[v1.x]/")).is_none());
        assert!(explain("rfc2396", &lax(b"http://[::1]/a b")).is_none());
        assert!(explain("rfc3986", &lax(b"http://[::1]/")).is_none());
    }

    #[test]
    fn a_query_right_after_the_authority() {
        assert!(explain("rfc2396", &lax(b"http://a?q")).is_some());
        assert!(explain("rfc2396", &lax(b"//?")).is_some());
        // Not the reason the draft rejects it.
        assert!(explain("rfc2396", &lax(b"http://a?q r")).is_none());
        assert!(explain("rfc2396", &lax(b"http://a/?q")).is_none());
    }

    #[test]
    fn a_scope_id_composes_with_the_other_changes_of_rfc_2396() {
        // java.net.URI: a scope id, and a query right after the authority (RFC 2396 as published).
        assert!(explain("java-uri", &lax(b"//[::%e]?")).is_some());
        assert!(explain("java-uri", &lax(b"//[::%e]")).is_some());
        // RFC 2732's IPv4 groups with leading zeros, with a scope id and a query.
        assert!(explain("java-uri", &lax(b"//[::1.01.1.1%e]?")).is_some());
        // The scope id is Java's alone, and something else wrong is still wrong.
        assert!(explain("perl-uri", &lax(b"//[::%e]?")).is_none());
        assert!(explain("java-uri", &lax(b"//[::%e]?a b")).is_none());
        // Non-ASCII "other" characters with the rest (java.net.URI's class doc).
        assert!(explain("java-uri", &lax("//[::]/\u{ff05}".as_bytes())).is_some());
        assert!(explain("java-uri", &lax("//\u{ff0e}?".as_bytes())).is_some());
        assert!(explain("perl-uri", &lax("//\u{ff0e}?".as_bytes())).is_none());
    }
}
