//! Profile `python-urllib`: `urllib.parse`. Its documentation says:
//! - `urlsplit`: absent components are returned as empty strings, and `hostname` is lowercased,
//!   without brackets; its table gives `hostname` "None" when not present, and an empty host is
//!   none (`if not hostname: return None`; RFC 3986 3.2.2 reads an empty reg-name as the host
//!   undefined too, for a scheme's default);
//! - `urlunsplit` (which `urljoin` ends with) "may result in a slightly different, but
//!   equivalent URL, if the URL that was parsed originally had unnecessary delimiters (for
//!   example, a ? with an empty query; the RFC states that these are equivalent)";
//! - the module supports a listed set of URL schemes: `urljoin` combines only for the schemes
//!   of `uses_relative`, and returns the reference unchanged against a base of another scheme.

use super::Explains::{
    Custom, EmptyAsNone, NoAuthorityWithoutSlashes, PortAsNumber, ReadWithoutTabsNewlines,
};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// `urllib.parse.uses_relative` (CPython 3.11): the schemes `urljoin` resolves against.
const USES_RELATIVE: &[&str] = &[
    "", "ftp", "http", "gopher", "nntp", "imap", "wais", "file", "https", "shttp", "mms",
    "prospero", "rtsp", "rtsps", "rtspu", "sftp", "svn", "svn+ssh", "ws", "wss",
];

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "python-urllib",
        id: "python-urllib/netloc-needs-double-slash",
        name: "no netloc unless \"//\" follows the scheme (urllib.parse: \"urlparse recognizes a netloc only if it is properly introduced by '//'\")",
        cites: "urllib.parse docs, urlsplit",
        explains: NoAuthorityWithoutSlashes,
        examples: &[
            Example::fires("http:\\a", Reply::Splits(&[(Component::Host, None)])),
            Example::fires("http:/\\a", Reply::Splits(&[(Component::Host, None)])),
            // With "//" the rule says nothing.
            Example::off("http://\\a", Reply::Splits(&[(Component::Host, None)])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/tab-newline-removed",
        name: "tabs and newlines are removed before the split (urlsplit: \"Changed in version 3.9.5: ASCII newline and tab characters are stripped from the URL\")",
        cites: "urllib.parse docs, urlsplit",
        explains: ReadWithoutTabsNewlines,
        examples: &[
            Example::fires("p:a\tb", Reply::Splits(&[(Component::Path, Some("ab"))])),
            // urlsplit does not remove a vertical tab.
            Example::off("p:a\u{b}b", Reply::Splits(&[(Component::Path, Some("ab"))])),
        ],
    },
    // urlsplit's documentation: "Following some of the WHATWG spec that updates RFC 3986,
    // leading C0 control and space characters are stripped from the URL. \n, \r and tab \t
    // characters are removed from the URL at any position." Trailing ones are not stripped, as
    // the URL Standard strips them: `urlsplit("http://a/\0").path` is `/\0`, run here.
    Rule {
        profile: "python-urllib",
        id: "python-urllib/trailing-controls-kept",
        name: "only leading C0 controls and spaces are stripped, trailing ones kept (urlsplit: \"leading C0 control and space characters are stripped from the URL\")",
        cites: "urllib.parse docs, urlsplit",
        explains: Custom(trailing_controls_kept),
        examples: &[
            // urlsplit strips leading C0 controls and spaces, trailing ones kept.
            Example::fires("http://a/\0", Reply::Splits(&[])),
            Example::off("http://a/\tb", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/urljoin-non-relative-scheme",
        name: "urljoin returns the reference unchanged against a base whose scheme is not in uses_relative",
        cites: "urllib.parse docs, urljoin (uses_relative)",
        explains: Custom(|e| {
            let Some(base) = e.second else {
                return false;
            };
            let scheme = uri_spec::parse(base)
                .ok()
                .and_then(|c| c.scheme)
                .map(str::to_ascii_lowercase);
            e.class == Class::Resolution
                && scheme.is_some_and(|s| !USES_RELATIVE.contains(&s.as_str()))
                && e.got.map(str::as_bytes) == Some(e.input)
        }),
        examples: &[
            Example::fires("resolve:g|foo://a/b", Reply::Text("g")),
            Example::off("resolve:g|foo://a/b", Reply::Text("h")),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/urljoin-drops-empty-delimiters",
        name: "urljoin drops an empty query or fragment delimiter (urlunsplit: \"unnecessary delimiters\")",
        cites: "urllib.parse docs, urlunsplit",
        explains: Custom(|e| {
            let Some(base) = e.second else {
                return false;
            };
            if e.class != Class::Resolution {
                return false;
            }
            // The target, written back without an empty query's "?" or an empty fragment's
            // "#" wherever they stand (`?#x` is `#x`). The reference is resolved as written: an
            // empty query that replaces the base's is a change of query, not a delimiter.
            let Ok(target) = uri_spec::resolve(base, e.input) else {
                return false;
            };
            empty_parts_dropped(&target)
                .is_some_and(|written| written != target && e.got == Some(written.as_str()))
        }),
        examples: &[
            Example::fires("resolve:?#x|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p#x")),
            Example::off("resolve:?#x|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p#y")),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/absent-component-empty",
        name: "urlsplit gives '' for an absent component",
        cites: "urllib.parse docs, urlsplit",
        explains: Custom(|e| {
            matches!(e.class, Class::UndefinedVsEmpty(_)) && e.reference.is_none() && e.got == Some("")
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Fragment, Some(""))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Fragment, Some("x"))])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/empty-host-none",
        name: "an empty host is None (hostname: \"None\" when not present)",
        cites: "urllib.parse docs, urlsplit",
        explains: EmptyAsNone(&[Component::Host]),
        examples: &[
            Example::fires("//", Reply::Reads(&[(Component::Host, None)])),
            Example::off("//a", Reply::Reads(&[(Component::Host, None)])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/hostname-lowercased-unbracketed",
        name: "hostname is lowercased, without the IPv6 brackets",
        cites: "urllib.parse docs, urlsplit",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && e.reference
                    .map(|h| {
                        h.trim_start_matches('[')
                            .trim_end_matches(']')
                            .to_ascii_lowercase()
                    })
                    .as_deref()
                    == e.got
        }),
        examples: &[
            Example::fires("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::2"))])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/port-as-integer",
        name: "the port is an integer (urlsplit: \"port: Port number as integer, if present\")",
        cites: "urllib.parse docs, urlsplit",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:007/", Reply::Reads(&[(Component::Port, Some("7"))])),
            Example::off("http://a:007/", Reply::Reads(&[(Component::Port, Some("70"))])),
        ],
    },
    Rule {
        profile: "python-urllib",
        id: "python-urllib/port-out-of-range-valueerror",
        name: "a port outside 0-65535 raises ValueError (urlsplit: \"Out-of-range port numbers now raise ValueError\", changed in 3.6)",
        cites: "urllib.parse docs, urlsplit",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && e.reference_components
                    .and_then(|c| c.get(Component::Port))
                    .is_some_and(|p| !p.is_empty() && p.parse::<u16>().is_err())
        }),
        examples: &[
            // `urlsplit(x).port` raises ValueError above 65535; 65535 is a port.
            Example::fires("//h:65536", Reply::Rejected),
            Example::off("//h:65535", Reply::Rejected),
        ],
    },
];

