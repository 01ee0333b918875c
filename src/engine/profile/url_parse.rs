//! Profile `url-parse`: the npm package `url-parse`, a string-chopping URL parser with the
//! properties of Node's `url` and of the browser's `URL`, which names no standard (its README:
//! "exposes two different API interfaces"); read against RFC 3986.
//!
//! Its README, on `Url.set`: "It's aware of default ports so you cannot set a port 80 on an URL
//! which has `http` as protocol": the port of a URL is dropped when it is its scheme's default
//! (its `port` is '', which the worker reports as none; the defaults are those of the
//! `requires-port` package it calls: http and ws 80, https and wss 443, ftp 21, gopher 70).
//!
//! Its source (index.js of url-parse 1.5.10, the published package) says two more in its own
//! comments:
//! - on `ignore = { hash: 1, query: 1 }`, the properties of the base (its `location`): "These
//!   properties should not be copied or inherited from": a relative URL never takes the base's
//!   query (nor its fragment, which RFC 3986 5.2.2 does not inherit either), so `''` against
//!   `coap://a/p?q` is `coap://a/p` where RFC 3986 5.2.2 keeps `?q`;
//! - before `url.pathname = '/' + url.pathname` for the special schemes (its `isSpecial`: file,
//!   ftp, http, https, ws, wss): "Default to a / for pathname if none exists. This normalizes the
//!   URL to always have a /": `ftp://` has the path "/".
//!
//! Its release 1.5.2 (unshiftio/url-parse pull request 208, "[fix] Ignore slashes after the
//! protocol for special URLs"): after `http:`, `https:`, `ws:`, `wss:` or `ftp:`, the slashes
//! and backslashes that follow (none, one, three, any) are read as the "//" of an authority,
//! as the URL Standard's special authority states do: `http:p##` has the host `p`, `Http:]`
//! the host `]`, `http:\\\\x` the host `x` (run here with url-parse 1.5.10; `file:` keeps its
//! own reading). Before it reads the path, its `sanitize` step (index.js, `rules`) makes every
//! backslash of a special URL's address, before its query and fragment, a "/": `ftp:.3:7\` has
//! the host `.3` and the port 7, as the browsers would read it were the host one they take.
//!
//! Its maintainers, on a scheme-relative URL parsed without a base (unshiftio/url-parse issue
//! 219, <https://github.com/unshiftio/url-parse/issues/219>): asked whether `//github.com/foo/bar`
//! should have that pathname, "that URL is invalid without a base URL. The WHATWG URL parser
//! throws an error for it. The result is consistent with the legacy Node.js URL parser": with an
//! empty location (the README's `parse('hostname', {})`), a reference that opens with "//" has
//! no authority, all of it up to its query or fragment is the path.

