//! Rules of every profile: the normalizations RFC 3986 itself sanctions, which change no
//! meaning when a parser applies them while parsing.
//! - 6.2.2.1: the scheme and host are case-insensitive and normalize to lowercase; the
//!   hexadecimal digits of a percent-encoding are case-insensitive and normalize to uppercase.
//! - 6.2.2.2 (and 2.3): percent-encoded unreserved characters "should be decoded"; a URI with
//!   them decoded is the same URI (a reserved character's encoding is another URI, 2.2).
//! - 5.2.2: "A non-strict parser may ignore a scheme in the reference if it is identical to the
//!   base URI's scheme" (5.4.2: `http:g` is `http://a/b/c/g` to such a parser);
//! - 5.3's recomposition, read literally, writes a target path that begins with "//" after the
//!   scheme even without an authority (impl, like RFC 3986 section 4.2 advises, adds "/."):
//!   a library that writes it literally follows the text;
//! - 6.2.2.2 for a round trip: a serialization that decodes percent-encoded unreserved
//!   characters, read again, is an equivalent URI;
//! - 5.2.1: "Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is
//!   optional": a target resolved against the base with its dot-segments removed (6.2.2.3);
//! - 3.2.3: "URI producers and normalizers should omit the port component and its ':' delimiter
//!   if port is empty": a parser (most have an integer port) that reads an empty port as none.

