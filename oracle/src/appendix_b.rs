//! The Appendix B regular expression as printed, its subexpressions $1..$9, each edition's
//! names for the components, and their recomposition.
//!
//! Appendix B of [draft-ietf-url-syntax-00] ("Parsing a URL Reference with a Regular
//! Expression"), of [draft-fielding-uri-rfc2396bis-02] and of [RFC 3986] prints the same line:
//!
//! ```text
//! ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//!  12            3  4          5       6  7        8 9
//! ```
//!
//! The 1998 drafts (seed 000) carry the same appendix, but the line itself lies outside the
//! diff's hunks; the hunks show the appendix's component list (`site = $4` in -01,
//! `authority = $4` in -02). draft-ietf-uri-url-06 (1994) has no such appendix:
//! [`components`] refuses that edition.
//!
//! # POSIX and the Rust engine
//!
//! The documents speak of POSIX matching ("the "greedy algorithm" described in that section
//! is identical to the disambiguation method used by POSIX regular expressions"). POSIX picks
//! the leftmost-longest match and then, subexpression by subexpression from the left, the
//! longest value; the `regex` crate is leftmost-first: it takes the first alternative (for `?`,
//! `*` and `+`, the greedy one) that leads to a match. For this expression they agree:
//!
//! - the tail `([^?#]*)(\?([^#]*))?(#(.*))?` can consume any remainder, so whatever the
//!   optional scheme and authority groups take, the match reaches the end of the input, and
//!   the longest overall match is the whole input under both engines;
//! - every group is an optional greedy group around a greedy class repetition whose class
//!   excludes the next group's delimiter, so the greedy choice for each group, taken from the
//!   left, is exactly POSIX's "longest value for each subexpression, from the left".
//!
//! The unit tests check this against a brute-force POSIX reference on every string of up to
//! six characters over `a : / ? # \n`.
//!
//! Two engine settings make the expression mean what the document means:
//!
//! - POSIX `.` matches any character, newline included; the `regex` crate's `.` does not
//!   by default. The expression is compiled with `dot_matches_new_line(true)` (the `s` flag),
//!   so `(#(.*))?` takes a fragment that contains a line feed.
//! - The documents match characters; the oracle matches bytes. Unicode mode is switched off,
//!   so `[^:/?#]` and `.` match any single byte, including bytes that are not UTF-8.
//!
//! [draft-ietf-url-syntax-00]: https://datatracker.ietf.org/doc/html/draft-ietf-url-syntax-00#appendix-B
//! [draft-fielding-uri-rfc2396bis-02]: https://datatracker.ietf.org/doc/html/draft-fielding-uri-rfc2396bis-02#appendix-B
//! [RFC 3986]: https://datatracker.ietf.org/doc/html/rfc3986#appendix-B

use std::sync::OnceLock;

use regex::bytes::{Regex, RegexBuilder};

use crate::{edition_index, OracleError, OracleErrorKind, EDITIONS};

/// The expression, character for character as printed in Appendix B.
///
/// # Examples
///
/// ```
/// assert!(uri_oracle::appendix_b::PATTERN.starts_with("^(([^:/?#]+):)?"));
/// ```
pub const PATTERN: &str = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?";

/// The compiled expression: built once, over bytes, `.` matching a newline (see the module
/// docs).
fn regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        RegexBuilder::new(PATTERN)
            .dot_matches_new_line(true)
            .unicode(false)
            .build()
            // INVARIANT: PATTERN is a constant the unit tests compile; this cannot fail at
            // run time unless the constant itself is broken (an internal bug).
            .expect("the Appendix B expression compiles")
    })
}

/// The subexpression matches $0..$9 of one input: `get(n)` is `None` where group `n` did not
/// participate (the document's `<undefined>`).
///
/// # Invariants
///
/// Every span lies within the input; $0 and $5 are always defined ($5 may be empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Groups<'a> {
    input: &'a [u8],
    spans: [Option<(usize, usize)>; 10],
}

