//! Library rules of `python-hyperlink` (profile `rfc3986`): hyperlink's `URL` holds fields, not
//! text. Its API documentation says: `scheme`, `userinfo`, `host` and `fragment` are text
//! defaulting to `''` ("the empty string" where the URL has none), `query` is a tuple of pairs
//! (empty where there is none, so an empty query is no query), `port` is "the port number ...
//! if not set, the default port for the scheme" where hyperlink knows one (its
//! `SCHEME_PORT_MAP`), and an IPv6 `host` is the address without its brackets
//! (`URL.from_text('http://[::1]/').host` is `'::1'`). Its `URL` constructor makes the path of a
//! URL with a host and a query "/" ("per RFC 3986 6.2.3, 'a URI that uses the generic syntax for
//! authority with an empty path should be normalized to a path of '/''", its comment), and
//! `normalize` "Resolve[s] any '.' and '..' references in the path" of every URL, a relative
//! reference too, segment by segment (`_resolve_dot_segments`: "Normalize the URL path by
//! resolving segments of '.' and '..'").

use super::Explains::{Custom, HostUnbracketed, PortAsNumber};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// hyperlink's `SCHEME_PORT_MAP` (hyperlink 21.0), the schemes whose port it knows, looked up
/// by the scheme as written (`SCHEME_PORT_MAP.get(scheme)`).
const SCHEME_PORT_MAP: &[(&str, u16)] = &[
    ("acap", 674),
    ("afp", 548),
    ("dict", 2628),
    ("dns", 53),
    ("file", 0),
    ("ftp", 21),
    ("git", 9418),
    ("gopher", 70),
    ("http", 80),
    ("https", 443),
    ("imap", 143),
    ("ipp", 631),
    ("ipps", 631),
    ("irc", 194),
    ("ircs", 6697),
    ("ldap", 389),
    ("ldaps", 636),
    ("mms", 1755),
    ("msrp", 2855),
    ("msrps", 0),
    ("mtqp", 1038),
    ("nfs", 111),
    ("nntp", 119),
    ("nntps", 563),
    ("pop", 110),
    ("prospero", 1525),
    ("redis", 6379),
    ("rsync", 873),
    ("rtsp", 554),
    ("rtsps", 322),
    ("rtspu", 5005),
    ("sftp", 22),
    ("smb", 445),
    ("snmp", 161),
    ("ssh", 22),
    ("steam", 0),
    ("svn", 3690),
    ("telnet", 23),
    ("ventrilo", 3784),
    ("vnc", 5900),
    ("wais", 210),
    ("ws", 80),
    ("wss", 443),
    ("xmpp", 0),
];

