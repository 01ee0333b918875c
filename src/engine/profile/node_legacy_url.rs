//! Profile `node-legacy-url`: Node's `url.parse()`, which its documentation calls "a lenient,
//! non-standard algorithm", read against RFC 3986. Its `slashesDenoteHost` argument "defaults to
//! false": "If true, the first token after the literal string // and preceding the next / will
//! be interpreted as the host" — so without it, a reference that begins with `//` and has no
//! scheme is all path (`url.parse('//a/b')` has the pathname `//a/b` and no host). Its `auth` is
//! returned percent-decoded (the worker's declared note; `url.parse('http://%41@h').auth` is
//! `A`). And its "Percent-encoding in URLs" section: "spaces (' ') and the following characters
//! will be automatically escaped in the properties of URL objects: < > \" ` \r \n \t { } | \\ ^
//! '": `url.resolve`, which formats the URL object it resolves, writes them so too.
//!
//! Node's changelog, "url: trim leading and trailing C0 control chars" (nodejs/node#42196):
//! `url.parse` trims them, the space with them, before it reads the input.
//! Its "url: treat `\` the same as /" (nodejs/node-v0.x-archive#7563): a backslash before the
//! query is read as "/".
//!
//! Its history table for `url.parse` (v11.14.0): "The `pathname` property on the returned URL
//! object is now `/` when there is no path and the protocol scheme is `ws:` or `wss:`", as it
//! already was for the other schemes it writes with "//" (`slashedProtocol`: http, https, ftp,
//! gopher, file); RFC 3986 6.2.3 makes that "/" the same resource.
//!
//! Its `url.format(urlObject)`, "The formatting process": "If the value of the urlObject.auth
//! property is truthy, and either urlObject.host or urlObject.hostname are not undefined, the
//! value of urlObject.auth will be coerced into a string and appended to result followed by the
//! literal string @": an empty auth is not truthy, so `url.format` writes no `@` for it, and the
//! serialization read again has no auth. The same section: "If either of the following
//! conditions is true, then the literal string // will be appended to result: urlObject.slashes
//! property is true; urlObject.protocol begins with http, https, ftp, gopher, or file": `file:`
//! is written `file://`, which read again has an empty host where the first reading had none.

