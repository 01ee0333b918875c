//! Shapes of the five URL-confusion classes of the public studies of URL parsing differences
//! (scheme confusion, slash confusion, backslash confusion, URL-encoded data confusion and host
//! confusion), each input tagged with its class, for the report's "URL confusion" section
//! and for the fuzz targets.
//!
//! Each shape puts a trusted host (`GOOD`, a realistic name) and an attacker's host (`EVIL`)
//! into one string so that two parsers which split it differently send a request, or apply a
//! filter, to different hosts.
//!
//! A shape is then drawn in one of its variants, as an attacker varies a working string: each
//! variation is drawn on its own, generic over every shape, so that one fixed spelling of a
//! shape (a lowercase scheme, a trailing `/`, two slashes) does not hide a parser's misreading
//! of another. The scheme's letters may be recased (all upper or a drawn pattern; RFC 3986
//! section 3.1 and the URL Standard's scheme state both read a scheme case-insensitively, so
//! a parser that compares it case-sensitively reads another URL); a trailing path of plain
//! characters after the last host or port may be dropped, so the authority ends the string
//! (RFC 3986 section 3.2: the authority ends at the next `/`, `?`, `#` or the end); and a
//! slash of the `//` that introduces the authority may be a backslash (the URL Standard reads
//! a backslash as a slash in a special URL; RFC 3986 section 2 has no backslash among its
//! characters).

use arbitrary::Unstructured;

use super::realistic::hostname;
use super::{below, chance, pick, MAX_LEN};

/// A URL-confusion class.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::generate::{confusion, Confusion};
///
/// assert_eq!(Confusion::ALL.len(), 5);
/// let s = confusion(&mut Unstructured::new(&[4; 32]), Confusion::Backslash);
/// assert!(s.contains(&b'\\'));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Confusion {
    /// The scheme is missing, odd in case or characters, or unusual: `//good/x`,
    /// `HTTP://good`, ` http://good`, `javascript://good/%0a...`, `http:good`.
    Scheme,
    /// Too few or too many slashes after the scheme: `http:/good`, `http:///good`.
    Slash,
    /// A backslash read as a slash by some parsers and as data by others:
    /// `http://evil\@good/`, `http:\\good\x`.
    Backslash,
    /// Percent-encoded delimiters and dots in the authority or path: `http://good%2f@evil/`,
    /// `http://evil%2egood/`, `/%2e%2e/`.
    UrlEncoded,
    /// Userinfo, `#`, `?` or `;` placed so that the host is ambiguous:
    /// `http://good@evil/`, `http://evil#@good/`, `http://a@good:80@evil/`.
    Host,
}

impl Confusion {
    /// Every class, in the order the studies list them.
    pub const ALL: [Confusion; 5] = [
        Confusion::Scheme,
        Confusion::Slash,
        Confusion::Backslash,
        Confusion::UrlEncoded,
        Confusion::Host,
    ];

