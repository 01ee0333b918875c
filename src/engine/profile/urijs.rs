//! Profile `urijs`: URI.js (npm `urijs`), "a javascript library for working with URLs" that
//! names no single standard (its README lists RFC 3986, RFC 3987 and the URL Standard among its
//! "Resources"); read against RFC 3986.
//!
//! `URI.parse`, the documented static whose parts `URI(string)` holds, takes the query and the
//! fragment as `string.substring(pos + 1) || null` (src/URI.js): an empty query or fragment is
//! none, and `.href()` writes neither "?" nor "#" for it.
//!
//! Its documentation (docs.html) says more of what it does by design:
//! - "pathname(), path()": `URI("http://example.org").path() === "/"`: an empty path after an
//!   authority is "/";
//! - "normalizeHostname()" sets an IPv6 host as `uri.hostname("fe80:0000:...")`: the hostname
//!   of an IP literal is held without its brackets;
//! - "normalizeSearch(), normalizeQuery()" "removes ? if there is no query string",
//!   "normalizeHash(), normalizeFragment()" "removes # if there is no hash";
//! - "normalizePathname(), normalizePath()" "resolve relative hierarchies", also in a relative
//!   path (`/hello/foo/woo/.././../world.html` is `/hello/world.html`);
//! - "equals()" "determines if the given URLs are the same - disregarding default ports,
//!   capitalization, dot-pathnames, query-parameter order, etc.", "normalizing URI before
//!   comparison".
//!
//! Its CHANGELOG.md adds: `URI.parse()` handles "variable amounts of `\` and `/` in scheme
//! delimiter as Node and Browsers do" (1.19.7), case-insensitively (1.19.8), "excessive colons
//! in protocol delimiter" (1.19.10) and "excessive slashes in scheme-relative URLs" (1.19.11):
//! `http:G` is `http://G` and `///a` is `//a` (src/URI.js: the schemes http, https, ftp, ws and
//! wss); and URI normalization handles "URN paths based on RFC 2141 syntax" (1.16.0), where "/"
//! is reserved and written "%2F" (`o:/` normalizes to `o:%2F`).
//!
//! Its source (src/URI.js of 1.19.11, the published package) says the rest in its own comments:
//! - `URI.recodeUrnPath`, which normalizePath() runs on a URN's path, decodes each ":"-separated
//!   segment and encodes it again, then writes `%21 %24 %27 %28 %29 %2A %2B %2C %3B %3D %40`
//!   as the characters: "The characters under `encode` are the characters called out by
//!   RFC 2141 as being acceptable for usage in a URN" (`n:%27` normalizes to `n:'`);
//! - normalizeQuery() sets the query to `URI.parseQuery(query)` rebuilt by `URI.buildQuery`:
//!   "URI.js treats the query string as being application/x-www-form-urlencoded" (`?/` is
//!   `?%2F`, `?%20` is `?+`);
//! - normalizeHostname() writes an IPv6 host with `IPv6.best` (docs: "IPv6-best-notation
//!   conversion"): `//[::0]` normalizes to `//[::]/`;
//! - `URI.parseHost` turns every backslash of what follows an authority's "//" (the query and
//!   fragment already cut off) into "/": "Copy chrome, IE, opera backslash-handling behavior.
//!   Back slashes before the query string get converted to forward slashes";
//! - `URI.parseHost` reads a host with two colons before the path whole, without a port: "this
//!   notation is actually not allowed by RFC 3986, but we're a liberal parser" (`///::`, read
//!   as `//::` after CHANGELOG 1.19.11, has the host `::`).

use super::Explains::{Custom, EmptyAsNone};
use super::{
    empty_parts_dropped, empty_path_after_authority_is_slash, host_unbracketed, ipv6_compressed,
    slash_after_authority, Evidence, Example, Reply, Rule,
};
use crate::engine::Class;
use crate::model::Component;