use super::Explains::{Custom, EmptyAsNone};
use super::{lower, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // `FILE:` read as `file:///` (url-parse 1.5.10, the URL Standard), run here.
    Rule {
        profile: "*",
        id: "any/file-no-authority-as-empty-host",
        name: "a file URI without an authority read with an empty host: one meaning (RFC 3986 3.2.2: \"the \\\"file\\\" URI scheme is defined so that no authority, an empty host, and \\\"localhost\\\" all mean the end-user's machine\")",
        cites: "RFC 3986 section 3.2.2",
        explains: Custom(|e| {
            e.class == Class::UndefinedVsEmpty(Component::Host)
                && e.scheme().as_deref() == Some("file")
                && e.reference.is_none()
                && e.got == Some("")
        }),
        examples: &[
            Example::fires("FILE:", Reply::Reads(&[(Component::Host, Some(""))])),
            // Another scheme is another reading.
            Example::off("coap:", Reply::Reads(&[(Component::Host, Some(""))])),
        ],
    },
    Rule {
        profile: "*",
        id: "any/scheme-lowercased",
        name: "scheme lowercased (case normalization, RFC 3986 6.2.2.1)",
        cites: "RFC 3986 section 6.2.2.1",
        explains: Custom(|e| e.component() == Some(Component::Scheme) && lower(e.reference).as_deref() == e.got),
        examples: &[
            Example::fires("HTTP://a", Reply::Reads(&[(Component::Scheme, Some("http"))])),
            Example::off("HTTP://a", Reply::Reads(&[(Component::Scheme, Some("https"))])),
        ],
    },
    Rule {
        profile: "*",
        id: "any/resolved-scheme-lowercased",
        name: "a resolved or normalized URI's scheme lowercased, the rest as the reference's (case normalization, RFC 3986 6.2.2.1)",
        cites: "RFC 3986 section 6.2.2.1",
        explains: Custom(|e| {
            let (Class::Resolution | Class::Normalization, Some(spec), Some(got)) =
                (e.class, e.reference, e.got)
            else {
                return false;
            };
            let scheme_end = |t: &str| {
                uri_spec::parse(t.as_bytes())
                    .ok()
                    .and_then(|c| c.scheme.map(str::len))
            };
            scheme_end(spec).is_some_and(|n| {
                got.len() == spec.len()
                    && got[..n] == spec[..n].to_ascii_lowercase()
                    && got[n..] == spec[n..]
                    && got != spec
            })
        }),
        examples: &[
            Example::fires("resolve:P:|http://a/b", Reply::Text("p:")),
            Example::off("resolve:P:|http://a/b", Reply::Text("q:")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/host-case-insensitive",
        name: "host in another case (case-insensitive, RFC 3986 3.2.2 and 6.2.2.1)",
        cites: "RFC 3986 sections 3.2.2 and 6.2.2.1",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && matches!((e.reference, e.got), (Some(s), Some(g)) if s.eq_ignore_ascii_case(g))
        }),
        examples: &[
            Example::fires("http://A/", Reply::Reads(&[(Component::Host, Some("a"))])),
            Example::off("http://A/", Reply::Reads(&[(Component::Host, Some("b"))])),
        ],
    },
    Rule {
        profile: "*",
        id: "any/pct-hex-uppercased",
        name: "percent-encodings' hexadecimal digits uppercased (case normalization, RFC 3986 6.2.2.1)",
        cites: "RFC 3986 section 6.2.2.1",
        explains: Custom(|e| {
            e.component().is_some()
                && e.reference.is_some_and(|s| s.contains('%'))
                && e.reference.map(upper_hex).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://a/%2f", Reply::Reads(&[(Component::Path, Some("/%2F"))])),
            Example::off("http://a/%2f", Reply::Reads(&[(Component::Path, Some("/%3F"))])),
        ],
    },
    Rule {
        profile: "*",
        id: "any/pct-unreserved-decoded",
        name: "percent-encoded unreserved characters decoded (percent-encoding normalization, RFC 3986 6.2.2.2)",
        cites: "RFC 3986 section 6.2.2.2",
        explains: Custom(|e| {
            e.component().is_some()
                && e.reference.is_some_and(|s| s.contains('%'))
                && e.reference.map(unreserved_decoded).as_deref() == e.got
        }),
        examples: &[
            Example::fires("//%70@h", Reply::Reads(&[(Component::Userinfo, Some("p"))])),
            Example::off("//%70@h", Reply::Reads(&[(Component::Userinfo, Some("q"))])),
        ],
    },
    Rule {
        profile: "*",
        id: "any/ref-scheme-same-as-base-ignored",
        name: "a reference's scheme equal to the base's ignored (RFC 3986 5.2.2, non-strict)",
        cites: "RFC 3986 section 5.2.2",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base)) = (e.class, e.second) else {
                return false;
            };
            let (Ok(b), Ok(r)) = (uri_spec::parse(base), uri_spec::parse(e.input)) else {
                return false;
            };
            let (Some(bs), Some(rs)) = (b.scheme, r.scheme) else {
                return false;
            };
            bs.eq_ignore_ascii_case(rs)
                && uri_spec::Resolver::new()
                    .strict(false)
                    .resolve(base, e.input)
                    .ok()
                    .as_deref()
                    == e.got
        }),
        examples: &[
            Example::fires("resolve:http:g|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/g")),
            Example::off("resolve:http:g|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/h")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/double-slash-path-recomposed",
        name: "a target path beginning with \"//\" without an authority, written as RFC 3986 5.3 recomposes it (no \"/.\" added)",
        cites: "RFC 3986 section 5.3",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.reference.is_some_and(|t| t.contains(":/.//") || t.starts_with("/.//"))
                && e.reference.map(|t| t.replacen("/.//", "//", 1)).as_deref() == e.got
        }),
        examples: &[
            Example::fires("resolve:.//|a:/b", Reply::Text("a://")),
            Example::off("resolve:.//|a:/b", Reply::Text("a:/x")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/empty-port-omitted",
        name: "an empty port omitted by a resolution or normalization (RFC 3986 3.2.3: \"URI producers and normalizers should omit the port component and its ':' delimiter if port is empty\")",
        cites: "RFC 3986 section 3.2.3",
        explains: Custom(|e| {
            matches!(e.class, Class::Resolution | Class::Normalization)
                && e.reference.and_then(without_empty_port).as_deref() == e.got
        }),
        examples: &[
            // java.net.URI resolving `//M:` against `http://a/b` to `http://M`; the host dropped with the
            // port is not RFC 3986 3.2.3's omission.
            Example::fires("resolve://M:|http://a/b", Reply::Text("http://M")),
            Example::off("resolve://M:|http://a/b", Reply::Text("http:")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/base-dot-segments-removed",
        name: "resolved against the base with its dot-segments removed (RFC 3986 5.2.1: \"Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is optional\"; 6.2.2.3: path segment normalization)",
        cites: "RFC 3986 sections 5.2.1 and 6.2.2.3",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            dotless(base)
                .filter(|b| b.as_bytes() != base)
                .and_then(|b| uri_spec::resolve(b.as_bytes(), e.input).ok())
                .is_some_and(|t| t == got)
        }),
        examples: &[
            // Node's `url.resolve("coap://app.example.info/~u/x/.?", "#")`, run here: the base's `.`
            // dropped. A "." segment removed with its parent is no normalization of the base, nor is a
            // base that had no dot-segment to remove.
            Example::fires("resolve:#|coap://app.example.info/~u/x/.?", Reply::Text("coap://app.example.info/~u/x/?#")),
            Example::off("resolve:#|coap://app.example.info/~u/x/.?", Reply::Text("coap://app.example.info/~u/?#")),
            Example::off("resolve:#|coap://app.example.info/~u/x/?", Reply::Text("coap://app.example.info/~u/?#")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/round-trip-decodes-unreserved",
        name: "a round trip decodes percent-encoded unreserved characters (RFC 3986 6.2.2.2: \"URIs that differ in the replacement of an unreserved character with its corresponding percent-encoded US-ASCII octet are equivalent\")",
        cites: "RFC 3986 section 6.2.2.2",
        explains: Custom(|e| {
            let (Class::RoundTrip, Some(first), Some(again)) =
                (e.class, e.reference_components, e.reparsed)
            else {
                return false;
            };
            let mut decoded = false;
            Component::ALL.into_iter().all(|c| {
                let (was, now) = (first.get(c), again.get(c));
                if was == now {
                    return true;
                }
                let same = was.map(unreserved_decoded).as_deref() == now;
                decoded |= same;
                same
            }) && decoded
        }),
        examples: &[
            // uri-js 4.4.1: `serialize(parse("#%2E"))` is `#.`; another character than the one encoded,
            // and a reserved character decoded (RFC 3986 2.2: another URI), are one step off.
            Example::fires("#%2E", Reply::Serializes("#.")),
            Example::off("#%2E", Reply::Serializes("#,")),
            Example::off("#%2F", Reply::Serializes("#/")),
        ],
    },
    Rule {
        profile: "*",
        id: "any/empty-port-none",
        name: "an empty port read as none (RFC 3986 3.2.3: an empty port should be omitted)",
        cites: "RFC 3986 section 3.2.3",
        explains: EmptyAsNone(&[Component::Port]),
        examples: &[
            Example::fires("http://a:/", Reply::Reads(&[(Component::Port, None)])),
            Example::off("http://a:1/", Reply::Reads(&[(Component::Port, None)])),
        ],
    },
];

/// Rules of every profile tried after every profile's own ([`super::TABLES`] ends with them):
/// where a library's own documented rule also explains a difference, it names the behaviour
/// more precisely.
pub(super) const LAST: &[Rule] = &[
    Rule {
        profile: "*",
        id: "any/base-normalized",
        name: "resolved against the base in its normal form (RFC 3986 5.2.1: \"Normalization of the base URI, as described in Sections 6.2.2 and 6.2.3, is optional\")",
        cites: "RFC 3986 section 5.2.1",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            [uri_spec::normalize(base), uri_spec::normalize_scheme_based(base)]
                .into_iter()
                .flatten()
                .filter(|b| b.as_bytes() != base)
                .any(|b| uri_spec::resolve(b.as_bytes(), e.input).is_ok_and(|t| t == got))
        }),
        examples: &[
            // URI.js resolving against a base in its normal form (`%7E` decoded).
            Example::fires("resolve:.|http://a/%7Eu/%7eu/x", Reply::Text("http://a/~u/~u/")),
            Example::off("resolve:.|http://a/%7Eu/%7eu/x", Reply::Text("http://a/~v/")),
        ],
    },
];