use super::Explains::{Custom, EmptyAsNone};
use super::{pct_decode_exact, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/auth-undecodable-throws",
        name: "an auth that does not percent-decode throws (url.parse: \"A URIError is thrown if the auth property is present but cannot be decoded\")",
        cites: "Node.js url docs, url.parse()",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && legacy_auth(e.input).is_some_and(|auth| !decodes(auth))
        }),
        examples: &[
            // url.parse throws URIError on an auth that does not decode; the same bytes in a path decode
            // nothing to throw on.
            Example::fires("//%F0@a", Reply::Rejected),
            Example::off("http://a/%F0", Reply::Rejected),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/unsafe-chars-pct-encoded",
        name: "space and < > \" ` \\r \\n \\t { } | \\ ^ ' are percent-encoded (\"Percent-encoding in URLs\")",
        cites: "Node.js url docs, Percent-encoding in URLs",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::Component(Component::Path | Component::Query | Component::Fragment)
            ) && e.reference.map(auto_escaped).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://a/?'", Reply::Reads(&[(Component::Query, Some("%27"))])),
            Example::off("http://a/?'", Reply::Reads(&[(Component::Query, Some("%28"))])),
        ],
    },
    // The same escaping on an input RFC 3986 rejects, judged against the lenient reading,
    // where the URL Standard removes a tab or newline that url.parse keeps escaped
    // (`url.resolve("http://a/b/c/d;p?q", "?\td")` is `http://a/b/c/d;p?%09d`, run here).
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/unsafe-chars-pct-encoded-whatwg",
        name: "space and < > \" ` \\r \\n \\t { } | \\ ^ ' are percent-encoded where the URL Standard removes or rereads them (\"Percent-encoding in URLs\")",
        cites: "Node.js url docs, Percent-encoding in URLs",
        explains: Custom(|e| {
            std::str::from_utf8(e.input)
                .is_ok_and(|text| super::lenient_reading_after(e, auto_escaped(text).as_bytes()))
        }),
        examples: &[
            // `url.resolve("http://a/b/c/d;p?q", "?\td")`, run here; the tab written as another escape is
            // another query.
            Example::fires("resolve:?\td|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?%09d")),
            Example::off("resolve:?\td|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?%20d")),
        ],
    },
    // url.resolve is url.format of the resolved URL object, whose properties are escaped the
    // same way: `url.resolve("http://a/b/c/d;p?q", "'")` is `http://a/b/c/%27`, and
    // `"?'#'"` gives `http://a/b/c/d;p?%27#%27`, run here with Node 20.
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/unsafe-chars-pct-encoded-resolved",
        name: "space and < > \" ` \\r \\n \\t { } | \\ ^ ' are percent-encoded in a resolved URL's path, query and fragment (\"Percent-encoding in URLs\": \"automatically escaped in the properties of URL objects\")",
        cites: "Node.js url docs, Percent-encoding in URLs",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.got != e.reference
                && e.reference.and_then(target_auto_escaped).as_deref() == e.got
        }),
        examples: &[
            Example::fires("resolve:'|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%27")),
            // The escape escaped again.
            Example::off("resolve:'|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%2527")),
        ],
    },
    // Node's changelog, "url: trim leading and trailing C0 control chars" (nodejs/node#42196):
    // url.parse trims them and the space, as it trims U+00A0 and U+FEFF (lib/url.js), before
    // it reads the input: `url.parse("o://h:8 ")` has the port `8`, `url.parse("p://h/x\0")`
    // the path `/x`, run here with Node 20.
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/c0-space-trimmed",
        name: "leading and trailing C0 controls and spaces are trimmed before the input is read (Node changelog: \"url: trim leading and trailing C0 control chars\")",
        cites: "Node.js changelog, \"url: trim leading and trailing C0 control chars\"; lib/url.js",
        explains: Custom(|e| {
            let trimmed = legacy_trimmed(e.input);
            trimmed.len() != e.input.len()
                && (super::lenient_reading_after(e, trimmed)
                    || std::str::from_utf8(trimmed).is_ok_and(|t| {
                        super::lenient_reading_after(e, auto_escaped(t).as_bytes())
                    }))
        }),
        examples: &[
            // The lenient split of the input with its leading and trailing C0 controls and spaces trimmed.
            Example::fires("o://h:8 ", Reply::Splits(&[(Component::Authority, Some("h:8")), (Component::Host, Some("h")), (Component::Port, Some("8"))])),
            Example::fires("p:\n", Reply::Splits(&[(Component::Path, Some(""))])),
            // The trailing space kept, escaped, in the path.
            Example::off("o://h/x ", Reply::Splits(&[(Component::Path, Some("/x%20"))])),
        ],
    },
    // Node's "url: treat \ the same as /" (nodejs/node-v0.x-archive#7563: "Parse URLs with
    // backslashes the same as web browsers, by replacing all backslashes with forward slashes",
    // since Node 0.12 only before the query, lib/url.js: "Back slashes before the query string
    // get converted to forward slashes"): `url.parse("o://h/a\b?c\d")` has the path `/a/b`
    // and the query `c%5Cd`, run here with Node 20.
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/backslash-before-query-slash",
        name: "a backslash before the query is read as \"/\" (Node: \"url: treat \\ the same as /\", \"Back slashes before the query string get converted to forward slashes\")",
        cites: "Node.js changelog, \"url: treat \\ the same as /\"; lib/url.js",
        explains: Custom(|e| {
            let trimmed = legacy_trimmed(e.input);
            let Ok(text) = std::str::from_utf8(trimmed) else {
                return false;
            };
            let end = text.find(['?', '#']).unwrap_or(text.len());
            if !text[..end].contains('\\') {
                return false;
            }
            let read = format!("{}{}", text[..end].replace('\\', "/"), &text[end..]);
            super::lenient_reading_after(e, read.as_bytes())
                || super::lenient_reading_after(e, auto_escaped(&read).as_bytes())
        }),
        examples: &[
            Example::fires("a:\\", Reply::Splits(&[(Component::Path, Some("/"))])),
            Example::fires("o://h/a\\b", Reply::Splits(&[(Component::Path, Some("/a/b"))])),
            // A backslash in the query read as "/" (Node escapes it there).
            Example::off("o://h/x?a\\b", Reply::Splits(&[(Component::Query, Some("a/b"))])),
            // `url.resolve("http://a/b/c/d;p?q", "//\\h")`: `///h`, resolved as RFC 3986 does.
            Example::fires("resolve://\\h|http://a/b/c/d;p?q", Reply::Text("http:///h")),
            Example::off("resolve://\\h|http://a/b/c/d;p?q", Reply::Text("http:///g")),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/auth-pct-decoded",
        name: "auth (the userinfo) is percent-decoded",
        cites: "Node.js url docs, urlObject.auth",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Userinfo)
                && e.reference.is_some_and(|u| u.contains('%'))
                && e.reference.map(pct_decode_exact).as_deref() == e.got
        }),
        examples: &[
            // A reserved character decoded: no normalization of RFC 3986 does that.
            Example::fires("http://a%3Ab@h", Reply::Reads(&[(Component::Userinfo, Some("a:b"))])),
            Example::off("http://a%3Ab@h", Reply::Reads(&[(Component::Userinfo, Some("a;b"))])),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/network-path-is-path",
        name:
            "a network-path reference is a path (url.parse's slashesDenoteHost defaults to false)",
        cites: "Node.js url docs, url.parse() slashesDenoteHost",
        explains: Custom(|e| {
            if !e.input.starts_with(b"//") {
                return false;
            }
            let path_end = e
                .input
                .iter()
                .position(|b| matches!(b, b'?' | b'#'))
                .unwrap_or(e.input.len());
            match e.class {
                Class::Component(c) | Class::UndefinedVsEmpty(c) => match c {
                    Component::Authority
                    | Component::Userinfo
                    | Component::Host
                    | Component::HostKind
                    | Component::Port => e.got.is_none(),
                    // The path as written, with the characters url.parse escapes escaped.
                    Component::Path => {
                        let path = String::from_utf8_lossy(&e.input[..path_end]);
                        e.got == Some(&*path) || e.got == Some(auto_escaped(&path).as_str())
                    }
                    _ => false,
                },
                _ => false,
            }
        }),
        examples: &[
            Example::fires("//u@a", Reply::Reads(&[(Component::Userinfo, None), (Component::Host, None)])),
            Example::fires("//'", Reply::Reads(&[(Component::Authority, None), (Component::Host, None), (Component::Path, Some("//%27"))])),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/slashed-scheme-empty-path-slash",
        name: "the empty path of a slashed scheme (http, https, ftp, gopher, file, ws, wss) is \"/\" (url.parse history, v11.14.0)",
        cites: "Node.js url docs, url.parse() history (v11.14.0)",
        explains: Custom(|e| {
            let slashed = |target: &str| {
                uri_spec::parse(target.as_bytes()).is_ok_and(|c| {
                    c.authority.is_some()
                        && c.scheme.is_some_and(|s| {
                            SLASHED.contains(&s.to_ascii_lowercase().as_str())
                        })
                })
            };
            match e.class {
                Class::Resolution => e.reference.is_some_and(|t| {
                    slashed(t) && Some(super::slash_after_authority(t).as_str()) == e.got
                }),
                // On an input RFC 3986 rejects, where RFC 3986 Appendix B's split finds the
                // scheme and a host (lib/url.js: `if (slashedProtocol.has(lowerProto) &&
                // this.hostname && !this.pathname) this.pathname = '/'`; `gopher://\x7f` has
                // the pathname `/`, run here with Node 20).
                Class::Component(Component::Path) => {
                    let split_slashed = |text: &str| {
                        let split = crate::subjects::lenient::split(text);
                        split.get(Component::Host).is_some_and(|h| !h.is_empty())
                            && split.get(Component::Scheme).is_some_and(|s| {
                                SLASHED.contains(&s.to_ascii_lowercase().as_str())
                            })
                    };
                    e.reference == Some("")
                        && e.got == Some("/")
                        && std::str::from_utf8(e.input)
                            .is_ok_and(|t| slashed(t) || split_slashed(t))
                }
                _ => false,
            }
        }),
        examples: &[
            Example::fires("http://a", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::off("http://a/b", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::fires("resolve://g|http://a/b", Reply::Text("http://g/")),
            Example::fires("gopher://\x7f", Reply::Splits(&[(Component::Path, Some("/"))])),
            Example::off("foo://\x7f", Reply::Splits(&[(Component::Path, Some("/"))])),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/empty-path-null",
        name: "an empty path is null (its URL object: pathname null where there is no path text; RFC 3986 3.3: a path is always defined, so null can only be the empty one)",
        cites: "Node.js url docs, urlObject.pathname",
        explains: EmptyAsNone(&[Component::Path]),
        examples: &[
            Example::fires("a:?q", Reply::Reads(&[(Component::Path, None)])),
            Example::off("a:b?q", Reply::Reads(&[(Component::Path, None)])),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/format-drops-empty-auth",
        name: "url.format writes auth only when it is truthy: an empty auth and its \"@\" are left out (\"The formatting process\")",
        cites: "Node.js url docs, url.format(urlObject), The formatting process",
        explains: Custom(|e| {
            let (Class::RoundTrip, Some(first), Some(again)) =
                (e.class, e.reference_components, e.reparsed)
            else {
                return false;
            };
            first.get(Component::Userinfo) == Some("")
                && again.get(Component::Userinfo).is_none()
                && Component::ALL
                    .into_iter()
                    .filter(|&c| c != Component::Userinfo && c != Component::Authority)
                    .all(|c| first.get(c) == again.get(c))
        }),
        examples: &[
            // url.format leaves an empty auth out: `http://@h` is written `http://h`.
            Example::fires("http://@h", Reply::Serializes("http://h")),
            Example::off("http://@h", Reply::Serializes("http://g")),
        ],
    },
    Rule {
        profile: "node-legacy-url",
        id: "node-legacy-url/format-writes-slashes-hostless",
        name: "url.format writes \"//\" after http, https, ftp, gopher and file even without a host (\"The formatting process\"): read again, the host is empty",
        cites: "Node.js url docs, url.format(urlObject), The formatting process",
        explains: Custom(|e| {
            let (Class::RoundTrip, Some(first), Some(again)) =
                (e.class, e.reference_components, e.reparsed)
            else {
                return false;
            };
            let formatted = first
                .get(Component::Scheme)
                .is_some_and(|s| FORMAT_SLASHES.contains(&s.to_ascii_lowercase().as_str()));
            let host_parts = [Component::Host, Component::HostKind, Component::Authority];
            formatted
                && first.get(Component::Host).is_none()
                && again.get(Component::Host) == Some("")
                && Component::ALL
                    .into_iter()
                    .filter(|c| !host_parts.contains(c))
                    .all(|c| first.get(c) == again.get(c))
        }),
        examples: &[
            // `url.format(url.parse('file:'))` is `file://`; a protocol url.format does not write with "//".
            Example::fires("file:", Reply::Serializes("file://")),
            Example::off("foo:", Reply::Serializes("foo://")),
        ],
    },
];

/// The protocols `url.format` writes with "//" whatever `slashes` says ("The formatting
/// process").
const FORMAT_SLASHES: &[&str] = &["http", "https", "ftp", "gopher", "file"];

/// Node's `slashedProtocol` (lib/url.js), the schemes written with "//".
const SLASHED: &[&str] = &["http", "https", "ftp", "gopher", "file", "ws", "wss"];

/// The auth `url.parse` reads from `input` (Node's `lib/url.js`): after the input trimmed, a
/// scheme (`[a-z0-9.+-]+:`) and the slashes that follow it (without a scheme, only `//`
/// followed by text with an `@`), for any scheme but `javascript` that is written with `//` or
/// is not one of the slashed protocols (http, https, ftp, gopher, file, ws, wss); the text
/// before the last `@` before the first `/`, `?` or `#`.
fn legacy_auth(input: &[u8]) -> Option<&[u8]> {
    let text = input.trim_ascii();
    let scheme_end = text
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-')))
        .filter(|&i| i > 0 && text[i] == b':');
    let (scheme, rest) = match scheme_end {
        Some(i) => (Some(text[..i].to_ascii_lowercase()), &text[i + 1..]),
        None => (None, text),
    };
    let slashes = rest.starts_with(b"//");
    let slashed = |s: &[u8]| {
        matches!(
            s,
            b"http" | b"https" | b"ftp" | b"gopher" | b"file" | b"ws" | b"wss"
        )
    };
    let reads_host = match scheme.as_deref() {
        Some(b"javascript") => false,
        Some(s) => slashes || !slashed(s),
        None => slashes,
    };
    if !reads_host {
        return None;
    }
    let rest = if slashes { &rest[2..] } else { rest };
    let host_end = rest
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#'))
        .unwrap_or(rest.len());
    let at = rest[..host_end].iter().rposition(|&b| b == b'@')?;
    Some(&rest[..at])
}

/// Whether `decodeURIComponent` takes `text`: every `%` starts two hex digits, and the bytes
/// decoded are UTF-8.
fn decodes(text: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(text) else {
        return false;
    };
    let bytes = text.as_bytes();
    let lone_percent = text.match_indices('%').any(|(i, _)| {
        !bytes
            .get(i + 1..i + 3)
            .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    });
    !lone_percent && std::str::from_utf8(&super::pct_decode_bytes(text)).is_ok()
}

/// `target` (an RFC 3986 URI) with its path, query and fragment escaped as `url.parse`
/// escapes a URL object's properties ([`auto_escaped`]); `None` when RFC 3986 does not read it.
fn target_auto_escaped(target: &str) -> Option<String> {
    let c = uri_spec::parse(target.as_bytes()).ok()?;
    let query = c.query.map(auto_escaped);
    let fragment = c.fragment.map(auto_escaped);
    Some(uri_spec::recompose(
        c.scheme,
        c.authority,
        &auto_escaped(c.path.unwrap_or("")),
        query.as_deref(),
        fragment.as_deref(),
    ))
}

/// `input` without what `url.parse` trims at either end (lib/url.js: a code unit below 33,
/// U+00A0 or U+FEFF).
fn legacy_trimmed(input: &[u8]) -> &[u8] {
    let Ok(text) = std::str::from_utf8(input) else {
        return input;
    };
    let trimmed = text.trim_matches(|c: char| c <= ' ' || c == '\u{a0}' || c == '\u{feff}');
    trimmed.as_bytes()
}

/// `s` with the characters `url.parse` escapes in a URL object's properties escaped.
fn auto_escaped(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ' ' | '<' | '>' | '"' | '`' | '\r' | '\n' | '\t' | '{' | '}' | '|' | '\\' | '^'
            | '\'' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_auth_url_parse_reads_and_whether_it_decodes() {
        assert_eq!(legacy_auth(b"V:%CF@"), Some(&b"%CF"[..]));
        assert_eq!(legacy_auth(b"//%F0@a"), Some(&b"%F0"[..]));
        assert_eq!(legacy_auth(b" http://a@b@c/d@e"), Some(&b"a@b"[..]));
        // No host is read: a slashed scheme without "//", javascript, a path without "//".
        assert_eq!(legacy_auth(b"http:a@b"), None);
        assert_eq!(legacy_auth(b"javascript:a@b"), None);
        assert_eq!(legacy_auth(b"/a@b"), None);
        assert_eq!(legacy_auth(b"http://a/b@c"), None);
        assert!(decodes(b"%41%C3%A9") && decodes(b"a"));
        assert!(!decodes(b"%CF") && !decodes(b"%4") && !decodes(b"%zz") && !decodes(b"%+1"));
    }

    #[test]
    fn only_an_auth_that_does_not_decode_explains_a_rejection() {
        let rule = &RULES[0];
        let ev = |input: &'static [u8]| super::super::Evidence {
            class: Class::TooStrict,
            input,
            second: None,
            reparsed: None,
            reference: None,
            got: None,
            reference_components: None,
            serialization: None,
        };
        assert!(rule.explains.holds(&ev(b"V:%CF@")));
        assert!(rule.explains.holds(&ev(b"//%F0@a")));
        // One step off: the same bytes in the path, or an auth that decodes.
        assert!(!rule.explains.holds(&ev(b"http://a/%CF@")));
        assert!(!rule.explains.holds(&ev(b"V:%C3%A9@")));
    }
}