use super::Explains::Custom;
use super::{is_special, Evidence, Example, Reply, Rule};
use crate::engine::octets::c0_space_trimmed_start;
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // index.js: `CRHTLF = /[\n\r\t]/g` and `address = address.replace(CRHTLF, '')` before it
    // reads the URL, whatever its scheme (`o://a\tb/c\nd` has the host `ab` and the path
    // `/cd`, run here with url-parse 1.5.10).
    Rule {
        profile: "url-parse",
        id: "url-parse/tab-newline-removed",
        name: "tabs, CRs and LFs are removed before the URL is read, whatever its scheme (index.js: `address.replace(CRHTLF, '')`)",
        cites: "url-parse index.js (1.5.10)",
        explains: Custom(|e| {
            let removed = super::tabs_newlines_removed(e.input);
            removed.len() != e.input.len() && super::lenient_reading_after(e, &removed)
        }),
        examples: &[
            // The split of the input with its tabs, CRs and LFs removed (CRHTLF).
            Example::fires("o://a\tb", Reply::Splits(&[(Component::Authority, Some("ab")), (Component::Host, Some("ab"))])),
            Example::off("o://a b", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "url-parse",
        id: "url-parse/relative-never-takes-query",
        name: "a relative URL never takes the base's query (index.js, on `ignore = { hash: 1, query: 1 }`: \"These properties should not be copied or inherited from\")",
        cites: "url-parse index.js (1.5.10)",
        explains: Custom(base_query_not_inherited),
        examples: &[
            // index.js, `ignore = { hash: 1, query: 1 }`: the base's query is not inherited (the fragment's
            // control kept raw).
            Example::fires("resolve:|coap://a/p?q", Reply::Text("coap://a/p")),
            Example::fires("resolve:#\u{1}cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p#\u{1}cd")),
            // The path changed; a reference with its own path keeping the query; the fragment changed.
            Example::off("resolve:|coap://a/p?q", Reply::Text("coap://a/")),
            Example::off("resolve:x|coap://a/p?q", Reply::Text("coap://a/x?q")),
            Example::off("resolve:#\u{1}cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p#\u{1}c")),
        ],
    },
    Rule {
        profile: "url-parse",
        id: "url-parse/special-path-leading-slash",
        name: "a special scheme's path always begins with \"/\" (index.js: \"Default to a / for pathname if none exists. This normalizes the URL to always have a /\")",
        cites: "url-parse index.js (1.5.10)",
        explains: Custom(|e| {
            let (Some(spec), Some(got)) = (e.reference, e.got) else {
                return false;
            };
            // A resolution's target too, its empty authority included: `new URL("//",
            // "http://a/b/c/d;p?q").href` is `http:///`, run here with 1.5.10.
            if e.class == Class::Resolution {
                let scheme = spec.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
                return is_special(scheme.as_deref())
                    && super::slash_after_authority(spec) == got
                    && spec != got;
            }
            e.component() == Some(Component::Path)
                && is_special(e.scheme().as_deref())
                && !spec.starts_with('/')
                && got.strip_prefix('/') == Some(spec)
        }),
        examples: &[
            // index.js: "Default to a / for pathname if none exists", for the special schemes only.
            Example::fires("ftp://", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::off("coap://", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::fires("resolve://|http://a/b/c/d;p?q", Reply::Text("http:///")),
            Example::off("resolve://|coap://a/b", Reply::Text("coap:///")),
        ],
    },
    Rule {
        profile: "url-parse",
        id: "url-parse/special-slashes-ignored",
        name: "after http, https, ws, wss or ftp, any run of slashes or backslashes is read as the \"//\" of an authority (1.5.2, pull request 208: \"Ignore slashes after the protocol for special URLs\"), and a backslash before the query as \"/\" (index.js, rules: sanitize)",
        cites: "url-parse 1.5.2 release, \"Ignore slashes after the protocol for special URLs\"; index.js, rules: sanitize",
        explains: Custom(special_slashes_ignored),
        examples: &[
            // `http:X` read as `http://X`, an empty path "/"; a scheme that is not special is one step off.
            Example::fires("Http:]", Reply::Splits(&[(Component::Authority, Some("]")), (Component::Host, Some("]")), (Component::Path, Some("/"))])),
            Example::fires("http:p##", Reply::Splits(&[(Component::Authority, Some("p")), (Component::Host, Some("p")), (Component::Path, Some("/"))])),
            Example::off("foo:]", Reply::Splits(&[(Component::Authority, Some("]")), (Component::Host, Some("]")), (Component::Path, Some("/"))])),
            // The host lowercased as url-parse's host rule writes it (`http:A` has the host `a`).
            Example::fires("http:A", Reply::Reads(&[(Component::Authority, Some("a")), (Component::Host, Some("a")), (Component::Path, Some("/"))])),
            Example::off("http:A", Reply::Reads(&[(Component::Authority, Some("b")), (Component::Host, Some("b"))])),
            // `http::a` read `http://:a`, whose port is text: no place the lenient judging reads.
            Example::fires("http::a", Reply::Reads(&[(Component::Authority, Some(":a")), (Component::Host, Some(":a")), (Component::Path, Some("/"))])),
            Example::off("ftp::8a", Reply::Reads(&[(Component::Port, Some("8"))])),
            // A backslash in the address is a "/": `ftp:.3:7\` is read `ftp://.3:7/`; a port
            // read past it (`ftp:.3:7\8`, port 78) is not that reading.
            Example::fires("ftp:.3:7\\", Reply::Splits(&[(Component::Authority, Some(".3:7")), (Component::Host, Some(".3")), (Component::Port, Some("7")), (Component::Path, Some("/"))])),
            Example::off("ftp:.3:7\\8", Reply::Splits(&[(Component::Port, Some("78"))])),
            // The same after "//" (`ftp://.3:7\` is read `ftp://.3:7/`).
            Example::fires("ftp://.3:7\\", Reply::Splits(&[(Component::Port, Some("7")), (Component::Path, Some("/"))])),
            Example::off("ftp://.3:7\\8", Reply::Splits(&[(Component::Port, Some("78"))])),
            // `http:\+@` is read `http://+@`, whose userinfo url-parse writes `%2B` (its own
            // escaping, a class apart on `http://+@`); another userinfo is not that reading.
            Example::fires("http:\\+@", Reply::Splits(&[(Component::Userinfo, Some("%2B")), (Component::Path, Some("/"))])),
            Example::off("http:\\+@", Reply::Splits(&[(Component::Userinfo, Some("%2C"))])),
        ],
    },
    Rule {
        profile: "url-parse",
        id: "url-parse/scheme-relative-without-base-is-path",
        name: "without a base, a reference that opens with \"//\" has no authority: it is all path up to its query or fragment (issue 219, a maintainer: \"that URL is invalid without a base URL ... The result is consistent with the legacy Node.js URL parser\")",
        cites: "https://github.com/unshiftio/url-parse/issues/219",
        explains: Custom(scheme_relative_is_path),
        examples: &[
            // `new Url(input, {})` of a reference that opens with "//": no authority, the path
            // everything before its query or fragment; a single slash is one step off.
            Example::fires("//a/b?q#f", Reply::Splits(&[(Component::Authority, None), (Component::Host, None), (Component::Path, Some("//a/b"))])),
            Example::off("/a", Reply::Splits(&[(Component::Path, Some("a"))])),
        ],
    },
    Rule {
    profile: "url-parse",
    id: "url-parse/default-port-dropped",
    name: "the scheme's default port is dropped (README: \"It's aware of default ports\")",
    cites: "url-parse README, Url.set",
    explains: Custom(|e| {
        let default = match e.scheme().as_deref() {
            Some("http" | "ws") => "80",
            Some("https" | "wss") => "443",
            Some("ftp") => "21",
            Some("gopher") => "70",
            _ => return false,
        };
        e.class == Class::Component(Component::Port)
            && e.got.is_none()
            && e.reference.is_some_and(|p| p.trim_start_matches('0') == default)
    }),
    examples: &[
        Example::fires("wss://a:443/", Reply::Reads(&[(Component::Port, None)])),
        Example::off("wss://a:444/", Reply::Reads(&[(Component::Port, None)])),
    ],
},
];

/// The input with the slashes and backslashes after a special scheme's ":" (not `file`'s)
/// written "//", when it has a run other than "//" there or a backslash after it: `http:p` is
/// `http://p`; and, as url-parse reads it, every backslash before its query or fragment a "/"
/// (index.js, the `sanitize` step of `rules`, after the fragment and query are taken off and
/// before the path is: `isSpecial(url.protocol) ? address.replace(/\\/g, '/')`): `ftp:.3:7\`
/// is `ftp://.3:7/`, host `.3` and port 7 (run here with url-parse 1.5.10), where the browsers
/// refuse the host.
fn special_slashes_rewritten(input: &[u8]) -> Option<Vec<u8>> {
    let colon = crate::engine::octets::scheme_colon(input)?;
    let scheme = input[..colon].to_ascii_lowercase();
    if !matches!(&scheme[..], b"http" | b"https" | b"ws" | b"wss" | b"ftp") {
        return None;
    }
    let rest = &input[colon + 1..];
    let run = rest
        .iter()
        .take_while(|&&b| b == b'/' || b == b'\\')
        .count();
    let address = &rest[run..];
    let end = address
        .iter()
        .position(|b| b"?#".contains(b))
        .unwrap_or(address.len());
    if &rest[..run] == b"//" && !address[..end].contains(&b'\\') {
        return None;
    }
    let mut out = input[..=colon].to_vec();
    out.extend_from_slice(b"//");
    out.extend(address[..end].iter().map(|&b| match b {
        b'\\' => b'/',
        b => b,
    }));
    out.extend_from_slice(&address[end..]);
    Some(out)
}

/// A parse of a special URL whose slashes url-parse ignores: what RFC 3986 reads from the
/// rewritten input (an empty path after the authority "/", as `special-path-leading-slash`
/// says), or where RFC 3986 rejects the input, what the lenient reading reads from it.
fn special_slashes_ignored(e: &Evidence<'_>) -> bool {
    let (Some(component), None) = (e.component(), e.second) else {
        return false;
    };
    let Some(rewritten) = special_slashes_rewritten(e.input) else {
        return false;
    };
    if super::read_after_rewrite(e, component, &host_lowercased(&rewritten), false) {
        return true;
    }
    // A rewritten authority whose port is text names no place, as the lenient judging has it
    // (RFC 3986 3.2.3: port = *DIGIT): there is no reading of its host, port or path to hold
    // url-parse to, unless it made a port number of digits that text holds (`http::a` is read
    // `http://:a`, host `:a`, run here with url-parse 1.5.10).
    let split = crate::subjects::lenient::split(&String::from_utf8_lossy(&rewritten));
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    let Some(text) = split
        .get(Component::Port)
        .filter(|p| !p.is_empty() && !digits(p))
    else {
        return false;
    };
    match component {
        Component::Authority | Component::Host | Component::Path => true,
        Component::Port => !e.got.is_some_and(|p| digits(p) && text.contains(p)),
        _ => false,
    }
}

/// `input` with the host and port of its authority (after "//", up to "/", "?" or "#", after
/// the last "@") in lowercase: url-parse lowercases `host` (index.js, rules: `[NaN, 'host',
/// undefined, 1, 1]`, the last flag "`toLowerCase` the resulting value") and keeps `auth` as
/// written: `http:U@A` has the auth `U` and the host `a`, run here with url-parse 1.5.10.
fn host_lowercased(input: &[u8]) -> Vec<u8> {
    let Some(start) = input.windows(2).position(|w| w == b"//").map(|i| i + 2) else {
        return input.to_vec();
    };
    let end = input[start..]
        .iter()
        .position(|b| b"/?#".contains(b))
        .map_or(input.len(), |i| start + i);
    let host = input[start..end]
        .iter()
        .rposition(|&b| b == b'@')
        .map_or(start, |i| start + i + 1);
    let mut out = input.to_vec();
    out[host..end].make_ascii_lowercase();
    out
}

/// Whether the evidence is url-parse's reading of a parse, without a base, of an input that
/// opens with "//" once url-parse has cleaned it (index.js: `trimLeft` removes leading C0
/// controls and spaces, `CRHTLF` tabs and newlines): no userinfo, host or port, and the path
/// everything before the first "?" or "#" (its rules take the hash, then the query, from the
/// back; `//a/b?q` has the path `//a/b`, run here with url-parse 1.5.10).
fn scheme_relative_is_path(e: &Evidence<'_>) -> bool {
    if e.second.is_some() {
        return false;
    }
    let read = super::tabs_newlines_removed(c0_space_trimmed_start(e.input));
    if !read.starts_with(b"//") {
        return false;
    }
    let end = read
        .iter()
        .position(|b| b"?#".contains(b))
        .unwrap_or(read.len());
    match e.component() {
        Some(Component::Authority | Component::Userinfo | Component::Host | Component::Port) => {
            e.got.is_none() && e.reference.is_some()
        }
        Some(Component::Path) => e.got.map(str::as_bytes) == Some(&read[..end]),
        _ => false,
    }
}

/// Whether the subject's target is RFC 3986's resolution of a reference with an empty path and
/// no query (`''`, `#f`) without the query the base lends it (RFC 3986 5.2.2: `T.query =
/// Base.query`), everything else as RFC 3986 resolves it.
fn base_query_not_inherited(e: &Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base), Some(target)) = (e.class, e.second, e.reference) else {
        return false;
    };
    // url-parse's `trimLeft` first removes leading control characters and spaces (index.js: "A
    // new string representing `str` stripped of control characters and whitespace from its
    // beginning"): `\0` is the empty reference (resolving it against `http://a/b/c/d;p?q` gives `http://a/b/c/d;p`, run
    // here).
    // Read as RFC 3986 Appendix B splits them, so that a reference RFC 3986 rejects (`#]`,
    // judged by the lenient reading) is read the same way.
    use crate::subjects::lenient::split;
    let Ok(reference) = std::str::from_utf8(c0_space_trimmed_start(e.input)).map(split) else {
        return false;
    };
    let borrows_query = reference.get(Component::Scheme).is_none()
        && reference.get(Component::Authority).is_none()
        && reference.get(Component::Path).unwrap_or("").is_empty()
        && reference.get(Component::Query).is_none()
        && std::str::from_utf8(base).is_ok_and(|b| split(b).get(Component::Query).is_some());
    let t = split(target);
    let without_query = uri_spec::recompose(
        t.get(Component::Scheme),
        t.get(Component::Authority),
        t.get(Component::Path).unwrap_or(""),
        None,
        t.get(Component::Fragment),
    );
    let got = e.got.unwrap_or_default();
    // A reference RFC 3986 rejects is judged by the lenient reading, which compares targets
    // percent-decoded (`#\0cd` against `http://a/b/c/d;p?q` is `http://a/b/c/d;p#\0cd`, run
    // here, where the URL Standard writes `#%00cd`): compared here the same way.
    let alike = if uri_spec::parse(e.input).is_err() {
        crate::engine::lenient_resolution_differences(got, &without_query).is_empty()
    } else {
        without_query == got
    };
    borrows_query && alike
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Components;

    fn resolution<'a>(
        reference: &'a str,
        base: &'a str,
        spec: &'a str,
        got: &'a str,
    ) -> Evidence<'a> {
        Evidence {
            class: Class::Resolution,
            input: reference.as_bytes(),
            second: Some(base.as_bytes()),
            reparsed: None,
            reference: Some(spec),
            got: Some(got),
            reference_components: None,
            serialization: None,
        }
    }

    #[test]
    fn the_base_query_is_not_inherited() {
        let rule = |e: &Evidence<'_>| base_query_not_inherited(e);
        assert!(rule(&resolution(
            "",
            "coap://a/p?q",
            "coap://a/p?q",
            "coap://a/p"
        )));
        assert!(rule(&resolution(
            "#f",
            "coap://a/p?q",
            "coap://a/p?q#f",
            "coap://a/p#f"
        )));
        // A reference RFC 3986 rejects, judged by the lenient reading: `#]` against
        // `http://a/b/c/d;p?q` is `http://a/b/c/d;p#]`, run here with url-parse 1.5.10.
        assert!(rule(&resolution(
            "#]",
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#]",
            "http://a/b/c/d;p#]"
        )));
        // The lenient reading of `#\0cd` writes the fragment `%00cd`; url-parse keeps the
        // NUL, the same fragment decoded.
        assert!(rule(&resolution(
            "#\0cd",
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#%00cd",
            "http://a/b/c/d;p#\0cd"
        )));
        assert!(!rule(&resolution(
            "#\0cd",
            "http://a/b/c/d;p?q",
            "http://a/b/c/d;p?q#%00cd",
            "http://a/b/c/d;p#\0c"
        )));
        // Any other answer, or a reference whose own query or path RFC 3986 takes: not this.
        assert!(!rule(&resolution(
            "",
            "coap://a/p?q",
            "coap://a/p?q",
            "coap://a/"
        )));
        assert!(!rule(&resolution(
            "x",
            "coap://a/p?q",
            "coap://a/x",
            "coap://a/x"
        )));
        assert!(!rule(&resolution(
            "?",
            "coap://a/p?q",
            "coap://a/p?",
            "coap://a/p"
        )));
    }

    /// Each as url-parse 1.5.10 answers `new Url(input, {})`, run here.
    #[test]
    fn a_scheme_relative_reference_is_a_path_without_a_base() {
        let ev = |input: &'static str, c: Component, spec: Option<&'static str>, got| Evidence {
            class: Class::Component(c),
            input: input.as_bytes(),
            second: None,
            reparsed: None,
            reference: spec,
            got,
            reference_components: None,
            serialization: None,
        };
        let (a, h, p) = (Component::Authority, Component::Host, Component::Path);
        // `//&`: the path `//&`, no authority; `//a/b?q#f`: the path `//a/b`; a leading space
        // and a tab are removed first.
        assert!(scheme_relative_is_path(&ev("//&", a, Some("&"), None)));
        assert!(scheme_relative_is_path(&ev(
            "//&",
            p,
            Some(""),
            Some("//&")
        )));
        assert!(scheme_relative_is_path(&ev(
            "//a/b?q#f",
            p,
            Some("/b"),
            Some("//a/b")
        )));
        assert!(scheme_relative_is_path(&ev(
            " /\t/a",
            p,
            Some(""),
            Some("//a")
        )));
        assert!(scheme_relative_is_path(&ev("//", h, Some(""), None)));
        // One step off: a path that keeps the query, a host read, a single slash, a resolution.
        assert!(!scheme_relative_is_path(&ev(
            "//a?q",
            p,
            Some(""),
            Some("//a?q")
        )));
        assert!(!scheme_relative_is_path(&ev(
            "//a",
            h,
            Some("a"),
            Some("a")
        )));
        assert!(!scheme_relative_is_path(&ev(
            "/a",
            p,
            Some("/a"),
            Some("a")
        )));
        let resolve = Evidence {
            second: Some(b"http://h/"),
            ..ev("//a", h, Some("a"), None)
        };
        assert!(!scheme_relative_is_path(&resolve));
    }

    #[test]
    fn a_special_path_gets_its_slash() {
        let path = Class::Component(Component::Path);
        let ftp = Components::default().with(Component::Scheme, Some("FTP"));
        let coap = Components::default().with(Component::Scheme, Some("coap"));
        let ev = |c, spec, got| Evidence {
            class: path,
            input: b"",
            second: None,
            reparsed: None,
            reference: Some(spec),
            got: Some(got),
            reference_components: Some(c),
            serialization: None,
        };
        let rule =
            crate::engine::rule_by_id("url-parse/special-path-leading-slash").expect("the rule");
        assert!(rule.explains.holds(&ev(&ftp, "", "/")));
        assert!(rule.explains.holds(&ev(&ftp, "a", "/a")));
        assert!(!rule.explains.holds(&ev(&ftp, "a", "/")));
        assert!(!rule.explains.holds(&ev(&coap, "", "/")));
    }
}