/// `reference` (a URI reference as RFC 3986 writes it) without the ":" of its authority's empty
/// port; `None` when its authority has no empty port (or it has no authority).
///
/// ```text
/// http://a:/b -> http://a/b     //[::1]:?q -> //[::1]?q     http://a/b: -> None
/// ```
fn without_empty_port(reference: &str) -> Option<String> {
    // RFC 3986 3: the authority follows "//" at the start or after "scheme:", up to the first
    // "/", "?" or "#".
    let start = match reference.find("//") {
        Some(0) => 2,
        Some(n)
            if reference[..n].ends_with(':') && !reference[..n - 1].contains(['/', '?', '#']) =>
        {
            n + 2
        }
        _ => return None,
    };
    let end = reference[start..]
        .find(['/', '?', '#'])
        .map_or(reference.len(), |n| start + n);
    let authority = &reference[start..end];
    // 3.2.3: the port follows the last ":" after the host; an IP literal's colons are inside
    // its brackets.
    let colon = end - 1;
    let host_end = authority.rfind(']').map_or(0, |n| start + n);
    (authority.ends_with(':') && colon >= host_end)
        .then(|| format!("{}{}", &reference[..colon], &reference[end..]))
}

/// `s` (a URI reference) with its path's dot-segments removed (RFC 3986 5.2.4, the path segment
/// normalization of 6.2.2.3), the rest as written; `None` when RFC 3986 reads no reference.
///
/// ```text
/// coap://h/~u/x/.?q -> coap://h/~u/x/?q     a/./b/../c#f -> a/c#f
/// ```
pub(super) fn dotless(s: &[u8]) -> Option<String> {
    let s = std::str::from_utf8(s).ok()?;
    let end = s.find(['?', '#']).unwrap_or(s.len());
    let c = uri_spec::parse(s.as_bytes()).ok()?;
    let (head, path) = match (c.scheme, c.authority) {
        (None, None) => ("", &s[..end]),
        _ => {
            let p = c.path.unwrap_or("");
            let at = s[..end].len() - p.len();
            (&s[..at], p)
        }
    };
    Some(format!(
        "{head}{}{}",
        uri_spec::remove_dot_segments(path),
        &s[end..]
    ))
}