    /// The class's name in kebab case: `scheme`, `slash`, `backslash`, `url-encoded`, `host`.
    pub fn name(self) -> &'static str {
        match self {
            Confusion::Scheme => "scheme",
            Confusion::Slash => "slash",
            Confusion::Backslash => "backslash",
            Confusion::UrlEncoded => "url-encoded",
            Confusion::Host => "host",
        }
    }

    /// The shapes of the class; `GOOD`, `EVIL`, `PORT` and `USER` are filled in.
    fn shapes(self) -> &'static [&'static str] {
        match self {
            Confusion::Scheme => &[
                "GOOD/path",
                "//GOOD/path",
                "http:GOOD/path",
                "HTTP://GOOD/",
                "hTtP://GOOD/",
                " http://GOOD/",
                "ht\ttp://GOOD/",
                "http\n://GOOD/",
                "javascript://GOOD/%0aalert(1)",
                "javascript:alert(1)//GOOD",
                "data:text/html,GOOD",
                "1http://GOOD/",
                "+http://GOOD/",
                "http+unix://GOOD/",
                "http%3A//GOOD/",
                "http ://GOOD/",
                "https:GOOD",
                "file://GOOD/etc/passwd",
                "gopher://GOOD:70/_GET",
                "jar:http://GOOD!/x",
            ],
            Confusion::Slash => &[
                "http:/GOOD/",
                "http:GOOD/",
                "http:///GOOD/",
                "http:////GOOD/",
                "http://///GOOD/",
                "https:/GOOD/x",
                "///GOOD/",
                "////GOOD/",
                "/GOOD/",
                "http://GOOD//EVIL/",
                "http:/GOOD//EVIL",
                "https:///EVIL/GOOD",
            ],
            Confusion::Backslash => &[
                "http://EVIL\\@GOOD/",
                "http:\\\\GOOD\\path",
                "http:/\\GOOD/",
                "http:\\/GOOD/",
                "http://EVIL\\.GOOD/",
                "\\\\EVIL/",
                "/\\EVIL",
                "http://GOOD\\EVIL",
                "http://GOOD\\..\\x",
                "https://GOOD\\@EVIL/",
                "http:\\\\EVIL\\@GOOD",
            ],
            Confusion::UrlEncoded => &[
                "http://GOOD%2f@EVIL/",
                "http://EVIL%2eGOOD/",
                "http://%65EVIL/",
                "http://GOOD%40EVIL/",
                "http://GOOD%23@EVIL/",
                "http://GOOD/%2e%2e/%2e%2e/admin",
                "http://GOOD/a%2fb",
                "http://GOOD%3aPORT@EVIL/",
                "http://EVIL%252f@GOOD/",
                "http://GOOD%00.EVIL/",
                "http://GOOD%09/",
                "http://EVIL%E3%80%82GOOD/",
                "http%3a%2f%2fEVIL",
                "http://GOOD/%5c%5cEVIL",
            ],
            Confusion::Host => &[
                "http://GOOD@EVIL/",
                "http://GOOD:PORT@EVIL/",
                "http://EVIL#@GOOD/",
                "http://EVIL?@GOOD/",
                "http://USER@GOOD:PORT@EVIL/",
                "http://GOOD.EVIL/",
                "http://EVIL/GOOD",
                "http://EVIL;.GOOD/",
                "http://GOOD&@EVIL#@GOOD/",
                "http://[::1]@EVIL/",
                "http://EVIL:PORT:PORT/",
                "http://GOOD:PORT@EVIL:443/",
                "http://GOOD[EVIL]/",
                "http://EVIL@@GOOD/",
                "http://EVIL.GOOD./",
                "http://GOOD @EVIL/",
            ],
        }
    }
}

/// The attackers' hosts, local and metadata addresses among them.
const EVIL: &[&str] = &[
    "evil.example",
    "attacker.test",
    "127.0.0.1",
    "169.254.169.254",
    "internal.local",
    "localhost",
    "[::1]",
];

/// How often each variation of a shape is drawn, as (numerator, denominator): the scheme
/// recased, the plain tail dropped, a slash of the `//` a backslash. Each is drawn on its own,
/// so most inputs keep the shape's own spelling and some combine two variations.
const RECASE: (usize, usize) = (1, 5);
const CUT_TAIL: (usize, usize) = (1, 4);
const BACKSLASH_SLASH: (usize, usize) = (1, 8);

/// One shape of URL-confusion class `c`, its shape and hosts drawn from `u`, then its
/// variations (the module's doc: the scheme's case, the tail after the last host or port, a
/// backslash in the `//`); at most [`MAX_LEN`](super::MAX_LEN) bytes. The variations are
/// drawn after the shape and hosts, so an input drawn without any is the shape as listed.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::generate::{confusion, Confusion};
///
/// let s = confusion(&mut Unstructured::new(&[0; 8]), Confusion::Scheme);
/// assert!(!s.is_empty());
///
/// // Over many draws, some schemes come in another case and some inputs end in their host.
/// let drawn: Vec<String> = (0..300)
///     .map(|i| uridiff::generate::seeded(1, i))
///     .map(|b| confusion(&mut Unstructured::new(&b), Confusion::Host))
///     .map(|s| String::from_utf8_lossy(&s).into_owned())
///     .collect();
/// assert!(drawn.iter().any(|s| s.starts_with("HTTP:")));
/// assert!(drawn.iter().any(|s| !s.ends_with('/')));
/// ```
pub fn confusion(u: &mut Unstructured<'_>, c: Confusion) -> Vec<u8> {
    let mut shape = pick(u, c.shapes());
    let good = hostname(u);
    let evil = pick(u, EVIL);
    let port = pick(u, &["80", "443", "8080", "1"]);
    let user = pick(u, &["user", "admin", "a"]);
    let evil = if below(u, 4) == 0 {
        hostname(u)
    } else {
        evil.to_owned()
    };
    let recase = chance(u, RECASE.0, RECASE.1).then(|| draw_case(u));
    if chance(u, CUT_TAIL.0, CUT_TAIL.1) {
        shape = without_plain_tail(shape);
    }
    let backslash = chance(u, BACKSLASH_SLASH.0, BACKSLASH_SLASH.1).then(|| below(u, 3));
    let mut out = shape
        .replace("GOOD", &good)
        .replace("EVIL", &evil)
        .replace("PORT", port)
        .replace("USER", user)
        .into_bytes();
    if let Some(case) = recase {
        recase_scheme(&mut out, &case);
    }
    if let Some(which) = backslash {
        backslash_in_slashes(&mut out, which);
    }
    out.truncate(MAX_LEN);
    out
}

