//! Profile `go-net-url`: Go's `net/url`. `URL`'s documentation: an empty host or fragment is the
//! empty string, as is none (`ForceQuery` and `RawFragment` aside); and `URL.Host` holds the host
//! unescaped, as `Path` is "stored in decoded form" (`url.Parse` unescapes the host; its
//! `String` escapes it again), which `Hostname` returns.
//!
//! `unescape` in net/url/url.go (Go 1.19) says why a host with an ASCII byte percent-encoded is
//! an `EscapeError`: "Per https://tools.ietf.org/html/rfc3986#page-21 in the host component
//! %-encoding can only be used for non-ASCII bytes", "%25" excepted for RFC 6874's zones.
//!
//! The userinfo is reported as `Userinfo.String()` gives it (the worker's mapping): "the encoded
//! userinfo information", each of username and password decoded by `url.Parse` and escaped
//! again by `shouldEscape` in its `encodeUserPassword` mode, whose comments say "The RFC allows
//! ';', ':', '&', '=', '+', '$', and ',' in userinfo, so we must escape only '@', '/', and '?'.
//! The parsing of userinfo treats ':' as special so we must escape that too", and of the other
//! sub-delims "we always escape sub-delims outside of the fragment".
//!
//! With no empty fragment (`URL.Fragment` is "fragment for references, without '#'", and the
//! struct has no `ForceQuery` for it), `ResolveReference` on a reference whose fragment is empty
//! gives a target without one.
//!
//! `ResolveReference` "resolves a URI reference to an absolute URI from an absolute base URI u,
//! per RFC 3986 Section 5.2", and has no error to return: a base without a scheme is outside
//! its contract (RFC 3986 5.1 leaves establishing an absolute base to the caller), so that it
//! answers for one is not a finding. A reference the grammar refuses, against any base, stays
//! one: that is the library's own reading.

