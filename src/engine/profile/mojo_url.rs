//! Profile `mojo-url`: Mojolicious's Mojo::URL (9.31), which splits a URL with RFC 3986
//! Appendix B's expression ("Official regex from RFC 3986", its `parse`) and is read against
//! RFC 3986. What its documentation and its `parse` say it does:
//! - `query` "defaults to a Mojo::Parameters object": a URL has a query, empty when none is
//!   written (RFC 3986 reads it undefined);
//! - `parse` stores `userinfo` and `fragment` percent-decoded (`url_unescape`), and
//!   `host_port` the host percent-decoded: `url_unescape` for all three, then, for `userinfo`
//!   and `fragment` only, `_decode`, which decodes UTF-8 "// $_[0]", keeping the bytes as they
//!   are (one character each) where they are not UTF-8; the host is not decoded (one character
//!   per byte, `host_port`), and `ihost` writes it back "in punycode format";
//! - `to_string` writes the `protocol`, "Normalized version of scheme" (`HtTp` is `http`), and
//!   the `host_port`, "Normalized version of host and port" (`http://☃.net:8080` is
//!   `xn--n3h.net:8080`): what it writes reads back with the scheme lowercased (RFC 3986 3.1's
//!   canonical form) and a non-ASCII host label as its `xn--` label (RFC 3492's Punycode);
//! - `to_abs` works on `Mojo::Path` objects, whose `parts`, `merge` and `canonicalize` "will
//!   normalize the path ... %2F will be treated as /": the path is percent-decoded as UTF-8
//!   (`charset` "defaults to UTF-8") and each part written back with only what Mojo::Path
//!   escapes escaped; `canonicalize` keeps a ".." above the root (its example:
//!   `/foo/../bar/../../baz` is `/../baz`) and treats "..." as "."; `merge` pops the base's
//!   last part after reading "%2F" as "/" ("Note that this method will normalize both paths
//!   if necessary and that %2F will be treated as / for security reasons"); an empty query is the
//!   default empty `Mojo::Parameters`, so a reference's empty query takes the base's, and
//!   an empty query is no query: `to_string` writes none (an empty `Mojo::Parameters` is the
//!   default, "defaults to a Mojo::Parameters object").