impl<'a> Groups<'a> {
    /// The value of subexpression `n` ($0 is the whole match), or `None` if it is undefined or
    /// `n > 9`.
    ///
    /// # Examples
    ///
    /// ```
    /// let g = uri_oracle::appendix_b::captures(b"a:b?");
    /// assert_eq!(g.get(2), Some(&b"a"[..]));
    /// assert_eq!(g.get(7), Some(&b""[..])); // defined but empty
    /// assert_eq!(g.get(9), None);           // undefined
    /// assert_eq!(g.get(10), None);
    /// ```
    pub fn get(&self, n: usize) -> Option<&'a [u8]> {
        let (start, end) = (*self.spans.get(n)?)?;
        self.input.get(start..end)
    }

    /// Where subexpression `n` matched: its byte range in the input, or `None` if it is
    /// undefined or `n > 9`.
    ///
    /// # Examples
    ///
    /// ```
    /// let g = uri_oracle::appendix_b::captures(b"a://h/p");
    /// assert_eq!(g.span(4), Some(4..5)); // the authority "h"
    /// assert_eq!(g.span(7), None);
    /// ```
    pub fn span(&self, n: usize) -> Option<std::ops::Range<usize>> {
        let (start, end) = (*self.spans.get(n)?)?;
        Some(start..end)
    }

    /// The input the groups were taken from.
    pub fn input(&self) -> &'a [u8] {
        self.input
    }
}

/// Matches the Appendix B expression against `input`.
///
/// Every group of the expression is optional and `([^?#]*)` may be empty, so the expression
/// matches every input, from its first byte to its last (see the module docs): $0 is always
/// the whole input.
///
/// # Examples
///
/// ```
/// let g = uri_oracle::appendix_b::captures(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
/// assert_eq!(g.get(1), Some(&b"http:"[..]));
/// assert_eq!(g.get(5), Some(&b"/pub/ietf/uri/"[..]));
/// assert_eq!(g.get(9), Some(&b"Related"[..]));
/// ```
pub fn captures(input: &[u8]) -> Groups<'_> {
    let mut spans = [None; 10];
    if let Some(caps) = regex().captures(input) {
        for (n, span) in spans.iter_mut().enumerate() {
            *span = caps.get(n).map(|m| (m.start(), m.end()));
        }
    }
    Groups { input, spans }
}

/// The components named by one edition's Appendix B, taken from [`Groups`].
///
/// Appendix B reads `scheme = $2`, `<authority> = $4`, `path = $5`, `query = $7`,
/// `fragment = $9`, where the authority's name is the edition's: `server` in
/// draft-ietf-url-syntax-00, `site` in draft-fielding-uri-syntax-01, `authority` from
/// draft-fielding-uri-syntax-02 on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedComponents<'a> {
    /// $2, `None` if undefined.
    pub scheme: Option<&'a [u8]>,
    /// $4, `None` if undefined.
    pub authority: Option<&'a [u8]>,
    /// $5; always `Some` ("the path component is never undefined, though it may be empty").
    pub path: Option<&'a [u8]>,
    /// $7, `None` if undefined.
    pub query: Option<&'a [u8]>,
    /// $9, `None` if undefined.
    pub fragment: Option<&'a [u8]>,
    /// The edition's name for $4: `"server"`, `"site"` or `"authority"`.
    pub authority_name: &'static str,
}

/// The edition's name for the component in $4, or `None` where the edition prints no
/// Appendix B.
fn authority_name(edition: usize) -> Option<&'static str> {
    match edition {
        // draft-ietf-url-syntax-00 Appendix B: "server = $4".
        1 => Some("server"),
        // draft-fielding-uri-syntax-01 Appendix B (seed 000, old side): "site = $4".
        2 => Some("site"),
        // draft-fielding-uri-syntax-02 (new side), rfc2396bis-02 and RFC 3986: "authority = $4".
        3..=5 => Some("authority"),
        // draft-ietf-uri-url-06 has no Appendix B.
        _ => None,
    }
}

/// Names the components of `g` the way `edition`'s Appendix B does.
///
/// # Errors
///
/// [`OracleErrorKind::UnknownEdition`] for an id not in [`EDITIONS`];
/// [`OracleErrorKind::NoExpression`] for `draft-ietf-uri-url-06`, which prints no Appendix B.
///
/// # Examples
///
/// ```
/// use uri_oracle::appendix_b::{captures, components};
///
/// let g = captures(b"//h/p");
/// assert_eq!(components("draft-fielding-uri-syntax-01", &g)?.authority_name, "site");
/// assert_eq!(components("rfc3986", &g)?.authority, Some(&b"h"[..]));
/// assert!(components("draft-ietf-uri-url-06", &g).is_err());
/// # Ok::<(), uri_oracle::OracleError>(())
/// ```
pub fn components<'a>(edition: &str, g: &Groups<'a>) -> Result<NamedComponents<'a>, OracleError> {
    let index = edition_index(edition)?;
    let Some(authority_name) = authority_name(index) else {
        let edition = EDITIONS.get(index).copied().unwrap_or("");
        return Err(OracleError::new(OracleErrorKind::NoExpression { edition }));
    };
    Ok(NamedComponents {
        scheme: g.get(2),
        authority: g.get(4),
        // $5 always participates; `Some(b"")` keeps the invariant should it ever not.
        path: Some(g.get(5).unwrap_or(b"")),
        query: g.get(7),
        fragment: g.get(9),
        authority_name,
    })
}

