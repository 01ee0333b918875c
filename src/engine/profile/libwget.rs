//! Profile `libwget`: GNU Wget2's IRI routines (`wget.h`, the `wget_iri_t` fields' comments,
//! Debian 12's wget2-dev 1.99.1), which follow no single standard and are read against
//! RFC 3986:
//! - host: "Hostname (or literal IP address). Lowercase and unescaped"; path and fragment:
//!   "Unescaped" (percent-decoded; the query, documented so too, is held as written). An IPv6
//!   literal's host is the "literal IP address" (`is_ip_address`: "the hostname part is a
//!   literal IPv4/IPv6 address"), without RFC 3986's brackets;
//! - path: "Path, if present": none where RFC 3986 reads an empty one;
//! - a URL without a scheme is read as HTTP (wget2(1), `--https-enforce`, mode `none`: "Use
//!   HTTP for URLs without scheme"; `wget.h`: `WGET_IRI_SCHEME_DEFAULT` is
//!   `WGET_IRI_SCHEME_HTTP`; `wget_iri_parse` in `libwget/iri.c` of 1.99.1: "add http://
//!   scheme to url"): `//a` as `http://a`, `a/b` as `http://a/b`. A name followed by ":" and a
//!   digit is no scheme there (the check's comment: "not a scheme"), so `a:1` is `http://a:1`;
//! - an http or https URL with no host is refused (`wget_iri_parse`'s error "Missing
//!   host/domain in URI"; RFC 9110 4.2.1: a recipient of an "http" URI with an empty host
//!   "MUST reject it as invalid"): `''`, `?q` and `http:` are `http://`, and refused;
//! - after the scheme, and after that added `http://`, every "/" is skipped and the authority
//!   read from what follows (the same function: "this is true for http, https, ftp, file
//!   (accept any number of /, like most browsers)"): `/a`, `///a` and `http:a` are all
//!   `http://a`. Only for the four schemes that comment names: elsewhere (`a:b`) the reading
//!   is left to be judged;
//! - "will be converted to UTF-8 from the encoding given" (`wget_iri_parse`'s comment): the
//!   worker gives "utf-8", as wget2 gives its locale's charset, so the input's own characters are
//!   held as they are and decoded octets as the bytes they are (`#%C3%A9` is held as `é`; an
//!   octet that is no UTF-8, `%E9`, reaches the report as U+FFFD, the protocol carrying text);
//! - `wget_iri_relative_to_abs` (its doc comment in `libwget/iri.c`): "If it's a relative path,
//!   the file name of the \p base IRI's path is replaced by that path"; the target is built on
//!   the base's connection part (`wget.h`: "formed by the scheme, the hostname and the port
//!   together") and its path normalized as `normalize_path`'s comments say: "skip ./ and ../ at
//!   the beginning of the path", "go one level up" at `/../`, "double slash to single slash".
//!   So `''` against `http://a/b/c?q` is `http://a/b/` (RFC 3986 5.2.2 keeps the base's file
//!   name and query), and `.//` gives the same;
//! - (the path is held without the "/" after the authority, which the worker puts back as
//!   `wget_iri_get_escaped_resource` does: no rule needed).

