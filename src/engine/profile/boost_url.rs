//! Rules of Boost.URL (`cpp-boost-url`, profile `rfc3986`), each from its documentation
//! (Boost 1.81's Boost.URL reference, the comments of `boost/url/url_base.hpp` as Debian 12's
//! libboost-url1.81-dev installs them). Everything else the comparison finds is read as a
//! deviation from RFC 3986, which that documentation claims:
//! - `url_base::normalize` "Applies Syntax-based normalization to all components of the URL",
//!   and `normalize_path`'s part of it says "Redundant path-segments are removed" (the current
//!   reference, boost.org `url_base::normalize_path`: "Redundant path-segments "." and ".."
//!   are removed"), with no exception for a relative reference, where RFC 3986 6.2.2.3 removes
//!   dot segments only from a URI's path: `.` and `a/..` normalize to the empty reference, and a
//!   leading `..`, which names no segment to remove, is kept (`a/../..` gives `..`);
//! - `resolve` (boost.org, `boost::urls::resolve`): "The resolution process works as if the
//!   relative reference is appended to the base URI and the result is normalized", its steps
//!   ending "Normalize the merged path": the target's path has its percent-encodings
//!   uppercased and its unreserved ones decoded (`%cd` against `http://a/b/c/d;p?q` gives
//!   `http://a/b/c/%CD`, run here), as `normalize_path` says.

use super::Explains::Custom;
use super::{Example, Reply, Rule};
use crate::engine::Class;

/// The rules of this table.
pub(super) const RULES: &[Rule] = &[
    Rule {
        profile: "cpp-boost-url",
        id: "cpp-boost-url/normalize-relative-dot-segments",
        name: "normalize removes the redundant \".\" and \"..\" segments of a relative path too, a leading \"..\" kept (url_base::normalize_path: \"Redundant path-segments are removed\")",
        cites: "Boost.URL reference, url_base::normalize_path (boost/url/url_base.hpp)",
        explains: Custom(|e| {
            let (Class::Normalization, Some(spec), Some(got)) = (e.class, e.reference, e.got)
            else {
                return false;
            };
            // Boost works on the input's path (its triplets normalized first, so `%2E` is a
            // dot), where the reference keeps the dot segments whose removal would change
            // the reference (`.` stays `.`); the query and fragment are normalized alike.
            let (Ok(input), Ok(spec)) = (uri_spec::parse(e.input), uri_spec::parse(spec.as_bytes()))
            else {
                return false;
            };
            let path = uri_spec::percent_encoding_normalize(input.path.unwrap_or(""), false);
            let written = uri_spec::recompose(input.scheme, input.authority, &path, spec.query, spec.fragment);
            relative_dots_removed(&written).as_deref() == Some(got)
        }),
        examples: &[
            // Boost 1.81 (run here): normalize of `.`, `a/..` and `%2E` gives "", of `./?q` gives `?q`, of
            // `a/../..` gives `..`; the reference keeps them.
            Example::fires("normalize:.", Reply::Text("")),
            Example::fires("normalize:a/..", Reply::Text("")),
            Example::fires("normalize:%2E", Reply::Text("")),
            Example::fires("normalize:./?q", Reply::Text("?q")),
            Example::fires("normalize:a/../..", Reply::Text("..")),
            // A leading ".." dropped, a segment left before the "..", the query lost.
            Example::off("normalize:a/../..", Reply::Text("")),
            Example::off("normalize:a/..", Reply::Text("a")),
            Example::off("normalize:./?q", Reply::Text("")),
        ],
    },
    Rule {
        profile: "cpp-boost-url",
        id: "cpp-boost-url/resolve-path-normalized",
        name: "resolve normalizes the target's path, percent-encodings uppercased and unreserved ones decoded (resolve: \"Normalize the merged path\"; normalize_path: \"Percent-encoding triplets are normalized to uppercase letters\")",
        cites: "Boost.URL reference, boost::urls::resolve and url_base::normalize_path",
        explains: Custom(|e| {
            let (Class::Resolution, Some(spec), Some(got)) = (e.class, e.reference, e.got) else {
                return false;
            };
            path_normalized(spec).is_some_and(|t| t == got)
        }),
        examples: &[
            // Boost 1.81 (run here): `%cd` against `http://a/b/c/d;p?q` is `http://a/b/c/%CD`, and `` against
            // `http://a/%7e/%aa` is `http://a/~/%AA`.
            Example::fires("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%CD")),
            Example::fires("resolve:|http://a/%7e/%aa", Reply::Text("http://a/~/%AA")),
            // Half the triplet uppercased, or `%2f` decoded to a "/" (which Boost does, undocumented).
            Example::off("resolve:%cd|http://a/b/c/d;p?q", Reply::Text("http://a/b/c/%Cd")),
            Example::off("resolve:%2f|http://a/b/c/d;p?q", Reply::Text("http://a/b/c//")),
        ],
    },
];

