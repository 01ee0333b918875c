//! Normalization and comparison: RFC 3986 section 6.2.2 (syntax-based: case, percent-encoding,
//! path segments) and section 6.2.3 (scheme-based), with equivalence on top of both.
//!
//! Normalization takes any URI-reference and keeps its meaning: for every base URI `B` in normal
//! form and every reference `r`, `resolve(B, normalize(r)) == normalize(resolve(B, r))`
//! (a test checks it on every short reference against a set of bases).
//!
//! 6.2.2.3 removes dot-segments from the path of a URI, where 5.2.2 would remove them anyway. A
//! relative-path reference is different: its `..` segments act on the base's path, so they are
//! not removed but rewritten to the shortest form with the same effect against every base
//! ([`normalize_relative_path`]). A path that came to begin with "//" without an authority keeps
//! a leading "/." (as resolution writes it), and a relative path whose first segment holds ":"
//! keeps a leading "./" (section 4.2), so the result parses back to the same components.

use crate::chars::{Table, HEXDIG, UNRESERVED};
use crate::components::{Components, HostKind};
use crate::edition::Edition;
use crate::error::ParseError;
use crate::parse::Parser;
use crate::resolve::{has_dot_segment, remove_dot_segments, remove_dot_segments_into};

/// The input of a normalization or comparison was not a valid URI-reference.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {operand}: {error}")]
pub struct NormalizeError {
    operand: &'static str,
    error: ParseError,
}

impl NormalizeError {
    /// The parse error.
    pub fn parse_error(&self) -> ParseError {
        self.error
    }

    /// Which operand was invalid: `"input"`, `"first"` or `"second"`.
    pub fn operand(&self) -> &'static str {
        self.operand
    }
}

/// Syntax-based normalization, section 6.2.2: case (6.2.2.1), percent-encoding (6.2.2.2) and
/// path segment (6.2.2.3) normalization.
///
/// # Errors
///
/// [`NormalizeError`] when the input is not a URI-reference.
///
/// # Examples
///
/// ```
/// use uri_spec::normalize;
/// assert_eq!(normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap(), "example://a/b/c/%7Bfoo%7D");
/// assert_eq!(normalize("./def").unwrap(), "def");
/// // A relative path keeps what acts on the base: "." is not "" (the base itself, with its query).
/// assert_eq!(normalize("a/./b/../c").unwrap(), "a/c");
/// assert_eq!(normalize("../g").unwrap(), "../g");
/// assert_eq!(normalize(".").unwrap(), ".");
/// assert_eq!(normalize("http://a:/").unwrap(), "http://a:/");
/// ```
pub fn normalize(input: impl AsRef<[u8]>) -> Result<String, NormalizeError> {
    normalize_in(Edition::Rfc3986, input)
}

/// [`normalize`] under `edition`'s grammar: the input is parsed by that edition, and
/// percent-encoding normalization decodes that edition's `unreserved` set (2003 section 6.2.2;
/// for 1996 and 1998, which print no normalization procedure, the same steps over their
/// grammars, as their equivalence remarks allow: "%7e" and "~", scheme and host case).
///
/// # Errors
///
/// [`NormalizeError`] when the input is not a reference of the edition.
///
/// ```
/// use uri_spec::{normalize_in, Edition};
/// // 2003's unreserved includes "!", RFC 3986's does not.
/// assert_eq!(normalize_in(Edition::Rfc2396bis02, "http://a/%21").unwrap(), "http://a/!");
/// assert_eq!(normalize_in(Edition::Rfc3986, "http://a/%21").unwrap(), "http://a/%21");
/// ```
pub fn normalize_in(edition: Edition, input: impl AsRef<[u8]>) -> Result<String, NormalizeError> {
    let (c, unreserved) = parse_in(edition, input.as_ref(), "input")?;
    Ok(normalized(&c, unreserved, edition, false))
}

