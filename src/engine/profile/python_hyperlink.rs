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
//! reference too.

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
        name: "an absent scheme, userinfo, host, query or fragment is the empty string",
        explains: |e| {
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
            ) && e.spec.is_none()
                && e.got == Some("")
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "the scheme's default port is reported when none is written (SCHEME_PORT_MAP)",
        explains: |e| {
            let scheme = e.spec_components.and_then(|c| c.get(Component::Scheme));
            e.component() == Some(Component::Port)
                && matches!(e.spec, None | Some(""))
                && e.got.is_some()
                && scheme_port(scheme).map(|p| p.to_string()).as_deref() == e.got
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "the port is an integer (port: \"The port number\")",
        explains: port_as_number,
    },
    Rule {
        profile: "python-hyperlink",
        name: "an IPv6 host is the address without its brackets",
        explains: |e| {
            e.component() == Some(Component::Host)
                && e.spec
                    .and_then(|h| h.strip_prefix('['))
                    .and_then(|h| h.strip_suffix(']'))
                    == e.got
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "click reads and gives no empty authority, query or fragment (an empty query tuple is no query), and \"/\" before a query after a host",
        explains: super::python_yarl::resolves_without_empty_parts,
    },
    Rule {
        profile: "python-hyperlink",
        name: "an empty path after a host is \"/\" when a query follows (URL(): \"per RFC 3986 6.2.3 ... normalized to a path of '/'\")",
        explains: |e| {
            let c = e.spec_components;
            e.component() == Some(Component::Path)
                && e.spec == Some("")
                && e.got == Some("/")
                && c.and_then(|c| c.get(Component::Host)).is_some_and(|h| !h.is_empty())
                && c.and_then(|c| c.get(Component::Query)).is_some_and(|q| !q.is_empty())
        },
    },
    Rule {
        profile: "python-hyperlink",
        name: "normalize keeps no empty authority, query or fragment, resolves the dot segments of a relative reference too and writes \"/\" for an empty path after a host (normalize: \"Resolve any '.' and '..' references in the path\", \"Ensure an ending slash on URLs with an empty path\")",
        explains: |e| {
            let (Class::Normalization, Some(spec)) = (e.class, e.spec) else {
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
                    out.push_str(a);
                }
                _ => {}
            }
            let path = c.path.unwrap_or("");
            if c.scheme.is_none() && c.authority.is_none() {
                out.push_str(&uri_spec::remove_dot_segments(path));
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
        },
    },
];
