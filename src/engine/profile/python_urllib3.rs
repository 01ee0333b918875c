//! Profile `python-urllib3`: urllib3's `parse_url`. Its docstring says: "Best-effort is
//! performed to parse incomplete urls. Fields not provided will be None. This parser is RFC 3986
//! and RFC 6874 compliant", and its example reads `google.com:80` as a host and a port (a text
//! without a scheme is an authority first, a scheme being what its `_SCHEME_RE` matches, which
//! has no "." where RFC 3986 3.1's scheme may). Its `Url` is "a namedtuple ... with some
//! additional properties", whose `port` is an integer and whose constructor writes a path that
//! lacks one with a leading "/" (`Url(path="foo")` has the path `/foo`, its documentation's
//! `Url.path`); for `http`, `https` and no scheme it removes the path's dot segments (its
//! `_remove_path_dot_segments`, "based on RFC 3986 5.2.4"). Its release note of 2.8.0's host
//! check (pull request 5095, "Reject invalid URL hosts"): "Fixed URL parsing to more strictly
//! enforce RFC 3986 host syntax, rejecting invalid host input such as raw spaces and control
//! characters, malformed percent-encodings, and percent-encoded control characters in HTTP(S)
//! hosts": a text without a scheme whose authority RFC 3986 does not read, or an HTTP(S) host
//! holding a percent-encoded control, raises `LocationParseError`.

use super::Explains::{Custom, EscapedWhereLenient, PortAsNumber};
use super::Rule;
#[allow(unused_imports)]
use super::*;
#[allow(unused_imports)]
use crate::engine::Class;
#[allow(unused_imports)]
use crate::model::{Component, Components};

/// What `parse_url` reads in a text with no scheme that does not start with "/": it puts "//"
/// in front ("google.com:80" is an authority), so the authority runs to the first `\`, `/`, `?`
/// or `#` (its `_URI_RE`), and splits it at its last "@" (`authority.rpartition("@")`). Then it
/// normalizes as it does every text without a scheme: an empty userinfo none, what a userinfo
/// may not hold percent-encoded (`_encode_invalid_chars` with `_USERINFO_CHARS`; its changelog,
/// 1.25.4: URLs "containing invalid characters within `Url.auth`" are handled by
/// "percent-encoding those characters", so `@@` has the userinfo `%40`); the host lowercased,
/// its percent-encodings of unreserved characters decoded and the others uppercased (RFC 3986
/// 6.2.2.1 and 6.2.2.2); the path's dot segments removed (RFC 3986 5.2.4) and what a path may
/// not hold encoded; an empty path `None` ("Fields not provided will be None") unless a query or
/// fragment follows (then "", "for the sake of backwards compatibility"). The host and port are
/// RFC 3986's reading of what follows the last "@": where RFC 3986 reads no host and port there,
/// this gives nothing.
fn as_authority(input: &[u8]) -> Option<Components> {
    if input.starts_with(b"/") {
        return None;
    }
    let input = std::str::from_utf8(input).ok()?;
    let (authority, rest) =
        input.split_at(input.find(['\\', '/', '?', '#']).unwrap_or(input.len()));
    // A path starting with "\" has no place after an authority in RFC 3986's syntax.
    if rest.starts_with('\\') {
        return None;
    }
    let (raw_path, tail) = rest.split_at(rest.find(['?', '#']).unwrap_or(rest.len()));
    let (userinfo, host_port) = match authority.rfind('@') {
        Some(at) => (authority.get(..at), authority.get(at + 1..)?),
        None => (None, authority),
    };
    let userinfo = userinfo
        .filter(|u| !u.is_empty())
        .map(|u| encode_invalid_chars(u, USERINFO_CHARS));
    let text = format!("//{host_port}");
    let c = uri_spec::parse(text.as_bytes()).ok()?;
    let host = c.host.map(|h| normalize_host(h.text));
    let mut authority = String::new();
    if let Some(u) = &userinfo {
        authority.push_str(u);
        authority.push('@');
    }
    authority.push_str(host.as_deref().unwrap_or(""));
    if let Some(p) = c.port.filter(|p| !p.is_empty()) {
        authority.push(':');
        authority.push_str(p);
    }
    let path = Some(raw_path)
        .filter(|p| !p.is_empty())
        .map(|p| encode_invalid_chars(&uri_spec::remove_dot_segments(p), PATH_CHARS))
        .filter(|p| !p.is_empty())
        .or_else(|| (!tail.is_empty()).then(String::new));
    Some(
        Components::default()
            .with(Component::Authority, Some(&authority))
            .with(Component::Userinfo, userinfo.as_deref())
            .with(Component::Host, host.as_deref())
            // `if port == "": port = None`.
            .with(Component::Port, c.port.filter(|p| !p.is_empty()))
            .with(Component::Path, path.as_deref()),
    )
}

