//! Reference resolution as printed in Section 5.2 of [RFC 3986], transcribed literally over
//! the components of the Appendix B expression: the pseudocode of 5.2.2 (strict), `merge` of
//! 5.2.3, the input- and output-buffer loop of 5.2.4 (steps A to E, in order), and the
//! recomposition of 5.3.
//!
//! It is the second reading that the resolve fuzz target compares the spec crate with: no
//! validation (the expression splits any string), no shortcut, the document's variable names.
//! Each step is O(length) work in total: the input buffer is read from an index, and a
//! replaced prefix is written over its own last byte, so nothing is copied twice.
//!
//! [RFC 3986]: https://datatracker.ietf.org/doc/html/rfc3986#section-5.2

use crate::appendix_b;

/// Components as 5.2.2 names them (`None` is undefined).
struct Parts<'a> {
    scheme: Option<&'a [u8]>,
    authority: Option<&'a [u8]>,
    path: &'a [u8],
    query: Option<&'a [u8]>,
    fragment: Option<&'a [u8]>,
}

/// Splits any string by the Appendix B expression ("the following line is the regular
/// expression for breaking-down a well-formed URI reference into its components").
fn split(s: &[u8]) -> Parts<'_> {
    let g = appendix_b::captures(s);
    Parts {
        scheme: g.get(1).and(g.get(2)),
        authority: g.get(3).and(g.get(4)),
        path: g.get(5).unwrap_or_default(),
        query: g.get(6).and(g.get(7)),
        fragment: g.get(8).and(g.get(9)),
    }
}

/// The target URI of `reference` against `base` by Section 5.2.2 of RFC 3986 (strict), or
/// `None` when the base has no scheme (5.2.1: "the base URI ... must be ... an absolute URI";
/// only its scheme is checked, nothing else is validated).
///
/// # Examples
///
/// The examples of Section 5.4:
///
/// ```
/// use uri_oracle::resolution::resolve;
///
/// let base = b"http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, b"../g").as_deref(), Some(&b"http://a/b/g"[..]));
/// assert_eq!(resolve(base, b"?y").as_deref(), Some(&b"http://a/b/c/d;p?y"[..]));
/// assert_eq!(resolve(base, b"../../../g").as_deref(), Some(&b"http://a/g"[..]));
/// assert_eq!(resolve(base, b"g;x=1/../y").as_deref(), Some(&b"http://a/b/c/y"[..]));
/// assert_eq!(resolve(b"no/scheme", b"g"), None);
/// ```
pub fn resolve(base: &[u8], reference: &[u8]) -> Option<Vec<u8>> {
    let base = split(base);
    base.scheme?;
    let r = split(reference);
    let (t_scheme, t_authority, t_path, t_query);
    // "if defined(R.scheme) then"
    if r.scheme.is_some() {
        t_scheme = r.scheme;
        t_authority = r.authority;
        t_path = remove_dot_segments(r.path);
        t_query = r.query;
    } else {
        // "if defined(R.authority) then"
        if r.authority.is_some() {
            t_authority = r.authority;
            t_path = remove_dot_segments(r.path);
            t_query = r.query;
        } else {
            // "if (R.path == "") then"
            if r.path.is_empty() {
                t_path = base.path.to_vec();
                // "if defined(R.query) then T.query = R.query; else T.query = Base.query;"
                t_query = if r.query.is_some() {
                    r.query
                } else {
                    base.query
                };
            } else {
                // "if (R.path starts-with "/") then"
                if r.path.starts_with(b"/") {
                    t_path = remove_dot_segments(r.path);
                } else {
                    t_path = remove_dot_segments(&merge(&base, r.path));
                }
                t_query = r.query;
            }
            t_authority = base.authority;
        }
        t_scheme = base.scheme;
    }
    let t_fragment = r.fragment;
    Some(recompose(
        t_scheme,
        t_authority,
        &t_path,
        t_query,
        t_fragment,
    ))
}