/// `target` with its path as `normalize_path` documents it: "Percent-encoding triplets are
/// normalized to uppercase letters. Percent-encoded octets that correspond to unreserved
/// characters are decoded" (RFC 3986 6.2.2.1 and 6.2.2.2), then its dot segments removed
/// (RFC 3986 5.2.4, for a path that begins with "/"). `None` when that changes nothing.
fn path_normalized(target: &str) -> Option<String> {
    let c = uri_spec::parse(target.as_bytes()).ok()?;
    let path = c.path.unwrap_or("");
    let mut normalized = uri_spec::percent_encoding_normalize(path, false);
    if normalized.starts_with('/') {
        normalized = uri_spec::remove_dot_segments(&normalized);
    }
    (normalized != path)
        .then(|| uri_spec::recompose(c.scheme, c.authority, &normalized, c.query, c.fragment))
}

/// `reference`, a relative-path reference (no scheme, no authority, a path not beginning with
/// "/"), with its "." segments dropped and each ".." dropped with the segment before it, a
/// ".." with none before it kept; a path ending in a dropped dot segment keeps its final "/"
/// (RFC 3986 5.2.4's output for the same path). `None` for any other reference, or one whose
/// path has no dot segment.
fn relative_dots_removed(reference: &str) -> Option<String> {
    let c = uri_spec::parse(reference.as_bytes()).ok()?;
    let path = c.path.unwrap_or("");
    if c.scheme.is_some() || c.authority.is_some() || path.starts_with('/') {
        return None;
    }
    let segments: Vec<&str> = path.split('/').collect();
    if !segments.iter().any(|s| matches!(*s, "." | "..")) {
        return None;
    }
    let mut out: Vec<&str> = Vec::new();
    let last = segments.len() - 1;
    for (i, &segment) in segments.iter().enumerate() {
        let dropped = match segment {
            "." => true,
            ".." if out.last().is_some_and(|s| *s != "..") => {
                out.pop();
                true
            }
            s => {
                out.push(s);
                false
            }
        };
        if dropped && i == last && !out.is_empty() {
            out.push("");
        }
    }
    Some(uri_spec::recompose(
        None,
        None,
        &out.join("/"),
        c.query,
        c.fragment,
    ))
}

#[cfg(test)]
mod tests {
    use super::{path_normalized, relative_dots_removed};

    #[test]
    fn a_resolved_path_is_normalized_as_boost_url_resolves() {
        // Each answer run with Boost 1.81's resolve against `http://a/b/c/d;p?q`.
        assert_eq!(
            path_normalized("http://a/b/c/%cd").as_deref(),
            Some("http://a/b/c/%CD")
        );
        assert_eq!(
            path_normalized("http://a/b/c/%41").as_deref(),
            Some("http://a/b/c/A")
        );
        assert_eq!(
            path_normalized("http://a/b/c/x/%2e%2e/y").as_deref(),
            Some("http://a/b/c/y")
        );
        // Only the path: the query and fragment stay as written.
        assert_eq!(path_normalized("http://a/b/c/d;p?%cd#%cd"), None);
        // A reserved character's encoding is not decoded (Boost decodes `%2f`: no rule of it).
        assert_eq!(
            path_normalized("http://a/b/c/%2f").as_deref(),
            Some("http://a/b/c/%2F")
        );
    }

    #[test]
    fn relative_dot_segments_go_as_boost_url_normalizes_them() {
        // Each answer run with Boost 1.81's url::normalize on the reference.
        for (reference, normalized) in [
            (".", ""),
            ("./", ""),
            ("a/..", ""),
            ("a/../", ""),
            ("./a", "a"),
            ("..", ".."),
            ("../a", "../a"),
            ("a/../..", ".."),
            ("a/./b", "a/b"),
            ("a/b/..", "a/"),
            (".?q", "?q"),
            (".#f", "#f"),
            ("./..", ".."),
            (".././a", "../a"),
        ] {
            let got = relative_dots_removed(reference).unwrap_or_else(|| reference.to_owned());
            assert_eq!(got, normalized, "{reference}");
        }
    }

    #[test]
    fn only_a_relative_path_reference_is_read() {
        assert_eq!(relative_dots_removed("/a/.."), None);
        assert_eq!(relative_dots_removed("x:a/.."), None);
        assert_eq!(relative_dots_removed("//h/."), None);
        assert_eq!(relative_dots_removed("a/b"), None);
    }
}