/// Parses for normalization under `edition`, with the edition's `unreserved` set.
fn parse_in<'a>(
    edition: Edition,
    input: &'a [u8],
    operand: &'static str,
) -> Result<(Components<'a>, &'static Table), NormalizeError> {
    // 1994 prints no normalization, but says which characters may stand unencoded (2.2), that
    // scheme names are case-insensitive (2.1), and hosts are domain names: its `unreserved` is
    // the set of those characters.
    let unreserved = edition.syntax().unreserved;
    let c = Parser::new()
        .edition(edition)
        .parse(input)
        .map_err(|error| NormalizeError { operand, error })?;
    Ok((c, unreserved))
}

/// Syntax-based then scheme-based normalization, sections 6.2.2 and 6.2.3.
///
/// For every scheme, an empty port and its ":" are removed; for `http`, `https`, `ws`, `wss`
/// and `ftp`, a port equal to the scheme's default (compared as a number) is removed, and an
/// empty path after an authority becomes "/".
///
/// # Errors
///
/// [`NormalizeError`] when the input is not a URI-reference.
///
/// # Examples
///
/// ```
/// use uri_spec::normalize_scheme_based;
/// for s in ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"] {
///     assert_eq!(normalize_scheme_based(s).unwrap(), "http://example.com/");
/// }
/// ```
pub fn normalize_scheme_based(input: impl AsRef<[u8]>) -> Result<String, NormalizeError> {
    normalize_scheme_based_in(Edition::Rfc3986, input)
}

/// [`normalize_scheme_based`] under `edition`'s grammar (see [`normalize_in`]).
///
/// # Errors
///
/// [`NormalizeError`] when the input is not a reference of the edition.
pub fn normalize_scheme_based_in(
    edition: Edition,
    input: impl AsRef<[u8]>,
) -> Result<String, NormalizeError> {
    let (c, unreserved) = parse_in(edition, input.as_ref(), "input")?;
    Ok(normalized(&c, unreserved, edition, true))
}

/// Whether two references are equivalent after syntax- and scheme-based normalization (sections
/// 6.2.2 and 6.2.3): the comparison ladder's first two rungs.
///
/// # Errors
///
/// [`NormalizeError`] naming the operand that is not a URI-reference.
///
/// # Examples
///
/// ```
/// use uri_spec::equivalent;
/// assert!(equivalent("http://example.com/", "http://example.com:80/").unwrap());
/// assert!(equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d").unwrap());
/// assert!(!equivalent("http://a/B", "http://a/b").unwrap());
/// ```
pub fn equivalent(a: impl AsRef<[u8]>, b: impl AsRef<[u8]>) -> Result<bool, NormalizeError> {
    equivalent_in(Edition::Rfc3986, a, b)
}

/// [`equivalent`] under `edition`'s grammar (see [`normalize_in`]).
///
/// # Errors
///
/// [`NormalizeError`] naming the operand that is not a reference of the edition.
///
/// ```
/// use uri_spec::{equivalent_in, Edition};
/// assert!(equivalent_in(Edition::UrlSyntax00, "http://a/%7eg", "http://a/~g").unwrap());
/// ```
pub fn equivalent_in(
    edition: Edition,
    a: impl AsRef<[u8]>,
    b: impl AsRef<[u8]>,
) -> Result<bool, NormalizeError> {
    let norm = |input: &[u8], operand| {
        let (c, unreserved) = parse_in(edition, input, operand)?;
        Ok::<_, NormalizeError>(normalized(&c, unreserved, edition, true))
    };
    Ok(norm(a.as_ref(), "first")? == norm(b.as_ref(), "second")?)
}

