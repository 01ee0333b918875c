//! Which parsers handle which schemes, for the URL-confusion classes: a library made for http
//! URLs takes part only in inputs whose scheme it is made for (it is not confused on `mailto:`),
//! and one that reads a scheme-less input as an http URL takes part in those with a note saying
//! so (its host there is its own convention, not a second reading of one URL). One table, keyed
//! by parser name, each entry citing the library's documentation; a parser not in it handles
//! every scheme. The input's scheme is read as the URL Standard's basic URL parser would find
//! it (leading C0 controls and spaces stripped, tabs and newlines removed) with RFC 3986
//! section 3.1's syntax.

/// The schemes a parser takes part for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schemes {
    /// Every scheme.
    Any,
    /// `http`, `https`, `ws` and `wss` only. `scheme_less`: whether it reads an input without a
    /// scheme as an http URL (it takes part, with a note) or takes no part in it.
    Http {
        /// Reads a scheme-less input as http.
        scheme_less: bool,
    },
}

/// The note on a group of parsers that read a scheme-less input as http.
pub const SCHEME_LESS_NOTE: &str = "reads the scheme-less input as http";

/// The parsers that do not handle every scheme (every other parser does).
pub const HANDLING: &[(&str, Schemes)] = &[
    // http::Uri is the request target of an HTTP request line (RFC 9112 section 3.2,
    // https://docs.rs/http/latest/http/uri/struct.Uri.html): a text without "/" and without
    // "://" is its authority form, `host:port`, so `%` or `a` is read as an http authority.
    ("http", Schemes::Http { scheme_less: true }),
    // urllib3.util.parse_url parses URLs for urllib3's HTTP pool managers; "a text without a
    // scheme is read as an authority first"
    // (https://urllib3.readthedocs.io/en/stable/reference/urllib3.util.html#urllib3.util.parse_url).
    ("python-urllib3", Schemes::Http { scheme_less: true }),
    // libwget's wget_iri_parse knows http and https, and puts "http://" before an input
    // without a scheme
    // (https://gnuwget.gitlab.io/wget2/reference/group__libwget-iri.html).
    ("c-libwget", Schemes::Http { scheme_less: true }),
    // OkHttp's HttpUrl is "a uniform resource locator (URL) with a scheme of either http or
    // https" and HttpUrl.parse returns null without one
    // (https://square.github.io/okhttp/5.x/okhttp/okhttp3/-http-url/index.html).
    ("java-okhttp", Schemes::Http { scheme_less: false }),
    // curl's URL API defaults a scheme only with CURLU_DEFAULT_SCHEME or CURLU_GUESS_SCHEME
    // (https://curl.se/libcurl/c/curl_url_set.html); the worker sets neither and sets
    // CURLU_NON_SUPPORT_SCHEME, so it takes every scheme and no scheme-less input.
    ("curl-url", Schemes::Any),
];

/// The schemes `parser` handles ([`HANDLING`]; any when it is not listed).
///
/// ```
/// use uridiff::run::{schemes_of, Schemes};
/// assert_eq!(schemes_of("java-okhttp"), Schemes::Http { scheme_less: false });
/// assert_eq!(schemes_of("go-net-url"), Schemes::Any);
/// ```
pub fn schemes_of(parser: &str) -> Schemes {
    HANDLING
        .iter()
        .find(|(name, _)| *name == parser)
        .map_or(Schemes::Any, |(_, s)| *s)
}

/// The scheme of `input`, lowercase, or `None` for a scheme-less input (a relative reference):
/// leading C0 controls and spaces stripped and tabs and newlines removed (the URL Standard's
/// basic URL parser), then RFC 3986 section 3.1's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
/// before a ":".
///
/// ```
/// use uridiff::run::input_scheme;
/// assert_eq!(input_scheme(b"HTTP://a/").as_deref(), Some("http"));
/// assert_eq!(input_scheme(b"\x01 ht\ttp:x").as_deref(), Some("http"));
/// assert_eq!(input_scheme(b"%"), None);
/// assert_eq!(input_scheme(b"1a:b"), None);
/// ```
pub fn input_scheme(input: &[u8]) -> Option<String> {
    let start = input.iter().position(|&b| b > b' ')?;
    let mut scheme = String::new();
    for &b in input[start..]
        .iter()
        .filter(|&&b| !matches!(b, b'\t' | b'\n' | b'\r'))
    {
        match b {
            b':' if !scheme.is_empty() => return Some(scheme),
            b'a'..=b'z' | b'A'..=b'Z' => scheme.push(b.to_ascii_lowercase() as char),
            b'0'..=b'9' | b'+' | b'-' | b'.' if !scheme.is_empty() => scheme.push(b as char),
            _ => return None,
        }
    }
    None
}

/// Whether `parser` takes part in an input of scheme `scheme` (`None`: scheme-less), and with
/// which note.
///
/// ```
/// use uridiff::run::takes_part;
/// assert_eq!(takes_part("java-okhttp", Some("mailto")), None);
/// assert_eq!(takes_part("java-okhttp", Some("https")), Some(None));
/// assert_eq!(takes_part("http", None), Some(Some(uridiff::run::SCHEME_LESS_NOTE)));
/// assert_eq!(takes_part("url", Some("mailto")), Some(None));
/// ```
pub fn takes_part(parser: &str, scheme: Option<&str>) -> Option<Option<&'static str>> {
    match (schemes_of(parser), scheme) {
        (Schemes::Any, _) => Some(None),
        (Schemes::Http { .. }, Some("http" | "https" | "ws" | "wss")) => Some(None),
        (Schemes::Http { scheme_less: true }, None) => Some(Some(SCHEME_LESS_NOTE)),
        (Schemes::Http { .. }, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn http_libraries_take_part_only_in_http_inputs() {
        for s in ["http", "https", "ws", "wss"] {
            assert_eq!(takes_part("python-urllib3", Some(s)), Some(None));
        }
        for s in ["mailto", "ftp", "file", "q"] {
            assert_eq!(takes_part("python-urllib3", Some(s)), None, "{s}");
            assert_eq!(takes_part("http", Some(s)), None, "{s}");
            assert_eq!(takes_part("curl-url", Some(s)), Some(None), "{s}");
        }
        assert_eq!(takes_part("java-okhttp", None), None);
        assert_eq!(takes_part("c-libwget", None), Some(Some(SCHEME_LESS_NOTE)));
        assert_eq!(takes_part("ada-url", None), Some(None));
    }

    #[test]
    fn every_entry_names_a_shipped_or_builtin_parser_once() {
        let mut names: Vec<&str> = HANDLING.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before, "a parser listed twice");
        let known: Vec<String> = crate::parsers::workers()
            .map(|s| s.name.to_owned())
            .chain(
                crate::subjects::in_process()
                    .iter()
                    .map(|s| s.info().name.clone()),
            )
            .collect();
        for n in names {
            assert!(known.iter().any(|k| k == n), "{n} is no parser");
        }
    }

    #[test]
    fn the_scheme_is_read_as_a_browser_finds_it() {
        assert_eq!(
            input_scheme(b"  JavaScript:alert(1)").as_deref(),
            Some("javascript")
        );
        assert_eq!(input_scheme(b"//a/b"), None);
        assert_eq!(input_scheme(b"a"), None);
        assert_eq!(input_scheme(b":a"), None);
        assert_eq!(input_scheme(b"svn+ssh:x").as_deref(), Some("svn+ssh"));
    }
}
