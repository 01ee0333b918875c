//! The steps of the editions' resolution procedures before RFC 3986 that are their own, each as
//! its document writes it; the one transform of [`crate::resolve`] takes them by the edition's
//! policy:
//!
//! - 1996 (`draft-ietf-url-syntax-00` section 5.2) and 1998 (`draft-fielding-uri-syntax-01` and
//!   `-02`, section 5.2): steps 1 to 7. 1996 appends the reference's query to the string buffer
//!   before the dot-segment steps (6c), so `g?y/../x` gives `http://a/b/c/x`; 1998's step 6 lies
//!   outside the diff of seed 000 and is taken from 1996 without its query steps (6c, 6h, 6i),
//!   since step 2 of both sides says the query is "defined as found (or not found) within the URI
//!   reference". Both keep `..` above the root (`http://a/../g`), and both treat an empty or
//!   fragment-only reference as "a reference to the current document".
//! - 2003 (`draft-fielding-uri-rfc2396bis-02` section 5.2): the pseudocode and its string-buffer
//!   merge steps 1 to 8.
//!
//! The buffer steps are string rewriting, quadratic as written ("performed iteratively, removing
//! the leftmost matching pattern on each iteration"); [`dot_segments_buffer`] gives the same
//! result in one pass over the segments, and the tests compare it with a literal transcription.

/// What the 2003 merge does with `..` segments left above the root (step 7: "the reference is
/// considered to be in error. Implementations may handle this error by removing them from the
/// resolved path (i.e., discarding relative levels above the root) or by avoiding traversal of
/// the reference").
///
/// # Examples
///
/// ```
/// use uri_spec::{Edition, LeftoverDotDot, Resolver};
/// let r = Resolver::new().edition(Edition::Rfc2396bis02);
/// assert_eq!(r.resolve("http://a/b/c/d;p?q", "../../../g").unwrap(), "http://a/g");
/// assert!(r.leftover_dot_dot(LeftoverDotDot::Error).resolve("http://a/b/c/d;p?q", "../../../g").is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeftoverDotDot {
    /// Discard them: what 2003's example table prints (`../../../g` gives `http://a/g`).
    #[default]
    Remove,
    /// Refuse the reference.
    Error,
}

/// Which reading of 2003 section 5.2 applies to a reference whose path begins with "/".
///
/// The pseudocode says `T.path = R.path` (no dot-segment removal), yet the document's own table
/// (5.4.2) says `/./g` gives `http://a/g`. The table is the default; the suites mark the case as
/// an erratum.
///
/// # Examples
///
/// ```
/// use uri_spec::{AbsolutePathReading, Edition, Resolver};
/// let r = Resolver::new().edition(Edition::Rfc2396bis02);
/// assert_eq!(r.resolve("http://a/b/c/d;p?q", "/./g").unwrap(), "http://a/g");
/// let literal = r.absolute_path_reading(AbsolutePathReading::Pseudocode);
/// assert_eq!(literal.resolve("http://a/b/c/d;p?q", "/./g").unwrap(), "http://a/./g");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AbsolutePathReading {
    /// Remove dot segments as the table's examples show.
    #[default]
    Table,
    /// Copy the path as the pseudocode says.
    Pseudocode,
}

/// A `..` was left above the root under [`LeftoverDotDot::Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AboveRoot;