use super::Explains::{AbsentAsEmpty, Custom};
use super::{Evidence, Example, Reply, Rule};
use crate::engine::Class;
use crate::model::Component;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "mojo-url",
        id: "mojo-url/query-never-undefined",
        name: "the query is never undefined (query: \"defaults to a Mojo::Parameters object\")",
        cites: "Mojo::URL docs, query",
        explains: AbsentAsEmpty(&[Component::Query]),
        examples: &[
            Example::fires("http://a/b", Reply::Reads(&[(Component::Query, Some(""))])),
            Example::off("http://a/b", Reply::Reads(&[(Component::Query, Some("x"))])),
        ],
    },
    Rule {
        profile: "mojo-url",
        id: "mojo-url/components-pct-decoded",
        name: "userinfo, host and fragment are percent-decoded while parsing (parse, host_port: url_unescape)",
        cites: "Mojo::URL source, parse and host_port (url_unescape)",
        explains: Custom(|e| {
            matches!(
                e.component(),
                Some(Component::Userinfo | Component::Fragment)
            ) && e.reference.is_some_and(|s| s.contains('%'))
                && e.reference.map(mojo_decoded).as_deref() == e.got
        }),
        examples: &[
            Example::fires("http://%21@a/", Reply::Reads(&[(Component::Userinfo, Some("!"))])),
            Example::off("http://%21@a/", Reply::Reads(&[(Component::Userinfo, Some("?"))])),
        ],
    },
    Rule {
        profile: "mojo-url",
        id: "mojo-url/host-decoded-bytewise",
        name: "the host is percent-decoded one character per byte while parsing (host_port: url_unescape)",
        cites: "Mojo::URL source, parse and host_port (url_unescape)",
        explains: Custom(|e| {
            e.component() == Some(Component::Host)
                && e.reference.is_some_and(|s| s.contains('%'))
                && e.reference.map(bytes_as_chars).as_deref() == e.got
        }),
        examples: &[
            // host_port's url_unescape, one character per byte ("//%C3%A9": "\u{c3}\u{a9}").
            Example::fires("//%C3%A9", Reply::Reads(&[(Component::Host, Some("\u{c3}\u{a9}"))])),
            Example::off("//%C3%A9", Reply::Reads(&[(Component::Host, Some("\u{c3}\u{aa}"))])),
        ],
    },
    Rule {
        profile: "mojo-url",
        id: "mojo-url/to-string-lowercase-punycode",
        name: "to_string writes the scheme lowercased and a non-ASCII host in punycode (protocol, host_port: \"Normalized version\")",
        cites: "Mojo::URL docs, protocol and host_port",
        explains: Custom(written_normalized),
        examples: &[
            // to_string writes `protocol` ("Q:" is written "q:").
            Example::fires("Q:", Reply::Serializes("q:")),
            Example::off("Q:", Reply::Serializes("r:")),
        ],
    },
    Rule {
        profile: "mojo-url",
        id: "mojo-url/to-abs-mojo-path",
        name: "to_abs normalizes the path as Mojo::Path does (parts, canonicalize: \"/foo/../bar/../../baz\" is \"/../baz\"; merge: \"%2F will be treated as /\"), an empty query takes the base's",
        cites: "Mojo::URL docs, to_abs; Mojo::Path docs, parts, merge and canonicalize",
        explains: Custom(|e| {
            let (Class::Resolution, Some(base), Some(got)) = (e.class, e.second, e.got) else {
                return false;
            };
            to_abs(base, e.input).is_some_and(|t| t == got)
        }),
        examples: &[
            // to_abs: the base's path normalized as Mojo::Path does ("%7E" is "~"); an empty query is the
            // default Mojo::Parameters, written as nothing; "?" against a root path keeps its "/".
            Example::fires("resolve:|coap://w.edu/%7Eu?q", Reply::Text("coap://w.edu/~u?q")),
            Example::fires("resolve:G?|tel:2454;phone-context=example.com", Reply::Text("tel:G")),
            Example::fires("resolve:?|https://h/", Reply::Text("https://h/")),
            // merge: "%2F will be treated as /"; with a trailing "%2F" nothing is popped.
            Example::fires("resolve:x|file:///a%2Fb", Reply::Text("file:///a/x")),
            Example::fires("resolve:x|file:///a%2Fb/", Reply::Text("file:///a/b/x")),
            // A trailing "/" lost after a dot-segment; the segment before an empty query dropped too; the
            // root's "/" lost; the base's "b" kept as if "%2F" were a trailing "/"; an encoding merge reads
            // as "/" written back; "%25" decoded twice.
            Example::off("resolve:.|coap:/v1/v1/~u", Reply::Text("coap:/v1/v1")),
            Example::off("resolve:G?|tel:2454;phone-context=example.com", Reply::Text("tel:")),
            Example::off("resolve:?|https://h/", Reply::Text("https://h")),
            Example::off("resolve:x|file:///a%2Fb", Reply::Text("file:///a/b/x")),
            Example::off("resolve:x|file:///a%2Fb", Reply::Text("file:///a%2Fx")),
            Example::off("resolve:x|http://h/a%252Fb/c", Reply::Text("http://h/a/x")),
        ],
    },
];

/// `s` percent-decoded, each byte one character (Mojo::Util's `url_unescape` on a host).
fn bytes_as_chars(s: &str) -> String {
    super::pct_decode_bytes(s)
        .into_iter()
        .map(char::from)
        .collect()
}

/// A round trip whose only changes are the documented ones of `to_string`: the scheme written
/// lowercase (`protocol`), each non-ASCII host label written as `xn--` and its Punycode (`ihost`).
fn written_normalized(e: &Evidence<'_>) -> bool {
    let (Class::RoundTrip, Some(first), Some(again)) =
        (e.class, e.reference_components, e.reparsed)
    else {
        return false;
    };
    let mut changed = false;
    for c in Component::ALL {
        let (a, b) = (first.get(c), again.get(c));
        let want = match c {
            // `protocol` is `lc` of the scheme: Perl's `lc` lowercases every letter, not
            // only ASCII ones (`Ｎ` -> `ｎ`).
            Component::Scheme => a.map(str::to_lowercase),
            Component::Host => match a.map(ihost) {
                Some(Some(h)) => Some(h),
                Some(None) => return false,
                None => None,
            },
            _ => a.map(str::to_owned),
        };
        if want.as_deref() != b {
            return false;
        }
        changed |= a != b;
    }
    changed
}

/// Mojo::URL's `ihost`: each label with a non-ASCII character as "xn--" and its Punycode.
fn ihost(host: &str) -> Option<String> {
    super::punycode_labels(host.split('.'))
}

