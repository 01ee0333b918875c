//! Profile `whatwg-url` (url, ada-url, Node's `URL`), judged against the WHATWG reference.
//!
//! Two tables. [`RULES`]: what a WHATWG parser's worker reports differently from the reference
//! by the way its API is made (Node's `hostname`, `search` and `hash` give `''` for absent). And
//! [`VERSUS_RFC3986`]: how the URL Standard ("URL parsing", "URL serializing") differs from
//! RFC 3986 by design, each rule reproducing the WHATWG answer from RFC 3986's; the conformance
//! matrix uses it to say in what a WHATWG parser differs from RFC 3986, never a class.

use super::Explains::{Custom, PortOverflowRefused};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "url",
        id: "url/file-empty-host-none",
        name: "a file URL's empty host is none (Url::host: \"some file: URLs don't have a host\")",
        cites: "rust-url docs, Url::host",
        explains: Custom(|e| {
            e.class == Class::UndefinedVsEmpty(Component::Host)
                && e.reference == Some("")
                && e.got.is_none()
                && e.reference_components
                    .and_then(|c| c.get(Component::Scheme))
                    .is_some_and(|s| s.eq_ignore_ascii_case("file"))
        }),
        examples: &[
            Example::fires(
                "file:///x",
                Reply::Reads(&[(Component::Host, None), (Component::HostKind, None)]),
            ),
            Example::off(
                "file://h/x",
                Reply::Reads(&[(Component::Host, None), (Component::HostKind, None)]),
            ),
        ],
    },
    Rule {
        profile: "node-whatwg",
        id: "node-whatwg/absent-empty-alike",
        name: "hostname, search and hash give '' for absent and empty alike",
        cites: "Node.js url docs, url.hostname, url.search and url.hash",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Host | Component::Query | Component::Fragment)
            ) && e.reference.is_none()
                && e.got == Some("")
        }),
        examples: &[
            Example::fires("http://a/", Reply::Reads(&[(Component::Query, Some(""))])),
            Example::off("http://a/", Reply::Reads(&[(Component::Query, Some("x"))])),
        ],
    },
];

