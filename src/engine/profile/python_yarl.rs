//! Profile `python-yarl`: yarl's `URL`. Its documentation (docs/api.rst, the `URL` class and its
//! attributes) says:
//! - `scheme` is "empty string for relative URLs", `raw_authority`, `raw_query_string` and
//!   `raw_fragment` are "empty string if" absent, `raw_host` and `raw_user` are `None` where there
//!   are none (an empty host or user included: yarl builds them from text that is not empty);
//! - `host`: "Brackets are stripped for IPv6. Host is converted to lowercase, address is validated
//!   and converted to compressed form" (the form of Python's `ipaddress`, which writes an
//!   embedded IPv4 address in hexadecimal and never shortens a single zero group: `::1.2.3.4` is
//!   `::102:304`);
//! - `explicit_port` is the port "specified in URL" as an integer, and the path is "'/' for
//!   absolute URLs without path part";
//! - "Internally all data are stored as percent-encoded strings for user, path, query and
//!   fragment URL parts ... Constructor and modification operators perform encoding for all parts
//!   automatically" (the README: "Strings passed to constructor and modification methods are
//!   automatically encoded giving canonical representation as result"): each part is requoted,
//!   a percent-encoding of a character the part allows decoded, any other uppercased, a character
//!   it does not allow encoded; the changelog's "Normalize path" and "Path normalization for
//!   absolute URLs" remove the dot segments of a URL with a host;
//! - `raw_query_string` and `raw_fragment` are "empty string if" missing: a URL holds no empty
//!   query or fragment, so `join` gives none either;
//! - "Internally all data are stored as ... *IDNA-encoded* (RFC 5891) for *host*": a host with
//!   a non-ASCII character is written in Punycode (`URL("r://ü").raw_host` is `xn--tda`, run
//!   here with yarl 1.25.1);
//! - its changelog (1.24.3: "Documented how `host` and `raw_host` expose RFC 6874 IPv6 zone
//!   identifiers and that the host subcomponent properties include the zone identifier
//!   verbatim"; the test suite pins "the `%25` and legacy bare `%` separator forms, empty zone"):
//!   an IPv6 host with a zone is its address in compressed form and the zone as written;
//! - its changelog, 1.9.5: "Specified ports are removed from the `str` representation of a
//!   `URL` if the port matches the scheme's default port" (RFC 3986 3.2.3), and 1.9.7: that
//!   normalization only "when the scheme is ... `http`, `https`, `wss`, or `ws`" (its "Default
//!   port substitution" table: 80, 443, 80, 443);
//! - its "References" section: "low-level urllib.parse which performs almost all gory work",
//!   and of RFC 3986 "Certain deviations could be observed, which are mostly for backward
//!   compatibility purposes and for certain de-facto parsing requirements as commonly observed
//!   in major browsers": its split is urlsplit's, which removes tabs and newlines ("\n, \r and
//!   tab \t characters are removed from the URL at any position", as the URL Standard removes
//!   them from every URL), and its port is urlsplit's, which raises `ValueError` on a port
//!   outside 0-65535 ("Port out of range 0-65535"; the URL Standard's port state fails there
//!   too).

use super::Explains::{
    Custom, EmptyAsNone, EmptyPathAfterAuthorityIsSlash, EscapedWhereLenient, PortAsNumber,
    ReadWithoutTabsNewlines,
};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// yarl's `_quoting` tables: RFC 3986's `unreserved` and the sub-delimiters other than the
/// query-string ones (`ALLOWED`), and those (`QS`).
const ALLOWED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$'()*,";
const QS: &str = "+&=;";

/// One of yarl's requoters (`yarl/_quoters.py`): the characters a part keeps as they are besides
/// `ALLOWED`, those whose percent-encoding it keeps (`protected`), and whether it is a query
/// string (a space is "+", `QS` only where protected).
struct Requoter {
    safe: &'static str,
    protected: &'static str,
    qs: bool,
}