/// `s` with the two hexadecimal digits after each `%` uppercased.
pub(super) fn upper_hex(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut after = 0;
    for c in s.chars() {
        if after > 0 {
            out.push(c.to_ascii_uppercase());
            after -= 1;
        } else {
            out.push(c);
            if c == '%' {
                after = 2;
            }
        }
    }
    out
}

/// `s` with each percent-encoded unreserved character (RFC 3986 2.3: ALPHA, DIGIT, "-", ".",
/// "_", "~") decoded and every other percent-encoding's hexadecimal digits uppercased.
fn unreserved_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if let (b'%', Some(h), Some(l)) = (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            let octet = (h * 16 + l) as u8;
            if octet.is_ascii_alphanumeric() || b"-._~".contains(&octet) {
                out.push(octet as char);
            } else {
                out.push_str(&s[i..i + 3].to_ascii_uppercase());
            }
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap_or('\u{fffd}');
            out.push(c);
            i += c.len_utf8().max(1);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    /// URI.js's `URI(R).absoluteTo(B)`, run here: `.` against `http://a/%7Eu/%7eu/x` is
    /// `http://a/~u/~u/`, `g` against `http://a/%7Eu/%2f/x` is `http://a/~u/%2F/g`.
    #[test]
    fn a_resolution_against_the_normalized_base_is_by_design() {
        use crate::engine::profile::{explain, Evidence};
        use crate::engine::Class;
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
        let id = |e: &Evidence<'_>| explain("urijs", e).map(|r| r.id);
        assert_eq!(
            id(&ev(b".", b"http://a/%7Eu/%7eu/x", "http://a/~u/~u/")),
            Some("any/base-normalized")
        );
        assert_eq!(
            id(&ev(b"g", b"http://a/%7Eu/%2f/x", "http://a/~u/%2F/g")),
            Some("any/base-normalized")
        );
        // One step off: the reference itself normalized, or a target no normal base gives.
        assert_eq!(id(&ev(b"%7e", b"http://a/b", "http://a/~")), None);
        assert_eq!(id(&ev(b".", b"http://a/%7Eu/x", "http://a/~v/")), None);
    }

    #[test]
    fn dotless_removes_only_the_paths_dot_segments() {
        use super::dotless as d;
        assert_eq!(d(b"coap://h/~u/x/.?q").as_deref(), Some("coap://h/~u/x/?q"));
        assert_eq!(d(b"a/./b/../c#f").as_deref(), Some("a/c#f"));
        assert_eq!(
            d(b"http://a/b?x/../y").as_deref(),
            Some("http://a/b?x/../y")
        );
        assert_eq!(d(b"http://a/%2E/b").as_deref(), Some("http://a/%2E/b"));
        assert_eq!(d(b"%zz"), None);
    }

    #[test]
    fn without_empty_port_drops_only_an_empty_port() {
        use super::without_empty_port as w;
        assert_eq!(w("http://a:/b").as_deref(), Some("http://a/b"));
        assert_eq!(w("http://M:").as_deref(), Some("http://M"));
        assert_eq!(w("//[::1]:?q").as_deref(), Some("//[::1]?q"));
        assert_eq!(w("//u:@h:#f").as_deref(), Some("//u:@h#f"));
        assert_eq!(w("http://a:1/b"), None);
        assert_eq!(w("http://[::1]/"), None);
        assert_eq!(w("http://a/b:"), None);
        assert_eq!(w("a/b://c:"), None);
        assert_eq!(w("mailto:a:"), None);
    }

    use super::{unreserved_decoded, upper_hex};

    #[test]
    fn only_unreserved_characters_are_decoded() {
        assert_eq!(unreserved_decoded("%70%7e%2f%24x"), "p~%2F%24x");
        assert_eq!(unreserved_decoded("caf%C3%A9%"), "caf%C3%A9%");
    }

    #[test]
    fn only_the_digits_after_a_percent_sign() {
        assert_eq!(upper_hex("%2fab%c3%a9"), "%2Fab%C3%A9");
        assert_eq!(upper_hex("ab%"), "ab%");
    }
}