/// The dot-segment steps of the string-buffer procedures (1996 6d-6g, 1998 6c-6f, 2003 merge
/// steps 4-7), in one pass:
///
/// - "All occurrences of "./", where "." is a complete path segment, are removed";
/// - "If the buffer string ends with "." as a complete path segment, that "." is removed";
/// - "All occurrences of "<segment>/../", where <segment> is a complete path segment not equal to
///   "..", are removed ... iteratively, removing the leftmost matching pattern on each
///   iteration";
/// - "If the buffer string ends with "<segment>/..", where <segment> is a complete path segment
///   not equal to "..", that "<segment>/.." is removed";
/// - with `leftover`, 2003's step 7 on `..` segments remaining at the start.
///
/// A "complete path segment" is read as a non-empty run between slashes (or the buffer's ends):
/// the empty segment before a leading "/" is the root, which `..` does not remove — the reading
/// under which all three documents' tables give `http://a/../g` or `http://a/g` for
/// `../../../g`. Leftmost iterative removal of `<segment>/../` pairs cancels like brackets, so a
/// stack of segments gives the same result.
pub(crate) fn dot_segments_buffer(
    buffer: &str,
    leftover: Option<LeftoverDotDot>,
) -> Result<String, AboveRoot> {
    let mut out: Vec<&str> = Vec::new();
    let mut segments = buffer.split('/').peekable();
    let removable = |top: Option<&&str>| top.is_some_and(|t| !t.is_empty() && *t != "..");
    while let Some(seg) = segments.next() {
        let last = segments.peek().is_none();
        match seg {
            // "./" removed; a final "." removed, its "/" kept.
            "." if !last => {}
            "." => out.push(""),
            ".." if removable(out.last()) => {
                out.pop();
                // A final "<segment>/.." leaves the "/" before it.
                if last {
                    out.push("");
                }
            }
            _ => out.push(seg),
        }
    }
    if let Some(policy) = leftover {
        // 2003 step 7: complete ".." segments at the start (after the root, if any).
        let first = usize::from(out.first() == Some(&""));
        let count = out.iter().skip(first).take_while(|s| **s == "..").count();
        if count > 0 {
            if policy == LeftoverDotDot::Error {
                return Err(AboveRoot);
            }
            let tail_was_dotdot = first + count == out.len();
            out.drain(first..first + count);
            if tail_was_dotdot {
                out.push("");
            }
        }
    }
    Ok(out.join("/"))
}

/// The 1996 and 1998 procedures' step 6 for a relative path `r_path` (or an empty one with a
/// query): the target's path, and with `query_in_buffer` (1996's steps 6c, 6h, 6i) its query
/// as read back from the buffer (`None`: no "?" in it).
pub(crate) fn buffer_1996(
    base_path: &str,
    r_path: &str,
    r_query: Option<&str>,
    query_in_buffer: bool,
) -> (String, Option<String>) {
    // "6) ... a) All but the last segment of the base URL's path component is copied to the
    //  buffer. b) The reference's path component is appended to the buffer string."
    let keep = base_path.rfind('/').map_or(0, |i| i + 1);
    let mut buffer =
        String::with_capacity(keep + r_path.len() + r_query.map_or(0, |q| q.len() + 1));
    buffer.push_str(base_path.get(..keep).unwrap_or_default());
    buffer.push_str(r_path);
    // "c) If the reference's query component is defined, then a "?" character is appended to the
    //  buffer string, followed by the query component." (1996 only.)
    if query_in_buffer && let Some(q) = r_query {
        buffer.push('?');
        buffer.push_str(q);
    }
    // d) to g): the dot segments; `..` above the root stays.
    let buffer = dot_segments_buffer(&buffer, None).unwrap_or_default();
    if !query_in_buffer {
        return (buffer, None);
    }
    // "h) If the buffer string contains a question-mark "?" character, then the reference URL's
    //  query component is the substring after the first (left-most) question-mark. Otherwise,
    //  the reference URL's query component is set undefined.
    //  i) The reference URL's new path component is the buffer string up to, but not including,
    //  the first question-mark character or the end of the buffer string."
    match buffer.split_once('?') {
        Some((p, q)) => (p.to_owned(), Some(q.to_owned())),
        None => (buffer, None),
    }
}