/// Percent-encoding and case normalization of one component (sections 6.2.2.1 and 6.2.2.2):
/// triplets that encode an unreserved character are decoded, the others get uppercase hex
/// digits. With `lowercase`, every other letter is lowercased too (for the host).
///
/// # Examples
///
/// ```
/// use uri_spec::percent_encoding_normalize;
/// assert_eq!(percent_encoding_normalize("%7e%2f%41", false), "~%2FA");
/// assert_eq!(percent_encoding_normalize("WWW.%C3%A9x.COM", true), "www.%C3%A9x.com");
/// ```
pub fn percent_encoding_normalize(s: &str, lowercase: bool) -> String {
    pct_normalize(s, lowercase, &UNRESERVED)
}

/// [`percent_encoding_normalize`] with a given `unreserved` set.
fn pct_normalize(s: &str, lowercase: bool, unreserved: &Table) -> String {
    let mut out = String::with_capacity(s.len());
    pct_normalize_into(&mut out, s, lowercase, unreserved);
    out
}

/// [`pct_normalize`], appending to `out`: the runs between triplets are copied as they are (or
/// lowercased), each triplet decoded or given uppercase digits.
fn pct_normalize_into(out: &mut String, s: &str, lowercase: bool, unreserved: &Table) {
    let push_run = |out: &mut String, run: &str| {
        if lowercase {
            push_lowercase(out, run);
        } else {
            out.push_str(run);
        }
    };
    let mut rest = s;
    // Components are short: a plain loop finds the "%" sooner than a memchr set up for it.
    while let Some(i) = rest.bytes().position(|b| b == b'%') {
        let (run, triplet) = rest.split_at(i);
        push_run(out, run);
        let digit = |k: usize| triplet.as_bytes().get(k).copied();
        match (digit(1).and_then(hex_value), digit(2).and_then(hex_value)) {
            (Some(hv), Some(lv)) => {
                let octet = hv << 4 | lv;
                // 6.2.2.2: "URIs should be normalized by decoding any percent-encoded octet that
                // corresponds to an unreserved character".
                if unreserved.allows(octet) {
                    out.push(char::from(if lowercase {
                        octet.to_ascii_lowercase()
                    } else {
                        octet
                    }));
                } else {
                    // 6.2.2.1: "all letters within a percent-encoding triplet ... should be
                    // normalized to use uppercase letters for the digits A-F."
                    out.push('%');
                    out.extend(
                        [digit(1), digit(2)]
                            .into_iter()
                            .flatten()
                            .map(|d| char::from(d.to_ascii_uppercase())),
                    );
                }
                rest = triplet.get(3..).unwrap_or_default();
            }
            _ => {
                out.push('%');
                rest = triplet.get(1..).unwrap_or_default();
            }
        }
    }
    push_run(out, rest);
}

/// Appends `s` to `out` with its ASCII letters in lower case.
fn push_lowercase(out: &mut String, s: &str) {
    let start = out.len();
    out.push_str(s);
    if let Some(pushed) = out.get_mut(start..) {
        pushed.make_ascii_lowercase();
    }
}

fn hex_value(b: u8) -> Option<u8> {
    HEXDIG
        .allows(b)
        .then(|| (b as char).to_digit(16).unwrap_or(0) as u8)
}

/// A relative path read as `remove_dot_segments` reads it after a merge: what acts on the base
/// and what is left of the reference's own segments.
#[derive(Debug, Default)]
struct RelativePath<'a> {
    /// The ".." segments that pop a segment of the base's path.
    pops: usize,
    /// The first of the reference's segments that a ".." popped when it was the only one left.
    marker: Option<&'a str>,
    /// The reference's segments left, the last one empty where the path ended in "." or "..".
    segments: Vec<&'a str>,
}

