//! Realistic URIs: the shapes that fill web logs, HTML and mail, as a synthetic corpus that is
//! the same for a seed everywhere (the benchmark corpus and a fifth of the report's
//! generated corpus).
//!
//! Every URI generated here is a valid RFC 3986 `URI` (the tests check each against impl):
//!
//! - `https` and `http` (about 80%): host names of a few labels, sometimes IPv4 or IPv6
//!   literals or `localhost`, sometimes userinfo and a port; paths of words, ids, file names and
//!   percent-encoded UTF-8; queries of `key=value` pairs; fragments;
//! - `mailto` (with a subject or a cc now and then), `urn` (isbn, uuid, ietf, oasis), `tel`
//!   (global and local numbers with parameters), `file` (Unix and Windows paths, a host now
//!   and then).

use arbitrary::Unstructured;

use super::{below, chance, int, pick, seeded};

const WORDS: &[&str] = &[
    "about", "account", "api", "archive", "assets", "blog", "cart", "catalog", "docs", "download",
    "en", "events", "faq", "help", "images", "img", "index", "item", "login", "news", "products",
    "profile", "search", "shop", "static", "support", "user", "v1", "v2", "video", "wiki",
];

const LABELS: &[&str] = &[
    "www", "api", "cdn", "mail", "static", "m", "shop", "news", "docs", "app", "img", "auth",
];

const DOMAINS: &[&str] = &[
    "example",
    "example-shop",
    "acme",
    "contoso",
    "northwind",
    "wikipedia",
    "openlibrary",
    "weather",
    "my-bank",
    "video-cdn",
    "photos",
    "university",
];

const TLDS: &[&str] = &[
    "com", "org", "net", "de", "fr", "co.uk", "io", "edu", "jp", "info",
];

const EXTENSIONS: &[&str] = &[
    ".html", ".php", ".json", ".png", ".jpg", ".pdf", ".js", ".css",
];

const KEYS: &[&str] = &[
    "q",
    "id",
    "page",
    "lang",
    "ref",
    "utm_source",
    "utm_medium",
    "sort",
    "limit",
    "offset",
    "token",
    "session",
    "redirect",
    "category",
];

/// Text that occurs percent-encoded in real URIs (spaces, UTF-8 letters, reserved characters).
const ENCODED: &[&str] = &[
    "%20",
    "caf%C3%A9",
    "M%C3%BCnchen",
    "%E6%97%A5%E6%9C%AC",
    "a%2Fb",
    "%3F",
    "%26",
    "50%25",
    "hello%20world",
    "%22quoted%22",
];

const IPV6: &[&str] = &[
    "[2001:db8::1]",
    "[::1]",
    "[fe80::a00:27ff:fe4e:66a1]",
    "[2001:db8:85a3:0:0:8a2e:370:7334]",
    "[2001:0db8:0000:0000:0000:ff00:0042:8329]",
    "[::ffff:192.0.2.128]",
    "[2606:4700:4700::1111]",
];

/// A URI split where the mutators and confusion shapes work on it. `host: None` means no
/// authority.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Parts {
    pub(crate) scheme: String,
    pub(crate) userinfo: Option<String>,
    pub(crate) host: Option<String>,
    pub(crate) port: Option<String>,
    pub(crate) path: String,
    pub(crate) query: Option<String>,
    pub(crate) fragment: Option<String>,
}

impl Parts {
    /// Section 5.3 of RFC 3986: the parts put back together.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut s = String::new();
        if !self.scheme.is_empty() {
            s.push_str(&self.scheme);
            s.push(':');
        }
        if let Some(host) = &self.host {
            s.push_str("//");
            if let Some(ui) = &self.userinfo {
                s.push_str(ui);
                s.push('@');
            }
            s.push_str(host);
            if let Some(p) = &self.port {
                s.push(':');
                s.push_str(p);
            }
        }
        s.push_str(&self.path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s.into_bytes()
    }
}

/// `n` realistic URIs for `seed`: URI number `i` is [`realistic_uri`] over
/// [`seeded(seed, i)`](super::seeded), so the corpus is the same on every machine and a shorter
/// one is a prefix of a longer one.
///
/// # Examples
///
/// ```
/// let uris = uridiff::generate::realistic(1, 1000);
/// assert_eq!(uris.len(), 1000);
/// assert!(uris.iter().any(|u| u.starts_with(b"https://")));
/// assert!(uris.iter().any(|u| u.starts_with(b"mailto:")));
/// assert_eq!(uris[..10], uridiff::generate::realistic(1, 10)[..]);
/// ```
pub fn realistic(seed: u64, n: usize) -> Vec<Vec<u8>> {
    (0..n)
        .map(|i| realistic_uri(&mut Unstructured::new(&seeded(seed, i as u64))))
        .collect()
}