/// Section 5.2.3, "Merge Paths".
fn merge(base: &Parts<'_>, r_path: &[u8]) -> Vec<u8> {
    // "If the base URI has a defined authority component and an empty path, then return a
    // string consisting of "/" concatenated with the reference's path;"
    if base.authority.is_some() && base.path.is_empty() {
        return [b"/", r_path].concat();
    }
    // "otherwise, return a string consisting of the reference's path component appended to
    // all but the last segment of the base URI's path (i.e., excluding any characters after
    // the right-most "/" in the base URI path, or excluding the entire base URI path if it
    // does not contain any "/" characters)."
    let keep = base
        .path
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |i| i + 1);
    [base.path.get(..keep).unwrap_or_default(), r_path].concat()
}

/// Section 5.2.4, "Remove Dot Segments", as the loop over two buffers that it prints.
///
/// # Examples
///
/// The two worked examples of 5.2.4:
///
/// ```
/// use uri_oracle::resolution::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
/// assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
/// ```
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    // "1. The input buffer is initialized with the now-appended path components and the output
    // buffer is initialized to the empty string." The input buffer is `input[i..]`.
    let mut input = path.to_vec();
    let mut i = 0;
    let mut output: Vec<u8> = Vec::new();
    // "2. While the input buffer is not empty, loop as follows:"
    while let Some(rest) = input.get(i..).filter(|r| !r.is_empty()) {
        // "A. If the input buffer begins with a prefix of "../" or "./", then remove that
        // prefix from the input buffer; otherwise,"
        if rest.starts_with(b"../") {
            i += 3;
        } else if rest.starts_with(b"./") {
            i += 2;
        }
        // "B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a
        // complete path segment, then replace that prefix with "/"; otherwise,"
        else if rest.starts_with(b"/./") {
            i = replace_with_slash(&mut input, i, 3);
        } else if rest == b"/." {
            i = replace_with_slash(&mut input, i, 2);
        }
        // "C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
        // complete path segment, then replace that prefix with "/" and remove the last segment
        // and its preceding "/" (if any) from the output buffer; otherwise,"
        else if rest.starts_with(b"/../") || rest == b"/.." {
            let len = if rest == b"/.." { 3 } else { 4 };
            i = replace_with_slash(&mut input, i, len);
            let cut = output.iter().rposition(|&b| b == b'/').unwrap_or(0);
            output.truncate(cut);
        }
        // "D. if the input buffer consists only of "." or "..", then remove that from the
        // input buffer; otherwise,"
        else if rest == b"." || rest == b".." {
            i = input.len();
        }
        // "E. move the first path segment in the input buffer to the end of the output
        // buffer, including the initial "/" character (if any) and any subsequent characters
        // up to, but not including, the next "/" character or the end of the input buffer."
        else {
            let start = usize::from(rest.first() == Some(&b'/'));
            let len = rest
                .iter()
                .skip(start)
                .position(|&b| b == b'/')
                .map_or(rest.len(), |p| p + start);
            output.extend_from_slice(rest.get(..len).unwrap_or(rest));
            i += len;
        }
    }
    // "3. Finally, the output buffer is returned as the result of remove_dot_segments."
    output
}

/// Replaces the `len`-byte prefix of `input[i..]` with "/" by writing "/" over its last byte;
/// returns the new start of the buffer.
fn replace_with_slash(input: &mut [u8], i: usize, len: usize) -> usize {
    let last = i + len - 1;
    if let Some(b) = input.get_mut(last) {
        *b = b'/';
    }
    last
}

