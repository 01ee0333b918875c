//! Reference resolution: RFC 3986 section 5.2 (5.2.1 pre-parse, 5.2.2 transform references,
//! 5.2.3 merge paths, 5.2.4 remove dot segments), strict and non-strict.
//!
//! `remove_dot_segments` is written as a single left-to-right pass over the input buffer with the
//! output buffer used as a stack of segments: each input byte is moved at most once and each
//! output byte is removed at most once, so the time is linear in the path's length, where the
//! document's string rewriting is quadratic as written.

use crate::components::Components;
use crate::edition::Edition;
use crate::error::{ParseError, ParseErrorKind};
use crate::parse::Parser;
use crate::resolve_editions::{
    buffer_1996, dot_segments_buffer, merge_2003, AboveRoot, AbsolutePathReading, LeftoverDotDot,
};
use crate::syntax::Resolution;

/// Why a reference could not be resolved.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// The base is not a valid URI: `resolve("http://a b", "g")`.
    #[error("invalid base: {0}")]
    Base(ParseError),
    /// The reference is not a valid URI-reference: `resolve("http://a/", "%zz")`.
    #[error("invalid reference: {0}")]
    Reference(ParseError),
    /// A `..` was left above the root and the 2003 procedure was asked to refuse it
    /// ([`LeftoverDotDot::Error`]).
    #[error("the reference goes above the root (\"..\" left over, 2003 section 5.2 step 7)")]
    AboveRoot,
    /// The edition defines no relative references (draft-ietf-uri-url-06).
    #[error("{0} defines no relative references")]
    NoRelativeReferences(Edition),
}

/// Resolves `reference` against `base` by RFC 3986 section 5.2, strictly.
///
/// # Errors
///
/// [`ResolveError`] when the base is not a `URI` (it must have a scheme, section 5.1; a fragment
/// is ignored, 5.2.1) or the reference is not a `URI-reference`.
///
/// # Examples
///
/// ```
/// // Section 5.4.1
/// assert_eq!(uri_spec::resolve("http://a/b/c/d;p?q", "g;x?y#s").unwrap(), "http://a/b/c/g;x?y#s");
/// assert_eq!(uri_spec::resolve("http://a/b/c/d;p?q", "../../../g").unwrap(), "http://a/g");
/// ```
pub fn resolve(
    base: impl AsRef<[u8]>,
    reference: impl AsRef<[u8]>,
) -> Result<String, ResolveError> {
    Resolver::new().resolve(base, reference)
}

/// A configured resolver: the edition, and strict or non-strict reading of section 5.2.2.
///
/// # Examples
///
/// ```
/// use uri_spec::Resolver;
///
/// // Section 5.4.2: "http:g" is "http:g" for strict parsers, "http://a/b/c/g" for the others.
/// let base = "http://a/b/c/d;p?q";
/// assert_eq!(Resolver::new().resolve(base, "http:g").unwrap(), "http:g");
/// assert_eq!(Resolver::new().strict(false).resolve(base, "http:g").unwrap(), "http://a/b/c/g");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resolver {
    edition: Edition,
    strict: bool,
    leftover: LeftoverDotDot,
    reading: AbsolutePathReading,
}

impl Default for Resolver {
    fn default() -> Self {
        Resolver {
            edition: Edition::Rfc3986,
            strict: true,
            leftover: LeftoverDotDot::Remove,
            reading: AbsolutePathReading::Table,
        }
    }
}

impl Resolver {
    /// A strict RFC 3986 resolver.
    pub fn new() -> Resolver {
        Resolver::default()
    }

    /// Sets the edition whose procedure applies.
    pub fn edition(mut self, edition: Edition) -> Resolver {
        self.edition = edition;
        self
    }

    /// Strict (the default) or the backward-compatible reading of section 5.2.2, which ignores a
    /// reference's scheme when it equals the base's.
    pub fn strict(mut self, strict: bool) -> Resolver {
        self.strict = strict;
        self
    }