/// One realistic URI, its choices drawn from `u`.
///
/// # Examples
///
/// ```
/// use arbitrary::Unstructured;
///
/// let uri = uridiff::generate::realistic_uri(&mut Unstructured::new(&[7; 64]));
/// assert!(uri_spec::parse(&uri).is_ok());
/// ```
pub fn realistic_uri(u: &mut Unstructured<'_>) -> Vec<u8> {
    match below(u, 100) {
        0..=79 => web(u).to_bytes(),
        80..=85 => mailto(u).into_bytes(),
        86..=90 => urn(u).into_bytes(),
        91..=94 => tel(u).into_bytes(),
        _ => file(u).into_bytes(),
    }
}

/// An `http` or `https` URI in parts.
pub(crate) fn web(u: &mut Unstructured<'_>) -> Parts {
    let scheme = if chance(u, 3, 5) { "https" } else { "http" }.to_owned();
    let userinfo = chance(u, 1, 20).then(|| {
        let user = pick(
            u,
            &["user", "admin", "alice", "bob.smith", "guest", "j%40doe"],
        );
        if chance(u, 1, 2) {
            format!("{user}:{}", pick(u, &["secret", "p%40ss", "x", ""]))
        } else {
            user.to_owned()
        }
    });
    let host = Some(host(u));
    let port = chance(u, 3, 20).then(|| {
        pick(
            u,
            &[
                "8080", "8443", "3000", "80", "443", "8000", "5000", "9090", "",
            ],
        )
        .to_owned()
    });
    let mut path = String::new();
    for _ in 0..below(u, 7) {
        path.push('/');
        path.push_str(&segment(u));
    }
    if chance(u, 1, 4) {
        path.push('/');
    }
    let query = chance(u, 2, 5).then(|| query(u));
    let fragment = chance(u, 1, 10).then(|| {
        pick(
            u,
            &[
                "top",
                "section-2",
                "comments",
                "",
                "!/inbox",
                "L10-L20",
                "%C3%A9t%C3%A9",
            ],
        )
        .to_owned()
    });
    Parts {
        scheme,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    }
}

/// A host: mostly a registered name, sometimes an IP literal or `localhost`.
pub(crate) fn host(u: &mut Unstructured<'_>) -> String {
    match below(u, 20) {
        0..=15 => hostname(u),
        16 | 17 => format!(
            "{}.{}.{}.{}",
            int(u, 1, 223),
            int(u, 0, 255),
            int(u, 0, 255),
            int(u, 1, 254)
        ),
        18 => pick(u, IPV6).to_owned(),
        _ => "localhost".to_owned(),
    }
}

/// A registered name: an optional label, a domain and a top-level domain.
pub(crate) fn hostname(u: &mut Unstructured<'_>) -> String {
    let mut h = String::new();
    if chance(u, 2, 3) {
        h.push_str(pick(u, LABELS));
        h.push('.');
    }
    h.push_str(pick(u, DOMAINS));
    h.push('.');
    h.push_str(pick(u, TLDS));
    h
}

fn segment(u: &mut Unstructured<'_>) -> String {
    match below(u, 10) {
        0..=4 => pick(u, WORDS).to_owned(),
        5 => int(u, 1, 999_999).to_string(),
        6 => format!("{}{}", pick(u, WORDS), pick(u, EXTENSIONS)),
        7 => pick(u, ENCODED).to_owned(),
        8 => format!("{}-{}", pick(u, WORDS), int(u, 1, 99)),
        _ => format!("{}~{}", pick(u, &["", "user"]), pick(u, WORDS)),
    }
}

fn query(u: &mut Unstructured<'_>) -> String {
    let pairs = 1 + below(u, 5);
    let mut q = String::new();
    for i in 0..pairs {
        if i > 0 {
            q.push('&');
        }
        q.push_str(pick(u, KEYS));
        q.push('=');
        match below(u, 6) {
            0 | 1 => q.push_str(pick(u, WORDS)),
            2 => q.push_str(&int(u, 0, 100_000).to_string()),
            3 => q.push_str(pick(u, ENCODED)),
            4 => q.push_str("https%3A%2F%2Fexample.com%2Fback"),
            _ => q.push_str(&format!("{}+{}", pick(u, WORDS), pick(u, WORDS))),
        }
    }
    q
}

