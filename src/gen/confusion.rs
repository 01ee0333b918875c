//! Shapes of the five URL-confusion classes of the public studies of URL parsing differences
//! (scheme confusion, slash confusion, backslash confusion, URL-encoded data confusion and host
//! confusion), each input tagged with its class, for the report's "URL confusion" section
//! and for the fuzz targets.
//!
//! Each shape puts a trusted host (`GOOD`, a realistic name) and an attacker's host (`EVIL`)
//! into one string so that two parsers which split it differently send a request, or apply a
//! filter, to different hosts.

use arbitrary::Unstructured;

use super::realistic::hostname;
use super::{below, pick, MAX_LEN};

/// A URL-confusion class.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::gen::{confusion, Confusion};
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

/// One shape of URL-confusion class `c`, its shape and hosts drawn from `u`; at most
/// [`MAX_LEN`](super::MAX_LEN) bytes.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
/// use uridiff::gen::{confusion, Confusion};
///
/// let s = confusion(&mut Unstructured::new(&[0; 8]), Confusion::Scheme);
/// assert!(!s.is_empty());
/// ```
pub fn confusion(u: &mut Unstructured<'_>, c: Confusion) -> Vec<u8> {
    let shape = pick(u, c.shapes());
    let good = hostname(u);
    let evil = pick(u, EVIL);
    let port = pick(u, &["80", "443", "8080", "1"]);
    let user = pick(u, &["user", "admin", "a"]);
    let evil = if below(u, 4) == 0 {
        hostname(u)
    } else {
        evil.to_owned()
    };
    let mut out = shape
        .replace("GOOD", &good)
        .replace("EVIL", &evil)
        .replace("PORT", port)
        .replace("USER", user)
        .into_bytes();
    out.truncate(MAX_LEN);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gen::seeded;

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
            let h = String::from_utf8(confusion(&mut u, Confusion::Host)).unwrap_or_default();
            assert!(h.starts_with("http://"), "{h}");
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
}