use super::Explains::{Custom, EmptyAsNone};
use super::{Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// `spec`, RFC 3986's value of `component`, as libwget holds it: host, path and fragment
/// percent-decoded, the host lowercased and an IPv6 literal without its brackets, a host that
/// is not ASCII once decoded in its IDNA form (iri.c converts it with `wget_str_to_ascii`:
/// `wget_iri_parse("%C3%A9", "utf-8")` has the host `xn--9ca`, run here), an empty path not
/// present, and the query as written with each `+` a space (iri.c: "do not unescape query else
/// we get ambiguity for chars like &, =, +", then `if (*s == '+') *s = ' '`; `?a+b%2Bc` is
/// `a b%2Bc`, run here; `wget_iri_get_escaped_resource` writes the space back as `+`).
fn held(component: Component, spec: Option<&str>) -> Option<String> {
    let spec = spec?;
    match component {
        Component::Host => {
            let address = spec
                .strip_prefix('[')
                .and_then(|h| h.strip_suffix(']'))
                .filter(|h| !h.starts_with(['v', 'V']))
                .unwrap_or(spec);
            let decoded = utf8_decoded(address);
            if decoded.is_ascii() {
                return Some(decoded.to_ascii_lowercase());
            }
            Some(idna::domain_to_ascii(&decoded).unwrap_or_else(|_| decoded.to_lowercase()))
        }
        Component::Path if spec.is_empty() => None,
        Component::Path | Component::Fragment => Some(utf8_decoded(spec)),
        Component::Query => Some(spec.replace('+', " ")),
        _ => Some(spec.to_owned()),
    }
}

/// `text` percent-decoded, as UTF-8 (the encoding the worker gives `wget_iri_parse`), octets
/// that are not UTF-8 as U+FFFD, as the worker's answer carries them.
fn utf8_decoded(text: &str) -> String {
    String::from_utf8_lossy(&super::pct_decode_bytes(text)).into_owned()
}

/// The schemes whose "/"s libwget documents skipping (`wget_iri_parse`: "this is true for
/// http, https, ftp, file (accept any number of /, like most browsers)").
const SLASHES_SKIPPED: [&str; 4] = ["http", "https", "ftp", "file"];

/// What `wget_iri_parse` reads `input` as, written as an RFC 3986 URI: its scheme (`http` when
/// it finds none), lowercased ("convert scheme to lowercase"), then "//" and the rest with every
/// leading "/" skipped. `None` for a scheme outside [`SLASHES_SKIPPED`], or text that is not
/// UTF-8.
///
/// A scheme is there, as `wget_iri_parse` looks for one, when the input opens with a letter,
/// then scheme characters up to a ":" that no digit follows.
fn libwget_reading(input: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(input).ok()?;
    let name_end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
        .unwrap_or(text.len());
    let has_scheme = text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text[name_end..].starts_with(':')
        && !text[name_end + 1..].starts_with(|c: char| c.is_ascii_digit());
    let (scheme, rest) = if has_scheme {
        let scheme = text[..name_end].to_ascii_lowercase();
        if !SLASHES_SKIPPED.contains(&scheme.as_str()) {
            return None;
        }
        (scheme, &text[name_end + 1..])
    } else {
        ("http".to_owned(), text)
    };
    Some(format!("{scheme}://{}", rest.trim_start_matches('/')))
}

/// `path` as `normalize_path` in `libwget/iri.c` leaves it: "skip ./ and ../ at the beginning
/// of the path" (and every leading "/"), then up to a "?" or "#": `/../` goes "one level up",
/// `/./` is dropped, a final `/..` or `/.` leaves the "/", "double slash to single slash". What
/// follows the "?" or "#" is kept as it is.
fn normalize_path(path: &str) -> String {
    let b = path.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    loop {
        match (b.get(i), b.get(i + 1), b.get(i + 2)) {
            (Some(b'/'), _, _) => i += 1,
            (Some(b'.'), Some(b'/'), _) => i += 2,
            (Some(b'.'), Some(b'.'), Some(b'/')) => i += 3,
            (Some(b'.'), Some(b'.'), None) => i += 2,
            (Some(b'.'), None, _) => i += 1,
            _ => break,
        }
    }
    // "go one level up": back to the last "/" written, that "/" included.
    let up = |out: &mut Vec<u8>| {
        while let Some(c) = out.pop() {
            if c == b'/' {
                break;
            }
        }
    };
    while i < b.len() && b[i] != b'?' && b[i] != b'#' {
        let rest = &b[i..];
        if rest[0] != b'/' {
            out.push(rest[0]);
            i += 1;
        } else if rest.get(1) == Some(&b'.') {
            if rest.starts_with(b"/../") {
                i += 3;
                up(&mut out);
            } else if rest == b"/.." {
                i += 3;
                up(&mut out);
                if !out.is_empty() {
                    out.push(b'/');
                }
            } else if rest.starts_with(b"/./") {
                i += 2;
            } else if rest == b"/." {
                i += 2;
                if !out.is_empty() {
                    out.push(b'/');
                }
            } else {
                out.push(b'/');
                i += 1;
            }
        } else if out.is_empty() || rest.get(1) == Some(&b'/') {
            i += 1;
        } else {
            out.push(b'/');
            i += 1;
        }
    }
    out.extend_from_slice(&b[i..]);
    String::from_utf8_lossy(&out).into_owned()
}

/// The connection part `wget_iri_get_connection_part` writes for `base` ("formed by the scheme,
/// the hostname, and optionally the port": the port only when "provided"), with the base's
/// path as `wget_iri_parse` holds it. `None` unless `base` has a host after "//".
fn connection_part(base: &[u8]) -> Option<(String, String)> {
    let c = uri_spec::parse(base).ok()?;
    let host = c.host_str().filter(|h| !h.is_empty())?;
    if c.authority.is_some_and(|a| a.starts_with('/')) {
        return None;
    }
    let scheme = c.scheme?.to_ascii_lowercase();
    let host = held(Component::Host, Some(host))?;
    // "If set, port was explicitly given": only a number from 1 to 65535 is.
    let port = c
        .port
        .and_then(|p| p.parse::<u32>().ok())
        .filter(|p| (1..65536).contains(p))
        .map_or(String::new(), |p| format!(":{p}"));
    let path = held(Component::Path, c.path).unwrap_or_default();
    Some((format!("{scheme}://{host}{port}"), path))
}

/// `wget_iri_relative_to_abs(base, reference)` where `reference` is a relative-path reference
/// as that function tells one (no "/" first and no ":" anywhere; its branch's comment:
/// "relative path"; RFC 3986 4.2 names every reference that does not begin with "/" so, `?q`
/// and `#f` included) and `base` has a host after "//": the base's connection part, "/", then
/// the base's directory (its path as `wget_iri_parse` holds it, up to its last "/") and the
/// reference, normalized. `None` elsewhere.
fn relative_to_abs(base: &[u8], reference: &[u8]) -> Option<String> {
    let reference = std::str::from_utf8(reference).ok()?;
    // A ":" anywhere is read as "URI begins with a scheme" (`memchr(val, ':', len)`).
    if reference.starts_with('/') || reference.contains(':') {
        return None;
    }
    let (connection, path) = connection_part(base)?;
    let path = path.strip_prefix('/').unwrap_or(&path);
    let dir = path.rfind('/').map_or("", |n| &path[..=n]);
    Some(format!(
        "{connection}/{}",
        normalize_path(&format!("{dir}{reference}"))
    ))
}

/// `wget_iri_relative_to_abs(base, reference)` where `reference` is an absolute path (one "/"
/// first, not two): "If \p val is an absolute path (it begins with a `/`), it is normalized
/// first. Then the provided IRI's path is replaced by that new path": the base's connection
/// part, "/" and `normalize_path` of the reference (whose leading "/"s it skips). `None`
/// elsewhere, or without a host in `base`.
fn absolute_path_to_abs(base: &[u8], reference: &[u8]) -> Option<String> {
    let reference = std::str::from_utf8(reference).ok()?;
    if !reference.starts_with('/') || reference.starts_with("//") {
        return None;
    }
    let (connection, _) = connection_part(base)?;
    Some(format!("{connection}/{}", normalize_path(reference)))
}

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "libwget",
        id: "libwget/scheme-reference-untouched",
        name: "a reference that begins with a scheme is returned untouched (iri.c: wget_iri_relative_to_abs, \"if \\p val begins with a scheme ... that string is returned untouched\")",
        cites: "libwget/iri.c, wget_iri_relative_to_abs and normalize_path",
        explains: Custom(|e| {
            // The function tells "begins with a scheme" by a ":" anywhere in a reference that
            // does not begin with "/" (`memchr(val, ':', len)`).
            e.class == Class::Resolution
                && e.second.is_some()
                && e.input.first() != Some(&b'/')
                && e.input.contains(&b':')
                && e.got.map(str::as_bytes) == Some(e.input)
        }),
        examples: &[
            // iri.c: "if \p val begins with a scheme ... that string is returned untouched"; resolved as
            // RFC 3986 would (`p:`) is not untouched.
            Example::fires("resolve:p:.|http://a/b", Reply::Text("p:.")),
            Example::off("resolve:p:.|http://a/b", Reply::Text("p:")),
        ],
    },
    Rule {
        profile: "libwget",
        id: "libwget/components-unescaped",
        name: "host, path and fragment are held unescaped, an IPv6 host as the address, a query's + as a space (wget.h: wget_iri_t; iri.c: wget_iri_parse)",
        cites: "wget.h, wget_iri_t; libwget iri.c, wget_iri_parse",
        explains: Custom(|e| {
            let (Class::Component(c) | Class::UndefinedVsEmpty(c)) = e.class else {
                return false;
            };
            let want = held(c, e.reference);
            // On an input RFC 3986 rejects the evidence is the lenient reading's, which is
            // compared as a request would go (a trailing CR the URL Standard strips is no
            // difference there): the held value is compared the same way.
            let lenient = uri_spec::parse(e.input).is_err() && e.second.is_none();
            matches!(c, Component::Host | Component::Path | Component::Query | Component::Fragment)
                && e.reference.is_some_and(|s| !s.is_empty())
                && (want.as_deref() == e.got
                    || (lenient
                        && crate::engine::lenient_alike(c, want.as_deref(), e.got, e.scheme().as_deref())))
        }),
        examples: &[
            Example::fires("http://a/b%20c", Reply::Reads(&[(Component::Path, Some("/b c"))])),
            Example::fires("http://[::1]/", Reply::Reads(&[(Component::Host, Some("::1"))])),
            Example::off("http://a/b%20c", Reply::Reads(&[(Component::Path, Some("/b d"))])),
            Example::fires("http://h/?a+b%2Bc", Reply::Reads(&[(Component::Query, Some("a b%2Bc"))])),
            Example::off("http://h/?a+b%2Bc", Reply::Reads(&[(Component::Query, Some("a b+c"))])),
            Example::fires("http://%C3%A9/", Reply::Reads(&[(Component::Host, Some("xn--9ca"))])),
            Example::off("http://%C3%A9/", Reply::Reads(&[(Component::Host, Some("xn--9cb"))])),
        ],
    },
    Rule {
        profile: "libwget",
        id: "libwget/no-path-when-absent",
        name: "no path where none is written (wget.h: wget_iri_t.path, \"Path, if present\")",
        cites: "wget.h, wget_iri_t.path",
        explains: EmptyAsNone(&[Component::Path]),
        examples: &[
            Example::fires("http://a", Reply::Reads(&[(Component::Path, None)])),
            Example::off("http://a/b", Reply::Reads(&[(Component::Path, None)])),
        ],
    },
    Rule {
        profile: "libwget",
        id: "libwget/schemeless-read-as-http",
        name: "a URL without a scheme is read as HTTP, and every \"/\" after the scheme skipped (wget2(1), --https-enforce=none: \"Use HTTP for URLs without scheme\"; iri.c: \"accept any number of /\")",
        cites: "wget2(1), --https-enforce; libwget/iri.c, wget_iri_parse",
        explains: Custom(|e| {
            let Some(c) = e.component() else {
                return false;
            };
            let Some(target) = libwget_reading(e.input) else {
                return false;
            };
            // The scheme is read before, and whatever, the rest is: `///@@` is `http` though
            // `http://@@` is no URI (`wget_iri_parse("///@@")` has the scheme `http`, run here).
            if c == Component::Scheme {
                return target.split_once("://").map(|(s, _)| s) == e.got;
            }
            if !matches!(
                c,
                Component::Userinfo
                    | Component::Host
                    | Component::Port
                    | Component::Path
                    | Component::Query
                    | Component::Fragment
            ) {
                return false;
            }
            let value = match uri_spec::parse(target.as_bytes()) {
                Ok(read) => match c {
                    Component::Scheme => read.scheme,
                    Component::Userinfo => read.userinfo,
                    Component::Host => read.host_str(),
                    Component::Port => read.port,
                    Component::Path => read.path,
                    Component::Query => read.query,
                    _ => read.fragment,
                }
                .map(str::to_owned),
                // What follows the added `http://` need not be RFC 3986 text (a leading control
                // makes `\x01http://[::]` scheme-less, read as `http://\x01http://[::]`, host
                // `\x01http`, run here): its components are then where the split of RFC 3986
                // Appendix B puts them, which is where `wget_iri_parse` looks for them too. Not
                // when the split's port is no number: libwget drops such a port's text
                // (`http://t:\\0` loses `\\0`), which no documentation says.
                Err(_) => {
                    let split = crate::subjects::lenient::split(&target);
                    let port = split.get(Component::Port).unwrap_or("");
                    if !port.bytes().all(|b| b.is_ascii_digit()) {
                        return false;
                    }
                    split.get(c).map(str::to_owned)
                }
            };
            held(c, value.as_deref()).as_deref() == e.got
        }),
        examples: &[
            Example::fires("//a/b", Reply::Reads(&[(Component::Scheme, Some("http"))])),
            Example::off("//a/b", Reply::Reads(&[(Component::Scheme, Some("https"))])),
            // `/.`: `http://` added, the "/" skipped, `.` read as the host, no path; `a:b` read as host `b`
            // is one step off (the comment names http, https, ftp and file only).
            Example::fires("/.", Reply::Reads(&[(Component::Scheme, Some("http")), (Component::Host, Some(".")), (Component::Path, None)])),
            Example::off("a:b", Reply::Reads(&[(Component::Host, Some("b")), (Component::Path, None)])),
        ],
    },
    // An HTTP(S) URL with nothing where the host goes is refused: `wget_iri_parse` fails with
    // its message "Missing host/domain in URI" when it finds no host for the http and https
    // schemes, as RFC 9110 4.2.1 (and 4.2.2 for https) asks: "A recipient that processes such
    // a URI reference MUST reject it as invalid". Read after the documented reading above
    // (`''`, `?q`, `/` and `http:` are `http://`, `http://?q`), with nothing at all between
    // "//" and the end, "?" or "#": `@` (`http://@`) has an empty host, which libwget keeps.
    Rule {
        profile: "libwget",
        id: "libwget/http-missing-host-refused",
        name: "an http or https URL with no host is refused (wget_iri_parse: \"Missing host/domain in URI\"; RFC 9110 4.2.1: \"MUST reject it as invalid\"), a URL without a scheme being read as HTTP",
        cites: "libwget/iri.c, wget_iri_parse; RFC 9110 section 4.2.1",
        explains: Custom(|e| {
            e.class == Class::TooStrict
                && e.second.is_none()
                && libwget_reading(e.input).is_some_and(|read| {
                    ["http://", "https://"].iter().any(|s| {
                        read.strip_prefix(s)
                            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['?', '#']))
                    })
                })
        }),
        examples: &[
            // libwget 1.99.1 (run here): wget_iri_parse gives NULL on each of these (read as `http://`,
            // `http://?q`, `http://#f`, `https://`).
            Example::fires("", Reply::Rejected),
            Example::fires("?q", Reply::Rejected),
            Example::fires("#f", Reply::Rejected),
            Example::fires("/", Reply::Rejected),
            Example::fires("//", Reply::Rejected),
            Example::fires("http:", Reply::Rejected),
            Example::fires("HTTP:/", Reply::Rejected),
            Example::fires("https:", Reply::Rejected),
            // `//@` has an empty host libwget keeps, `x` the host x; ftp and file need no host.
            Example::off("//@", Reply::Rejected),
            Example::off("x", Reply::Rejected),
            Example::off("ftp:", Reply::Rejected),
            Example::off("file:", Reply::Rejected),
            Example::off("a:", Reply::Rejected),
            Example::off("//:80", Reply::Rejected),
        ],
    },
    Rule {
        profile: "libwget",
        id: "libwget/relative-path-replaces-file",
        name: "a relative path replaces the base's file name, the result normalized (iri.c: wget_iri_relative_to_abs, normalize_path)",
        cites: "libwget/iri.c, wget_iri_relative_to_abs and normalize_path",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            relative_to_abs(base, e.input).is_some_and(|t| t == got)
        }),
        examples: &[
            // "the file name of the base IRI's path is replaced by that path": `''` gives the directory,
            // query gone; `#` and `?` are relative paths to wget_iri_relative_to_abs (no "/" first, no ":").
            Example::fires("resolve:|http://a/b/c?q", Reply::Text("http://a/b/")),
            Example::fires("resolve:#|http://a/b/c?q", Reply::Text("http://a/b/#")),
            Example::fires("resolve:?|http://a/b/c?q", Reply::Text("http://a/b/?")),
            // Another target; the file name kept (RFC 3986's answer without the query); a ":" anywhere
            // makes libwget return the reference untouched.
            Example::off("resolve:|http://a/b/c?q", Reply::Text("http://a/")),
            Example::off("resolve:#|http://a/b/c?q", Reply::Text("http://a/b/c#")),
            Example::off("resolve:./:|http://a/b/c", Reply::Text("http://a/b/:")),
        ],
    },
    Rule {
        profile: "libwget",
        id: "libwget/absolute-path-normalized",
        name: "an absolute path is normalized and replaces the base's path (iri.c: wget_iri_relative_to_abs, normalize_path)",
        cites: "libwget/iri.c, wget_iri_relative_to_abs and normalize_path",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            absolute_path_to_abs(base, e.input).is_some_and(|t| t == got)
        }),
        examples: &[
            // "it is normalized first" (every leading "/" and "./" skipped) and replaces the base's path;
            // the "//" kept is one step off.
            Example::fires("resolve:/.//|coap://h/#", Reply::Text("coap://h/")),
            Example::fires("resolve:/a/../b//c?d|http://h:8080/x/y?q", Reply::Text("http://h:8080/b/c?d")),
            Example::off("resolve:/.//|coap://h/#", Reply::Text("coap://h//")),
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::{absolute_path_to_abs, held, libwget_reading, normalize_path, relative_to_abs};
    use crate::model::Component;

    #[test]
    fn values_are_held_as_wget_h_documents_them() {
        assert_eq!(held(Component::Host, Some("[::1]")).as_deref(), Some("::1"));
        assert_eq!(
            held(Component::Host, Some("[v1.x]")).as_deref(),
            Some("[v1.x]")
        );
        assert_eq!(held(Component::Host, Some("A%41")).as_deref(), Some("aa"));
        assert_eq!(held(Component::Path, Some("")), None);
        assert_eq!(
            held(Component::Path, Some("/b%20c")).as_deref(),
            Some("/b c")
        );
        assert_eq!(held(Component::Query, Some("%20")).as_deref(), Some("%20"));
        // Decoded octets are read as UTF-8, those that are not as U+FFFD.
        assert_eq!(
            held(Component::Fragment, Some("%C3%A9")).as_deref(),
            Some("\u{e9}")
        );
        assert_eq!(
            held(Component::Fragment, Some("%ff")).as_deref(),
            Some("\u{fffd}")
        );
        assert_eq!(held(Component::Path, Some("/é%")).as_deref(), Some("/é%"));
    }

    #[test]
    fn libwget_reads_http_and_skips_every_slash_after_the_scheme() {
        assert_eq!(libwget_reading(b"//a").as_deref(), Some("http://a"));
        assert_eq!(libwget_reading(b"a/b").as_deref(), Some("http://a/b"));
        assert_eq!(libwget_reading(b"/.").as_deref(), Some("http://."));
        assert_eq!(libwget_reading(b"///&").as_deref(), Some("http://&"));
        assert_eq!(libwget_reading(b"HTTP:a/b").as_deref(), Some("http://a/b"));
        // A ":" then a digit is a port, no scheme.
        assert_eq!(libwget_reading(b"Y:0").as_deref(), Some("http://Y:0"));
        // Schemes the comment does not name are left to be judged.
        assert_eq!(libwget_reading(b"a:b"), None);
        assert_eq!(libwget_reading(b"S:."), None);
    }

    #[test]
    fn a_relative_path_replaces_the_base_file_name_and_is_normalized() {
        let r = |b: &str, r: &str| relative_to_abs(b.as_bytes(), r.as_bytes());
        assert_eq!(r("http://a/b/c?q", "").as_deref(), Some("http://a/b/"));
        assert_eq!(r("http://a/b/c?q", ".//").as_deref(), Some("http://a/b/"));
        assert_eq!(r("http://a/b/c", "../../g").as_deref(), Some("http://a/g"));
        assert_eq!(
            r("HTTP://A:0080/x%20y/z", "g").as_deref(),
            Some("http://a:80/x y/g")
        );
        // `?q` and `#f` are relative paths to it: the file name replaced, the base's query gone.
        assert_eq!(r("http://a/b/c?x", "?q").as_deref(), Some("http://a/b/?q"));
        assert_eq!(r("http://[::1]/b?x", "#").as_deref(), Some("http://::1/#"));
        // What follows a "?" is not normalized, a decoded "%3F" in the base's path included.
        assert_eq!(r("coap://h/%3F/x/", "?").as_deref(), Some("coap://h/?/x/?"));
        // A ":" anywhere is taken for a scheme; an absolute path, or no host: not this rule's.
        assert_eq!(r("http://a/b/c", "./:"), None);
        assert_eq!(r("http://a/b/c", "?a:b"), None);
        assert_eq!(r("http://a/b/c", "/g"), None);
        assert_eq!(r("coap:", ""), None);
        assert_eq!(r("file:///d/e", "g"), None);
        // An absolute path is normalized and replaces the base's whole path.
        let a = |b: &str, r: &str| absolute_path_to_abs(b.as_bytes(), r.as_bytes());
        assert_eq!(a("coap://h/#", "/.//").as_deref(), Some("coap://h/"));
        assert_eq!(
            a("http://h:8080/x/y?q", "/a/../b//c?d").as_deref(),
            Some("http://h:8080/b/c?d")
        );
        assert_eq!(a("http://h/x", "//g/y"), None);
        assert_eq!(a("http://h/x", "g"), None);
        assert_eq!(a("a:/x", "/g"), None);
        // A "/." is only dropped at the very end of the text, a query included.
        assert_eq!(normalize_path("./a/./b/../c//d/.?x/../"), "a/c/d/.?x/../");
        assert_eq!(normalize_path("a/.."), "");
        assert_eq!(normalize_path("a/b/.."), "a/");
    }
}
