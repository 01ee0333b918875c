//! Profile `http-request-target` (`http::Uri`): a request-target of RFC 9112 section 3.2 (origin,
//! absolute, authority and asterisk forms), judged against RFC 3986; `http::Uri`'s documentation
//! names the four forms.
//!
//! Three behaviours http 1.5's source states where it does them (src/uri/path.rs and
//! src/uri/authority.rs; the crate's API docs say nothing of which bytes it takes):
//! - its path and query byte tables are headed "See https://url.spec.whatwg.org/#path-state" and
//!   "See https://url.spec.whatwg.org/#query-state": a byte is taken where the URL Standard's
//!   path or query state leaves it unencoded (`[ \ ] ^ |` in a path, those and `` ` { } `` in a
//!   query, and "%" whether or not two hex digits follow), and in the path `" { }` too, which
//!   "Should be percent-encoded, but accepted for parity with clients that send them as-is";
//! - `validate_authority_bytes`: a "%" after the userinfo and outside an IPv6 literal "was part of
//!   the hostname (and not part of an IPv6 address), and will fail with an error";
//! - the same function: "If there's nothing after an `@`, this is bonkers" (an error);
//! - and: "Per rfc3986 3.2.1 and https://url.spec.whatwg.org/#authority-state the userinfo can
//!   have a percent-encoded username and password", so a "%" is taken until an "@" shows it was
//!   the userinfo's: `p://%@a` and `p://%zz@a` are taken with the authority as written, `p://a%`
//!   is refused (run here with http 1.3).

