//! Normalization and comparison: RFC 3986 section 6.2.2 (syntax-based: case, percent-encoding,
//! path segments) and section 6.2.3 (scheme-based), with equivalence on top of both.
//!
//! Normalization takes any URI-reference: a relative reference gets the same steps on the
//! components it has. Two guards keep the result a reference that parses back to the same
//! components (section 4.2 and the remark in 5.3 on `remove_dot_segments`): a relative path whose
//! first segment came to hold ":" keeps a leading "./", and a path that came to begin with "//"
//! without an authority keeps a leading "/.".

use crate::chars::{Table, HEXDIG, UNRESERVED};
use crate::components::{recompose, Components, HostKind};
use crate::error::ParseError;
use crate::resolve::remove_dot_segments;
use crate::{Edition, Parser};

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
    Ok(syntax_based(&c, unreserved, edition).recompose())
}

/// Parses for normalization under `edition`, with the edition's `unreserved` set.
fn parse_in<'a>(
    edition: Edition,
    input: &'a [u8],
    operand: &'static str,
) -> Result<(Components<'a>, &'static Table), NormalizeError> {
    let unreserved = match edition {
        Edition::Rfc3986 => &UNRESERVED,
        // 1994 prints no normalization, but says which characters may stand unencoded (2.2),
        // that scheme names are case-insensitive (2.1), and hosts are domain names.
        Edition::UriUrl06 => &crate::schemes1994::UNENCODED,
        e => e.syntax().map_or(&UNRESERVED, |s| s.unreserved),
    };
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
    let mut n = syntax_based(&c, unreserved, edition);
    scheme_based(&mut n);
    Ok(n.recompose())
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
        let mut n = syntax_based(&c, unreserved, edition);
        scheme_based(&mut n);
        Ok::<_, NormalizeError>(n.recompose())
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
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if let (b'%', Some(&[h, l])) = (b, bytes.get(i + 1..i + 3)) {
            if let (Some(hv), Some(lv)) = (hex_value(h), hex_value(l)) {
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
                    out.push(char::from(h.to_ascii_uppercase()));
                    out.push(char::from(l.to_ascii_uppercase()));
                }
                i += 3;
                continue;
            }
        }
        out.push(char::from(if lowercase {
            b.to_ascii_lowercase()
        } else {
            b
        }));
        i += 1;
    }
    out
}

fn hex_value(b: u8) -> Option<u8> {
    HEXDIG
        .allows(b)
        .then(|| (b as char).to_digit(16).unwrap_or(0) as u8)
}

/// A reference being normalized: owned components.
struct Normalized {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    has_authority: bool,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Normalized {
    fn recompose(&self) -> String {
        let authority = self.has_authority.then(|| {
            let mut a = String::new();
            if let Some(u) = &self.userinfo {
                a.push_str(u);
                a.push('@');
            }
            a.push_str(self.host.as_deref().unwrap_or(""));
            if let Some(p) = &self.port {
                a.push(':');
                a.push_str(p);
            }
            a
        });
        // Keep the result parseable as the same components (see the module docs).
        let mut path = self.path.as_str();
        let guarded;
        if !self.has_authority && path.starts_with("//") {
            guarded = format!("/.{path}");
            path = &guarded;
        } else if self.scheme.is_none() && !self.has_authority && first_segment_has_colon(path) {
            guarded = format!("./{path}");
            path = &guarded;
        }
        recompose(
            self.scheme.as_deref(),
            authority.as_deref(),
            path,
            self.query.as_deref(),
            self.fragment.as_deref(),
        )
    }
}

fn first_segment_has_colon(path: &str) -> bool {
    path.split('/').next().is_some_and(|s| s.contains(':'))
}

/// Section 6.2.2.
fn syntax_based(c: &Components<'_>, unreserved: &Table, edition: Edition) -> Normalized {
    let pct = |s: &str| pct_normalize(s, false, unreserved);
    // 6.2.2.1: "the scheme and host are case-insensitive and therefore should be normalized to
    // lowercase."  An IP literal is lowercased as written: its form is not rewritten.
    let host = c.host.map(|h| match h.kind {
        HostKind::RegName | HostKind::Hostname => pct_normalize(h.text, true, unreserved),
        _ => h.text.to_ascii_lowercase(),
    });
    Normalized {
        scheme: c.scheme.map(str::to_ascii_lowercase),
        userinfo: c.userinfo.map(pct),
        host,
        port: c.port.map(str::to_owned),
        has_authority: c.authority.is_some(),
        // 6.2.2.3: "URI normalizers should remove dot-segments by applying the
        // remove_dot_segments algorithm to the path"; decoding first, so "%2E" counts as ".".
        // 1994 gives "." and ".." no meaning: its paths keep them.
        path: if edition == Edition::UriUrl06 {
            pct(c.path.unwrap_or(""))
        } else {
            remove_dot_segments(&pct(c.path.unwrap_or("")))
        },
        query: c.query.map(pct),
        fragment: c.fragment.map(pct),
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

/// Section 6.2.3.
fn scheme_based(n: &mut Normalized) {
    let known = n
        .scheme
        .as_deref()
        .and_then(|s| SCHEMES.iter().find(|(name, _, _)| *name == s));
    // "Normalization should ... omit the port component and its ":" delimiter if port is empty
    // or if its value would be the same as that of the scheme's default."
    if let Some(port) = &n.port {
        let digits = port.trim_start_matches('0');
        let is_default = known.is_some_and(|(_, default, _)| *default == digits);
        if port.is_empty() || is_default {
            n.port = None;
        }
    }
    // "an explicit ':port' ... and an empty path component should be normalized to a path of '/'"
    // for schemes whose syntax says so, http among them.
    if known.is_some_and(|(_, _, slash)| *slash) && n.has_authority && n.path.is_empty() {
        n.path.push('/');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