    /// 2003 only: what to do with `..` left above the root (default: remove, as its table).
    pub fn leftover_dot_dot(mut self, leftover: LeftoverDotDot) -> Resolver {
        self.leftover = leftover;
        self
    }

    /// 2003 only: the table's or the pseudocode's reading of a reference beginning with "/".
    pub fn absolute_path_reading(mut self, reading: AbsolutePathReading) -> Resolver {
        self.reading = reading;
        self
    }

    /// Resolves `reference` against `base`.
    ///
    /// To resolve many references against one base, parse the base once with
    /// [`Resolver::base`].
    ///
    /// # Errors
    ///
    /// See [`resolve`].
    pub fn resolve(
        &self,
        base: impl AsRef<[u8]>,
        reference: impl AsRef<[u8]>,
    ) -> Result<String, ResolveError> {
        self.base(base.as_ref())?.resolve(reference)
    }

    /// Parses `base` once, for resolving any number of references against it.
    ///
    /// # Errors
    ///
    /// [`ResolveError::Base`] when `base` is not a reference with a scheme (section 5.1; a
    /// fragment is ignored, 5.2.1), [`ResolveError::NoRelativeReferences`] under
    /// draft-ietf-uri-url-06.
    ///
    /// # Examples
    ///
    /// ```
    /// let base = uri_spec::Resolver::new().base(b"http://a/b/c/d;p?q").unwrap();
    /// assert_eq!(base.resolve("g").unwrap(), "http://a/b/c/g");
    /// assert_eq!(base.resolve("../g").unwrap(), "http://a/b/g");
    /// assert!(uri_spec::Resolver::new().base(b"/no/scheme").is_err());
    /// ```
    pub fn base<'a>(&self, base: &'a [u8]) -> Result<Base<'a>, ResolveError> {
        if self.edition.syntax().resolution == Resolution::Undefined {
            return Err(ResolveError::NoRelativeReferences(self.edition));
        }
        // Section 5.2.1: "the base URI must be ... of the form absolute-URI"; "If the base URI is
        // obtained from a URI reference, then that reference must be converted to absolute form
        // and stripped of any fragment component prior to its use as a base URI." We accept a
        // reference with a scheme and ignore its fragment (every edition: "only the scheme
        // component is required to be present in the base").
        let components = Parser::new()
            .edition(self.edition)
            .parse(base)
            .map_err(ResolveError::Base)?;
        if components.scheme.is_none() {
            return Err(ResolveError::Base(ParseError::new(
                0,
                ParseErrorKind::MissingScheme,
                "scheme",
            )));
        }
        Ok(Base {
            resolver: *self,
            components,
        })
    }
}

/// A base URI parsed once, with the settings of the [`Resolver`] that parsed it: resolves
/// references against it without reading the base again.
///
/// # Examples
///
/// ```
/// use uri_spec::{Edition, Resolver};
///
/// // Section 5.4.1's base, under RFC 3986 and under 1996's procedure.
/// let base = Resolver::new().base(b"http://a/b/c/d;p?q").unwrap();
/// assert_eq!(base.resolve("g?y").unwrap(), "http://a/b/c/g?y");
/// let base_1996 = Resolver::new().edition(Edition::UrlSyntax00).base(b"http://a/b/c/d;p?q").unwrap();
/// assert_eq!(base_1996.resolve("../../../g").unwrap(), "http://a/../g");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Base<'a> {
    resolver: Resolver,
    components: Components<'a>,
}

