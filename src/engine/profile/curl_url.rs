//! Profile `curl-url`: libcurl's URL API (`curl_url_set`, `curl_url_get`), which its
//! documentation (`URL-SYNTAX.md`) calls "RFC 3986+". The documented choices:
//! - `curl_url_set` normalizes the path: "dot dot and dot sequences in the path are
//!   normalized" (the worker does not set CURLU_PATH_AS_IS);
//! - "curl allows one, two or three slashes after the colon to still be considered a valid
//!   URL", and "libcurl parses and normalizes everything that appears to be a numerical IPv4
//!   address ... using one, two, three or four number groups";
//! - "Byte values in a provided URL that are outside of the printable ASCII range are
//!   percent-encoded by curl";
//! - CURLUPART_PATH "is always at least a slash ('/') even if no path was supplied in the URL";
//! - "By default, libcurl otherwise considers empty parts non-existing" ("Zero-length queries
//!   and fragments are excluded from the URL unless CURLU_GET_EMPTY is set", a flag of curl
//!   8.8 the installed library may lack): an empty host, port, query or fragment is none.
//! - What curl takes as a URL at all (everything.curl.dev, "Scheme" and `curl_url_set`'s
//!   flags): a scheme is needed (only CURLU_DEFAULT_SCHEME or CURLU_GUESS_SCHEME, which the
//!   worker does not set, let a URL without one through); "the scheme identifier is separated
//!   from the rest of the URL by the :// sequence ... There exists URL formats with only one
//!   slash, but curl does not support any of them" (one or three slashes are read as two, zero
//!   or four are refused); and "file:// URLs are written as file://<hostname>/<path> but the
//!   only hostnames that are okay to use are localhost, 127.0.0.1 or a blank".
//! - An IPv6 host may carry a zone id (`curl_url_set`, CURLUPART_HOST: "If it is a bracketed
//!   IPv6 numeric address it may contain a zone id"; `curl_url_get` has CURLUPART_ZONEID), the
//!   RFC 6874 way (`%25` then the zone) or with a bare `%`.
//! - `curl_url_get`, CURLUPART_HOST: "IPv6 names are normalized when set, which should make
//!   them as short as possible while maintaining correct syntax" (the C library's `inet_ntop`
//!   writing); URL-SYNTAX.md, "IPvFuture": "libcurl does not recognize this format. Using it
//!   causes parse errors."
//! - A port is "a decimal number between 0 and 65535" (`libcurl-errors`, CURLUE_BAD_PORT_NUMBER;
//!   URL-SYNTAX.md, "Port number": 1 - 65535); RFC 3986 3.2.3 bounds no port.
//! - A file URL with a drive letter: URL-SYNTAX.md takes one only under "Windows-specific FILE
//!   details", and lib/urlapi.c refuses it elsewhere ("Do not allow Windows drive letters when
//!   not in Windows", "File drive letters are only accepted in MS-DOS/Windows": a path of a
//!   letter, ":" or "|", then "/" or its end, after an optional "/"), with CURLUE_BAD_FILE_URL:
//!   `file:///C:` and `file://localhost/C:/x` are refused, `file:///C:x` taken, run here with
//!   libcurl 7.88.1 on Linux.

use super::Explains::{Custom, TooLaxAcceptedOnce};
use super::{
    empty_parts_dropped, pct_encode_non_ascii, slash_after_authority, Evidence, Example, Reply,
    Rule,
};
use crate::engine::Class;
use crate::model::{Component, Components};