/// Recombines components into a reference: Section 5.3 of draft-fielding-uri-rfc2396bis-02
/// and [RFC 3986] ("Component Recomposition"; step 7 of Section 5.2 in the 1996 and 1998
/// texts, the same pseudocode).
///
/// For every input `s`, `recompose(&components(e, &captures(s))?)` gives back `s`.
///
/// # Examples
///
/// ```
/// use uri_oracle::appendix_b::{captures, components, recompose};
///
/// let s = b"foo://u@h:1/p?q#f";
/// assert_eq!(recompose(&components("rfc3986", &captures(s))?), s);
/// # Ok::<(), uri_oracle::OracleError>(())
/// ```
///
/// [RFC 3986]: https://datatracker.ietf.org/doc/html/rfc3986#section-5.3
pub fn recompose(c: &NamedComponents<'_>) -> Vec<u8> {
    // result = ""
    let mut result = Vec::new();
    // if defined(scheme) then append scheme to result; append ":" to result;
    if let Some(scheme) = c.scheme {
        result.extend_from_slice(scheme);
        result.push(b':');
    }
    // if defined(authority) then append "//" to result; append authority to result;
    if let Some(authority) = c.authority {
        result.extend_from_slice(b"//");
        result.extend_from_slice(authority);
    }
    // append path to result;
    result.extend_from_slice(c.path.unwrap_or(b""));
    // if defined(query) then append "?" to result; append query to result;
    if let Some(query) = c.query {
        result.push(b'?');
        result.extend_from_slice(query);
    }
    // if defined(fragment) then append "#" to result; append fragment to result;
    if let Some(fragment) = c.fragment {
        result.push(b'#');
        result.extend_from_slice(fragment);
    }
    // return result;
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line as printed in the seeds (003 Appendix B, 004 Appendix B), copied separately
    /// from `PATTERN` so that an edit to either shows.
    const PRINTED: &str = "^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?";

    #[test]
    fn pattern_is_the_printed_text() {
        assert_eq!(PATTERN, PRINTED);
        assert_eq!(PATTERN.len(), 57);
        // Nine capturing groups, numbered as the printed second line says.
        assert_eq!(regex().captures_len(), 10);
    }

    #[test]
    fn the_documents_example() {
        // draft-ietf-url-syntax-00 Appendix B; draft-fielding-uri-rfc2396bis-02 Appendix B.
        let g = captures(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
        let want: [Option<&[u8]>; 10] = [
            Some(b"http://www.ics.uci.edu/pub/ietf/uri/#Related"),
            Some(b"http:"),
            Some(b"http"),
            Some(b"//www.ics.uci.edu"),
            Some(b"www.ics.uci.edu"),
            Some(b"/pub/ietf/uri/"),
            None,
            None,
            Some(b"#Related"),
            Some(b"Related"),
        ];
        for (n, w) in want.iter().enumerate() {
            assert_eq!(g.get(n), *w, "${n}");
        }
    }

    #[test]
    fn component_names_per_edition() {
        let g = captures(b"http://www.ics.uci.edu/pub/ietf/uri/#Related");
        let names: Vec<_> = EDITIONS
            .iter()
            .map(|e| components(e, &g).map(|c| c.authority_name).ok())
            .collect();
        assert_eq!(
            names,
            [
                None,
                Some("server"),
                Some("site"),
                Some("authority"),
                Some("authority"),
                Some("authority")
            ]
        );
        let e = components("draft-ietf-uri-url-06", &g).unwrap_err();
        assert!(matches!(e.kind(), OracleErrorKind::NoExpression { .. }));
        let e = components("rfc1738", &g).unwrap_err();
        assert!(matches!(e.kind(), OracleErrorKind::UnknownEdition { .. }));
    }

    #[test]
    fn dot_matches_newline_and_bytes() {
        let g = captures(b"s:p#a\nb");
        assert_eq!(g.get(9), Some(&b"a\nb"[..]));
        let g = captures(b"\xff\xfe:/\x80?\n");
        assert_eq!(g.get(2), Some(&b"\xff\xfe"[..]));
        assert_eq!(g.get(5), Some(&b"/\x80"[..]));
        assert_eq!(g.get(7), Some(&b"\n"[..]));
        let g = captures(b"");
        assert_eq!(g.get(0), Some(&b""[..]));
        assert_eq!(g.get(5), Some(&b""[..]));
    }

    #[test]
    fn recompose_round_trips() {
        for s in [
            &b""[..],
            b"#",
            b"?",
            b"//",
            b"a:",
            b"a:b",
            b"//a?b#c",
            b"g;x?y#s",
            b"?#",
            b"a:#",
            b"x\n:#\n",
        ] {
            let c = components("rfc3986", &captures(s)).unwrap();
            assert_eq!(recompose(&c), s, "{:?}", String::from_utf8_lossy(s));
        }
    }

    /// Brute-force POSIX reading of the expression: every way the groups can split `s` with
    /// the match starting at 0, keeping the longest overall match, then the longest $1, $3,
    /// $5, $6, $8 in that order (an undefined group ranks below every defined one; the inner
    /// groups $2, $4, $7, $9 are fixed by their outer groups).
    type Spans = [Option<(usize, usize)>; 10];

    fn posix(s: &[u8]) -> Spans {
        let not_in =
            |set: &[u8], from: usize, to: usize| s[from..to].iter().all(|b| !set.contains(b));
        let n = s.len();
        let mut best: Option<(Vec<i64>, Spans)> = None;
        // $1: absent, or [^:/?#]+ ":" from 0.
        let mut g1s = vec![None];
        for (k, &c) in s.iter().enumerate().skip(1) {
            if c == b':' && not_in(b":/?#", 0, k) {
                g1s.push(Some(k + 1));
            }
        }
        for g1 in g1s {
            let p1 = g1.unwrap_or(0);
            let mut g3s = vec![None];
            if s.len() >= p1 + 2 && &s[p1..p1 + 2] == b"//" {
                for q in p1 + 2..=n {
                    if not_in(b"/?#", p1 + 2, q) {
                        g3s.push(Some(q));
                    }
                }
            }
            for g3 in g3s {
                let p3 = g3.unwrap_or(p1);
                for p5 in p3..=n {
                    if !not_in(b"?#", p3, p5) {
                        continue;
                    }
                    let mut g6s = vec![None];
                    if p5 < n && s[p5] == b'?' {
                        for q in p5 + 1..=n {
                            if not_in(b"#", p5 + 1, q) {
                                g6s.push(Some(q));
                            }
                        }
                    }
                    for g6 in g6s {
                        let p6 = g6.unwrap_or(p5);
                        let mut g8s = vec![None];
                        if p6 < n && s[p6] == b'#' {
                            for q in p6 + 1..=n {
                                g8s.push(Some(q));
                            }
                        }
                        for g8 in g8s {
                            let end = g8.unwrap_or(p6);
                            let len =
                                |g: Option<usize>, from: usize| g.map_or(-1, |e| (e - from) as i64);
                            let key = vec![
                                end as i64,
                                len(g1, 0),
                                len(g3, p1),
                                (p5 - p3) as i64,
                                len(g6, p5),
                                len(g8, p6),
                            ];
                            let mut spans = [None; 10];
                            spans[0] = Some((0, end));
                            spans[1] = g1.map(|e| (0, e));
                            spans[2] = g1.map(|e| (0, e - 1));
                            spans[3] = g3.map(|e| (p1, e));
                            spans[4] = g3.map(|e| (p1 + 2, e));
                            spans[5] = Some((p3, p5));
                            spans[6] = g6.map(|e| (p5, e));
                            spans[7] = g6.map(|e| (p5 + 1, e));
                            spans[8] = g8.map(|e| (p6, e));
                            spans[9] = g8.map(|e| (p6 + 1, e));
                            if best.as_ref().is_none_or(|(k, _)| key > *k) {
                                best = Some((key, spans));
                            }
                        }
                    }
                }
            }
        }
        best.map(|(_, s)| s).unwrap_or([None; 10])
    }

    #[test]
    fn leftmost_first_equals_posix_leftmost_longest() {
        let alphabet = b"a:/?#\n";
        let mut checked = 0;
        let mut s = Vec::new();
        for len in 0..=6u32 {
            for mut code in 0..alphabet.len().pow(len) {
                s.clear();
                for _ in 0..len {
                    s.push(alphabet[code % alphabet.len()]);
                    code /= alphabet.len();
                }
                let g = captures(&s);
                assert_eq!(g.spans, posix(&s), "{:?}", String::from_utf8_lossy(&s));
                checked += 1;
            }
        }
        assert_eq!(checked, 55_987);
    }
}