/// How the URL Standard differs from RFC 3986 by design.
pub(super) const VERSUS_RFC3986: &[Rule] = &[
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/port-over-65535-error",
        name: "a port above 65535 is an error",
        cites: "URL Standard, URL parsing",
        explains: PortOverflowRefused,
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/ipvfuture-not-host",
        name: "IPvFuture is not a host",
        cites: "URL Standard, host parsing",
        explains: Custom(|e| e.class == Class::TooStrict && is_ipvfuture(e.reference_components)),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/absolute-only-without-base",
        name: "only absolute URLs parse without a base",
        cites: "URL Standard, URL parsing",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.reference_components
                    .is_some_and(|c| c.get(Component::Scheme).is_none())
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/special-host-required",
        name: "a special scheme needs a non-empty host",
        cites: "URL Standard, URL parsing",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && is_special(e.scheme().as_deref())
                && e.scheme().as_deref() != Some("file")
                && e.reference_components
                    .is_some_and(|c| whatwg_special_host(c).is_none_or(|(h, _)| h.is_empty()))
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/invalid-input-repaired",
        name: "invalid input is repaired (C0 and space trimmed, tab and newline removed, \\ read as / in a special URL, forbidden characters percent-encoded)",
        cites: "URL Standard, URL parsing (basic URL parser)",
        explains: Custom(|e| {
            e.class == Class::TooLax && uri_spec::parse(&whatwg_repair(e.input)).is_ok()
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/special-host-domain-to-ascii",
        name: "a special scheme's host is percent-decoded and lowercased (domain to ASCII)",
        cites: "URL Standard, host parsing (domain to ASCII)",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && is_special(e.scheme().as_deref())
                && e.reference.map(|h| pct_decode(&h.to_ascii_lowercase())).as_deref() == e.got
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/ipv4-dotted-decimal",
        name: "an IPv4 host in any of its number forms is serialized in dotted decimal",
        cites: "URL Standard, IPv4 parser and host serializing",
        explains: Custom(|e| {
            is_special(e.scheme().as_deref())
                && match e.component() {
                    Some(Component::Host) => e.reference.and_then(whatwg_ipv4).as_deref() == e.got,
                    Some(Component::HostKind) => {
                        e.got == Some("ipv4")
                            && e.reference_components
                                .and_then(|c| c.get(Component::Host))
                                .and_then(whatwg_ipv4)
                                .is_some()
                    }
                    _ => false,
                }
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/ipv6-compressed",
        name: "IPv6 is serialized as eight hex pieces with the longest zero run compressed",
        cites: "URL Standard, host serializing (IPv6 serializer)",
        explains: Custom(|e| {
            e.component() == Some(Component::Host) && e.reference.and_then(whatwg_ipv6).as_deref() == e.got
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/special-empty-path-slash",
        name: "a special scheme's empty path becomes \"/\"",
        cites: "URL Standard, URL parsing",
        explains: Custom(|e| {
            e.component() == Some(Component::Path)
                && is_special(e.scheme().as_deref())
                && e.reference == Some("")
                && e.got == Some("/")
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/dot-segments-removed-parsing",
        name: "dot segments are removed while parsing (%2e counts as \".\")",
        cites: "URL Standard, URL parsing",
        explains: Custom(|e| {
            e.component() == Some(Component::Path)
                && e.reference.is_some_and(|p| p.starts_with('/'))
                && e.reference.map(whatwg_dots).as_deref() == e.got
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/default-or-empty-port-omitted",
        name: "a special scheme's default port, or an empty port, is omitted",
        cites: "URL Standard, URL parsing and URL serializing",
        explains: Custom(|e| {
            e.component() == Some(Component::Port)
                && e.got.is_none()
                && (e.reference == Some("")
                    || (e.reference.is_some()
                        && e.reference.and_then(|p| p.parse::<u16>().ok())
                            == default_port(e.scheme().as_deref())))
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/empty-userinfo-dropped",
        name: "an empty userinfo or password is dropped, the rest percent-encoded with the userinfo set",
        cites: "URL Standard, URL serializing (userinfo percent-encode set)",
        explains: Custom(|e| {
            e.component() == Some(Component::Userinfo)
                && match e.reference {
                    Some("" | ":") => e.got.is_none(),
                    Some(u) => Some(whatwg_userinfo(u)).as_deref() == e.got,
                    None => false,
                }
        }),
        examples: &[],
    },
    Rule {
        profile: "whatwg-url",
        id: "whatwg-url/special-slashes-any-count",
        name: "a special URL takes its authority after any number of slashes",
        cites: "URL Standard, URL parsing",
        explains: Custom(|e| {
            let Some(c) = e.reference_components else {
                return false;
            };
            if !is_special(e.scheme().as_deref()) || e.scheme().as_deref() == Some("file") {
                return false;
            }
            let Some(parts) = whatwg_slash_authority(c) else {
                return false;
            };
            match e.component() {
                Some(Component::HostKind) => e.reference.is_none() && e.got.is_some(),
                Some(
                    component @ (Component::Authority
                    | Component::Userinfo
                    | Component::Host
                    | Component::Port
                    | Component::Path),
                ) => parts.get(component) == e.got,
                _ => false,
            }
        }),
        examples: &[],
    },
];

/// The WHATWG parser's repairs that make an input RFC 3986-valid when nothing else is wrong:
/// leading and trailing C0 controls and spaces trimmed, tabs and newlines removed, "\\" read as
/// "/" in a special URL, and the characters it percent-encodes encoded.
fn whatwg_repair(input: &[u8]) -> Vec<u8> {
    let trimmed: &[u8] = {
        let start = input.iter().position(|b| *b > b' ').unwrap_or(input.len());
        let end = input
            .iter()
            .rposition(|b| *b > b' ')
            .map_or(start, |e| e + 1);
        &input[start..end]
    };
    let special = {
        let scheme: Vec<u8> = trimmed
            .iter()
            .take_while(|b| **b != b':')
            .map(u8::to_ascii_lowercase)
            .collect();
        trimmed.contains(&b':') && is_special(std::str::from_utf8(&scheme).ok())
    };
    let mut out = Vec::with_capacity(trimmed.len());
    let mut in_fragment = false;
    for &b in trimmed {
        match b {
            b'\t' | b'\n' | b'\r' => {}
            b'\\' if special && !in_fragment => out.push(b'/'),
            b'#' if in_fragment => out.extend_from_slice(b"%23"),
            b'#' => {
                in_fragment = true;
                out.push(b);
            }
            b' ' | b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'|' | b'^' | b'\\' => {
                out.extend_from_slice(format!("%{b:02X}").as_bytes());
            }
            b if !(0x20..0x7f).contains(&b) => {
                out.extend_from_slice(format!("%{b:02X}").as_bytes())
            }
            b => out.push(b),
        }
    }
    out
}

/// The authority a special URL takes when its "//" is missing, doubled or empty: what follows the
/// slashes up to the next "/", split into userinfo (before the last "@"), host and port (after a
/// last ":" of digits), each as WHATWG serializes it; and the path left after it. `None` when the
/// spec already found a non-empty host.
fn whatwg_special_host(c: &Components) -> Option<(String, String)> {
    let parts = whatwg_slash_authority(c)?;
    Some((
        parts.get(Component::Host)?.to_owned(),
        parts.get(Component::Path)?.to_owned(),
    ))
}

fn whatwg_slash_authority(c: &Components) -> Option<Components> {
    if c.get(Component::Host).is_some_and(|h| !h.is_empty()) {
        return None;
    }
    let path = c.get(Component::Path)?.trim_start_matches('/');
    let (authority, rest) = match path.find('/') {
        Some(i) => (&path[..i], &path[i..]),
        None => (path, ""),
    };
    let (userinfo, host, port) = server_parts(authority);
    let scheme = c.get(Component::Scheme).map(str::to_ascii_lowercase);
    let host = whatwg_ipv4(host).unwrap_or_else(|| pct_decode(host));
    let userinfo = userinfo
        .filter(|u| !u.is_empty() && *u != ":")
        .map(|u| whatwg_userinfo(u.strip_suffix(':').unwrap_or(u)));
    let port = port
        .filter(|p| !p.is_empty())
        .and_then(|p| p.parse::<u16>().ok())
        .filter(|p| Some(*p) != default_port(scheme.as_deref()))
        .map(|p| p.to_string());
    let mut authority = String::new();
    if let Some(u) = &userinfo {
        authority.push_str(u);
        authority.push('@');
    }
    authority.push_str(&host);
    if let Some(p) = &port {
        authority.push(':');
        authority.push_str(p);
    }
    let path = if rest.is_empty() {
        "/".to_owned()
    } else {
        whatwg_dots(rest)
    };
    Some(
        Components::default()
            .with(Component::Authority, Some(&authority))
            .with(Component::Userinfo, userinfo.as_deref())
            .with(Component::Host, Some(&host))
            .with(Component::Port, port.as_deref())
            .with(Component::Path, Some(&path)),
    )
}

/// WHATWG's userinfo percent-encode set, applied to the user and the password apart.
fn whatwg_userinfo(u: &str) -> String {
    let encode = |part: &str| {
        let mut out = String::new();
        for b in part.bytes() {
            if b <= b' ' || b >= 0x7f || b"\"#<>?`{}/:;=@[\\]^|".contains(&b) {
                out.push_str(&format!("%{b:02X}"));
            } else {
                out.push(b as char);
            }
        }
        out
    };
    match u.split_once(':') {
        Some((user, "")) => encode(user),
        Some((user, password)) => format!("{}:{}", encode(user), encode(password)),
        None => encode(u),
    }
}

/// WHATWG's IPv6 serializer: eight lowercase hex pieces, the first longest run of two or more
/// zero pieces written "::" (an embedded IPv4 is written as two pieces). `None` when the literal
/// is written that way already, or is not IPv6.
fn whatwg_ipv6(host: &str) -> Option<String> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    let pieces = inner.parse::<std::net::Ipv6Addr>().ok()?.segments();
    let (mut best, mut best_len, mut i) = (None, 1, 0);
    while i < 8 {
        let run = pieces[i..].iter().take_while(|p| **p == 0).count();
        if run > best_len {
            best = Some(i);
            best_len = run;
        }
        i += run.max(1);
    }
    let hex = |ps: &[u16]| {
        ps.iter()
            .map(|p| format!("{p:x}"))
            .collect::<Vec<_>>()
            .join(":")
    };
    let s = match best {
        Some(b) => format!("[{}::{}]", hex(&pieces[..b]), hex(&pieces[b + best_len..])),
        None => format!("[{}]", hex(&pieces)),
    };
    (s != host).then_some(s)
}

/// The WHATWG IPv4 parser's reading of a host (decimal, octal `0..`, hex `0x..`, one to four
/// parts, the last filling the remaining bytes), serialized in dotted decimal; `None` when the
/// host is not an IPv4 address to WHATWG or is already in dotted-decimal form.
pub(super) fn whatwg_ipv4(written: &str) -> Option<String> {
    // An empty host is no number (the IPv4 parser is only reached for a non-empty host).
    if written.is_empty() {
        return None;
    }
    let host = written.strip_suffix('.').unwrap_or(written);
    let parts: Vec<&str> = host.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for p in &parts {
        // The IPv4 number parser: "If input is the empty string, then return failure" (an
        // empty part is no number; "0x" alone is 0, below).
        if p.is_empty() {
            return None;
        }
        let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or(p.strip_prefix("0X")) {
            (h, 16)
        } else if p.len() > 1 && p.starts_with('0') {
            (&p[1..], 8)
        } else {
            (*p, 10)
        };
        let n = if digits.is_empty() {
            0
        } else {
            u64::from_str_radix(digits, radix).ok()?
        };
        numbers.push(n);
    }
    let (last, rest) = numbers.split_last()?;
    if rest.iter().any(|n| *n > 255) || *last >= 256u64.pow(5 - numbers.len() as u32) {
        return None;
    }
    let mut v = *last;
    for (i, n) in rest.iter().enumerate() {
        v += n << (8 * (3 - i));
    }
    let s = format!(
        "{}.{}.{}.{}",
        v >> 24,
        (v >> 16) & 255,
        (v >> 8) & 255,
        v & 255
    );
    (s != written).then_some(s)
}

/// A path with WHATWG's dot-segment handling: `.`, `..`, `%2e` and `%2e%2e` (any case) as
/// segments are removed.
fn whatwg_dots(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let n = segments.len();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == n;
        let lower = seg.to_ascii_lowercase();
        let single = matches!(lower.as_str(), "." | "%2e");
        let double = matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e");
        if double {
            out.pop();
            if last {
                out.push("");
            }
        } else if single {
            if last {
                out.push("");
            }
        } else {
            out.push(seg);
        }
    }
    format!("/{}", out.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whatwg_ipv4_forms() {
        assert_eq!(whatwg_ipv4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("2130706433").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("0177.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(whatwg_ipv4("1.2.3.4"), None);
        assert_eq!(whatwg_ipv4("example.com"), None);
        assert_eq!(whatwg_ipv4("1.2.3.256"), None);
        assert_eq!(whatwg_ipv4(""), None);
    }

    #[test]
    fn whatwg_dot_segments() {
        assert_eq!(whatwg_dots("/a/./b/../c"), "/a/c");
        assert_eq!(whatwg_dots("/a/%2E%2e/b"), "/b");
        assert_eq!(whatwg_dots("/a/.."), "/");
        assert_eq!(whatwg_dots("/a/b/."), "/a/b/");
    }
}
#[cfg(test)]
mod regression_tests {
    use super::*;

    fn spec(input: &str) -> Components {
        Components::from_spec(&uri_spec::parse(input.as_bytes()).expect("valid"))
    }

    #[test]
    fn a_trailing_dot_ipv4_host_and_an_encoded_userinfo_are_by_design_for_whatwg() {
        let c = spec("http://1.2.3.4.");
        let e = Evidence {
            class: Class::Component(Component::Host),
            input: b"http://1.2.3.4.",
            second: None,
            reparsed: None,
            reference: Some("1.2.3.4."),
            got: Some("1.2.3.4"),
            reference_components: Some(&c),
            serialization: None,
        };
        assert!(versus_rfc3986(&e).is_some());
        assert_eq!(
            whatwg_ipv6("[::ffff:1.2.3.4]").as_deref(),
            Some("[::ffff:102:304]")
        );
        assert_eq!(
            whatwg_ipv6("[0:0:1:0:0:0:1:0]").as_deref(),
            Some("[0:0:1::1:0]")
        );
        // No run of two zero pieces: nothing to compress, already in WHATWG's form.
        assert_eq!(whatwg_ipv6("[1:0:1:0:1:0:1:0]"), None);
    }
}