use super::Explains::{Custom, EmptyPathAfterAuthorityIsSlash, TooLaxAcceptedOnce};
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
        profile: "http-request-target",
        id: "http-request-target/authority-form-without-slash",
        name: "a target without \"/\" or \"://\" is the authority form host[:port]",
        cites: "http::Uri docs, the authority form; RFC 9112 section 3.2.3",
        explains: Custom(|e| {
            let Some(c) = e.component() else {
                return false;
            };
            http_authority_form(e.input).is_some_and(|a| a.get(c) == e.got)
        }),
        examples: &[
            Example::fires("example.com:80", Reply::Reads(&[(Component::Scheme, None), (Component::Authority, Some("example.com:80")), (Component::Host, Some("example.com")), (Component::Port, Some("80")), (Component::Path, Some(""))])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/double-slash-origin-path",
        name: "a target beginning with \"//\" is an origin-form path",
        cites: "http::Uri docs, the origin form; RFC 9112 section 3.2.1",
        explains: Custom(|e| {
            let Some(c) = e.component() else {
                return false;
            };
            e.input.starts_with(b"//") && http_origin_form(e.input).get(c) == e.got
        }),
        examples: &[
            Example::fires("//a/b", Reply::Reads(&[(Component::Authority, None), (Component::Host, None), (Component::HostKind, None), (Component::Path, Some("//a/b"))])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/double-slash-origin-path-accepted",
        name: "a target beginning with \"//\" is accepted as an origin-form path (RFC 9112 3.2.1: absolute-path)",
        cites: "http::Uri docs, the origin form; RFC 9112 section 3.2.1",
        explains: Custom(|e| {
            e.class == Class::TooLax
                && e.second.is_none()
                && e.input.starts_with(b"//")
                && uri_spec::parse(&[b"/.", e.input].concat())
                    .is_ok_and(|c| c.authority.is_none())
        }),
        examples: &[
            Example::fires("//:b", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/bad-port-kept-in-authority",
        name: "a port that is not a 16-bit number is left in the authority, not reported",
        cites: "http::Uri docs, the four request-target forms; RFC 9112 section 3.2",
        explains: Custom(|e| {
            e.component() == Some(Component::Port)
                && e.got.is_none()
                && e.reference.is_some_and(|p| p.parse::<u16>().is_err())
        }),
        examples: &[
            Example::fires("http://a:99999/", Reply::Reads(&[(Component::HostKind, None), (Component::Port, None)])),
            Example::off("http://a:9/", Reply::Reads(&[(Component::HostKind, None), (Component::Port, None)])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/absolute-form-empty-path-slash",
        name: "an absolute-form target's empty path is \"/\"",
        cites: "http::Uri docs, the four request-target forms; RFC 9112 section 3.2",
        explains: EmptyPathAfterAuthorityIsSlash,
        examples: &[
            Example::fires("http://a", Reply::Reads(&[(Component::HostKind, None), (Component::Path, Some("/"))])),
            Example::off("http://a", Reply::Reads(&[(Component::HostKind, None), (Component::Path, Some("//"))])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/absolute-uri-needs-authority",
        name: "an absolute URI without an authority, or with an empty one, is no request-target",
        cites: "http::Uri docs, the four request-target forms; RFC 9112 section 3.2",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && (e.input.contains(&b'/') || !rfc9112_authority_form(e.input))
                && e.reference_components.is_some_and(|c| {
                    c.get(Component::Scheme).is_some()
                        && matches!(c.get(Component::Authority), None | Some(""))
                })
        }),
        examples: &[
            Example::fires("mailto:a@b/c", Reply::Rejected),
            Example::off("http://a/b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/relative-ref-in-no-form",
        name: "a relative reference that does not begin with \"/\" and is no uri-host \":\" port (the empty one too) is in none of the four forms (RFC 9112 3.2): no request-target",
        cites: "http::Uri docs, the four request-target forms; RFC 9112 section 3.2",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && !e.input.starts_with(b"/")
                && e.input != b"*"
                && !rfc9112_authority_form(e.input)
                && e.reference_components
                    .is_some_and(|c| c.get(Component::Scheme).is_none())
        }),
        examples: &[
            Example::fires("a/b", Reply::Rejected),
            Example::off("/a/b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/authority-form-accepted",
        name: "a target without \"/\" or \"://\" is accepted as the authority form host[:port]",
        cites: "http::Uri docs, the authority form; RFC 9112 section 3.2.3",
        explains: Custom(|e| {
            e.class == Class::TooLax
                && e.second.is_none()
                && http_authority_form(e.input).is_some_and(|c| {
                    let port = std::str::from_utf8(e.input)
                        .ok()
                        .and_then(|t| t.rsplit_once(':'))
                        .map(|(_, p)| p);
                    port.is_none_or(|p| p.is_empty() || p.parse::<u16>().is_ok())
                        && c.get(Component::Host).is_some()
                })
        }),
        examples: &[
            Example::fires(":", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/url-standard-path-query-bytes",
        name: "the path and query take what the URL Standard's path and query states leave unencoded (\"%\" unchecked; '\"' '{' '}' in the path too): http's byte tables cite url.spec.whatwg.org #path-state and #query-state",
        cites: "http src/uri/path.rs (https://url.spec.whatwg.org/#path-state, #query-state); CHANGELOG 1.3.0: \"Allow most UTF-8 characters in URI path and query.\"",
        explains: Custom(|e| {
            e.class == Class::TooLax
                && e.second.is_none()
                && whatwg_bytes_encoded(e.input).is_some_and(|fixed| {
                    // A target that begins with "//" is a path to http::Uri: RFC 3986 reads it
                    // as one behind "/.".
                    let probe = if fixed.starts_with(b"//") {
                        [&b"/."[..], &fixed].concat()
                    } else {
                        fixed
                    };
                    uri_spec::parse(&probe).is_ok()
                })
        }),
        examples: &[
            // http's path table: "See https://url.spec.whatwg.org/#path-state".
            Example::fires("//[]", Reply::Splits(&[])),
            Example::fires("/a\\b", Reply::Splits(&[])),
            Example::fires("/%", Reply::Splits(&[])),
            Example::fires("/?`", Reply::Splits(&[])),
            Example::fires("/{\"}", Reply::Splits(&[])),
            Example::fires("p://h/[", Reply::Splits(&[])),
            // CHANGELOG 1.3.0: UTF-8 in the path and query; not in a fragment, which http cuts
            // off unchecked, and not a byte that is no UTF-8.
            Example::fires("/\u{ff06}", Reply::Splits(&[])),
            Example::fires("/?q=\u{e9}", Reply::Splits(&[])),
            Example::off("/a#\u{e9}", Reply::Splits(&[])),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/host-percent-refused",
        name: "a \"%\" in a host that is no IP literal is refused (validate_authority_bytes: a \"%\" in the hostname \"will fail with an error\")",
        cites: "http src/uri/authority.rs, validate_authority_bytes",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.reference_components.is_some_and(|c| {
                    c.get(Component::Scheme).is_some()
                        && c.get(Component::Host)
                            .is_some_and(|h| h.contains('%') && !h.starts_with('['))
                })
        }),
        examples: &[
            // validate_authority_bytes.
            Example::fires("p://%41", Reply::Rejected),
            Example::fires("p://u@%41:1/", Reply::Rejected),
            Example::off("p://a", Reply::Rejected),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/empty-host-after-at-refused",
        name: "an authority with nothing after its \"@\" is refused (validate_authority_bytes: \"If there's nothing after an `@`, this is bonkers\")",
        cites: "http src/uri/authority.rs, validate_authority_bytes",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.reference_components.is_some_and(|c| {
                    c.get(Component::Scheme).is_some()
                        && c.get(Component::Authority).is_some_and(|a| a.ends_with('@'))
                })
        }),
        examples: &[
            Example::fires("g://@", Reply::Rejected),
            Example::fires("g://u@/x", Reply::Rejected),
            Example::off("g://a", Reply::Rejected),
        ],
    },
    Rule {
        profile: "http-request-target",
        id: "http-request-target/userinfo-percent-unchecked",
        name: "a \"%\" in the userinfo is taken whether or not two hex digits follow (validate_authority_bytes: \"the userinfo can have a percent-encoded username and password\")",
        cites: "http src/uri/authority.rs, validate_authority_bytes",
        explains: TooLaxAcceptedOnce(uri_spec::Edition::Rfc3986, userinfo_stray_percent_encoded),
        examples: &[
            // A stray "%" in the userinfo is taken; in the host it is not.
            Example::fires("p://%@a", Reply::Splits(&[])),
            Example::fires("p://%zz:%@a/", Reply::Splits(&[])),
            Example::off("p://a%", Reply::Splits(&[])),
        ],
    },
];

/// `input` with each "%" of its authority's userinfo (before the authority's last "@") that no
/// two hex digits follow written "%25".
fn userinfo_stray_percent_encoded(input: &[u8]) -> Vec<u8> {
    let std::ops::Range { start, end } = crate::engine::octets::authority_span(input);
    let Some(at) = input[start..end]
        .iter()
        .rposition(|&b| b == b'@')
        .map(|i| start + i)
    else {
        return input.to_vec();
    };
    let mut out = input[..start].to_vec();
    for i in start..at {
        let escape = input[i + 1..at].len() >= 2
            && input[i + 1].is_ascii_hexdigit()
            && input[i + 2].is_ascii_hexdigit();
        if input[i] == b'%' && !escape {
            out.extend_from_slice(b"%25");
        } else {
            out.push(input[i]);
        }
    }
    out.extend_from_slice(&input[at..]);
    out
}

/// `input` with what http's path and query tables take beyond RFC 3986 percent-encoded (a stray
/// "%" as "%25"), from where its path begins (the start of a target beginning with "/", else
/// after the authority of `scheme://`) to its "#"; `None` when nothing changed or the target has
/// no path or query there.
fn whatwg_bytes_encoded(input: &[u8]) -> Option<Vec<u8>> {
    // The path state's extras ("See https://url.spec.whatwg.org/#path-state" and the bytes "accepted
    // for parity") and the query state's (0x3F..=0x7E), beyond RFC 3986's pchar and query.
    const PATH_EXTRA: &[u8] = b"[\\]^|\"{}";
    const QUERY_EXTRA: &[u8] = b"[\\]^`{|}";
    let start = if input.starts_with(b"/") {
        0
    } else {
        let sep = input.windows(3).position(|w| w == b"://")?;
        let after = sep + 3;
        after
            + input[after..]
                .iter()
                .position(|b| matches!(b, b'/' | b'?'))?
    };
    let end = input[start..]
        .iter()
        .position(|&b| b == b'#')
        .map_or(input.len(), |p| start + p);
    let mut out = input[..start].to_vec();
    let mut in_query = false;
    // http 1.3.0's CHANGELOG: "Allow most UTF-8 characters in URI path and query": its tables
    // class 0x80..=0xFF as CLASS_HIGH ("Potentially utf8, checked later"), and the path and
    // query, cut at "#", must then be UTF-8 (path.rs, `ByteStr::from_utf8`).
    let utf8 = std::str::from_utf8(&input[start..end]).is_ok();
    for (i, &b) in input.iter().enumerate().take(end).skip(start) {
        in_query |= b == b'?';
        let extra = if in_query { QUERY_EXTRA } else { PATH_EXTRA };
        let stray_pct = b == b'%'
            && !(input.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
                && input.get(i + 2).is_some_and(u8::is_ascii_hexdigit));
        if stray_pct || extra.contains(&b) || (utf8 && !b.is_ascii()) {
            out.extend_from_slice(format!("%{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out.extend_from_slice(&input[end..]);
    (out != input).then_some(out)
}

/// Whether `input` is RFC 9112 3.2.3's `authority-form = uri-host ":" port`: a host RFC 3986
/// allows, and a port (which that form cannot leave out).
fn rfc9112_authority_form(input: &[u8]) -> bool {
    if input.iter().any(|b| matches!(b, b'/' | b'?' | b'#' | b'@')) {
        return false;
    }
    uri_spec::parse(&[b"//", input].concat()).is_ok_and(|c| c.port.is_some_and(|p| !p.is_empty()))
}

/// What `http::Uri` reads from an authority-form target: scheme undefined, the whole input as
/// authority, the host after the last "@" and before a ":", a port when it is a number, an empty
/// path. `None` when the input is not in that form.
fn http_authority_form(input: &[u8]) -> Option<Components> {
    let text = std::str::from_utf8(input).ok()?;
    if text.is_empty() || text.contains(['/', '?', '#']) {
        return None;
    }
    let after_at = text.rsplit('@').next().unwrap_or(text);
    let (host, port) = match after_at.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (after_at, None),
    };
    let port = port.and_then(|p| p.parse::<u16>().ok().map(|_| p));
    Some(
        Components::default()
            .with(Component::Authority, Some(text))
            .with(Component::Host, Some(host))
            .with(Component::Port, port)
            .with(Component::Path, Some("")),
    )
}

/// What `http::Uri` reads from a target beginning with "//": a path, up to "?", no authority.
fn http_origin_form(input: &[u8]) -> Components {
    let text = String::from_utf8_lossy(input);
    let text = text.split('#').next().unwrap_or("");
    let (path, query) = match text.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (text, None),
    };
    Components::default()
        .with(Component::Path, Some(path))
        .with(Component::Query, query)
}