impl<'a> Base<'a> {
    /// The base's components.
    ///
    /// ```
    /// let base = uri_spec::Resolver::new().base(b"http://a/b").unwrap();
    /// assert_eq!(base.components().path, Some("/b"));
    /// ```
    pub fn components(&self) -> &Components<'a> {
        &self.components
    }

    /// Resolves `reference` against this base.
    ///
    /// # Errors
    ///
    /// [`ResolveError::Reference`] when the reference is not a `URI-reference` of the edition;
    /// [`ResolveError::AboveRoot`] under 2003 with [`LeftoverDotDot::Error`].
    pub fn resolve(&self, reference: impl AsRef<[u8]>) -> Result<String, ResolveError> {
        let edition = self.resolver.edition;
        let r = Parser::new()
            .edition(edition)
            .parse(reference.as_ref())
            .map_err(ResolveError::Reference)?;
        let base = &self.components;
        let resolution = edition.syntax().resolution;
        match resolution {
            Resolution::Undefined => Err(ResolveError::NoRelativeReferences(edition)),
            Resolution::Url1996 | Resolution::Uri1998 => {
                let query_in_buffer = resolution == Resolution::Url1996;
                transform(base, &r, true, PathPolicy::Url1996 { query_in_buffer })
                    .map_err(|AboveRoot| ResolveError::AboveRoot)
            }
            Resolution::Rfc2396bis => {
                let policy = PathPolicy::Rfc2396bis(self.resolver.leftover, self.resolver.reading);
                transform(base, &r, self.resolver.strict, policy)
                    .map_err(|AboveRoot| ResolveError::AboveRoot)
            }
            Resolution::Rfc3986 => transform(base, &r, self.resolver.strict, PathPolicy::Rfc3986)
                .map_err(|AboveRoot| ResolveError::AboveRoot),
        }
    }
}

/// Where the editions' resolution procedures differ: what becomes of a path taken from the
/// reference, how a relative path is merged, and (1996) where the reference's query goes.
#[derive(Clone, Copy, Debug)]
enum PathPolicy {
    /// RFC 3986: `remove_dot_segments` on every path taken from the reference; merge by 5.2.3.
    Rfc3986,
    /// 2003: a path taken with the reference's scheme or authority is kept as written; a path
    /// beginning with "/" by the table's or the pseudocode's reading; a relative path merged by
    /// the string-buffer steps 1 to 8, which may find a ".." left above the root.
    Rfc2396bis(LeftoverDotDot, AbsolutePathReading),
    /// 1996 and 1998, section 5.2 steps 1 to 7: a path taken from the reference is kept as
    /// written (steps 3 to 5 "skip to step 7"); a relative path, or an empty one with a query,
    /// is merged in a string buffer (step 6) whose ".." above the root stays; with
    /// `query_in_buffer` (1996's steps 6c, 6h and 6i) the reference's query is appended to the
    /// buffer before its dot-segments are removed and read back from it after.
    Url1996 { query_in_buffer: bool },
}