use super::Explains::{
    Custom, EscapedWhereLenient, NoAuthorityWithoutSlashes, TooLaxForARelativeBase,
};
use super::{pct_decode_exact, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // `EscapedPath` and `EscapedFragment` ("returns the escaped form of u.Path" / "of
    // u.Fragment"; "computes an escaped form on its own" where the raw text is no valid
    // escaping): where the URL Standard removes a character or reads `\` as `/`, Go writes it
    // escaped (`http://a#\t` has the fragment `%09`, `file:///\` the path `/%5C`, run here).
    Rule {
        profile: "go-net-url",
        id: "go-net-url/escaped-path-fragment-whatwg",
        name: "EscapedPath and EscapedFragment escape what the URL Standard removes or rereads (\"returns the escaped form\")",
        cites: "net/url docs, URL.EscapedPath and URL.EscapedFragment",
        explains: EscapedWhereLenient,
        examples: &[
            Example::fires("http://a#\t", Reply::Splits(&[(Component::Fragment, Some("%09"))])),
            Example::off("http://a#\t", Reply::Splits(&[(Component::Fragment, Some(" "))])),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/authority-needs-double-slash",
        name: "no authority unless \"//\" follows the scheme (URL: \"URLs that do not start with a slash after the scheme are interpreted as: scheme:opaque[?query][#fragment]\"; the general form [scheme:][//[userinfo@]host][/]path)",
        cites: "net/url docs, URL",
        explains: NoAuthorityWithoutSlashes,
        examples: &[
            // `url.Parse("http:\\a")`: no host, the rest an opaque part.
            Example::fires("http:\\a", Reply::Splits(&[(Component::Host, None)])),
            Example::fires("http:/\\a", Reply::Splits(&[(Component::Host, None)])),
            Example::off("http://\\a", Reply::Splits(&[(Component::Host, None)])),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/empty-host-fragment-as-none",
        name: "an empty host or fragment cannot be told from none",
        cites: "net/url docs, URL (Host, Fragment, ForceQuery)",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(
                    Component::Host | Component::Fragment | Component::Authority
                )
            )
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Fragment, Some(""))])),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/host-pct-decoded",
        name: "the host is held percent-decoded (URL.Host, Hostname)",
        cites: "net/url docs, URL.Host and URL.Hostname",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Host)
                && e.reference.is_some_and(|h| h.contains('%'))
                && e.reference.map(pct_decode_exact).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://%24/", Reply::Reads(&[(Component::Host, Some("$"))])),
            Example::off("http://%24/", Reply::Reads(&[(Component::Host, Some("%"))])),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/host-ascii-escape-error",
        name: "a host with an ASCII byte percent-encoded (not %25) is an EscapeError (unescape: \"in the host component %-encoding can only be used for non-ASCII bytes\")",
        cites: "net/url/url.go, unescape (Go 1.19)",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.reference_components.is_some_and(|c| {
                    c.get(Component::Host)
                        .is_some_and(|h| !h.starts_with('[') && ascii_escaped(h))
                })
        }),
        examples: &[
            // unescape in a host: "%" escapes "can only be used for non-ASCII bytes".
            Example::fires("//%2c", Reply::Rejected),
            Example::fires("http://%41/x", Reply::Rejected),
            // Escaped non-ASCII bytes are taken in a host: refusing them is no documented rule.
            Example::off("//%c3%a9", Reply::Rejected),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/resolved-empty-fragment-none",
        name: "a resolved target's empty fragment is none (URL.Fragment has no empty fragment)",
        cites: "net/url docs, URL (Host, Fragment, ForceQuery)",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.reference
                    .and_then(|t| t.strip_suffix('#'))
                    .is_some_and(|t| Some(t) == e.got)
        }),
        examples: &[
            Example::fires("resolve:#|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?q")),
            Example::fires("resolve:g#|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/g")),
            // The base's fragment kept for an empty reference is not the missing empty fragment.
            Example::off("resolve:#|http://a/b#f", Reply::Text("http://a/b#f")),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/relative-base-out-of-contract",
        name: "a base without a scheme is outside ResolveReference's contract (\"from an absolute base URI u\")",
        cites: "net/url docs, URL.ResolveReference",
        explains: TooLaxForARelativeBase(uri_spec::Edition::Rfc3986),
        examples: &[
            // ResolveReference takes an absolute base: against a relative one it answers (`""` against
            // `b/c` is `/b/c` with Go 1.19), outside its contract.
            Example::fires("resolve:|b/c", Reply::Text("/b/c")),
            Example::fires("resolve:g|//h", Reply::Text("//h/g")),
            // A reference the grammar refuses is accepted, against a relative base as against an absolute
            // one: the library's own reading, not the base's.
            Example::off("resolve:a b|b/c", Reply::Text("/b/a%20b")),
            Example::off("resolve:a b|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/a%20b")),
        ],
    },
    Rule {
        profile: "go-net-url",
        id: "go-net-url/userinfo-reescaped",
        name: "the userinfo is Userinfo.String(): decoded, then every byte but letters, digits, \"-._~\" and \"$&+,;=\" escaped, the password's \":\" too (shouldEscape: \"we always escape sub-delims outside of the fragment\")",
        cites: "net/url docs, Userinfo.String; net/url/url.go, shouldEscape",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Userinfo)
                && e.reference.map(userinfo_string).as_deref() == e.got
        }),
        examples: &[
            // Userinfo.String(): sub-delims escaped, and the password's ":"; "$" escaped is not what it gives.
            Example::fires("//!::@h", Reply::Reads(&[(Component::Userinfo, Some("%21:%3A"))])),
            Example::off("//$@h", Reply::Reads(&[(Component::Userinfo, Some("%24"))])),
        ],
    },
];

/// `userinfo` as Go's `Userinfo.String()` writes it once `url.Parse` has read it: the username
/// (up to the first ":") and the password each percent-decoded, then escaped as
/// `escape(s, encodeUserPassword)` does (uppercase hex).
fn userinfo_string(userinfo: &str) -> String {
    let escape = |part: &str| {
        super::pct_encoded(&super::pct_decode_bytes(part), |b| {
            b.is_ascii_alphanumeric() || b"-._~$&+,;=".contains(&b)
        })
    };
    match userinfo.split_once(':') {
        Some((username, password)) => format!("{}:{}", escape(username), escape(password)),
        None => escape(userinfo),
    }
}

/// Whether `host` holds a percent-encoded byte below 0x80 other than "%25" (what Go's `unescape`
/// refuses in a host: its first hex digit below 8).
fn ascii_escaped(host: &str) -> bool {
    let b = host.as_bytes();
    b.iter().enumerate().any(|(i, &c)| {
        c == b'%'
            && b.get(i + 1).is_some_and(|d| (b'0'..=b'7').contains(d))
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i..i + 3) != Some(&b"%25"[..])
    })
}