/// The port hyperlink gives a URL of `scheme` that writes none (`None` where the map has
/// `None`, written 0 here, or no entry).
fn scheme_port(scheme: Option<&str>) -> Option<u16> {
    let scheme = scheme?;
    SCHEME_PORT_MAP
        .iter()
        .find(|(s, _)| *s == scheme)
        .map(|&(_, p)| p)
        .filter(|&p| p != 0)
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/absent-parts-empty",
        name: "an absent scheme, userinfo, host, query or fragment is the empty string",
        cites: "hyperlink API docs, URL",
        explains: Custom(|e| {
            let c = match e.class {
                Class::UndefinedVsEmpty(c) => Some(c),
                Class::Component(c) => Some(c),
                _ => None,
            };
            matches!(
                c,
                Some(
                    Component::Scheme
                        | Component::Userinfo
                        | Component::Host
                        | Component::Query
                        | Component::Fragment
                )
            ) && e.reference.is_none()
                && e.got == Some("")
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Fragment, Some(""))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Fragment, Some("x"))])),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/default-port-reported",
        name: "the scheme's default port is reported when none is written (SCHEME_PORT_MAP)",
        cites: "hyperlink API docs, URL.port (SCHEME_PORT_MAP)",
        explains: Custom(|e| {
            let scheme = e.reference_components.and_then(|c| c.get(Component::Scheme));
            e.component() == Some(Component::Port)
                && matches!(e.reference, None | Some(""))
                && e.got.is_some()
                && scheme_port(scheme).map(|p| p.to_string()).as_deref() == e.got
        }),
        examples: &[
            // `parse("git://").port` is 9418.
            Example::fires("http://a/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::fires("git://", Reply::Reads(&[(Component::Port, Some("9418"))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Port, Some("8080"))])),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/port-as-integer",
        name: "the port is an integer (port: \"The port number\")",
        cites: "hyperlink API docs, URL.port (SCHEME_PORT_MAP)",
        explains: PortAsNumber,
        examples: &[
            // `parse("//:00").port` is 0.
            Example::fires("//:00", Reply::Reads(&[(Component::Port, Some("0"))])),
            Example::off("//:00", Reply::Reads(&[(Component::Port, Some("1"))])),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/ipv6-host-unbracketed",
        name: "an IPv6 host is the address without its brackets",
        cites: "hyperlink API docs, URL",
        explains: HostUnbracketed,
        examples: &[
            Example::fires("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::2"))])),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/click-drops-empty-parts",
        name: "click reads and gives no empty authority, query or fragment (an empty query tuple is no query), and \"/\" before a query after a host",
        cites: "hyperlink API docs, URL",
        explains: Custom(super::python_yarl::resolves_without_empty_parts),
        examples: &[
            // RFC 3986 5.4.1's "?" is http://a/b/c/d;p? : click reads "?" as no query at all (an empty
            // query tuple) and keeps the base's.
            Example::fires("resolve:?|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?q")),
            Example::off("resolve:?|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?r")),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/click-empty-authority-none",
        name: "click reads an empty authority as none (URL: arguments \"defaulting to appropriately empty values\", rooted \"True on any URL that includes a host, or any relative URL that starts with a slash\"): \"///x\" is \"/x\"",
        cites: "hyperlink API docs, URL",
        explains: Custom(click_without_empty_authority),
        examples: &[
            // hyperlink 21.0's `URL.from_text("http://a/b/c/d;p?q").click("///")` is `http://a/`; keeping
            // the empty path after the empty authority is one step off.
            Example::fires("resolve:///|http://a/b/c/d;p?q", Reply::Text("http://a/")),
            Example::off("resolve:///|http://a/b/c/d;p?q", Reply::Text("http://a//")),
            Example::fires("resolve://|https://acme.de:9090", Reply::Text("https://acme.de:9090")),
            Example::off("resolve://|https://acme.de:9090", Reply::Text("https://acme.de:9091")),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/empty-path-slash-before-query",
        name: "an empty path after a host is \"/\" when a query follows (URL(): \"per RFC 3986 6.2.3 ... normalized to a path of '/'\")",
        cites: "hyperlink source, URL constructor (RFC 3986 section 6.2.3)",
        explains: Custom(|e| {
            let c = e.reference_components;
            e.component() == Some(Component::Path)
                && e.reference == Some("")
                && e.got == Some("/")
                && c.and_then(|c| c.get(Component::Host)).is_some_and(|h| !h.is_empty())
                && c.and_then(|c| c.get(Component::Query)).is_some_and(|q| !q.is_empty())
        }),
        examples: &[
            // `parse("//a?q")` has the path `("",)` (to_text "//a/?q").
            Example::fires("//a?q", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::off("//a?q", Reply::Reads(&[(Component::Path, Some("//"))])),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/normalize-drops-empty-parts",
        name: "normalize keeps no empty authority, query or fragment, resolves the dot segments of a relative reference too and writes \"/\" for an empty path after a host (normalize: \"Resolve any '.' and '..' references in the path\", \"Ensure an ending slash on URLs with an empty path\")",
        cites: "hyperlink API docs, URL.normalize",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec)) = (e.class, e.reference) else {
                return false;
            };
            let Some(written) = empty_parts_dropped(spec) else {
                return false;
            };
            let Ok(c) = uri_spec::parse(written.as_bytes()) else {
                return false;
            };
            let mut out = String::new();
            if let Some(s) = c.scheme {
                out.push_str(s);
                out.push(':');
            }
            match c.authority {
                Some(a) if !a.is_empty() => {
                    out.push_str("//");
                    if let Some(u) = c.userinfo {
                        out.push_str(u);
                        out.push('@');
                    }
                    out.push_str(c.host.map_or("", |h| h.text));
                    // `URL.port`: "The port is an integer", so `08` is written `8`; and "when
                    // the port is the same as the schemes default port, it will be omitted in
                    // the text URL" (`ws://:80#` is `ws:///`, run here with hyperlink 21).
                    let default = scheme_port(c.scheme).map(|d| d.to_string());
                    if let Some(p) = c
                        .port
                        .filter(|p| !p.is_empty() && Some(port_number(p)) != default.as_deref())
                    {
                        out.push(':');
                        out.push_str(port_number(p));
                    }
                }
                _ => {}
            }
            let path = c.path.unwrap_or("");
            if c.scheme.is_none() && c.authority.is_none() {
                // Then written as `to_text` writes it: `./:` is `:`, written `%3A` (run here
                // with hyperlink 21).
                out.push_str(&text_path(&dots_resolved(path), false));
            } else if path.is_empty() && c.authority.is_some_and(|a| !a.is_empty()) {
                // "Ensure an ending slash on URLs with an empty path (RFC 3986 6.2.3)".
                out.push('/');
            } else {
                out.push_str(path);
            }
            for (mark, part) in [('?', c.query), ('#', c.fragment)] {
                if let Some(p) = part {
                    out.push(mark);
                    out.push_str(p);
                }
            }
            out != spec && e.got == Some(out.as_str())
        }),
        examples: &[
            // normalize() of "." is "" and of "//c" "//c/".
            Example::fires("normalize:.", Reply::Text("")),
            Example::fires("normalize://c", Reply::Text("//c/")),
            Example::off("normalize://c", Reply::Text("//d/")),
            // ws's default port omitted ("it will be omitted in the text URL").
            Example::fires("normalize:ws://:80#", Reply::Text("ws:///")),
            Example::fires("normalize:./:", Reply::Text("%3A")),
            Example::off("normalize:./:", Reply::Text("%3B")),
            Example::off("normalize:ws://:80#", Reply::Text("ws://:80/")),
            // "a/.." resolved segment by segment is ""; RFC 3986 5.2.4's string algorithm gives "/".
            Example::fires("normalize:a/..", Reply::Text("")),
            Example::off("normalize:a/..", Reply::Text("/")),
            // `URL.from_text("//:08").normalize().to_text()` is `//:8/`; the port as written is one step off.
            Example::fires("normalize://:08", Reply::Text("//:8/")),
            Example::off("normalize://:08", Reply::Text("//:08/")),
        ],
    },
    Rule {
        profile: "python-hyperlink",
        id: "python-hyperlink/text-path-delimiters-encoded",
        name: "to_text percent-encodes what would not read back as the path and query it holds: \"[\" and \"]\" in a segment or the query, and every octet outside unreserved, sub-delims, \"%\" and \"@\" in the first segment of a URL without a scheme, \":\" too (_encode_path_parts: \"the first path segment cannot contain a colon\", RFC 3986 3.3; \"asText() should never produce a syntactically invalid URI\", hyperlink issue 4)",
        cites: "hyperlink source, _encode_path_parts (RFC 3986 section 3.3)",
        explains: Custom(text_path_delimiters_encoded),
        examples: &[
            Example::fires(":", Reply::SplitSerializes("%3A")),
            Example::fires("http://h/[x]", Reply::SplitSerializes("http://h/%5Bx%5D")),
            Example::fires("?]", Reply::SplitSerializes("?%5D")),
            Example::off(":", Reply::SplitSerializes("%3B")),
        ],
    },
];