/// The path of a target before it is written: a slice to copy, one to copy through
/// `remove_dot_segments`, the two parts of a 5.2.3 merge, or a path already computed.
enum TPath<'p> {
    Kept(&'p str),
    Removed(&'p str),
    Merged(&'p str, &'p str),
    Owned(String),
}

/// Section 5.2.2, "Transform References" (RFC 3986; 2003's section 5.2, and the steps 2 to 7 of
/// 1996 and 1998, by `policy`), with its variables: `r_*` for the reference, `base_*` and `t_*`
/// for the target. The target is written straight into its string (section 5.3's
/// recomposition), the path through [`remove_dot_segments_into`].
fn transform(
    base: &Components<'_>,
    r: &Components<'_>,
    strict: bool,
    policy: PathPolicy,
) -> Result<String, AboveRoot> {
    let r_path = r.path.unwrap_or("");
    let base_path = base.path.unwrap_or("");
    // 1996 and 1998 have no non-strict reading.
    let strict = strict || matches!(policy, PathPolicy::Url1996 { .. });
    // The query of a 1996 target, when it is read back from the buffer (step 6h).
    let buffer_query: String;
    // "-- A non-strict parser may ignore a scheme in the reference if it is identical to the base
    //  URI's scheme." (2003: "if ((not validating) and (R.scheme == Base.scheme)) then
    //  undefine(R.scheme);") Schemes are case-insensitive (section 3.1), so "identical" is
    //  compared without regard to case.
    let r_scheme = match (r.scheme, base.scheme) {
        (Some(r_s), Some(b_s)) if !strict && r_s.eq_ignore_ascii_case(b_s) => None,
        (s, _) => s,
    };
    // A path taken with the reference's scheme or authority: "T.path =
    // remove_dot_segments(R.path)" (2003: "T.path = R.path").
    // (1996: "3) If the scheme component is defined, ... the reference is interpreted as an
    //  absolute URL and we are done"; "4) If the server component is defined, then the
    //  reference is a network-path and we skip to step 7.")
    let own_path = match policy {
        PathPolicy::Rfc3986 => TPath::Removed(r_path),
        PathPolicy::Rfc2396bis(..) | PathPolicy::Url1996 { .. } => TPath::Kept(r_path),
    };
    // 1996: "2) If the path component is empty and the scheme, server, and query components are
    //  undefined, then it is a reference to the current document": with a query, an empty path
    //  goes to step 6 (the buffer keeps all but the last segment of the base's path).
    let current_document =
        r_path.is_empty() && !(matches!(policy, PathPolicy::Url1996 { .. }) && r.query.is_some());
    let (t_scheme, t_authority, t_path, t_query);
    if r_scheme.is_some() {
        // "if defined(R.scheme) then T.scheme = R.scheme; T.authority = R.authority;
        //  T.path = remove_dot_segments(R.path); T.query = R.query;"
        t_scheme = r_scheme;
        t_authority = r.authority;
        t_path = own_path;
        t_query = r.query;
    } else {
        if r.authority.is_some() {
            // "if defined(R.authority) then T.authority = R.authority;
            //  T.path = remove_dot_segments(R.path); T.query = R.query;"
            t_authority = r.authority;
            t_path = own_path;
            t_query = r.query;
        } else {
            if current_document {
                // "T.path = Base.path; if defined(R.query) then T.query = R.query;
                //  else T.query = Base.query;"
                t_path = TPath::Kept(base_path);
                t_query = r.query.or(base.query);
            } else if let PathPolicy::Url1996 { query_in_buffer } = policy {
                if r_path.starts_with('/') {
                    // "5) If the path component begins with a slash character ("/"), then the
                    //  reference is an absolute-path and we skip to step 7."
                    t_path = TPath::Kept(r_path);
                    t_query = r.query;
                } else {
                    let (path, query) = buffer_1996(base_path, r_path, r.query, query_in_buffer);
                    t_path = TPath::Owned(path);
                    t_query = match query {
                        Some(q) => {
                            buffer_query = q;
                            Some(buffer_query.as_str())
                        }
                        None if query_in_buffer => None,
                        None => r.query,
                    };
                }
            } else {
                t_path = match policy {
                    // "T.path = remove_dot_segments(R.path);"
                    PathPolicy::Rfc3986 if r_path.starts_with('/') => TPath::Removed(r_path),
                    // "T.path = merge(Base.path, R.path); T.path = remove_dot_segments(T.path);"
                    PathPolicy::Rfc3986 if base.authority.is_some() && base_path.is_empty() => {
                        TPath::Merged("/", r_path)
                    }
                    PathPolicy::Rfc3986 => {
                        let keep = base_path.rfind('/').map_or(0, |i| i + 1);
                        TPath::Merged(base_path.get(..keep).unwrap_or_default(), r_path)
                    }
                    // 2003: "T.path = R.path;" (the pseudocode), or the table's reading.
                    PathPolicy::Rfc2396bis(leftover, reading) if r_path.starts_with('/') => {
                        match reading {
                            AbsolutePathReading::Pseudocode => TPath::Kept(r_path),
                            AbsolutePathReading::Table => {
                                TPath::Owned(dot_segments_buffer(r_path, Some(leftover))?)
                            }
                        }
                    }
                    // 2003: "T.path = merge(Base.path, R.path);"
                    PathPolicy::Rfc2396bis(leftover, _) => {
                        TPath::Owned(merge_2003(base_path, r_path, leftover)?)
                    }
                    // Taken above.
                    PathPolicy::Url1996 { .. } => TPath::Kept(r_path),
                };
                // "T.query = R.query;"
                t_query = r.query;
            }
            // "T.authority = Base.authority;"
            t_authority = base.authority;
        }
        // "T.scheme = Base.scheme;"
        t_scheme = base.scheme;
    }
    // "T.fragment = R.fragment;" and section 5.3.
    let path_len = match &t_path {
        TPath::Removed(p) | TPath::Kept(p) => p.len(),
        TPath::Owned(p) => p.len(),
        TPath::Merged(a, b) => a.len() + b.len(),
    };
    let mut result = String::with_capacity(
        t_scheme.map_or(0, |s| s.len() + 1)
            + t_authority.map_or(0, |a| a.len() + 2)
            + path_len
            + t_query.map_or(0, |q| q.len() + 1)
            + r.fragment.map_or(0, |f| f.len() + 1),
    );
    if let Some(scheme) = t_scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = t_authority {
        result.push_str("//");
        result.push_str(authority);
    }
    let path_start = result.len();
    match t_path {
        TPath::Kept(p) => result.push_str(p),
        TPath::Owned(p) => result.push_str(&p),
        TPath::Removed(p) => remove_dot_segments_into(&mut result, p),
        TPath::Merged(prefix, r_path) => {
            if has_dot_segment(prefix) || has_dot_segment(r_path) {
                remove_dot_segments_into(&mut result, &[prefix, r_path].concat());
            } else {
                // Neither part holds a dot segment, and the prefix ends with "/" (or is empty),
                // so the merged path holds none either: removal leaves it as it is.
                result.push_str(prefix);
                result.push_str(r_path);
            }
        }
    }
    // Section 3.3: "If a URI does not contain an authority component, then the path cannot
    // begin with two slash characters ("//")", and recomposed as 5.3 prints, such a path
    // (`remove_dot_segments("/.//x")` is `//x`) would be read back as an authority. The target's
    // components are kept instead: the path is written with a leading "/.", which
    // `remove_dot_segments` removes again, so the result parses to the same scheme, no
    // authority, and (after dot-segment removal) the same path: `resolve("a:", "a:/.//x")` is
    // `a:/.//x`.
    if t_authority.is_none()
        && result
            .get(path_start..)
            .is_some_and(|p| p.starts_with("//"))
    {
        result.insert_str(path_start, "/.");
    }
    if let Some(query) = t_query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = r.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    Ok(result)
}

/// Whether `path` has a segment that is "." or ".." (a segment starting with "." at the start
/// of the path or after a "/" is a candidate; this errs towards yes, which only costs the
/// general procedure).
pub(crate) fn has_dot_segment(path: &str) -> bool {
    // Paths are short: a plain pass over the pairs of bytes beats a substring searcher's set-up.
    path.starts_with('.') || path.as_bytes().windows(2).any(|w| w == b"/.")
}

/// Section 5.2.3, "Merge Paths".
///
/// "If the base URI has a defined authority component and an empty path, then return a string
/// consisting of "/" concatenated with the reference's path; otherwise, return a string
/// consisting of the reference's path component appended to all but the last segment of the base
/// URI's path (i.e., excluding any characters after the right-most "/" in the base URI path, or
/// excluding the entire base URI path if it does not contain any "/" characters)."
///
/// # Examples
///
/// ```
/// assert_eq!(uri_spec::merge(true, "", "g"), "/g");
/// assert_eq!(uri_spec::merge(true, "/b/c/d;p", "g"), "/b/c/g");
/// assert_eq!(uri_spec::merge(false, "d", "g"), "g");
/// ```
pub fn merge(base_has_authority: bool, base_path: &str, r_path: &str) -> String {
    if base_has_authority && base_path.is_empty() {
        return format!("/{r_path}");
    }
    let keep = base_path.rfind('/').map_or(0, |i| i + 1);
    let mut merged = String::with_capacity(keep + r_path.len());
    merged.push_str(base_path.get(..keep).unwrap_or_default());
    merged.push_str(r_path);
    merged
}

/// Section 5.2.4, "Remove Dot Segments", in linear time.
///
/// The steps are those of the document; the input buffer is a shrinking slice and the output
/// buffer a string whose last segment is dropped by truncation.
///
/// # Examples
///
/// ```
/// use uri_spec::remove_dot_segments;
/// // The two worked examples of section 5.2.4.
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut output = String::with_capacity(path.len());
    remove_dot_segments_into(&mut output, path);
    // "3. Finally, the output buffer is returned as the result of remove_dot_segments."
    output
}