/// What Mojo::URL's `to_abs` makes of `reference` against `base`, where it follows only what
/// its documentation says; `None` where it does more (a reference with a scheme or authority,
/// an absolute path with dot-segments, an empty segment, a trailing dot-segment, a base host or
/// fragment that is percent-encoded: none of these is documented).
fn to_abs(base: &[u8], reference: &[u8]) -> Option<String> {
    let b = uri_spec::parse(base).ok()?;
    let r = uri_spec::parse(reference).ok()?;
    if r.scheme.is_some() || r.authority.is_some() {
        return None;
    }
    let scheme = b.scheme?.to_ascii_lowercase();
    if b.authority.is_some_and(|a| a.contains('%')) || r.fragment.is_some_and(|f| f.contains('%')) {
        return None;
    }
    let r_path = r.path.unwrap_or("");
    let b_path = b.path.unwrap_or("");
    let (path, query) = if r_path.is_empty() {
        let query = r.query.filter(|q| !q.is_empty()).or(b.query);
        (canonicalize(b_path)?, query)
    } else if r_path.starts_with('/') {
        if has_dot_segment(r_path) {
            return None;
        }
        (path_normalized(r_path)?, r.query)
    } else {
        // Mojo::Path's `merge` pops the base's last part, and its parts are read from the
        // decoded path: "Note that this method will normalize both paths if necessary and that
        // %2F will be treated as / for security reasons" (Mojo::Path, merge). So "%2F" is a
        // "/" before RFC 3986 5.2.3's merge, not only in `canonicalize`.
        let merged = uri_spec::merge(
            b.authority.is_some(),
            &pct_2f_as_slash(b_path),
            &pct_2f_as_slash(r_path),
        );
        (canonicalize(&merged)?, r.query)
    };
    // An empty query is the default empty Mojo::Parameters: nothing to write.
    let query = query.filter(|q| !q.is_empty());
    let mut t = format!("{scheme}:");
    if let Some(a) = b.authority {
        t.push_str("//");
        t.push_str(a);
        if !path.is_empty() && !path.starts_with('/') {
            t.push('/');
        }
    }
    t.push_str(&path);
    for (mark, part) in [('?', query), ('#', r.fragment)] {
        if let Some(p) = part {
            t.push(mark);
            t.push_str(p);
        }
    }
    Some(t)
}

/// `path` with each "%2F" (either case) read as "/", as Mojo::Path's `merge` and `parts` do
/// ("%2F will be treated as /"); every other percent-encoding is left for `canonicalize`, which
/// decodes once. A plain replacement is exact: a "%" that opens "%2F" cannot be the second or
/// third byte of another triplet, whose "%" is followed by two hex digits.
fn pct_2f_as_slash(path: &str) -> String {
    path.replace("%2F", "/").replace("%2f", "/")
}

fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|s| matches!(s, "." | ".." | "..."))
}

/// Mojo::Path's `canonicalize` on `path`'s parts (".", "..." removed; ".." removes the part
/// before it unless that is ".." or there is none), then written as `to_string` does.
fn canonicalize(path: &str) -> Option<String> {
    let decoded = path_decoded(path)?;
    let leading = decoded.starts_with('/');
    let body = decoded.strip_prefix('/').unwrap_or(&decoded);
    let trailing = body.ends_with('/');
    let body = body.strip_suffix('/').unwrap_or(body);
    // Mojo::Path reads "/" as a leading slash and no parts (`parts` is empty, `to_string` "/").
    let mut parts: Vec<&str> = if body.is_empty() && !trailing {
        Vec::new()
    } else {
        body.split('/').collect()
    };
    let mut i = 0;
    while i < parts.len() {
        let part = parts[i];
        if part.is_empty() || part == "." || part == "..." {
            // An empty part removed, or the last one (its trailing "/" lost): undocumented.
            let last = i + 1 == parts.len();
            if part.is_empty() && parts.len() != 1 || last && !trailing {
                return None;
            }
            parts.remove(i);
        } else if i < 1 || part != ".." || parts[i - 1] == ".." {
            i += 1;
        } else {
            if i + 1 == parts.len() && !trailing {
                return None;
            }
            parts.drain(i - 1..=i);
            i -= 1;
        }
    }
    let mut out = String::new();
    if leading {
        out.push('/');
    }
    out.push_str(
        &parts
            .iter()
            .map(|p| escaped(p))
            .collect::<Vec<_>>()
            .join("/"),
    );
    if trailing && !parts.is_empty() {
        out.push('/');
    }
    Some(out)
}

/// `path` percent-decoded and read as UTF-8 (`None` where it is not: what Mojo::Path does then
/// is not documented).
fn path_decoded(path: &str) -> Option<String> {
    String::from_utf8(super::pct_decode_bytes(path)).ok()
}

/// `path` decoded and each part written back escaped, as Mojo::Path's `to_string` writes
/// `parts`.
fn path_normalized(path: &str) -> Option<String> {
    let decoded = path_decoded(path)?;
    Some(
        decoded
            .split('/')
            .map(escaped)
            .collect::<Vec<_>>()
            .join("/"),
    )
}