/// 2003's merge, steps 1 to 8.
pub(crate) fn merge_2003(
    base_path: &str,
    r_path: &str,
    leftover: LeftoverDotDot,
) -> Result<String, AboveRoot> {
    let mut buffer = String::with_capacity(base_path.len() + r_path.len() + 1);
    if base_path.is_empty() {
        // "If the base URI's path component is the empty string, then a single slash character
        //  ("/") is copied to the buffer."
        buffer.push('/');
    } else {
        // "All but the last segment of the base URI's path component is copied to the buffer."
        let keep = base_path.rfind('/').map_or(0, |i| i + 1);
        buffer.push_str(base_path.get(..keep).unwrap_or_default());
    }
    // "The reference's path component is appended to the buffer string."
    buffer.push_str(r_path);
    // Steps 4 to 7, then "The remaining buffer string is the target URI's path component."
    dot_segments_buffer(&buffer, Some(leftover))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A complete path segment at `buffer[start..end]`: non-empty, bounded by "/" or the ends.
    fn complete(buffer: &str, start: usize, end: usize) -> bool {
        start < end
            && (start == 0 || buffer.as_bytes()[start - 1] == b'/')
            && (end == buffer.len() || buffer.as_bytes()[end] == b'/')
    }

    /// The documents' buffer steps transcribed literally, rewriting the string: quadratic.
    fn literal(buffer: &str, leftover: Option<LeftoverDotDot>) -> Result<String, AboveRoot> {
        let mut b = buffer.to_owned();
        // "All occurrences of "./", where "." is a complete path segment, are removed."
        loop {
            let found = (0..b.len()).find(|&i| b[i..].starts_with("./") && complete(&b, i, i + 1));
            match found {
                Some(i) => b.replace_range(i..i + 2, ""),
                None => break,
            }
        }
        // "If the buffer string ends with "." as a complete path segment, that "." is removed."
        if b.ends_with('.') && complete(&b, b.len() - 1, b.len()) {
            b.pop();
        }
        // "All occurrences of "<segment>/../" ... removing the leftmost matching pattern on each
        // iteration, until no matching pattern remains."
        loop {
            let found = (0..b.len()).find_map(|i| {
                let end = i + b[i..].find('/')?;
                let seg = &b[i..end];
                (complete(&b, i, end) && seg != ".." && b[end..].starts_with("/../"))
                    .then_some((i, end + 4))
            });
            match found {
                Some((i, j)) => b.replace_range(i..j, ""),
                None => break,
            }
        }
        // "If the buffer string ends with "<segment>/..", ... that "<segment>/.." is removed."
        if let Some(stem) = b.strip_suffix("/..") {
            let start = stem.rfind('/').map_or(0, |i| i + 1);
            if complete(&b, start, stem.len()) && &stem[start..] != ".." {
                b.truncate(start);
            }
        }
        // 2003 step 7.
        if let Some(policy) = leftover {
            let root = b.starts_with('/');
            let mut rest = if root { &b[1..] } else { &b[..] };
            let mut removed = false;
            while rest == ".." || rest.starts_with("../") {
                removed = true;
                rest = rest.get(3..).unwrap_or("");
            }
            if removed {
                if policy == LeftoverDotDot::Error {
                    return Err(AboveRoot);
                }
                b = format!("{}{rest}", if root { "/" } else { "" });
            }
        }
        Ok(b)
    }

    #[test]
    fn one_pass_agrees_with_the_literal_steps_on_every_short_buffer() {
        let alphabet = ["/", ".", "a", "..", "?"];
        let mut buffers = vec![String::new()];
        for _ in 0..6 {
            let next: Vec<String> = buffers
                .iter()
                .flat_map(|p| alphabet.iter().map(move |s| format!("{p}{s}")))
                .collect();
            for b in &next {
                for leftover in [
                    None,
                    Some(LeftoverDotDot::Remove),
                    Some(LeftoverDotDot::Error),
                ] {
                    assert_eq!(
                        dot_segments_buffer(b, leftover),
                        literal(b, leftover),
                        "{b:?} {leftover:?}"
                    );
                }
            }
            buffers = next;
        }
    }

    #[test]
    fn long_buffers_stay_linear_in_effect() {
        let buffer = "/a".repeat(50_000) + &"/..".repeat(60_000) + "/g";
        assert_eq!(
            dot_segments_buffer(&buffer, None).unwrap(),
            "/..".repeat(10_000) + "/g"
        );
        assert_eq!(
            dot_segments_buffer(&buffer, Some(LeftoverDotDot::Remove)).unwrap(),
            "/g"
        );
    }
}