/// A round trip whose re-read differs from the first reading only in its path and query, written as
/// hyperlink's `to_text` writes it: `_encode_path_parts(..., maximal=False)` encodes, in a URL
/// with a scheme, each segment's `_PATH_DELIMS` (`#/?[]`: in a segment, "[" and "]"); in a URL
/// without one, the first segment whole, maximally (`_encode_schemeless_path_part`: every UTF-8
/// octet outside `_SCHEMELESS_PATH_SAFE`, unreserved, sub-delims, "%" and "@"), and the others
/// as above. Run here with hyperlink 21: `:` is written `%3A`, `a b/c d` is `a%20b/c d`,
/// `http://h/[x]` is `http://h/%5Bx%5D`, `/a b` stays (its first segment is the empty one).
fn text_path_delimiters_encoded(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    let others_kept = crate::parsers::ALL_BUT_AUTHORITY
        .iter()
        .filter(|&&c| c != Component::Path && c != Component::Query)
        .all(|&c| first.get(c) == again.get(c));
    let Some(path) = first.get(Component::Path) else {
        return false;
    };
    // A query's keys and values encode their `_QUERY_KEY_DELIMS` and `_QUERY_VALUE_DELIMS`
    // (`#&=[]`, `#&[]`): in a query read from text, "[" and "]" (`?]` is written `?%5D`).
    let query = first.get(Component::Query);
    let query_written = query.map(|q| q.replace('[', "%5B").replace(']', "%5D"));
    if again.get(Component::Query) != query_written.as_deref() {
        return false;
    }
    let has_scheme = first.get(Component::Scheme).is_some_and(|s| !s.is_empty());
    let written = text_path(path, has_scheme);
    others_kept
        && (written != path || query_written.as_deref() != query)
        && again.get(Component::Path) == Some(written.as_str())
}