/// A path part as Mojo::Path's `to_string` escapes it: UTF-8, every byte but
/// `A-Za-z0-9-._~!$&'()*+,;=:@` percent-encoded.
fn escaped(part: &str) -> String {
    super::pct_encoded(part.as_bytes(), |b| {
        b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&b)
    })
}

/// `s` as Mojo::URL's `parse` stores it: percent-decoded, read as UTF-8 where the bytes are,
/// else one character per byte (Mojo/URL.pm's `_decode`).
fn mojo_decoded(s: &str) -> String {
    match String::from_utf8(super::pct_decode_bytes(s)) {
        Ok(text) => text,
        Err(e) => e.into_bytes().into_iter().map(char::from).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::{canonicalize, ihost, mojo_decoded, to_abs};

    #[test]
    fn to_abs_follows_mojo_path() {
        // Each as perl -MMojo::URL answers it.
        let t = |b: &str, r: &str| to_abs(b.as_bytes(), r.as_bytes());
        assert_eq!(
            t("coap://w.edu/a%7Eb/%21%2F%3F%25x?q%7E=%20a+b#f", "").as_deref(),
            Some("coap://w.edu/a~b/!/%3F%25x?q%7E=%20a+b")
        );
        assert_eq!(
            t("file://m.d/../d;p/x?y", "a").as_deref(),
            Some("file://m.d/../d;p/a")
        );
        assert_eq!(
            t("https://w.co/?r", "..").as_deref(),
            Some("https://w.co/..")
        );
        assert_eq!(
            t("http://a/b/c", "../../x").as_deref(),
            Some("http://a/../x")
        );
        assert_eq!(
            t("http://a/b/c/d;p?q", "?").as_deref(),
            Some("http://a/b/c/d;p?q")
        );
        // An empty query is no query.
        assert_eq!(
            t("tel:2454;phone-context=example.com", "G?").as_deref(),
            Some("tel:G")
        );
        assert_eq!(t("file://?", "").as_deref(), Some("file://"));
        // A base path "/" is a leading slash and no parts.
        assert_eq!(t("https://h/", "?").as_deref(), Some("https://h/"));
        assert_eq!(t("https://h/", "#f").as_deref(), Some("https://h/#f"));
        assert_eq!(t("https://h", "?").as_deref(), Some("https://h"));
        assert_eq!(t("tel:a", "G?x").as_deref(), Some("tel:G?x"));
        // "%2F will be treated as /" by merge: the base's last part is the one after it.
        assert_eq!(t("file:///a%2Fb", "x").as_deref(), Some("file:///a/x"));
        assert_eq!(t("file:///a%2Fb/", "x").as_deref(), Some("file:///a/b/x"));
        assert_eq!(
            t("http://h/a%2fb%2Fc", "y/z").as_deref(),
            Some("http://h/a/b/y/z")
        );
        assert_eq!(
            t("http://h/a%2Fb%2Fc", "../x").as_deref(),
            Some("http://h/a/x")
        );
        assert_eq!(
            t("http://h/a/b", "x%2Fy").as_deref(),
            Some("http://h/a/x/y")
        );
        assert_eq!(
            t("http://h/a%2Fb", "x%2F").as_deref(),
            Some("http://h/a/x/")
        );
        assert_eq!(t("s:a%2Fb", "x").as_deref(), Some("s:a/x"));
        // "%25" is decoded once: "%252F" is no "/".
        assert_eq!(
            t("http://h/a%252Fb/c", "x").as_deref(),
            Some("http://h/a%252Fb/x")
        );
        // Not documented: the trailing "/" lost, an absolute path's dot-segments kept.
        assert_eq!(t("coap:/v1/v1/~u", "."), None);
        assert_eq!(t("s://c/~u", "/."), None);
        assert_eq!(canonicalize("/a//b"), None);
        assert_eq!(canonicalize("/a/./."), None);
    }

    #[test]
    fn ihost_writes_punycode_labels() {
        assert_eq!(ihost("\u{2603}.net").as_deref(), Some("xn--n3h.net"));
        assert_eq!(ihost("\u{ea}").as_deref(), Some("xn--bda"));
        assert_eq!(ihost("a.b").as_deref(), Some("a.b"));
    }

    #[test]
    fn utf8_is_decoded_and_other_bytes_are_one_character_each() {
        assert_eq!(mojo_decoded("%C3%A9%21"), "é!");
        assert_eq!(mojo_decoded("%AA"), "\u{aa}");
        assert_eq!(mojo_decoded("%zz"), "%zz");
    }
}