/// `PATH_REQUOTER`, `QUERY_REQUOTER`, `FRAGMENT_REQUOTER` and `REQUOTER` (the user and password).
const PATH: Requoter = Requoter {
    safe: "@:",
    protected: "/+",
    qs: false,
};
const QUERY: Requoter = Requoter {
    safe: "?/:@",
    protected: "=+&;",
    qs: true,
};
const FRAGMENT: Requoter = Requoter {
    safe: "?/:@",
    protected: "",
    qs: false,
};
const USERINFO: Requoter = Requoter {
    safe: "",
    protected: "",
    qs: false,
};

/// `text` requoted as yarl's constructor does it (`_Quoter.__call__` with `requote=True`): a
/// percent-encoding of a safe character that is not protected decoded, any other kept
/// uppercased, a "%" that starts none written "%25", a safe character kept, anything else
/// percent-encoded (UTF-8, uppercase).
fn requote(text: &str, q: &Requoter) -> String {
    let safe = |b: u8| {
        b.is_ascii()
            && (q.safe.as_bytes().contains(&b)
                || ALLOWED.as_bytes().contains(&b)
                || (!q.qs && QS.as_bytes().contains(&b))
                || q.protected.as_bytes().contains(&b))
    };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%' {
            let hex = |at: usize| bytes.get(at).and_then(|&c| (c as char).to_digit(16));
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                let c = (h * 16 + l) as u8;
                if safe(c) && !q.protected.as_bytes().contains(&c) {
                    out.push(c as char);
                } else {
                    out.push_str(&format!("%{c:02X}"));
                }
                i += 3;
            } else {
                out.push_str("%25");
                i += 1;
            }
            continue;
        }
        if q.qs && b == b' ' {
            out.push('+');
        } else if safe(b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
        i += 1;
    }
    out
}

/// yarl's `normalize_path` (`yarl/_path.py`): "." dropped, ".." drops the segment before it
/// (none past the root), a trailing "." or ".." leaves a trailing "/".
fn normalize_path(path: &str) -> String {
    let (prefix, rest) = match path.strip_prefix('/') {
        Some(rest) => ("/", rest),
        None => ("", path),
    };
    let segments: Vec<&str> = rest.split('/').collect();
    let mut resolved: Vec<&str> = Vec::new();
    for seg in &segments {
        match *seg {
            ".." => {
                resolved.pop();
            }
            "." => {}
            s => resolved.push(s),
        }
    }
    if matches!(segments.last(), Some(&"." | &"..")) {
        resolved.push("");
    }
    format!("{prefix}{}", resolved.join("/"))
}

/// The path yarl's constructor keeps for `path` (`encode_url`): requoted; with a host, its dot
/// segments removed; with neither scheme nor host, a scheme-shaped leading ":" written "%3A"
/// (`_encode_relative_scheme_colon`); "/" for an empty path after a host.
fn yarl_path(path: &str, scheme: bool, netloc: bool) -> String {
    let mut p = requote(path, &PATH);
    if netloc && p.contains('.') {
        p = normalize_path(&p);
    } else if !scheme
        && !netloc
        && let Some(colon) = p.find(':').filter(|&c| c > 0)
    {
        let shaped = p[..colon]
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
        if shaped {
            p = format!("{}%3A{}", &p[..colon], &p[colon + 1..]);
        }
    }
    if p.is_empty() && netloc {
        "/".to_owned()
    } else {
        p
    }
}