/// Whether urllib3 reads a scheme or a path at the start of `input`: its
/// `_SCHEME_RE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+-]*:|/)")`, searched by `parse_url`
/// (`if not _SCHEME_RE.search(url): url = "//" + url`). Its scheme has no "." where RFC 3986
/// 3.1's has one, so `google.com:80`, its docstring's example, has none.
fn scheme_re(input: &[u8]) -> bool {
    if input.starts_with(b"/") {
        return true;
    }
    let scheme_len = input
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || b"+-".contains(b)))
        .unwrap_or(input.len());
    scheme_len > 0 && input[0].is_ascii_alphabetic() && input.get(scheme_len) == Some(&b':')
}

/// What `parse_url` reads as host and port in a text without a scheme: after the authority's
/// last "@", up to the first `\`, `/`, `?` or `#` (its `_URI_RE` on "//" + the text). `None`
/// for a text that starts with "/" or is not UTF-8.
fn host_port(input: &[u8]) -> Option<&str> {
    if input.starts_with(b"/") {
        return None;
    }
    let input = std::str::from_utf8(input).ok()?;
    let authority = &input[..input.find(['\\', '/', '?', '#']).unwrap_or(input.len())];
    Some(authority.rsplit_once('@').map_or(authority, |(_, hp)| hp))
}

/// Whether `host` holds a percent-encoding of a C0 control or DEL (urllib3's host check:
/// `decoded_octet < "\x20" or decoded_octet == "\x7f"`).
fn pct_control(host: &str) -> bool {
    let b = host.as_bytes();
    (0..b.len()).any(|i| {
        let hex = |at: usize| b.get(at).and_then(|&c| (c as char).to_digit(16));
        match (b[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(h), Some(l)) => h * 16 + l < 0x20 || h * 16 + l == 0x7f,
            _ => false,
        }
    })
}

/// A host as `_normalize_host` writes a reg-name: lowercased, a percent-encoding of an
/// unreserved character decoded, any other uppercased.
fn normalize_host(host: &str) -> String {
    let b = host.as_bytes();
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |at: usize| b.get(at).and_then(|&c| (c as char).to_digit(16));
        if let (b'%', Some(h), Some(l)) = (b[i], hex(i + 1), hex(i + 2)) {
            let c = (h * 16 + l) as u8;
            if c.is_ascii_alphanumeric() || b"-._~".contains(&c) {
                out.push(c.to_ascii_lowercase() as char);
            } else {
                out.push_str(&format!("%{c:02X}"));
            }
            i += 3;
        } else {
            let c = host[i..].chars().next().unwrap_or('\0');
            out.extend(c.to_lowercase());
            i += c.len_utf8();
        }
    }
    out
}

/// What urllib3 leaves unencoded in a path (`_PATH_CHARS`, besides letters and digits) and in a
/// userinfo (`_USERINFO_CHARS`).
const PATH_CHARS: &[u8] = b"-._~!$&'()*+,;=:@/";
/// And in a query or fragment (`_QUERY_CHARS = _FRAGMENT_CHARS = _PATH_CHARS | {"?"}`).
const QUERY_CHARS: &[u8] = b"-._~!$&'()*+,;=:@/?";
const USERINFO_CHARS: &[u8] = b"-._~!$&'()*+,;=:";