/// A case pattern for a scheme: per letter, whether it is uppercase (all of them, the first
/// only, or each drawn), as [`recase_scheme`] takes it; a pattern shorter than the scheme
/// repeats.
fn draw_case(u: &mut Unstructured<'_>) -> Vec<bool> {
    match below(u, 3) {
        0 => vec![true],
        1 => {
            let mut first = vec![true];
            first.extend([false; 15]);
            first
        }
        _ => (0..16).map(|_| chance(u, 1, 2)).collect(),
    }
}

/// The length of `s`'s scheme, if `s` starts with one followed by `:` (RFC 3986 section 3.1:
/// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`).
fn scheme_len(s: &[u8]) -> Option<usize> {
    let first = s.first()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let n = s
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
        .count();
    (s.get(n) == Some(&b':')).then_some(n)
}

/// Recases the letters of `s`'s scheme (if it has one) by `case`: letter `i` is uppercase
/// where `case[i % case.len()]` holds, lowercase otherwise.
fn recase_scheme(s: &mut [u8], case: &[bool]) {
    let Some(n) = scheme_len(s) else { return };
    for (i, b) in s.iter_mut().take(n).enumerate() {
        let upper = case.get(i % case.len().max(1)).copied().unwrap_or(false);
        *b = if upper {
            b.to_ascii_uppercase()
        } else {
            b.to_ascii_lowercase()
        };
    }
}

/// `shape` without the text after its last placeholder when that text is a path of plain
/// characters (`/` first, then unreserved characters and `/`): the authority, or the host of a
/// scheme-relative or path shape, then ends the string. A tail with anything else (a
/// backslash, `%`, `@`, `#`, `?`, `:`) is the shape's point and stays.
fn without_plain_tail(shape: &str) -> &str {
    let end = ["GOOD", "EVIL", "PORT", "USER"]
        .iter()
        .filter_map(|p| shape.rfind(p).map(|at| at + p.len()))
        .max();
    let Some(end) = end else { return shape };
    let tail = shape.get(end..).unwrap_or("");
    let plain = tail.starts_with('/')
        && tail
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'.' | b'_' | b'-' | b'~'));
    if plain {
        shape.get(..end).unwrap_or(shape)
    } else {
        shape
    }
}