mod query;
use query::query_rebuilt;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "urijs",
        id: "urijs/empty-query-fragment-none",
        name: "an empty query or fragment is none (URI.parse: `string.substring(pos + 1) || null`)",
        cites: "URI.js src/URI.js, URI.parse",
        explains: EmptyAsNone(&[Component::Query, Component::Fragment]),
        examples: &[
            Example::fires("http://a/?", Reply::Reads(&[(Component::Query, None)])),
            Example::off("http://a/?x", Reply::Reads(&[(Component::Query, None)])),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/empty-path-slash-after-authority",
        name: "an empty path after an authority is \"/\" (docs, path(): `URI(\"http://example.org\").path() === \"/\"`)",
        cites: "URI.js docs, path()",
        explains: Custom(|e| match e.class {
            Class::Normalization | Class::Resolution => {
                e.reference.map(slash_after_authority).as_deref() == e.got && e.reference != e.got
            }
            _ => empty_path_after_authority_is_slash(e),
        }),
        examples: &[
            // path(): `URI("//a").path()` is "/"; `URI("//a").normalize().href()` is "//a/".
            Example::fires("//a", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::fires("normalize://a", Reply::Text("//a/")),
            Example::off("//a/b", Reply::Reads(&[(Component::Path, Some("/"))])),
        ],
    },
    // `URI.parse` holds the username and the password decoded (`URI.parseUserinfo`:
    // `parts.username = t[0] ? URI.decode(t[0]) : null`, the password likewise), and writes
    // them encoded again (`URI("http://x%252f@h/").href()` is `http://x%252f@h/` while
    // `URI.parse(...).username` is `x%2f`, run here with 1.19.11): the request carries the
    // text as written.
    Rule {
        profile: "urijs",
        id: "urijs/userinfo-held-decoded",
        name: "the username and password are held decoded, and written back encoded (URI.parseUserinfo: URI.decode)",
        cites: "URI.js src/URI.js, URI.parseUserinfo",
        explains: Custom(|e| {
            e.component() == Some(Component::Userinfo)
                && e.reference.is_some_and(|r| r.contains('%'))
                && e.reference.map(super::pct_decode_exact).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://x%252f@h/", Reply::Reads(&[(Component::Userinfo, Some("x%2f"))])),
            Example::fires("//%23@", Reply::Reads(&[(Component::Userinfo, Some("#"))])),
            Example::off("http://x%252f@h/", Reply::Reads(&[(Component::Userinfo, Some("x/"))])),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/ip-literal-unbracketed",
        name: "an IP literal's hostname is held without its brackets (docs, normalizeHostname(): `uri.hostname(\"fe80:0000:...\")`)",
        cites: "URI.js docs, normalizeHostname()",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Host)
                && host_unbracketed(e)
        }),
        examples: &[
            // `URI.parse("//[::1]").hostname` is "::1".
            Example::fires("//[::1]", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("//[::1]", Reply::Reads(&[(Component::Host, Some("::2"))])),
        ],
    },
    // URI.js's CHANGELOG, 1.18.11: "making URI.parse() throw on invalid port and hostname"
    // (1.19.0 made the hostname check an option; the port's stays): `URI.ensureValidPort`
    // throws `TypeError: Port "a" is not a valid port` unless `Number(port)` is an integer from
    // 1 to 65535. `http:p:a` (read as `http://p:a`) and `http://p:0/` throw, run here with 1.19.11.
    Rule {
        profile: "urijs",
        id: "urijs/invalid-port-throws",
        name: "an input whose port is no integer from 1 to 65535 is refused (CHANGELOG 1.18.11: \"making URI.parse() throw on invalid port\"; URI.ensureValidPort)",
        cites: "URI.js CHANGELOG.md, 1.18.11; src/URI.js, URI.ensureValidPort",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && std::str::from_utf8(e.input)
                    .ok()
                    .and_then(|i| urijs_port(&browser_slashes(i).unwrap_or_else(|| i.to_owned())))
                    .is_some_and(|port| port_refused(&port))
        }),
        examples: &[
            Example::fires("http:p:a", Reply::Rejected),
            Example::fires("o://u@h:0/", Reply::Rejected),
            Example::off("http:p:8", Reply::Rejected),
            Example::off("o://h:1:2/", Reply::Rejected),
            // A reference without a scheme: `URI("//:0")` throws, `//:1` parses, run here.
            Example::fires("//:0", Reply::Rejected),
            Example::off("//:1", Reply::Rejected),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/slashes-read-as-double",
        name: "slashes and colons after http, https, ftp, ws or wss, a \\ in the \"//\" after any other scheme, and excessive slashes of a scheme-relative reference, are read as \"//\" (CHANGELOG 1.19.6, 1.19.7, 1.19.8, 1.19.10, 1.19.11)",
        cites: "URI.js CHANGELOG.md, 1.19.6 to 1.19.11",
        explains: Custom(slashes_as_browsers_read_them),
        examples: &[
            // `URI.parse("http:G")`: hostname "G", path "/"; `URI.parse("///&")`: hostname "&".
            Example::fires("http:G", Reply::Reads(&[(Component::Host, Some("G")), (Component::Path, Some("/"))])),
            Example::fires("///&", Reply::Reads(&[(Component::Host, Some("&")), (Component::Path, Some("/"))])),
            Example::fires("resolve:/\\a|git:/b", Reply::Text("git://a/")),
            Example::fires("resolve:\\\\a|git:/b", Reply::Text("git://a/")),
            // Another host than the one after the slashes.
            Example::off("resolve:/\\a|git:/b", Reply::Text("git://b/")),
        ],
    },
    // URI.js 1.19.11's release notes: "SECURITY fixing URI.parse() remove \r (CR), \n (LF),
    // \t (TAB)"; `URI.parse("o://\th")` has the host `h`, run here.
    Rule {
        profile: "urijs",
        id: "urijs/tab-newline-removed",
        name: "tabs, CRs and LFs are removed before the input is read (1.19.11: \"URI.parse() remove \\r (CR), \\n (LF), \\t (TAB)\")",
        cites: "URI.js 1.19.11 release notes",
        explains: Custom(|e| {
            let removed = super::tabs_newlines_removed(e.input);
            let read = std::str::from_utf8(&removed)
                .ok()
                .and_then(browser_slashes)
                .map_or(removed.clone(), String::into_bytes);
            removed.len() != e.input.len() && super::lenient_reading_after(e, &read)
        }),
        examples: &[
            Example::fires("o://\th", Reply::Splits(&[(Component::Authority, Some("h")), (Component::Host, Some("h"))])),
            Example::off("o://\th", Reply::Splits(&[(Component::Authority, Some("x")), (Component::Host, Some("x"))])),
        ],
    },
    // src/URI.js, parseHost and parseUserinfo: "Copy chrome, IE, opera backslash-handling
    // behavior. Back slashes before the query string get converted to forward slashes" (and
    // URI.js's pull request 233): `URI.parse("o://:8\\")` has the port `8` and the path `/`,
    // `s:///\\` the path `//`, run here with 1.19.11.
    Rule {
        profile: "urijs",
        id: "urijs/authority-backslash-slash",
        name: "after the \"//\" of an authority, a backslash before the query is \"/\" (src/URI.js, parseHost: \"Copy chrome, IE, opera backslash-handling behavior. Back slashes before the query string get converted to forward slashes\")",
        cites: "URI.js src/URI.js, URI.parseHost",
        explains: Custom(|e| {
            let Some(read) = std::str::from_utf8(e.input).ok().and_then(authority_backslashes)
            else {
                return false;
            };
            e.second.is_none() && super::lenient_reading_of(e, read.as_bytes())
        }),
        examples: &[
            Example::fires("p://h\\x", Reply::Splits(&[(Component::Authority, Some("h")), (Component::Host, Some("h")), (Component::Path, Some("/x"))])),
            // A backslash in a path without an authority, which URI.js keeps.
            Example::off("p:h\\x", Reply::Splits(&[(Component::Path, Some("h/x"))])),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-drops-empty-delimiters",
        name: "normalize() and absoluteTo() drop an empty query's \"?\" and an empty fragment's \"#\" (docs, normalizeSearch(): \"removes ? if there is no query string\"; normalizeHash(): \"removes # if there is no hash\")",
        cites: "URI.js docs, normalizeSearch() and normalizeHash()",
        explains: Custom(|e| {
            let Some(spec) = e.reference else { return false };
            match e.class {
                Class::Normalization => empty_parts_dropped(spec).as_deref() == e.got,
                // A reference whose query or fragment is empty is read without it, then
                // resolved (`?` against `http://a/b?q` keeps the base's query).
                Class::Resolution => {
                    let (Some(base), Ok(input)) = (e.second, std::str::from_utf8(e.input)) else {
                        return false;
                    };
                    let Some(reference) = empty_parts_dropped(input) else {
                        return false;
                    };
                    reference != input
                        && uri_spec::resolve(base, &reference)
                            .ok()
                            .and_then(|t| empty_parts_dropped(&t))
                            .as_deref()
                            == e.got
                }
                _ => false,
            }
        }),
        examples: &[
            // `URI("?").normalize().href()` is ""; `URI("?").absoluteTo(base)` keeps the base's query.
            Example::fires("normalize:?", Reply::Text("")),
            Example::fires("resolve:?|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?q")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-relative-dot-segments",
        name: "normalize() resolves the dot segments of a relative path too (docs, normalizePath(): \"resolve relative hierarchies\")",
        cites: "URI.js docs, normalizePath()",
        explains: Custom(|e| {
            e.class == Class::Normalization
                && e.reference.and_then(relative_dots_resolved).as_deref() == e.got
        }),
        examples: &[
            // `URI("b/..").normalize().href()` is "".
            Example::fires("normalize:b/..", Reply::Text("")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-urn-path",
        name: "normalize() recodes a URN path, \"/\" written \"%2F\" and the characters RFC 2141 allows decoded (CHANGELOG 1.16.0: URN paths normalized \"based on RFC 2141 syntax\"; src/URI.js, URI.characters.urnpath: \"the characters called out by RFC 2141 as being acceptable for usage in a URN\")",
        cites: "URI.js CHANGELOG.md, 1.16.0; src/URI.js, URI.recodeUrnPath",
        explains: Custom(|e| {
            let recoded = |n: &str| empty_parts_dropped(n).as_deref().and_then(urn_recoded);
            // normalizePath returns right after recoding a URN path (src/URI.js: `if
            // (this._parts.urn) { ... return this; }`), so its dot segments stay: the input's
            // own path, its scheme lowercased (`o:/.` is `o:%2F.`, run here with 1.19.11).
            let own = std::str::from_utf8(e.input).ok().and_then(|i| {
                let (scheme, rest) = i.split_once(':')?;
                recoded(&format!("{}:{rest}", scheme.to_ascii_lowercase()))
            });
            e.class == Class::Normalization
                && e.got.is_some()
                && (e.reference.and_then(recoded).as_deref() == e.got || own.as_deref() == e.got)
        }),
        examples: &[
            // `URI("O:/").normalize().href()` is "o:%2F"; URI.characters.urnpath: RFC 2141's characters
            // decoded in a URN path.
            Example::fires("normalize:o:/.", Reply::Text("o:%2F.")),
            Example::off("normalize:o:/.", Reply::Text("o:%2F%2E")),
            Example::fires("normalize:O:/", Reply::Text("o:%2F")),
            Example::fires("normalize:n:%27", Reply::Text("n:'")),
            Example::fires("normalize:URn:/%7e/77/x%27y", Reply::Text("urn:%2F~%2F77%2Fx'y")),
            // The escape decoded to another character.
            Example::off("normalize:n:%27", Reply::Text("n:(")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-query-form-encoded",
        name: "normalize() rebuilds the query as application/x-www-form-urlencoded parameters (docs: normalize() runs normalizeQuery(); src/URI.js, buildQuery: \"URI.js treats the query string as being application/x-www-form-urlencoded\")",
        cites: "URI.js docs, normalizeQuery(); src/URI.js, URI.buildQuery",
        explains: Custom(|e| {
            e.class == Class::Normalization
                && e.reference
                    .and_then(empty_parts_dropped)
                    .as_deref()
                    .and_then(query_rebuilt)
                    .as_deref()
                    == e.got
        }),
        examples: &[
            // buildQuery: the query as application/x-www-form-urlencoded.
            Example::fires("normalize:?/", Reply::Text("?%2F")),
            Example::fires("normalize:?%20", Reply::Text("?+")),
            // Lowercase hex digits (URI.encode writes them uppercase); a space written "%20" (URI.encodeQuery
            // writes "+").
            Example::off("normalize:?/", Reply::Text("?%2f")),
            Example::off("normalize:?%20x", Reply::Text("?%20x")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/two-colon-host-whole",
        name: "a host with two colons before the path is read whole, without a port (src/URI.js, parseHost: \"this notation is actually not allowed by RFC 3986, but we're a liberal parser\")",
        cites: "URI.js src/URI.js, URI.parseHost",
        explains: Custom(|e| {
            let Some((host, path)) = std::str::from_utf8(e.input).ok().and_then(liberal_host)
            else {
                return false;
            };
            // parseHost: what follows the host is the path, "/" put before it when it is
            // empty (`string = '/' + string`).
            let held = match e.class {
                Class::Component(Component::Host) => host,
                Class::Component(Component::Path) if path.is_empty() => "/".to_owned(),
                Class::Component(Component::Path) => path,
                // `parts.port = null`: no port, where the split reads one after the last ":".
                Class::Component(Component::Port) => {
                    return e.reference.is_some_and(|p| !p.is_empty())
                        && e.got.is_none_or(str::is_empty)
                }
                _ => return false,
            };
            e.reference != e.got && Some(held.as_str()) == e.got
        }),
        examples: &[
            // parseHost: "we're a liberal parser" on a host with two colons.
            Example::fires("///::", Reply::Reads(&[(Component::Host, Some("::"))])),
            Example::fires("///::", Reply::Reads(&[(Component::Host, Some("::")), (Component::Path, Some("/"))])),
            // One colon of the host dropped.
            Example::off("///::", Reply::Reads(&[(Component::Host, Some(":"))])),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-all-steps",
        name: "normalize() runs the steps above together, an IPv6 host in its best notation (docs, normalize(): \"executes normalizeProtocol(), normalizeHostname(), normalizePort(), normalizePath(), normalizeSearch(), normalizeHash()\"; normalizeHostname(): \"IPv6-best-notation conversion\")",
        cites: "URI.js docs, normalize()",
        explains: Custom(|e| {
            e.class == Class::Normalization
                && e.reference.and_then(normalize_steps).as_deref() == e.got
        }),
        examples: &[
            // `URI("//9#").normalize().href()` is "//9/": no "#", and "/" after the authority;
            // normalizeHostname(): "IPv6-best-notation conversion".
            // The query of a web URI rebuilt with the other steps, printed by URI.js.
            Example::fires("normalize:FOO://28.235.117.45?q=cart&utm_source=hello%20world", Reply::Text("foo://28.235.117.45/?q=cart&utm_source=hello+world")),
            Example::fires("normalize://9#", Reply::Text("//9/")),
            Example::fires("normalize://[::0]", Reply::Text("//[::]/")),
            // Not the best notation: the zeros kept.
            Example::off("normalize://[::0]", Reply::Text("//[0::]/")),
            // `URI("%24").normalize()` is "$" and `URI("a//").normalize()` "a/": no document
            // explains either.
            Example::off("normalize:%24", Reply::Text("$")),
            Example::off("normalize:a//", Reply::Text("a/")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/normalize-slashes-empty-port",
        name: "normalize() reads the input as URI.parse rewrites its slashes (CHANGELOG 1.19.7, 1.19.8) and omits an empty port (RFC 3986 3.2.3: normalizers \"should omit the port component and its ':' delimiter if port is empty\")",
        cites: "URI.js CHANGELOG.md, 1.19.7 and 1.19.8; RFC 3986 section 3.2.3",
        explains: Custom(|e| {
            e.class == Class::Normalization
                && std::str::from_utf8(e.input)
                    .ok()
                    .and_then(normalized_as_read)
                    .as_deref()
                    == e.got
        }),
        examples: &[
            Example::fires("normalize:HTTP:", Reply::Text("http:///")),
            Example::fires("normalize://e:", Reply::Text("//e/")),
            // The host's case kept; another host.
            Example::off("normalize://E:", Reply::Text("//E/")),
            Example::off("normalize:HTTP:", Reply::Text("http://a/")),
        ],
    },
    Rule {
        profile: "urijs",
        id: "urijs/equals-normalized",
        name: "equals() compares the normalized URIs, without an empty query or fragment and with a relative path's dot segments resolved (docs, equals(): \"disregarding default ports, capitalization, dot-pathnames\")",
        cites: "URI.js docs, equals()",
        explains: Custom(|e| {
            let (Class::Equivalence, Some("true"), Some(other)) = (e.class, e.got, e.second)
            else {
                return false;
            };
            normal(e.input).is_some_and(|a| Some(a) == normal(other))
        }),
        examples: &[
            // `URI("%6f%73?").equals("os")` and `URI(".").equals("")` are true; `URI("d:%2F").equals("d:/")`
            // too: both normalize to "d:%2F".
            Example::fires("equivalent:%6f%73?|os", Reply::Equivalent(true)),
            Example::fires("equivalent:.|", Reply::Equivalent(true)),
            Example::fires("equivalent:d:%2F|d:/", Reply::Equivalent(true)),
            Example::fires("equivalent://[::]|//[0:0::]/", Reply::Equivalent(true)),
            // `URI("!").equals("%21")` is true: RFC 3986 2.2 says they are not equivalent.
            Example::off("equivalent:!|%21", Reply::Equivalent(true)),
            Example::off("equivalent://st/:|//ST/%3A", Reply::Equivalent(true)),
        ],
    },
];

/// `uri` in the form equals() compares, as far as URI.js documents it: RFC 3986 6.2.2's normal
/// form (case, unreserved characters decoded, dot segments), without an empty query or fragment,
/// a relative path's dot segments resolved, an empty path after an authority "/", "/" in a URN
/// path "%2F" (as normalize() writes it), an IPv6 host
/// in its best notation (normalizeHostname(): "IPv6-best-notation conversion"). `None` when
/// RFC 3986 does not read `uri`.
fn normal(uri: &[u8]) -> Option<String> {
    let n = uri_spec::normalize(uri).ok()?;
    let n = empty_parts_dropped(&n)?;
    let n = relative_dots_resolved(&n).unwrap_or(n);
    let n = slash_after_authority(&n);
    let n = urn_recoded(&n).unwrap_or(n);
    Some(ipv6_best(&n).unwrap_or(n))
}

/// RFC 3986 6.2.2's normal form `spec` as URI.js's normalize() goes on to write it: an empty
/// query or fragment dropped, a relative path's dot segments resolved, "/" after an empty path
/// after the authority, a URN path recoded ([`urn_recoded`]), the query rebuilt
/// ([`query_rebuilt`]) and an IPv6 host in its best notation ([`ipv6_best`]). `None` when
/// RFC 3986 does not read `spec`.
fn normalize_steps(spec: &str) -> Option<String> {
    let n = empty_parts_dropped(spec)?;
    let n = relative_dots_resolved(&n).unwrap_or(n);
    let n = slash_after_authority(&n);
    let n = urn_recoded(&n).unwrap_or(n);
    let n = query_rebuilt(&n).unwrap_or(n);
    Some(ipv6_best(&n).unwrap_or(n))
}

/// `uri` with its IPv6 host written as `IPv6.best` writes it (normalizeHostname(), docs:
/// "IPv6-best-notation conversion"): RFC 5952's compressed form, which `IPv6.best` follows for
/// an address without an embedded IPv4 part (checked: `::0` is `::`, `1:0:0:1:0:0:1:1` is
/// `1::1:0:0:1:1`). `None` without such a host, or when it is already in that form.
fn ipv6_best(uri: &str) -> Option<String> {
    let host = uri_spec::parse(uri.as_bytes()).ok()?.host?.text;
    if host.contains('.') {
        return None;
    }
    let best = ipv6_compressed(host)?;
    Some(uri.replacen(host, &best, 1))
}

/// `input` normalized as URI.js's normalize() writes it when URI.parse rewrote its slashes
/// ([`browser_slashes`]) or it has an empty port, which RFC 3986 3.2.3 lets a normalizer omit:
/// RFC 3986 6.2.2's normal form of the rewritten input, its empty port omitted, an empty query or
/// fragment dropped and an empty path after the authority "/". `None` when neither applies or
/// RFC 3986 does not read the rewritten input.
fn normalized_as_read(input: &str) -> Option<String> {
    let rewritten = browser_slashes(input);
    let n = uri_spec::normalize(rewritten.as_deref().unwrap_or(input).as_bytes()).ok()?;
    let c = uri_spec::parse(n.as_bytes()).ok()?;
    let empty_port = c.port == Some("");
    if rewritten.is_none() && !empty_port {
        return None;
    }
    let authority = c.authority.map(|a| {
        if empty_port {
            a.strip_suffix(':').unwrap_or(a)
        } else {
            a
        }
    });
    let n = uri_spec::recompose(
        c.scheme,
        authority,
        c.path.unwrap_or(""),
        c.query,
        c.fragment,
    );
    let n = slash_after_authority(&empty_parts_dropped(&n)?);
    Some(ipv6_best(&n).unwrap_or(n))
}

/// The schemes whose delimiter URI.parse rewrites (src/URI.js: `/^(https?|ftp|wss?)?:+[/\\]*/i`).
const WEB: &[&str] = &["http", "https", "ftp", "ws", "wss"];

/// `input` as URI.parse rewrites it before reading it: `http:`, `http:::` or `http:\\\` (any
/// case) followed by the rest as `http://`, three or more leading slashes as `//`. `None` when
/// it rewrites nothing.
fn browser_slashes(input: &str) -> Option<String> {
    let end = input.find(['?', '#']).unwrap_or(input.len());
    let (head, tail) = input.split_at(end);
    let slashes = |s: &str| s.len() - s.trim_start_matches(['/', '\\']).len();
    if let Some((scheme, rest)) = head.split_once(':')
        && WEB.contains(&scheme.to_ascii_lowercase().as_str())
    {
        let after = rest.trim_start_matches(':');
        let after = &after[slashes(after)..];
        let out = format!("{scheme}://{after}{tail}");
        return (out != input).then_some(out);
    }
    // After any other scheme, two characters each "/" or "\\" open the authority (src/URI.js:
    // `string.substring(pos + 1, pos + 3).replace(/\\/g, '/') === '//'`; CHANGELOG 1.19.6:
    // "rewrite \\ in scheme delimiter to / as Node and Browsers do").
    if let Some((scheme, rest)) = head.split_once(':')
        && uri_spec::parse(format!("{scheme}:").as_bytes()).is_ok()
        && rest.len() >= 2
        && rest.as_bytes()[..2]
            .iter()
            .all(|b| matches!(b, b'/' | b'\\'))
        && rest.as_bytes()[..2].contains(&b'\\')
    {
        return Some(format!("{scheme}://{}{tail}", &rest[2..]));
    }
    // A run of two or more of "/" and "\\" that opens the input is "//" (src/URI.js:
    // `string.replace(/^[/\\]{2,}/i, '//')`, "slashes and backslashes have lost all meaning for
    // scheme relative URLs"): `\\a` and `/\a` are `//a` too.
    let run = slashes(head);
    (run >= 2 && &head[..run] != "//").then(|| format!("//{}{tail}", &head[run..]))
}

/// `input` as URI.parse reads it (its slashes rewritten, [`browser_slashes`]) with every
/// backslash after the "//" that opens its authority and before its query or fragment written
/// "/", as parseHost writes it; `None` when there is no such backslash, or no authority.
fn authority_backslashes(input: &str) -> Option<String> {
    let text = browser_slashes(input).unwrap_or_else(|| input.to_owned());
    let end = text.find(['?', '#']).unwrap_or(text.len());
    let start = if text.starts_with("//") {
        2
    } else {
        let colon = text[..end].find(':')?;
        uri_spec::parse(&text.as_bytes()[..=colon]).ok()?;
        text[colon + 1..end]
            .starts_with("//")
            .then_some(colon + 3)?
    };
    text[start..end].contains('\\').then(|| {
        format!(
            "{}{}{}",
            &text[..start],
            text[start..end].replace('\\', "/"),
            &text[end..]
        )
    })
}

/// The hostname `URI.parseHost` reads in `input` (as URI.parse rewrites its slashes, see
/// [`browser_slashes`]) when the text after the userinfo has a second ":" before its first "/":
/// all of it up to that "/", with the rest as the path ("IPv6 host contains multiple colons - but no port ... we're a
/// liberal parser"). `None` for an input without an authority, an IP literal, or fewer colons.
fn liberal_host(input: &str) -> Option<(String, String)> {
    let rewritten = browser_slashes(input);
    let text = rewritten.as_deref().unwrap_or(input);
    // URI.parse cuts the fragment, then the query, before it reads the authority.
    let head = &text[..text.find(['?', '#']).unwrap_or(text.len())];
    let rest = match head.strip_prefix("//") {
        Some(rest) => rest,
        None => {
            let (scheme, rest) = head.split_once(':')?;
            uri_spec::parse(format!("{scheme}:").as_bytes()).ok()?;
            rest.strip_prefix("//")?
        }
    };
    // parseUserinfo: the userinfo ends at the last "@" before the first "/" (or "\\").
    let slash = rest.find(['/', '\\']).unwrap_or(rest.len());
    let rest = match rest[..slash].rfind('@') {
        Some(at) => &rest[at + 1..],
        None => rest,
    };
    if rest.starts_with('[') || rest.contains('\\') {
        return None;
    }
    let end = rest.find('/').unwrap_or(rest.len());
    let host = &rest[..end];
    (host.matches(':').count() >= 2).then(|| (host.to_owned(), rest[end..].to_owned()))
}

/// The lenient reading's target of the evidence's reference as URI.parse rewrites its slashes
/// ([`browser_slashes`]) against its base, an empty path after the authority written "/";
/// `None` when URI.parse rewrites nothing, RFC 3986 reads the reference, or the lenient reading
/// resolves none.
fn lenient_target_rewritten(e: &Evidence<'_>) -> Option<String> {
    use crate::subjects::{Ctx, Lenient, Subject};
    if uri_spec::parse(e.input).is_ok() {
        return None;
    }
    let rewritten = browser_slashes(std::str::from_utf8(e.input).ok()?)?;
    match Lenient::get().resolve(e.second?, rewritten.as_bytes(), &Ctx::default()) {
        crate::model::Outcome::Accepted(t) => Some(slash_after_authority(&t)),
        _ => None,
    }
}

/// Whether the subject's component is the one of its input as URI.parse rewrites its slashes
/// ([`browser_slashes`]), read as RFC 3986 reads it and held as URI.js holds it (an empty path
/// after the authority "/", an IP literal without brackets, an empty host none).
/// The port URI.parse reads from `input` (src/URI.js, parse, parseUserinfo, parseHost): the
/// authority after "//" up to the first "/" or "\\" (backslashes before the query are slashes
/// there), the query or the fragment, without what precedes its last "@"; in it, the text after
/// "]" and one more character for an IP literal, otherwise the text after the only ":" (two
/// colons are "an IPv6 host ... but no port"). `None` where it reads no port.
fn urijs_port(input: &str) -> Option<String> {
    let end = input.find(['?', '#']).unwrap_or(input.len());
    let head = &input[..end];
    // A scheme only as RFC 3986 3.1 has one (a letter first): `//:0` has none, and its `//`
    // opens an authority.
    let after_scheme = crate::engine::octets::scheme_colon(head.as_bytes())
        .and_then(|colon| head.get(colon + 1..))
        .unwrap_or(head);
    let authority = after_scheme.strip_prefix("//")?;
    let authority = &authority[..authority.find(['/', '\\']).unwrap_or(authority.len())];
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let port = if hostport.starts_with('[') {
        let close = hostport.find(']')?;
        hostport.get(close + 2..).unwrap_or("")
    } else {
        match hostport.split(':').collect::<Vec<_>>()[..] {
            [_, port] => port,
            _ => return None,
        }
    };
    (!port.is_empty()).then(|| port.to_owned())
}

/// Whether `URI.ensureValidPort` throws on `port`: unless `Number(port)` is an integer from 1
/// to 65535 ([`js_number`]).
fn port_refused(port: &str) -> bool {
    js_number(port).is_none_or(|n| !(n.fract() == 0.0 && n > 0.0 && n < 65536.0))
}

/// JavaScript's `Number(text)` (ECMA-262, StringToNumber): white space at the ends trimmed,
/// the empty string 0, `0x`, `0o` and `0b` integers, `Infinity` with a sign or none, and a
/// decimal literal with an optional sign, fraction and exponent; `None` for NaN.
fn js_number(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if t.is_empty() {
        return Some(0.0);
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if t.len() > 2 && t[..2].eq_ignore_ascii_case(prefix) {
            return u128::from_str_radix(&t[2..], radix)
                .ok()
                .filter(|_| t[2..].bytes().all(|b| b.is_ascii_alphanumeric()))
                .map(|n| n as f64);
        }
    }
    let unsigned = t.strip_prefix(['+', '-']).unwrap_or(t);
    if unsigned == "Infinity" {
        return Some(match t.starts_with('-') {
            true => f64::NEG_INFINITY,
            false => f64::INFINITY,
        });
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    (digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty()) && exponent_ok)
        .then(|| t.parse().ok())
        .flatten()
}

fn slashes_as_browsers_read_them(e: &Evidence<'_>) -> bool {
    // A resolution of a reference RFC 3986 rejects: what the lenient reading resolves the
    // rewritten reference to, an empty path after the authority "/" (docs, path()):
    // `/\a` against `git:/b` is `git://a/`, run here.
    if e.class == Class::Resolution {
        return lenient_target_rewritten(e).is_some_and(|t| {
            e.got.is_some_and(|got| {
                crate::engine::lenient_resolution_differences(got, &t).is_empty()
            })
        });
    }
    let Some(component) = e.component() else {
        return false;
    };
    let Some(rewritten) = std::str::from_utf8(e.input).ok().and_then(browser_slashes) else {
        return false;
    };
    // On an input RFC 3986 rejects, and still rejects rewritten: what the lenient reading reads
    // from the rewritten input (`ftp:\x02` is read as `ftp://\x02`, host `\x02`, run here).
    // URI.js gives an IP literal's host without its brackets (it reports no authority).
    super::read_after_rewrite(e, component, rewritten.as_bytes(), true)
}

/// A relative-path reference's path with its dot segments resolved as URI.js's normalizePath
/// does (`.` and `b/..` are empty, `a/./b` is `a/b`), the rest of `uri` kept. `None` when `uri`
/// is no relative-path reference, or its path begins with `..` or holds `//`, which
/// normalizePath treats its own ways.
fn relative_dots_resolved(uri: &str) -> Option<String> {
    let c = uri_spec::parse(uri.as_bytes()).ok()?;
    let path = c.path.unwrap_or("");
    if c.scheme.is_some()
        || c.authority.is_some()
        || path.is_empty()
        || path.starts_with('/')
        || path.starts_with("..")
        || path.contains("//")
    {
        return None;
    }
    let resolved = uri_spec::remove_dot_segments(&format!("/{path}"));
    let resolved = resolved.strip_prefix('/').unwrap_or(&resolved);
    Some(uri_spec::recompose(
        None, None, resolved, c.query, c.fragment,
    ))
}

/// An absolute URI without an authority (URI.js's URN) with its path recoded as
/// `URI.recodeUrnPath` does: each ":"-separated segment percent-decoded as UTF-8
/// (`decodeURIComponent`), encoded again by `URI.encode` (every byte but `A-Z a-z 0-9 - . _ ~`
/// as "%XX"), then `%21 %24 %27 %28 %29 %2A %2B %2C %3B %3D %40` written as the characters
/// (`URI.characters.urnpath.encode`). `None` for any other URI, a path the recode leaves as it
/// is, or a segment that is no UTF-8 once decoded (URI.js then throws "URI malformed").
fn urn_recoded(uri: &str) -> Option<String> {
    let c = uri_spec::parse(uri.as_bytes()).ok()?;
    let path = c.path.filter(|p| !p.is_empty())?;
    if c.scheme.is_none() || c.authority.is_some() {
        return None;
    }
    let segments: Option<Vec<String>> = path
        .split(':')
        .map(|s| {
            let decoded = uri_component_decoded(s)?;
            Some(urn_allowed_decoded(&uri_component_encoded(&decoded)))
        })
        .collect();
    let recoded = segments?.join(":");
    (recoded != path).then(|| uri_spec::recompose(c.scheme, None, &recoded, c.query, c.fragment))
}

/// `URI.characters.urnpath.encode` applied to `s`: the escapes of the characters RFC 2141
/// allows in a URN written as the characters.
fn urn_allowed_decoded(s: &str) -> String {
    const MAP: [(&str, char); 11] = [
        ("%21", '!'),
        ("%24", '$'),
        ("%27", '\''),
        ("%28", '('),
        ("%29", ')'),
        ("%2A", '*'),
        ("%2B", '+'),
        ("%2C", ','),
        ("%3B", ';'),
        ("%3D", '='),
        ("%40", '@'),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('%') {
        out.push_str(&rest[..at]);
        let escape = rest.get(at..at + 3).unwrap_or(&rest[at..]);
        match MAP.iter().find(|(e, _)| e.eq_ignore_ascii_case(escape)) {
            Some((_, c)) => out.push(*c),
            None => out.push_str(escape),
        }
        rest = &rest[at + escape.len()..];
    }
    out.push_str(rest);
    out
}

/// `s` as JavaScript's `decodeURIComponent` decodes it: every "%XX" a byte, the bytes read as
/// UTF-8. `None` where it throws: a "%" without two hex digits, or bytes that are no UTF-8
/// (ECMA-262's Decode rejects overlong forms and surrogates, as `String::from_utf8` does).
fn uri_component_decoded(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `s` as `URI.encode` (src/URI.js's `strictEncodeURIComponent`) writes it:
/// `encodeURIComponent`, then `!'()*` escaped too, so every UTF-8 byte but the unreserved
/// `A-Z a-z 0-9 - . _ ~` is "%XX" with uppercase digits.
fn uri_component_encoded(s: &str) -> String {
    super::pct_encoded(s.as_bytes(), |b| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_without_a_scheme_has_its_port_read() {
        assert_eq!(urijs_port("//:0").as_deref(), Some("0"));
        assert_eq!(urijs_port("//h:0/").as_deref(), Some("0"));
        assert_eq!(urijs_port("o://u@h:0/").as_deref(), Some("0"));
    }

    /// `Number(...)` as node printed it for these, run here.
    #[test]
    fn js_number_reads_as_javascript_does() {
        for (text, want) in [
            ("8", Some(8.0)),
            ("08", Some(8.0)),
            (" 8\t", Some(8.0)),
            ("", Some(0.0)),
            ("0x1F", Some(31.0)),
            ("1e3", Some(1000.0)),
            (".5", Some(0.5)),
            ("5.", Some(5.0)),
            ("-Infinity", Some(f64::NEG_INFINITY)),
            ("a", None),
            ("0x", None),
            ("1e", None),
            (".", None),
            ("inf", None),
            ("1_0", None),
        ] {
            assert_eq!(js_number(text), want, "{text:?}");
        }
        assert!(port_refused("a") && port_refused("0") && port_refused("65536"));
        assert!(!port_refused("08") && !port_refused("65535") && !port_refused("1e3"));
    }

    /// `URI.parse("o://\th").hostname` is `h`, run here with URI.js 1.19.11.
    #[test]
    fn tabs_and_newlines_are_removed_first() {
        let ev = |got| Evidence {
            class: Class::Component(Component::Host),
            input: b"o://\th",
            second: None,
            reparsed: None,
            reference: Some("\th"),
            got,
            reference_components: None,
            serialization: None,
        };
        let id = |e: &Evidence<'_>| super::super::explain("urijs", e).map(|r| r.id);
        assert_eq!(id(&ev(Some("h"))), Some("urijs/tab-newline-removed"));
        // One step off: the tab read as another character, or another host.
        assert_eq!(id(&ev(Some("%09h"))), None);
        assert_eq!(id(&ev(Some("g"))), None);
    }

    #[test]
    fn slashes_are_rewritten_as_uri_parse_does() {
        assert_eq!(browser_slashes("http:G").as_deref(), Some("http://G"));
        assert_eq!(
            browser_slashes("HTTP::/\\a?b").as_deref(),
            Some("HTTP://a?b")
        );
        assert_eq!(browser_slashes("///&#//").as_deref(), Some("//&#//"));
        assert_eq!(browser_slashes("http://a"), None);
        assert_eq!(browser_slashes("//a"), None);
        assert_eq!(browser_slashes("coap:G"), None);
        // After any other scheme, only the two characters after ":", one of them "\\".
        assert_eq!(browser_slashes("e:\\\\.").as_deref(), Some("e://."));
        assert_eq!(browser_slashes("e:/\\a/b").as_deref(), Some("e://a/b"));
        assert_eq!(browser_slashes("e://a"), None);
        assert_eq!(browser_slashes("e:\\a"), None);
    }

    #[test]
    fn normalize_reads_the_rewritten_input() {
        assert_eq!(normalized_as_read("HTTP:").as_deref(), Some("http:///"));
        assert_eq!(normalized_as_read("//e:").as_deref(), Some("//e/"));
        assert_eq!(normalized_as_read("//E:?#").as_deref(), Some("//e/"));
        assert_eq!(normalized_as_read("//e:1"), None);
        assert_eq!(normalized_as_read("coap:"), None);
    }

    #[test]
    fn relative_dots_are_resolved_as_normalize_path_does() {
        assert_eq!(relative_dots_resolved(".").as_deref(), Some(""));
        assert_eq!(relative_dots_resolved("b/..").as_deref(), Some(""));
        assert_eq!(relative_dots_resolved("a/./b?q").as_deref(), Some("a/b?q"));
        assert_eq!(relative_dots_resolved("../a"), None);
        assert_eq!(relative_dots_resolved("/a/."), None);
        assert_eq!(relative_dots_resolved("a//"), None);
    }

    #[test]
    fn a_urn_path_is_recoded_as_recode_urn_path_does() {
        // Each expected value printed by urijs 1.19.11's `URI(x).normalize().href()`.
        assert_eq!(urn_recoded("o:/").as_deref(), Some("o:%2F"));
        assert_eq!(urn_recoded("n:%27").as_deref(), Some("n:'"));
        assert_eq!(
            urn_recoded("urn:/~/77/x%27y").as_deref(),
            Some("urn:%2F~%2F77%2Fx'y")
        );
        assert_eq!(
            urn_recoded("n:%2B:%3A%25/a?b").as_deref(),
            Some("n:+:%3A%25%2Fa?b")
        );
        // URI.js prints `n:%C3%A9(` as it was: nothing to recode.
        assert_eq!(urn_recoded("n:%C3%A9("), None);
        assert_eq!(urn_recoded("o:a/b?c/d").as_deref(), Some("o:a%2Fb?c/d"));
        // URI.js throws "URI malformed" on a segment that is no UTF-8.
        assert_eq!(urn_recoded("n:%FF%27"), None);
        assert_eq!(urn_recoded("o://a/"), None);
        assert_eq!(urn_recoded("o:a"), None);
    }

    #[test]
    fn ipv6_hosts_take_their_best_notation() {
        assert_eq!(ipv6_best("//[::0]/").as_deref(), Some("//[::]/"));
        assert_eq!(
            ipv6_best("ftp://[2001:db8:0:0:0:ff00:42:8329]/").as_deref(),
            Some("ftp://[2001:db8::ff00:42:8329]/")
        );
        assert_eq!(ipv6_best("//[::]/"), None);
        assert_eq!(ipv6_best("//[::ffff:1.2.3.4]/"), None);
        assert_eq!(ipv6_best("//a/"), None);
    }

    #[test]
    fn a_host_with_two_colons_is_read_whole() {
        // Each printed by urijs 1.19.11's `URI(x).hostname()`.
        assert_eq!(liberal_host("///::").map(|(h, _)| h).as_deref(), Some("::"));
        assert_eq!(
            liberal_host("////N::$&?6?/?%DA#=?/?")
                .map(|(h, _)| h)
                .as_deref(),
            Some("N::$&")
        );
        assert_eq!(
            liberal_host("//a:b:c").map(|(h, _)| h).as_deref(),
            Some("a:b:c")
        );
        assert_eq!(
            liberal_host("//u@a:1:2/x").map(|(h, _)| h).as_deref(),
            Some("a:1:2")
        );
        assert_eq!(
            liberal_host("//u@a:1:2/x").map(|(_, p)| p).as_deref(),
            Some("/x")
        );
        assert_eq!(liberal_host("//a:1/x:y:z"), None);
        assert_eq!(liberal_host("//[::1]"), None);
        assert_eq!(liberal_host("a::b"), None);
    }
}