/// `path` as `to_text` writes it (`_encode_path_parts(..., maximal=False)`): in a URL with a
/// scheme, each segment's "[" and "]" encoded; without one, the first segment maximally
/// (`_encode_schemeless_path_part`: every UTF-8 octet outside unreserved, sub-delims, "%" and
/// "@", so ":" too) and the others as with one.
fn text_path(path: &str, has_scheme: bool) -> String {
    let maximal = |b: u8| b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=%@".contains(&b);
    path.split('/')
        .enumerate()
        .map(|(i, segment)| match i == 0 && !has_scheme {
            true => pct_encoded(segment.as_bytes(), maximal),
            false => pct_encoded(segment.as_bytes(), |b| !matches!(b, b'[' | b']')),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A relative reference's path with its dot segments resolved as hyperlink's
/// `_resolve_dot_segments` resolves its path's segments ("Normalize the URL path by resolving
/// segments of '.' and '..'"): "." dropped, ".." removing the segment before it (nothing at the
/// start), an empty last segment added after a final "." or ".."; a leading "/" kept. So `a/..`
/// is `` where RFC 3986 5.2.4's algorithm, which works on the string, gives `/`.
fn dots_resolved(path: &str) -> String {
    let (root, rest) = match path.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", path),
    };
    if rest.is_empty() {
        return path.to_owned();
    }
    let segments: Vec<&str> = rest.split('/').collect();
    let mut out: Vec<&str> = Vec::new();
    for &segment in &segments {
        match segment {
            "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    if matches!(segments.last(), Some(&".") | Some(&"..")) {
        out.push("");
    }
    format!("{root}{}", out.join("/"))
}

/// A port's digits as the integer hyperlink holds (`URL.port`: "The port is an integer"):
/// leading zeros gone, `0` for zeros only.
fn port_number(p: &str) -> &str {
    let digits = p.trim_start_matches('0');
    if digits.is_empty() && !p.is_empty() {
        "0"
    } else {
        digits
    }
}

/// `click` on a reference with an empty authority, no userinfo and no port (`///x`): hyperlink's
/// `URL` holds no authority, only a `host` among arguments "defaulting to appropriately empty
/// values" and `rooted` ("True on any URL that includes a host, or any relative URL that starts
/// with a slash"), its constructor's documentation; so an empty host is no host and `///x` is
/// the rooted relative URL `/x` (`URL.from_text('///x').to_text()` is `'/x'`). The reference read so is resolved as the
/// shared click rule does (no empty query or fragment, "/" for an empty path after a host).
/// A path starting with "//" is left out: without the authority it would read as one.
fn click_without_empty_authority(e: &Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base)) = (e.class, e.second) else {
        return false;
    };
    // `//` alone, with no host, path, query or fragment, is no reference to anything: the base
    // comes back without its fragment (`click("//")` on `https://acme.de:9090` is
    // `https://acme.de:9090`, on `http://a/b?q#f` `http://a/b?q`, run here with hyperlink 21),
    // where RFC 3986 5.2.2 gives `https://`.
    if e.input == b"//" {
        let kept = base.split(|&b| b == b'#').next().unwrap_or(base);
        return e.got.map(str::as_bytes) == Some(kept)
            && uri_spec::resolve(base, e.input).ok().as_deref() != e.got;
    }
    let Ok(c) = uri_spec::parse(e.input) else {
        return false;
    };
    let path = c.path.unwrap_or("");
    if c.scheme.is_some()
        || c.authority != Some("")
        || !path.starts_with('/')
        || path.starts_with("//")
    {
        return false;
    }
    let Some(reference) = e.input.get(2..).map(String::from_utf8_lossy) else {
        return false;
    };
    let Some(reference) = empty_parts_dropped(&reference) else {
        return false;
    };
    let Ok(target) = uri_spec::resolve(base, reference.as_bytes()) else {
        return false;
    };
    let written = empty_parts_dropped(&target).map(|t| slash_after_authority(&t));
    let exact = uri_spec::resolve(base, e.input).ok();
    written.is_some_and(|w| Some(&w) != exact.as_ref() && e.got == Some(w.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As `URL.from_text(p).normalize().to_text()` answers (hyperlink 21.0.0, run here).
    #[test]
    fn a_relative_path_s_dots_are_resolved_segment_by_segment() {
        for (path, resolved) in [
            ("a/..", ""),
            (".", ""),
            ("./a", "a"),
            ("../a", "a"),
            ("a/./b/", "a/b/"),
            ("a/b/..", "a/"),
            ("/a/..", "/"),
        ] {
            assert_eq!(dots_resolved(path), resolved, "{path}");
        }
        // One step off: RFC 3986 5.2.4's algorithm gives "/" for "a/..", hyperlink does not.
        assert_ne!(dots_resolved("a/.."), uri_spec::remove_dot_segments("a/.."));
    }

    #[test]
    fn port_number_is_the_integer() {
        for (written, number) in [
            ("08", "8"),
            ("1", "1"),
            ("0", "0"),
            ("000", "0"),
            ("080", "80"),
        ] {
            assert_eq!(port_number(written), number, "{written}");
        }
    }
}