/// Turns the first (`which` 0), the second (1) or both (2) slashes of the `//` that starts
/// `s`'s authority (after its scheme's `:`, or at its start) into backslashes; `s` without
/// such a `//` is left as it is.
fn backslash_in_slashes(s: &mut [u8], which: usize) {
    let at = scheme_len(s).map_or(0, |n| n + 1);
    if s.get(at..at + 2) != Some(b"//".as_slice()) {
        return;
    }
    for (k, b) in s.iter_mut().skip(at).take(2).enumerate() {
        if which == 2 || which == k {
            *b = b'\\';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::seeded;

    #[test]
    fn every_shape_holds_a_trusted_host_and_only_its_placeholders() {
        for c in Confusion::ALL {
            for shape in c.shapes() {
                assert!(shape.contains("GOOD") || shape.contains("EVIL"), "{shape}");
            }
            for i in 0..100 {
                let bytes = seeded(3, i);
                let s = String::from_utf8(confusion(&mut Unstructured::new(&bytes), c))
                    .unwrap_or_default();
                for placeholder in ["GOOD", "EVIL", "PORT", "USER"] {
                    assert!(!s.contains(placeholder), "{s}");
                }
            }
        }
    }

    #[test]
    fn each_class_has_its_mark() {
        for i in 0..100 {
            let bytes = seeded(8, i);
            let mut u = Unstructured::new(&bytes);
            let b = confusion(&mut u, Confusion::Backslash);
            assert!(b.contains(&b'\\'));
            let e = confusion(&mut u, Confusion::UrlEncoded);
            assert!(e.contains(&b'%'));
            // A host shape is an http URL whose scheme may be recased and a slash of whose `//`
            // may be a backslash.
            let h = String::from_utf8(confusion(&mut u, Confusion::Host)).unwrap_or_default();
            let lower = h.to_ascii_lowercase();
            let introducer = lower.get(5..7).unwrap_or("");
            assert!(lower.starts_with("http:"), "{h}");
            assert!(["//", "\\\\", "\\/", "/\\"].contains(&introducer), "{h}");
            let s = String::from_utf8(confusion(&mut u, Confusion::Slash)).unwrap_or_default();
            assert!(
                !s.contains("://") || s.contains(":///") || s.matches("//").count() > 1,
                "{s}"
            );
        }
    }

    #[test]
    fn shapes_vary_with_the_bytes() {
        for c in Confusion::ALL {
            let mut distinct = std::collections::BTreeSet::new();
            for i in 0..200 {
                let bytes = seeded(12, i);
                distinct.insert(confusion(&mut Unstructured::new(&bytes), c));
            }
            assert!(distinct.len() > 50, "{c:?}: {}", distinct.len());
        }
    }

    #[test]
    fn every_variation_is_drawn_over_a_corpus() {
        let (mut recased, mut cut, mut backslashed, mut plain) = (0, 0, 0, 0);
        for c in Confusion::ALL {
            for i in 0..400 {
                let bytes = seeded(21, i);
                let s = String::from_utf8(confusion(&mut Unstructured::new(&bytes), c))
                    .unwrap_or_default();
                let scheme = s.split(':').next().unwrap_or("");
                if scheme_len(s.as_bytes()).is_some()
                    && scheme.bytes().any(|b| b.is_ascii_uppercase())
                {
                    recased += 1;
                }
                if s.ends_with(|ch: char| ch.is_ascii_alphanumeric() || ch == '.') {
                    cut += 1;
                }
                if s.contains(":\\\\") || s.contains(":\\/") || s.contains(":/\\") {
                    backslashed += 1;
                }
                if s.starts_with("http://") && s.ends_with('/') {
                    plain += 1;
                }
            }
        }
        // Drawn without the variations, these 2,000 inputs hold 45 recased schemes (the
        // shapes `HTTP://` and `hTtP://`), 590 ending in a host or another plain character,
        // 153 with a backslash in the `//` and 846 `http://...` ending in `/`. The variations
        // must add many of the first three and leave many inputs as the shapes spell them.
        assert!(recased > 200, "recased {recased}");
        assert!(cut > 800, "ending in the host {cut}");
        assert!(backslashed > 220, "backslash in the slashes {backslashed}");
        assert!(plain > 300, "as listed {plain}");
    }

    #[test]
    fn an_attacker_s_variants_of_one_shape() {
        // The backslash shape `http://EVIL\@GOOD/` read by a parser that splits at `\` only
        // when nothing follows the host is found only if the tail can be dropped.
        assert_eq!(
            without_plain_tail("http://EVIL\\@GOOD/"),
            "http://EVIL\\@GOOD"
        );
        assert_eq!(without_plain_tail("file://GOOD/etc/passwd"), "file://GOOD");
        // A tail that is the shape's point stays.
        for kept in [
            "http://GOOD/%2e%2e/%2e%2e/admin",
            "http:\\\\GOOD\\path",
            "http://GOOD:PORT@EVIL:443/",
            "javascript:alert(1)//GOOD",
        ] {
            assert_eq!(without_plain_tail(kept), kept);
        }

        let mut s = b"http://a\\@b".to_vec();
        recase_scheme(&mut s, &[true]);
        assert_eq!(s, b"HTTP://a\\@b");
        recase_scheme(&mut s, &[false, true]);
        assert_eq!(s, b"hTtP://a\\@b");
        let mut none = b" http://a/".to_vec();
        recase_scheme(&mut none, &[true]);
        assert_eq!(
            none, b" http://a/",
            "no scheme at the start, nothing recased"
        );

        for (which, expected) in [(0, "http:\\/a/"), (1, "http:/\\a/"), (2, "http:\\\\a/")] {
            let mut s = b"http://a/".to_vec();
            backslash_in_slashes(&mut s, which);
            assert_eq!(String::from_utf8_lossy(&s), expected);
        }
        let mut relative = b"//a/".to_vec();
        backslash_in_slashes(&mut relative, 2);
        assert_eq!(relative, b"\\\\a/");
        let mut single = b"http:/a/".to_vec();
        backslash_in_slashes(&mut single, 2);
        assert_eq!(single, b"http:/a/", "no `//`, nothing turned");
    }

    #[test]
    fn the_variations_are_the_same_for_a_seed() {
        for c in Confusion::ALL {
            for i in 0..50 {
                let bytes = seeded(4, i);
                assert_eq!(
                    confusion(&mut Unstructured::new(&bytes), c),
                    confusion(&mut Unstructured::new(&bytes), c)
                );
            }
        }
    }
}