/// Whether `input` is a file URL whose path (after an empty or `localhost` authority) opens
/// with a drive letter: "/" (optional), a letter, ":" or "|", then "/" or its end.
fn file_drive_letter(input: &[u8]) -> bool {
    let Some(colon) = crate::engine::octets::scheme_colon(input) else {
        return false;
    };
    if !input[..colon].eq_ignore_ascii_case(b"file") {
        return false;
    }
    // No "//" after the scheme: an empty span at 0 (the scheme stands before any "//").
    let authority = crate::engine::octets::authority_span(input);
    let path = if authority.start == 0 {
        &input[colon + 1..]
    } else {
        let host = &input[authority.clone()];
        if !(host.is_empty() || host.eq_ignore_ascii_case(b"localhost")) {
            return false;
        }
        &input[authority.end..]
    };
    let path = path.strip_prefix(b"/").unwrap_or(path);
    matches!(path, [l, b':' | b'|', rest @ ..]
        if l.is_ascii_alphabetic() && matches!(rest.first(), None | Some(b'/' | b'?' | b'#')))
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "curl-url",
        id: "curl-url/file-drive-letter-refused",
        name: "a file URL with a drive letter is refused outside Windows (lib/urlapi.c: \"File drive letters are only accepted in MS-DOS/Windows\"; URL-SYNTAX.md, \"Windows-specific FILE details\")",
        cites: "lib/urlapi.c (\"File drive letters are only accepted in MS-DOS/Windows\"); URL-SYNTAX.md, Windows-specific FILE details",
        explains: Custom(|e| e.class == Class::TooStrict && e.second.is_none() && file_drive_letter(e.input)),
        examples: &[
            Example::fires("file:///C:/x", Reply::Rejected),
            Example::fires("file://localhost/c:", Reply::Rejected),
            // No drive letter: two letters.
            Example::off("file:///CC:/x", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/path-dot-segments-removed",
        name: "dot segments are removed from the path when it is set (curl_url_set without CURLU_PATH_AS_IS)",
        cites: "curl_url_set(3), CURLU_PATH_AS_IS",
        explains: Custom(|e| {
            e.class == Class::Component(Component::Path)
                && e.reference.map(uri_spec::remove_dot_segments).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://a/./b", Reply::Reads(&[(Component::Path, Some("/b"))])),
            Example::off("http://a/./b", Reply::Reads(&[(Component::Path, Some("/c"))])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/url-syntax-lenient-reading",
        name: "one or three slashes after the scheme read as two, a numeric IPv4 host in dotted decimal, the path at least \"/\" (URL-SYNTAX.md)",
        cites: "URL-SYNTAX.md",
        explains: Custom(|e| {
            let Some(c) = e.component() else {
                return false;
            };
            curl_reading(e.input).is_some_and(|r| {
                r.get(c) == e.got
                    // The host is held percent-decoded (curl_url_get without CURLU_URLENCODE).
                    || (c == Component::Host
                        && r.get(c).map(super::pct_decode_exact).as_deref() == e.got)
                    || (c == Component::Port
                        && r.get(c).and_then(|p| p.parse::<u32>().ok())
                            == e.got.and_then(|p| p.parse::<u32>().ok()))
            })
        }),
        examples: &[
            Example::fires("p:/0", Reply::Reads(&[(Component::Host, Some("0.0.0.0"))])),
            Example::fires("http://a", Reply::Reads(&[(Component::Path, Some("/"))])),
            Example::fires("http://a:05/", Reply::Reads(&[(Component::Port, Some("5"))])),
            Example::off("p:/0", Reply::Reads(&[(Component::Host, Some("0.0.0.1"))])),
            Example::off("http://a:05/", Reply::Reads(&[(Component::Port, Some("6"))])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/non-printable-pct-encoded",
        name: "bytes outside printable ASCII are percent-encoded, not rejected (URL-SYNTAX.md)",
        cites: "URL-SYNTAX.md (\"percent-encoded by curl\")",
        explains: TooLaxAcceptedOnce(uri_spec::Edition::Rfc3986, curl_encoded),
        examples: &[
            Example::fires("p:/\u{e9}", Reply::Splits(&[])),
            Example::off("p:/[", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/relative-space-as-pct20",
        name: "a space in a relative reference is sent as %20 (URL-SYNTAX.md, \"spaces\")",
        cites: "URL-SYNTAX.md, spaces",
        explains: Custom(|e| {
            let (Class::TooLax, Some(base)) = (e.class, e.second) else {
                return false;
            };
            e.input.contains(&b' ') && uri_spec::resolve(base, spaces_as_pct20(e.input)).is_ok()
        }),
        examples: &[
            Example::fires("resolve:x y|http://a/", Reply::Text("http://a/x%20y")),
            // Validity alone: any target of a reference with a space is taken; without a space, no.
            Example::off("resolve:x<y|http://a/", Reply::Text("http://a/x%3Cy")),
        ],
    },
    // The same documented encoding seen in the target, judged against the lenient reading:
    // the URL Standard strips the spaces at the ends of a reference (`" "` is the base itself)
    // where curl sends each as %20 (`" "` against `http://a/b/c/d;p?q` is
    // `http://a/b/c/%20`, run here with libcurl 7.88.1).
    Rule {
        profile: "curl-url",
        id: "curl-url/relative-space-as-pct20-resolved",
        name: "a space in a relative reference is sent as %20, at its ends too (URL-SYNTAX.md, \"spaces\")",
        cites: "URL-SYNTAX.md, spaces",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            let encoded = spaces_as_pct20(e.input);
            e.input.contains(&b' ')
                && uri_spec::parse(&encoded).is_ok_and(|c| c.scheme.is_none())
                && uri_spec::resolve(base, &encoded)
                    .is_ok_and(|t| slash_after_authority(&t) == got)
        }),
        examples: &[
            Example::fires("resolve: |http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%20")),
            Example::fires("resolve:a |http://a/b/c/d;p?q", Reply::Text("http://a/b/c/a%20")),
            // A space written "+" in the query, the space dropped with the base's file name lost,
            // a reference without a space.
            Example::off("resolve:? |http://a/b/c/d;p?q", Reply::Text("http://a/b/c/d;p?+")),
            Example::off("resolve: |http://a/b/c/d;p?q", Reply::Text("http://a/b/c/")),
            Example::off("resolve:\\|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%5C")),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/host-required-unless-file",
        name: "a URL needs a host unless its scheme is file (curl_url_set without CURLU_NO_AUTHORITY)",
        cites: "curl_url_set(3), CURLU_NO_AUTHORITY",
        explains: Custom(|e| {
            if e.class != Class::TooStrict {
                return false;
            }
            // Read as curl reads its slashes: `p:/` is `p://`, with an empty host.
            urls_of(e).iter().any(|u| {
                let read = std::str::from_utf8(u).ok().and_then(two_slashes);
                read.is_some_and(|t| {
                    uri_spec::parse(t.as_bytes()).is_ok_and(|c| {
                        c.host.is_some_and(|h| h.text.is_empty())
                            && c.scheme.is_some_and(|s| !s.eq_ignore_ascii_case("file"))
                    })
                })
            })
        }),
        examples: &[
            Example::fires("http://", Reply::Rejected),
            Example::off("http://a", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/scheme-required",
        name: "a URL without a scheme is refused (curl_url_set without CURLU_DEFAULT_SCHEME or CURLU_GUESS_SCHEME)",
        cites: "curl_url_set(3), CURLU_DEFAULT_SCHEME and CURLU_GUESS_SCHEME",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && uri_spec::parse(e.input).is_ok_and(|c| c.scheme.is_none())
        }),
        examples: &[
            Example::fires("a/b", Reply::Rejected),
            Example::off("http://a/b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/scheme-slashes-required",
        name: "a scheme not followed by one, two or three slashes is refused (\"curl does not support any of them\")",
        cites: "everything curl, The scheme separator; URL-SYNTAX.md",
        explains: Custom(|e| e.class == Class::TooStrict && urls_of(e).iter().any(|u| bad_slashes(u))),
        examples: &[
            Example::fires("mailto:a@b", Reply::Rejected),
            Example::off("http://a@b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/slashes-as-two-then-invalid",
        name: "one or three slashes after the scheme are read as two, and what that gives is no URL (a port that is not a number, an empty host)",
        cites: "everything curl, The scheme separator; URL-SYNTAX.md",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && urls_of(e).iter().any(|u| {
                    std::str::from_utf8(u)
                        .ok()
                        .and_then(two_slashes)
                        .is_some_and(|t| t.as_bytes() != u.as_slice() && uri_spec::parse(t.as_bytes()).is_err())
                })
        }),
        examples: &[
            Example::fires("p:/a:x", Reply::Rejected),
            Example::off("p://a:1", Reply::Rejected),
        ],
    },
    // "There exists URL formats with only one slash, but curl does not support any of them"
    // (everything curl, "The scheme separator"): curl reads the one slash as two where what
    // follows makes a host it takes, and refuses the rest (`T:/%2f` is "Bad hostname", run
    // here). The same host after two slashes is judged on its own.
    Rule {
        profile: "curl-url",
        id: "curl-url/one-slash-unsupported",
        name: "a URL with only one slash after the scheme may be refused (\"curl does not support any of them\")",
        cites: "everything curl, The scheme separator; URL-SYNTAX.md",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && urls_of(e).iter().any(|u| {
                    uri_spec::parse(u).is_ok_and(|c| c.scheme.is_some())
                        && std::str::from_utf8(u).is_ok_and(|t| {
                            t.split_once(':').is_some_and(|(_, rest)| {
                                rest.starts_with('/') && !rest.starts_with("//")
                            })
                        })
                })
        }),
        examples: &[
            // "Bad hostname", run here: a one-slash URL curl does not support.
            Example::fires("T:/%2f", Reply::Rejected),
            // The same host after two slashes is no one-slash URL.
            Example::off("T://%2f", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/ipv6-zone-id-allowed",
        name: "a bracketed IPv6 host may carry a zone id, after %25 or a bare % (curl_url_set: CURLUPART_HOST)",
        cites: "curl_url_set(3), CURLUPART_HOST",
        explains: TooLaxAcceptedOnce(uri_spec::Edition::Rfc3986, |s| curl_encoded(&zone_removed(s))),
        examples: &[
            Example::fires("http://[::1%25eth0]/", Reply::Splits(&[])),
            Example::off("http://[::1]/%", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/ipv6-host-shortened",
        name: "an IPv6 host is written as short as possible (curl_url_get: CURLUPART_HOST, \"IPv6 names are normalized\")",
        cites: "curl_url_get(3), CURLUPART_HOST",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && e.reference.and_then(ipv6_shortest).is_some_and(|h| Some(h.as_str()) == e.got)
        }),
        examples: &[
            Example::fires("http://[0::3.1.1.1]/", Reply::Reads(&[(Component::Host, Some("[::3.1.1.1]"))])),
            Example::off("http://[0::3.1.1.1]/", Reply::Reads(&[(Component::Host, Some("[::3.1.1.2]"))])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/ipvfuture-refused",
        name: "an IPvFuture host is refused (URL-SYNTAX.md, \"IPvFuture\": \"libcurl does not recognize this format\")",
        cites: "URL-SYNTAX.md, IPvFuture",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && urls_of(e).iter().any(|u| {
                    uri_spec::parse(u).is_ok_and(|c| {
                        c.host.is_some_and(|h| h.kind == uri_spec::HostKind::IpvFuture)
                    })
                })
        }),
        examples: &[
            Example::fires("http://[v7.x]/", Reply::Rejected),
            Example::off("http://[::7]/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/port-over-65535-refused",
        name: "a port above 65535 is refused (CURLUE_BAD_PORT_NUMBER: \"a decimal number between 0 and 65535\")",
        cites: "libcurl-errors(3), CURLUE_BAD_PORT_NUMBER; URL-SYNTAX.md, Port number",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && urls_of(e).iter().any(|u| {
                    let read = std::str::from_utf8(u)
                        .ok()
                        .and_then(two_slashes)
                        .unwrap_or_else(|| String::from_utf8_lossy(u).into_owned());
                    uri_spec::parse(read.as_bytes()).is_ok_and(|c| {
                        c.port
                            .is_some_and(|p| !p.is_empty() && p.parse::<u16>().is_err())
                    })
                })
        }),
        examples: &[
            Example::fires("http://a:65536/", Reply::Rejected),
            Example::off("http://a:65535/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/file-host-local-only",
        name: "a file URL's host is localhost, 127.0.0.1 or empty (\"the only hostnames that are okay to use\")",
        cites: "everything curl, Scheme (file:// URLs)",
        explains: Custom(|e| e.class == Class::TooStrict && urls_of(e).iter().any(|u| foreign_file_host(u))),
        examples: &[
            Example::fires("file://example.org/x", Reply::Rejected),
            Example::off("file://localhost/x", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/file-authority-needs-path",
        name: "a file URL with an authority needs a path after it (\"file:// URLs are written as file://<hostname>/<path>\")",
        cites: "everything curl, Scheme (file:// URLs)",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && urls_of(e).iter().any(|u| {
                    uri_spec::parse(u).is_ok_and(|c| {
                        c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"))
                            && c.authority.is_some()
                            && c.path.is_none_or(str::is_empty)
                    })
                })
        }),
        examples: &[
            Example::fires("file://localhost", Reply::Rejected),
            Example::off("file://localhost/", Reply::Rejected),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/empty-part-none",
        name: "an empty host, port, query or fragment is none (\"empty parts non-existing\")",
        cites: "curl_url_get(3), CURLU_GET_EMPTY (\"empty parts non-existing\")",
        explains: Custom(|e| {
            matches!(
                e.class,
                Class::UndefinedVsEmpty(
                    Component::Host | Component::Port | Component::Query | Component::Fragment
                )
            ) && e.reference == Some("")
                && e.got.is_none()
        }),
        examples: &[
            Example::fires("http://a/?", Reply::Reads(&[(Component::Query, None)])),
            Example::off("http://a/?x", Reply::Reads(&[(Component::Query, None)])),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/empty-query-fragment-dropped",
        name: "an empty query or fragment is left out of the URL it writes back (\"empty parts non-existing\")",
        cites: "curl_url_get(3), CURLU_GET_EMPTY (\"empty parts non-existing\")",
        explains: Custom(empty_parts_dropped_on_the_way_back),
        examples: &[
            Example::fires("http://a/?", Reply::Serializes("http://a/")),
            Example::off("http://a/?", Reply::Serializes("http://b/")),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/resolved-path-at-least-slash",
        name: "a resolved URL's path is at least \"/\" (CURLUPART_PATH)",
        cites: "curl_url_get(3), CURLUPART_PATH",
        explains: Custom(|e| {
            e.class == Class::Resolution && e.reference.map(slash_after_authority).as_deref() == e.got
        }),
        examples: &[
            Example::fires("resolve://g|http://a/b/c/d;p?q", Reply::Text("http://g/")),
            Example::off("resolve://g|http://a/b/c/d;p?q", Reply::Text("http://g/x")),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/network-path-reread",
        name: "a network-path reference takes the base's scheme and is then read as any URL, one or three slashes as two (URL-SYNTAX.md)",
        cites: "URL-SYNTAX.md",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            if !e.input.starts_with(b"//") {
                return false;
            }
            let (Ok(b), Ok(r)) = (uri_spec::parse(base), std::str::from_utf8(e.input)) else {
                return false;
            };
            let Some(scheme) = b.scheme else {
                return false;
            };
            two_slashes(&format!("{scheme}:{r}")).is_some_and(|t| {
                uri_spec::parse(t.as_bytes()).is_ok() && slash_after_authority(&t) == got
            })
        }),
        examples: &[
            Example::fires("resolve:///g|http://a/b", Reply::Text("http://g/")),
            Example::off("resolve:///g|http://a/b", Reply::Text("http://h/")),
        ],
    },
    Rule {
        profile: "curl-url",
        id: "curl-url/resolved-empty-parts-dropped",
        name: "a resolved URL is written without an empty query or fragment (CURLUPART_URL: \"Zero-length queries and fragments are excluded\"), its path at least \"/\"",
        cites: "curl_url_get(3), CURLUPART_URL and CURLUPART_PATH",
        explains: Custom(|e| {
            let (Class::Resolution, Some(spec)) = (e.class, e.reference) else {
                return false;
            };
            // Recomposition gives the URI back unless an empty query or fragment went.
            empty_parts_dropped(spec).is_some_and(|written| {
                written != spec && Some(slash_after_authority(&written).as_str()) == e.got
            })
        }),
        examples: &[
            Example::fires("resolve:?#x|https://a/", Reply::Text("https://a/#x")),
            Example::off("resolve:?#x|https://a/", Reply::Text("https://a/#y")),
        ],
    },
];

/// `input` with each space written `%20`, as curl sends a space of a relative URL.
fn spaces_as_pct20(input: &[u8]) -> Vec<u8> {
    input
        .iter()
        .flat_map(|&b| if b == b' ' { b"%20".to_vec() } else { vec![b] })
        .collect()
}

/// The URLs curl is given for a job: the input of a parse; the base of a resolution, and the
/// reference when it has a scheme (curl takes it as a whole URL) or else the target it
/// resolves to (curl takes a relative reference against the URL it holds).
fn urls_of(e: &Evidence<'_>) -> Vec<Vec<u8>> {
    match e.second {
        None => vec![e.input.to_vec()],
        Some(base) => {
            let mut urls = vec![base.to_vec()];
            if uri_spec::parse(e.input).is_ok_and(|c| c.scheme.is_some()) {
                urls.push(e.input.to_vec());
            } else {
                urls.extend(
                    uri_spec::resolve(base, e.input)
                        .ok()
                        .map(String::into_bytes),
                );
            }
            urls
        }
    }
}

/// `s` without the zone id of its bracketed IPv6 host: RFC 6874's `"%25" ZoneID` or a bare
/// `"%" ZoneID`, where `ZoneID = 1*( unreserved / pct-encoded )`. Anything else is left as it
/// is (a zone holding `"` or `{` is no zone id of any standard).
fn zone_removed(s: &[u8]) -> Vec<u8> {
    let Some((pct, close)) = super::zone_span(s) else {
        return s.to_vec();
    };
    let zone = match &s[pct..close] {
        z if z.starts_with(b"%25") && z.len() > 3 => &z[3..],
        z => &z[1..],
    };
    let mut i = 0;
    let mut ok = !zone.is_empty();
    while ok && i < zone.len() {
        match zone[i] {
            b'%' if zone.len() > i + 2
                && zone[i + 1].is_ascii_hexdigit()
                && zone[i + 2].is_ascii_hexdigit() =>
            {
                i += 3
            }
            b if b.is_ascii_alphanumeric() || b"-._~".contains(&b) => i += 1,
            _ => ok = false,
        }
    }
    if ok {
        [&s[..pct], &s[close..]].concat()
    } else {
        s.to_vec()
    }
}

/// A bracketed IPv6 host as the C library's `inet_ntop` writes it (BIND's algorithm, which
/// glibc uses): the longest run of two or more zero groups (the first of equal ones) as "::",
/// groups in lowercase hexadecimal without leading zeros, and a dotted IPv4 tail for an
/// IPv4-compatible or IPv4-mapped address. `None` for anything else (a zone id too).
fn ipv6_shortest(host: &str) -> Option<String> {
    let inner = host.strip_prefix('[')?.strip_suffix(']')?;
    let words = inner.parse::<std::net::Ipv6Addr>().ok()?.segments();
    let (mut best, mut run) = ((0usize, 0usize), (0usize, 0usize));
    for (i, &w) in words.iter().enumerate() {
        if w == 0 {
            run = if run.1 == 0 {
                (i, 1)
            } else {
                (run.0, run.1 + 1)
            };
            if run.1 > best.1 {
                best = run;
            }
        } else {
            run = (0, 0);
        }
    }
    let best = (best.1 >= 2).then_some(best);
    let mut out = String::from("[");
    let mut i = 0;
    while i < 8 {
        if let Some((base, len)) = best.filter(|&(b, l)| i >= b && i < b + l) {
            if i == base {
                out.push(':');
            }
            i = base + len;
            continue;
        }
        if i != 0 {
            out.push(':');
        }
        let v4_tail = best.is_some_and(|(b, l)| {
            b == 0 && (l == 6 || (l == 7 && words[7] != 1) || (l == 5 && words[5] == 0xffff))
        });
        if i == 6 && v4_tail {
            let [a, b] = words[6].to_be_bytes();
            let [c, d] = words[7].to_be_bytes();
            out.push_str(&format!("{a}.{b}.{c}.{d}"));
            break;
        }
        out.push_str(&format!("{:x}", words[i]));
        i += 1;
    }
    if best.is_some_and(|(b, l)| b + l == 8) {
        out.push(':');
    }
    out.push(']');
    Some(out)
}

/// A URI with a scheme whose ":" is followed by no slash, or by four or more.
fn bad_slashes(url: &[u8]) -> bool {
    uri_spec::parse(url).is_ok_and(|c| c.scheme.is_some())
        && std::str::from_utf8(url).is_ok_and(|t| two_slashes(t).is_none())
}

/// A `file` URI whose host is there and is not `localhost`, `127.0.0.1` or empty.
fn foreign_file_host(url: &[u8]) -> bool {
    uri_spec::parse(url).is_ok_and(|c| {
        c.scheme.is_some_and(|s| s.eq_ignore_ascii_case("file"))
            && c.host.is_some_and(|h| {
                !(h.text.is_empty()
                    || h.text.eq_ignore_ascii_case("localhost")
                    || h.text == "127.0.0.1")
            })
    })
}

/// The components curl reads from `input`: one or three slashes after the scheme taken as two,
/// a numeric IPv4 host in dotted decimal, an empty path as "/".
fn curl_reading(input: &[u8]) -> Option<Components> {
    let rewritten = two_slashes(std::str::from_utf8(input).ok()?)?;
    // What the two slashes give is read as any input is: by RFC 3986 where it is valid, else by
    // the lenient reading that judges every input RFC 3986 rejects (so that only the difference
    // the slash count makes is explained, not what curl does with a backslash or a second `@`).
    let mut c = match uri_spec::parse(rewritten.as_bytes()) {
        Ok(parsed) => Components::from_spec(&parsed),
        Err(_) => {
            use crate::subjects::{Ctx, Lenient, Subject};
            match Lenient::get().parse(rewritten.as_bytes(), &Ctx::default()) {
                crate::model::Outcome::Accepted(p) => p.components,
                _ => return None,
            }
        }
    };
    if let Some(host) = c.get(Component::Host).map(str::to_owned)
        && let Some(v4) = curl_ipv4(&host)
    {
        c.set(Component::Host, Some(&v4));
        c.set(Component::HostKind, Some("ipv4"));
    }
    // The path as curl_url_set leaves it: its dot segments removed (the worker does not set
    // CURLU_PATH_AS_IS), then at least "/".
    if let Some(path) = c.get(Component::Path).map(uri_spec::remove_dot_segments) {
        c.set(
            Component::Path,
            Some(if path.is_empty() { "/" } else { &path }),
        );
    }
    Some(c)
}

/// A host as libcurl's `ipv4_normalize` (lib/urlapi.c) reads it: one to four groups separated
/// by dots, each starting with a digit and read as `strtoul` base 0 reads it (`0x` hex, a
/// leading `0` octal, else decimal), nothing else (no empty group, no trailing dot), the last
/// group filling the bytes left ("one, two, three or four number groups", URL-SYNTAX.md);
/// written in dotted decimal. `None` where curl takes the host as a name.
fn curl_ipv4(host: &str) -> Option<String> {
    let groups: Vec<&str> = host.split('.').collect();
    if groups.len() > 4 {
        return None;
    }
    let mut numbers = Vec::with_capacity(groups.len());
    for g in &groups {
        if !g.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        let (digits, radix) = match g.strip_prefix("0x").or(g.strip_prefix("0X")) {
            Some(h) => (h, 16),
            None if g.len() > 1 && g.starts_with('0') => (&g[1..], 8),
            None => (*g, 10),
        };
        // strtoul stops at the first byte that is no digit of its base; curl then wants the
        // group's end, so any such byte makes the host a name.
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        numbers.push(u64::from_str_radix(digits, radix).ok()?);
    }
    let (last, rest) = numbers.split_last()?;
    if rest.iter().any(|n| *n > 255) || *last >= 1u64 << (8 * (4 - rest.len())) {
        return None;
    }
    let mut v = *last;
    for (i, n) in rest.iter().enumerate() {
        v += n << (8 * (3 - i));
    }
    Some(format!(
        "{}.{}.{}.{}",
        v >> 24,
        (v >> 16) & 255,
        (v >> 8) & 255,
        v & 255
    ))
}

/// What curl makes of an input before reading it: one or three slashes after the scheme as two,
/// bytes outside ASCII percent-encoded.
fn curl_encoded(input: &[u8]) -> Vec<u8> {
    match std::str::from_utf8(input).ok().and_then(two_slashes) {
        Some(r) => pct_encode_non_ascii(r.as_bytes()),
        None => pct_encode_non_ascii(input),
    }
}

/// `text` as curl reads its slashes: one, two or three after the scheme's ":" are two; `None`
/// where there is no ":" or another number of slashes.
fn two_slashes(text: &str) -> Option<String> {
    let colon = text.find(':')?;
    let (scheme, rest) = (&text[..colon], &text[colon + 1..]);
    match rest.bytes().take_while(|&b| b == b'/').count() {
        n @ (1 | 3) => Some(format!("{scheme}://{}", &rest[n..])),
        2 => Some(text.to_owned()),
        _ => None,
    }
}

/// A round trip whose only losses are an empty query or fragment (or host or port).
fn empty_parts_dropped_on_the_way_back(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    let mut lost = 0;
    for c in Component::ALL {
        if first.get(c) == again.get(c) {
            continue;
        }
        match (c, first.get(c), again.get(c)) {
            (Component::Query | Component::Fragment | Component::Port, Some(""), None) => lost += 1,
            (Component::Authority, _, _) => {}
            _ => return false,
        }
    }
    lost > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// libcurl 7.88.1 on Linux: `file:///C:`, `file:///C:/x`, `file://localhost/C:/x` give
    /// CURLUE_BAD_FILE_URL; `file:///C:x`, `file:///CC:/x`, `file:///C` are taken (run here).
    #[test]
    fn a_drive_letter_is_what_curl_refuses() {
        for refused in [
            "file:///C:",
            "file:///C:/x",
            "FILE://localhost/c|/x",
            "file:/C:/",
        ] {
            assert!(file_drive_letter(refused.as_bytes()), "{refused}");
        }
        for taken in [
            "file:///C:x",
            "file:///CC:/x",
            "file:///C",
            "file://h/C:/x",
            "http:///C:",
        ] {
            assert!(!file_drive_letter(taken.as_bytes()), "{taken}");
        }
    }

    #[test]
    fn ipv4_hosts_as_ipv4_normalize_reads_them() {
        for (written, read) in [
            ("1", Some("0.0.0.1")),
            ("0x7f.1", Some("127.0.0.1")),
            ("0177.0.0.1", Some("127.0.0.1")),
            ("1.2.3.4", Some("1.2.3.4")),
            ("0", Some("0.0.0.0")),
            // No empty group and no trailing dot: names, as curl keeps them.
            (".", None),
            ("..", None),
            ("1.", None),
            ("1..2", None),
            ("0x", None),
            ("08", None),
            ("1.2.3.256", None),
            ("1.2.3.4.5", None),
            ("a1", None),
        ] {
            assert_eq!(curl_ipv4(written).as_deref(), read, "{written}");
        }
    }

    #[test]
    fn ipv6_hosts_as_inet_ntop_writes_them() {
        for (written, short) in [
            ("[0::]", "[::]"),
            ("[::0]", "[::]"),
            ("[0::3.1.1.1]", "[::3.1.1.1]"),
            ("[::ffff:1.2.3.4]", "[::ffff:1.2.3.4]"),
            ("[b::1.15.1.3]", "[b::10f:103]"),
            ("[2001:DB8:0:0:1:0:0:1]", "[2001:db8::1:0:0:1]"),
            ("[1:0:2:3:4:5:6:7]", "[1:0:2:3:4:5:6:7]"),
            ("[::1]", "[::1]"),
        ] {
            assert_eq!(ipv6_shortest(written).as_deref(), Some(short), "{written}");
        }
        assert_eq!(ipv6_shortest("[::1%25eth0]"), None);
        assert_eq!(ipv6_shortest("example.com"), None);
    }

    #[test]
    fn a_zone_id_is_removed_only_when_it_is_one() {
        assert_eq!(zone_removed(b"http://[::1%25eth0]/"), b"http://[::1]/");
        assert_eq!(zone_removed(b"p://[::%t]"), b"p://[::]");
        assert_eq!(zone_removed(b"p://[::%25a%41]"), b"p://[::]");
        // Not a zone id: a quote, a brace, a bad escape, nothing after "%".
        for kept in [
            &b"p://[::%25a\"b]"[..],
            b"p://[::%25a{b]",
            b"p://[::%25a%zzb]",
            b"p://[::%]",
        ] {
            assert_eq!(zone_removed(kept), kept);
        }
    }

    #[test]
    fn what_curl_takes_as_a_url() {
        assert!(bad_slashes(b"mailto:a@b") && bad_slashes(b"p:////a"));
        assert!(!bad_slashes(b"p:/a") && !bad_slashes(b"p:///a") && !bad_slashes(b"a/b"));
        assert!(foreign_file_host(b"file://example.org/x"));
        assert!(!foreign_file_host(b"file:///x") && !foreign_file_host(b"file://LOCALHOST/x"));
        assert!(!foreign_file_host(b"http://example.org/x"));
    }

    #[test]
    fn curl_reads_one_slash_and_numeric_hosts() {
        // An input RFC 3986 rejects: the one slash read as two, the rest as the lenient
        // reading reads it (curl's `p:/\@e` has host `e`, a browser's `http:/\@e` no userinfo).
        let r = curl_reading(b"p:/\\@e").unwrap();
        assert_eq!(r.get(Component::Host), Some("e"));
        assert_eq!(r.get(Component::Path), Some("/"));
        let r = curl_reading(b"http:/\\@e").unwrap();
        assert_eq!(r.get(Component::Userinfo), None);
        let r = curl_reading(b"p:/0").unwrap();
        assert_eq!(r.get(Component::Host), Some("0.0.0.0"));
        assert_eq!(r.get(Component::Path), Some("/"));
        let r = curl_reading(b"http://1.3/x").unwrap();
        assert_eq!(r.get(Component::Host), Some("1.0.0.3"));
        assert_eq!(super::super::slash_after_authority("http://g"), "http://g/");
        assert_eq!(
            super::super::slash_after_authority("http://g?q"),
            "http://g/?q"
        );
        assert_eq!(super::super::slash_after_authority("http://"), "http:///");
    }
}