impl<'a> RelativePath<'a> {
    /// Reads `path` segment by segment: "." does nothing, ".." pops (5.2.4 B to D). Only "." and
    /// ".." written as such are dot-segments here, as in resolution.
    fn read(path: &'a str) -> RelativePath<'a> {
        let mut r = RelativePath::default();
        let mut segments = segments(path).peekable();
        while let Some(segment) = segments.next() {
            if segment != "." && segment != ".." {
                r.segments.push(segment);
                continue;
            }
            if segment == ".." {
                match r.segments.pop() {
                    Some(popped) if r.segments.is_empty() && r.marker.is_none() => {
                        r.marker = Some(popped);
                    }
                    Some(_) => {}
                    None => r.pops += 1,
                }
            }
            // A final "." or ".." leaves the buffer ending in "/".
            if segments.peek().is_none() {
                r.segments.push("");
            }
        }
        r
    }

    /// Writes the pops first, then the marker and the ".." that popped it, then the segments
    /// left, "/" between them, into one string; `map` writes each segment left (rewritten).
    fn write(&self, marker: Option<&str>, map: impl Fn(&mut String, &str)) -> String {
        let mut text = String::with_capacity(
            3 * self.pops + self.segments.iter().map(|s| s.len() + 1).sum::<usize>() + 8,
        );
        let mut parts = Parts::default();
        for _ in 0..self.pops {
            parts.next(&mut text);
            text.push_str("..");
            parts.written(&text);
        }
        if let Some(m) = marker {
            for part in [m, ".."] {
                parts.next(&mut text);
                text.push_str(part);
                parts.written(&text);
            }
        }
        for segment in &self.segments {
            parts.next(&mut text);
            map(&mut text, segment);
            parts.written(&text);
        }
        // A final ".." already leaves the buffer ending in "/": "../" is written "..".
        if parts.count >= 2 && parts.last_empty && parts.before_last_dot_dot {
            text.pop();
        }
        if text.is_empty() {
            // "." (or "./"): the base's directory, which the empty reference is not.
            return ".".to_owned();
        }
        // Section 4.2: a leading "./" keeps a relative path that would begin with "/" or hold ":"
        // in its first segment.
        if text.starts_with('/') || parts.first_has_colon {
            text.insert_str(0, "./");
        }
        text
    }
}

/// The segments of `path`, split at each "/" (`path.split('/')`, with a plain loop for the "/":
/// segments are short, and a searcher set up for each costs more than it finds).
fn segments(path: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(path);
    core::iter::from_fn(move || {
        let current = rest?;
        match current.bytes().position(|b| b == b'/') {
            Some(i) => {
                rest = current.get(i + 1..);
                current.get(..i)
            }
            None => {
                rest = None;
                Some(current)
            }
        }
    })
}

/// What [`RelativePath::write`] needs to know of the parts written so far.
#[derive(Debug, Default)]
struct Parts {
    count: usize,
    /// Where the last part starts in the text.
    start: usize,
    first_has_colon: bool,
    last_empty: bool,
    last_dot_dot: bool,
    before_last_dot_dot: bool,
}

impl Parts {
    /// Starts a part: a "/" after the one before.
    fn next(&mut self, text: &mut String) {
        if self.count > 0 {
            text.push('/');
        }
        self.count += 1;
        self.start = text.len();
    }