/// Whether the evidence is the lenient reading of the input as urlsplit cleans it (leading C0
/// controls and spaces stripped, tabs and newlines removed) but for the C0 controls and spaces
/// at its end, which stay at the end of the subject's value.
fn trailing_controls_kept(e: &super::Evidence<'_>) -> bool {
    let c0 = |b: &u8| *b <= b' ';
    let start = e.input.iter().position(|b| !c0(b)).unwrap_or(e.input.len());
    let read = super::tabs_newlines_removed(&e.input[start..]);
    let end = read.iter().rposition(|b| !c0(b)).map_or(0, |i| i + 1);
    let trailing = std::str::from_utf8(&read[end..]).unwrap_or("");
    let Some(kept) = e.got.and_then(|g| g.strip_suffix(trailing)) else {
        return false;
    };
    !trailing.is_empty()
        && super::lenient_reading_of(
            &super::Evidence {
                got: Some(kept),
                ..*e
            },
            &read[..end],
        )
}

#[cfg(test)]
mod trailing_tests {
    use super::trailing_controls_kept;
    use crate::engine::profile::Evidence;
    use crate::engine::Class;
    use crate::model::Component;

    /// `urlsplit("http://a/\0").path` is `/\0` and `urlsplit(" http://a/b\x0b")` has the path
    /// `/b\x0b`, run here with Python 3.11.
    #[test]
    fn only_leading_controls_are_stripped() {
        let ev = |input, got| Evidence {
            class: Class::Component(Component::Path),
            input,
            second: None,
            reparsed: None,
            reference: Some("/"),
            got: Some(got),
            reference_components: None,
            serialization: None,
        };
        assert!(trailing_controls_kept(&ev(b"http://a/\0", "/\0")));
        assert!(trailing_controls_kept(&ev(b" http://a/b\x0b", "/b\x0b")));
        // One step off: no trailing control, or another path.
        assert!(!trailing_controls_kept(&ev(b"http://a/b", "/b")));
        assert!(!trailing_controls_kept(&ev(b"http://a/\0", "/c\0")));
    }
}
