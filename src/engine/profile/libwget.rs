//! Profile `libwget`: GNU Wget2's IRI routines (`wget.h`, the `wget_iri_t` fields' comments,
//! Debian 12's wget2-dev 1.99.1), which follow no single standard and are read against
//! RFC 3986:
//! - host: "Hostname (or literal IP address). Lowercase and unescaped"; path and fragment:
//!   "Unescaped" (percent-decoded; the query, documented so too, is held as written). An IPv6
//!   literal's host is the "literal IP address" (`is_ip_address`: "the hostname part is a
//!   literal IPv4/IPv6 address"), without RFC 3986's brackets;
//! - path: "Path, if present": none where RFC 3986 reads an empty one;
//! - a URL without a scheme is read as HTTP (wget2(1), `--https-enforce`, mode `none`: "Use
//!   HTTP for URLs without scheme"; `wget.h`: `WGET_IRI_SCHEME_DEFAULT` is
//!   `WGET_IRI_SCHEME_HTTP`): `//a` as `http://a`, `a/b` as `http://a/b`;
//! - "will be converted to UTF-8 from the encoding given" (`wget_iri_parse`'s comment): the
//!   worker gives none, so `wget_memiconv` reads the decoded bytes as ISO-8859-1, one character
//!   per byte (`#%C3%A9` is held as `Ã©`);
//! - (the path is held without the "/" after the authority, which the worker puts back as
//!   `wget_iri_get_escaped_resource` does: no rule needed).

use super::Rule;
use crate::engine::Class;
use crate::model::Component;

/// `spec`, RFC 3986's value of `component`, as libwget holds it: host, path and fragment
/// percent-decoded, the host lowercased and an IPv6 literal without its brackets, an empty
/// path not present.
fn held(component: Component, spec: Option<&str>) -> Option<String> {
    let spec = spec?;
    match component {
        Component::Host => {
            let address = spec
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .filter(|h| !h.starts_with(['v', 'V']))
                .unwrap_or(spec);
            Some(latin1_decoded(address).to_ascii_lowercase())
        }
        Component::Path if spec.is_empty() => None,
        Component::Path | Component::Fragment => Some(latin1_decoded(spec)),
        _ => Some(spec.to_owned()),
    }
}

/// `text` percent-decoded, and each byte read as the ISO-8859-1 character of that number, as
/// `wget_memiconv` converts from "iso-8859-1" to UTF-8 (a byte that is no part of a triplet
/// included: the text is UTF-8, so its own characters are kept as they are).
fn latin1_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if let (b'%', Some(h), Some(l)) = (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            out.push(char::from(u8::try_from(h * 16 + l).unwrap_or(0)));
            i += 3;
        } else {
            let c = text[i..].chars().next().unwrap_or('\u{fffd}');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// What libwget reads for an input without a scheme: `http:` before a network-path reference
/// (`//a`), `http://` before a reference that does not start with "/"; `None` otherwise (a
/// scheme is written, or one "/" opens the input).
fn read_as_http(input: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(input).ok()?;
    if text.starts_with("//") {
        Some(format!("http:{text}"))
    } else if text.starts_with('/') {
        None
    } else {
        Some(format!("http://{text}"))
    }
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "libwget",
        name: "host, path and fragment are held unescaped, an IPv6 host as the address (wget.h: wget_iri_t)",
        explains: |e| {
            let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
                return false;
            };
            matches!(c, Component::Host | Component::Path | Component::Fragment)
                && e.spec.is_some_and(|s| !s.is_empty())
                && held(c, e.spec).as_deref() == e.got
        },
    },
    Rule {
        profile: "libwget",
        name: "no path where none is written (wget.h: wget_iri_t.path, \"Path, if present\")",
        explains: |e| {
            e.class == Class::UndefinedVsEmpty(Component::Path)
                && e.spec == Some("")
                && e.got.is_none()
        },
    },
    Rule {
        profile: "libwget",
        name: "a URL without a scheme is read as HTTP (wget2(1), --https-enforce=none: \"Use HTTP for URLs without scheme\")",
        explains: |e| {
            let Some(c) = e.component() else {
                return false;
            };
            if e.spec_components.and_then(|s| s.get(Component::Scheme)).is_some() {
                return false;
            }
            let Some(target) = read_as_http(e.input) else {
                return false;
            };
            let Ok(read) = uri_spec::parse(target.as_bytes()) else {
                return false;
            };
            let value = match c {
                Component::Scheme => read.scheme,
                Component::Userinfo => read.userinfo,
                Component::Host => read.host_str(),
                Component::Port => read.port,
                Component::Path => read.path,
                Component::Query => read.query,
                Component::Fragment => read.fragment,
                _ => return false,
            };
            held(c, value).as_deref() == e.got
        },
    },
];

#[cfg(test)]
mod tests {
    use super::{held, read_as_http};
    use crate::model::Component;

    #[test]
    fn values_are_held_as_wget_h_documents_them() {
        assert_eq!(held(Component::Host, Some("[::1]")).as_deref(), Some("::1"));
        assert_eq!(
            held(Component::Host, Some("[v1.x]")).as_deref(),
            Some("[v1.x]")
        );
        assert_eq!(held(Component::Host, Some("A%41")).as_deref(), Some("aa"));
        assert_eq!(held(Component::Path, Some("")), None);
        assert_eq!(
            held(Component::Path, Some("/b%20c")).as_deref(),
            Some("/b c")
        );
        assert_eq!(held(Component::Query, Some("%20")).as_deref(), Some("%20"));
        // Decoded bytes are read as ISO-8859-1: one character per byte.
        assert_eq!(
            held(Component::Fragment, Some("%C3%A9")).as_deref(),
            Some("\u{c3}\u{a9}")
        );
        assert_eq!(
            held(Component::Fragment, Some("%ff")).as_deref(),
            Some("\u{ff}")
        );
        assert_eq!(held(Component::Path, Some("/é%")).as_deref(), Some("/é%"));
    }

    #[test]
    fn only_a_scheme_less_input_not_opened_by_one_slash_is_read_as_http() {
        assert_eq!(read_as_http(b"//a").as_deref(), Some("http://a"));
        assert_eq!(read_as_http(b"a/b").as_deref(), Some("http://a/b"));
        assert_eq!(read_as_http(b"/a"), None);
    }
}