    /// Notes what the part just written (from `start` to the end of `text`) is.
    fn written(&mut self, text: &str) {
        let part = text.get(self.start..).unwrap_or_default();
        if self.count == 1 {
            self.first_has_colon = part.contains(':');
        }
        self.before_last_dot_dot = self.last_dot_dot;
        self.last_dot_dot = part == "..";
        self.last_empty = part.is_empty();
    }
}

/// Section 6.2.2.3 for the path of a relative-path reference (no scheme, no authority, a path not
/// beginning with "/"): a shorter form that resolves to the same target against every base.
///
/// Resolution (5.2.2, 5.2.3) appends the path to the base path's directory and then applies
/// `remove_dot_segments`, which reads segments as a stack: "." does nothing, ".." pops the last
/// segment. So the reference's segments that a later ".." pops, and every ".", are dropped; what
/// acts on the base is kept:
///
/// - each ".." that pops a segment of the base's path, moved to the front;
/// - the first segment that a ".." pops when nothing precedes it in the buffer, with that "..":
///   against a base whose path holds no "/" (`mailto:x`, `a:`) the buffer then comes to begin
///   with "/" (`resolve("a:x", "b/../c")` is `a:/c`, not `a:c`);
/// - the segments left, with the final empty segment of a path ending in "." or "..": `.` keeps
///   meaning the base's directory and does not become the empty reference (the base itself).
///
/// Percent-encoded dots (`%2E`) are not dot-segments to resolution, but become dot-segments of
/// the target once it is normalized. So the path is read twice: as written (an encoded dot is a
/// segment like any other), then, with the segments left decoded (6.2.2.2), again. A popped
/// marker that decodes to a dot-segment stays encoded: it must stay a segment to be popped.
///
/// ```
/// use uri_spec::normalize;
/// assert_eq!(normalize("a/b/../c/./d").unwrap(), "a/c/d");
/// assert_eq!(normalize("a/../../g").unwrap(), "../a/../g");
/// assert_eq!(normalize("..").unwrap(), "..");
/// assert_eq!(normalize("./a:b").unwrap(), "./a:b");
/// assert_eq!(normalize("%2e%2e/g").unwrap(), "../g");
/// assert_eq!(normalize("%2e/../g").unwrap(), "%2E/../g");
/// ```
fn normalize_relative_path(path: &str, pct: impl Fn(&mut String, &str)) -> String {
    let raw = RelativePath::read(path);
    let marker = raw.marker.map(|m| {
        let mut decoded = String::new();
        pct(&mut decoded, m);
        match decoded.as_str() {
            "." => "%2E".to_owned(),
            ".." => "%2E%2E".to_owned(),
            _ => decoded,
        }
    });
    let decoded = raw.write(marker.as_deref(), &pct);
    let twice = RelativePath::read(&decoded);
    twice.write(twice.marker, |out: &mut String, s: &str| out.push_str(s))
}

/// Section 6.2.2.3 with 6.2.2.2 on a path, appended to `out`.
///
/// Resolution removes dot-segments from the path as written (5.2.2), where an encoded dot is no
/// dot-segment; normalization decodes it, and then removes dot-segments again, so a reference
/// and every target it resolves to get the same normal form.
fn normalize_path_into(out: &mut String, c: &Components<'_>, edition: Edition, unreserved: &Table) {
    let path = c.path.unwrap_or("");
    if !edition.syntax().dot_segments() {
        // 1994 gives "." and ".." no meaning: its paths keep them.
        pct_normalize_into(out, path, false, unreserved);
    } else if c.scheme.is_none()
        && c.authority.is_none()
        && !path.is_empty()
        && !path.starts_with('/')
    {
        // A relative-path reference: its dot-segments act on the base.
        let pct = |out: &mut String, s: &str| pct_normalize_into(out, s, false, unreserved);
        out.push_str(&normalize_relative_path(path, pct));
    } else {
        // "URI normalizers should remove dot-segments by applying the remove_dot_segments
        // algorithm to the path": as 5.2.2 does in every resolution, then once decoded. A path
        // without dot-segments is its own `remove_dot_segments`, so each removal runs only where
        // one may be found.
        let start = out.len();
        if has_dot_segment(path) {
            pct_normalize_into(out, &remove_dot_segments(path), false, unreserved);
        } else {
            pct_normalize_into(out, path, false, unreserved);
        }
        if out.get(start..).is_some_and(has_dot_segment) {
            let decoded = out.split_off(start);
            remove_dot_segments_into(out, &decoded);
        }
    }
}

/// The schemes whose scheme-based normalization we know: (scheme, default port, empty path
/// becomes "/").
const SCHEMES: &[(&str, &str, bool)] = &[
    ("http", "80", true),
    ("https", "443", true),
    ("ws", "80", true),
    ("wss", "443", true),
    ("ftp", "21", true),
];

/// Section 6.2.2, then (with `scheme_based`) section 6.2.3, written into one string in the order
/// of section 5.3's recomposition.
fn normalized(
    c: &Components<'_>,
    unreserved: &Table,
    edition: Edition,
    scheme_based: bool,
) -> String {
    // The normal form is no longer than the reference, but for its delimiters and a "/." that
    // a path may gain: one allocation.
    let written: usize = [c.scheme, c.authority, c.path, c.query, c.fragment]
        .into_iter()
        .flatten()
        .map(str::len)
        .sum();
    let mut out = String::with_capacity(written + 8);
    // Set when a registry-based authority became a server by decoding (below): the normal form
    // is then read again, as a server, once.
    let mut reread = false;
    // 6.2.3: the scheme's own rules, where we know them.
    let known = c.scheme.filter(|_| scheme_based).and_then(|s| {
        SCHEMES
            .iter()
            .find(|(name, _, _)| name.eq_ignore_ascii_case(s))
    });
    // 6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to
    // lowercase."
    if let Some(scheme) = c.scheme {
        push_lowercase(&mut out, scheme);
        out.push(':');
    }
    if c.authority.is_some() {
        out.push_str("//");
        if let Some(userinfo) = c.userinfo {
            pct_normalize_into(&mut out, userinfo, false, unreserved);
            out.push('@');
        }
        // An IP literal is lowercased as written: its form is not rewritten.
        match c.host {
            Some(h) if matches!(h.kind, HostKind::RegName | HostKind::Hostname) => {
                pct_normalize_into(&mut out, h.text, true, unreserved);
            }
            Some(h) => push_lowercase(&mut out, h.text),
            // RFC 2396 3.2.1's registry-based authority (`reg_name`, no server parts): its
            // unreserved characters decoded (2.3: they "can be escaped without changing the
            // semantics of the URI"). What that leaves may be a hostname (`%41.com` is
            // `A.com`): then it is one, and lowercased as a host, so that the normal form is
            // read the same way again (normalization is idempotent).
            None => {
                if let Some(authority) = c.authority.filter(|_| c.userinfo.is_none()) {
                    let mut decoded = String::with_capacity(authority.len());
                    pct_normalize_into(&mut decoded, authority, false, unreserved);
                    let probe = format!("//{decoded}");
                    let server = crate::Parser::new()
                        .edition(edition)
                        .parse(probe.as_bytes())
                        .is_ok_and(|p| p.host.is_some());
                    if server {
                        reread = true;
                    }
                    out.push_str(&decoded);
                }
            }
        }
        if let Some(port) = c.port {
            // 6.2.3: "Normalization should ... omit the port component and its ":" delimiter
            // if port is empty or if its value would be the same as that of the scheme's
            // default."
            let is_default =
                known.is_some_and(|(_, default, _)| *default == port.trim_start_matches('0'));
            if !(scheme_based && (port.is_empty() || is_default)) {
                out.push(':');
                out.push_str(port);
            }
        }
    }
    let path_start = out.len();
    normalize_path_into(&mut out, c, edition, unreserved);
    // 6.2.3: "an explicit ':port' ... and an empty path component should be normalized to a
    // path of '/'" for schemes whose syntax says so, http among them.
    if known.is_some_and(|(_, _, slash)| *slash) && c.authority.is_some() && out.len() == path_start
    {
        out.push('/');
    }
    // A path that came to begin with "//" without an authority keeps a leading "/." (see the
    // module docs, and resolution's `transform`); 1994 removes no dot-segments and
    // its opaque paths are kept as written.
    if edition.syntax().dot_segments()
        && c.authority.is_none()
        && out.get(path_start..).is_some_and(|p| p.starts_with("//"))
    {
        out.insert_str(path_start, "/.");
    }
    if let Some(query) = c.query {
        out.push('?');
        pct_normalize_into(&mut out, query, false, unreserved);
    }
    if let Some(fragment) = c.fragment {
        out.push('#');
        pct_normalize_into(&mut out, fragment, false, unreserved);
    }
    if reread {
        // Read as a server now (its host is a hostname, its port digits): normalized as one.
        // That reading has no registry-based authority left, so this recursion ends there.
        if let Ok(again) = crate::Parser::new().edition(edition).parse(out.as_bytes())
            && again.host.is_some()
        {
            return normalized(&again, unreserved, edition, scheme_based);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolve;

    #[test]
    fn case_normalization_keeps_ipv6_form_and_userinfo_case() {
        assert_eq!(
            normalize("HTTP://User@[ABCD::1]/").unwrap(),
            "http://User@[abcd::1]/"
        );
        assert_eq!(normalize("http://[V7.AB]/").unwrap(), "http://[v7.ab]/");
    }

    #[test]
    fn guards_keep_the_components() {
        assert_eq!(normalize("./a:b").unwrap(), "./a:b");
        assert_eq!(normalize("x:/.//y").unwrap(), "x:/.//y");
        for s in ["./a:b", "x:/.//y", "/..//a", ".//a:b", "%2E/a:b"] {
            let once = normalize(s).unwrap();
            assert_eq!(normalize(&once).unwrap(), once, "{s}");
        }
    }

    /// Every string of up to `len` tokens.
    fn strings(tokens: &[&str], len: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..len {
            last = last
                .iter()
                .flat_map(|p| tokens.iter().map(move |t| format!("{p}{t}")))
                .collect();
            all.extend(last.iter().cloned());
        }
        all
    }

    /// Bases in normal form: with and without an authority, absolute, rootless and empty paths,
    /// with and without a query.
    fn bases() -> Vec<String> {
        let mut bases: Vec<String> = ["s:", "s://h"]
            .iter()
            .flat_map(|head| {
                strings(&["/", "x", "."], 3)
                    .into_iter()
                    .flat_map(move |p| [format!("{head}{p}"), format!("{head}{p}?q")])
            })
            .filter_map(|b| normalize(b).ok())
            .collect();
        bases.sort();
        bases.dedup();
        bases
    }

    #[test]
    fn normalization_keeps_the_meaning_of_every_short_reference() {
        // Section 6.2.2.3 against 5.2: for every normal base B and every reference r,
        // resolve(B, normalize(r)) == normalize(resolve(B, r)); and normalize is idempotent.
        let bases = bases();
        assert!(bases.len() > 20, "{} {bases:?}", bases.len());
        let tokens = ["/", ".", "a", "%2e", ":", "?"];
        let mut checked = 0;
        for r in strings(&tokens, 5) {
            let Ok(n) = normalize(&r) else { continue };
            assert_eq!(normalize(&n).unwrap(), n, "not idempotent: {r:?}");
            for b in &bases {
                let of_normal = resolve(b, &n).unwrap_or_else(|e| panic!("{b} {n:?}: {e}"));
                let target = resolve(b, &r).unwrap();
                assert_eq!(
                    of_normal,
                    normalize(&target).unwrap(),
                    "base {b:?}, reference {r:?} normalized to {n:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    #[test]
    fn normalization_is_idempotent_under_every_edition() {
        let tokens = ["/", ".", "a", "%2e", ":", "?", "#"];
        for edition in Edition::ALL {
            for r in strings(&tokens, 5) {
                let Ok(once) = normalize_in(edition, &r) else {
                    continue;
                };
                let twice =
                    normalize_in(edition, &once).unwrap_or_else(|e| panic!("{edition} {r:?}: {e}"));
                assert_eq!(twice, once, "{edition}: {r:?}");
            }
        }
    }

    #[test]
    fn segments_are_those_of_split() {
        for path in ["", "/", "a", "a/b", "a//b/", "/a/", "..//.", "%2F/x"] {
            let ours: Vec<&str> = segments(path).collect();
            let split: Vec<&str> = path.split('/').collect();
            assert_eq!(ours, split, "{path:?}");
        }
    }

    #[test]
    fn relative_references_keep_what_acts_on_the_base() {
        // The audit's findings: each was a relative reference that changed its target.
        for (input, expected) in [
            ("a/../b", "a/../b"),
            (".", "."),
            ("./", "."),
            ("..", ".."),
            ("../", ".."),
            ("../g", "../g"),
            ("./../g", "../g"),
            ("a/b/../../../g", "../a/../g"),
            ("a/b/..", "a/"),
            ("a/./b/.", "a/b/"),
            ("%2E%2E/g", "../g"),
            ("./a:b", "./a:b"),
            (".//g", ".//g"),
            ("?q", "?q"),
        ] {
            assert_eq!(normalize(input).unwrap(), expected, "{input}");
        }
        assert!(!equivalent(".", "").unwrap());
        assert!(!equivalent("../g", "g").unwrap());
        assert!(equivalent("./g", "g").unwrap());
    }

    #[test]
    fn resolution_and_normalization_agree_on_a_path_beginning_with_two_slashes() {
        // No authority, a path that comes to begin with "//": both keep it a path ("/.").
        assert_eq!(resolve("a:", "a:/.//x").unwrap(), "a:/.//x");
        assert_eq!(normalize("a:/.//x").unwrap(), "a:/.//x");
        assert_eq!(resolve("a:/b/", "..//x").unwrap(), "a:/.//x");
        for edition in Edition::ALL.into_iter().filter(|e| *e != Edition::UriUrl06) {
            let target = crate::Resolver::new()
                .edition(edition)
                .resolve("a:/b/", "..//x")
                .unwrap();
            let c = Parser::new()
                .edition(edition)
                .parse(target.as_bytes())
                .unwrap();
            assert_eq!(c.authority, None, "{edition}: {target}");
        }
        // 1994 removes no dot-segments: an opaque path is kept as written.
        assert_eq!(
            normalize_in(Edition::UriUrl06, "foo://x").unwrap(),
            "foo://x"
        );
    }

    #[test]
    fn default_port_compared_as_a_number() {
        assert_eq!(
            normalize_scheme_based("http://a:0080/").unwrap(),
            "http://a/"
        );
        assert_eq!(
            normalize_scheme_based("http://a:8080/").unwrap(),
            "http://a:8080/"
        );
        assert_eq!(normalize_scheme_based("foo://a:/").unwrap(), "foo://a/");
        assert_eq!(normalize_scheme_based("foo://a").unwrap(), "foo://a");
    }

    #[test]
    fn invalid_operand_is_named() {
        assert_eq!(
            equivalent("http://a/", "%zz").unwrap_err().operand(),
            "second"
        );
        assert_eq!(normalize("a b").unwrap_err().operand(), "input");
    }

    #[test]
    fn a_registry_based_authority_is_kept() {
        // RFC 2396 3.2.1: "//3" has the reg_name authority "3" (not a hostname: a toplabel
        // begins with a letter), which normalization must not drop.
        let e = Edition::UriSyntax02;
        assert_eq!(normalize_in(e, "//3").unwrap(), "//3");
        assert_eq!(normalize_in(e, "http://3%7e/").unwrap(), "http://3~/");
        // Decoded, "%41.com" is the hostname "A.com": read as one, lowercased, idempotent.
        assert_eq!(normalize_in(e, "http://%41.com/").unwrap(), "http://a.com/");
        assert_eq!(normalize_in(e, "http://a.com/").unwrap(), "http://a.com/");
        // And a port that decodes to the scheme's default is dropped by 6.2.3 at once.
        assert_eq!(
            normalize_scheme_based_in(e, "http://a:%38%30/").unwrap(),
            "http://a/"
        );
        assert_eq!(normalize_in(e, "//a").unwrap(), "//a");
    }
}