/// [`remove_dot_segments`], appending its output to `result`: the output buffer is the part of
/// `result` after its length on entry, and nothing before it is touched.
pub(crate) fn remove_dot_segments_into(result: &mut String, path: &str) {
    if !has_dot_segment(path) {
        // No step but E applies: every segment moves to the output as it is.
        result.push_str(path);
        return;
    }
    let floor = result.len();
    // "1. The input buffer is initialized with the now-appended path components and the output
    //  buffer is initialized to the empty string."
    let mut input = path;
    // "2. While the input buffer is not empty, loop as follows:"
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix("../")
            .or_else(|| input.strip_prefix("./"))
        {
            // "A. If the input buffer begins with a prefix of "../" or "./", then remove that
            //  prefix from the input buffer; otherwise,"
            input = rest;
        } else if input.starts_with("/./") || input == "/." {
            // "B. if the input buffer begins with a prefix of "/./" or "/.", where "." is a
            //  complete path segment, then replace that prefix with "/" in the input buffer;"
            input = input.get(2..).filter(|r| !r.is_empty()).unwrap_or("/");
        } else if input.starts_with("/../") || input == "/.." {
            // "C. if the input buffer begins with a prefix of "/../" or "/..", where ".." is a
            //  complete path segment, then replace that prefix with "/" in the input buffer and
            //  remove the last segment and its preceding "/" (if any) from the output buffer;"
            input = input.get(3..).filter(|r| !r.is_empty()).unwrap_or("/");
            let last = result
                .get(floor..)
                .and_then(|o| o.rfind('/'))
                .map_or(floor, |i| floor + i);
            result.truncate(last);
        } else if input == "." || input == ".." {
            // "D. if the input buffer consists only of "." or "..", then remove that from the
            //  input buffer;"
            input = "";
        } else {
            // "E. move the first path segment in the input buffer to the end of the output
            //  buffer, including the initial "/" character (if any) and any subsequent
            //  characters up to, but not including, the next "/" character or the end of the
            //  input buffer."
            let from = usize::from(input.starts_with('/'));
            let end = input
                .get(from..)
                .and_then(|s| s.find('/'))
                .map_or(input.len(), |i| from + i);
            let (segment, rest) = input.split_at(end);
            result.push_str(segment);
            input = rest;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The procedure of section 5.2.4 transcribed literally, rewriting strings: quadratic, and
    /// the reference the linear version is checked against.
    fn remove_dot_segments_literal(path: &str) -> String {
        let mut input = path.to_owned();
        let mut output = String::new();
        while !input.is_empty() {
            if input.starts_with("../") {
                input.replace_range(..3, "");
            } else if input.starts_with("./") {
                input.replace_range(..2, "");
            } else if input.starts_with("/./") {
                input.replace_range(..3, "/");
            } else if input == "/." {
                input = "/".into();
            } else if input.starts_with("/../") || input == "/.." {
                let prefix = if input == "/.." { 3 } else { 4 };
                input.replace_range(..prefix, "/");
                match output.rfind('/') {
                    Some(i) => output.truncate(i),
                    None => output.clear(),
                }
            } else if input == "." || input == ".." {
                input.clear();
            } else {
                let start = usize::from(input.starts_with('/'));
                let end = input[start..].find('/').map_or(input.len(), |i| i + start);
                output.push_str(&input[..end]);
                input.replace_range(..end, "");
            }
        }
        output
    }

    /// Section 5.2.2 as first written here, composing [`merge`], [`remove_dot_segments`] and
    /// [`crate::recompose`] (with the leading "/." of a path that came to begin with "//") with
    /// a string each: the reference the one-buffer transform is checked against.
    fn transform_by_parts(base: &Components<'_>, r: &Components<'_>) -> String {
        let (r_path, base_path) = (r.path.unwrap_or(""), base.path.unwrap_or(""));
        let (t_scheme, t_authority, t_path, t_query);
        if r.scheme.is_some() {
            (t_scheme, t_authority) = (r.scheme, r.authority);
            (t_path, t_query) = (remove_dot_segments(r_path), r.query);
        } else {
            if r.authority.is_some() {
                t_authority = r.authority;
                (t_path, t_query) = (remove_dot_segments(r_path), r.query);
            } else {
                if r_path.is_empty() {
                    (t_path, t_query) = (base_path.to_owned(), r.query.or(base.query));
                } else {
                    t_path = if r_path.starts_with('/') {
                        remove_dot_segments(r_path)
                    } else {
                        remove_dot_segments(&merge(base.authority.is_some(), base_path, r_path))
                    };
                    t_query = r.query;
                }
                t_authority = base.authority;
            }
            t_scheme = base.scheme;
        }
        let guarded = format!("/.{t_path}");
        let t_path = if t_authority.is_none() && t_path.starts_with("//") {
            &guarded
        } else {
            &t_path
        };
        crate::components::recompose(t_scheme, t_authority, t_path, t_query, r.fragment)
    }

    #[test]
    fn one_buffer_transform_agrees_with_the_composed_parts() {
        let bases = [
            "http://a/b/c/d;p?q",
            "http://a",
            "http://a/",
            "a:b",
            "a:",
            "a:/b/./c/",
            "a:b/../c",
            "http://a/.b/..c/",
            "file:///x/y",
        ];
        let pieces = [
            "", "g", ".", "..", "/", "./", "../", ".g", "g.", "?y", "#s", "//h",
        ];
        for base in bases {
            let resolver = Resolver::new().base(base.as_bytes()).unwrap();
            for a in pieces {
                for b in pieces {
                    for c in pieces {
                        let r = format!("{a}{b}{c}");
                        let Ok(rc) = crate::parse::parse(r.as_bytes()) else {
                            continue;
                        };
                        let want = transform_by_parts(resolver.components(), &rc);
                        assert_eq!(resolver.resolve(&r).unwrap(), want, "{r} against {base}");
                        assert_eq!(resolve(base, &r).unwrap(), want, "{r} against {base}");
                    }
                }
            }
        }
    }

    #[test]
    fn dot_removal_into_a_buffer_leaves_what_precedes_it() {
        let mut out = String::from("http://a");
        remove_dot_segments_into(&mut out, "/../../g/./h/..");
        assert_eq!(out, "http://a/g/");
    }

    #[test]
    fn linear_agrees_with_literal_on_every_short_path() {
        // Every path of up to 7 symbols over an alphabet that makes dot segments likely.
        let alphabet = ["/", ".", "a", ".."];
        let mut paths = vec![String::new()];
        for _ in 0..7 {
            let next: Vec<String> = paths
                .iter()
                .flat_map(|p| alphabet.iter().map(move |s| format!("{p}{s}")))
                .collect();
            for p in &next {
                assert_eq!(
                    remove_dot_segments(p),
                    remove_dot_segments_literal(p),
                    "{p:?}"
                );
            }
            paths = next;
        }
    }

    #[test]
    fn long_dot_runs_stay_linear_in_effect() {
        // 200k segments; the literal version would take quadratic time here.
        let path = "/a".repeat(100_000) + &"/..".repeat(100_000);
        assert_eq!(remove_dot_segments(&path), "/");
    }
}