/// Section 5.3, "Component Recomposition".
fn recompose(
    scheme: Option<&[u8]>,
    authority: Option<&[u8]>,
    path: &[u8],
    query: Option<&[u8]>,
    fragment: Option<&[u8]>,
) -> Vec<u8> {
    let mut result = Vec::new();
    if let Some(s) = scheme {
        result.extend_from_slice(s);
        result.push(b':');
    }
    if let Some(a) = authority {
        result.extend_from_slice(b"//");
        result.extend_from_slice(a);
    }
    result.extend_from_slice(path);
    if let Some(q) = query {
        result.push(b'?');
        result.extend_from_slice(q);
    }
    if let Some(f) = fragment {
        result.push(b'#');
        result.extend_from_slice(f);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every example of Section 5.4 (5.4.1 normal, 5.4.2 abnormal, strict).
    #[test]
    fn the_examples_of_section_5_4() {
        let base = b"http://a/b/c/d;p?q";
        let cases: &[(&str, &str)] = &[
            ("g:h", "g:h"),
            ("g", "http://a/b/c/g"),
            ("./g", "http://a/b/c/g"),
            ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"),
            ("g#s", "http://a/b/c/g#s"),
            ("g?y#s", "http://a/b/c/g?y#s"),
            (";x", "http://a/b/c/;x"),
            ("g;x", "http://a/b/c/g;x"),
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("", "http://a/b/c/d;p?q"),
            (".", "http://a/b/c/"),
            ("./", "http://a/b/c/"),
            ("..", "http://a/b/"),
            ("../", "http://a/b/"),
            ("../g", "http://a/b/g"),
            ("../..", "http://a/"),
            ("../../", "http://a/"),
            ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"),
            ("../../../../g", "http://a/g"),
            ("/./g", "http://a/g"),
            ("/../g", "http://a/g"),
            ("g.", "http://a/b/c/g."),
            (".g", "http://a/b/c/.g"),
            ("g..", "http://a/b/c/g.."),
            ("..g", "http://a/b/c/..g"),
            ("./../g", "http://a/b/g"),
            ("./g/.", "http://a/b/c/g/"),
            ("g/./h", "http://a/b/c/g/h"),
            ("g/../h", "http://a/b/c/h"),
            ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
            ("g;x=1/../y", "http://a/b/c/y"),
            ("g?y/./x", "http://a/b/c/g?y/./x"),
            ("g?y/../x", "http://a/b/c/g?y/../x"),
            ("g#s/./x", "http://a/b/c/g#s/./x"),
            ("g#s/../x", "http://a/b/c/g#s/../x"),
            ("http:g", "http:g"),
        ];
        for (r, t) in cases {
            let got = resolve(base, r.as_bytes()).unwrap_or_default();
            assert_eq!(String::from_utf8_lossy(&got), *t, "{r}");
        }
    }

    #[test]
    fn merge_with_an_empty_base_path() {
        assert_eq!(
            resolve(b"http://a", b"g").unwrap_or_default(),
            b"http://a/g"
        );
        assert_eq!(resolve(b"foo:", b"g").unwrap_or_default(), b"foo:g");
        assert_eq!(resolve(b"foo:a", b"g").unwrap_or_default(), b"foo:g");
    }

    #[test]
    fn dot_segment_buffer_steps() {
        for (input, output) in [
            ("", ""),
            ("/..", "/"),
            ("/.", "/"),
            ("..", ""),
            ("../a", "a"),
            ("a/..", "/"),
            ("/a/b/../../..", "/"),
            ("//..//.", "//"),
            ("/a/./b/.", "/a/b/"),
            ("....", "...."),
        ] {
            assert_eq!(
                String::from_utf8_lossy(&remove_dot_segments(input.as_bytes())),
                output,
                "{input}"
            );
        }
    }

    #[test]
    fn long_inputs_take_linear_work() {
        // Thousands of "../" and "a/" take one pass; a quadratic loop would show here in a
        // debug build as seconds, not milliseconds (no timing asserted: the result is).
        let mut p = "a/".repeat(5000);
        p.push_str(&"../".repeat(4000));
        let out = remove_dot_segments(p.as_bytes());
        assert!(out == "a/".repeat(1000).as_bytes(), "{} bytes", out.len());
    }
}
