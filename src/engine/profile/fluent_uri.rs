//! fluent-uri's documented deviations from RFC 3986 section 5 (rules owned by the library's name,
//! profile `rfc3986`). `UriRef::resolve_against`'s documentation lists them: the base "must not"
//! have a fragment; if the base "has a rootless path and no authority, then `self` must either
//! have a scheme, be empty, or start with '#'"; and, to close "loopholes in the original
//! algorithm", percent-encoded dot segments are removed too, a "/" is appended to a base that
//! ends with "..", dot segments are removed from an absolute base path used as the target's
//! path, and "/." is prepended to a target path that would start with "//" without an authority.
//! `Uri::normalize`'s documentation: "Turn any IPv6 literal address into its canonical form as
//! per RFC 5952", besides RFC 3986 6.2.2 and 6.2.3.

use super::Explains::Custom;
use uri_spec::{parse, remove_dot_segments, resolve};

use super::{Class, Evidence, Example, Reply, Rule};

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "fluent-uri",
        id: "fluent-uri/resolve-base-restricted",
        name: "a base with a fragment, or a relative reference against a rootless base without authority, is an error (resolve_against)",
        cites: "fluent-uri docs, UriRef::resolve_against",
        explains: Custom(refused),
        examples: &[
            // "base should not have fragment"
            Example::fires("resolve:g|http://a/b#f", Reply::Rejected),
            Example::off("resolve:g|http://a/b", Reply::Rejected),
        ],
    },
    Rule {
        profile: "fluent-uri",
        id: "fluent-uri/resolve-loopholes-closed",
        name: "resolution closes the algorithm's loopholes: encoded dot segments, a base ending in \"..\", dot segments of the base path (resolve_against)",
        cites: "fluent-uri docs, UriRef::resolve_against",
        explains: Custom(|e| {
            e.class == Class::Resolution
                && e.second.and_then(|base| loopholes_closed(base, e.input)).as_deref() == e.got
        }),
        examples: &[
            Example::fires("resolve:..|foo:/bar/baz/.%2E/", Reply::Text("foo:/")),
            Example::off("resolve:..|foo:/bar/baz/.%2E/", Reply::Text("foo:/bar/")),
        ],
    },
    Rule {
        profile: "fluent-uri",
        id: "fluent-uri/normalize-ipv6-rfc5952",
        name: "normalize writes an IPv6 literal in RFC 5952's canonical form (Uri::normalize)",
        cites: "fluent-uri docs, Uri::normalize (RFC 5952)",
        explains: Custom(|e| {
            let (Class::Normalization, Some(got)) = (e.class, e.got) else {
                return false;
            };
            let Ok(text) = std::str::from_utf8(e.input) else {
                return false;
            };
            let Some(host) = parse(e.input).ok().and_then(|c| c.host).map(|h| h.text) else {
                return false;
            };
            let Some(canonical) = super::ipv6_compressed(host) else {
                return false;
            };
            let top = |s: &str| uri_spec::normalize_scheme_based(s).ok();
            top(&text.replacen(host, &canonical, 1)).is_some_and(|w| top(got) == Some(w))
        }),
        examples: &[
            Example::fires("normalize://[::0]", Reply::Text("//[::]")),
            Example::off("normalize://[::0]", Reply::Text("//[0::]")),
        ],
    },
];

fn refused(e: &Evidence<'_>) -> bool {
    let (Class::TooStrict, Some(base)) = (e.class, e.second) else {
        return false;
    };
    let (Ok(b), Ok(r)) = (parse(base), parse(e.input)) else {
        return false;
    };
    // "Rootless" is `EStr::<Path>::is_rootless`: "not starting with '/'", the empty path too.
    let rootless = b.authority.is_none() && !b.path.unwrap_or("").starts_with('/');
    b.fragment.is_some()
        || (rootless && r.scheme.is_none() && !e.input.is_empty() && !e.input.starts_with(b"#"))
}

/// fluent-uri's reading of 5.2: RFC 3986's algorithm after the base and reference paths' dot
/// segments written with percent-encodings are decoded, with the changes its documentation lists.
fn loopholes_closed(base: &[u8], reference: &[u8]) -> Option<String> {
    let base = decode_dots(std::str::from_utf8(base).ok()?);
    let reference = decode_dots(std::str::from_utf8(reference).ok()?);
    let b = parse(base.as_bytes()).ok()?;
    let r = parse(reference.as_bytes()).ok()?;
    let mut base_path = b.path.unwrap_or("").to_owned();
    // A base ending with a double-dot segment gets a "/".
    if base_path.ends_with("/..") || base_path == ".." {
        base_path.push('/');
    }
    // An empty reference path takes the base path with its dot segments removed.
    let reference_empty =
        r.scheme.is_none() && r.authority.is_none() && r.path.is_none_or(str::is_empty);
    if reference_empty && base_path.starts_with('/') {
        base_path = remove_dot_segments(&base_path);
    }
    let mut rebuilt = String::new();
    if let Some(s) = b.scheme {
        rebuilt.push_str(s);
        rebuilt.push(':');
    }
    if let Some(a) = b.authority {
        rebuilt.push_str("//");
        rebuilt.push_str(a);
    }
    rebuilt.push_str(&base_path);
    if let Some(q) = b.query {
        rebuilt.push('?');
        rebuilt.push_str(q);
    }
    let mut target = resolve(rebuilt.as_bytes(), reference.as_bytes()).ok()?;
    // "/." before a path that would start with "//" without an authority.
    let t = parse(target.as_bytes()).ok()?;
    if t.authority.is_none() && t.path.is_some_and(|p| p.starts_with("//")) {
        let at = t.scheme.map_or(0, |s| s.len() + 1);
        target.insert_str(at, "/.");
    }
    Some(target)
}

/// Path segments that are dot segments written with percent-encodings ("%2E", ".%2e", ...),
/// as the dots they encode; nothing after the path is touched.
pub(super) fn decode_dots(s: &str) -> String {
    let end = s.find(['?', '#']).unwrap_or(s.len());
    let (path, rest) = s.split_at(end);
    let segments: Vec<String> = path
        .split('/')
        .map(|seg| {
            let decoded = seg.replace("%2E", ".").replace("%2e", ".");
            if decoded == "." || decoded == ".." {
                decoded
            } else {
                seg.to_owned()
            }
        })
        .collect();
    segments.join("/") + rest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_loopholes() {
        // The documentation's own examples.
        assert_eq!(
            loopholes_closed(b"foo:/bar/baz/.%2E/", b"..").as_deref(),
            Some("foo:/")
        );
        assert_eq!(
            loopholes_closed(b"foo:/bar/..", b".").as_deref(),
            Some("foo:/")
        );
        assert_eq!(loopholes_closed(b"foo:/.", b"").as_deref(), Some("foo:/"));
        assert_eq!(
            loopholes_closed(b"foo:/", b".//@@").as_deref(),
            Some("foo:/.//@@")
        );
        // Where nothing applies, RFC 3986's answer.
        assert_eq!(
            loopholes_closed(b"http://a/b/c/d;p?q", b"../g").as_deref(),
            Some("http://a/b/g")
        );
    }
}