pub(crate) fn mailto(u: &mut Unstructured<'_>) -> String {
    let user = pick(
        u,
        &[
            "info",
            "john.doe",
            "support",
            "a.b+tag",
            "%22odd%22",
            "sales",
        ],
    );
    let mut s = format!("mailto:{user}@{}", hostname(u));
    match below(u, 4) {
        0 => s.push_str("?subject=Hello%20there"),
        1 => s.push_str(&format!("?cc=boss@{}&body=see%20below", hostname(u))),
        _ => {}
    }
    s
}

pub(crate) fn urn(u: &mut Unstructured<'_>) -> String {
    match below(u, 4) {
        0 => format!("urn:isbn:{}", int(u, 100_000_000, 999_999_999)),
        1 => format!(
            "urn:uuid:{:08x}-{:04x}-4{:03x}-a{:03x}-{:08x}{:04x}",
            int(u, 0, u32::MAX),
            int(u, 0, 0xffff),
            int(u, 0, 0xfff),
            int(u, 0, 0xfff),
            int(u, 0, u32::MAX),
            int(u, 0, 0xffff)
        ),
        2 => format!("urn:ietf:rfc:{}", int(u, 1, 9999)),
        _ => format!(
            "urn:oasis:names:specification:docbook:dtd:xml:4.{}",
            int(u, 1, 5)
        ),
    }
}

pub(crate) fn tel(u: &mut Unstructured<'_>) -> String {
    match below(u, 3) {
        0 => format!("tel:+1-{}-555-{:04}", int(u, 201, 989), int(u, 0, 9999)),
        1 => format!("tel:+33{}", int(u, 100_000_000, 999_999_999)),
        _ => format!("tel:{};phone-context=example.com", int(u, 1000, 9999)),
    }
}

fn file(u: &mut Unstructured<'_>) -> String {
    match below(u, 4) {
        0 => format!(
            "file:///home/{}/{}.txt",
            pick(u, &["alice", "bob"]),
            pick(u, WORDS)
        ),
        1 => format!(
            "file:///C:/Users/{}/Documents/{}.pdf",
            pick(u, &["alice", "Bob"]),
            pick(u, WORDS)
        ),
        2 => format!("file://fileserver/share/{}", pick(u, WORDS)),
        _ => format!(
            "file:///tmp/{}%20copy{}",
            pick(u, WORDS),
            pick(u, EXTENSIONS)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uri_spec::{Parser, Rule};

    #[test]
    fn every_realistic_uri_is_a_valid_rfc3986_uri() {
        for (i, uri) in realistic(3, 5000).iter().enumerate() {
            let parsed = Parser::new().rule(Rule::Uri).parse(uri);
            assert!(parsed.is_ok(), "{i}: {:?}", String::from_utf8_lossy(uri));
        }
    }

    #[test]
    fn the_corpus_has_every_listed_shape() {
        let uris: Vec<String> = realistic(11, 5000)
            .into_iter()
            .map(|u| String::from_utf8(u).unwrap_or_default())
            .collect();
        let has = |f: &dyn Fn(&str) -> bool| uris.iter().filter(|u| f(u)).count();
        type Shape<'a> = (&'a str, &'a dyn Fn(&str) -> bool);
        let shapes: &[Shape<'_>] = &[
            ("https", &|u| u.starts_with("https://")),
            ("http", &|u| u.starts_with("http://")),
            ("mailto", &|u| u.starts_with("mailto:")),
            ("urn", &|u| u.starts_with("urn:")),
            ("tel", &|u| u.starts_with("tel:")),
            ("file", &|u| u.starts_with("file:")),
            ("userinfo", &|u| u.starts_with("http") && u.contains('@')),
            ("port", &|u| u.contains(":8080") || u.contains(":443")),
            ("ipv6", &|u| u.contains("//[")),
            ("ipv4", &|u| {
                u.split("//")
                    .nth(1)
                    .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            }),
            ("query", &|u| u.contains('?')),
            ("fragment", &|u| u.contains('#')),
            ("percent", &|u| u.contains('%')),
        ];
        for (name, f) in shapes {
            assert!(has(f) >= 5, "{name}: {}", has(f));
        }
    }

    #[test]
    fn realistic_is_deterministic_and_bounded() {
        let a = realistic(5, 2000);
        assert_eq!(a, realistic(5, 2000));
        assert!(a.iter().all(|u| u.len() < 400));
        let mut distinct = a.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() > 1900, "{}", distinct.len());
    }
}
