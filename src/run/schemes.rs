//! Which parsers handle which schemes, for the URL-confusion classes: a library made for http
//! URLs takes part only in inputs whose scheme it is made for (it is not confused on `mailto:`),
//! and one that reads a scheme-less input as an http URL takes part in those with a note saying
//! so (its host there is its own convention, not a second reading of one URL). Each parser's
//! card says which it handles ([`crate::parsers::Card::schemes`]), citing the library's
//! documentation; a parser without a card handles every scheme. The input's scheme is read as
//! the URL Standard's basic URL parser would find it (leading C0 controls and spaces stripped,
//! tabs and newlines removed) with RFC 3986 section 3.1's syntax.

pub use crate::parsers::Schemes;

/// Whether browsers fetch a URL of `scheme` over the network (the URL Standard's special
/// schemes but `file`, which is local, and `ftp`, which the Fetch Standard's "scheme fetch" no
/// longer fetches): where a check and a fetch, or a redirect, can read two hosts.
///
/// ```
/// use uridiff::run::fetched;
/// assert!(fetched(Some("https")) && !fetched(Some("ftp")) && !fetched(None));
/// ```
pub fn fetched(scheme: Option<&str>) -> bool {
    matches!(scheme, Some("http" | "https" | "ws" | "wss"))
}

/// The note on a group of parsers that read a scheme-less input as http.
pub const SCHEME_LESS_NOTE: &str = "reads the scheme-less input as http";

/// The schemes `parser` handles: its card's [`crate::parsers::Card::schemes`], each citing the
/// library's documentation; any for a parser without a card (a worker of the command line).
///
/// ```
/// use uridiff::run::{schemes_of, Schemes};
/// assert_eq!(schemes_of("java-okhttp"), Schemes::Http { scheme_less: false });
/// assert_eq!(schemes_of("go-net-url"), Schemes::Any);
/// ```
pub fn schemes_of(parser: &str) -> Schemes {
    crate::parsers::card(parser).map_or(Schemes::Any, |c| c.schemes)
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
    let mut scheme = String::new();
    for &b in crate::engine::octets::c0_space_trimmed_start(input)
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

/// The scheme `input` writes at its first byte (RFC 3986 3.1, nothing stripped), lowercase, or
/// `None`: as a library that reads no URL Standard steps finds it.
///
/// ```
/// use uridiff::run::written_scheme;
/// assert_eq!(written_scheme(b"HTTP://a/").as_deref(), Some("http"));
/// assert_eq!(written_scheme(b"\x01http:x"), None);
/// assert_eq!(written_scheme(b"ht\ttp:x"), None);
/// ```
pub fn written_scheme(input: &[u8]) -> Option<String> {
    let end = crate::engine::octets::scheme_colon(input)?;
    Some(String::from_utf8_lossy(&input[..end]).to_ascii_lowercase())
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
    takes_part_by(schemes_of(parser), scheme)
}

/// [`takes_part`] for a parser of `schemes`.
fn takes_part_by(schemes: Schemes, scheme: Option<&str>) -> Option<Option<&'static str>> {
    match (schemes, scheme) {
        (Schemes::Any, _) => Some(None),
        (Schemes::Http { .. }, Some(s)) if fetched(Some(s)) => Some(None),
        (Schemes::Http { scheme_less: true }, None) => Some(Some(SCHEME_LESS_NOTE)),
        (Schemes::Http { .. }, _) => None,
    }
}

/// Whether `parser` takes part in `input`, and with which note: [`takes_part`] with the
/// input's scheme as the parser finds it, [`written_scheme`] for a library that reads a
/// scheme-less input as http (it reads no URL Standard steps: `\x01http:[::]` is scheme-less to
/// libwget, which fills in `http` and reads the host `\x01http`), [`input_scheme`] for the
/// others.
///
/// ```
/// use uridiff::run::{takes_part_in, SCHEME_LESS_NOTE};
/// assert_eq!(takes_part_in("c-libwget", b"\x01http:[::]"), Some(Some(SCHEME_LESS_NOTE)));
/// assert_eq!(takes_part_in("c-libwget", b"http:[::]"), Some(None));
/// assert_eq!(takes_part_in("java-okhttp", b"\x01http:[::]"), Some(None));
/// ```
pub fn takes_part_in(parser: &str, input: &[u8]) -> Option<Option<&'static str>> {
    let schemes = schemes_of(parser);
    let scheme = match schemes {
        // Any scheme will do: none need be read.
        Schemes::Any => return Some(None),
        Schemes::Http { scheme_less: true } => written_scheme(input),
        Schemes::Http { .. } => input_scheme(input),
    };
    takes_part_by(schemes, scheme.as_deref())
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