/// urllib3's `_encode_invalid_chars`: percent-encodings uppercased and, when every "%" starts
/// one, kept; every byte but letters, digits and `allowed` encoded.
fn encode_invalid_chars(path: &str, allowed: &[u8]) -> String {
    let b = path.as_bytes();
    let valid = |i: usize| {
        b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    };
    let all_encoded = (0..b.len()).filter(|&i| b[i] == b'%').all(valid);
    let mut out = String::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && all_encoded {
            out.push('%');
            out.push(b[i + 1].to_ascii_uppercase() as char);
            out.push(b[i + 2].to_ascii_uppercase() as char);
            i += 3;
            continue;
        }
        if c.is_ascii_alphanumeric() || allowed.contains(&c) {
            out.push(c as char);
        } else if c == b'%' && valid(i) {
            // Not every "%" starts one: urllib3 encodes them all, uppercasing the valid ones.
            out.push_str("%25");
            out.push(b[i + 1].to_ascii_uppercase() as char);
            out.push(b[i + 2].to_ascii_uppercase() as char);
            i += 3;
            continue;
        } else {
            out.push_str(&format!("%{c:02X}"));
        }
        i += 1;
    }
    out
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    // `parse_url` passes the userinfo, path, query and fragment through `_encode_invalid_chars`
    // (its docstring: "Percent-encodes a URI component without reapplying onto an already
    // percent-encoded component"), so where the URL Standard removes a character (a tab, a
    // control at the end) urllib3 keeps it escaped: `parse_url("http://a/\x00").path` is
    // `/%00`, `parse_url("http://2?\t").query` is `%09`, run here.
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/invalid-chars-pct-encoded-whatwg",
        name: "parse_url percent-encodes the characters RFC 3986 does not allow where the URL Standard removes or rereads them (_encode_invalid_chars)",
        cites: "urllib3 source, util/url.py _encode_invalid_chars",
        explains: EscapedWhereLenient,
        examples: &[
            // `parse_url("http://a/\x00").path` is `/%00`, run here.
            Example::fires("http://a/\0", Reply::Splits(&[(Component::Path, Some("/%00"))])),
            Example::off("http://a/\0", Reply::Splits(&[(Component::Path, Some("/ "))])),
            // 1.24.3 encodes a CR LF (`/b%0D%0Ac`, run here); 1.24.2 kept it raw, the CRLF
            // injection of CVE-2019-11236, which no reading of the encoded text explains.
            Example::fires("http://a/b\r\nc", Reply::Splits(&[(Component::Path, Some("/b%0D%0Ac"))])),
            Example::off("http://a/b\r\nc", Reply::Splits(&[(Component::Path, Some("/b\r\nc"))])),
        ],
    },
    // The same encoder where the URL Standard keeps a stray "%": once one "%" of a component
    // starts no percent-encoding, `_encode_invalid_chars` encodes them all (the valid ones
    // too): `parse_url("http:?%%26").query` is `%25%2526`, run here.
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/stray-percent-encodes-all-whatwg",
        name: "a component with a stray \"%\" has every \"%\" encoded, where the URL Standard keeps them (_encode_invalid_chars)",
        cites: "urllib3 source, util/url.py _encode_invalid_chars",
        explains: Custom(|e| {
            let allowed: &[u8] = match e.component() {
                Some(Component::Path) => PATH_CHARS,
                Some(Component::Query | Component::Fragment) => QUERY_CHARS,
                Some(Component::Userinfo) => USERINFO_CHARS,
                _ => return false,
            };
            e.second.is_none()
                && uri_spec::parse(e.input).is_err()
                && e.reference.is_some_and(|r| {
                    r.contains('%') && Some(encode_invalid_chars(r, allowed).as_str()) == e.got
                })
        }),
        examples: &[
            // `parse_url("http:?%%26").query` is `%25%2526`, run here: every "%" encoded once one starts no
            // percent-encoding; only the stray "%" encoded is not urllib3's answer.
            Example::fires("http:?%%26", Reply::Splits(&[(Component::Query, Some("%25%2526"))])),
            Example::off("http:?%%26", Reply::Splits(&[(Component::Query, Some("%25%26"))])),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/schemeless-authority-first",
        name: "a text without a scheme is read as an authority first (parse_url's example: \"google.com:80\")",
        cites: "urllib3 docs, parse_url",
        explains: Custom(|e| {
            let no_scheme = !scheme_re(e.input);
            let Some(c) = e.component() else {
                return false;
            };
            let Some(read) = as_authority(e.input).filter(|_| no_scheme) else {
                return false;
            };
            let want = read.get(c);
            want == e.got && want != e.reference
        }),
        examples: &[
            // "$" read as an authority: host "$", no path.
            Example::fires("$", Reply::Reads(&[(Component::Authority, Some("$")), (Component::Host, Some("$")), (Component::Path, None)])),
            Example::off("$", Reply::Reads(&[(Component::Authority, Some("%")), (Component::Host, Some("%"))])),
            // urllib3 2.8.0's `parse_url("@@")`: the authority `%40@`, the userinfo `@` percent-encoded
            // (split at the last "@"), the host `''`, no path.
            Example::fires("@@", Reply::Reads(&[(Component::Authority, Some("%40@")), (Component::Userinfo, Some("%40")), (Component::Host, Some("")), (Component::Path, None)])),
        ],
    },
    // `parse_url("A.:b")` raises "'A.:b' is not a valid host or port", run here: read as an
    // authority (its documented reading), the text has a port RFC 3986 3.2.3 does not allow.
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/schemeless-authority-refused",
        name: "a text without a scheme whose host and port RFC 3986 does not read raises LocationParseError (parse_url's example \"google.com:80\"; 2.8.0: \"more strictly enforce RFC 3986 host syntax\")",
        cites: "urllib3 docs, parse_url; urllib3 2.8.0 release notes",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && !scheme_re(e.input)
                && host_port(e.input).is_some_and(|hp| {
                    uri_spec::parse(format!("//{hp}").as_bytes()).is_err()
                })
        }),
        examples: &[
            // urllib3 reads "a.:80" as a host and a port, and refuses "A.:b" and "G.::".
            Example::fires("A.:b", Reply::Rejected),
            Example::fires("G.::", Reply::Rejected),
            Example::off("A.:8", Reply::Rejected),
        ],
    },
    // `parse_url("%09")` and `parse_url("http://%1f.a")` raise "contains invalid
    // percent-encoded control character", `parse_url("foo://%09/")` does not, run here.
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/host-pct-control-refused",
        name: "an HTTP(S) or scheme-less host holding a percent-encoded control raises LocationParseError (2.8.0: \"rejecting ... percent-encoded control characters in HTTP(S) hosts\")",
        cites: "urllib3 2.8.0 release notes",
        explains: Custom(|e| {
            let host = if scheme_re(e.input) {
                e.reference_components
                    .filter(|_| matches!(e.scheme().as_deref(), None | Some("http" | "https")))
                    .and_then(|c| c.get(Component::Host))
                    .map(str::to_owned)
            } else {
                as_authority(e.input).and_then(|c| c.get(Component::Host).map(str::to_owned))
            };
            e.class == Class::TooStrict
                && e.second.is_none()
                && host.is_some_and(|h| pct_control(&h))
        }),
        examples: &[
            // Only a control's percent-encoding, only in an HTTP(S) or scheme-less host.
            Example::fires("%09", Reply::Rejected),
            Example::fires("http://%1f.a/", Reply::Rejected),
            Example::off("%20", Reply::Rejected),
            Example::off("foo://%09/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/empty-parts-none",
        name: "an empty path, host or userinfo is None (\"Fields not provided will be None\")",
        cites: "urllib3 docs, parse_url",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(Component::Path | Component::Host | Component::Userinfo)
            ) && e.reference == Some("")
                && e.got.is_none()
        }),
        examples: &[
            Example::fires("//", Reply::Reads(&[(Component::Host, None)])),
            Example::off("//a", Reply::Reads(&[(Component::Host, None)])),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/path-leading-slash-added",
        name: "a path without a leading \"/\" gets one (Url)",
        cites: "urllib3 docs, Url",
        explains: Custom(|e| {
            e.component() == Some(Component::Path)
                && e.reference.is_some_and(|p| !p.is_empty() && !p.starts_with('/'))
                && e.got.and_then(|g| g.strip_prefix('/')) == e.reference
        }),
        examples: &[
            Example::fires("a:b", Reply::Reads(&[(Component::Path, Some("/b"))])),
            Example::off("a:b", Reply::Reads(&[(Component::Path, Some("/c"))])),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/http-path-normalized",
        name: "for http, https and no scheme, the path's dot segments are removed and its percent-encodings uppercased (_remove_path_dot_segments, \"based on RFC 3986 5.2.4\"; _encode_invalid_chars)",
        cites: "urllib3 source, util/url.py _remove_path_dot_segments (RFC 3986 section 5.2.4)",
        explains: Custom(|e| {
            let scheme = e.scheme();
            e.component() == Some(Component::Path)
                && matches!(scheme.as_deref(), None | Some("http" | "https"))
                && e.reference
                    .map(|p| encode_invalid_chars(&uri_spec::remove_dot_segments(p), PATH_CHARS))
                    .as_deref()
                    == e.got
        }),
        examples: &[
            // A path without a scheme, its dot segments removed and its percent-encodings uppercased
            // (`parse_url("/./%aa").path` is "/%AA").
            Example::fires("/./a", Reply::Reads(&[(Component::Path, Some("/a"))])),
            Example::fires("/./%aa", Reply::Reads(&[(Component::Path, Some("/%AA"))])),
            Example::off("/./%aa", Reply::Reads(&[(Component::Path, Some("/%AB"))])),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/http-host-normalized",
        name: "for http, https and no scheme, the host is lowercased and its percent-encodings normalized (_normalize_host; RFC 3986 6.2.2.1, 6.2.2.2)",
        cites: "urllib3 docs, Url (\"Both the scheme and host are normalized as they are both case-insensitive according to RFC 3986\"); urllib3 source, util/url.py _normalize_host (RFC 3986 sections 6.2.2.1, 6.2.2.2)",
        explains: Custom(|e| {
            let scheme = e.scheme();
            e.component() == Some(Component::Host)
                && matches!(scheme.as_deref(), None | Some("http" | "https"))
                && e.reference.filter(|h| !h.starts_with('[')).map(normalize_host).as_deref() == e.got
        }),
        examples: &[
            // `parse_url("//%41").host` is "a".
            Example::fires("//%41", Reply::Reads(&[(Component::Host, Some("a"))])),
            Example::off("//%41", Reply::Reads(&[(Component::Host, Some("b"))])),
        ],
    },
    Rule {
        profile: "python-urllib3",
        id: "python-urllib3/port-as-integer",
        name: "the port is an integer (Url.port)",
        cites: "urllib3 docs, Url",
        explains: PortAsNumber,
        examples: &[
            Example::fires("http://a:080/", Reply::Reads(&[(Component::Port, Some("80"))])),
            Example::off("http://a:080/", Reply::Reads(&[(Component::Port, Some("8"))])),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// urllib3 2.8.0's `parse_url` on texts whose userinfo RFC 3986 does not allow, as it
    /// printed them: (input, authority, userinfo, host, path).
    #[test]
    fn as_authority_encodes_the_userinfo_before_the_last_at() {
        for (input, authority, userinfo, host, path) in [
            ("@@", "%40@", Some("%40"), "", None),
            ("a@b@c", "a%40b@c", Some("a%40b"), "c", None),
            ("@@@%cd#;,@", "%40%40@%CD", Some("%40%40"), "%CD", Some("")),
            (
                "a@b@c:80/x/../y",
                "a%40b@c:80",
                Some("a%40b"),
                "c",
                Some("/y"),
            ),
            ("@h", "h", None, "h", None),
        ] {
            let c = as_authority(input.as_bytes()).unwrap_or_else(|| panic!("{input}"));
            assert_eq!(c.get(Component::Authority), Some(authority), "{input}");
            assert_eq!(c.get(Component::Userinfo), userinfo, "{input}");
            assert_eq!(c.get(Component::Host), Some(host), "{input}");
            assert_eq!(c.get(Component::Path), path, "{input}");
        }
    }

    /// urllib3 2.8.0's `parse_url` on texts RFC 3986 reads with a scheme holding a "." (which
    /// `_SCHEME_RE` does not match), as it printed them: (input, authority, host, port).
    #[test]
    fn a_scheme_is_what_scheme_re_matches() {
        for (input, authority, host, port) in [
            ("google.com:80", "google.com:80", "google.com", Some("80")),
            ("A.:", "a.", "a.", None),
            ("rA+.:", "ra+.", "ra+.", None),
            ("a.:8", "a.:8", "a.", Some("8")),
        ] {
            assert!(!scheme_re(input.as_bytes()), "{input}");
            let c = as_authority(input.as_bytes()).unwrap_or_else(|| panic!("{input}"));
            assert_eq!(c.get(Component::Authority), Some(authority), "{input}");
            assert_eq!(c.get(Component::Host), Some(host), "{input}");
            assert_eq!(c.get(Component::Port), port, "{input}");
        }
        // `localhost:80` is scheme `localhost` to urllib3 too, and "/" starts a path.
        for input in ["localhost:80", "a+b-c:x", "/a:b", "Z:"] {
            assert!(scheme_re(input.as_bytes()), "{input}");
        }
        assert!(!scheme_re(b"1a:b") && !scheme_re(b"") && !scheme_re(b"a"));
    }

    /// urllib3 2.8.0's host and port of a text without a scheme, and its host check, as
    /// `parse_url` answered: "A.:b" and "x@A.:b" refused on "A.:b", "%09" and "a%00b" on the
    /// control, "%20" accepted.
    #[test]
    fn host_port_and_percent_encoded_controls() {
        assert_eq!(host_port(b"A.:b"), Some("A.:b"));
        assert_eq!(host_port(b"x@A.:b/c?d"), Some("A.:b"));
        assert_eq!(host_port(b"a@b@c\\d"), Some("c"));
        assert_eq!(host_port(b"/a:b"), None);
        assert!(pct_control("%09") && pct_control("a%00b") && pct_control("%7F"));
        assert!(
            !pct_control("%20") && !pct_control("%7E") && !pct_control("%0") && !pct_control("a")
        );
    }

    /// Where RFC 3986 reads no host after the last "@", or a "\" would start the path, nothing.
    #[test]
    fn as_authority_gives_nothing_without_a_host() {
        for input in ["a@[x", "a@b\\c", "/a@b"] {
            assert!(as_authority(input.as_bytes()).is_none(), "{input}");
        }
    }
}