/// An IPv6 address written as Python's `ipaddress.IPv6Address.compressed` writes it: eight
/// groups in lowercase hexadecimal without leading zeros, the first longest run of two or more
/// zero groups written "::" (an embedded IPv4 address in hexadecimal too). `None` when `addr`
/// is no IPv6 address.
///
/// Shared with furl's profile, which reads hosts through the same module.
pub(super) fn python_ipv6_compressed(addr: &str) -> Option<String> {
    let ip: std::net::Ipv6Addr = addr.parse().ok()?;
    let groups = ip.segments();
    let (mut best, mut best_len) = (0, 0);
    let mut i = 0;
    while i < groups.len() {
        let start = i;
        while i < groups.len() && groups[i] == 0 {
            i += 1;
        }
        if i - start > best_len {
            (best, best_len) = (start, i - start);
        }
        i += 1;
    }
    let hex = |g: &[u16]| {
        g.iter()
            .map(|g| format!("{g:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    Some(if best_len > 1 {
        format!(
            "{}::{}",
            hex(&groups[..best]),
            hex(&groups[best + best_len..])
        )
    } else {
        hex(&groups)
    })
}

/// Whether the spec's authority of the evidence is there and not empty (yarl's `netloc`).
fn has_netloc(e: &Evidence<'_>) -> bool {
    e.reference_components
        .and_then(|c| c.get(Component::Authority))
        .is_some_and(|a| !a.is_empty())
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // The same encoding on an input RFC 3986 rejects: where the URL Standard removes a
    // character, yarl keeps it quoted (`URL("http://a?\x0b").raw_query_string` is `%0B`,
    // `URL("http://a/\x00").raw_path` is `/%00`, run here).
    Rule {
        profile: "python-yarl",
        id: "python-yarl/url-quoted-whatwg",
        name: "the URL quoted where the URL Standard removes or rereads a character (\"Constructor ... perform encoding for all parts\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: EscapedWhereLenient,
        examples: &[
            Example::fires("http://a?\u{b}", Reply::Splits(&[(Component::Query, Some("%0B"))])),
            Example::off("http://a?\u{b}", Reply::Splits(&[(Component::Query, Some(" "))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/absent-parts-empty",
        name: "an absent scheme, authority, query or fragment is the empty string",
        cites: "yarl docs/api.rst, URL attributes",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(
                    Component::Scheme | Component::Authority | Component::Query | Component::Fragment
                )
            ) && e.reference.is_none()
                && e.got == Some("")
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Query, Some(""))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Query, Some("x"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/empty-host-userinfo-none",
        name: "an empty host or userinfo is None",
        cites: "yarl docs/api.rst, URL attributes",
        explains: EmptyAsNone(&[Component::Host, Component::Userinfo]),
        examples: &[
            Example::fires("http://@a/", Reply::Reads(&[(Component::Userinfo, None)])),
            Example::off("http://u@a/", Reply::Reads(&[(Component::Userinfo, None)])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/host-lowercased-unbracketed",
        name: "the host is lowercased, an IP literal without its brackets",
        cites: "yarl docs/api.rst, URL.host",
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
        profile: "python-yarl",
        id: "python-yarl/empty-path-slash-after-host",
        name: "an empty path after an authority is \"/\" (\"'/' for absolute URLs without path part\")",
        cites: "yarl docs/api.rst, URL.path",
        explains: EmptyPathAfterAuthorityIsSlash,
        examples: &[
            Example::fires("http://a", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::off("http://a/b", Reply::Reads(&[(Component::Path, Some("/"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/port-as-integer",
        name: "the port is an integer (explicit_port)",
        cites: "yarl docs/api.rst, URL.explicit_port",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:080/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::off("http://a:080/", Reply::Reads(&[(Component::Port, Some("8"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/ipv6-host-compressed",
        name: "an IPv6 host in Python's compressed form, without its brackets (URL.host: \"converted to compressed form\")",
        cites: "yarl docs/api.rst, URL.host",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && e.got.is_some()
                && e.reference
                    .and_then(|h| h.strip_prefix('['))
                    .and_then(|h| h.strip_suffix(']'))
                    .and_then(python_ipv6_compressed)
                    .as_deref()
                    == e.got
        }),
        examples: &[
            // `URL("//[::1.0.2.1]").raw_host` is "::100:201".
            Example::fires("//[::1.0.2.1]", Reply::Reads(&[(Component::Host, Some("::100:201"))])),
            Example::off("//[::1.0.2.1]", Reply::Reads(&[(Component::Host, Some("::100:202"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/path-requoted",
        name: "the path requoted, its dot segments removed after a host (\"Constructor ... perform encoding for all parts\"; \"Path normalization for absolute URLs\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: Custom(|e| {
            let scheme = e.reference_components.and_then(|c| c.get(Component::Scheme)).is_some();
            e.component() == Some(Component::Path)
                && e.reference.map(|p| yarl_path(p, scheme, has_netloc(e))).as_deref() == e.got
        }),
        examples: &[
            // "%3D" has the path "=".
            Example::fires("%3D", Reply::Reads(&[(Component::Path, Some("="))])),
            Example::off("%3D", Reply::Reads(&[(Component::Path, Some("-"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/query-requoted",
        name: "the query requoted (\"Constructor ... perform encoding for all parts\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Query)
                && e.reference.map(|q| requote(q, &QUERY)).as_deref() == e.got
        }),
        examples: &[
            // "?%2F" has the query "/".
            Example::fires("?%2F", Reply::Reads(&[(Component::Query, Some("/"))])),
            Example::off("?%2F", Reply::Reads(&[(Component::Query, Some("%2f"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/fragment-requoted",
        name: "the fragment requoted (\"Constructor ... perform encoding for all parts\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Fragment)
                && e.reference.map(|f| requote(f, &FRAGMENT)).as_deref() == e.got
        }),
        examples: &[
            // "#%2B" has the fragment "+".
            Example::fires("#%2B", Reply::Reads(&[(Component::Fragment, Some("+"))])),
            Example::off("#%2B", Reply::Reads(&[(Component::Fragment, Some("-"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/userinfo-requoted",
        name: "the user and password requoted apart (\"Constructor ... perform encoding for all parts\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: Custom(|e| {
            let written = e.reference.map(|u| match u.split_once(':') {
                Some((user, password)) => {
                    format!("{}:{}", requote(user, &USERINFO), requote(password, &USERINFO))
                }
                None => requote(u, &USERINFO),
            });
            e.class == Class::Component(Component::Userinfo) && written.as_deref() == e.got
        }),
        examples: &[
            // "//::@" has the password "%3A".
            Example::fires("//::@", Reply::Reads(&[(Component::Userinfo, Some(":%3A"))])),
            Example::off("//::@", Reply::Reads(&[(Component::Userinfo, Some(":%3B"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/special-empty-host-refused",
        name: "an empty host is refused for http, https, ws, wss and ftp (CHANGES 1.11.1: \"Allowed empty host for URL schemes other than the special schemes listed in the WHATWG URL spec\"; ValueError \"host is required\")",
        cites: "yarl CHANGES, 1.11.1",
        explains: Custom(|e| {
            // yarl's `encode_url`: a netloc that is not empty whose host is empty, under one of
            // `SCHEME_REQUIRES_HOST`, raises ValueError (an empty netloc is no host at all).
            let Some(c) = e.reference_components else {
                return false;
            };
            e.class == Class::TooStrict
                && e.second.is_none()
                && e.scheme().is_some_and(|s| {
                    matches!(s.as_str(), "http" | "https" | "ws" | "wss" | "ftp")
                })
                && c.get(Component::Authority).is_some_and(|a| !a.is_empty())
                && c.get(Component::Host) == Some("")
        }),
        examples: &[
            // SCHEME_REQUIRES_HOST: http, https, ws, wss, ftp; an empty host is allowed under other
            // schemes since 1.11.1.
            Example::fires("ftp://:", Reply::Rejected),
            Example::fires("HTTP://@", Reply::Rejected),
            Example::fires("wss://u@:1", Reply::Rejected),
            Example::off("foo://:", Reply::Rejected),
            Example::off("file://:", Reply::Rejected),
            Example::off("foo://u@", Reply::Rejected),
        ],
    },
    // `URL("o://h:\t8").explicit_port` is 8 and `URL("F:?\t").raw_query_string` is "", run
    // here: the tab removed before the split, for every scheme.
    Rule {
        profile: "python-yarl",
        id: "python-yarl/tab-newline-removed",
        name: "tabs and newlines are removed before the split, as urllib.parse's urlsplit removes them (api.rst, References: urllib.parse \"performs almost all gory work\"; deviations \"for certain de-facto parsing requirements as commonly observed in major browsers\")",
        cites: "yarl docs/api.rst, References; urllib.parse docs, urlsplit",
        explains: ReadWithoutTabsNewlines,
        examples: &[
            // yarl's split (urlsplit's): the input without its tabs, CRs and LFs.
            Example::fires("o://h:\t8", Reply::Splits(&[(Component::Authority, Some("h:8")), (Component::Host, Some("h")), (Component::Port, Some("8"))])),
            Example::fires("o://a\nb", Reply::Splits(&[(Component::Authority, Some("ab")), (Component::Host, Some("ab"))])),
            // Only the tabs removed, an LF kept where it stands.
            Example::off("o://a\t\nb", Reply::Splits(&[(Component::Authority, Some("a\nb")), (Component::Host, Some("a\nb"))])),
        ],
    },
    // `URL("//:85555")` raises ValueError("Port out of range 0-65535"), run here.
    Rule {
        profile: "python-yarl",
        id: "python-yarl/port-out-of-range-valueerror",
        name: "a port above 65535 raises ValueError, as urllib.parse's does (api.rst, References: urllib.parse \"performs almost all gory work\"; urlsplit: \"Out-of-range port numbers now raise ValueError\")",
        cites: "yarl docs/api.rst, References; urllib.parse docs, urlsplit",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && match e.second {
                    None => port_overflows(e.reference_components),
                    // `URL(reference)` is read before `join` runs, with the same ValueError
                    // (`URL("coap:/a").join(URL("//:99999"))` raises it, run here).
                    Some(_) => uri_spec::parse(e.input).is_ok_and(|r| {
                        port_overflows(Some(&crate::model::Components::from_spec(&r)))
                    }),
                }
        }),
        examples: &[
            Example::fires("//:85555", Reply::Rejected),
            Example::off("//:8555", Reply::Rejected),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/ipv6-zone-host-compressed",
        name: "an IPv6 host with a zone is the address in compressed form and the zone verbatim (CHANGES 1.24.3: \"the host subcomponent properties include the zone identifier verbatim\")",
        cites: "yarl CHANGES, 1.24.3",
        explains: Custom(zone_host_compressed),
        examples: &[
            // `URL("p://[0::%]").raw_host`: the address compressed, the (empty) zone kept; another
            // address before the zone is one step off.
            Example::fires("p://[0::%]", Reply::Splits(&[(Component::Host, Some("::%"))])),
            Example::off("p://[0::%]", Reply::Splits(&[(Component::Host, Some("::1%"))])),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/host-idna-encoded",
        name: "a non-ASCII host is IDNA-encoded (api.rst: data are stored \"IDNA-encoded (RFC 5891) for host\")",
        cites: "yarl docs/api.rst, URL (IDNA-encoded host, RFC 5891)",
        explains: Custom(|e| {
            let written = e
                .reference
                .filter(|h| !h.is_ascii())
                // IDNA's label separators (RFC 3490 3.1: U+3002, U+FF0E and U+FF61 are dots
                // too): `URL("o://e\u{3002}").host` is `e.`, run here.
                .map(|h| h.to_lowercase().replace(['\u{3002}', '\u{ff0e}', '\u{ff61}'], "."))
                .and_then(|h| punycode_labels(h.split('.')));
            // And mapped as UTS 46 maps it first (`_idna_encode`: `idna.encode(host,
            // uts46=True)`), brackets stripped ("Brackets are stripped for IPv6"):
            // `URL("s://[\u{ff16}:]").raw_host` is `6:`, run here with yarl 1.25.1.
            let mapped = e
                .reference
                .filter(|h| !h.is_ascii())
                .map(|h| {
                    h.strip_prefix('[')
                        .and_then(|h| h.strip_suffix(']'))
                        .unwrap_or(h)
                })
                .and_then(|h| idna::domain_to_ascii(h).ok());
            e.component() == Some(Component::Host)
                && e.second.is_none()
                && ((written.is_some() && written.as_deref() == e.got)
                    || (mapped.is_some() && mapped.as_deref() == e.got))
        }),
        examples: &[
            // `URL("r://\u{fc}").raw_host`: Punycode; a label that is not the host's Punycode is one step off.
            Example::fires("r://\u{fc}", Reply::Splits(&[(Component::Host, Some("xn--tda"))])),
            Example::off("r://\u{fc}", Reply::Splits(&[(Component::Host, Some("xn--tdb"))])),
            // The ideographic full stop read as a dot; U+2024, which IDNA does not read as one, is one step
            // off.
            Example::fires("o://e\u{3002}", Reply::Splits(&[(Component::Authority, Some("e.")), (Component::Host, Some("e."))])),
            Example::off("o://e\u{2024}", Reply::Splits(&[(Component::Authority, Some("e.")), (Component::Host, Some("e."))])),
            // Mapped as UTS 46 maps it, brackets stripped.
            Example::fires(
                "s://[\u{ff16}:]",
                Reply::Splits(&[(Component::Host, Some("6:"))]),
            ),
            Example::off(
                "s://[\u{ff16}:]",
                Reply::Splits(&[(Component::Host, Some("7:"))]),
            ),
        ],
    },
    // `str(URL("http://a:80/"))` is `http://a/`, `str(URL("coap://a:5683/"))` keeps the port,
    // run here.
    Rule {
        profile: "python-yarl",
        id: "python-yarl/default-port-left-out-of-str",
        name: "str leaves out a port that is the scheme's default for http, https, ws and wss (CHANGES 1.9.5: \"Specified ports are removed from the str representation ... if the port matches the scheme's default port\")",
        cites: "yarl CHANGES, 1.9.5 and 1.9.7",
        explains: Custom(default_port_left_out),
        examples: &[
            // `str(URL(...))` leaves out the default port of http, https, ws and wss only.
            Example::fires("http://a:80/", Reply::Serializes("http://a/")),
            Example::fires("wss://a:443", Reply::Serializes("wss://a")),
            Example::off("http://a:8080/", Reply::Serializes("http://a/")),
            Example::off("coap://a:5683/", Reply::Serializes("coap://a/")),
        ],
    },
    // `URL("http://a/b/c/d;p?q").join(URL("%cd"))` is `http://a/b/c/%CD`, run here.
    Rule {
        profile: "python-yarl",
        id: "python-yarl/join-requoted-reference",
        name: "join resolves the reference as its constructor requoted it (\"Constructor and modification operators perform encoding for all parts automatically\")",
        cites: "yarl docs/api.rst, URL (\"Constructor and modification operators perform encoding for all parts automatically\")",
        explains: Custom(requoted_reference_resolved),
        examples: &[
            // The reference requoted ("%cd" is "%CD"), the base as it is.
            Example::fires("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%CD")),
            Example::off("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%CE")),
        ],
    },
    Rule {
        profile: "python-yarl",
        id: "python-yarl/join-drops-empty-parts",
        name: "join reads and gives no empty authority, query or fragment, and \"/\" for an empty path after a host (raw_authority, raw_query_string, raw_fragment: \"empty string if\" missing; path: \"'/' for absolute URLs without path part\")",
        cites: "yarl docs/api.rst, URL attributes",
        explains: Custom(resolves_without_empty_parts),
        examples: &[
            // `URL("http://a").join(URL("?y"))` is "http://a/?y".
            Example::fires("resolve:?y|http://a", Reply::Text("http://a/?y")),
            Example::off("resolve:?y|http://a", Reply::Text("http://a/?z")),
        ],
    },
];

/// A resolution of a reference without scheme or authority as yarl's constructor leaves it (its
/// path, query and fragment requoted: a percent-encoding of a character the part allows
/// decoded, any other uppercased), against the base as it is: `%cd` against `http://a/b/c/d;p?q`
/// is `http://a/b/c/%CD`. Only where the requoting changed the reference.
fn requoted_reference_resolved(e: &Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
        return false;
    };
    let Ok(r) = uri_spec::parse(e.input) else {
        return false;
    };
    if r.scheme.is_some() || r.authority.is_some() {
        return false;
    }
    let written = uri_spec::recompose(
        None,
        None,
        &requote(r.path.unwrap_or_default(), &PATH),
        r.query.map(|q| requote(q, &QUERY)).as_deref(),
        r.fragment.map(|f| requote(f, &FRAGMENT)).as_deref(),
    );
    written.as_bytes() != e.input
        && uri_spec::resolve(base, written.as_bytes()).is_ok_and(|t| t == got)
}

/// A round trip whose one change is the port `str` leaves out: the default of an http, https, ws
/// or wss URL (the table of "Default port substitution"), read again as no port, the
/// authority without its ":" and port, every other component the same.
fn default_port_left_out(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    let default = match lower(first.get(Component::Scheme)).as_deref() {
        Some("http" | "ws") => "80",
        Some("https" | "wss") => "443",
        _ => return false,
    };
    let Some(port) = first.get(Component::Port).filter(|p| *p == default) else {
        return false;
    };
    let authority = first
        .get(Component::Authority)
        .and_then(|a| a.strip_suffix(port))
        .and_then(|a| a.strip_suffix(':'));
    Component::ALL.into_iter().all(|c| match c {
        Component::Port => matches!(again.get(c), None | Some("")),
        Component::Authority => authority.is_some() && again.get(c) == authority,
        _ => first.get(c) == again.get(c),
    })
}

/// Whether the evidence's host is the bracketed IPv6 literal with a zone that the spec reads
/// (`[0::%eth0]`), written as yarl's `raw_host` writes it: the address in Python's compressed
/// form, without brackets, then everything from the first "%" as it stands (`::%eth0`; a "%25"
/// separator stays "%25" there, only `host` decodes it).
fn zone_host_compressed(e: &Evidence<'_>) -> bool {
    let written = e
        .reference
        .and_then(|h| h.strip_prefix('['))
        .and_then(|h| h.strip_suffix(']'))
        .and_then(|h| h.split_once('%'))
        .and_then(|(addr, zone)| Some(format!("{}%{zone}", python_ipv6_compressed(addr)?)));
    e.component() == Some(Component::Host) && written.is_some() && written.as_deref() == e.got
}

/// A resolution read without an empty authority, query or fragment in the reference (yarl's
/// and hyperlink's URL holds none: "//", "?" and "#" alone are the empty reference) and written
/// without them, an empty path after a host "/": the answer of a library whose URL cannot hold
/// an empty part. Shared with hyperlink's `click`.
pub(super) fn resolves_without_empty_parts(e: &Evidence<'_>) -> bool {
    let (Class::Resolution, Some(base)) = (e.class, e.second) else {
        return false;
    };
    let reference = String::from_utf8_lossy(e.input);
    let Some(mut reference) = empty_parts_dropped(&reference) else {
        return false;
    };
    if reference == "//" {
        reference.clear();
    }
    let Ok(target) = uri_spec::resolve(base, reference.as_bytes()) else {
        return false;
    };
    let written = empty_parts_dropped(&target).map(|t| slash_after_authority(&t));
    let exact = uri_spec::resolve(base, e.input).ok();
    written.is_some_and(|w| Some(&w) != exact.as_ref() && e.got == Some(w.as_str()))
}
